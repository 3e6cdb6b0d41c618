"""Live play over the websocket: each client gets its seat's view, legal moves (index and
words) and the log; simultaneous decisions show who has decided, never what; the server
checks every action; every client updates at once; bots play at their pace; an absent
person's seat goes to a bot and back; a dropped connection picks up where it left off."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reichsstadt import game_ids
from reichsstadt.core import CHANCE, Action
from reichsstadt.core import game as find_game
from reichsstadt.server.messages import seat_parts
from reichsstadt.server.protocol import words

from tests.bundled import BUNDLED

from .helpers import ManualClock, Ws, auth, create, full_table, play, seated, serve

GAMES = game_ids()


def live_table(client: Any, tid: str) -> Any:
    return client.app.state.services.tables.tables[tid]


def moves_stored(client: Any, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").json()["moves"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("gid", GAMES)
def test_each_client_gets_its_seats_view_moves_and_log(tmp_path: Any, gid: str) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, gid, players=3)
        clients = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        watcher = Ws(c, t["id"], None)
        g = find_game(gid)
        space = g.action_space(3)
        for seat, cl in [*enumerate(clients), (None, watcher)]:
            welcome = cl.recv()
            assert welcome["type"] == "welcome" and welcome["you"] == seat
            assert welcome["table"]["id"] == t["id"] and welcome["table"]["status"] == "running"
            s = cl.first_state()
            assert s["you"] == seat and s["view"]["seat"] == seat and s["game"] == gid
            assert s["log_from"] == 0 and len(s["log"]) == s["move"]  # the set-up's draws, if any
            to_act = s["view"]["to_act"]
            if seat is not None and seat in to_act:
                assert s["legal"], "a seat to act is offered its moves"
                for m in s["legal"]:
                    assert space.decode(m["index"]) == Action.from_json(m["action"])
                    assert isinstance(m["words"], dict) and ("id" in m["words"] or "text" in m["words"])
            else:
                assert s["legal"] == [] and s["pick"] is None
            assert [x["deciding"] for x in s["seats"]] == [i in to_act for i in range(3)]
        # the words of every legal move are the engine's, in the seat's own words
        live = live_table(c, t["id"])
        for seat, cl in enumerate(clients):
            if cl.state["legal"]:
                want = [words(live.state.describe(seat, a, seat)) for a in live.state.legal(seat)]
                assert [m["words"] for m in cl.state["legal"]] == want
        for cl in [*clients, watcher]:
            cl.close()


@pytest.mark.parametrize("gid", GAMES)
def test_every_client_updates_at_once(tmp_path: Any, gid: str) -> None:
    rng = random.Random(5)
    with serve(tmp_path) as c:
        t = full_table(c, gid, players=3)
        clients = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        watchers = [Ws(c, t["id"], None), Ws(c, t["id"], None, board=True)]
        everyone = [*clients, *watchers]
        for cl in everyone:
            cl.first_state()
        for _ in range(12):  # twelve moves (or to the end), each seen by every client without asking
            for cl in everyone:
                cl.drain()
            if clients[0].state["status"] == "finished":
                break
            before = clients[0].state["move"]
            mover = next(cl for cl in clients if cl.state["legal"])
            mover.move(rng.choice(mover.state["legal"])["index"])
            for cl in everyone:
                s = cl.state_at(before + 1, timeout=10)
                assert s["move"] > before
            assert moves_stored(c, t["id"]) == clients[0].state["move"]
            logs = {json.dumps(cl.log[:before + 1]) for cl in clients}
            assert all(len(cl.log) == cl.state["move"] for cl in everyone)
            assert len(logs) >= 1
        g = find_game(gid)
        drawn = "terminal" in g.parts and "web" not in g.parts  # the server draws the board
        assert bool(watchers[1].state["board_html"]) is drawn and watchers[0].state["board_html"] is None
        for cl in everyone:
            cl.close()


def _simultaneous(client: Any, clients: list[Ws], rng: random.Random) -> None:
    """Play on until several people are to decide at once."""
    live = live_table(client, clients[0].state["table"])
    play(clients, rng, until=lambda: sum(1 for s in live.state.to_act() if s >= 0) >= 2
         and all(cl.state["move"] == live.moves for cl in clients), timeout=60)


@pytest.mark.parametrize("gid", [g for g in BUNDLED if g != "siedler"])  # Siedler has no simultaneous decision
def test_simultaneous_decisions_show_who_has_decided_never_what(tmp_path: Any, gid: str) -> None:
    rng = random.Random(11)
    with serve(tmp_path) as c:
        t = full_table(c, gid, players=3)
        clients = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        for cl in clients:
            cl.first_state()
        _simultaneous(c, clients, rng)
        live = live_table(c, t["id"])
        deciding = [s for s in live.state.to_act() if s >= 0]
        a, b = deciding[0], deciding[1]
        # the decisions of `a` that leave `b` the same view (a card laid face down for one
        # guild or another) are told to `b` in exactly the same message; some do
        names = live.names()
        told_by_view: dict[str, set[str]] = {}
        for action in live.state.legal(a):
            after = live.state.clone()
            told = [words(after.describe(a, action, b))]
            after.apply(a, action)
            told.append([words(x) for x in after.news(b)])
            parts = seat_parts(live.game, 3, after, "running", b, names, board=True)
            told.append(parts)
            told_by_view.setdefault(json.dumps(parts["view"], sort_keys=True), set()).add(json.dumps(told))
        assert all(len(v) == 1 for v in told_by_view.values()), "another seat's secret decision shows"
        assert len(told_by_view) < len(live.state.legal(a)), "no decision was secret"
        # and the table shows when `a` has decided while `b` still thinks
        while a in live.state.to_act():
            before = clients[a].state["move"]
            clients[a].move(rng.choice(clients[a].state["legal"])["index"])
            s = clients[b].state_at(before + 1)
            clients[a].state_at(before + 1)
            assert s["seats"][a]["deciding"] is (a in live.state.to_act())
            assert s["seats"][b]["deciding"] is True and s["legal"], "b still has its decision to make"
        assert s["seats"][a]["deciding"] is False
        for cl in clients:
            cl.close()


def test_the_server_checks_every_action_and_a_refusal_changes_nothing(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t, clients = seated(c)
        live = live_table(c, t["id"])
        play(clients, random.Random(2), until=lambda: len(live.state.to_act()) == 1 and live.state.to_act()[0] >= 0
             and live.moves > 40 and all(cl.state["move"] == live.moves for cl in clients)
             and live.state.pick(live.state.to_act()[0]) is None)  # a decision without a pick
        mover = live.state.to_act()[0]
        idle = (mover + 1) % 3
        n = live.moves
        before = [(cl.state["move"], cl.state["view"], cl.state["legal"]) for cl in clients]
        space = live.game.action_space(3)
        legal = {m["index"] for m in clients[mover].state["legal"]}
        illegal = next(i for i in range(len(space)) if i not in legal)
        cases = [
            (clients[mover], {"type": "move", "action": illegal, "expect": n}, "refused"),      # not legal now
            (clients[idle], {"type": "move", "action": sorted(legal)[0], "expect": n}, "refused"),  # out of turn
            (clients[mover], {"type": "move", "action": sorted(legal)[0], "expect": n + 5}, "refused"),  # future
            (clients[mover], {"type": "move", "action": len(space), "expect": n}, "malformed"),  # no such action
            (clients[mover], {"type": "move", "action": -1, "expect": n}, "malformed"),
            (clients[mover], {"type": "pick", "parts": [sorted(legal)[0]], "expect": n}, "refused"),  # no pick now
        ]
        for cl, msg, code in cases:
            cl.send(msg)
            err = cl.error()
            assert err["code"] == code, (msg, err)
            assert err["message"].get("id") or err["message"].get("text")
        for cl in clients:
            cl.drain()
        assert live.moves == n and moves_stored(c, t["id"]) == n
        for cl, old in zip(clients, before):
            assert (cl.state["move"], cl.state["view"], cl.state["legal"]) == old
        # the refusal words come from the engine
        clients[mover].send({"type": "move", "action": illegal, "expect": n})
        err = clients[mover].error()
        assert err["message"]["id"].startswith(("core.", "norenberc.", "server."))
        # a double click: the same move sent twice acts once
        clients[mover].drain()
        idx = sorted(legal)[0]
        clients[mover].move(idx, expect=n)
        clients[mover].move(idx, expect=n)
        clients[mover].state_at(n + 1)
        err = clients[mover].error()
        assert err["message"]["id"] == "server.refuse.stale"
        assert live.log.last_move[mover] == n
        for cl in clients:
            cl.close()


def test_picks_and_confirmations(tmp_path: Any, market: str) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, market, players=2)
        a, b = (Ws(c, t["id"], tok) for tok in t["tokens"])
        s = a.first_state()
        b.first_state()
        moves = s["pick"].pop("moves")
        assert s["pick"] == {"parts": [0, 1, 2, 3], "finish": 4, "most": 2, "least": 0, "repeat": False, "groups": []}
        # every part with its words (a part need not be legal on its own)
        assert [m["index"] for m in moves] == [0, 1, 2, 3]
        assert moves[0]["words"] == {"text": "take a good from stall 1"}
        done = next(m for m in s["legal"] if m["action"] == {"type": "done"})
        assert done["confirm"] == {"text": "you could still take a good this turn"}
        assert all(m["confirm"] is None for m in s["legal"] if m is not done)
        # too many parts, a repeated part, a part that is not one: refused, nothing changes
        for parts in ([0, 1, 2], [1, 1], [5]):
            a.pick(parts)
            err = a.error()
            assert err["code"] == "refused" and err["message"]["id"].startswith("core.pick."), parts
        assert moves_stored(c, t["id"]) == 0
        # two parts in any order: the engine's chain (take 1, take 3, done) and the die
        a.pick([3, 1])
        s = b.state_at(4)
        assert [e["words"] for e in s["log"][:3]] == [
            {"text": "take a good from stall 2"}, {"text": "take a good from stall 4"}, {"text": "end the turn"}]
        assert [e["seat"] for e in s["log"]] == [0, 0, 0, CHANCE]
        assert s["log"][3]["words"] == {"text": "coins into a purse"}  # b does not learn a's purse
        a.state_at(4)
        assert a.log[3]["words"]["text"].endswith("coins into the purse")
        assert s["view"]["seats"][0]["goods"] == 2 and s["view"]["seats"][0]["purse"] is None
        # b picks nothing: the finish alone ends the turn (after the browser asked)
        b.pick([])
        a.state_at(6)
        a.close()
        b.close()


def test_bots_play_on_the_server_at_their_pace(tmp_path: Any) -> None:
    """Bots wait `bot_delay` between moves (on a clock the test moves by hand)."""
    clock = ManualClock()
    with serve(tmp_path, clock=clock, bot_delay=0.15) as c:
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        w = Ws(c, made["id"], None)
        w.first_state()

        def bot_moves() -> int:
            return sum(1 for e in w.log if e["seat"] >= 0)
        for _ in range(4):
            clock.waited_on()               # a bot pauses before its move...
            w.send({"type": "ping"})        # (every move made before now has reached us: planning is
            w.until(lambda m: m["type"] == "pong")  # simultaneous, one advance can release two bots)
            before = bot_moves()
            clock.advance(0.1)
            w.send({"type": "ping"})
            w.until(lambda m: m["type"] == "pong")
            assert bot_moves() == before    # ...not yet over...
            clock.advance(0.05)
            w.until(lambda m, b=before: m["type"] == "state" and bot_moves() == b + 1)  # ...now it plays
        w.close()
    with serve(tmp_path, bot_delay=0.0) as c:  # instant in tests
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        w = Ws(c, made["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        assert w.state["result"]["ranks"] and w.state["view"]["over"]
        w.close()


def test_an_absent_persons_seat_goes_to_a_bot_and_back(tmp_path: Any) -> None:
    rng = random.Random(4)
    with serve(tmp_path) as c:
        t, (ann, bo, cy) = seated(c)
        tid, creator = t["id"], t["creator"]
        play([ann, bo, cy], rng, until=lambda: ann.state["move"] > 10)
        url = f"/api/tables/{tid}/seats/2/stand-in"
        # Cy is here: no bot for her seat
        r = c.post(url, json={"bot": "random"}, headers=auth(creator))
        assert r.status_code == 409 and r.json()["error"]["id"] == "server.refuse.present"
        cy.close()
        bo.until(lambda m: m["type"] == "state" and not m["seats"][2]["connected"])
        # only the creator hands it over (or Cy herself: the next test), and only to a bot there is
        for token in (t["tokens"][1], None):
            assert c.post(url, json={"bot": "random"}, headers=auth(token)).status_code == 403
        r = c.post(url, json={"bot": "wizard"}, headers=auth(creator))
        assert r.status_code == 400 and "random" in r.json()["text"]
        r = c.post(url, json={"bot": 3}, headers=auth(creator))
        assert r.status_code == 400
        r = c.post(url, json={"bot": "random"}, headers=auth(creator))
        assert r.status_code == 200 and r.json()["seats"][2]["stand_in"] == "random"
        # the bot plays seat 2 while the others play on
        live = live_table(c, tid)
        mark = live.moves
        play([ann, bo], rng, until=lambda: any(e["seat"] == 2 and e["n"] >= mark for e in ann.log))
        assert ann.state["seats"][2]["stand_in"] == "random"
        # Cy comes back: she cannot act while the bot plays for her ...
        cy = Ws(c, tid, t["tokens"][2])
        cy.first_state()
        assert all(m["legal"] == [] for m in cy.messages if m["type"] == "state")  # offered no moves
        cy.send({"type": "move", "action": 0, "expect": cy.state["move"]})
        assert cy.error()["message"]["id"] == "server.error.stand_in"
        # ... another player cannot take her seat back, she can
        assert c.post(url, json={"bot": None}, headers=auth(t["tokens"][1])).status_code == 403
        r = c.post(url, json={"bot": None}, headers=auth(t["tokens"][2]))
        assert r.status_code == 200 and r.json()["seats"][2]["stand_in"] is None
        # and she plays her own moves again, to the end
        mark = live.moves
        play([ann, bo, cy], rng)
        assert any(e["seat"] == 2 for e in cy.log[mark:])
        assert live.seats[2].stand_in is None
        for cl in (ann, bo, cy):
            cl.close()


def test_a_dropped_connection_picks_up_where_it_left_off(tmp_path: Any) -> None:
    rng = random.Random(8)
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3, bots=1)
        ann, bo = Ws(c, t["id"], t["tokens"][0]), Ws(c, t["id"], t["tokens"][1])
        watcher = Ws(c, t["id"], None)
        for cl in (ann, bo, watcher):
            cl.first_state()
        play([ann, bo], rng, until=lambda: ann.state["move"] > 30)
        bo.close()  # Bo's connection drops; the game goes on without him until he is due
        log_before = list(bo.log)
        bo2 = Ws(c, t["id"], t["tokens"][1])
        s = bo2.first_state()
        assert s["log_from"] == 0 and bo2.log[:len(log_before)] == log_before
        play([ann, bo2], rng)
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "finished")
        # the reconnected client's log is the one an unbroken connection would have
        fresh = Ws(c, t["id"], t["tokens"][1])
        fresh.first_state()
        assert fresh.log == bo2.log and fresh.state["view"] == bo2.state["view"]
        for cl in (ann, bo2, watcher, fresh):
            cl.close()


def test_spectators_watch_and_cannot_act(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)  # people only, none here: nothing moves
        w = Ws(c, t["id"], None)
        s = w.first_state()
        assert s["you"] is None and s["legal"] == [] and s["view"]["seat"] is None
        n = moves_stored(c, t["id"])
        for msg in ({"type": "move", "action": 0, "expect": s["move"]},
                    {"type": "pick", "parts": [0], "expect": s["move"]}):
            w.send(msg)
            err = w.error()
            assert err["code"] == "forbidden" and err["message"]["id"] == "server.error.spectator"
        assert moves_stored(c, t["id"]) == n
        w.close()


def test_a_move_is_committed_before_it_is_announced(tmp_path: Any) -> None:
    """A commit that fails announces nothing and changes nothing; the next one goes through."""
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        clients = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        for cl in clients:
            cl.first_state()
        live = live_table(c, t["id"])
        storage = c.app.state.services.storage  # type: ignore[attr-defined]
        real = storage.append_moves
        calls = []

        async def failing(*args: Any, **kw: Any) -> None:
            calls.append(args)
            if len(calls) == 1:
                raise RuntimeError("the disk is full")
            await real(*args, **kw)

        storage.append_moves = failing
        n = live.moves
        mover = next(cl for cl in clients if cl.state["legal"])
        mover.move(mover.state["legal"][0]["index"])
        err = mover.error()
        assert err["code"] == "internal" and err["message"]["id"] == "server.error.internal"
        for cl in clients:
            cl.drain()
            assert cl.state["move"] == n and len(cl.log) == n  # nothing was announced
        assert live.moves == n and moves_stored(c, t["id"]) == n
        mover.move(mover.state["legal"][0]["index"])  # the disk is back
        for cl in clients:
            cl.state_at(n + 1)
        assert moves_stored(c, t["id"]) == live.moves > n


def test_a_seat_asks_for_a_hint_and_nothing_is_played(tmp_path: Any) -> None:
    """Issue 12: the server offers a bot's hint (the move and its estimate) to the seat
    to act; spectators are refused; no move is made."""
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        ws = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        states = [w.first_state() for w in ws]
        n = moves_stored(c, t["id"])
        asked = next(w for w, st in zip(ws, states) if st["legal"])
        asked.send({"type": "hint"})
        hint = asked.until(lambda m: m["type"] in ("hint", "error"), timeout=30)
        assert hint["type"] == "hint", hint
        assert hint["action"] in {m["index"] for m in asked.state["legal"]}
        assert hint["words"]["id"].startswith("norenberc.") and 0 <= hint["estimate"]["win"] <= 1
        assert 0 <= hint["chance"] <= 1  # the bot's estimated chance to win (issue 19)
        assert moves_stored(c, t["id"]) == n
        watcher = Ws(c, t["id"], None)
        watcher.first_state()
        watcher.send({"type": "hint"})
        assert watcher.error()["message"]["id"] == "server.error.spectator"


def test_a_person_lets_a_bot_play_their_own_seat_and_takes_it_back(tmp_path: Any) -> None:
    """A newcomer who has had enough leaves without stopping the game for the others: a
    bot plays their seat, while they are still there, until they take it back. Nobody
    else may hand a present person's seat to a bot, the creator included."""
    rng = random.Random(6)
    with serve(tmp_path) as c:
        t, (ann, bo, cy) = seated(c)
        tid, creator = t["id"], t["creator"]
        url = f"/api/tables/{tid}/seats/1/stand-in"
        assert c.post(url, json={"bot": "greedy"}, headers=auth(t["tokens"][2])).status_code == 403
        assert c.post(url, json={"bot": "greedy"}, headers=auth(creator)).status_code == 409   # Bo is here
        r = c.post(url, json={"bot": "greedy"}, headers=auth(t["tokens"][1]))
        assert r.status_code == 200 and r.json()["seats"][1]["stand_in"] == "greedy"
        mark = live_table(c, tid).moves
        play([ann, cy], rng, until=lambda: any(e["seat"] == 1 and e["n"] >= mark for e in ann.log))
        bo.send({"type": "move", "action": 0, "expect": bo.state["move"]})
        assert bo.error()["message"]["id"] == "server.error.stand_in"
        r = c.post(url, json={"bot": None}, headers=auth(t["tokens"][1]))
        assert r.status_code == 200 and r.json()["seats"][1]["stand_in"] is None
