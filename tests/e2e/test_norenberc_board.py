"""Norenberc's board in a real browser (issue 10): a person plays a whole 3-player game
against random bots by clicking the board's pieces (the moves list only for moves that
have no piece: sell, do nothing, pass, stop buying, decline), in Debian's Chromium driven
by Playwright, against a live server.

At every decision it checks that what the board offers is exactly what the rules allow:
every clickable piece makes a legal move, and every legal move that belongs to a piece
(a guild to plan, a guest to hire, a good to buy, a player to rob, goods to steal or to
pay with, tiles for the Guard, a roof for the Mayor, the turn order) is clickable there.
The legal moves are read from the server's own state messages on the websocket. At the
end: the scores, and a screenshot of the board that is not blank (its colours counted by
the browser)."""

from __future__ import annotations

import base64
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
# the moves made by clicking a piece of the board; the others stay in the moves list
PIECE_MOVES = {"plan", "hire", "buy", "pay", "front", "rob", "steal", "guard", "swap", "peddler", "mayor"}
GAME_SECONDS = 75  # a whole game takes about 20-40 s here
# what the page shows at one instant: the move its board was drawn for, the clickable
# pieces with the moves they make, what is chosen on the board and in the moves form
SNAPSHOT = """() => ({
  move: Number(document.querySelector('.board')?.dataset.move ?? -1),
  over: document.querySelectorAll('.result table').length > 0,
  yours: document.querySelectorAll('.status.yours').length > 0,
  dialog: document.querySelectorAll('dialog.confirm[open]').length > 0,
  offered: [...document.querySelectorAll('svg.nb [data-legal]')]
    .map(g => [g.dataset.key, g.dataset.legal.split(' ').map(Number)]),
  paying: document.querySelectorAll('svg.nb .piece.picked[data-key^=goods]').length > 0,
  chosen_board: document.querySelectorAll('svg.nb .piece.part.picked').length,
  chosen_form: document.querySelectorAll('.pick button.part.on').length,
})"""

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.load(res)


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as res:
        return json.load(res)


@pytest.fixture
def norenberc_server(tmp_path: Path) -> Iterator[str]:
    """`reichsstadt serve` on a free port, its data in a fresh folder, bots without delay."""
    port = _free_port()
    env = {**os.environ, "REICHSSTADT_DATA": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "reichsstadt", "serve", "--port", str(port), "--bot-delay", "0"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _get(base + "/api/games")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


COLOURS = """async (b64) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + b64;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const px = g.getImageData(0, 0, img.width, img.height).data;
  const seen = new Set();
  for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
  return { width: img.width, height: img.height, colours: seen.size };
}"""


def test_a_person_plays_a_whole_game_by_clicking_the_board(norenberc_server: str) -> None:
    base = norenberc_server
    made = _post(base + "/api/tables", {"game": "norenberc", "players": 3, "options": {},
                                        "seats": ["human", "random", "random"], "take_seat": 0, "name": "Ann",
                                        "start": True})
    rng = random.Random(10)
    states: dict[int, dict[str, Any]] = {}  # the last state message for each move number
    errors: list[str] = []

    def on_socket(ws: Any) -> None:
        def frame(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "state":
                states[msg["move"]] = msg
        ws.on("framereceived", frame)

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--disable-background-networking", "--disable-component-update", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("websocket", on_socket)
            page.goto(base + "/")
            page.evaluate("([id, keys]) => { localStorage.setItem('rs.table.' + id, JSON.stringify(keys));"
                          " localStorage.setItem('rs.lang', 'en'); }",
                          [made["id"], {"creator": made["creator"], "token": made["token"], "seat": 0}])
            page.goto(base + f"/t/{made['id']}")
            page.wait_for_selector("svg.nb", timeout=15000)

            on_board = by_list = decisions = 0
            deadline = time.monotonic() + GAME_SECONDS
            while True:
                assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
                assert not errors, errors
                snap = page.evaluate(SNAPSHOT)  # the board as drawn, and the move it shows, at once
                if snap["over"]:
                    break
                if snap["dialog"]:  # a move that cannot be undone: yes
                    page.locator("dialog.confirm button[value=yes]").click()
                    continue
                state = states.get(snap["move"])
                if state is None or not state["legal"] or not snap["yours"]:
                    page.wait_for_timeout(30)
                    continue
                legal = {m["index"] for m in state["legal"]}
                on_pieces = {i for _, indices in snap["offered"] for i in indices}
                assert on_pieces <= legal, f"clickable, yet not legal: {on_pieces - legal} ({snap['offered']})"
                for m in state["legal"]:
                    kind = m["action"]["type"]
                    if kind in PIECE_MOVES and not (kind == "pay" and snap["paying"]):
                        assert m["index"] in on_pieces, f"no piece for {m['action']}"
                assert snap["chosen_form"] == snap["chosen_board"], "the board and the form disagree on what is chosen"
                decisions += 1
                page.evaluate("() => { window.seenBoard = document.querySelector('svg.nb'); }")
                pieces = page.locator("svg.nb [data-legal]")
                buttons = page.locator(".moves .move-list button")
                try:
                    if state["pick"]:
                        # a multi-part choice: toggle parts on the board (the form follows), then send
                        count = pieces.count()
                        for i in rng.sample(range(count), min(count, rng.randint(1, 2))):
                            pieces.nth(i).click(timeout=2000)
                            on_board += 1
                        send = page.locator(".pick button.primary")
                        if send.is_enabled(timeout=2000):
                            send.click(timeout=2000)
                        elif buttons.count():
                            buttons.first.click(timeout=2000)
                            by_list += 1
                    elif pieces.count() and rng.random() < 0.9:
                        pieces.nth(rng.randrange(pieces.count())).click(timeout=2000)
                        on_board += 1
                    elif buttons.count():
                        buttons.nth(rng.randrange(buttons.count())).click(timeout=2000)
                        by_list += 1
                except sync_api.Error:
                    continue  # the page moved on under the click (a bot's move redrew it): look again
                # wait until the board is drawn anew (the server's answer, or a first good to pay
                # with chosen on the board) or a move asks to be confirmed
                page.wait_for_function("() => document.querySelector('svg.nb') !== window.seenBoard"
                                       " || document.querySelector('dialog.confirm[open]')", timeout=5000)

            print("decisions", decisions, "on board", on_board, "by list", by_list, "seconds", round(time.monotonic() - deadline + GAME_SECONDS))
            assert decisions >= 5 and on_board > by_list, (decisions, on_board, by_list)
            # the end: the scores under the board, each player's points on it
            assert page.locator(".result table.scores").count() == 1
            assert page.locator("svg.nb [data-legal]").count() == 0, "nothing is clickable once the game is over"
            points = page.locator("svg.nb .player text").all_text_contents()
            assert sum("point" in t for t in points) == 3, points
            png = page.locator(".board").screenshot()
            seen = page.evaluate(COLOURS, base64.b64encode(png).decode())  # decoded by the browser itself
            assert seen["width"] > 600 and seen["height"] > 600 and seen["colours"] > 50, f"a blank board? {seen}"
            assert not errors, errors
        finally:
            browser.close()
