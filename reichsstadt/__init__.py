"""reichsstadt: Norenberc, Die Siedler von Nürnberg and Colonia, to play and to study."""

__version__ = "0.1.0"

from .core import (  # noqa: E402
    CHANCE, Action, BadOption, DataFileError, IllegalAction, Match, Outcome, Record,
    RecordError, ReichsstadtError, Seat, State, game, games, replay,
)

__all__ = [
    "CHANCE", "Action", "BadOption", "DataFileError", "IllegalAction", "Match", "Outcome",
    "Record", "RecordError", "ReichsstadtError", "Seat", "State", "game", "games", "replay",
    "__version__",
]
