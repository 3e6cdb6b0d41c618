"""A review's estimates in words that say what they rest on (found in a browser review:
"its estimates: 0 % to win after it, 0 % after the move played" beside a chart at 37 %
read like a bug). Each estimate says how many playouts it rests on (as many for both
moves where the search gave them the same, both counts where it did not, one where it
did not search the move played), and where its playouts play the game to its end, the
player's mean final score after each move: "neither won, but the bot's move ended 10
points better". A review kept from before says what it has and nothing more.

The review is a fixed one served in place of the server's (the real one, worked out by
the server's bots, is tests/e2e/test_review.py's), so the words are checked exactly, in
three languages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at

pytestmark = BROWSER


def _item(move: int, **given: Any) -> dict[str, Any]:
    bot = {"words": {"text": "buy 1 beer"}, "win": 0.0, "same": False, **given.pop("bot", {})}
    return {"move": move, "turn": 12, "before": 0.37, "after": 0.33, "drop": 0.04,
            "played": {"words": {"text": "buy 1 pastry"}}, "bot": bot, **given}


REVIEW = {
    "game": "norenberc", "players": 3, "names": ["Ann", "Bob", "Cy"], "moves": 100,
    "method": {"chances": "learned", "bot": "mcts:2.2s", "seconds": 2.2},
    "chances": [{"move": -1, "seat": -1, "chances": [0.34, 0.33, 0.33]},
                {"move": 70, "seat": 0, "chances": [0.33, 0.4, 0.27]},
                {"move": 99, "seat": 2, "chances": [0.0, 1.0, 0.0]}],
    "seats": [
        # the rollout search: the move played kept in the race, the playouts to the end
        {"seat": 0, "name": "Ann", "won": 0.0, "worst": [
            _item(70, bot={"playouts": 4, "score": 29.0}, played_win=0.0, played_playouts=4, played_score=19.5)]},
        # a tree search (as many visits as it gave each move, no final scores); a review kept from before
        {"seat": 1, "name": "Bob", "won": 1.0, "worst": [
            _item(71, bot={"win": 0.62, "playouts": 40, "score": None}, played_win=0.55, played_playouts=7,
                  played_score=None),
            _item(72, bot={"win": 0.5}, played_win=0.25)]},
        # the move played not searched; then a move the search rated no higher than the move played
        {"seat": 2, "name": "Cy", "won": 0.0, "worst": [
            _item(73, bot={"win": 0.3, "playouts": 21, "score": None}, played_win=None, played_playouts=None,
                  played_score=None),
            _item(74, bot={"win": 0.08, "playouts": 12, "score": 19.6, "better": False}, played_win=0.17,
                  played_playouts=12, played_score=25.3)]},
    ],
}

SAID = {
    "en": {0: ["(its estimates: 0 % to win after it, 0 % after the move played). Each estimate rests on 4 playouts. "
               "Your final score in those playouts: on average 29 after the bot's move, 19.5 after the move played."],
           1: ["(its estimates: 62 % to win after it, 55 % after the move played). "
               "The estimates rest on 40 and 7 playouts.",
               "(its estimates: 50 % to win after it, 25 % after the move played)."],
           2: ["it did not search the move played). That estimate rests on 21 playouts.",
               "The bot found no better move: its search rates the move played at least as high as its own choice, "
               "buy 1 beer (its estimates: 8 % to win after it, 17 % after the move played)."]},
    "de": {0: ["Jede Schätzung beruht auf 4 Simulationen. Dein Endstand in diesen Simulationen: im Schnitt 29 nach "
               "dem Zug des Bots, 19,5 nach dem gespielten Zug."],
           1: ["Die Schätzungen beruhen auf 40 und 7 Simulationen."],
           2: ["Diese Schätzung beruht auf 21 Simulationen.", "Der Bot fand keinen besseren Zug: "]},
    "ru": {0: ["Каждая оценка основана на 4 симуляциях. Ваш итоговый счёт в этих симуляциях: в среднем 29 после "
               "хода бота, 19,5 после сыгранного хода."],
           1: ["Оценки основаны соответственно на 40 и 7 симуляциях."],
           2: ["Эта оценка основана на 21 симуляции.", "Бот не нашёл хода лучше: "]},
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_each_estimate_says_what_it_rests_on(server: Server, pages: Pages, lang: str) -> None:
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    page.route("**/api/tables/*/review", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(REVIEW)))
    open_as(page, server.base, made, lang=lang, path="/review")
    page.wait_for_selector("section.costly p.better")
    for seat, lines in SAID[lang].items():
        said = page.locator(f"section.costly[data-seat='{seat}'] p.better").all_inner_texts()
        for line in lines:
            assert any(line in text for text in said), (line, said)
    legacy = page.locator("section.costly[data-seat='1'] p.better").all_inner_texts()[1]
    assert legacy.endswith(")."), legacy   # kept from before: no count, no score, nothing made up
    if lang == "en":
        assert "Bob's final score" not in " ".join(page.locator("p.better").all_inner_texts())
        pages.shot(page, "review-estimates")
