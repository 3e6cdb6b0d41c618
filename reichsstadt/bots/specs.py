"""Bots by name: the specs the command line, the lobby and the arena accept.

    random          a uniformly random legal move
    greedy          the game's own heuristic player (dispatched by game id)
    mcts            information-set MCTS at its default budget (1 second a move)
    mcts:2000       ... 2000 iterations a move
    mcts:1s         ... one second a move (mcts:0.5s, mcts:250ms likewise)

A spec may carry MCTS settings after the budget, comma-free so that a list of bots
stays a comma-separated list (SETTINGS lists them; unset ones take the game's tuned
values): `mcts:1s:c=0.5` (exploration constant), `mcts:2000:w=1` (reward: the win only;
w=0: the score margin only), `mcts:1s:policy=random` (uniformly random playouts to the
end, no guidance; `policy=heuristic`: playouts by the heuristic player itself),
`mcts:1s:eval=hand` (the heuristic's valuation at the cut-off instead of the learned
one), `mcts:1s:playout=60` (decisions before the cut-off), `mcts:1s:prior=0`,
`mcts:1s:k=0` (every legal move a root candidate), `mcts:1s:widen=0`, `mcts:1s:clock=cpu`
(CPU seconds: fair on a loaded machine), `mcts:1s:stop=0` (always use the whole time),
`mcts:3s:trust=1` (the heuristic's call on moves the playouts do not model), `mcts:3s:race=2`
(rollouts: a candidate leaves the race only 2 standard errors below the heuristic's move; inf: never),
`mcts:3s:kinds=1` (rollouts: the best move of every kind is a candidate too, e.g. Norenberc's pass),
`mcts:3s:belief=1` (rollouts: what the others hide is drawn as the game's heuristic would have chosen it,
where its heuristic models that, e.g. Norenberc's face-down plans; else as `sample` draws it)."""

from __future__ import annotations

import math
import re
from typing import Any

from ..core import BadOption, Message, game as find_game
from ..core.datafile import commas
from .base import Bot
from .heuristic import PLAYER, has_heuristic, heuristic_games, module as heuristic_module
from .random_bot import RandomBot

DEFAULT_MCTS = "1s"
"""The MCTS budget of a bare `mcts`: at most one second a move on the standard machine."""

OFFERED = ("random", "greedy", "mcts:0.5s", "mcts:1s", "mcts:2000")
"""What the lobby and the command line list (any other budget works too)."""

SETTINGS: dict[str, tuple[str, Any, str]] = {
    "c": ("c", float, "FLOAT (exploration)"),
    "w": ("win_weight", float, "FLOAT (weight of the win in the reward, 0..1)"),
    "playout": ("max_playout", int, "N (decisions before the evaluation cut-off)"),
    "policy": ("policy", ("fast", "heuristic", "random"),
               "fast|heuristic|random (playouts by the game's cheap policy, by its heuristic player, or "
               "uniformly random to the end)"),
    "eval": ("evaluation", ("learned", "hand"), "learned|hand (the cut-off evaluation: fitted on self-play, "
                                                 "or the heuristic's own)"),
    "prior": ("prior", float, "FLOAT (bias towards the heuristic's move at the root)"),
    "k": ("root_k", int, "N (the root's candidates: the heuristic's N best moves; 0: all)"),
    "widen": ("widen", float, "FLOAT (progressive widening below the root; 0: every move at once)"),
    "search": ("mode", ("tree", "rollout"), "tree|rollout (ISMCTS, or the heuristic improved by rollouts)"),
    "horizon": ("horizon", ("game", "stage"), "game|stage (rollouts to the game's end, or the stage's)"),
    "conf": ("confidence", float, "FLOAT (rollouts: standard errors a move must beat the heuristic's by)"),
    "race": ("race", float, "FLOAT (rollouts: standard errors below the heuristic's move at which a candidate "
                            "leaves the race; inf: none leaves, the budget is spent on all)"),
    "kinds": ("kinds", int, "1|0 (rollouts: the best-scored move of every kind a candidate too, even one the "
                            "heuristic's ranking leaves out, e.g. Norenberc's pass)"),
    "belief": ("belief", int, "1|0 (rollouts: the others' hidden choices drawn as the game's heuristic would make "
                              "them, where it models that, e.g. Norenberc's face-down plans)"),
    "clock": ("clock", ("wall", "cpu"), "wall|cpu (a time budget in wall-clock or CPU seconds)"),
    "stop": ("stop_early", int, "1|0 (stop once no other move can catch up)"),
    "trust": ("trust", int, "1|0 (moves the playouts do not model, e.g. Siedler's trade offers: the heuristic's "
                            "call, never searched)"),
    "nodes": ("observer", ("actor", "root"), "actor|root (information sets of the seat to act, or as the "
                                              "searching seat sees them)"),
}
"""MCTS settings a spec may carry: key -> (MCTSBot argument, type or allowed words, help).
The help is said in the reader's language as the catalog message `commands.bot.setting.<key>`
("key=help"; the English catalog writes it as here)."""

_SWITCHES = ("stop", "trust", "kinds", "belief")
"""Settings that are 1 or 0."""

_UNBOUNDED = ("race",)
"""Settings whose `inf` means something (none leaves the race); every other is finite."""

_BUDGET = re.compile(r"^(?:(\d+)|(\d+(?:\.\d+)?|\.\d+)(s|ms))$")


def bot_names(game_id: str | None = None) -> list[str]:
    """The bots to offer: the levels, the built-in specs and the installed bots, for one
    game (`medium` and `greedy` only where it has a heuristic) or any game (as soon as
    some game has one)."""
    from . import levels, plugins

    greedy = bool(heuristic_games()) if game_id is None else has_heuristic(game_id)
    return [*levels.offered(game_id), *(n for n in OFFERED if n != "greedy" or greedy), *plugins.installed()]


def parse_mcts(spec: str) -> dict[str, Any]:
    """`mcts[:BUDGET][:key=value...]` -> keyword arguments of MCTSBot; BadOption naming
    what is wrong otherwise."""
    parts = spec.split(":")
    if parts[0] != "mcts":
        raise BadOption(Message("commands.bot.not_mcts", bot=repr(spec)))
    out: dict[str, Any] = {}
    budget = parts[1] if len(parts) > 1 and "=" not in parts[1] else DEFAULT_MCTS
    settings = parts[2:] if len(parts) > 1 and "=" not in parts[1] else parts[1:]
    m = _BUDGET.match(budget.strip().lower())
    if not m:
        raise BadOption(Message("commands.bot.budget", bot=repr(spec), budget=repr(budget)))
    if m.group(1) is not None:
        if len(m.group(1).lstrip("0")) > 9:   # int() of thousands of digits is refused, and no search runs that long
            shown = repr(spec) if len(spec) <= 40 else repr(spec[:40]) + "…"
            raise BadOption(Message("commands.bot.iterations_most", bot=shown, most=999999999))
        iterations = int(m.group(1))
        if iterations < 1:
            raise BadOption(Message("commands.bot.iterations_least", bot=repr(spec)))
        out["iterations"] = iterations
    else:
        seconds = float(m.group(2)) / (1000 if m.group(3) == "ms" else 1)
        if not 0 < seconds < 86_400:   # a day at most (inf: a search that never answers)
            raise BadOption(Message("commands.bot.seconds", bot=repr(spec)))
        out["seconds"] = seconds
    given: set[str] = set()
    for item in settings:
        key, value = _setting(spec, item)
        if key in given:   # a setting given twice: which one was meant is not for the bot to guess
            raise BadOption(Message("commands.bot.setting_twice", bot=repr(spec), key=key))
        given.add(key)
        out[SETTINGS[key][0]] = value
    return out


def _setting(spec: str, item: str) -> tuple[str, Any]:
    """One `key=value` MCTS setting of a spec, checked: (key, value)."""
    key, eq, value = item.partition("=")
    if not eq or key not in SETTINGS:
        raise BadOption(Message("commands.bot.no_setting", bot=repr(spec), item=repr(item),
                                settings=commas([setting_words(k) for k in SETTINGS])))
    kind = SETTINGS[key][1]
    if isinstance(kind, tuple):
        if value not in kind:
            raise BadOption(Message("commands.bot.setting_value", bot=repr(spec), setting=setting_words(key),
                                    value=repr(value)))
        return key, value
    try:
        number = kind(value)
    except ValueError:
        raise BadOption(Message("commands.bot.not_a_number", bot=repr(spec), key=key, value=repr(value))) from None
    if not math.isfinite(number) and not (key in _UNBOUNDED and number == math.inf):
        # NaN compares false with everything: a search with c=nan failed on its first move
        raise BadOption(Message("commands.bot.not_finite", bot=repr(spec), key=key, value=repr(value)))
    if number < 0 or (key == "w" and number > 1) or (key in _SWITCHES and number > 1):
        raise BadOption(Message("commands.bot.setting_value", bot=repr(spec), setting=setting_words(key),
                                value=repr(value)))
    return key, bool(number) if key in _SWITCHES else number


def setting_words(key: str) -> Message:
    """An MCTS setting and what it takes ("c=FLOAT (exploration)"), in the reader's words."""
    return Message(f"commands.bot.setting.{key}")


class GreedyBot:
    """The heuristic of whichever game it sits at (looked up by the seat's game id)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = "greedy"
        self._bots: dict[str, Bot] = {}

    def act(self, seat: Any) -> Any:
        gid = seat.game_id
        bot = self._bots.get(gid)
        if bot is None:
            check_greedy(gid)
            bot = self._bots[gid] = heuristic_module(gid, PLAYER, "the greedy bot").Greedy(self.seed)
        return bot.act(seat)


def check_greedy(game_id: str) -> None:
    if not has_heuristic(game_id):
        have = ", ".join(sorted(heuristic_games())) or Message("commands.bot.none_yet")
        raise BadOption(Message("commands.bot.no_greedy", game=game_id, games=have))
    heuristic_module(game_id, PLAYER, "the greedy bot")  # a broken part is named before the first game


def bounded(agent: Bot, seconds: float | None) -> Bot:
    """`agent`, its search stopped after at most `seconds` whatever its own budget (an
    iterations budget too): a server gives every bot and hint a wall-clock cap, and a
    search that reaches it answers with the best it found. Bots that do not search are
    returned as they are."""
    search: Any = agent  # a search's budget is its own attribute, not the Bot protocol's
    if seconds is not None and hasattr(search, "seconds") and (search.seconds is None or search.seconds > seconds):
        search.seconds = seconds
    return agent


def make_bot(spec: str, seed: int = 0, game: str | None = None, imports: bool = True) -> Bot:
    """A bot from its spec: a level (easy, medium, hard, expert: levels.py), random,
    greedy, mcts[:budget][:settings], an installed bot (entry-point group
    `reichsstadt.bots`), or, with `imports` (the command line; never the server, which
    passes imports=False), a "package.module:factory" path (plugins.py). `game`, if
    given, is checked too (greedy needs a heuristic for it). BadOption naming the bots
    for anything unknown or malformed."""
    from . import levels, plugins

    if not isinstance(spec, str):
        raise BadOption(Message("commands.bot.not_a_string", value=repr(spec)))
    if game is not None:
        find_game(game)
    raw = spec.strip()
    name = raw.lower()
    if levels.is_level(name):
        return _named(make_bot(levels.spec(name, game), seed, game), name)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        if game is not None:
            check_greedy(game)
        return GreedyBot(seed)
    if name == "mcts" or name.startswith("mcts:"):
        from .mcts import MCTSBot

        return _named(MCTSBot(seed=seed, **parse_mcts(name)), name)
    if raw in plugins.installed():
        found: Bot = plugins.load_installed(raw, seed, game)
        return _named(found, raw, keep=True)
    if plugins.is_import_path(raw):
        if not imports:
            have = ", ".join(plugins.installed()) or Message("commands.bot.none")
            raise BadOption(Message("commands.bot.no_import", bot=repr(raw), group=plugins.GROUP, installed=have))
        loaded: Bot = plugins.load_path(raw, seed, game)
        return _named(loaded, raw, keep=True)
    have = ", ".join(plugins.installed())
    raise BadOption(Message("commands.bot.unknown", bot=repr(spec), default=DEFAULT_MCTS,
                            installed=Message("commands.bot.unknown.installed", bots=have) if have else "",
                            imports=Message("commands.bot.unknown.imports") if imports else ""))


def _named(bot: Bot, name: str, keep: bool = False) -> Bot:
    """The bot, called by the spec it was made from (`keep`: unless it has a name of its
    own, as an installed bot may)."""
    current = getattr(bot, "name", None)
    if keep and isinstance(current, str) and current:
        return bot
    try:
        bot.name = name
    except (AttributeError, TypeError):   # a bot that takes no attributes keeps its own
        pass
    return bot


def entrants(spec: str, flag: str = "--bots") -> list[str]:
    """The bot specs of a comma-separated list, each stripped; BadOption naming an empty
    one (two commas in a row, a comma at an end) rather than a bot without a name."""
    if not spec.strip():
        raise BadOption(Message("commands.bot.blank", flag=flag))
    names = [s.strip() for s in spec.split(",")]
    for i, name in enumerate(names, 1):
        if not name:
            raise BadOption(Message("commands.bot.empty", flag=flag, bots=repr(spec), number=i, total=len(names)))
    return names


def check_bot(spec: str, game: str | None = None, imports: bool = True) -> str:
    """The spec, normalized, if it names a bot (for `game`, if given); BadOption otherwise.
    Levels and built-in specs are lower-cased; an installed name or an import path is
    kept as written."""
    from . import plugins

    make_bot(spec, 0, game, imports)
    raw = spec.strip()
    return raw if raw in plugins.installed() or plugins.is_import_path(raw) else raw.lower()
