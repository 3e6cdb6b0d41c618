"""The server's services, made once by the app and handed to every route and table:
settings, storage, the bot pool, the tables in memory, other processes, limits, metrics,
the clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .clock import Clock
from .config import Settings
from .limits import Limits
from .replays import Replays
from .metrics import Metrics
from .pool import BotPool
from .storage import Storage

if TYPE_CHECKING:
    from .cluster import Cluster
    from .review import Reviews
    from .tables import TableManager


@dataclass
class Services:
    settings: Settings
    storage: Storage
    pool: BotPool
    metrics: Metrics
    limits: Limits
    clock: Clock = field(default_factory=Clock)
    tables: "TableManager" = field(init=False)
    cluster: "Cluster" = field(init=False)
    reviews: "Reviews" = field(init=False)
    replays: Replays = field(default_factory=Replays)   # finished games' positions for the replay page
