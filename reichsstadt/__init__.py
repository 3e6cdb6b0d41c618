"""reichsstadt: Norenberc, Die Siedler von Nürnberg and Colonia, to play and to study."""

__version__ = "0.2.0"

from .core import (  # noqa: E402
    CHANCE, Action, BadOption, DataFileError, GameInfo, IllegalAction, Match, Message, Outcome, Record,
    RecordError, ReichsstadtError, Seat, State, game, game_ids, replay,
)

__all__ = [
    "CHANCE", "Action", "BadOption", "DataFileError", "GameInfo", "IllegalAction", "Match", "Message",
    "Outcome", "Record", "RecordError", "ReichsstadtError", "Seat", "State", "game", "game_ids", "replay",
    "__version__",
]
