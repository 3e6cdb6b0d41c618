"""A seat asks why a move it cannot make is refused (a click on a piece it cannot use):
the server answers that client only, with the engine's refusal words for that seat (the
terminal's), or that the move is possible; a malformed action is refused; nothing on the
table changes. The words never depend on what the seat cannot see."""

from __future__ import annotations

import json
import random
from typing import Any

from reichsstadt.core import CHANCE, Action
from reichsstadt.core import game as find_game
from reichsstadt.server.protocol import words

from .helpers import Ws, play, seated, serve


def live_table(client: Any, tid: str) -> Any:
    return client.app.state.services.tables.tables[tid]


def _unaffordable_hire(live: Any) -> Action | None:
    """A hire the seat to act cannot pay (Norenberc's "that way" of paying), if any."""
    acting = live.state.to_act()
    if len(acting) != 1 or acting[0] < 0:
        return None
    for a in live.game.action_space(live.players).actions:
        if a.type == "hire":
            refused = live.state.refusal(acting[0], a)
            if refused is not None and "norenberc.why.hire_price" in json.dumps(words(refused)):
                return a  # type: ignore[no-any-return]
    return None


def test_why_answers_the_engines_words_and_changes_nothing(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t, clients = seated(c)
        live = live_table(c, t["id"])
        play(clients, random.Random(3), until=lambda: _unaffordable_hire(live) is not None
             and all(cl.state["move"] == live.moves for cl in clients))
        mover = live.state.to_act()[0]
        hire = _unaffordable_hire(live)
        assert hire is not None
        for cl in clients:
            cl.drain()
        n = live.moves
        before = [(cl.state["move"], cl.state["view"], cl.state["legal"]) for cl in clients]
        asker = clients[mover]
        # not legal: the engine's words, the ones apply() refuses it with
        asker.send({"type": "why", "action": hire.to_json()})
        ans = asker.until(lambda m: m["type"] in ("why", "error"))
        assert ans["type"] == "why" and ans["legal"] is False, ans
        assert ans["action"] == hire.to_json()
        assert ans["message"] == words(live.state.refusal(mover, hire))
        assert "norenberc.why.hire_price" in json.dumps(ans["message"])
        # legal: it says so
        legal = asker.state["legal"][0]
        asker.send({"type": "why", "action": legal["action"]})
        ans = asker.until(lambda m: m["type"] in ("why", "error"))
        assert ans["type"] == "why" and ans["legal"] is True
        assert ans["message"]["id"] == "server.why.possible"
        # another seat asks about the mover's move: not its turn
        other = clients[(mover + 1) % 3]
        other.send({"type": "why", "action": legal["action"]})
        ans = other.until(lambda m: m["type"] in ("why", "error"))
        assert ans["legal"] is False and ans["message"]["id"].startswith("core.refuse.not_turn")
        # malformed: no action of the game, not an object, a missing field
        for bad in [{"type": "why", "action": {"type": "hire", "room": 99, "form": 0}},
                    {"type": "why", "action": 3}, {"type": "why"},
                    {"type": "why", "action": {"type": "hire", "room": 1.5, "form": 0}}]:
            asker.send(bad)
            err = asker.error()
            assert err["code"] == "malformed", (bad, err)
        # a spectator cannot ask
        watcher = Ws(c, t["id"], None)
        watcher.first_state()
        watcher.send({"type": "why", "action": legal["action"]})
        assert watcher.error()["message"]["id"] == "server.error.spectator"
        # nothing changed, and only the asker heard the answers
        for cl in clients:
            heard = cl.drain()
            assert not [m for m in heard if m["type"] == "why"]
            assert not [m for m in heard if m["type"] == "state" and m["move"] != n]
        assert live.moves == n
        for cl, old in zip(clients, before):
            assert (cl.state["move"], cl.state["view"], cl.state["legal"]) == old
        for cl in [*clients, watcher]:
            cl.close()


def test_the_refusal_words_never_depend_on_what_the_seat_cannot_see() -> None:
    """The words of every action's refusal for a seat are the same in the true state and
    in states the seat cannot tell apart from it (its samples): asking reveals nothing."""
    for gid in ("norenberc", "siedler", "colonia"):
        g = find_game(gid)
        st = g.new(3, 7, {})
        rng = random.Random(7)
        actions = g.action_space(3).actions
        for step in range(240):
            if st.over():
                break
            if step % 40 == 0:
                for seat in range(3):
                    samples = [st.sample(seat, random.Random(k)) for k in range(2)]
                    for a in actions:
                        said = words(st.refusal(seat, a))
                        assert all(words(x.refusal(seat, a)) == said for x in samples), (gid, seat, a)
            acting = st.to_act()
            if acting == (CHANCE,):
                outs = st.chance_outcomes()
                st.apply(CHANCE, rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
            else:
                st.apply(acting[0], rng.choice(st.legal(acting[0])))
