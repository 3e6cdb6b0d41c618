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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..core import BadOption

RESULTS = "results.jsonl"
FORMAT = 1


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
    def from_json(obj: dict[str, Any], where: str) -> "Header":
        try:
            if obj.get("kind") != "tournament":
                raise ValueError("its first line is not a tournament's header")
            if obj.get("format") != FORMAT:
                raise ValueError(f"format {obj.get('format')!r}, this version writes {FORMAT}")
            return Header(str(obj["game"]), int(obj["players"]), [str(b) for b in obj["bots"]], int(obj["seed"]),
                          int(obj["games"]), dict(obj.get("options") or {}), int(obj.get("scheduled", 0)))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(f"{where}: not a tournament's results ({exc})") from None

    def differences(self, other: "Header") -> list[str]:
        """What differs between two headers, in words ("bots: a,b here, c,d in the file")."""
        out = []
        for name in ("game", "players", "bots", "seed", "games", "options"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                out.append(f"{name} {_shown(mine)} (asked) against {_shown(theirs)} (in the file)")
        return out


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return json.dumps(value) if isinstance(value, dict) else str(value)


def results_path(folder: str | Path) -> Path:
    return Path(folder) / RESULTS


def read(folder: str | Path) -> tuple[Header, list[dict[str, Any]]]:
    """The header and the finished games of the tournament in `folder` (a torn last line
    left out); BadOption if there is none or it is not one."""
    path = results_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadOption(f"{folder}: no tournament there (no {RESULTS})") from None
    except OSError as exc:
        raise BadOption(f"{path}: cannot be read ({exc.strerror or exc})") from None
    lines = text.split("\n")
    if lines and lines[-1]:        # no newline at its end: torn by a kill
        lines = lines[:-1]
    lines = [x for x in lines if x.strip()]
    if not lines:
        raise BadOption(f"{path}: empty, not a tournament's results")
    try:
        header = Header.from_json(json.loads(lines[0]), str(path))
        games = [json.loads(x) for x in lines[1:]]
    except ValueError as exc:
        raise BadOption(f"{path}: a line is not JSON ({exc})") from None
    seen: dict[int, dict[str, Any]] = {}
    for g in games:
        if not isinstance(g, dict) or "index" not in g:
            raise BadOption(f"{path}: a line is not a game's result")
        seen.setdefault(int(g["index"]), g)
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


def check_writable(folder: str | Path) -> None:
    """BadOption at once if results cannot go to `folder` (before any game is played)."""
    folder = Path(folder)
    probe = folder
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK):
        raise BadOption(f"--out {folder}: cannot write there ({probe} is not a writable folder)")
    if results_path(folder).exists() and not os.access(results_path(folder), os.W_OK):
        raise BadOption(f"--out {folder}: {RESULTS} there cannot be written")
