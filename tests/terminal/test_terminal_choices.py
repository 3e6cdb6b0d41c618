"""Choices as a person makes them (issue 7): sets of parts in one line with numbers that
do not move, moves that cannot be undone asked first, the only move made for you, undo
within one's own chain. Played on the test game Fair (tests/terminal/fairgame.py)."""

from reichsstadt.core import Action

from .fairgame import BUY, END, RETIRE, SEAL, VISIT
from .helpers import run, table


def moves(session, seat=0):
    return [Action.from_json(m) for m in session.human_moves(seat)]


def test_a_set_is_typed_in_one_line_in_any_order_and_sent_as_the_engines_chain(tmp_path):
    s = table(["3 1"], tmp_path)
    run(s)
    # stalls 3 and 1 (south and north) whatever the order typed, in the engine's order, sealed
    assert moves(s)[:3] == [VISIT[0], VISIT[2], SEAL]
    first = s.screens[0]
    assert any("Choose 1 to 2 of these, in any order" in line for line in first)
    for number, stall in enumerate(["north", "east", "south", "west"], start=1):
        assert any(line.strip().startswith(f"{number}  visit the {stall} stall") for line in first)


def test_a_refused_set_changes_nothing_and_says_why(tmp_path):
    s = table(["1 2 3", "2 9", "2 2", "2"], tmp_path)
    run(s)
    assert "Refused: choose from 1 to 2 parts, not 3." in s.text
    assert "There is no move 9: type a number from 1 to 4." in s.text
    assert "Refused: each part can be chosen only once here." in s.text
    assert moves(s)[:2] == [VISIT[1], SEAL]                       # only the last line was played


def test_repeated_parts_and_the_only_move_made_for_you(tmp_path):
    s = table(["1", "2 1 1", "2"], tmp_path)
    run(s)
    ms = moves(s)
    assert ms[2:6] == [BUY[0], BUY[0], BUY[1], END]               # fruit order; three, then the end
    assert "end the turn (the only move)" in s.text
    # the forced end read no input: the next line ("2") went to the next round's plan
    assert ms[6:8] == [VISIT[1], SEAL]
    assert len(s.prompts) == 4                                     # three lines, then the input ended


def test_a_set_that_the_rules_refuse_names_the_rule(tmp_path):
    s = table(["1", "4 4", "1"], tmp_path)                         # 7 coins: one fig, not two
    run(s)
    assert "Refused: you cannot buy a fig for 5 coins now: a fig costs 5 coins." in " ".join(s.text.split())
    assert moves(s)[2] == BUY[0]


def test_a_move_outside_the_set_is_taken_alone(tmp_path):
    s = table(["1", "1 5"], tmp_path)
    run(s)
    assert "Move 5 is taken on its own, not in a set with others." in s.text
    assert len(moves(s)) == 2                                      # the plan only


def test_a_move_that_cannot_be_undone_is_asked_first(tmp_path):
    s = table(["1", "6", "n", "5", "no", "6", "y"], tmp_path)
    run(s)
    asked = [p for p in s.prompts if "(y/n)" in p]
    assert len(asked) == 3
    assert "Leave the market for good: you leave the market for the rest of the game" in asked[0]
    assert "End the turn: you end your turn without buying" in asked[1]
    assert s.text.count("Not done: choose again.") == 2
    assert moves(s)[2:] == [RETIRE]                                # only after "y"


def test_undo_steps_back_within_ones_own_chain_and_bots_never_see_it(tmp_path):
    seen = []

    def keys(prompt, t):
        seen.append(len(t.match.record.moves))
        return script.pop(0) if script else None

    script = ["1", "1", "u", "2", "3", "u"]    # plan; an apple; take it back; a pear; end; undo?
    s = table(keys, tmp_path)
    run(s)
    assert "Taken back: buy an apple for 1 coin." in s.text
    assert moves(s)[2:4] == [BUY[1], END]                          # the apple was taken back
    # while the chain was open, nothing reached the match's record (so no bot saw it)
    assert seen[1] == seen[2] == seen[3] == seen[4]
    assert seen[5] > seen[4]                                       # then it did, with the bot's turn
    assert "Nothing to take back: moves the other players have seen stay made." in s.text


def test_a_plan_revealed_to_all_cannot_be_taken_back(tmp_path):
    s = table(["1", "u"], tmp_path)
    run(s)
    assert moves(s) == [VISIT[0], SEAL]                            # sealed and revealed: committed
    assert "Nothing to take back" in s.text


def test_hot_seat_hands_the_screen_over_and_keeps_plans_apart(tmp_path):
    s = table(["", "1", "", "2 4"], tmp_path, seats=["human", "human"])
    run(s)
    handovers = [p for p in s.prompts if p.startswith("Hand the screen to")]
    assert handovers[:2] == ["Hand the screen to Player 1, then press Enter. ",
                             "Hand the screen to Player 2, then press Enter. "]
    assert "Player 2, your move" in s.prompts[3]
    second = s.screens[1]
    assert not any("plan [0]" in line for line in second)         # Player 1's plan stays hidden
    assert moves(s, 1) == [VISIT[1], VISIT[3], SEAL]


def test_quitting_mid_chain_keeps_the_moves_made(tmp_path):
    s = table(["1", "1", "q"], tmp_path)
    assert run(s) is False
    import json

    saved = json.loads((tmp_path / "game.json").read_text())
    assert [m for seat, m in saved["moves"] if seat == 0][-1] == BUY[0].to_json()
    assert "Game saved to" in s.text and "--resume" in s.text
