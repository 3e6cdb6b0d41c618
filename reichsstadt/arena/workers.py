"""Games played in worker processes, and stopped at once when the run stops.

A run stopped by Ctrl-C, a time limit or a failure (a bot of one's own that raises) must
end now, not after the games under way: a worker interrupted in one game goes on with
the next it has already been handed, and a game of a searching bot (`mcts:1s`) lasts
minutes. So the workers are ended, not waited for; a stopped tournament keeps every
game that had ended (its results file), and `--resume` plays the rest."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Sequence

FAST = ("random", "greedy")
"""The bots whose games take milliseconds (the easy and medium levels play them)."""


def batch_size(bots: Iterable[str], game_id: str, games: int, jobs: int) -> int:
    """Games a task: one where any bot may be slow (a search, a level that plays one, a
    bot of one's own or a plug-in: each game then reaches the results file and the
    progress bar as it ends), else up to 50 (less overhead for games of milliseconds)."""
    from ..bots import levels
    from ..core import ReichsstadtError

    def fast(bot: str) -> bool:
        name = bot.strip().lower()
        try:
            name = levels.spec(name, game_id).lower() if levels.is_level(name) else name
        except (KeyError, ReichsstadtError):
            return False
        return name in FAST

    if not all(fast(b) for b in set(bots)):
        return 1
    return max(1, min(50, games // (jobs * 8)))


class Terminated(KeyboardInterrupt):
    """SIGTERM to the command's process (`kill PID`, Popen.terminate(), a supervisor): a
    stop like Ctrl-C (the workers ended, what is kept said), that exits with 128 + its
    signal's number (143), as `play` does."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_OWNER = os.getpid()
"""The process whose SIGTERM raises Terminated (set where the handler is installed)."""


def _terminated(signum: int, frame: Any) -> None:
    if os.getpid() != _OWNER:
        # A worker forked before its `_worker_start` ran still has this handler: a stop
        # ends it quietly, as SIG_DFL would, not with a traceback from its bootstrap.
        os._exit(128 + signum)
    raise Terminated(signum)


@contextmanager
def stopped_by_sigterm() -> Iterator[None]:
    """Within it, SIGTERM raises Terminated (a KeyboardInterrupt) in the main thread, so
    that a run stops as on Ctrl-C; a second one while it stops is ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    global _OWNER
    _OWNER = os.getpid()
    before = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    except Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)   # the stop is not cut short by another
        raise
    finally:
        if signal.getsignal(signal.SIGTERM) is _terminated:
            signal.signal(signal.SIGTERM, before)


def _worker_start(parent: int) -> None:
    """A worker's first act: SIGTERM ends it (not the handler a fork inherits), and it
    ends with its parent, even one killed by SIGKILL (nobody would end it else: it waits
    on a pipe it holds both ends of, and keeps the caller's stdout and stderr open)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)   # PR_SET_PDEATHSIG
        except (OSError, AttributeError):   # pragma: no cover - no prctl: the thread below does it
            pass
    first = os.getppid()   # the run's process, or a fork server that ends with it
    if first != parent and not _alive(parent):
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(first,), daemon=True, name="watch-parent").start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _watch_parent(parent: int, every: float = 1.0) -> None:
    """End this process once its parent is gone (it is handed to another: init)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


def in_processes(play: Callable[[Any], Any], batches: Sequence[Any], jobs: int, done: Callable[[Any], None],
                 ordered: bool = False) -> None:
    """`play(batch)` for every batch on `jobs` processes, each result handed to `done` as it
    ends (in the order of `batches` if `ordered`). Whatever stops it (an exception in a
    game or in `done`, KeyboardInterrupt) ends the workers before it is raised."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(play, b) for b in batches]
        if ordered:
            for f in futures:
                done(f.result())
        else:
            pending: set[Future[Any]] = set(futures)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    done(f.result())
    except BaseException:
        stop(pool)
        raise
    pool.shutdown()


def stop(pool: ProcessPoolExecutor) -> None:
    """Games not begun are not begun, and the games under way end now: their processes
    are terminated (ProcessPoolExecutor has no public way to; its `_processes` is the
    map of its workers). The pool's manager thread is waited for too: at exit, Python
    wakes every such thread through a pipe the thread closes as it ends, and a thread
    still ending then raced it ("Bad file descriptor" printed after Ctrl-C; CPython fixed
    the race in 3.12 only)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())   # shutdown() forgets them
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(5)
    if manager is not None:
        manager.join(5)
