"""The project's errors: every bad input raises one of these with a message that says
what was wrong, and the state it was given stays as it was."""

from __future__ import annotations

from typing import Any


class ReichsstadtError(Exception):
    """Base of every error the project raises on purpose.

    Raised with plain English text or with a catalog message (core.messages.Message),
    which a terminal or a browser can say in the reader's language (`message`);
    str(error) is English either way, rendered only when someone reads it."""

    def __init__(self, what: Any) -> None:
        super().__init__(what)
        self.message = what if not isinstance(what, str) else None

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalAction(ReichsstadtError):
    """An action that is unknown, malformed, not this seat's turn, or against a rule."""


class BadOption(ReichsstadtError):
    """An unknown game, option, player count or option value."""


class BotError(BadOption):
    """A bot of one's own failed: its act() raised (the bot's exception is the cause,
    `__cause__`) or it made a move the rules refuse. The message names the bot, and where
    in its code it raised. A BadOption, as a bot spec that cannot be made is one."""


class DataFileError(ReichsstadtError):
    """A component or map data file that cannot be read or breaks a constraint.

    Raised with a catalog message (`data.*`, in `reichsstadt/i18n/<lang>.data.po`: the file,
    the entry and the rule it breaks, each a message of its own), so that an owner reads it
    in the language of the terminal or the browser; str() is the English line."""


class RecordError(ReichsstadtError):
    """A game record, snapshot or position that is malformed or does not replay."""


class FrontendError(ReichsstadtError):
    """A game's declared frontend (terminal renderer, SVG board, web renderer) is missing
    or cannot be loaded."""
