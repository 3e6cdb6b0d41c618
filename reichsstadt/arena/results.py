"""A tournament's file of results, `results.jsonl`: written as the games end, so a stopped
tournament keeps every finished game, continues where it stopped (`--resume`), and is
summarized from the file at any time (`--report`).

The first line is the header (what the tournament is: game, players, entrants, seed,
games, options; everything the schedule follows from), each further line one finished
game (`GameResult.to_json()`), in the order the games ended. A line is written whole and
flushed to the disk before the next game is reported; a line torn by a kill (no newline
at its end) is not a game and is dropped when the tournament continues."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..core import BadOption

RESULTS = "results.jsonl"
FORMAT = 1
MOST_GAMES = 10_000_000
"""The most games a tournament or simulation may have (a header asking more is not one of ours)."""


def check_games(games: int) -> int:
    """--games, refused (BadOption) outside 1 … MOST_GAMES: a typo of a huge number would
    otherwise plan its schedule for ever."""
    if not 1 <= games <= MOST_GAMES:
        raise BadOption(f"--games must be from 1 to {MOST_GAMES:,}, not {games}")
    return games


@contextmanager
def in_game(where: str) -> Iterator[None]:
    """A failure of a bot of one's own (BadOption, from the runner) said with the game it
    happened in (`where`: its seed), so that it can be played again."""
    try:
        yield
    except BadOption as exc:
        if exc.message is not None:   # a catalog message: said as it is
            raise
        raise BadOption(f"{exc} (in {where})") from exc


@dataclass(frozen=True)
class Header:
    """What a tournament is: its schedule follows from these alone."""

    game: str
    players: int
    bots: list[str]
    seed: int
    games: int                       # as asked (the schedule rounds up to whole rotations)
    options: dict[str, Any] = field(default_factory=dict)
    scheduled: int = 0               # games in the schedule
    format: int = FORMAT

    def to_json(self) -> dict[str, Any]:
        return {"kind": "tournament", **asdict(self)}

    @staticmethod
    def from_json(obj: Any, where: str) -> "Header":
        try:
            if not isinstance(obj, dict) or obj.get("kind") != "tournament":
                raise ValueError("its first line is not a tournament's header")
            if obj.get("format") != FORMAT:
                raise ValueError(f"format {obj.get('format')!r}, this version writes {FORMAT}")
            bots = obj["bots"]
            if not isinstance(bots, list) or not bots or not all(isinstance(b, str) and b for b in bots):
                raise ValueError(f"bots must be a list of bot names, not {bots!r}")
            options = obj.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError(f"options must be an object, not {options!r}")
            header = Header(_text(obj, "game"), _whole(obj, "players", 1, 64), bots, _whole(obj, "seed"),
                            _whole(obj, "games", 1, MOST_GAMES), options,
                            _whole(obj, "scheduled", 0, MOST_GAMES, missing=0))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(f"{where}: not a tournament's results ({exc})") from None
        return header

    def check_game(self, obj: Any, where: str) -> dict[str, Any]:
        """A line of a finished game, checked against this header (so a summary or a
        resumed tournament never meets a game it cannot read); BadOption naming what is
        wrong otherwise."""
        n = self.players
        try:
            if not isinstance(obj, dict):
                raise ValueError("not an object")
            for name in ("index", "block", "rotation", "decisions"):
                _whole(obj, name, 0)
            _whole(obj, "seed")
            if not (isinstance(obj["bots"], list) and len(obj["bots"]) == n
                    and all(isinstance(b, str) for b in obj["bots"])):
                raise ValueError(f"bots must name {n} bots")
            _numbers(obj, "entrants", n, 0, len(self.bots) - 1, whole=True)
            _numbers(obj, "scores", n)
            _numbers(obj, "ranks", n, 1, n, whole=True)
            winners = obj["winners"]
            if not isinstance(winners, list) or len(winners) > n:
                raise ValueError("winners must be a list of seats")
            _numbers(obj, "winners", len(winners), 0, n - 1, whole=True)
            seconds = obj["seconds"]
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
                raise ValueError(f"seconds must be a number of seconds, not {seconds!r}")
            thinking = obj.get("thinking") or []
            if not isinstance(thinking, list) or not all(x is None or isinstance(x, dict) for x in thinking):
                raise ValueError("thinking must be a list of objects")
            load = obj.get("load")
            if load is not None and (isinstance(load, bool) or not isinstance(load, (int, float))):
                raise ValueError(f"load must be a number, not {load!r}")
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(f"{where}: not a game's result ({exc})") from None
        return obj

    def differences(self, other: "Header") -> list[str]:
        """What differs between two headers, in words ("bots: a,b here, c,d in the file")."""
        out = []
        for name in ("game", "players", "bots", "seed", "games", "options"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                out.append(f"{name} {_shown(mine)} (asked) against {_shown(theirs)} (in the file)")
        return out


def _whole(obj: dict[str, Any], name: str, least: int | None = None, most: int | None = None,
           missing: int | None = None) -> int:
    """obj[name], a whole number (not a bool) within [least, most] (`missing` if given and
    the field is absent; KeyError otherwise); ValueError naming it."""
    x = obj[name] if missing is None else obj.get(name, missing)
    if isinstance(x, bool) or not isinstance(x, int) or (least is not None and x < least) or (
            most is not None and x > most):
        span = "" if least is None else f" from {least}" + ("" if most is None else f" to {most}")
        raise ValueError(f"{name} must be a whole number{span}, not {x!r}")
    return x


def _text(obj: dict[str, Any], name: str) -> str:
    x = obj[name]
    if not isinstance(x, str) or not x:
        raise ValueError(f"{name} must be a name, not {x!r}")
    return x


def _numbers(obj: dict[str, Any], name: str, count: int, least: float | None = None, most: float | None = None,
             whole: bool = False) -> None:
    """obj[name]: a list of `count` numbers (whole ones if `whole`) within [least, most]."""
    xs = obj[name]
    kinds = (int,) if whole else (int, float)
    if not isinstance(xs, list) or len(xs) != count or not all(
            isinstance(x, kinds) and not isinstance(x, bool) and x == x and abs(x) != float("inf")
            and (least is None or x >= least) and (most is None or x <= most) for x in xs):
        raise ValueError(f"{name} must be {count} {'whole ' if whole else ''}numbers"
                         + ("" if least is None else f" from {least:g} to {most:g}"))


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return json.dumps(value) if isinstance(value, dict) else str(value)


def results_path(folder: str | Path) -> Path:
    return Path(folder) / RESULTS


def folder_of(path: str | Path, flag: str) -> Path:
    """The tournament folder that `path` names: the folder itself or, as a user may well
    type it, its results.jsonl; BadOption for another file (a folder is what is asked)."""
    path = Path(path)
    if path.is_file():
        if path.name == RESULTS:
            return path.parent
        raise BadOption(f"{flag} {path}: that is a file; {flag} takes the tournament's folder (where its "
                        f"{RESULTS} is)")
    return path


def read(folder: str | Path) -> tuple[Header, list[dict[str, Any]]]:
    """The header and the finished games of the tournament in `folder` (a torn last line
    left out); BadOption if there is none or it is not one, naming the line at fault."""
    path = results_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadOption(f"{folder}: no tournament there (no {RESULTS})") from None
    except NotADirectoryError:
        raise BadOption(f"{folder}: not a folder (a tournament is a folder holding its {RESULTS})") from None
    except OSError as exc:
        raise BadOption(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadOption(f"{path}: not a tournament's results (not UTF-8 text)") from None
    lines = text.split("\n")
    if lines and lines[-1]:        # no newline at its end: torn by a kill
        lines = lines[:-1]
    numbered = [(i + 1, x) for i, x in enumerate(lines) if x.strip()]
    if not numbered:
        raise BadOption(f"{path}: empty, not a tournament's results")
    objs = []
    for number, line in numbered:
        try:
            objs.append(json.loads(line))
        except (ValueError, RecursionError) as exc:
            raise BadOption(f"{path}: line {number} is not JSON ({exc}); a tournament's results are one "
                            f"JSON object a line") from None
    header = Header.from_json(objs[0], str(path))
    seen: dict[int, dict[str, Any]] = {}
    for (number, _), g in zip(numbered[1:], objs[1:]):
        header.check_game(g, f"{path}, line {number}")
        seen.setdefault(g["index"], g)
    return header, [seen[i] for i in sorted(seen)]


class Writer:
    """Appends finished games to a tournament's results.jsonl, one whole line each."""

    def __init__(self, folder: str | Path, header: Header, resume: bool) -> None:
        folder = Path(folder)
        self.path = results_path(folder)
        if resume:
            self._trim()
        else:
            folder.mkdir(parents=True, exist_ok=True)
            self._write([header.to_json()], "w")

    def _trim(self) -> None:
        """Drop a line torn by a kill, so that the next game starts on a line of its own."""
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            cut = data.rfind(b"\n") + 1
            with self.path.open("r+b") as fh:
                fh.truncate(cut)

    def _write(self, objs: Iterable[dict[str, Any]], mode: str) -> None:
        text = "".join(json.dumps(o, separators=(",", ":")) + "\n" for o in objs)
        with self.path.open(mode, encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())

    def add(self, games: Iterable[dict[str, Any]]) -> None:
        self._write(games, "a")


def check_folder(folder: str | Path, flag: str = "--out", given: str | Path | None = None) -> None:
    """BadOption at once if `folder` (which may not exist yet) cannot be made or written:
    the nearest folder on its way that exists must be a writable folder. Missing folders
    are made only when there is something to write into them. `given`: the path the
    user gave `flag`, if not the folder itself (a file in it)."""
    folder = Path(folder)
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    said = f"{flag} {given if given is not None else folder}: cannot write there"
    if not probe.is_dir():
        raise BadOption(f"{said} ({probe} is a file, not a folder)")
    if not os.access(probe, os.W_OK):
        raise BadOption(f"{said} ({probe} is not a writable folder)")


def check_writable(folder: str | Path) -> None:
    """BadOption at once if results cannot go to `folder` (before any game is played)."""
    check_folder(folder)
    if results_path(folder).exists() and not os.access(results_path(folder), os.W_OK):
        raise BadOption(f"--out {folder}: {RESULTS} there cannot be written")
