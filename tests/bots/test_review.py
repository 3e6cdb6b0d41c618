"""The review of a finished game (issue 19): each player's chance to win move by move, the
three moves where it fell most with the move the bot would have made, JSON for the
server and the browser, and `reichsstadt review RECORD` in the terminal, in five
languages."""

import json

import pytest
from babel.numbers import format_decimal
import typer
from typer.testing import CliRunner

from reichsstadt.arena.commands import _instead, hint, review as review_command
from reichsstadt.bots import make_bot
from reichsstadt.bots.review import review
from reichsstadt.core import BadOption, Match, Message, Record, RecordError
from reichsstadt.i18n import render
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command(name="review")(review_command)
app.command()(hint)


def _finished(game_id, players, seed=5, bots=("random", "greedy", "greedy", "greedy")):
    match = Match(game_id, players, seed, names=["Ann", "Bob", "Cy", "Di"][:players])
    match.run({s: make_bot(bots[s], s, game_id) for s in range(players)})
    return match.record


@pytest.mark.parametrize("game_id, players", [("norenberc", 3), ("siedler", 3), ("colonia", 4)])
def test_a_review_of_every_game(game_id, players):
    rec = _finished(game_id, players)
    out = review(rec, iterations=30, seed=1)
    json.dumps(out)
    assert out["game"] == game_id and out["names"] == rec.names and out["method"]["chances"] == "learned"
    points = out["chances"]
    assert points[0]["move"] == -1 and all(c == pytest.approx(1 / players, abs=0.25) for c in points[0]["chances"])
    assert all(sum(p["chances"]) == pytest.approx(1, abs=1e-3) for p in points)
    final = points[-1]["chances"]
    assert sorted(final, reverse=True)[0] == pytest.approx(1.0 / final.count(max(final)))
    moves = [p["move"] for p in points[1:]]
    assert moves == sorted(moves) and len(moves) == sum(1 for seat, _ in rec.moves if seat >= 0)
    for seat in out["seats"]:
        assert seat["won"] == final[seat["seat"]]
        assert len(seat["worst"]) <= 3
        drops = [w["drop"] for w in seat["worst"]]
        assert drops == sorted(drops, reverse=True) and all(d > 0 for d in drops)
        for w in seat["worst"]:
            assert w["drop"] == pytest.approx(w["before"] - w["after"], abs=1e-3)
            assert rec.moves[w["move"]][0] == seat["seat"]
            assert w["played"]["action_json"] == rec.moves[w["move"]][1] and w["played"]["text"]
            assert w["bot"]["same"] == (w["bot"]["action_json"] == w["played"]["action_json"])
            assert 0 <= w["bot"]["win"] <= 1 and w["bot"]["text"]


def test_the_costliest_moves_are_the_largest_falls_of_each_players_own_chance():
    rec = _finished("norenberc", 3, seed=8)
    out = review(rec, iterations=10)
    from reichsstadt.bots.review import _walk

    positions, _, _ = _walk(rec)
    for seat in out["seats"]:
        falls = sorted((before - after for _, s, _, _, before, after in positions if s == seat["seat"]),
                       reverse=True)
        assert [w["drop"] for w in seat["worst"]] == pytest.approx([f for f in falls[:3] if f > 1e-6], abs=1e-4)


def test_the_same_record_seed_and_iterations_give_the_same_review():
    rec = _finished("colonia", 3, seed=2, bots=("greedy", "random", "greedy"))
    assert review(rec, iterations=20, seed=4) == review(rec, iterations=20, seed=4)


def test_the_bot_sees_only_what_the_player_saw(monkeypatch):
    """Each suggestion is a search on the mover's own Seat at that moment (its view, its
    legal moves, sampled states), never the state itself."""
    from reichsstadt.bots.mcts import MCTSBot
    from reichsstadt.core import Seat

    asked = []
    search = MCTSBot.search

    def watched(self, seat, **how):
        asked.append(seat)
        return search(self, seat, **how)
    monkeypatch.setattr(MCTSBot, "search", watched)
    rec = _finished("norenberc", 3, seed=3)
    out = review(rec, iterations=10)
    examined = [(w["move"], s["seat"]) for s in out["seats"] for w in s["worst"]]
    assert len(asked) == len(examined) > 0
    assert all(type(seat) is Seat for seat in asked)
    assert sorted(seat.seat for seat in asked) == sorted(s for _, s in examined)


def test_a_game_without_a_learned_evaluation_is_judged_by_playouts():
    rec = _finished("toy", 2, seed=1, bots=("random", "random"))
    out = review(rec, iterations=10)
    assert out["method"]["chances"] == "playouts" and len(out["seats"]) == 2


def test_an_unfinished_game_and_a_broken_record_are_refused():
    match = Match("norenberc", 3, 1)
    match.advance({s: make_bot("random", s) for s in range(1, 3)})
    with pytest.raises(RecordError, match="not over"):
        review(match.record, iterations=5)
    broken = _finished("norenberc", 2, bots=("random", "random")).to_json()
    broken["moves"][40] = [0, {"type": "fly"}]
    with pytest.raises(RecordError, match="record move 41 does not replay"):
        review(broken, iterations=5)
    with pytest.raises(BadOption, match="budget must be positive"):
        review(_finished("norenberc", 2, bots=("random", "random")), seconds=0)


def test_the_time_budget_is_shared_by_the_moves_examined():
    rec = _finished("norenberc", 3, seed=6)
    out = review(rec, seconds=1.2)
    examined = sum(len(s["worst"]) for s in out["seats"])
    assert out["method"]["seconds"] == pytest.approx(1.2 / examined)


def run(*args):
    return CliRunner().invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "120"})


@pytest.mark.parametrize("lang, words", [
    ("en", ("Review of a game of Norenberc: 3 players", "Chance to win, move by move", "the costliest moves",
            "100 playouts a move")),
    ("de", ("Rückblick auf eine Partie Norenberc", "Gewinnchance, Zug um Zug", "die teuersten Züge")),
    ("it", ("Analisi di una partita di Norenberc", "le mosse più costose")),
    ("fr", ("Analyse d'une partie de Norenberc", "les coups les plus coûteux")),
    ("ru", ("Разбор партии Norenberc", "самые дорогие ходы")),
])
def test_review_command_prints_the_curves_and_the_costliest_moves(tmp_path, lang, words):
    rec = _finished("norenberc", 3, seed=4)
    rec.save(tmp_path / "game.json")
    out = run("review", str(tmp_path / "game.json"), "--iterations", "100", "--lang", lang)
    assert out.exit_code == 0, out.output
    for w in words:
        assert w in out.output
    assert "⟨" not in out.output and "Ann" in out.output and "▁" in out.output or "█" in out.output


def test_review_command_json_is_the_functions_result(tmp_path):
    rec = _finished("norenberc", 3, seed=4)
    rec.save(tmp_path / "game.json")
    out = run("review", str(tmp_path / "game.json"), "--iterations", "20", "--json")
    assert json.loads(out.stdout) == json.loads(json.dumps(review(Record.load(tmp_path / "game.json"),
                                                                  iterations=20)))
    with pytest.raises(BadOption, match="--iterations must be at least 1"):
        run("review", str(tmp_path / "game.json"), "--iterations", "0")



@pytest.mark.parametrize("game_id, players", [("norenberc", 3), ("siedler", 3)])
def test_the_bot_searches_the_move_played_beside_its_own(game_id, players):
    """A review compares the bot's move with the move played on the bot's own scale, so
    the move played is searched even where the heuristic would not propose it (a
    Norenberc pass, a Siedler bank trade outside its best moves)."""
    out = review(_finished(game_id, players, seed=4), iterations=100)
    items = [w for s in out["seats"] for w in s["worst"]]
    assert items and all(w["played_win"] is not None for w in items), items
    assert all(w["played_win"] == w["bot"]["win"] for w in items if w["bot"]["same"])


def test_review_command_gives_the_bots_own_estimates_of_its_move_and_of_the_move_played(tmp_path):
    """The bot's estimates come from its search, not from the chances: a move it would
    have played instead is shown beside its estimate of the move played, so that "chance
    fell 60 % → 58 %, the bot would have played X (0 %)" does not read as advice to play
    a worse move; where the search never reached the move played, the line says so."""
    rec = _finished("siedler", 3, seed=4)
    rec.save(tmp_path / "game.json")
    got = review(rec, iterations=100)
    out = run("review", str(tmp_path / "game.json"), "--iterations", "100")
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())   # the lines as read, wherever the terminal wrapped them
    other = [w for s in got["seats"] for w in s["worst"] if not w["bot"]["same"]]
    assert other
    for w in other:
        win, played = f"{100 * w['bot']['win']:.0f} %", f"{100 * w['played_win']:.0f} %"
        assert f"(its estimates: {win} to win after it, {played} after the move played)" in said
    assert "Its estimates are that search's own and can differ from the chances." in said
    unsearched = {**other[0], "played_win": None}
    line = _instead(unsearched, 0, lambda msgid, **args: render(Message(msgid, **args), "en", got["names"]))
    win = f"{100 * other[0]['bot']['win']:.0f} %"
    n = other[0]["bot"]["playouts"]
    assert line.endswith(f"(its estimate: {win} to win; it did not search the move played) "
                         f"That estimate rests on {n} playouts."), line


def test_review_command_says_what_the_bots_estimates_rest_on(tmp_path):
    """As the web review does: the playouts each estimate rests on (a share of 4 playouts
    reads "0 %" without being a bug) and, where they play to the game's end (Norenberc),
    the player's mean final score after each move."""
    rec = _finished("norenberc", 3, seed=4)
    rec.save(tmp_path / "game.json")
    got = review(rec, iterations=60)
    out = run("review", str(tmp_path / "game.json"), "--iterations", "60")
    said = " ".join(out.output.split())
    other = [w for s in got["seats"] for w in s["worst"] if not w["bot"]["same"]]
    assert other
    for w in other:
        n, m = w["bot"]["playouts"], w["played_playouts"]
        rests = f"Each estimate rests on {n} playouts." if n == m else f"The estimates rest on {n} and {m} playouts."
        assert rests in said
        bot, played = (format_decimal(x, format="#,##0.#", locale="en") for x in (w["bot"]["score"], w["played_score"]))
        assert (f"final score in those playouts: on average {bot} after the bot's move, "
                f"{played} after the move played.") in said


def test_the_terminal_review_writes_a_score_with_the_readers_decimal_sign():
    item = {"bot": {"text": "x", "win": 0.5, "same": False, "playouts": 8, "score": 43.4},
            "played_win": 0.25, "played_playouts": 8, "played_score": 39.25}
    line = _instead(item, 0, lambda msgid, **args: render(Message(msgid, **args), "de", ["Ann", "Bo"]), "de")
    assert line.endswith("Jede Schätzung beruht auf 8 Simulationen. Ann erreicht in diesen Simulationen im Schnitt "
                         "einen Endstand von 43,4 nach dem Zug des Bots und von 39,2 nach dem gespielten Zug."), line
