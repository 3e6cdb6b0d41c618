"""Files the commands write: checked before any work is done, written whole or not at
all, and, for a game record, saved somewhere else rather than lost."""

from __future__ import annotations

import datetime as _dt
import json
import os
import tempfile
from pathlib import Path
from typing import Sequence

from ..core import Message, Record
from ..core.errors import BadOption, RecordError


def nearest_existing(path: Path) -> Path:
    """`path` if it exists, else the nearest folder above it that does: where the folders
    missing on its way would be made."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def why_not_writable(path: Path) -> Message | None:
    """Why `path` cannot be written (a message), or None if it can. Tries it: a file that
    did not exist is created and removed again. Folders on its way that do not exist are
    made by `make_folders` when there is something to write; the nearest that exists must
    take them."""
    if path.is_dir():
        return Message("terminal.file.is_folder")
    folder = path.parent
    nearest = nearest_existing(folder)
    if not nearest.is_dir():
        return Message("terminal.file.not_folder", folder=str(nearest))
    try:
        # the write makes a temporary file beside its target (write_text), or the missing
        # folders there: the folder must take a new file, not only the file be writable
        with tempfile.TemporaryFile(dir=nearest):
            pass
        if nearest != folder:   # nothing is made before there is something to write
            return None
        existed = path.exists()
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        return Message("terminal.file.os", reason=exc.strerror or str(exc))
    if not existed:
        try:
            path.unlink()
        except OSError:
            pass
    return None


def check_output(path: Path, flag: str, suffixes: Sequence[str] = ()) -> Path:
    """`path` given to `flag`, refused up front (BadOption) if its suffix is not one of
    `suffixes` or it cannot be written."""
    if suffixes and path.suffix.lower() not in suffixes:
        raise BadOption(Message("terminal.file.suffix", flag=flag, path=str(path), suffixes=", ".join(suffixes)))
    why = why_not_writable(path)
    if why is not None:
        raise BadOption(Message("terminal.file.refused", flag=flag, path=str(path), why=why))
    return path


def check_new_record(path: Path, flag: str) -> Path:
    """`path` given to `flag` for a game's record (check_output), refused up front if a
    file is there already: the game's first save would replace it (last week's game saved
    under the same name), so the person chooses, never the program."""
    check_output(path, flag)
    if path.exists():
        raise BadOption(Message("terminal.file.refused", flag=flag, path=str(path),
                                why=Message("terminal.file.exists", path=str(path))))
    return path


def make_folders(path: Path, flag: str) -> None:
    """Make the folders on the way to `path` (checked by `check_output`) that do not exist,
    once the command has something to write there. Only at the start: a folder that
    vanishes later (a stick pulled out) is not made again, and the record goes elsewhere."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = Message("terminal.file.os", reason=exc.strerror or str(exc))
        raise BadOption(Message("terminal.file.refused", flag=flag, path=str(path), why=why)) from None


_UMASK = os.umask(0)
os.umask(_UMASK)   # read once, at import: os.umask can only be read by setting it


def write_text(path: Path, text: str) -> None:
    """Write `text` to `path` whole: to a temporary file beside it, then renamed over it,
    so a failure never leaves half a file (or destroys the previous one). The file gets
    the mode a plain open() would give it (the previous file's, or the umask's: mkstemp
    makes 0600); an error names the file, never the temporary one."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent or Path(".")))
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
    try:
        try:
            mode = path.stat().st_mode & 0o777
        except OSError:
            mode = 0o666 & ~_UMASK
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and exc.filename != str(path):   # none, or the temporary file's
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
        raise


def write_record(record: Record, path: Path) -> None:
    write_text(path, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")


def record_name(game_id: str) -> str:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return f"reichsstadt-{game_id}-{stamp}.json"


def fallback_places(game_id: str) -> list[Path]:
    """Where a record goes when its own place cannot be written: the current folder, the
    home folder, the temporary folder."""
    name = record_name(game_id)
    places = [Path.cwd(), Path.home(), Path(tempfile.gettempdir())]
    out: list[Path] = []
    for folder in places:
        try:
            p = (folder / name)
        except Exception:  # pragma: no cover - no home folder at all
            continue
        if p not in out:
            out.append(p)
    return out


def default_record_path(game_id: str) -> Path:
    """Where a game is saved when --save is not given: the current folder if it can be
    written, else the first fallback place that can."""
    for p in [Path(record_name(game_id)), *fallback_places(game_id)[1:]]:
        if why_not_writable(p) is None:
            return p
    return Path(record_name(game_id))


def load_record(path: Path) -> Record:
    """The game record at `path` (for replay and --resume); a path that does not exist or
    is a folder is refused in the reader's language (the record's own checks follow)."""
    if not path.exists():
        raise RecordError(Message("terminal.file.no_record", path=str(path)))
    if path.is_dir():
        raise RecordError(Message("terminal.file.record_folder", path=str(path)))
    return Record.load(path)
