"""A refusal's words never nest brackets: the core frames a game's reason in brackets
("du kannst jetzt nicht: 1 Bier zahlen (…)"), so a reason with brackets of its own read
"(zahle Waren … (eine zweite Ware …) (Aktionsphase, zahlen))". Over the illegal moves of
random positions, no refusal in any language has a bracket inside a bracket."""

from __future__ import annotations

import random

import pytest

from reichsstadt.core import CHANCE, game
from reichsstadt.i18n import render

LANGS = ("en", "de", "fr", "it", "ru")


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


def test_nested_finds_a_bracket_in_a_bracket() -> None:
    assert nested("a (b (c) d)") and nested("x ((y))")
    assert not nested("a (b) (c)") and not nested("a (b) c")


def _refusals(gid: str, seed: int) -> list[tuple[object, int, int]]:
    """(refusal, seat, players) of illegal moves sampled along a random game."""
    g, rng = game(gid), random.Random(seed)
    players = rng.choice(list(g.players))
    space = list(g.action_space(players))
    s = g.new(players, seed)
    out = []
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
            for a in rng.sample(space, 12):
                said = None if a in legal else s.refusal(seat, a)
                if said is not None:
                    out.append((said, seat, players))
        s.apply(seat, rng.choice(legal))
    return out


@pytest.mark.parametrize("gid", ["norenberc", "colonia"])
def test_no_refusal_nests_brackets(gid: str) -> None:
    seen, bad = 0, []
    for seed in range(6):
        for said, seat, players in _refusals(gid, seed):
            names = [f"Leichter Bot {i + 1}" for i in range(players)]
            for lang in LANGS:
                for viewer in (seat, None):
                    text = render(said, lang, names, viewer)
                    seen += 1
                    if nested(text):
                        bad.append(text)
    assert seen > 1000, seen
    assert not bad, f"{len(bad)} of {seen}, e.g.:\n" + "\n".join(sorted(set(bad))[:10])
