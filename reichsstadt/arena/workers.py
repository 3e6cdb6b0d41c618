"""Games played in worker processes, and stopped at once when the run stops.

A run stopped by Ctrl-C, a time limit or a failure (a bot of one's own that raises) must
end now, not after the games under way: a worker interrupted in one game goes on with
the next it has already been handed, and a game of a searching bot (`mcts:1s`) lasts
minutes. So the workers are ended, not waited for; a stopped tournament keeps every
game that had ended (its results file), and `--resume` plays the rest."""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Callable, Sequence


def in_processes(play: Callable[[Any], Any], batches: Sequence[Any], jobs: int, done: Callable[[Any], None],
                 ordered: bool = False) -> None:
    """`play(batch)` for every batch on `jobs` processes, each result handed to `done` as it
    ends (in the order of `batches` if `ordered`). Whatever stops it (an exception in a
    game or in `done`, KeyboardInterrupt) ends the workers before it is raised."""
    pool = ProcessPoolExecutor(max_workers=jobs)
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
