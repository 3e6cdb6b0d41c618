"""Tables for the newcomer tests: a person's seat at a table of bots, finished by a
stand-in bot playing the person's seat (so that the end, the names and the review can be
looked at without clicking a whole game through), and opened in a page as that person."""

from __future__ import annotations

import time
from typing import Any

from tests.server.process import Server


def person_at(server: Server, game: str, bots: list[str], name: str = "Ann",
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A running table: the person in seat 1, `bots` in the others; its keys."""
    made = server.post("/api/tables", {"game": game, "players": 1 + len(bots), "options": options or {},
                                        "seats": ["human", *bots], "take_seat": 0, "name": name, "start": True})
    assert "id" in made, made
    return dict(made)


def finished(server: Server, game: str, bots: list[str], name: str = "Ann", timeout: float = 300) -> dict[str, Any]:
    """A finished table with the person in seat 1 (a bot played their seat)."""
    made = person_at(server, game, bots, name)
    status, got = server.request("POST", f"/api/tables/{made['id']}/seats/0/stand-in", {"bot": "greedy"},
                                 token=made["creator"])
    assert status == 200, got
    deadline = time.monotonic() + timeout
    while server.get(f"/api/tables/{made['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return made


def open_as(page: Any, base: str, made: dict[str, Any], lang: str = "en", path: str = "") -> None:
    """The table's page in `page`, as the person who sits at it (their keys in the browser)."""
    page.goto(base + "/")
    page.evaluate("([id, keys, lang]) => { localStorage.setItem('rs.table.' + id, JSON.stringify(keys));"
                  " localStorage.setItem('rs.lang', lang); }",
                  [made["id"], {"creator": made["creator"], "token": made["token"], "seat": 0}, lang])
    page.goto(f"{base}/t/{made['id']}{path}")
