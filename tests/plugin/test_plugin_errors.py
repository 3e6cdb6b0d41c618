"""A plug-in that misses a part, or declares one wrongly, is told which part and what is
wrong, in one line, before its first game: never an AttributeError or a TypeError from
deep inside the platform reported as "Internal error ... please report it".

Each test writes a tiny game package of its own (the toy dice game of tests/core, with
the one mistake) into a temporary folder, beside a `.dist-info` folder whose
entry_points.txt names it in the group "reichsstadt.games": exactly what `pip install`
leaves, so the registry finds it as it finds an installed game. Found by taking an
outsider's route through examples/markt/README.md with a game of one's own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from reichsstadt.core import BadOption, FrontendError, registry

ROOT = Path(__file__).resolve().parents[2]

GAME_MODULE = '''
from reichsstadt.core import Action, Option
from tests.core.toygame import ToyGame, ToyState


class Game(ToyGame):
    id = "{gid}"
    title = "Broken dice"
    parts = {parts}


GAME = Game(){tail}
'''

HEURISTIC_MODULE = '''
import random


class Greedy:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def act(self, seat):
        return seat.legal()[0]


class Board:
    def __init__(self, view):
        self.view = view


def choose(board, legal, rng):
    return legal[0]


def greedy_playout(state, seat, rng):
    return state.legal(seat)[0]


def playout(state, seat, rng):
    return state.legal(seat)[0]


def evaluate_state(state):
    return [0.0] * state.players


CUTOFF = {"heuristic": 10, "fast": 10}
SPREAD = 5.0
'''


def plugin(where: Path, gid: str, parts: str = "{}", tail: str = "", files: dict[str, str] | None = None,
           point: str = "GAME") -> Path:
    """A package `plug_<gid>` holding a game (the toy dice game with `parts`), and the
    distribution metadata whose entry point names `<package>:<point>` as game `gid`;
    returns the folder to put on sys.path."""
    package = where / f"plug_{gid}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(GAME_MODULE.format(gid=gid, parts=parts, tail=tail), encoding="utf-8")
    for name, text in (files or {}).items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(textwrap.dedent(text), encoding="utf-8")
    meta = where / f"plug_{gid}-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: plug-{gid}\nVersion: 1.0\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text(f"[reichsstadt.games]\n{gid} = plug_{gid}:{point}\n", encoding="utf-8")
    return where


Install = Callable[..., str]


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Install]:
    """Puts a plug-in's folder on sys.path and lets the registry read the entry points anew."""
    made: list[str] = []

    def install(gid: str, **kw: Any) -> str:
        folder = plugin(tmp_path, gid, **kw)
        monkeypatch.syspath_prepend(str(folder))
        monkeypatch.setattr(registry, "_points", None)
        made.append(gid)
        return gid
    yield install
    registry._points = None
    for gid in made:
        registry._loaded.pop(gid, None)


def test_an_entry_point_naming_the_class_says_to_name_an_instance(installed: Install) -> None:
    gid = installed("pclass", point="Game")
    with pytest.raises(BadOption, match=r"names the class Game, not a Game: the entry point names an instance "
                                        r"\(GAME = Game\(\)\)"):
        registry.game(gid)


def test_an_entry_point_whose_game_has_another_id_names_both(installed: Install) -> None:
    gid = installed("pid", tail="\nGAME.id = 'other'")
    with pytest.raises(BadOption, match=r"game 'pid' \(entry point plug_pid:GAME\) names the Game 'other': "
                                        r"the entry point's name must be the Game's id"):
        registry.game(gid)


@pytest.mark.parametrize("gid, tail, said", [
    ("ptitle", "\nGame.title = ''", "the Game has no title"),
    ("pplayers", "\nGame.players = [2, 3, 4]", r"Game.players must be a range of player counts such as range\(2, 5\), "
                                              r"not \[2, 3, 4\]"),
    ("pparts", "\nGame.parts = ['terminal']", r"Game.parts must be a dict of part kind to declaration, "
                                              r"not \['terminal'\]"),
])
def test_a_game_without_a_title_or_a_range_of_players_is_named(installed: Install, gid: str, tail: str,
                                                               said: str) -> None:
    with pytest.raises(BadOption, match=f"game '{gid}' \\(entry point plug_{gid}:GAME\\): {said}"):
        registry.game(installed(gid, tail=tail))


def test_a_part_of_unknown_kind_is_named_with_the_kinds_there_are(installed: Install) -> None:
    gid = installed("pkind", parts='{"heuristics": "plug_pkind.heuristic"}')
    with pytest.raises(BadOption, match=r"declares a part of unknown kind 'heuristics'; the kinds are: .*heuristic"):
        registry.game(gid)


@pytest.mark.parametrize("kind, target, form", [
    ("web", "plug.web", '"package:folder"'),
    ("heuristic", "plug:heuristic", 'a module, "module"'),
    ("terminal", "plug.terminal", '"module:function"'),
])
def test_a_part_declared_in_the_wrong_form_says_the_right_one(installed: Install, kind: str, target: str,
                                                              form: str) -> None:
    gid = installed(f"pform{kind}", parts=f'{{"{kind}": "{target}"}}')
    said = f"its {kind} part is declared as '{target}'; a {kind} part is {form}"
    with pytest.raises(BadOption, match=re.escape(said)):
        registry.game(gid)


def test_a_state_missing_a_method_of_the_contract_is_named_when_the_game_loads(installed: Install) -> None:
    """Python says so only when the first state is made ("Can't instantiate abstract
    class"), which the commands reported as an internal error."""
    gid = installed("pstate", tail=textwrap.dedent('''

        from reichsstadt.core import State


        class HalfState(State):
            def _to_act(self):
                return ()
        '''))
    with pytest.raises(BadOption, match=r"its state HalfState \(plug_pstate\) does not implement .*sample\(\)"):
        registry.game(gid)


def test_a_heuristic_part_without_the_greedy_player_names_what_it_lacks(installed: Install) -> None:
    from reichsstadt.bots import make_bot

    gid = installed("pgreedy", parts='{"heuristic": "plug_pgreedy.heuristic"}',
                    files={"heuristic.py": HEURISTIC_MODULE.replace("class Greedy:", "class Gready:")})
    with pytest.raises(FrontendError, match=r"Broken dice's heuristic part plug_pgreedy.heuristic lacks Greedy, "
                                            r"which the greedy bot needs"):
        make_bot("greedy", 1, game=gid)


def test_a_heuristic_part_without_the_search_aids_names_them(installed: Install) -> None:
    from reichsstadt.bots.heuristic import search_aids

    gid = installed("psearch", parts='{"heuristic": "plug_psearch.heuristic"}',
                    files={"heuristic.py": HEURISTIC_MODULE.split("CUTOFF")[0]})
    with pytest.raises(FrontendError, match=r"heuristic part plug_psearch.heuristic lacks CUTOFF, SPREAD, "
                                            r"which the search \(mcts"):
        search_aids(gid)


def test_a_function_part_that_is_no_function_is_named(installed: Install) -> None:
    gid = installed("pcall", parts='{"encoder": "plug_pcall.encoder:build"}', files={"encoder.py": "build = 3\n"})
    with pytest.raises(FrontendError, match=r"encoder part plug_pcall.encoder:build is a int, not a function"):
        registry.part(gid, "encoder")


@pytest.mark.parametrize("kind, needed", [("web", "board.js"), ("catalogs", "en.po")])
def test_a_folder_part_without_its_main_file_names_it(installed: Install, kind: str, needed: str) -> None:
    gid = installed(f"pfolder{kind}", parts=f'{{"{kind}": "plug_pfolder{kind}:stuff"}}',
                    files={"stuff/readme.txt": "the board and the catalogs forgot\n"})
    with pytest.raises(FrontendError, match=f"{kind} folder plug_pfolder{kind}:stuff has no {needed} "
                                            r"\(is it listed as package data"):
        registry.files(gid, kind)


def _reichsstadt(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "reichsstadt", *args], capture_output=True, text=True, env=env,
                          cwd=folder, input="1\n" * 40, timeout=180)


def test_the_commands_name_a_broken_greedy_player_before_the_first_move(tmp_path: Path) -> None:
    """`play` with a greedy seat and `simulate` stop with one line and status 2 before
    any move, where they used to fail at the greedy bot's first turn with "Internal
    error (AttributeError ...); please report it"."""
    plugin(tmp_path, "pcli", parts='{"heuristic": "plug_pcli.heuristic"}',
           files={"heuristic.py": HEURISTIC_MODULE.replace("class Greedy:", "class Gready:")})
    want = "Broken dice's heuristic part plug_pcli.heuristic lacks Greedy, which the greedy bot needs"
    for args in (["play", "pcli", "-p", "2", "--seats", "human,greedy", "--seed", "1"],
                 ["simulate", "pcli", "--games", "2", "-p", "2", "--bots", "greedy,random"]):
        done = _reichsstadt(tmp_path, *args)
        shown = done.stdout + done.stderr
        assert done.returncode == 2, shown
        assert want in shown and "Internal error" not in shown and "Traceback" not in shown, shown
        assert "Your move" not in shown, "the error comes before the first move"


def test_a_plugins_own_code_that_raises_is_named_as_that_games_fault(tmp_path: Path) -> None:
    """A plug-in's terminal board that raises (a bug of the plug-in, not of its
    declaration) used to be "internal error (...); please report it", as if reichsstadt
    were at fault. It names the game and where its code raised, and whom to tell."""
    plugin(tmp_path, "pfault", parts='{"terminal": "plug_pfault.terminal:render"}',
           files={"terminal.py": "def render(view, seat, names, words):\n    return 1 / 0\n"})
    done = _reichsstadt(tmp_path, "play", "pfault", "-p", "2", "--seats", "human,random", "--seed", "1")
    shown = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 1, shown
    assert ("Error in the game Broken dice (ZeroDivisionError: division by zero, raised in plug_pfault.terminal, "
            "line 2); please report it to that game's authors") in shown
    assert "internal error" not in shown.lower() and "Traceback" not in shown
