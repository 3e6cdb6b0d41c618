"""A game is one installable unit (issue 18): the example game, examples/markt, installed
with pip into a throwaway virtual environment, appears everywhere on the platform with no
change inside reichsstadt/, each checked through the command or API a user calls:
`reichsstadt games`, the web lobby of a running `reichsstadt serve` (its board served
from its own package, its words merged into the catalogs), a whole game in the terminal
against bots, `replay`, `simulate`, `tournament` (greedy is its heuristic), and the
PettingZoo and OpenSpiel adapters (its encoder); and the example's own test suite passes
against the installed package.

The venv sees the project through the system site-packages, with PYTHONPATH pointing at
this checkout, so it is the code under test that finds the installed game. pip is the
system's (`python -m pip` inside the venv: `--without-pip` spares ensurepip's seconds),
and the build uses the system's setuptools and wheel (`--no-build-isolation`: no network)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

import reichsstadt

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "markt"
GAME = "markt"

pytestmark = pytest.mark.xdist_group("plugin")  # one worker builds the venv once for every test


@dataclass
class Venv:
    python: Path
    env: dict[str, str]
    folder: Path        # scratch space for this module's files
    source: Path        # the copy of the example that was installed (with its tests)

    def run(self, *args: str, stdin: str | None = None, cwd: Path | None = None,
            timeout: float = 180) -> subprocess.CompletedProcess[str]:
        """`python ARGS` in the venv; the output in the failure message if it fails."""
        done = subprocess.run([str(self.python), *args], input=stdin, capture_output=True, text=True,
                              env=self.env, cwd=cwd or self.folder, timeout=timeout)
        assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    def reichsstadt(self, *args: str, stdin: str | None = None) -> str:
        """The `reichsstadt` command, as the venv's python runs it."""
        return self.run("-m", "reichsstadt", *args, stdin=stdin).stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    folder = tmp_path_factory.mktemp("plugin")
    source = folder / "markt"  # a copy: the build writes build/ and *.egg-info beside the sources
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info", ".*"))
    home = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(home)], check=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "160", "LANG": "C.UTF-8"}
    env.pop("PYTHONHOME", None)
    made = Venv(home / "bin" / "python", env, folder, source)
    made.run("-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", str(source))
    return made


def test_the_game_comes_from_its_own_installed_package_and_not_from_reichsstadt(venv: Venv) -> None:
    """Before the install this interpreter does not know the game; in the venv the game,
    its parts and its board come from the installed package, the platform from this
    checkout."""
    assert GAME not in reichsstadt.game_ids()
    where = json.loads(venv.run("-c", (
        "import json, reichsstadt, reichsstadt_markt\n"
        "from reichsstadt.core import files, part\n"
        "print(json.dumps({'platform': reichsstadt.__file__, 'game': reichsstadt_markt.__file__,"
        " 'board': str(files('markt', 'web').joinpath('board.js')), 'catalogs': str(files('markt', 'catalogs')),"
        " 'terminal': part('markt', 'terminal').__module__, 'heuristic': part('markt', 'heuristic').__name__,"
        " 'encoder': part('markt', 'encoder').__module__, 'ids': reichsstadt.game_ids()}))")).stdout)
    site = str(venv.python.parent.parent)
    assert where["platform"].startswith(str(ROOT / "reichsstadt"))
    assert where["game"].startswith(site) and where["board"].startswith(site) and where["catalogs"].startswith(site)
    assert GAME in where["ids"]
    assert [where[k] for k in ("terminal", "heuristic", "encoder")] == [
        "reichsstadt_markt.terminal", "reichsstadt_markt.heuristic", "reichsstadt_markt.encoder"]


def test_reichsstadt_games_lists_it_with_its_option(venv: Venv) -> None:
    listed = venv.reichsstadt("games")
    row = next(line for line in listed.splitlines() if f" {GAME} " in line)
    assert "Markt" in row and "2–4" in row and "days (a number, default 6" in row


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read(), answer.headers.get("content-type", "")


@pytest.fixture(scope="module")
def server(venv: Venv) -> Iterator[str]:
    """A real `reichsstadt serve` in the venv, on a free port and a database of its own."""
    port = _free_port()
    log = (venv.folder / "serve.log").open("w")
    proc = subprocess.Popen([str(venv.python), "-m", "reichsstadt", "serve", "--port", str(port), "--bot-delay", "0",
                             "--plain-logs", "--db", f"sqlite+aiosqlite:///{venv.folder / 'tables.db'}"],
                            env=venv.env, cwd=venv.folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # up to a minute on a busy machine; usually a second or two
            if proc.poll() is not None:
                raise AssertionError(f"serve exited {proc.returncode}: {(venv.folder / 'serve.log').read_text()}")
            try:
                _get(base + "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("serve did not answer /healthz within a minute")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_the_lobby_lists_it_with_its_board_served_from_its_package(server: str) -> None:
    body, _ = _get(server + "/api/games")
    listed = {g["id"]: g for g in json.loads(body)["games"]}
    markt = listed[GAME]
    assert markt["title"] == "Markt" and markt["players"] == [2, 4] and "greedy" in markt["bots"]
    assert [o["name"] for o in markt["options"]] == ["days"]
    assert markt["board"] == f"/games/{GAME}/board.js"
    board, kind = _get(server + markt["board"])
    assert kind.startswith("text/javascript")
    assert board == (EXAMPLE / "reichsstadt_markt" / "web" / "board.js").read_bytes()
    assert "export function draw(el, view, ctx)" in board.decode()
    style, kind = _get(server + f"/games/{GAME}/board.css")
    assert kind.startswith("text/css") and b".markt" in style
    guide, kind = _get(server + f"/games/{GAME}/guide.json")  # "How to play", listed as package data
    assert kind.startswith("application/json") and json.loads(guide)["sections"]


def test_its_words_are_merged_into_the_catalogs_the_browser_reads(server: str) -> None:
    body, _ = _get(server + "/i18n/de.json")
    messages = json.loads(body)["messages"]
    assert messages["markt.good.salt"] == "Salz" and messages["markt.option.days"] == "Markttage"
    assert messages["markt.count.wine"] == ["{count} Fass Wein", "{count} Fässer Wein"]
    assert messages["norenberc.phase.planning"]  # the platform's own games keep theirs


def test_a_whole_game_in_the_terminal_against_its_greedy_player(venv: Venv) -> None:
    """`reichsstadt play`: a person (stdin) against the game's greedy player and a random
    bot, in German, to the final scores; the record replays."""
    record = venv.folder / "game.json"
    # a move number, then "y" for a move that asks first (where no question comes, "y"
    # is refused as a move and the next number follows)
    keys = "h\n\n\n\n" + "1\ny\n" * 30
    shown = venv.reichsstadt("play", GAME, "--players", "3", "--seats", "human,greedy,random", "--seed", "3",
                             "--lang", "de", "--save", str(record), stdin=keys)
    assert "Endwertung" in shown and "Markttag 6 von 6" in shown and "Taler" in shown
    moves = json.loads(record.read_text(encoding="utf-8"))["moves"]
    assert sum(1 for seat, _ in moves if seat == 0) == 6, "the person decided once each market day"
    assert sum(1 for seat, move in moves if seat == 1 and move["type"] == "sell") >= 1, "greedy sold"
    assert "Ein Markttag" in shown, "h shows How to play (web/guide.json) in the terminal"
    replayed = venv.reichsstadt("replay", str(record), "--lang", "en")
    assert "Final scores" in replayed and "the market is closed" in replayed.lower()


def test_simulate_plays_it_between_bots(venv: Venv) -> None:
    out = venv.folder / "simulate.json"
    venv.reichsstadt("simulate", GAME, "--games", "12", "--players", "3", "--bots", "greedy,random,random",
                     "--out", str(out))
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["summary"]["game"] == GAME and len(result["games"]) == 12
    assert result["summary"]["bots"] == ["greedy", "random", "random"]


def test_a_tournament_seats_its_greedy_player(venv: Venv) -> None:
    out = venv.folder / "tournament"
    venv.reichsstadt("tournament", GAME, "--bots", "greedy,random", "--players", "2", "--games", "8", "--jobs", "1",
                     "--no-plots", "--out", str(out))
    result: dict[str, Any] = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert result["game"] == GAME and len(result["games"]) == 8
    assert sorted(row["bot"] for row in result["summary"]) == ["greedy", "random"]


ADAPTERS = """
import warnings
warnings.simplefilter("ignore")
import pyspiel
from pettingzoo.test import api_test
from reichsstadt.interop import openspiel
from reichsstadt.interop.pettingzoo import env

api_test(env("markt", players=3), num_cycles=300)
pyspiel.random_sim_test(openspiel.load("markt", players=2), num_sims=3, serialize=False, verbose=False)
game = pyspiel.load_game("reichsstadt_markt(players=4,days=3)")
print("adapters:", game.num_players(), game.observation_tensor_size(), game.num_distinct_actions())

import gymnasium
from gymnasium.utils.env_checker import check_env
from reichsstadt.interop.gymnasium import ReichsstadtEnv

check_env(ReichsstadtEnv("markt", players=3, opponents="greedy"), skip_render_check=True)
one = gymnasium.make("reichsstadt/markt-v0", players=2, opponents="greedy")
observation, info = one.reset(seed=1)
print("gymnasium:", observation.shape[0] > 0, int(one.unwrapped.action_masks().sum()) > 0)
"""


def test_the_pettingzoo_openspiel_and_gymnasium_adapters_play_it_with_its_encoder(venv: Venv) -> None:
    shown = venv.run("-c", ADAPTERS).stdout
    players, observation, actions = shown.split("adapters:")[1].split("gymnasium:")[0].split()
    assert int(players) == 4 and int(observation) > 0 and int(actions) == 30
    gymnasium = shown.split("gymnasium:")[1].split()
    assert gymnasium == ["True", "True"], "check_env passed; made by its id, reichsstadt/markt-v0"


def test_the_platforms_research_page_still_lists_only_its_own_games(venv: Venv) -> None:
    """docs/research.md's encodings are generated from the games reichsstadt installs;
    a plug-in installed beside it (as its README says) must not make the page out of date."""
    ids = venv.run("-c", "from reichsstadt.interop import docs; print(' '.join(docs.installed_ids()))").stdout.split()
    assert ids and GAME not in ids


def test_its_own_test_suite_passes_against_the_installed_package(venv: Venv) -> None:
    """The example's tests (every rule by its section, conformance, catalogs), as its
    README says to run them; -P keeps the source folder off sys.path, so they import the
    installed package."""
    shown = venv.run("-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=venv.source).stdout
    assert " passed" in shown and "failed" not in shown
