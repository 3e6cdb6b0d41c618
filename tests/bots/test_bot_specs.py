"""Bots by spec: what the command line, the lobby and the arena accept."""

import re

import pytest

from reichsstadt.bots import RandomBot, levels, bot_names, check_bot, make_bot, parse_mcts
from reichsstadt.bots.mcts import MCTSBot
from reichsstadt.core import BadOption, Match


def test_random_and_mcts_specs():
    assert isinstance(make_bot("random", 3), RandomBot)
    bare = make_bot("mcts")
    assert isinstance(bare, MCTSBot) and bare.seconds == 1.0 and bare.iterations is None
    it = make_bot("mcts:2000", 5)
    assert it.iterations == 2000 and it.seconds is None and it.name == "mcts:2000"
    assert make_bot("mcts:1s").seconds == 1.0
    assert make_bot("mcts:0.5s").seconds == 0.5
    assert make_bot("MCTS:250ms").seconds == 0.25
    tuned = make_bot("mcts:300:c=0.4:w=1:nodes=root")
    assert (tuned.iterations, tuned.c, tuned.win_weight, tuned.observer) == (300, 0.4, 1.0, "root")
    assert parse_mcts("mcts:c=2") == {"seconds": 1.0, "c": 2.0}
    assert parse_mcts("mcts:3s:trust=1:stop=0") == {"seconds": 3.0, "trust": True, "stop_early": False}
    assert parse_mcts("mcts:3s:kinds=1") == {"seconds": 3.0, "kinds": True}
    assert check_bot(" Random ") == "random"


@pytest.mark.parametrize("spec, words", [
    ("minimax", "unknown bot 'minimax'"),
    ("mcts:fast", "neither a number of iterations"),
    ("mcts:0", "at least 1 iteration"),
    ("mcts:0s", "must be positive"),
    ("mcts:1x", "neither a number of iterations"),
    ("mcts:1s:depth=3", "'depth=3' is no MCTS setting"),
    ("mcts:1s:c=high", "c takes a number"),
    ("mcts:1s:nodes=mine", "nodes=actor\\|root .*, not 'mine'"),
    ("mcts:1s:eval=magic", "eval=learned\\|hand .*, not 'magic'"),
    ("mcts:1s:w=2", "w=FLOAT .*, not '2'"),
    ("mcts:1s:k=-1", "k=N .*, not '-1'"),
    ("mcts:3s:trust=2", "trust=1\\|0 .*, not '2'"),
    ("mcts:3s:kinds=yes", "kinds takes a number, not 'yes'"),
    ("mcts:3s:kinds=2", "kinds=1\\|0 .*, not '2'"),
    # which of the two was meant? (it was taken, the last one winning, with the whole string as the bot's name)
    ("mcts:1s:policy=heuristic:policy=random", "the setting policy is given more than once"),
    ("mcts:c=1:w=1:c=1", "the setting c is given more than once"),
    ("", "unknown bot"),
    # int() refuses thousands of digits with its own ValueError: a stranger's 500, once
    ("mcts:" + "9" * 5000, "'mcts:9{35}'…: at most 999999999 iterations a move"),
    ("mcts:1000000000", "'mcts:1000000000': at most 999999999 iterations"),
])
def test_a_malformed_spec_says_what_is_wrong(spec, words):
    with pytest.raises(BadOption, match=words):
        make_bot(spec)


def test_not_a_string():
    with pytest.raises(BadOption, match="named by a string"):
        make_bot(None)  # type: ignore[arg-type]


def test_greedy_without_a_heuristic_names_the_games_that_have_one():
    with pytest.raises(BadOption, match="no greedy .* for toy; games with one: ") as refused:
        make_bot("greedy", 1, game=_toy_seat().game_id)
    named = str(refused.value).rsplit(": ", 1)[1].split(", ")   # an installed plug-in's game may be among them
    assert {"colonia", "norenberc", "siedler"} <= set(named) and named == sorted(named) and "toy" not in named
    bot = make_bot("greedy", 1)  # no game named: the check waits for the first move
    with pytest.raises(BadOption, match="no greedy .* for toy"):
        bot.act(_toy_seat())
    assert "greedy" not in bot_names("toy") and "greedy" in bot_names("norenberc")


def test_greedy_is_the_heuristic_the_game_declares():
    from reichsstadt.core.registry import register
    from tests.core.toygame import ToyGame

    class ToyWithHeuristic(ToyGame):
        id = "toy_greedy"
        parts = {"heuristic": "tests.bots.toy_heuristic"}

    register(ToyWithHeuristic())
    assert "greedy" in bot_names("toy_greedy")
    match = Match("toy_greedy", 2, 2)
    out = match.run({s: make_bot("greedy", s, game="toy_greedy") for s in range(2)})
    assert len(out.scores) == 2
    # every decision was the declared player's: the first legal move (bid 0, then always roll)
    decisions = [action for seat, action in match.record.moves if seat >= 0]
    assert [a for a in decisions if a["type"] == "bid"] == [{"type": "bid", "amount": 0}] * 2
    assert {a["type"] for a in decisions} == {"bid", "roll"}


def _toy_seat():
    from reichsstadt.core.registry import register
    from tests.core.toygame import GAME as TOY

    register(TOY)
    return Match("toy", 2, 1).seat(0)


def test_every_offered_bot_is_made_and_plays_a_move():
    match = Match("norenberc", 3, 4)
    match.resolve_chance()
    seat = match.seat(match.state.to_act()[0])
    for name in bot_names():
        spec = levels.spec(name) if levels.is_level(name) else name
        bot = make_bot(re.sub(r"mcts:[\d.]+s?", "mcts:20", spec), 1)
        assert bot.act(seat) in seat.legal()
    assert bot_names()[:4] == ["easy", "medium", "hard", "expert"]
    assert {"random", "greedy", "mcts:1s", "mcts:2000"} <= set(bot_names())


@pytest.mark.parametrize("spec", ["mcts:1s:c=nan", "mcts:1s:w=nan", "mcts:1s:c=inf", "mcts:1s:prior=inf",
                                  "mcts:1s:widen=-inf", "mcts:1s:conf=NaN"])
def test_a_setting_that_is_no_finite_number_is_refused(spec):
    """NaN passed every range check (it compares false with everything) and a search with
    c=nan failed on its first move; a server took it from any visitor's table."""
    with pytest.raises(BadOption, match="takes a finite number, not '(nan|inf|-inf|NaN)'"):
        make_bot(spec)
