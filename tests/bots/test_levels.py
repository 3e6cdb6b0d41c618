"""Bot levels (issue 21): easy, medium, hard, expert, the specs they play, their words in
the five languages, their measured strength, and a distinct name for every bot seat of a
table (issue 19: never two "Greedy bot")."""

import json

import pytest

from reichsstadt.bots import levels, make_bot
from reichsstadt.bots.mcts import MCTSBot
from reichsstadt.bots.random_bot import RandomBot
from reichsstadt.bots.specs import GreedyBot
from reichsstadt.core import Match
from reichsstadt.i18n import catalog

LANGS = ("en", "de", "it", "fr", "ru")


def test_the_four_levels_and_what_they_play():
    assert levels.LEVELS == ("easy", "medium", "hard", "expert")
    assert [levels.spec(lv) for lv in levels.LEVELS[:3]] == ["random", "greedy", "mcts:1s"]
    assert levels.spec("expert").startswith("mcts:") and levels.spec("expert") != "mcts:1s"
    assert isinstance(make_bot("easy", 1), RandomBot)
    assert isinstance(make_bot("Medium", 1), GreedyBot)   # levels are names, in any case
    hard, expert = make_bot("hard", 1), make_bot("expert", 1)
    assert isinstance(hard, MCTSBot) and hard.seconds == 1.0 and hard.name == "hard"
    assert isinstance(expert, MCTSBot) and expert.seconds > hard.seconds
    assert [levels.level_of(s) for s in ("random", "greedy", "mcts:1s", "mcts", "mcts:2000", "hard")] == \
        ["easy", "medium", "hard", "hard", None, "hard"]


def test_a_game_may_play_a_level_with_a_spec_of_its_own():
    """Colonia's expert plays its playouts to the end, Siedler's by the heuristic player
    (their heuristics' LEVELS): asked with the game, the level is that spec wherever a bot
    is made, and the spec is still called the expert level; Norenberc, and a level asked
    without a game, play the generic spec."""
    assert levels.spec("expert", "colonia") == "mcts:3s:playout=1000"
    assert levels.spec("expert", "siedler") == "mcts:3s:policy=heuristic:playout=40"
    assert levels.spec("expert", "norenberc") == levels.spec("expert") == "mcts:3s"
    assert levels.spec("hard", "colonia") == levels.spec("hard", "siedler") == "mcts:1s"
    colonia, siedler = make_bot("expert", 1, "colonia"), make_bot("expert", 1, "siedler")
    norenberc = make_bot("expert", 1, "norenberc")
    assert colonia.settings("colonia").cutoff == 1000 and colonia.seconds == 3.0 and colonia.name == "expert"
    assert siedler.settings("siedler").policy == "heuristic" and siedler.settings("siedler").cutoff == 40
    assert siedler.seconds == 3.0 and siedler.name == "expert"
    assert norenberc.settings("norenberc").cutoff != 1000 and norenberc.seconds == 3.0
    assert levels.level_of("mcts:3s:playout=1000", "colonia") == "expert"
    assert levels.level_of("mcts:3s:playout=1000", "norenberc") is None   # at another game it is no level
    assert levels.level_of("mcts:3s:playout=1000") == "expert"            # a seat's spec, wherever it is shown
    assert levels.seat_names(["human", "mcts:3s:playout=1000", "mcts:3s"], "de") == \
        ["Spieler 1", "Expertenbot 1", "Expertenbot 2"]
    assert "höchstens 3 s" in levels.describe("expert", "colonia", "de")


def test_a_games_levels_that_name_no_level_are_refused_naming_the_game(monkeypatch):
    """A plug-in's heuristic that misspells a level in LEVELS is told so, never ignored."""
    import types

    from reichsstadt.bots import heuristic
    from reichsstadt.core import FrontendError

    for bad in ({"expret": "mcts:3s"}, {"expert": 3}, ["expert"]):
        monkeypatch.setattr(heuristic, "module", lambda gid, *a, bad=bad: types.SimpleNamespace(LEVELS=bad))
        with pytest.raises(FrontendError, match="game 'colonia': the heuristic's LEVELS"):
            levels.spec("expert", "colonia")
        assert levels.level_of("mcts:3s:playout=1000") is None   # naming seats goes on without it
        assert levels.level_of("mcts:3s:playout=1000", "colonia") is None
        with pytest.raises(FrontendError, match="game 'colonia'"):
            make_bot("expert", 1, "colonia")                      # making the level's bot says what is wrong


def test_hints_ask_the_hard_level_by_default():
    from reichsstadt.bots.hint import DEFAULT_HINT_BOT

    assert DEFAULT_HINT_BOT == "hard" == levels.HINT_LEVEL


def test_medium_is_offered_only_where_a_game_has_a_heuristic_player():
    from reichsstadt.core.registry import register
    from tests.core.toygame import GAME as TOY

    register(TOY)
    assert levels.offered("norenberc") == ["easy", "medium", "hard", "expert"]
    assert levels.offered("toy") == ["easy", "hard", "expert"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_level_has_its_words_in_every_language(lang):
    messages = catalog(lang).messages
    for level in levels.LEVELS:
        for suffix in ("", ".bot", ".short", ".about", ".field"):
            assert f"bots.level.{level}{suffix}" in messages, (lang, level, suffix)
        said = levels.describe(level, "norenberc", lang)
        assert "⟨" not in said and levels.label(level, lang) in said


def test_a_level_is_shown_with_its_measured_strength(monkeypatch):
    measured = {"measured": "2026-11-26", "games": {"colonia": {"hard": {
        "against": "medium", "players": 4, "games": 48, "win_share": 0.625, "ci_low": 0.483, "ci_high": 0.749,
        "mean_rank": 1.7}}}}
    monkeypatch.setattr(levels, "_measured", lambda: measured)
    assert levels.strength("hard", "colonia")["games"] == 48
    assert levels.describe("hard", "colonia", "en").replace("\u00a0", " ") == (
        "Hard: searches ahead, at most 1 s a move; wins 62 % of games against 3 medium bots "
        "(at equal strength: 25 %; 95 % interval: 48 %–75 %, 48 games)")
    assert "62\u00a0%" in levels.describe("hard", "colonia", "en")   # the number and its sign stay together
    assert "против 3 средних ботов" in levels.describe("hard", "colonia", "ru")
    assert levels.strength("expert", "colonia") is None
    assert "not measured yet" in levels.describe("expert", "colonia", "en")
    assert "yardstick" in levels.describe("easy", "colonia", "en")


def test_the_shipped_strength_file_is_read_if_present():
    from importlib import resources

    found = resources.files("reichsstadt.bots") / "strength.json"
    if not found.is_file():
        assert levels.strength("hard", "norenberc") is None
        return
    data = json.loads(found.read_text())
    for gid, by_level in data["games"].items():
        for level, fig in by_level.items():
            assert level in levels.LEVELS and fig["against"] == levels.BELOW[level]
            assert 0 <= fig["ci_low"] <= fig["win_share"] <= fig["ci_high"] <= 1
            assert levels.strength(level, gid)["games"] == fig["games"]


def test_two_bots_of_one_kind_are_never_called_alike():
    names = levels.seat_names(["human", "greedy", "greedy", "mcts:1s"], "en", names=["Ann"])
    assert names == ["Ann", "Medium bot 1", "Medium bot 2", "Hard bot"]
    names = levels.seat_names(["greedy", "medium", "random", "mcts:2000", "expert", "human"], "en")
    assert names == ["Medium bot 1", "Medium bot 2", "Easy bot", "Bot mcts:2000", "Expert bot", "Player 6"]
    # a person who called themselves like a bot keeps the name; the bot gets a number
    assert levels.seat_names(["human", "hard"], "en", names=["Hard bot", None]) == ["Hard bot", "Hard bot (2)"]


@pytest.mark.parametrize("lang", LANGS)
def test_seat_names_in_every_language_and_from_the_list_of_names(lang):
    kinds = ["human", "greedy", "greedy", "greedy", "hard"]
    for style in ("numbered", "names"):
        names = levels.seat_names(kinds, lang, style=style)
        assert len(set(names)) == len(names) and all("⟨" not in n for n in names)
    listed = catalog(lang).messages["bots.names"].split(", ")
    named = levels.seat_names(kinds, lang, style="names")
    assert named[1].startswith(listed[0]) and named[4].startswith(listed[3])


def test_names_serve_a_tables_words():
    """The names go where a table's names go: the record, and every sentence naming a seat."""
    from reichsstadt.core import Message, Player
    from reichsstadt.i18n import render

    names = levels.seat_names(["greedy", "greedy", "greedy"], "de")
    match = Match("norenberc", 3, 2, names=names)
    assert match.record.names == ["Mittel-Bot 1", "Mittel-Bot 2", "Mittel-Bot 3"]
    said = render(Message("core.refuse.not_turn", player=Player(1), waiting=[Player(0)]), "de", names)
    assert "Mittel-Bot 2" in said and "Mittel-Bot 1" in said
