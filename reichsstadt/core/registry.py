"""The registry of games: ids to Game objects, found through package entry points
(group "reichsstadt.games"), so a researcher's own title installs like ours; and each
game's parts (terminal renderer, SVG board, browser board, catalogs, heuristic player,
observation encoder), loaded by the game's own declaration (Game.parts) and never by
building a path from the game's id."""

from __future__ import annotations

import importlib
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from importlib.metadata import entry_points
from typing import Any, Mapping, Sequence

from .contract import Game, State
from .errors import BadOption, FrontendError

GROUP = "reichsstadt.games"

KINDS: dict[str, str] = {
    "terminal": "module:function", "terminal_map": "module:function", "terminal_city": "module:function",
    "svg": "module:function", "encoder": "module:function", "decline": "module:function",
    "heuristic": "module",
    "web": "package:folder", "catalogs": "package:folder",
}
"""The kinds of part a game may declare in Game.parts, each with the form of its
declaration (the Game class's docstring says what each is)."""

FOLDER_NEEDS: dict[str, str] = {"web": "board.js", "catalogs": "en.po"}
"""The file a declared folder must hold: the browser board's module, the English catalog
(the language every other one falls back to)."""

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}      # registered at run time (a test's toy game)
_points: dict[str, Any] | None = None


def _entry_points() -> dict[str, Any]:
    global _points
    if _points is None:
        _points = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _points


_generation = 0


def register(found: Game) -> None:
    """Add a game at run time (a test's toy game, a title not installed as a package)."""
    global _generation
    _extra[found.id] = found
    _loaded[found.id] = found
    _generation += 1


def unregister(game_id: str) -> None:
    """Take back a game registered at run time (a test's toy game); installed games stay."""
    global _generation
    if _extra.pop(game_id, None) is not None:
        _loaded.pop(game_id, None)
        _generation += 1


def generation() -> int:
    """A number that changes whenever a game is registered at run time: what caches of
    every game's parts (the catalogs) are keyed by."""
    return _generation


def game_ids() -> list[str]:
    """The ids of the games this installation plays: installed ones in the order their
    package declares them, then any registered at run time."""
    return [*_entry_points(), *(gid for gid in _extra if gid not in _entry_points())]


def installed_ids() -> list[str]:
    """The ids of the installed games only (their entry points), without the titles
    registered at run time: what a test of "every game we ship" iterates, whatever
    other tests registered before it in the same process."""
    return list(_entry_points())


def game(game_id: str) -> Game:
    """The Game with this id; BadOption naming the known ids otherwise."""
    found = _loaded.get(game_id)
    if found is not None:
        return found
    point = _entry_points().get(game_id) if isinstance(game_id, str) else None
    if point is None:
        raise BadOption(f"unknown game {game_id!r}; this installation plays: {', '.join(game_ids())}")
    try:
        loaded = point.load()
    except Exception as exc:  # a broken installation must say which game and why
        raise BadOption(f"game {game_id!r} is installed but cannot be loaded ({point.value}): "
                        f"{type(exc).__name__}: {exc}") from exc
    where = f"game {game_id!r} (entry point {point.value})"
    if isinstance(loaded, type) and issubclass(loaded, Game):
        raise BadOption(f"{where} names the class {loaded.__name__}, not a Game: the entry point names an "
                        f"instance (GAME = {loaded.__name__}())")
    if not isinstance(loaded, Game):
        raise BadOption(f"{where} names a {type(loaded).__name__}, not a reichsstadt.core.Game")
    if loaded.id != game_id:
        raise BadOption(f"{where} names the Game {loaded.id!r}: the entry point's name must be the Game's id")
    check_declaration(loaded, where)
    _loaded[game_id] = loaded
    return loaded


def check_declaration(found: Game, where: str) -> None:
    """What can be checked of a game as soon as it is loaded, without importing its parts:
    a title, a range of player counts, parts of known kinds declared in their form, and
    States of its package that implement the contract's every abstract method (else
    Python says so only at the first game, as an internal error). BadOption naming the
    game and what is wrong."""
    title = getattr(found, "title", None)
    if not isinstance(title, str) or not title:
        raise BadOption(f"{where}: the Game has no title (a class attribute: title = \"...\")")
    players = getattr(found, "players", None)
    if not isinstance(players, range) or len(players) == 0 or players.start < 1:
        raise BadOption(f"{where}: Game.players must be a range of player counts such as range(2, 5), "
                        f"not {players!r}")
    if not isinstance(found.parts, Mapping):
        raise BadOption(f"{where}: Game.parts must be a dict of part kind to declaration, not {found.parts!r}")
    for kind, target in found.parts.items():
        form = KINDS.get(kind)
        if form is None:
            raise BadOption(f"{where} declares a part of unknown kind {kind!r}; the kinds are: {', '.join(KINDS)}")
        if not _in_form(target, form):
            raise BadOption(f"{where}: its {kind} part is declared as {target!r}; a {kind} part is "
                            f"{_FORMS[form]}")
    _check_states(found, where)


_FORMS = {"module:function": '"module:function" (e.g. "mygame.terminal:render")',
          "module": 'a module, "module" (e.g. "mygame.heuristic"), without ":"',
          "package:folder": '"package:folder" (e.g. "mygame:web"), a folder of files inside the package'}


def _in_form(target: Any, form: str) -> bool:
    if not isinstance(target, str):
        return False
    if form == "module":
        return bool(target) and ":" not in target
    left, colon, right = target.partition(":")
    return bool(left and colon and right) and ":" not in right


def _check_states(found: Game, where: str) -> None:
    """Every State class of the game's package that nothing subclasses further implements
    every abstract method of the contract."""
    package = type(found).__module__.rpartition(".")[0] or type(found).__module__
    pending: list[type[State]] = list(State.__subclasses__())
    while pending:
        cls = pending.pop()
        below = cls.__subclasses__()
        pending.extend(below)
        if below or not (cls.__module__ == package or cls.__module__.startswith(package + ".")):
            continue
        missing = sorted(getattr(cls, "__abstractmethods__", ()))
        if missing:
            raise BadOption(f"{where}: its state {cls.__name__} ({cls.__module__}) does not implement "
                            f"{', '.join(m + '()' for m in missing)}, which every reichsstadt.core.State must")


def game_at_fault(exc: BaseException) -> tuple[Game, str] | None:
    """The game from outside reichsstadt (a plug-in) whose own code raised `exc`, and
    where: the module and line of the innermost of its frames in the traceback. None
    where no plug-in's code is in it (the fault is reichsstadt's). A plug-in's code is
    what the packages of its Game and of its declared parts hold."""
    own: dict[str, Game] = {}
    for g in _loaded.values():
        for module in (type(g).__module__, *(str(t).partition(":")[0] for t in g.parts.values())):
            package = _package_of(module)
            if package and package.partition(".")[0] != "reichsstadt":
                own.setdefault(package, g)
    found = None
    tb = exc.__traceback__
    while tb is not None:
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        for package, g in own.items():
            if module == package or module.startswith(package + "."):
                found = (g, f"{module}, line {tb.tb_lineno}")
        tb = tb.tb_next
    return found


def _package_of(module: str) -> str:
    """The package a loaded module belongs to (itself if it is one, or a module of its own
    outside any package); "" if not loaded."""
    loaded = sys.modules.get(module)
    if loaded is None:
        return ""
    return module if hasattr(loaded, "__path__") or "." not in module else module.rpartition(".")[0]


def has_part(game_id: str, kind: str) -> bool:
    """Whether the game declares a part of this kind (see Game.parts)."""
    return kind in game(game_id).parts


def _declared(game_id: str, kind: str) -> tuple[Game, str]:
    g = game(game_id)
    target = g.parts.get(kind)
    if target is None:
        raise FrontendError(f"{g.title} has no {kind} part (it declares: {', '.join(g.parts) or 'none'})")
    return g, target


def part(game_id: str, kind: str, needs: Sequence[str] = (), purpose: str = "") -> Any:
    """A game's declared part of `kind` ("terminal", "svg", "heuristic", "encoder", ...):
    the object its "module:attr" declaration names (the module itself for "module"),
    holding the names in `needs` (what the caller, `purpose`, reads of it).
    FrontendError if the game declares none of that kind, if the declared one cannot be
    loaded, if a "module:function" part is not callable or if it lacks a name in `needs`
    (never a silent fallback, never an AttributeError at the first use)."""
    g, target = _declared(game_id, kind)
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        found = getattr(module, attr) if attr else module
    except Exception as exc:
        raise FrontendError(f"{g.title}'s {kind} part {target} cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from exc
    if attr and not callable(found):
        raise FrontendError(f"{g.title}'s {kind} part {target} is a {type(found).__name__}, not a function")
    missing = [name for name in needs if not hasattr(found, name)]
    if missing:
        raise FrontendError(f"{g.title}'s {kind} part {target} lacks {', '.join(missing)}"
                            + (f", which {purpose} needs" if purpose else ""))
    return found


def files(game_id: str, kind: str) -> Traversable:
    """A game's declared folder of files of `kind` ("web": its browser board, "catalogs":
    its message catalogs), declared as "package:folder" and read from the installed
    package (importlib.resources), so a game in its own distribution brings its own."""
    g, target = _declared(game_id, kind)
    package, _, folder = target.partition(":")
    try:
        found = resources.files(package)
    except Exception as exc:
        raise FrontendError(f"{g.title}'s {kind} folder {target} cannot be found: "
                            f"{type(exc).__name__}: {exc}") from exc
    for step in filter(None, folder.split("/")):
        found = found.joinpath(step)
    if not found.is_dir():
        raise FrontendError(f"{g.title}'s {kind} folder {target} is not a folder of package {package}")
    needed = FOLDER_NEEDS.get(kind)
    if needed is not None and not found.joinpath(needed).is_file():
        raise FrontendError(f"{g.title}'s {kind} folder {target} has no {needed} (is it listed as package data "
                            f"in the game's pyproject.toml?)")
    return found
