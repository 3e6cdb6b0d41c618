"""Clocks and absent players (issue 11): a table may set thinking time per move or per
game, and how long a player may be gone; when one runs out, a bot plays for that seat
until the person returns, and the log says so. The server's time is a clock the tests
move by hand: what runs out does so exactly when a test says, however busy the machine."""

from __future__ import annotations

from typing import Any

from .helpers import ManualClock, Ws, serve


def _clock_table(c: Any, **clock: Any) -> dict[str, Any]:
    """Seat 0 a person (the creator), seats 1-2 random bots, the clock given, started."""
    r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human", "random", "random"],
                                    "take_seat": 0, "name": "Ann", "clock": clock, "start": True})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _note(ws: Ws, kind: str, timeout: float = 10) -> dict[str, Any]:
    """Read until the log holds a note of `kind` (server.note.<kind>); that entry."""
    found: list[dict[str, Any]] = []

    def has() -> bool:
        found[:] = [e for e in ws.log if e.get("note") and e["words"]["id"] == f"server.note.{kind}"]
        return bool(found)
    if not has():
        ws.until(lambda m: m["type"] == "state" and has(), timeout)
    return found[-1]


def _deciding(ws: Ws, after: int = -1) -> dict[str, Any]:
    """Read until the seat owes a decision (past move `after`), its clock running, and no
    other seat decides: nothing changes until it acts (a state where a bot decides too may
    be gone, the seat's clock stopped, before the test moves the time on); that state."""
    return ws.until(lambda m: m["type"] == "state" and m["move"] > after and bool(m["legal"])
                    and m["seats"][ws.seat]["clock"]["running"]
                    and [i for i, s in enumerate(m["seats"]) if s["deciding"]] == [ws.seat])


def test_a_decision_past_its_time_is_played_by_a_bot_until_the_person_returns(tmp_path: Any) -> None:
    clock = ManualClock()
    with serve(tmp_path, clock=clock, clock_minimum=0.2) as c:
        t = _clock_table(c, move=0.6)
        ann = Ws(c, t["id"], t["token"])
        ann.first_state()
        s = _deciding(ann)
        assert s["seats"][0]["clock"]["move_left"] == 0.6
        clock.advance(0.7)                              # Ann thinks too long
        note = _note(ann, "move")
        assert note["seat"] == 0 and note["words"]["args"]["bot"] == "greedy"  # the default stand-in: medium
        assert ann.state["seats"][0]["stand_in"] == "greedy" and ann.state["legal"] == []
        before = ann.state["move"]
        ann.until(lambda m: m["type"] == "state" and any(e["seat"] == 0 and not e.get("note")
                                                        for e in m["log"]) and m["move"] > before)
        # Ann acts again: the bot leaves her seat, the log says she is back
        ann.send({"type": "hint"})                      # any message of hers counts as her return
        ann.until(lambda m: m["type"] in ("hint", "error"))
        ann.close()
        again = Ws(c, t["id"], t["token"])             # and so does coming back to the table
        again.first_state()
        _note(again, "back")
        assert again.state["seats"][0]["stand_in"] is None
        again.close()


def test_a_player_gone_too_long_gets_a_bot_until_they_come_back(tmp_path: Any) -> None:
    clock = ManualClock()
    with serve(tmp_path, clock=clock, clock_minimum=0.2) as c:
        t = _clock_table(c, absent=0.5)
        watcher = Ws(c, t["id"], None)
        watcher.first_state()
        clock.advance(0.6)
        _note(watcher, "absent")        # Ann never connected: away from the start
        assert watcher.state["seats"][0]["stand_in"] == "greedy"
        ann = Ws(c, t["id"], t["token"])
        ann.first_state()
        _note(ann, "back")
        assert ann.state["seats"][0]["stand_in"] is None and ann.state["seats"][0]["connected"]
        ann.close()                     # gone again: after the allowance, a bot again
        watcher.until(lambda m: m["type"] == "state" and not m["seats"][0]["connected"])
        clock.advance(0.4)              # not yet...
        watcher.send({"type": "ping"})
        watcher.until(lambda m: m["type"] == "pong")
        assert watcher.state["seats"][0]["stand_in"] is None
        clock.advance(0.2)              # ...now
        watcher.until(lambda m: m["type"] == "state" and m["seats"][0]["stand_in"] == "greedy")
        assert [e["words"]["id"] for e in watcher.log if e.get("note")][-1] == "server.note.absent"
        assert [e["words"]["id"] for e in watcher.log if e.get("note")].count("server.note.absent") == 2
        watcher.close()


def test_a_game_clock_counts_every_decision(tmp_path: Any) -> None:
    clock = ManualClock()
    with serve(tmp_path, clock=clock, clock_minimum=0.2) as c:
        t = _clock_table(c, game=1.5)
        ann = Ws(c, t["id"], t["token"])
        ann.first_state()
        s = _deciding(ann)
        assert s["seats"][0]["clock"]["game_left"] == 1.5
        clock.advance(0.4)
        ann.move(s["legal"][0]["index"])               # a move after 0.4 s of thought
        s = _deciding(ann, after=s["move"])
        assert s["seats"][0]["clock"]["game_left"] == 1.1  # the next decision starts from what is left
        clock.advance(1.2)                             # the rest runs out
        note = _note(ann, "game")
        assert note["seat"] == 0 and ann.state["seats"][0]["stand_in"] == "greedy"
        ann.close()


def test_a_clock_is_checked(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        for clock, message in (({"move": 1}, "server.error.clock_limit"), ({"turn": 30}, "server.error.clock"),
                               ({"move": "30"}, "server.error.clock_limit"),
                               ({"move": 30, "bot": "nobody"}, None)):
            r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human"] * 3,
                                            "take_seat": 0, "name": "Ann", "clock": clock})
            assert r.status_code == 400, r.text
            if message:
                assert r.json()["error"]["id"] == message
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human"] * 3,
                                        "take_seat": 0, "name": "Ann", "clock": {"move": 60, "absent": 300}})
        info = c.get(f"/api/tables/{r.json()['id']}").json()
        assert info["clock"] == {"move": 60.0, "game": None, "absent": 300.0, "bot": "greedy"}
