"""One run at a time in a tournament folder.

Two runs writing one results.jsonl (a tournament and a `--resume` of it started beside
it) would both play the games it lacks. So a run holds an OS lock (flock) on the folder's
`results.lock` while it plays, and a second run is refused at once. The kernel drops the
lock when the holding process ends, however it ends (SIGKILL too: its workers die with it,
arena/workers.py), so a `--resume` after a crash is never refused by a lock left behind;
the file itself stays (removing it would let two runs lock two different files). `--report`
only reads and takes no lock. Where the platform has no fcntl (Windows) or the file system
no flock, runs go unlocked, as before."""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..core import BadOption, Message

try:
    import fcntl
except ImportError:   # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK = "results.lock"

_held: dict[Path, int] = {}
"""The folders this process holds (resolved) -> the lock file's descriptor: the command
takes the lock before its progress bar and the library's tournament() within it again."""


@contextmanager
def holding(folder: str | Path | None) -> Iterator[None]:
    """Within it, this process alone plays into `folder` (made if missing); BadOption at
    once, naming the folder, if another run holds it. None: no folder, nothing to lock."""
    if folder is None or fcntl is None:
        yield
        return
    key = Path(folder).resolve()
    if key in _held:   # taken already by this process (the command, then the library)
        yield
        return
    fd = _lock(Path(folder))
    if fd is None:
        yield
        return
    _held[key] = fd
    try:
        yield
    finally:
        del _held[key]
        fcntl.flock(fd, fcntl.LOCK_UN)   # for forked workers that share the descriptor too
        os.close(fd)


def _lock(folder: Path) -> int | None:
    """The locked descriptor of folder/results.lock (this process's id written in it, for
    the refusal of the next run to name); None where the file system cannot lock."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:   # a lock file the user may not write: the run goes unlocked
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        holder = _holder(fd)
        os.close(fd)
        if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return None   # no flock here (some network file systems): unlocked
        said = {"folder": str(folder), "lock": LOCK}
        if holder is not None:
            raise BadOption(Message("commands.tournament.busy", process=holder, **said)) from None
        raise BadOption(Message("commands.tournament.busy_unknown", **said)) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _holder(fd: int) -> int | None:
    """The process id the holder wrote in the lock file (None before it has, or if unreadable)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
