"""The contract every engine keeps, records and replay, the registry, the seeded RNG."""

from .actions import Action, ActionSpace
from .chance import make_rng, sample_chance
from .contract import CHANCE, Game, Outcome, State, rank_by
from .errors import BadOption, DataFileError, IllegalAction, RecordError, ReichsstadtError
from .options import Option, resolve_options
from .record import Match, Record, replay
from .registry import game, games
from .seat import Seat

__all__ = [
    "Action", "ActionSpace", "BadOption", "CHANCE", "DataFileError", "Game", "IllegalAction",
    "Match", "Option", "Outcome", "Record", "RecordError", "ReichsstadtError", "Seat", "State",
    "game", "games", "make_rng", "rank_by", "replay", "resolve_options", "sample_chance",
]
