"""Screens that fit (issue 7): the play screen around the board never pushes the board out
of view on a 120×40 terminal; long boards, logs and help pages fold or page. Every
game's screens are checked along a played game."""

import random
from importlib.metadata import entry_points

import pytest

import reichsstadt
from .helpers import run, table


def fits(screen, width=120, height=40):
    """A painted screen and its prompt line fit the terminal."""
    from rich.cells import cell_len

    return len(screen) + 1 <= height and all(cell_len(line) <= width for line in screen)


def test_a_board_taller_than_the_screen_keeps_its_top_and_the_moves_in_view(tmp_path):
    s = table(["1", "b", "", "1"], tmp_path, options={"board_lines": 60})
    run(s)
    first = s.screens[0]
    assert fits(first)
    assert first[1].startswith("FAIR round 1")                      # what matters now: on top
    assert any("more lines of the board (b shows all of it)" in line for line in first)
    assert any("visit the west stall" in line for line in first)    # the moves
    assert "board line 60" in s.text                                # b pages the whole board
    assert "Enter: more · q: back to the game " in s.prompts


def test_a_long_log_gives_way_to_the_board_and_says_what_is_left_out(tmp_path):
    # four players, long rounds: much happens between two of the human's moves
    s = table(_keys_for_any_game(random.Random(1), limit=300), tmp_path, players=4,
              options={"board_lines": 30, "rounds": 5})
    run(s)
    assert s.table.match.state.over()
    for screen in s.screens:
        assert fits(screen), "\n".join(screen)
        assert screen[1].startswith("FAIR round")
    assert any("earlier lines (l shows the whole log)" in line for screen in s.screens for line in screen)


def test_the_end_of_a_round_does_not_push_the_board_away(tmp_path):
    s = table(_keys_for_any_game(random.Random(2), limit=300), tmp_path, players=4, options={"board_lines": 34})
    run(s)
    revealed = [screen for screen in s.screens if any("Plans revealed" in line for line in screen)]
    assert revealed
    for screen in revealed:
        assert fits(screen) and screen[1].startswith("FAIR round")


def test_help_explains_the_keys_and_every_piece_in_pages(tmp_path):
    s = table(["h", "", "", "", "", "", "1"], tmp_path, height=10)
    run(s)
    for name, sentence in reichsstadt.game("fair").glossary():
        assert f"{name} — {sentence}" in " ".join(s.text.split())
    assert "take back your last step" in s.text
    assert s.prompts.count("Enter: more · q: back to the game ") >= 2   # a 10-line screen: several pages
    assert "Enter: back to the game " in s.prompts
    assert s.human_moves()[:1] == [{"type": "visit", "stall": 0}]   # the game goes on after the help


def _keys_for_any_game(rng, limit=60):
    """Answers any prompt of any game: a move (a set of the first parts for a choice), yes
    to a question, Enter to a pager; after a refusal, a random number."""
    last = {"prompt": None}

    def answer(prompt, t):
        if answer.asked > limit:
            return None
        answer.asked += 1
        if "(y/n)" in prompt:
            return "y"
        if "your move" not in prompt.lower():
            return ""
        chain = t.chain
        seat = chain.seat
        pick = chain.state.pick(seat)
        again = last["prompt"] == (len(t.match.record.moves), len(chain.moves()))
        last["prompt"] = (len(t.match.record.moves), len(chain.moves()))
        size = len(t.menu(chain.state, seat, pick))
        if pick is not None and not again:
            return " ".join(str(i + 1) for i in range(max(pick.least, 1)))
        return str(rng.randrange(size) + 1)

    answer.asked = 0
    return answer


EVERY_GAME = [ep.name for ep in entry_points(group="reichsstadt.games")] + ["fair"]


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_every_games_play_screen_fits_120_by_40(game_id, tmp_path):
    g = reichsstadt.game(game_id)
    players = 4 if 4 in g.players else g.players.start
    s = table(_keys_for_any_game(random.Random(5)), tmp_path, game=game_id, players=players, seed=3)
    run(s)
    assert len(s.screens) >= 5
    for screen in s.screens:
        assert fits(screen), f"{len(screen)} lines:\n" + "\n".join(screen)
    assert "⟨" not in s.text                                       # no message id without words


def test_the_map_key_shows_the_games_map_where_it_has_one(tmp_path):
    """Siedler's map is a second terminal frontend: `m` pages it; games without one do not
    offer the key (issue 7: "Siedler's terminal never shows the map")."""
    from tests.cli.clihelpers import run

    # empty lines turn the pager's pages (and only redraw the screen at the move prompt); run
    # in a folder of the test's own, where quitting leaves the game's record (it used to land
    # in the checkout)
    out = run("play", "siedler", "-p", "3", "--seed", "3", input="m\n" + "\n" * 6 + "h\n" + "\n" * 10 + "q\n",
              cwd=tmp_path)
    assert out.returncode == 0
    assert "the map" in out.stdout and "T1" in out.stdout and "Frankfurt" in out.stdout
    out = run("play", "norenberc", "-p", "3", "--seed", "3", input="h\n" + "\n" * 10 + "q\n", cwd=tmp_path)
    assert "the map" not in out.stdout


def test_a_terminal_narrower_than_the_boards_says_so_on_the_first_screen(tmp_path):
    s = table(["q"], tmp_path, width=80, height=24, lang="it")
    run(s)
    first = " ".join(" ".join(s.screens[0]).split())
    assert "Questo terminale è largo 80 colonne; il tabellone è disegnato per 120" in first
    wide = table(["q"], tmp_path, width=120, height=40, lang="it")
    run(wide)
    assert "Questo terminale" not in wide.text
