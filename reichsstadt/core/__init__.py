"""The contract every engine keeps, the runner, records and replay, the registry, the
seeded random source, messages."""

from .actions import Action, ActionSpace
from .chance import make_rng, sample_chance
from .contract import CHANCE, Game, GameInfo, Outcome, Pick, State, rank_by
from .errors import BadOption, BotError, DataFileError, FrontendError, IllegalAction, RecordError, ReichsstadtError
from .fields import SHARED
from .messages import Message, Player
from .options import Option, resolve_options
from .record import Record, replay
from .registry import files, game, game_ids, has_part, part, register
from .runner import Agent, Match
from .seat import Seat
from .views import envelope

__all__ = [
    "Action", "ActionSpace", "Agent", "BadOption", "BotError", "CHANCE", "DataFileError", "FrontendError", "Game",
    "GameInfo", "IllegalAction", "Match", "Message", "Option", "Outcome", "Pick", "Player", "Record", "RecordError",
    "ReichsstadtError", "SHARED", "Seat", "State", "envelope", "files", "game", "game_ids", "has_part", "make_rng",
    "part", "rank_by", "register", "replay", "resolve_options", "sample_chance",
]
