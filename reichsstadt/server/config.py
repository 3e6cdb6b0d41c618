"""Server settings: where the database is, how fast bots play, message limits."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """Where the embedded SQLite database lives: $REICHSSTADT_DATA, else the XDG data
    folder (~/.local/share/reichsstadt)."""
    env = os.environ.get("REICHSSTADT_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "reichsstadt"


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


@dataclass
class Settings:
    db_url: str = ""                    # SQLAlchemy URL; "" = SQLite file in the data folder
    bot_delay: float = 0.8              # seconds between bot moves (a pace people can follow)
    max_message_bytes: int = 4096       # a client message larger than this is refused
    rate_per_second: float = 15.0       # messages a connection may send, on average...
    rate_burst: int = 40                # ...and in a burst
    flood_strikes: int = 50             # refused messages before a flooding connection is closed
    flood_forget: float = 60.0          # seconds without a refused message after which strikes are forgiven
    hello_timeout: float = 10.0         # seconds a new websocket has to say hello
    clock_minimum: float = 5.0          # the shortest thinking time a table may set (tests: shorter)
    lease_seconds: float = 15.0         # several processes: how long a table's lease lasts unrenewed
    lease_renew: float = 4.0            # ... and how often each process renews and looks for orphans
    log_json: bool = True               # structured logs (one JSON object per line)
    public_url: str = ""                # how people reach the server (for invite links); "" = the request's own
    extra: dict[str, str] = field(default_factory=dict)

    def resolved_db_url(self) -> str:
        if self.db_url:
            return self.db_url
        folder = default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return sqlite_url(folder / "reichsstadt.db")
