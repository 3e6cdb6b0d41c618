"""Others' trade offers, declined without asking (the game's "decline" part, Siedler's):
at a table of bots a person is asked to answer an offer more often than to make a move
of their own, so `d` answers every one of them with a decline until `d` is typed again."""

import random
from itertools import combinations, combinations_with_replacement

from reichsstadt.core import IllegalAction
from reichsstadt.core.picks import chain

from .helpers import run, table


def _own_move(state, seat, rng):
    """A move of one's own, as typed: any but an offer (so the game goes on to its end);
    at a choice of several parts (a discard), the first set the rules take."""
    pick = state.pick(seat)
    if pick is None:
        legal = state.legal(seat)
        return str(rng.choice([i for i, a in enumerate(legal) if not a.type.startswith("offer")]) + 1)
    numbers = range(1, len(pick.parts) + 1)
    for size in range(max(pick.least, 1), pick.most + 1):
        for chosen in (combinations_with_replacement if pick.repeat else combinations)(numbers, size):
            try:
                chain(state, seat, pick, [pick.parts[n - 1] for n in chosen])
            except IllegalAction:
                continue
            return " ".join(map(str, chosen))
    raise AssertionError("no set of parts the rules take")


def _player(first_offer_keys, after=None):
    """A scripted person at seat 1: at the first offer asked of them, the keys given (then
    a decline by number); every other prompt, a move of their own; `after(seen, table)`
    may answer instead."""
    seen = {"offers": 0, "prompts": 0}
    keys = list(first_offer_keys)
    rng = random.Random(5)

    def answer(prompt, t):
        seen["prompts"] += 1
        if t.chain is None:
            return None                       # the end of the game: input ends
        if "y/n" in prompt:
            return "y"
        if after is not None:
            said = after(seen, t)
            if said is not None:
                return said
        state = t.chain.state
        legal = state.legal(0)
        if state.view(0)["phase"] == "respond":
            seen["offers"] += 1
            if keys:
                return keys.pop(0)
            return str(next(i for i, a in enumerate(legal) if a.type == "decline") + 1)
        if seen["prompts"] > 400:
            return "q"
        return _own_move(state, 0, rng)
    return answer, seen


def _declines(s):
    return [m for m in s.human_moves() if m["type"] == "decline"]


def test_d_declines_every_later_offer_without_asking_and_the_log_says_so(tmp_path):
    answer, seen = _player(["d"])
    s = table(answer, tmp_path, game="siedler", players=4, seats=["human", "greedy", "greedy", "greedy"], seed=11)
    assert run(s) is True
    text = " ".join(s.text.split())
    # the tip came with the first offer, before d was typed; d declined that offer too
    assert text.index("Tip: d declines others' offers from now on") < text.index("are now declined without asking")
    assert seen["offers"] == 1
    declined = _declines(s)
    assert len(declined) > 10     # the bots offered all game long; each answer reached the record
    log = " ".join(line.text for line in s.table.logs[0])
    assert log.count("decline the offer (without asking, d)") == len(declined)   # every one, marked
    assert "You: decline the offer (without asking, d)" in text
    assert text.count("Tip: d declines") == 1


def test_d_again_asks_again(tmp_path):
    # d at the first offer (declining from then on), d again at the first prompt of a
    # turn of one's own: later offers are asked again
    toggled = {"off": False}

    def off_later(seen, t):
        if 0 in t.declining and t.chain.state.view(0)["phase"] == "main" and not toggled["off"]:
            toggled["off"] = True
            return "d"
        return None

    answer, seen = _player(["d"], off_later)
    s = table(answer, tmp_path, game="siedler", players=4, seats=["human", "greedy", "greedy", "greedy"], seed=11)
    assert run(s) is True
    assert toggled["off"]
    assert "You are asked again about others' offers." in " ".join(s.text.split())
    assert seen["offers"] > 5     # asked by number again after the switch went off


def test_the_switch_is_each_players_own_at_a_hot_seat(tmp_path):
    """Two people at one screen: the one who typed d is not asked, the other still is."""
    asked = {0: 0, 1: 0}
    rng = random.Random(5)
    prompts = []

    def answer(prompt, t):
        prompts.append(prompt)
        if len(prompts) > 600:
            return "q"
        if t.chain is None:
            return ""                           # the hand-over: the next person has the screen
        seat = t.chain.seat
        state = t.chain.state
        legal = state.legal(seat)
        if state.view(seat)["phase"] == "respond":
            asked[seat] += 1
            if seat == 0 and asked[0] == 1:
                return "d"
            return str(next(i for i, a in enumerate(legal) if a.type == "decline") + 1)
        if asked[1] > 5:
            return "q"
        return _own_move(state, seat, rng)

    s = table(answer, tmp_path, game="siedler", players=4, seats=["human", "human", "greedy", "greedy"], seed=12)
    run(s)
    assert asked[0] == 1 and asked[1] > 5
    assert s.table.declining == {0}


def test_a_game_without_offers_has_no_d(tmp_path):
    s = table(["d", "h", "q"], tmp_path, game="norenberc", players=3, seats=["human", "greedy", "greedy"], seed=3)
    run(s)
    text = " ".join(s.text.split())
    assert "'d' is not a move" in text
    assert "decline others' offers" not in text
    s = table(["h", "q"], tmp_path, game="siedler", players=3, seats=["human", "greedy", "greedy"], seed=3)
    run(s)
    assert "d decline others' offers without asking you, from now on" in " ".join(s.text.split())
