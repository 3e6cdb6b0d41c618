"""The lobby's data-file check (POST /api/data/check) reads and checks up to 2 MB a
request: each client address may ask it `check_rate` a second (bursts of `check_burst`),
refused before the body is read, so a stranger cannot keep the server parsing."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from .helpers import serve


def test_a_flood_of_data_checks_is_refused_with_words_and_others_still_check(tmp_path: Path) -> None:
    with serve(tmp_path, check_rate=1 / 60, check_burst=3) as c:
        good = '{"format": 1}'
        for _ in range(3):
            assert c.post("/api/data/check", json={"text": good}).status_code == 200
        refused = c.post("/api/data/check", json={"text": good})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["id"] == "server.error.check_rate"
        assert "choose the file again" in refused.json()["text"]
        assert int(refused.headers["retry-after"]) >= 1
        # refused before the body is read: a body that is not even JSON gets the same answer
        assert c.post("/api/data/check", content=b"{not json").status_code == 429
        assert 'reichsstadt_limited_total{limit="check_rate"}' in c.get("/metrics").text
        other = TestClient(c.app, client=("203.0.113.9", 4000))
        assert other.post("/api/data/check", json={"text": good}).status_code == 200
