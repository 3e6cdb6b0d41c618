"""Where in a bot of one's own a failure was raised: the line of the bot's own code that
its author goes to, named in the one-line error every command gives (`play`, `hint`,
`simulate`, `tournament`), the whole traceback only on request (REICHSSTADT_DEBUG=1)."""

from __future__ import annotations

import os
import sysconfig
import traceback
from pathlib import Path

_PACKAGE = str(Path(__file__).resolve().parents[1])
"""The reichsstadt package's folder: frames in it are ours, not the bot's."""

_LIBRARIES = tuple(dict.fromkeys(os.path.abspath(sysconfig.get_paths()[k]) + os.sep
                                 for k in ("stdlib", "platstdlib", "purelib", "platlib")))
"""Python's own library and the installed packages: a bot that dies inside NumPy's or the
json module's code is named by its own line that called them."""


def raised_at(exc: BaseException) -> tuple[str, int] | None:
    """Where in a bot's own code `exc` was raised: the innermost frame of its traceback
    outside the reichsstadt package and, where there is one, outside Python's library and
    the installed packages (an installed bot's frames are all there: then the innermost
    outside the package); its file, relative to the current folder when in it, and line;
    None if no frame is the bot's."""
    outside: list[tuple[str, int]] = []
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not os.path.abspath(name).startswith(_PACKAGE + os.sep) and not name.startswith("<frozen "):
            outside.append((name, tb.tb_lineno))
        tb = tb.tb_next
    own = [f for f in outside if not os.path.abspath(f[0]).startswith(_LIBRARIES)]
    if not outside:
        return None
    found = (own or outside)[-1]
    path = os.path.abspath(found[0])
    here = os.getcwd()
    return (os.path.relpath(path, here) if path.startswith(here + os.sep) else path), found[1]


def debug_note(failure: BaseException, cause: BaseException) -> None:
    """On request (REICHSSTADT_DEBUG=1), `cause`'s whole traceback as a note of `failure`:
    the command prints notes after the error's line, and a note travels with the error out
    of a worker process."""
    if os.environ.get("REICHSSTADT_DEBUG"):
        failure.add_note("".join(traceback.format_exception(cause)).rstrip())
