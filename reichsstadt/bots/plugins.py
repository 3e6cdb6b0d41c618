"""Your own bot, anywhere ours play.

A bot is anything with `act(seat) -> action` returning one of `seat.legal()`: it gets
a `reichsstadt.Seat` (its view, its legal moves, `sample(rng)` for search), never the
state. Two ways in:

- **Installed** (for the operator of a server, and everyone): a package declares its bot
  in the entry-point group `reichsstadt.bots`, e.g. in its pyproject.toml

      [project.entry-points."reichsstadt.bots"]
      reinforce = "mypolicy.bot:make_bot"

  and every command and the server's lobby then know the bot by that name
  (`--bots reinforce,greedy,greedy,greedy`).
- **By import path** on the command line (`play --seats`, `simulate --bots`,
  `tournament --bots`, `hint --bot`): `--bots mypolicy.bot:make_bot`, looked for first in
  the current folder (as `python -m` does; the console script does not put it on the
  path). The server never
  accepts a path sent over the network (`make_bot(..., imports=False)`): only bots its
  operator installed.

The name points at a factory (a class or a function) called with the keyword arguments
among `seed` (an int: the seat's seed in simulations and tournaments) and `game` (the
game id, or None when not known) that it declares, or at a ready bot object with an
`act` method. Every way this can go wrong (a module that does not import or exits, a
name it lacks, a factory that raises, an object without `act(seat)`) is one clear
BadOption; so is an `act` that raises, when the runner plays it (core.runner.foreign_failure)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import sys
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Any, Iterator

from ..core import BadOption, Message

GROUP = "reichsstadt.bots"
"""The entry-point group installed bots are declared in."""

PATH = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$")
"""package.module:factory (the factory may be an attribute path: module:Class.create)."""


def installed() -> dict[str, str]:
    """Installed bots: name -> the "module:factory" it points at."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def is_import_path(spec: str) -> bool:
    return bool(PATH.match(spec.strip()))


def load_installed(name: str, seed: int, game: str | None) -> Any:
    """The installed bot `name`, made for a seat."""
    found = next((ep for ep in entry_points(group=GROUP) if ep.name == name), None)
    if found is None:
        raise BadOption(Message("bots.plugin.none", name=repr(name)))
    try:
        target = found.load()
    except (Exception, SystemExit) as exc:
        raise BadOption(Message("bots.plugin.unloadable", bot=_installed(name, found.value),
                                error=_raised(exc))) from None
    return make(target, _installed(name, found.value), seed, game)


def load_path(path: str, seed: int, game: str | None) -> Any:
    """The bot a "package.module:factory" path names, made for a seat."""
    module_name, _, attr = path.strip().partition(":")
    try:
        module = _import_here(module_name)
    except (Exception, SystemExit) as exc:
        if isinstance(exc, ModuleNotFoundError) and exc.name and (module_name + ".").startswith(exc.name + "."):
            # the module itself (not one it imports) is nowhere: say where it was looked for
            raise BadOption(Message("bots.plugin.not_found", bot=_path(path), module=module_name,
                                    error=_raised(exc), folder=os.getcwd())) from None
        raise BadOption(Message("bots.plugin.unimportable", bot=_path(path), module=module_name,
                                error=_raised(exc))) from None
    target: Any = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise BadOption(Message("bots.plugin.missing", bot=_path(path), module=module_name,
                                    name=repr(attr))) from None
    return make(target, _path(path), seed, game)


def _import_here(module_name: str) -> Any:
    """The module, looked for first in the current folder, as `python -m` does: the
    `reichsstadt` console script (unlike `python -m reichsstadt`) does not put it on
    sys.path, and a worker process imports the bot again by the same path."""
    with _here_first():
        return importlib.import_module(module_name)


@contextmanager
def _here_first() -> Iterator[None]:
    """The current folder first on sys.path, for one lookup only (unless it is there already)."""
    here = os.getcwd()
    if "" in sys.path or here in sys.path:
        yield
        return
    sys.path.insert(0, here)
    try:
        yield
    finally:
        if here in sys.path:
            sys.path.remove(here)


def local_sources(specs: list[str]) -> list[str]:
    """The files of the current folder that the import-path bots among `specs` come from:
    each one's top package (its folder) or single module (its .py file), for a Ray job to
    ship to the cluster's other machines, where the folder is not. Bots found elsewhere
    (installed) are not listed: the cluster has its own installation."""
    here = os.path.realpath(os.getcwd())
    out: list[str] = []
    for spec in specs:
        if not is_import_path(spec):
            continue
        top = spec.strip().partition(":")[0].split(".")[0]
        try:
            with _here_first():
                found = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue   # not importable: the bot's own check says so
        if found is None:
            continue
        for place in found.submodule_search_locations or ([found.origin] if found.origin else []):
            if os.path.realpath(place).startswith(here + os.sep) and place not in out:
                out.append(place)
    return out


def _installed(name: str, target: str) -> Message:
    return Message("bots.plugin.installed", name=repr(name), target=target)


def _path(path: str) -> Message:
    return Message("bots.plugin.path", path=repr(path))


def _raised(exc: BaseException) -> str:
    """What a bot's own code raised, as Python says it (its words are its author's)."""
    return f"{type(exc).__name__}: {exc}"


def make(target: Any, what: str | Message, seed: int, game: str | None) -> Any:
    """Call a bot factory with the arguments it declares (or take a ready bot), and
    check that what comes back has act(seat). `what` names it in the errors."""
    if callable(target):
        try:
            bot = target(**_arguments(target, seed, game))
        except (Exception, SystemExit) as exc:   # SystemExit too: a bot does not end the command silently
            raise BadOption(Message("bots.plugin.factory_raised", bot=what, error=_raised(exc))) from None
    else:
        bot = target
    if not is_bot(bot):
        raise no_bot(Message("bots.plugin.made", bot=what, type=type(bot).__name__))
    return bot


def is_bot(obj: Any) -> bool:
    """Whether `obj` can sit at a seat: it has act(seat)."""
    return callable(getattr(obj, "act", None))


def no_bot(who: str | Message) -> BadOption:
    """The refusal of an object that is no bot (`who`: how the caller names it)."""
    return BadOption(Message("bots.plugin.no_bot", who=who))


def _arguments(factory: Any, seed: int, game: str | None) -> dict[str, Any]:
    """The keyword arguments among seed and game the factory declares."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):   # a builtin without a signature: called bare
        return {}
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    offered = {"seed": seed, "game": game}
    return {k: v for k, v in offered.items()
            if takes_all or (k in params and params[k].kind is not inspect.Parameter.POSITIONAL_ONLY)}
