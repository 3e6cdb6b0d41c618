"""Tables for the newcomer tests: a person's seat at a table of bots, finished by a
stand-in bot playing the person's seat (so that the end, the names and the review can be
looked at without clicking a whole game through), and opened in a page as that person.
Every helper takes the server's base URL."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """An HTTP request to the server: (status, JSON answer)."""
    req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                 headers={"content-type": "application/json",
                                          **({"authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def person_at(base: str, game: str, bots: list[str], name: str = "Ann",
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A running table: the person in seat 1, `bots` in the others; its keys."""
    status, made = call(base, "POST", "/api/tables", {
        "game": game, "players": 1 + len(bots), "options": options or {}, "seats": ["human", *bots], "take_seat": 0,
        "name": name, "start": True})
    assert status == 201, made
    return dict(made)


def among_people(base: str, game: str, players: int, name: str = "Ann") -> dict[str, Any]:
    """A running table of people only: `name` in seat 1, the others joined by their invites
    and never moving, so that the table changes only when seat 1 moves; seat 1's keys."""
    status, made = call(base, "POST", "/api/tables", {
        "game": game, "players": players, "options": {}, "seats": ["human"] * players, "take_seat": 0, "name": name})
    assert status == 201, made
    for n, invite in enumerate(made["invites"]):
        status, joined = call(base, "POST", f"/api/tables/{made['id']}/join",
                              {"invite": invite["invite"], "name": f"Guest {n + 1}"})
        assert status == 200, joined
    return dict(made)


def finished(base: str, game: str, bots: list[str], name: str = "Ann", timeout: float = 300) -> dict[str, Any]:
    """A finished table with the person in seat 1 (a bot played their seat)."""
    made = person_at(base, game, bots, name)
    status, got = call(base, "POST", f"/api/tables/{made['id']}/seats/0/stand-in", {"bot": "greedy"}, made["creator"])
    assert status == 200, got
    deadline = time.monotonic() + timeout
    while call(base, "GET", f"/api/tables/{made['id']}")[1]["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return made


def open_as(page: Any, base: str, made: dict[str, Any], lang: str = "en", path: str = "",
            kept: dict[str, str] | None = None) -> None:
    """The table's page in `page`, as the person who sits at it (their keys in the browser;
    `kept`: more of what the browser keeps, as the page's own switches store it)."""
    page.goto(base + "/")
    page.evaluate("([id, keys, lang, kept]) => { localStorage.setItem('rs.table.' + id, JSON.stringify(keys));"
                  " localStorage.setItem('rs.lang', lang);"
                  " for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v); }",
                  [made["id"], {"creator": made["creator"], "token": made["token"], "seat": 0}, lang, kept or {}])
    page.goto(f"{base}/t/{made['id']}{path}")


# Siedler's trade panel's standing answer "decline every offer", as the browser keeps it: a
# person who never moves would otherwise keep a random bot's offer waiting for an answer,
# and their own turn would never come
DECLINE_ALL = {"rs.siedler.decline-all": "1"}


def own_turn(page: Any, timeout: float = 60) -> None:
    """Wait until the person decides on a turn of their own, not answering another's offer
    (whose step says why instead): the table stands still until they move."""
    page.wait_for_function("() => document.querySelector('.table-page .status.yours') && document.querySelector"
                           "('[data-legal]') && document.querySelector('[data-phase]')?.dataset.phase !== 'respond'",
                           timeout=timeout * 1000)


def play_now(page: Any, base: str, game: str) -> str:
    """The lobby's one-click game ("Play now" on the game's card) until its table runs;
    the table's id."""
    import re

    page.goto(base + "/")
    page.click(f".game-card[data-game={game}] button[data-quick]")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    page.wait_for_selector(".table-page[data-status=running]")
    return str(page.url.rsplit("/", 1)[1])
