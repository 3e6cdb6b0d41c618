"""Server settings: where the database is, how fast bots play, and every limit that keeps
one visitor from slowing everyone (each with a safe default, each set by a `serve`
option of the same name)."""

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
    return f"sqlite:///{path}"


@dataclass
class Settings:
    db_url: str = ""                    # SQLAlchemy URL or a plain path (a SQLite file); "" = the data folder's
    sqlite_sync: str = "NORMAL"         # SQLite's synchronous: NORMAL (survives a process crash) or FULL (a power cut)
    bot_delay: float = 0.8              # seconds between bot moves (a pace people can follow)
    # -- messages on a websocket --
    max_message_bytes: int = 4096       # a client message larger than this is refused
    max_json_depth: int = 32            # JSON nested deeper than this (a message, a body) is refused
    rate_per_second: float = 15.0       # messages a connection may send, on average...
    rate_burst: int = 40                # ...and in a burst
    flood_strikes: int = 50             # refused messages before a flooding connection is closed
    flood_forget: float = 60.0          # seconds without a refused message after which strikes are forgiven
    hello_timeout: float = 10.0         # seconds a new websocket has to say hello
    write_timeout: float = 10.0         # seconds a websocket's client may leave what it is sent unread
    # -- HTTP --
    max_body_bytes: int = 2 * 1024 * 1024   # a request body (a table with a data file of one's own)
    header_timeout: float = 10.0        # seconds a client has to send a request's headers
    body_timeout: float = 20.0          # ... and its body
    connections_per_address: int = 64   # open connections (HTTP and websockets) from one client address
    spectators_per_table: int = 50      # spectator websockets on one table...
    spectators_per_address: int = 5     # ...and of them from one client address
    replay_rate: float = 20.0           # replay steps (a finished game's position) one address may ask a second...
    replay_burst: int = 40              # ...and at once
    review_rate: float = 0.05           # reviews of finished games one address may start a second (one every 20 s)...
    review_burst: int = 6               # ...and at once
    check_rate: float = 1.0             # data files one address may have checked a second (the lobby's check)...
    check_burst: int = 10               # ...and at once
    forwarded_allow_ips: str = "127.0.0.1"  # proxies whose X-Forwarded-For names the real client
    # -- tables --
    create_rate: float = 10.0 / 60.0    # tables one address may create per second on average...
    create_burst: int = 10              # ...and at once
    open_per_creator: int = 5           # tables waiting for people that one address may have at once
    open_ttl: float = 24 * 3600.0       # seconds a table waits for people before it expires
    idle_unload: float = 300.0          # seconds without a client after which a table leaves memory
    finished_unload: float = 5.0        # ... a finished one (its end is replayed from the database if asked)
    clock_minimum: float = 5.0          # the shortest thinking time a table may set (tests: shorter)
    # -- bots and hints --
    bot_workers: int = 0                # worker processes for bots, hints and reviews (0: one per core, at least 2)
    bot_max_seconds: float = 5.0        # the longest a bot may think a move (mcts:Ns)
    bot_max_iterations: int = 20_000    # the most iterations a bot may search a move (mcts:N)
    bot_grace: float = 5.0              # seconds past its budget after which a bot's worker is stopped
    stand_in_bot: str = "greedy"        # who plays for an absent or timed-out person
    hint_bot: str = "mcts:1s"           # who answers a hint
    hint_interval: float = 10.0         # seconds between two hints of one seat
    review_seconds: float = 20.0        # the searches of a review share this many seconds
    # -- several processes --
    lease_seconds: float = 15.0         # how long a table's lease lasts unrenewed
    lease_renew: float = 4.0            # ... and how often each process renews and looks for orphans
    forward_timeout: float = 5.0        # seconds a move forwarded to a table's owner waits for its answer
    hand_over: bool = True              # a table goes to the process its clients are on (cluster.py)
    # -- logs --
    log_json: bool = True               # structured logs (one JSON object per line)
    log_rate: float = 200.0             # log lines a second, on average, before lines are dropped...
    log_burst: int = 1000               # ...and at once
    public_url: str = ""                # how people reach the server (for invite links); "" = the request's own
    extra: dict[str, str] = field(default_factory=dict)

    def resolved_db_url(self) -> str:
        from .storage import database_url

        if self.db_url:
            return database_url(self.db_url)
        folder = default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return sqlite_url(folder / "reichsstadt.db")

    def workers(self) -> int:
        return self.bot_workers if self.bot_workers > 0 else max(2, os.cpu_count() or 1)
