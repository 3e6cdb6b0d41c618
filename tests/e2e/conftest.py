"""End-to-end fixtures: a live uvicorn server in a thread (its own temp SQLite, bots at
once), Debian's Chromium driven by Playwright's sync API, pages that fail the test on any
script error, and screenshots checked not blank.

Playwright cannot download its browser here; Debian's works (tests/setup.sh installs it;
CHROMIUM_PATH overrides). pytest-asyncio must not run in this process's tests (it breaks
sync Playwright): these tests use no asyncio fixtures."""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from reichsstadt.server.app import create_app
from reichsstadt.server.config import Settings
from tests.server.process import Server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
BROWSER = [pytest.mark.skipif(not os.path.exists(CHROMIUM),
                              reason=f"Debian's chromium is not at {CHROMIUM} "
                                     "(tests/setup.sh installs it; CHROMIUM_PATH overrides)"),
           pytest.mark.xdist_group("browser")]
"""The marks of a browser test module: one worker runs every browser test, one Playwright
at a time; skipped only on a machine without Chromium (CI installs it)."""
ARGS = ["--disable-background-networking", "--disable-component-update", "--no-first-run"]


class LiveServer:
    """uvicorn serving a fresh app in a thread; `url` is where it listens."""

    def __init__(self, folder: Path, bot_delay: float = 0.0, **settings: Any) -> None:
        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(Settings(db_url=f"sqlite+aiosqlite:///{folder}/e2e.db", bot_delay=bot_delay, **settings))
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", ws_max_size=64 * 1024))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@contextmanager
def running_server(folder: Path) -> Iterator[str]:
    """`reichsstadt serve` as its own process on a free port (data in `folder`, bots
    without delay): its base URL."""
    server = Server(folder, bot_delay=0.0)
    try:
        yield server.base
    finally:
        server.close()


def post_json(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.load(res)


@pytest.fixture(scope="session")
def live_server() -> Iterator[LiveServer]:
    folder = Path(tempfile.mkdtemp(prefix="e2e-"))
    server = LiveServer(folder)
    yield server
    server.stop()


# Module scope, not session: sync Playwright keeps an asyncio loop marked running in this
# thread while it lives, which breaks every later asyncio.run() on the same xdist worker
# (the server tests) and a second sync_playwright() (test_norenberc_board.py).
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Server]:
    """`reichsstadt serve` in a process of its own, one per test module (its data in a
    fresh folder named after the module): its bot pool works with the server's own
    budgets, as a person's tables do."""
    yield from serving(tmp_path_factory, request.module.__name__.rsplit(".", 1)[-1])


def serving(tmp_path_factory: pytest.TempPathFactory, name: str, bot_delay: float = 0.0) -> Iterator[Server]:
    """A module fixture's server (its data in a fresh folder `name`), its bots waiting
    `bot_delay` seconds a move (a game a test can watch while it lasts), closed after."""
    s = Server(tmp_path_factory.mktemp(name), bot_delay=bot_delay)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()
    finally:
        pw.stop()


class Pages:
    """New browser contexts (each one person: its own storage) and their pages; every
    console error or uncaught exception on a page fails the test."""

    def __init__(self, browser: Any, shots: Path) -> None:
        self.browser = browser
        self.shots = shots
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def new(self, name: str = "person") -> Any:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.problems.append(f"{name}: {exc}"))
        page.on("console", lambda msg: msg.type == "error" and self.problems.append(f"{name}: {msg.text}"))
        return page

    def shot(self, page: Any, name: str) -> Path:
        """A screenshot saved under the test's folder, checked not blank."""
        path = self.shots / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert_not_blank(path.read_bytes(), name)
        keep = os.environ.get("E2E_SHOTS")  # a folder to keep them in too (docs/screenshots)
        if keep:
            shutil.copy(path, Path(keep) / path.name)
        return path

    def close(self) -> None:
        for c in self.contexts:
            c.close()


@pytest.fixture
def pages(chromium: Any, tmp_path: Path) -> Iterator[Pages]:
    p = Pages(chromium, tmp_path)
    try:
        yield p
        # a failed websocket during a deliberate server stop is the only error allowed
        real = [x for x in p.problems if "WebSocket" not in x and "ERR_CONNECTION_REFUSED" not in x]
        assert not real, f"script errors on the page: {real}"
    finally:
        p.close()


# -- screenshots ------------------------------------------------------------------------
# A screenshot's distinct colours, counted by the browser itself (page.evaluate(COLOURS, b64 png)).
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


def assert_not_blank(data: bytes, name: str) -> None:
    """Not one colour: many distinct colours, none covering nearly the whole screen."""
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(data)).convert("RGB")
    small = img.reduce(3)  # every 3x3 block averaged: the check reads ~100k pixels
    counts = small.getcolors(maxcolors=1 << 20) or []
    total = small.width * small.height
    assert len(counts) >= 16, f"screenshot {name} has {len(counts)} colours: blank"
    assert max(n for n, _ in counts) < 0.97 * total, f"screenshot {name} is nearly one colour"


@pytest.fixture
def market() -> Iterator[str]:
    """The server tests' Market game (picks, confirmations), registered while the test
    runs (the live server in this process sees it)."""
    from reichsstadt.core import registry
    from tests.server.marketgame import GAME

    registry.register(GAME)
    try:
        yield GAME.id
    finally:
        registry._extra.pop(GAME.id, None)
        registry._loaded.pop(GAME.id, None)
