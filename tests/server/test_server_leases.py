"""A process's leases on the tables it runs, renewed every few seconds: a table made while
a renewal is on its way stays this process's own (it was taken for another process's,
and on SQLite nobody ever ran it again: its bots never moved, as a CI run once saw)."""

from __future__ import annotations

import asyncio
from typing import Any

from .helpers import Ws, create, serve


def test_a_table_made_while_the_leases_are_renewed_is_still_run_here(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        svc = c.app.state.services
        create(c, "norenberc", 3, ["human", "greedy", "greedy"], take=0, start=False)  # held: renewals ask
        real = svc.storage.renew
        made: list[dict[str, Any]] = []

        async def slow_renew(owner: str, table_ids: Any, seconds: float) -> set[str]:
            kept: set[str] = await real(owner, table_ids, seconds)
            # while this renewal's answer is on its way, a visitor makes a table of bots
            made.append(await asyncio.to_thread(create, c, "norenberc", 2, ["greedy", "greedy"], None, "Ann",
                                                True))
            return kept

        svc.storage.renew = slow_renew
        try:
            c.portal.call(svc.tables._renew)
        finally:
            svc.storage.renew = real
        live = c.portal.call(svc.tables.get, made[0]["id"])
        assert live.owned, "the table made during the renewal was given up"
        w = Ws(c, made[0]["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        c.portal.call(svc.tables._renew)  # and the next renewal keeps what it holds
        assert c.portal.call(svc.tables.get, made[0]["id"]).owned
