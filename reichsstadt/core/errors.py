"""The project's errors: every bad input raises one of these with a message that says
what was wrong, and the state it was given stays as it was."""


class ReichsstadtError(Exception):
    """Base of every error the project raises on purpose."""


class IllegalAction(ReichsstadtError):
    """An action that is unknown, malformed, not this seat's turn, or against a rule."""


class BadOption(ReichsstadtError):
    """An unknown game, option, player count or option value."""


class DataFileError(ReichsstadtError):
    """A component or map data file that cannot be read or breaks a constraint."""


class RecordError(ReichsstadtError):
    """A game record or snapshot that is malformed or does not replay."""
