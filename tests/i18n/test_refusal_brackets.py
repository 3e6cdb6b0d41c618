"""A refusal's words never nest brackets, nor set two side by side: the core once framed a
game's reason in brackets ("du kannst jetzt nicht: 1 Bier zahlen (…)"), so a reason with
brackets of its own read "(nicht jetzt: … (Kostenloser Lehm, 8.3))", and a move ending in
a bracket met the reason's: "(Bonus 1 Taler) (…)". Now the reason follows a label
("… Grund: …"), and no move nor reason carries two brackets in a row. Over the illegal
moves of random positions in all three games, for the seat to act and for the others, no
refusal in any language nests brackets or sets them side by side, and every rulebook
section the English words cite ("8.3") is cited in the other languages too."""

from __future__ import annotations

import random
import re

import pytest

from reichsstadt.core import CHANCE, Message, game
from reichsstadt.i18n import render

LANGS = ("en", "de", "fr", "it", "ru")
GAMES = ("norenberc", "colonia", "siedler")
SIDE_BY_SIDE = re.compile(r"\)\s*\(")
SECTION = re.compile(r"\b\d+(?:\.\d+)+\b")  # a rulebook section: 5.2.2.2, 8.3


def nested(text: str) -> bool:
    """True if a bracket opens inside another one."""
    depth = 0
    for c in text:
        if c == "(":
            depth += 1
            if depth > 1:
                return True
        elif c == ")":
            depth = max(depth - 1, 0)
    return False


def side_by_side(text: str) -> bool:
    """True if a bracket closes and the next opens with only blanks between: "(a) (b)"."""
    return SIDE_BY_SIDE.search(text) is not None


def test_nested_finds_a_bracket_in_a_bracket() -> None:
    assert nested("a (b (c) d)") and nested("x ((y))")
    assert not nested("a (b) (c)") and not nested("a (b) c")


def test_side_by_side_finds_two_brackets_in_a_row() -> None:
    assert side_by_side("a (b) (c)") and side_by_side("a (b)(c)")
    assert not side_by_side("a (b), (c)") and not side_by_side("a (b (c))") and not side_by_side("a (b). Grund: c")


def _refusals(gid: str, seed: int) -> list[tuple[Message | str, int, int]]:
    """(refusal, seat, players) of illegal moves sampled along a random game, of the seat
    to act and of another seat."""
    g, rng = game(gid), random.Random(seed)
    players = rng.choice(list(g.players))
    space = list(g.action_space(players))
    s = g.new(players, seed)
    out: list[tuple[Message | str, int, int]] = []
    for step in range(300):
        if s.over():
            break
        acting = s.to_act()
        if acting == (CHANCE,):
            outcomes = s.chance_outcomes()
            s.apply(CHANCE, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = acting[0]
        legal = s.legal(seat)
        if step % 3 == 0:
            other = rng.choice([p for p in range(players) if p != seat])
            for who in (seat, other):
                allowed = legal if who == seat else s.legal(other) if other in acting else []
                for a in rng.sample(space, 12):
                    said = None if a in allowed else s.refusal(who, a)
                    if said is not None:
                        out.append((said, who, players))
        s.apply(seat, rng.choice(legal))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_no_refusal_nests_brackets_or_sets_them_side_by_side(gid: str) -> None:
    seen, bad, lost = 0, [], []
    for seed in range(5):
        for said, seat, players in _refusals(gid, seed):
            names = [f"Leichter Bot {i + 1}" for i in range(players)]
            for viewer in (seat, None):
                cited = set(SECTION.findall(render(said, "en", names, viewer)))
                for lang in LANGS:
                    text = render(said, lang, names, viewer)
                    seen += 1
                    if nested(text) or side_by_side(text):
                        bad.append(text)
                    if not cited <= set(SECTION.findall(text)):
                        lost.append(text)
    assert seen > 1000, seen
    assert not bad, f"{len(bad)} of {seen}, e.g.:\n" + "\n".join(sorted(set(bad))[:10])
    assert not lost, "sections of the rulebook lost in translation, e.g.:\n" + "\n".join(sorted(set(lost))[:10])


def test_siedler_refusals_were_sampled_with_their_rule_references() -> None:
    """The sample above meets Siedler's reasons that cite the rulebook in brackets (what
    nested in the old frame), so its passing says something about them."""
    texts = [render(said, "de", [f"Leichter Bot {i + 1}" for i in range(players)], seat)
             for seed in range(5) for said, seat, players in _refusals("siedler", seed)]
    assert any("(Kostenloser Lehm, 8.3)" in t for t in texts)
    assert any("(5.2.2.2)" in t for t in texts)
