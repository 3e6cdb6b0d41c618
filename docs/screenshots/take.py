"""The screenshots in this folder, taken again: each game's table, its end and its review,
on a desktop (1280×900) and a phone (375×812; the table in German and Russian too), plus
the lobby and a "how to play" panel.
A `reichsstadt serve` of this checkout plays the games (bots, and a bot for the person's
seat up to the moment pictured, or a whole game); Debian's Chromium takes the pictures. About ten
minutes (a review is two minutes of search).

    python3 docs/screenshots/take.py [--only siedler] [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.e2e.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.e2e.newcomer import call, finished, open_as, person_at  # noqa: E402
from tests.e2e.play import wait_table  # noqa: E402
from tests.server.process import Server  # noqa: E402

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
LANGUAGES = ("de", "ru")
PLAYED_BEFORE = {"norenberc": 60, "siedler": 90, "colonia": 60}  # moves made before the table's picture
BOTS = {"norenberc": ["greedy", "greedy", "greedy"], "siedler": ["greedy", "greedy", "greedy"],
        "colonia": ["greedy", "greedy", "greedy"]}


def played_for(base: str, made: dict[str, Any], moves: int, timeout: float = 300) -> None:
    """A stand-in bot plays the person's seat until the table has made `moves` moves, then
    the person takes the seat back (every game's board alike: nothing clicks the boards)."""
    tid, creator = made["id"], made["creator"]
    status, got = call(base, "POST", f"/api/tables/{tid}/seats/0/stand-in", {"bot": "greedy"}, creator)
    assert status == 200, got
    deadline = time.monotonic() + timeout
    while call(base, "GET", f"/api/tables/{tid}")[1]["moves"] < moves:
        assert time.monotonic() < deadline, f"the bots did not reach move {moves}"
        time.sleep(0.2)
    status, got = call(base, "POST", f"/api/tables/{tid}/seats/0/stand-in", {"bot": None}, creator)
    assert status == 200, got


def table(page: Any, base: str, game: str, out: Path) -> None:
    """Mid-game, the person to decide, the suggest switch on."""
    page.set_viewport_size(DESKTOP)  # the game before ended on a phone
    made = person_at(base, game, BOTS[game])
    played_for(base, made, PLAYED_BEFORE[game])
    open_as(page, base, made)
    wait_table(page)
    page.evaluate("() => localStorage.setItem('rs.suggest', '1')")
    page.wait_for_selector(".status.yours", timeout=120_000)
    page.reload()
    for attempt in range(3):  # a busy server may refuse a hint: switched off and on, it is asked again
        try:
            page.wait_for_selector(".suggest-box .chance", timeout=60_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
            page.click(".suggest-switch")
            page.click(".suggest-switch")
    page.screenshot(path=str(out / f"{game}-table-desktop.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)  # the board takes its phone layout
    page.screenshot(path=str(out / f"{game}-table-phone.png"))
    for lang in LANGUAGES:  # the same table in the longest-worded languages
        open_as(page, base, made, lang=lang)
        wait_table(page)
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{game}-table-phone-{lang}.png"))
    page.set_viewport_size(DESKTOP)


def end_and_review(page: Any, base: str, game: str, out: Path) -> None:
    made = finished(base, game, BOTS[game])
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        open_as(page, base, made)
        page.wait_for_selector("section.end")
        page.screenshot(path=str(out / f"{game}-end-{name}.png"))
    page.set_viewport_size(DESKTOP)
    page.click("section.end a[href$='/review']")
    page.wait_for_selector("svg.chance-chart path.chance-line", timeout=600_000)
    page.screenshot(path=str(out / f"{game}-review-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"{game}-review-phone.png"), full_page=True)


def shrink(folder: Path) -> None:
    """Every picture of the folder in 256 colours (a third of the bytes, no visible loss)."""
    from PIL import Image

    for path in sorted(folder.glob("*.png")):
        with Image.open(path) as im:
            small = im.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
        small.save(path, optimize=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted(BOTS), help="one game only")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = ap.parse_args()
    server = Server(Path(tempfile.mkdtemp(prefix="screenshots-")))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport=DESKTOP)
            page.goto(server.base + "/")
            page.evaluate("() => localStorage.setItem('rs.lang', 'en')")
            for game in [args.only] if args.only else sorted(BOTS):
                table(page, server.base, game, args.out)
                end_and_review(page, server.base, game, args.out)
            page.set_viewport_size(DESKTOP)
            page.goto(server.base + "/")
            page.wait_for_selector(".lobby .game-card")
            page.screenshot(path=str(args.out / "lobby-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.click(".game-card[data-game=siedler] button.guide-open")
            page.wait_for_selector("dialog.guide .guide-section")
            page.screenshot(path=str(args.out / "guide-siedler-phone.png"))
            browser.close()
    finally:
        server.close()
    shrink(args.out)


if __name__ == "__main__":
    main()
