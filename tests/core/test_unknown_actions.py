"""An action no action of the game equals (a researcher's agent, a hand-made client, a
record) is refused naming the part that is wrong: its type, its fields, or a field's
value, with what the game's actions take instead."""

from __future__ import annotations

import pytest

from reichsstadt import Action, IllegalAction, game
from reichsstadt.i18n import languages, render

SIEDLER = game("siedler")


@pytest.mark.parametrize("obj, why", [
    ({"type": "robber", "terrain": 999},
     "terrain is 999, which no robber action has; it takes 0\u201328"),
    ({"type": "robbr", "terrain": 3}, "no action has the type robbr; the types are accept, bank, "),
    ({"type": "robber", "terain": 3}, "a robber action has the fields terrain; this one has terain"),
    ({"type": "robber"}, "a robber action has the fields terrain; this one has (none)"),
    ({"type": "pass", "x": 1}, "a pass action has the fields (none); this one has x"),
])
def test_the_refusal_names_what_no_action_of_the_game_has(obj: dict[str, object], why: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        SIEDLER.action_from_json(obj, 3)
    said = str(refused.value)
    assert said.startswith(f"{obj!r} is not an action of Die Siedler von Nürnberg with 3 players: ")
    assert why in said


def test_a_state_refuses_it_the_same_way_and_is_left_as_it_was() -> None:
    state = SIEDLER.new(3, 7)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="terrain is 999, which no robber action has; it takes 0\u201328"):
        state.apply(0, Action("robber", terrain=999))
    assert state.to_json() == before


def test_an_adapters_encoding_says_it_too() -> None:
    space = SIEDLER.action_space(4)
    with pytest.raises(IllegalAction, match="is not an action of this game: no action has the type fly"):
        space.encode(Action("fly"))


def test_every_part_known_but_not_together_keeps_the_plain_refusal() -> None:
    """Each field's value is some action's of that type, only never in one action: no
    single part is to blame, so the refusal says no more than that it is no action."""
    space = SIEDLER.action_space(3)
    by_shape: dict[tuple[str, ...], list[Action]] = {}
    for a in space:
        if len(a.fields) >= 2:
            by_shape.setdefault((a.type, *sorted(a.fields)), []).append(a)
    for (kind, *names), actions in by_shape.items():
        values = [sorted({a.fields[n] for a in actions}, key=repr) for n in names]
        for first in values[0]:
            mixed = Action(kind, **{names[0]: first}, **{n: v[-1] for n, v in zip(names[1:], values[1:])})
            if mixed not in space:
                with pytest.raises(IllegalAction) as refused:
                    SIEDLER.action_from_json(mixed.to_json(), 3)
                assert str(refused.value).endswith("is not an action of Die Siedler von Nürnberg with 3 players")
                return
    pytest.fail("every combination of Siedler's two-field actions exists: pick another game")


@pytest.mark.parametrize("lang", sorted(languages()))
def test_the_reason_is_said_in_every_language(lang: str) -> None:
    for obj in ({"type": "robber", "terrain": 999}, {"type": "robbr"}, {"type": "robber"}):
        with pytest.raises(IllegalAction) as refused:
            SIEDLER.action_from_json(obj, 3)
        assert refused.value.message is not None
        said = render(refused.value.message, lang)
        assert "{" not in said.replace(repr(obj), "") and "core." not in said, said
        assert ("999" in said and "28" in said) or "robbr" in said or "terrain" in said, said
