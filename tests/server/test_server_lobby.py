"""The lobby over HTTP: games and their options, creating a table (every declared option,
a data file of one's own validated with the engine's error shown), seats for people or
bots, invite links, joining with a name, starting, the lists of open, running and
finished tables, the spectator link, records and replays, /healthz and the pages."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from typing import Any

import pytest

from reichsstadt import game_ids
from reichsstadt.core import files
from reichsstadt.bots import bot_names, has_heuristic, heuristic_games, levels
from reichsstadt.core import Message, game as find_game
from reichsstadt.core import replay
from reichsstadt.core.record import Record
from reichsstadt.i18n import render

from .helpers import Ws, auth, create, full_table, join, play, serve

GAMES = game_ids()


def _other_value(gid: str, option: Any) -> Any:
    """A value for `option` other than its default (a data option: the bundled file, sent
    as one's own)."""
    if option.kind == "bool":
        return not option.default
    if option.kind == "int":
        # a value the rules allow and the game stays short with: the other end of the range,
        # or one more than the default where the range is open above
        if option.maximum is not None and option.default != option.maximum:
            return option.maximum
        return option.default + 1
    if option.kind == "choice":
        return next(c for c in option.choices if c != option.default)
    text = resources.files(f"reichsstadt.games.{gid}").joinpath(f"{option.name}.json").read_text("utf-8")
    return json.loads(text)


def test_healthz_reports_the_database(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        r = c.get("/healthz")
        assert r.status_code == 200
        assert {k: v for k, v in r.json().items() if k != "process"} == {"ok": True, "db": "ok", "tables": 0}


@pytest.mark.parametrize("gid", GAMES)
def test_games_lists_every_installed_game_with_its_options(tmp_path: Any, gid: str) -> None:
    with serve(tmp_path) as c:
        got = c.get("/api/games").json()
    g = find_game(gid)  # a game that cannot be loaded fails here, naming why
    entry = next(e for e in got["games"] if e["id"] == gid)
    assert entry["players"] == [g.players.start, g.players.stop - 1]
    assert [o["name"] for o in entry["options"]] == list(g.options)
    for o in entry["options"]:
        assert {"kind", "default", "help", "choices", "minimum", "maximum"} <= set(o)
    assert gid not in [b["id"] for b in got["broken"]]
    assert "random" in got["bots"]
    assert entry["bots"] == bot_names(gid)  # the seat list: greedy where the game has a heuristic player
    assert ("greedy" in entry["bots"]) == has_heuristic(gid)
    # the levels it offers, each with its bot and its measured strength as words (issue 21)
    offered = [(lv, levels.spec(lv, gid)) for lv in levels.offered(gid)]
    assert [(lv["level"], lv["bot"]) for lv in entry["levels"]] == offered
    for lv in entry["levels"]:
        assert render(Message.from_json(lv["about"]), "en") == levels.describe(lv["level"], gid, "en")


def test_pages_and_client_files_are_served(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        for path in ["/", "/t/abc", "/t/abc/join/xyz", "/t/abc/watch", "/t/abc/replay"]:
            r = c.get(path)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), path
            assert '<script type="module" src="/static/app.js">' in r.text
            # an invite link's code must not leave in a Referer to another site
            assert r.headers["referrer-policy"] == "same-origin", path
        web = resources.files("reichsstadt") / "web"
        for f in web.iterdir():
            if f.name.endswith((".js", ".css", ".svg", ".html")):
                r = c.get(f"/static/{f.name}")
                assert r.status_code == 200, f.name
        games = c.get("/api/games").json()["games"]
        for entry in games:  # each game's board comes from the game's own package
            if entry["board"] is None:
                assert "web" not in entry["parts"]
                continue
            r = c.get(entry["board"])
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript"), entry["id"]
            assert r.content == files(entry["id"], "web").joinpath("board.js").read_bytes()
        assert {e["id"]: e["board"] for e in games}["siedler"] == "/games/siedler/board.js"
        assert c.get("/games/colonia/board.css").headers["content-type"].startswith("text/css")
        for bad in ["/games/colonia/nothing.js", "/games/colonia/..%2Fgame.py", "/games/colonia/game.py",
                    "/games/nogame/board.js", "/games/colonia/.board.js"]:
            assert c.get(bad).status_code == 404, bad
        cat = c.get("/i18n/en.json").json()
        assert cat["lang"] == "en" and "web.lobby.title" in cat["messages"] and "server.error.rate" in cat["messages"]
        r = c.get("/i18n/zz.json")
        assert r.status_code == 404 and r.json()["code"] == "not_found"


@pytest.mark.parametrize("gid", GAMES)
def test_create_a_table_with_every_declared_option(tmp_path: Any, gid: str) -> None:
    g = find_game(gid)
    options = {name: _other_value(gid, o) for name, o in g.options.items()}
    players = max(3, g.players.start)
    with serve(tmp_path) as c:
        made = create(c, gid, players, seats=["random"] * players, take=None, start=True, options=options)
        info = c.get(f"/api/tables/{made['id']}").json()
        assert info["status"] == "running" and info["game"] == gid
        assert info["options"] == options  # every option as given, data file included
        # the bots play it through, with those options
        watcher = Ws(c, made["id"], None)
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=120)
        assert watcher.state["view"]["over"]
        watcher.close()


def test_a_refused_data_file_is_said_in_russian_with_no_english_but_the_files_keys(tmp_path: Any) -> None:
    """A browser renders the server's refusal from the catalogs (the JSON holds messages,
    never English words): in Russian, the only Latin letters are the file's own key."""
    raw = json.loads(resources.files("reichsstadt.games.colonia").joinpath("components.json").read_text("utf-8"))
    raw["ships"][3]["holds"] = []
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "colonia", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": raw}})
        assert r.status_code == 400, r.text
        said = render(Message.from_json(r.json()["error"]), "ru")
        assert said == ("отклонено: загруженный файл: ships[3].holds: должно перечислять "
                        "от 1 до 4 трюмов, а не 0"), said
        assert set(re.findall(r"[A-Za-z]+", said)) == {"ships", "holds"}
        # a key of a megabyte is named by its path, which comes back cut, not whole
        raw = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text())
        raw["x" * 1_000_000] = 1
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": raw}})
        assert r.status_code == 400 and len(r.content) < 10_000, len(r.content)
        assert render(Message.from_json(r.json()["error"]), "ru").startswith(
            "отклонено: загруженный файл: xxxx")


def test_a_data_file_of_ones_own_is_validated_with_the_engines_error(tmp_path: Any) -> None:
    text = resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8")
    good = json.loads(text)
    broken = copy.deepcopy(good)
    del broken["guilds"]
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": broken}})
        assert r.status_code == 400, r.text
        body = r.json()
        assert body["code"] == "refused"
        assert "guilds" in body["text"] and "missing" in body["text"]  # the engine's own words
        # ... and all of it in the reader's language: the frame, the file, the rule (data.*)
        assert body["error"]["id"] == "server.error.data_file" and body["error"]["args"]["reason"]["id"] == "data.at"
        assert render(Message.from_json(body["error"]), "de") == ("abgelehnt: "
                                                                  "die hochgeladene Datei: guilds: fehlt")
        assert body["text"].startswith("refused: the uploaded file: ")
        assert c.get("/api/tables").json()["tables"] == []  # nothing was created
        # not JSON at all: the browser refuses the file before sending (web.lobby.bad_json);
        # a path instead of the data is refused, and no file of the server is read
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": "/etc/hostname"}})
        assert r.status_code == 400
        assert r.json()["error"]["id"] == "server.error.data_option"


@pytest.mark.parametrize("body, code", [
    ({"game": "chess", "players": 2}, "refused"),
    ({"game": "norenberc", "players": 9}, "refused"),
    ({"game": "norenberc", "players": "3"}, "refused"),
    ({"game": "norenberc", "players": 3, "options": {"speed": 2}}, "refused"),
    ({"game": "norenberc", "players": 3, "options": {"open_planning": "maybe"}}, "refused"),
    ({"game": "norenberc", "players": 3, "options": []}, "bad_request"),
    ({"game": "norenberc", "players": 3, "seats": ["human", "human"]}, "bad_request"),
    ({"game": "norenberc", "players": 3, "seats": ["human", "wizard", "random"]}, "refused"),
    ({"game": "norenberc", "players": 3, "seats": ["random"] * 3, "take_seat": 1, "name": "Ann"}, "bad_request"),
    ({"game": "norenberc", "players": 3, "take_seat": 0, "name": ""}, "bad_request"),
    ({"game": "norenberc", "players": 3, "take_seat": 0, "name": "x" * 25}, "bad_request"),
    ({"game": "norenberc", "players": 3, "take_seat": 0, "name": "A\x00nn"}, "bad_request"),
    ({"game": "norenberc", "players": 3, "take_seat": True, "name": "Ann"}, "bad_request"),
    ({"game": 7, "players": 3}, "bad_request"),
])
def test_a_bad_table_is_refused_with_words(tmp_path: Any, body: dict[str, Any], code: str) -> None:
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json=body)
        assert r.status_code == 400, r.text
        got = r.json()
        assert got["code"] == code and got["text"] and "⟨" not in got["text"]
        assert c.get("/api/tables").json()["tables"] == []


def test_malformed_and_oversized_bodies_are_refused(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        r = c.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "malformed"
        r = c.post("/api/tables", json=[1, 2])
        assert r.status_code == 400 and r.json()["code"] == "malformed"
        r = c.post("/api/tables", content=b"{" + b" " * (3 * 1024 * 1024) + b"}")
        assert r.status_code == 413 and r.json()["code"] == "too_large"


def test_invites_join_and_the_last_seat_taken_starts_the_table(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["human", "human", "random"], take=0, name="Ann")
        tid = made["id"]
        assert made["seat"] == 0 and made["token"] and made["creator"]
        invites = made["invites"]
        assert [i["seat"] for i in invites] == [1]  # the open person's seat; not the bot's, not the creator's
        assert invites[0]["path"] == f"/t/{tid}/join/{invites[0]['invite']}"
        assert len(invites[0]["invite"]) >= 16
        # only the creator sees the invites
        assert c.get(f"/api/tables/{tid}/invites").status_code == 403
        assert c.get(f"/api/tables/{tid}/invites", headers=auth(made["token"])).status_code == 403
        assert c.get(f"/api/tables/{tid}/invites", headers=auth(made["creator"])).json()["invites"] == invites
        # join: a wrong invite, a bad name, then the right one
        r = c.post(f"/api/tables/{tid}/join", json={"invite": "nope", "name": "Bo"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.refuse.invite"
        r = c.post(f"/api/tables/{tid}/join", json={"invite": invites[0]["invite"], "name": " "})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.name"
        assert c.get(f"/api/tables/{tid}").json()["status"] == "open"
        got = join(c, tid, invites[0]["invite"], "  Bo   the  Brewer ")
        assert got["seat"] == 1 and got["token"] not in (made["token"], made["creator"])
        info = c.get(f"/api/tables/{tid}").json()
        assert [s["name"] for s in info["seats"]] == ["Ann", "Bo the Brewer", "Easy bot"]
        assert all(s["joined"] for s in info["seats"])
        assert info["status"] == "running"  # the last seat taken started it
        # the seat is taken now, and it is too late to join
        r = c.post(f"/api/tables/{tid}/join", json={"invite": invites[0]["invite"], "name": "Cy"})
        assert r.status_code == 400 and r.json()["error"]["id"] in ("server.refuse.taken", "server.refuse.started")
        assert c.get(f"/api/tables/{tid}/invites", headers=auth(made["creator"])).json()["invites"] == []
        r = c.post(f"/api/tables/{tid}/start", headers=auth(made["creator"]))
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.refuse.started"


def test_the_creator_starts_early_with_bots_in_the_empty_seats(tmp_path: Any) -> None:
    """Issue 19: POST start fills the empty seats with bots (a level or a spec; medium
    by default), each with a name of its own."""
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 4, ["human"] * 4, take=0, name="Ann")
        tid = made["id"]
        other = create(c, "norenberc", 2, ["human", "random"], take=0)
        for token in (None, made["token"], other["creator"]):
            assert c.post(f"/api/tables/{tid}/start", headers=auth(token)).status_code == 403, token
        r = c.post(f"/api/tables/{tid}/start", json={"fill": "wizard"}, headers=auth(made["creator"]))
        assert r.status_code == 400 and "random" in r.json()["text"]
        r = c.post(f"/api/tables/{tid}/start", json={"fill": "mcts:300s"}, headers=auth(made["creator"]))
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.bot_seconds"
        assert c.get(f"/api/tables/{tid}").json()["status"] == "open"  # nothing was half done
        join(c, tid, made["invites"][0]["invite"], "Bo")
        r = c.post(f"/api/tables/{tid}/start", json={"fill": "easy"}, headers=auth(made["creator"]))
        assert r.status_code == 200, r.text
        info = r.json()
        assert info["status"] == "running"
        assert [(s["kind"], s["name"]) for s in info["seats"]] == [
            ("human", "Ann"), ("human", "Bo"), ("random", "Easy bot 1"), ("random", "Easy bot 2")]
        # the default: medium (greedy), named apart
        made = create(c, "norenberc", 3, ["human"] * 3, take=0, name="Ann")
        info = c.post(f"/api/tables/{made['id']}/start", headers=auth(made["creator"])).json()
        assert [s["name"] for s in info["seats"]] == ["Ann", "Medium bot 1", "Medium bot 2"]
        listed = c.get("/api/tables?status=running").json()["tables"][0]["seats"]
        assert listed[1:] == [{"seat": 2, "name": "Medium bot 1", "kind": "bot", "level": "medium",
                               "bot": "greedy", "taken": True},
                              {"seat": 3, "name": "Medium bot 2", "kind": "bot", "level": "medium",
                               "bot": "greedy", "taken": True}]


def test_bot_seats_have_distinct_names(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 5, ["human", "greedy", "greedy", "random", "mcts:0.5s"], take=0,
                      name="Medium bot 1")
        names = [s["name"] for s in c.get(f"/api/tables/{made['id']}").json()["seats"]]
        assert names[0] == "Medium bot 1" and len(set(names)) == 5, names


def test_the_creator_closes_a_table_that_has_not_started(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        tid = made["id"]
        assert c.post(f"/api/tables/{tid}/close", headers=auth(made["token"])).status_code == 403
        r = c.post(f"/api/tables/{tid}/close", headers=auth(made["creator"]))
        assert r.status_code == 200 and r.json()["status"] == "closed"
        assert tid not in [t["id"] for t in c.get("/api/tables").json()["tables"]]
        r = c.post(f"/api/tables/{tid}/join", json={"invite": made["invites"][0]["invite"], "name": "Bo"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.refuse.started"
        running = create(c, "norenberc", 3, ["human", "random", "random"], take=0)
        r = c.post(f"/api/tables/{running['id']}/close", headers=auth(running["creator"]))
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.refuse.started"


def test_a_table_of_bots_only_can_start_at_once(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        assert made["token"] is None and made["invites"] == []
        assert c.get(f"/api/tables/{made['id']}").json()["status"] == "running"


@pytest.mark.parametrize("gid", sorted(heuristic_games()))
def test_greedy_bots_play_a_table_to_its_end(tmp_path: Any, gid: str) -> None:
    """The seat list's greedy bots sit at a table of their game and play it through."""
    g = find_game(gid)
    with serve(tmp_path) as c:
        made = create(c, gid, g.players.start, ["greedy"] * g.players.start, take=None, start=True)
        w = Ws(c, made["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=300)
        w.close()
        r = c.post("/api/tables", json={"game": gid, "players": g.players.start, "seats": ["wizard"] * g.players.start,
                                        "options": {}, "take_seat": None, "start": True})
        assert r.status_code == 400 and "greedy" in r.text  # the refusal names the bots there are


def test_lists_of_open_running_and_finished_tables(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        open_ = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        running = full_table(c, players=3, bots=1)
        done = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        w = Ws(c, done["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=120)
        w.close()
        lists = {s: c.get(f"/api/tables?status={s}").json() for s in ("open", "running", "finished")}
        assert [t["id"] for t in lists["open"]["tables"]] == [open_["id"]]
        assert [t["id"] for t in lists["running"]["tables"]] == [running["id"]]
        assert [t["id"] for t in lists["finished"]["tables"]] == [done["id"]]
        assert all(got["next"] is None for got in lists.values())
        entry = lists["finished"]["tables"][0]
        assert set(entry) >= {"id", "game", "players", "status", "created", "started", "seats"}
        assert entry["started"] and entry["status"] == "finished"
        assert {t["id"] for t in c.get("/api/tables").json()["tables"]} == {open_["id"], running["id"], done["id"]}
        assert lists["open"]["tables"][0]["seats"] == [
            {"seat": 1, "name": "Ann", "kind": "person", "level": None, "bot": None, "taken": True},
            {"seat": 2, "name": None, "kind": "person", "level": None, "bot": None, "taken": False},
            {"seat": 3, "name": "Easy bot", "kind": "bot", "level": "easy", "bot": "random", "taken": True}]
        r = c.get("/api/tables?status=lost")
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.status"
        for bad in ("limit=0", "limit=101", "limit=x", "cursor=nonsense"):
            r = c.get(f"/api/tables?{bad}")
            assert r.status_code == 400, bad


def test_the_lobby_pages_newest_first(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = [create(c, "norenberc", 3, ["human", "human", "random"], take=0)["id"] for _ in range(7)]
        seen: list[str] = []
        cursor = None
        pages = 0
        while True:
            got = c.get("/api/tables?status=open&limit=3" + (f"&cursor={cursor}" if cursor else "")).json()
            seen += [t["id"] for t in got["tables"]]
            pages += 1
            cursor = got["next"]
            if cursor is None:
                break
        assert pages == 3 and seen == made[::-1]


def test_unknown_tables_and_seats(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        for path in ["/api/tables/nope", "/api/tables/nope/invites", "/api/tables/nope/record"]:
            r = c.get(path)
            assert r.status_code == 404 and r.json()["error"]["id"] == "server.error.no_table", path
        t = full_table(c, players=3, bots=1)
        for seat in ("7", "-1", "x"):
            r = c.post(f"/api/tables/{t['id']}/seats/{seat}/stand-in", json={"bot": "random"},
                       headers=auth(t["creator"]))
            assert r.status_code == 404, seat


def test_the_public_facts_hold_no_secrets(tmp_path: Any) -> None:
    """Lists and table facts name seats, never tokens, their hashes, invites or the seed."""
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        t = made["id"]
        live = c.app.state.services.tables.tables.get(t) or c.portal.call(c.app.state.services.tables.get, t)
        secrets = [made["token"], made["creator"], str(live.seed), live.secret, made["invites"][0]["invite"],
                   *(s.token_hash for s in live.seats if s.token_hash), *(s.invite for s in live.seats)]
        for path in [f"/api/tables/{t}", "/api/tables", "/api/tables?status=open"]:
            text = c.get(path).text
            for secret in secrets:
                assert secret not in text, (path, secret)


def test_record_and_replay_open_when_the_game_is_over(tmp_path: Any) -> None:
    import random

    with serve(tmp_path) as c:
        t = full_table(c, players=3, bots=1)
        tid = t["id"]
        assert c.get(f"/api/tables/{tid}/record").status_code == 403
        assert c.get(f"/api/tables/{tid}/replay?move=1").status_code == 403
        players = [Ws(c, tid, tok) for tok in t["tokens"][:2]]
        play(players, random.Random(3))
        for p in players:
            p.close()
        info = c.get(f"/api/tables/{tid}").json()
        assert info["status"] == "finished"
        r = c.get(f"/api/tables/{tid}/record")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        rec = Record.from_json(r.json())
        assert rec.names == ["Ann", "P2", "Easy bot"]
        assert len(rec.moves) == info["moves"]
        end = replay(rec)
        assert end.outcome().to_json() == info["result"]
        # a step of the replay, as seat 1 saw it after 40 moves
        step = c.get(f"/api/tables/{tid}/replay?seat=1&move=40").json()
        assert step["move"] == 40 and step["you"] == 1 and len(step["log"]) == 40
        assert step["view"] == replay(rec, 40).view(1)
        if "web" in find_game(rec.game).parts:
            assert step["board_html"] is None  # the browser draws the board itself
        else:
            assert step["board_html"].startswith('<pre class="board-text">')
        for bad in ("seat=3&move=1", "seat=x", f"move={info['moves'] + 1}", "move=-1"):
            r = c.get(f"/api/tables/{tid}/replay?{bad}")
            assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.replay_args", bad


def test_replay_steps_in_any_order_match_the_record_and_are_bounded_per_address(tmp_path: Any) -> None:
    """A replay step is served from copies of the state kept every 32 moves (it used to
    replay the whole game on the event loop for every step); whatever order the steps
    come in, each is the record's position. Past its burst an address is told to wait
    (429, in words, with Retry-After); another address is not."""
    import random

    from starlette.testclient import TestClient

    with serve(tmp_path, replay_rate=1 / 60, replay_burst=12) as c:
        t = full_table(c, players=3, bots=1)
        tid = t["id"]
        players = [Ws(c, tid, tok) for tok in t["tokens"][:2]]
        play(players, random.Random(5))
        for p in players:
            p.close()
        rec = Record.from_json(c.get(f"/api/tables/{tid}/record").json())
        rng = random.Random(7)
        asked = [len(rec.moves), 0, 33, 31, 96, 95, 64, len(rec.moves) - 1, 1, 40, rng.randrange(len(rec.moves))]
        for move in asked:
            seat = rng.choice([None, 0, 1, 2])
            step = c.get(f"/api/tables/{tid}/replay?move={move}&seat={'' if seat is None else seat}")
            assert step.status_code == 200, step.text
            assert step.json()["view"] == replay(rec, move).view(seat), (move, seat)
        assert c.get(f"/api/tables/{tid}/replay?move=2").status_code == 200      # the 12th
        refused = c.get(f"/api/tables/{tid}/replay?move=3")
        assert refused.status_code == 429 and refused.json()["error"]["id"] == "server.error.replay_rate"
        assert int(refused.headers["retry-after"]) >= 1
        other = TestClient(c.app, client=("203.0.113.9", 4000))
        assert other.get(f"/api/tables/{tid}/replay?move=3").json()["view"] == replay(rec, 3).view(None)


def test_a_table_serves_the_component_data_it_plays_with(tmp_path: Any) -> None:
    """The browser draws a board from the table's data file (the bundled one, or the
    creator's own, uploaded with the table)."""
    import reichsstadt

    with serve(tmp_path) as c:
        for game, players in (("norenberc", 3), ("siedler", 3), ("colonia", 3)):
            made = create(c, game, players, take=0)
            got = c.get(f"/api/tables/{made['id']}/data").json()
            played = reichsstadt.game(game)
            name, bundled = played.data_file()
            # with the game's public drawing data (Game.board: Siedler's geometry), or None
            assert got == {"game": game, "option": name, "data": bundled, "board": played.board()}
        assert c.get(f"/api/tables/{create(c, 'siedler', 3, take=0)['id']}/data").json()["board"]["field"]
        own = reichsstadt.game("norenberc").data_file()[1]
        own = {**own, "_about": "mine"}
        made = create(c, "norenberc", 3, take=0, options={"components": own})
        assert c.get(f"/api/tables/{made['id']}/data").json()["data"]["_about"] == "mine"
        assert c.get("/api/tables/nope/data").status_code == 404


def test_a_finished_games_review_is_worked_out_in_the_background_and_kept(tmp_path: Any) -> None:
    """Issue 19: 202 while the bot pool works the review out, then 200 with it; kept in
    the database with the game (a new app on the same database answers at once)."""
    import time

    with serve(tmp_path, review_seconds=1.0) as c:
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        tid = made["id"]
        w = Ws(c, tid, None)
        r = c.get(f"/api/tables/{tid}/review")
        assert r.status_code == 403  # not before the end
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        w.close()
        r = c.get(f"/api/tables/{tid}/review")
        assert r.status_code == 202 and r.json() == {"status": "pending"}
        deadline = time.monotonic() + 120
        while r.status_code == 202:
            assert time.monotonic() < deadline, "the review did not come"
            time.sleep(0.5)
            r = c.get(f"/api/tables/{tid}/review")
        assert r.status_code == 200, r.text
        review = r.json()
        assert review["game"] == "norenberc" and len(review["seats"]) == 3 and review["chances"]
        assert all(0 <= p <= 1 for point in review["chances"] for p in point["chances"])
    with serve(tmp_path, review_seconds=1.0) as c:
        assert c.get(f"/api/tables/{tid}/review").json() == review


def test_the_browsers_names_of_the_levels_follow_the_levels_specs() -> None:
    """names.js names a bot seat by its level without asking the server (every page calls
    it, synchronously): its copy of the levels' specs must be bots/levels.py's, or a
    changed expert spec would be named "Bot mcts:…" in the browser and "Expert bot" in the
    terminal."""
    import re

    source = (resources.files("reichsstadt") / "web" / "names.js").read_text(encoding="utf-8")
    found = re.search(r"export const LEVELS = \{([^}]*)\}", source)
    assert found, "names.js no longer declares LEVELS"
    copied = dict(re.findall(r'(\w+): "([^"]+)"', found.group(1)))
    assert copied == levels.SPECS


def test_a_seat_taken_without_a_name_is_player_n_in_each_language(tmp_path: Any) -> None:
    """The lobby's "Play now" with no name typed sends none: the seat keeps no name (the
    browser says "Player 1" in each reader's language), the lists say so, and the
    server's own words (a board it draws, a record) say "Player 1" in theirs. An empty
    name is still refused."""
    from reichsstadt.server.schema import SeatRow
    from reichsstadt.server.seats import Seats

    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human", "greedy", "greedy"],
                                        "take_seat": 0, "start": True})
        assert r.status_code == 201, r.text
        info = c.get(f"/api/tables/{r.json()['id']}").json()
        assert info["status"] == "running" and info["seats"][0]["name"] is None and info["seats"][0]["joined"]
        listed = c.get("/api/tables?status=running").json()["tables"][0]["seats"][0]
        assert listed["name"] is None and listed["taken"], listed
    seats = Seats([SeatRow(0, "human", None, "a", "hash"), SeatRow(1, "greedy", "Medium bot 1", "b")], None)
    assert seats.names() == ["Player 1", "Medium bot 1"] and seats.names("de") == ["Spieler 1", "Medium bot 1"]


def test_an_address_or_method_the_api_does_not_have_is_a_json_error_in_words(tmp_path: Any) -> None:
    """Every API answer that is an error has one shape ({"error", "code", "text"}): an
    unknown address or a wrong method under /api/ was Starlette's plain "Not Found"."""
    with serve(tmp_path) as c:
        r = c.get("/api/nope")
        assert r.status_code == 404 and r.json()["error"]["id"] == "server.error.no_route"
        assert r.json()["code"] == "not_found" and "/api/nope" in r.json()["text"]
        r = c.post("/api/games")
        assert r.status_code == 405 and r.json()["error"]["id"] == "server.error.method"
        assert r.json()["text"] == "/api/games does not answer POST" and "GET" in r.headers["allow"]
        long = c.get("/api/" + "x" * 5000)
        assert long.status_code == 404 and len(long.text) < 1000   # the path is not sent back whole
        assert c.get("/no-such-page").status_code == 404           # pages keep their own answer


def test_a_level_a_game_plays_with_a_spec_of_its_own_is_seated_and_named_as_that_level(tmp_path: Any) -> None:
    """Colonia's expert plays its playouts to the end (issue 21): a table asked for an
    expert seat gets that game's spec, at Norenberc the generic one, and every list of
    seats says which level a bot seat plays (the browser names the seat by it, with no
    copy of any game's specs)."""
    with serve(tmp_path) as c:
        seated = {}
        for gid in ("colonia", "norenberc"):
            r = c.post("/api/tables", json={"game": gid, "players": 3, "seats": ["human", "expert", "hard"],
                                            "take_seat": 0})
            assert r.status_code == 201, r.text
            info = c.get(f"/api/tables/{r.json()['id']}").json()
            seated[gid] = [(s["kind"], s["level"]) for s in info["seats"]]
            listed = next(t for t in c.get("/api/tables").json()["tables"] if t["id"] == r.json()["id"])
            assert [s["level"] for s in listed["seats"]] == [None, "expert", "hard"]
        assert seated == {"colonia": [("human", None), ("mcts:3s:playout=1000", "expert"), ("mcts:1s", "hard")],
                          "norenberc": [("human", None), ("mcts:3s", "expert"), ("mcts:1s", "hard")]}
