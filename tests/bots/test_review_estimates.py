"""A review's estimates read as what they are (found in a browser review: "its estimates:
0 % to win after it, 0 % after the move played" beside a chart at 37 %): the Norenberc
rollout search raced the move played out after 4 playouts, 0 of which it won. Now the
move played stays in the race, so it and the bot's move rest on as many playouts, each
estimate says how many, and where the playouts play the game to its end, the player's
mean final score after each move says which ends better where neither often wins."""

import random

import pytest

from reichsstadt.bots import make_bot, rollout
from reichsstadt.bots.mcts import MCTSBot
from reichsstadt.bots.review import review
from reichsstadt.core import CHANCE, Match, Seat


def _finished(game_id, players, seed):
    match = Match(game_id, players, seed, names=["Ann", "Bob", "Cy", "Di"][:players])
    match.run({s: make_bot("greedy", s, game_id) for s in range(players)})
    return match.record


def _norenberc_choices(count):
    """Norenberc positions of the actions phase (a guild called: a hire, a sale, a
    purchase to choose), each with its seat."""
    match = Match("norenberc", 3, 11, recording=False)
    bots = {s: make_bot("greedy", s, "norenberc") for s in range(3)}
    found = []
    while match.state.to_act() and len(found) < count:
        seat = match.state.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
            continue
        legal = match.state.legal(seat)
        if len(legal) > 3 and match.state.view(seat)["phase"] == "actions" and match.decisions % 5 == 0:
            found.append((match.state.clone(), seat))
        match.play(seat, bots[seat].act(match.seat(seat)))
    return found


def test_the_move_a_review_asks_about_is_never_raced_out():
    """The move played (`also`) gets every round of playouts the heuristic's move gets,
    however badly it does: its estimate is never a share of the first 4 playouts."""
    bot = MCTSBot(iterations=1)
    chosen, aids = bot._game("norenberc")
    bot._setup("norenberc")
    r = bot._rollouts
    assert r is not None and chosen.search == "rollout"
    kept = 0
    for state, seat in _norenberc_choices(4):
        view = Seat(state, seat)
        guess, pool = rollout.candidates(view, view.legal(), r, random.Random(1))
        worst = min((a for a in view.legal() if a is not guess), key=lambda a: _played_out(state, seat, a, r))
        _, found, _ = rollout.search(view, r, random.Random(2), lambda n: n < 60, state.clone(), also=worst)
        asked = next(f for f in found if f.action is worst)
        assert asked.n == found[0].n >= 60 // len(found), [(f.action.type, f.n) for f in found]
        kept += asked.wins < found[0].wins or asked.total < found[0].total
    assert kept, "no move asked about did worse than the heuristic's: nothing was at stake"


def _played_out(state, seat, action, r):
    """One playout's reward of a move (to pick a bad one to ask about)."""
    s = state.clone()
    s.apply(seat, action)
    return rollout.play_to_horizon(s, seat, r, random.Random(0))[0]


def test_a_norenberc_review_gives_both_moves_as_many_playouts_and_their_final_scores():
    out = review(_finished("norenberc", 3, seed=4), iterations=40, worst=1)
    items = [w for s in out["seats"] for w in s["worst"]]
    for w in items:
        assert w["bot"]["playouts"] >= 4 and w["played_playouts"] == w["bot"]["playouts"], w
        assert isinstance(w["bot"]["score"], float) and isinstance(w["played_score"], float), w
        if w["bot"]["same"]:
            assert w["played_score"] == w["bot"]["score"]


@pytest.mark.parametrize("game_id", ["siedler", "colonia"])
def test_a_tree_search_review_counts_playouts_but_gives_no_final_scores(game_id):
    """The tree search cuts its playouts off (the evaluation judges the rest): no final
    score to average, and its visits differ from move to move (as its estimates say)."""
    out = review(_finished(game_id, 3, seed=4), iterations=60)
    items = [w for s in out["seats"] for w in s["worst"]]
    assert items
    for w in items:
        assert w["bot"]["score"] is None and w["played_score"] is None
        assert 1 <= w["bot"]["playouts"] <= 60 and (w["played_win"] is None) == (w["played_playouts"] is None)


def test_a_bot_move_its_own_search_rates_no_higher_is_not_given_as_advice():
    """A browser review listed "the bot would have played X (8 % to win after it, 17 %
    after the move played)": the rollout search rated the move played higher, yet kept
    the heuristic's move (its confidence gate). Such a move is said as no better move
    found, in the review's data, on the web page's words and in the terminal."""
    from reichsstadt.arena.commands import _instead
    from reichsstadt.core import Message
    from reichsstadt.i18n import render

    m = Match("norenberc", 3, 1, names=["Ann", "Bob", "Cy"])
    m.run({s: make_bot("random", s) for s in range(3)})
    out = review(m.record, iterations=40)
    items = [w for s in out["seats"] for w in s["worst"]]
    assert all((w["bot"]["better"] is None) == (w["bot"]["same"] or w["played_win"] is None) for w in items)
    kept = [w for w in items if w["bot"]["better"] is False]
    assert kept, "no move in this game whose searched alternative the search did not rate higher"
    w = kept[0]
    line = _instead(w, 0, lambda msgid, **args: render(Message(msgid, **args), "en", out["names"]))
    assert line.startswith("the bot found no better move: its search rates the move played at least as high as its "
                           f"own choice, {w['bot']['text']} (its estimates: "), line
    assert "would have played" not in line
