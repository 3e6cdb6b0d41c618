"""What the s19 attack on the server found in its input checks, each as a test: a bot spec
that gives a setting twice, options without a maximum, unknown fields in request bodies,
error words that named the wrong problem, two people of one name at a table, and one
address taking every spectator place of a table."""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

import pytest

from reichsstadt.core import Message
from reichsstadt.i18n import render

from .helpers import Closed, Ws, create, serve


def _said(r: Any, lang: str = "en") -> str:
    return render(Message.from_json(r.json()["error"]), lang)


def test_a_bot_seat_that_gives_a_setting_twice_is_refused_naming_it(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 2,
                                         "seats": ["mcts:1s:policy=heuristic:policy=random", "human"]})
        assert r.status_code == 400, r.text
        assert "the setting policy is given more than once" in _said(r)
        assert "policy" in _said(r, "ru") and "больше одного раза" in _said(r, "ru")


def test_the_games_list_shows_siedlers_trade_bounds_with_their_maxima(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        games = c.get("/api/games").json()["games"]
        siedler = {o["name"]: o for o in next(g for g in games if g["id"] == "siedler")["options"]}
        assert {k: siedler[k]["maximum"] for k in ("offers_per_turn", "bank_trades_per_turn", "offer_cards")} \
            == {"offers_per_turn": 20, "bank_trades_per_turn": 100, "offer_cards": 20}
        r = c.post("/api/tables", json={"game": "siedler", "players": 3, "seats": ["random"] * 3,
                                         "options": {"bank_trades_per_turn": 1_000_000_000}})
        assert r.status_code == 400 and "at most 100" in r.text, r.text
        create(c, "siedler", 3, ["random"] * 3, take=None, options={"offers_per_turn": 20})


def test_a_data_file_with_a_long_note_is_refused_naming_the_note_and_its_limit(tmp_path: Any) -> None:
    """A components file carrying 1.9 MB of `_about` made a table whose every info and
    welcome sent it along (finding s19-3)."""
    raw = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8"))
    raw["_about"] = "x" * 1_900_000
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 2, "seats": ["random"] * 2,
                                         "options": {"components": raw}})
        assert r.status_code == 400, r.text[:300]
        assert len(r.content) < 2000
        assert "_about: must be at most 2000 characters, not 1900000" in _said(r)
        assert "_about" in _said(r, "fr") and "2000" in _said(r, "fr")
        assert c.get("/api/tables").json()["tables"] == []


def test_a_body_that_is_json_but_no_object_is_told_so_in_the_words_of_a_request(tmp_path: Any) -> None:
    """`[]`, `1`, `"x"` and `null` as a request's body got the websocket's words: "a
    message is a JSON object with a "type"" (finding s19-8); an API body has no type."""
    with serve(tmp_path) as c:
        for raw in (b"[]", b"1", b'"x"', b"null"):
            r = c.post("/api/tables", content=raw, headers={"content-type": "application/json"})
            assert r.status_code == 400 and r.json()["code"] == "malformed", r.text
            assert _said(r) == "the request's body must be a JSON object (named fields in curly brackets)"
            assert "type" not in _said(r, "de")


def test_a_websocket_message_of_no_type_or_of_parts_that_are_no_numbers_is_told_so(tmp_path: Any) -> None:
    """`{"type": null}` was "there is no message of type "None"" (Python's word), and
    a pick of parts that are no numbers was "at most 16 parts" (finding s19-8)."""
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 2, ["human", "random"], take=0)
        p = Ws(c, made["id"], made["token"])
        p.first_state()
        said = {}
        for frame in ({"type": None}, {"action": 1}, {"type": "pick", "parts": ["a"], "expect": 0}):
            p.send(frame)
            said[json.dumps(frame)] = render(Message.from_json(p.error()["message"]), "en")
        assert said == {
            '{"type": null}': 'a message needs a "type", a string; the types are: hello, move, pick, ping, hint, why',
            '{"action": 1}': 'a message needs a "type", a string; the types are: hello, move, pick, ping, hint, why',
            '{"type": "pick", "parts": ["a"], "expect": 0}': "a choice names its parts by number: whole numbers only"}
        p.close()


def test_join_with_an_invite_that_is_no_string_is_a_wrong_type(tmp_path: Any) -> None:
    """`"invite": 1` was "this invitation is for no seat of this table" (finding s19-8)."""
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 2, ["human", "human"], take=0)
        r = c.post(f"/api/tables/{made['id']}/join", json={"invite": 1, "name": "Bo"})
        assert r.status_code == 400
        assert _said(r) == 'the field "invite" of a "join" message has the wrong kind of value'
        r = c.post(f"/api/tables/{made['id']}/join", json={"name": "Bo"})
        assert r.status_code == 400 and _said(r) == 'a "join" message needs the field "invite"'
        r = c.post(f"/api/tables/{made['id']}/join", json={"invite": "nope", "name": "Bo"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.refuse.invite"


def test_a_misspelt_field_of_a_request_is_refused_by_its_name(tmp_path: Any) -> None:
    """`"seat"` for `"seats"` and `"nmae"` for `"name"` were dropped without a word: the
    visitor got a table waiting for a second person, under the default name (finding s19-7)."""
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 2, "seat": ["human", "greedy"],
                                         "take_seat": 0, "nmae": "Ann"})
        assert r.status_code == 400, r.text
        assert _said(r) == 'a "table" message has no field "nmae"'
        assert c.get("/api/tables").json()["tables"] == []
        for extra in ({"unknown": 1}, {"name": True, "take_seat": None}, {"name": {}}, {"start": "yes"}):
            r = c.post("/api/tables", json={"game": "norenberc", "players": 2, "seats": ["human", "random"], **extra})
            assert r.status_code == 400, (extra, r.text)
        made = create(c, "norenberc", 2, ["human", "human"], take=0)
        tid, invite = made["id"], made["invites"][0]["invite"]
        creator = {"authorization": f"Bearer {made['creator']}"}
        r = c.post(f"/api/tables/{tid}/join", json={"invite": invite, "nmae": "Bo"})
        assert r.status_code == 400 and _said(r) == 'a "join" message has no field "nmae"'
        r = c.post(f"/api/tables/{tid}/start", json={"fil": "greedy"}, headers=creator)
        assert r.status_code == 400 and _said(r) == 'a "start" message has no field "fil"'
        assert c.get(f"/api/tables/{tid}").json()["status"] == "open"   # nothing was done
        r = c.post(f"/api/tables/{tid}/start", json={"fill": "greedy"}, headers=creator)
        assert r.status_code == 200 and r.json()["status"] == "running"
        r = c.post(f"/api/tables/{tid}/seats/0/stand-in", json={"bot": None, "seat": 1},
                   headers={"authorization": f"Bearer {made['token']}"})
        assert r.status_code == 400 and _said(r) == 'a "stand-in" message has no field "seat"'


def test_two_people_at_one_table_may_not_take_the_same_name(tmp_path: Any) -> None:
    """A third person joined as "Host" beside the creator "Host": the log and the seats
    bar could not tell them apart, an easy impersonation (finding s19-9)."""
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 4, ["human", "human", "human", "random"], take=0, name="Host")
        tid = made["id"]
        first, second = (i["invite"] for i in made["invites"])
        bot = c.get(f"/api/tables/{tid}").json()["seats"][3]["name"]
        assert bot
        for taken in ("Host", "  host ", "ＨOST", bot.upper()):
            r = c.post(f"/api/tables/{tid}/join", json={"invite": first, "name": taken})
            assert r.status_code == 400, (taken, r.text)
            assert r.json()["error"]["id"] == "server.refuse.name_taken", r.text
        assert _said(r, "de").startswith("an diesem Tisch heißt schon jemand")
        assert c.post(f"/api/tables/{tid}/join", json={"invite": first, "name": "P0"}).status_code == 200
        r = c.post(f"/api/tables/{tid}/join", json={"invite": second, "name": "p0"})
        assert r.status_code == 400 and _said(r) == 'someone at this table is already called "p0": choose another name'
        assert c.post(f"/api/tables/{tid}/join", json={"invite": second, "name": "Hostess"}).status_code == 200
        assert [s["name"] for s in c.get(f"/api/tables/{tid}").json()["seats"]][:3] == ["Host", "P0", "Hostess"]


def _from(c: Any, address: str) -> None:
    """The test client's next requests and websockets come from `address` (as a proxy
    it trusts would say)."""
    c._transport.client = (address, 50000)


def test_one_address_may_take_only_its_share_of_a_tables_spectator_places(tmp_path: Any) -> None:
    """50 spectator sockets from one address were all welcomed, and the next visitor found
    the table full (finding s19-5): an address now has at most a few of the places."""
    with serve(tmp_path, spectators_per_table=8, spectators_per_address=3) as c:
        made = create(c, "norenberc", 2, ["human", "random"], take=0)
        _from(c, "10.0.0.2")
        hog = [Ws(c, made["id"], None) for _ in range(3)]
        for w in hog:
            w.first_state()
        over = Ws(c, made["id"], None)
        err = over.error()
        assert (err["code"], err["message"]["id"]) == ("rate_limited", "server.error.spectators_address")
        assert render(Message.from_json(err["message"]), "en") == \
            "your address already has as many spectators at this table as one address may (3)"
        with pytest.raises(Closed) as closed:
            over.recv()
        assert closed.value.code == 4429
        other = create(c, "norenberc", 2, ["human", "random"], take=0)   # another table's places are its own
        Ws(c, other["id"], None).first_state()
        _from(c, "10.0.0.3")   # someone else still finds a place, and the player's own seat is no spectator's
        Ws(c, made["id"], None).first_state()
        Ws(c, made["id"], made["token"]).first_state()
        hog[0].close()
        live = c.portal.call(c.app.state.services.tables.get, made["id"])
        deadline = time.monotonic() + 10
        while live.broadcast.spectators("10.0.0.2") >= 3:   # the server has heard the goodbye
            assert time.monotonic() < deadline
            time.sleep(0.01)
        _from(c, "10.0.0.2")   # a place given back is the address's again
        Ws(c, made["id"], None).first_state()
        assert 'reichsstadt_limited_total{limit="spectators_address"} 1.0' in c.get("/metrics").text
