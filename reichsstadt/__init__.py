"""reichsstadt: Norenberc, Die Siedler von Nürnberg and Colonia, to play and to study."""

from .core import (
    CHANCE, Action, BadOption, BotError, DataFileError, GameInfo, IllegalAction, Match, Message, Outcome, Record,
    RecordError, ReichsstadtError, Seat, State, game, game_ids, replay,
)
from .core.version import __version__
from . import i18n  # noqa: F401  (str() of a message and of an error speaks English through the catalogs)

__all__ = [
    "CHANCE", "Action", "BadOption", "BotError", "DataFileError", "GameInfo", "IllegalAction", "Match", "Message",
    "Outcome", "Record", "RecordError", "ReichsstadtError", "Seat", "State", "game", "game_ids", "replay",
    "__version__",
]
