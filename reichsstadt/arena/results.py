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
import stat
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..core import BadOption, Message
from ..core.messages import chained
from ..terminal.files import nearest_existing

RESULTS = "results.jsonl"
FORMAT = 2
FORMATS = (1, 2)
"""The formats read: 1, a schedule where with more entrants than seats each meets only its
neighbours in the list; 2, where every combination of them meets (tournament.seatings).
A tournament of no more entrants than seats is written as format 1 (the same games)."""
MOST_GAMES = 10_000_000
"""The most games a tournament or simulation may have (a header asking more is not one of ours)."""


def check_games(games: int) -> int:
    """--games, refused (BadOption) outside 1 … MOST_GAMES: a typo of a huge number would
    otherwise plan its schedule for ever."""
    if not 1 <= games <= MOST_GAMES:
        raise BadOption(Message("commands.games", games=games))   # the catalogs write MOST_GAMES
    return games


@contextmanager
def in_game(where: Message) -> Iterator[None]:
    """A failure of a bot of one's own (BadOption, from the runner: naming the bot and its
    own line) said with the game it happened in (`where`: a `commands.in_game.*` message
    naming its seed), so that it can be played again."""
    try:
        yield
    except BadOption as exc:
        said = exc.message
        if said is not None and not said.id.startswith("core.bot."):   # not a bot's failure: said as it is
            raise
        failure = BadOption(Message("commands.in_game", error=said or str(exc), where=where))
        for note in getattr(exc, "__notes__", ()):   # the traceback asked for (blame.debug_note)
            failure.add_note(note)
        raise failure from exc


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
                raise ValueError(Message("commands.results.no_header"))
            if type(obj.get("format")) is not int or obj["format"] not in FORMATS:
                raise ValueError(Message("commands.results.format", format=repr(obj.get("format")), version=FORMAT))
            bots = obj["bots"]
            if not isinstance(bots, list) or not bots or not all(isinstance(b, str) and b for b in bots):
                raise ValueError(Message("commands.results.bots", value=repr(bots)))
            options = obj.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError(Message("commands.results.options", value=repr(options)))
            header = Header(_text(obj, "game"), _whole(obj, "players", 1, 64), bots, _whole(obj, "seed"),
                            _whole(obj, "games", 1, MOST_GAMES), options,
                            _whole(obj, "scheduled", 0, MOST_GAMES, missing=0), obj["format"])
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(Message("commands.results.not_results", where=where, reason=_reason(exc))) from None
        return header

    def check_game(self, obj: Any, where: Message) -> dict[str, Any]:
        """A line of a finished game, checked against this header (so a summary or a
        resumed tournament never meets a game it cannot read); BadOption naming what is
        wrong otherwise."""
        n = self.players
        try:
            if not isinstance(obj, dict):
                raise ValueError(Message("commands.results.not_an_object"))
            for name in ("index", "block", "rotation", "decisions"):
                _whole(obj, name, 0)
            _whole(obj, "seed")
            if not (isinstance(obj["bots"], list) and len(obj["bots"]) == n
                    and all(isinstance(b, str) for b in obj["bots"])):
                raise ValueError(Message("commands.results.game_bots", count=n))
            _numbers(obj, "entrants", n, 0, len(self.bots) - 1, whole=True)
            _numbers(obj, "scores", n)
            _numbers(obj, "ranks", n, 1, n, whole=True)
            winners = obj["winners"]
            if not isinstance(winners, list) or len(winners) > n:
                raise ValueError(Message("commands.results.winners"))
            _numbers(obj, "winners", len(winners), 0, n - 1, whole=True)
            seconds = obj["seconds"]
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
                raise ValueError(Message("commands.results.seconds", value=repr(seconds)))
            thinking = obj.get("thinking") or []
            if not isinstance(thinking, list) or not all(x is None or isinstance(x, dict) for x in thinking):
                raise ValueError(Message("commands.results.thinking"))
            load = obj.get("load")
            if load is not None and (isinstance(load, bool) or not isinstance(load, (int, float))):
                raise ValueError(Message("commands.results.load", value=repr(load)))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(Message("commands.results.not_a_game", where=where, reason=_reason(exc))) from None
        return obj

    def differences(self, other: "Header") -> list[Message]:
        """What differs between two headers, in words ("bots a,b (asked) against c,d (in the file)")."""
        out = []
        for name in ("game", "players", "bots", "seed", "games", "options"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                out.append(Message("commands.results.differs", name=name, asked=_shown(mine), found=_shown(theirs)))
        return out


def semicolons(items: list[Message]) -> Message | str:
    """Messages said one after another, separated by semicolons (in French with the
    no-break space before each)."""
    return chained("commands.semicolons", list(items))


def _reason(exc: Exception) -> Message | str:
    """Why a line is refused: the catalog message a check raised (ValueError(Message)), or
    the field a KeyError names."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Message) else str(exc)


def _whole(obj: dict[str, Any], name: str, least: int | None = None, most: int | None = None,
           missing: int | None = None) -> int:
    """obj[name], a whole number (not a bool) within [least, most] (`missing` if given and
    the field is absent; KeyError otherwise); ValueError naming it."""
    x = obj[name] if missing is None else obj.get(name, missing)
    if isinstance(x, bool) or not isinstance(x, int) or (least is not None and x < least) or (
            most is not None and x > most):
        shown = repr(x)
        if least is None:
            raise ValueError(Message("commands.results.whole", name=name, value=shown))
        if most is None:
            raise ValueError(Message("commands.results.whole_from", name=name, least=least, value=shown))
        raise ValueError(Message("commands.results.whole_range", name=name, least=least, most=most, value=shown))
    return x


def _text(obj: dict[str, Any], name: str) -> str:
    x = obj[name]
    if not isinstance(x, str) or not x:
        raise ValueError(Message("commands.results.name", name=name, value=repr(x)))
    return x


def _numbers(obj: dict[str, Any], name: str, count: int, least: float | None = None, most: float | None = None,
             whole: bool = False) -> None:
    """obj[name]: a list of `count` numbers (whole ones if `whole`) within [least, most]."""
    xs = obj[name]
    kinds = (int,) if whole else (int, float)
    if not isinstance(xs, list) or len(xs) != count or not all(
            isinstance(x, kinds) and not isinstance(x, bool) and x == x and abs(x) != float("inf")
            and (least is None or x >= least) and (most is None or x <= most) for x in xs):
        kind = "commands.results.whole_numbers" if whole else "commands.results.numbers"
        if least is None or most is None:
            raise ValueError(Message(kind, name=name, count=count))
        raise ValueError(Message(kind + "_range", name=name, count=count, least=f"{least:g}", most=f"{most:g}"))


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
        raise BadOption(Message("commands.results.a_file", flag=flag, path=str(path), file=RESULTS))
    return path


def read(folder: str | Path) -> tuple[Header, list[dict[str, Any]]]:
    """The header and the finished games of the tournament in `folder` (a torn last line
    left out); BadOption if there is none or it is not one, naming the line at fault."""
    path = results_path(folder)
    try:
        lines = _lines(path)
    except FileNotFoundError:
        raise BadOption(Message("commands.results.none", folder=str(folder), file=RESULTS)) from None
    except NotADirectoryError:
        raise BadOption(Message("commands.results.not_a_folder", folder=str(folder), file=RESULTS)) from None
    except OSError as exc:
        raise BadOption(Message("commands.results.unreadable", path=str(path), reason=str(exc.strerror or exc))) \
            from None
    except UnicodeDecodeError:
        raise BadOption(Message("commands.results.not_results", where=str(path),
                                reason=Message("commands.results.not_utf8"))) from None
    numbered = [(i + 1, x) for i, x in enumerate(lines) if x.strip()]
    if not numbered:
        raise BadOption(Message("commands.results.empty", path=str(path)))
    objs = []
    for number, line in numbered:
        try:
            objs.append(json.loads(line))
        except (ValueError, RecursionError) as exc:
            raise BadOption(Message("commands.results.not_json", path=str(path), number=number,
                                    reason=_json_reason(exc))) from None
    header = Header.from_json(objs[0], str(path))
    seen: dict[int, dict[str, Any]] = {}
    for (number, _), g in zip(numbered[1:], objs[1:]):
        header.check_game(g, Message("commands.results.line", path=str(path), number=number))
        seen.setdefault(g["index"], g)
    return header, [seen[i] for i in sorted(seen)]


LONGEST_LINE = 256 * 1024 * 1024
"""The most bytes of a line: a header carries the game's options, a data file (at most
64 MB, core/datafile.py) among them; a longer line is no tournament's (and is not read
into memory whole: a device such as /dev/zero would be endless)."""


def _lines(path: Path) -> list[str]:
    """The lines of a results file, a last one with no newline at its end (torn by a
    kill) left out; BadOption for what is no regular file or a line over LONGEST_LINE."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):   # a pipe would block, a device never end
        raise BadOption(Message("commands.results.not_regular", path=str(path)))
    lines: list[str] = []
    with path.open("rb") as fh:
        while line := fh.readline(LONGEST_LINE + 1):
            if not line.endswith(b"\n"):
                if len(line) > LONGEST_LINE:
                    raise BadOption(Message("commands.results.line_too_long", path=str(path), number=len(lines) + 1,
                                            most=LONGEST_LINE // (1024 * 1024)))
                line.decode("utf-8")   # not UTF-8: said so, as of any other line
                break
            lines.append(line[:-1].decode("utf-8"))
    return lines


_JSON_REASONS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "name",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "unterminated",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "unicode_escape",
    "Extra data": "extra",
}
"""What Python's JSON parser says is wrong (json.JSONDecodeError's msg) -> its catalog
message, `commands.results.json.<name>` (whose English is the parser's own)."""


def _json_reason(exc: Exception) -> Message | str:
    """Why a line is not JSON, as the parser says it ("Expecting value: line 1 column 1
    (char 0)"), in the reader's words where the catalogs know the parser's reason."""
    if not isinstance(exc, json.JSONDecodeError):
        return str(exc)
    name = _JSON_REASONS.get(exc.msg)
    return Message("commands.results.json", why=Message(f"commands.results.json.{name}") if name else exc.msg,
                   line=exc.lineno, column=exc.colno, char=exc.pos)


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
        try:
            with self.path.open(mode, encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:   # a full disk: said with the file, and (commands) how to go on
            raise OSError(exc.errno, exc.strerror or str(exc), str(self.path)) from exc

    def add(self, games: Iterable[dict[str, Any]]) -> None:
        self._write(games, "a")


def check_folder(folder: str | Path, flag: str = "--out", given: str | Path | None = None) -> None:
    """BadOption at once if `folder` (which may not exist yet) cannot be made or written:
    the nearest folder on its way that exists must be a writable folder. Missing folders
    are made only when there is something to write into them. `given`: the path the
    user gave `flag`, if not the folder itself (a file in it)."""
    folder = Path(folder)
    probe = nearest_existing(folder)
    said = {"flag": flag, "path": str(given if given is not None else folder), "probe": str(probe)}
    if not probe.is_dir():
        raise BadOption(Message("commands.folder.a_file", **said))
    if not os.access(probe, os.W_OK):
        raise BadOption(Message("commands.folder.not_writable", **said))


def check_writable(folder: str | Path) -> None:
    """BadOption at once if results cannot go to `folder` (before any game is played)."""
    check_folder(folder)
    if results_path(folder).exists() and not os.access(results_path(folder), os.W_OK):
        raise BadOption(Message("commands.results.not_writable", folder=str(folder), file=RESULTS))
