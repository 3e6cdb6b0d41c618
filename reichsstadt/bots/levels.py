"""Bot levels: the names the lobby, the terminal and `--bots` share, each shown with its
measured strength, and the display names of a table's bot seats.

    easy     random      a uniformly random legal move
    medium   greedy      the game's heuristic player
    hard     mcts:1s     the search, at most one second a move (the hints' bot)
    expert   EXPERT      the search with a larger budget

A level is a bot spec (`make_bot("hard")` is `make_bot("mcts:1s")`); `spec(level, game)`
says which. A game may play a level with a spec of its own, declared by its heuristic
(`LEVELS`: Colonia's expert plays its playouts to the end, Siedler's by the heuristic player,
which only pays at the expert's budget),
so the lobby, the terminal, `--bots` and benchmarks/strength.py all ask `spec` with the
game. How strong each level is comes from the last run of benchmarks/strength.py,
which writes `strength.json` beside this module: each level against three bots of the
level below, seat-rotated, on seeds never used for tuning (`strength(level, game)`).

`seat_names(kinds, lang)` gives every seat of a table a distinct name: people keep the
names they gave ("Player 2" without one), bots are called by their level in the
table's language, numbered where a level sits more than once ("Medium bot 1", "Medium
bot 2"), or (`style="names"`) by names from the language's list ("Konrad (medium)").
The server, the terminal, the log, the scores and the replay all call it, so two bots of
one kind are never both "Greedy bot"."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from ..core import Message

LEVELS = ("easy", "medium", "hard", "expert")

EXPERT = "mcts:3s"
"""The expert level's spec: measured against three hard bots in benchmarks/strength.md."""

SPECS = {"easy": "random", "medium": "greedy", "hard": "mcts:1s", "expert": EXPERT}
"""Level -> the bot spec it plays."""

HINT_LEVEL = "hard"
"""The level hints and reviews ask by default."""

BELOW = {"medium": "easy", "hard": "medium", "expert": "hard"}
"""Each level is measured against three bots of the level below it."""


def is_level(name: str) -> bool:
    return name.strip().lower() in SPECS


def spec(level: str, game_id: str | None = None) -> str:
    """The bot spec a level plays, at a game where one is given (its own spec where the
    game declares one, else the generic one; KeyError for a name that is no level)."""
    name = level.strip().lower()
    generic = SPECS[name]
    return own_specs(game_id).get(name, generic) if game_id is not None else generic


def own_specs(game_id: str) -> dict[str, str]:
    """The levels a game plays with specs of its own (its heuristic's `LEVELS`), {} for a
    game without a heuristic or without such levels. FrontendError naming the game for a
    key that is no level or a spec that is no string (a misspelt level is never ignored)."""
    from ..core import FrontendError
    from . import heuristic

    if not heuristic.has_heuristic(game_id):
        return {}
    declared = getattr(heuristic.module(game_id), "LEVELS", {})
    if not isinstance(declared, dict):
        raise FrontendError(f"game {game_id!r}: the heuristic's LEVELS is a dict of level -> bot spec, "
                            f"not {type(declared).__name__}")
    for level, s in declared.items():
        if level not in LEVELS or not isinstance(s, str) or not s.strip():
            raise FrontendError(f"game {game_id!r}: the heuristic's LEVELS maps a level ({', '.join(LEVELS)}) "
                                f"to a bot spec, not {level!r}: {s!r}")
    return {level: s.strip().lower() for level, s in declared.items()}


def level_of(bot: str, game_id: str | None = None) -> str | None:
    """The level a bot spec plays at ("greedy" -> "medium"), None for any other bot. A
    game's own spec of a level is that level (at that game, or at any game where none is
    given: a seat's spec names its level wherever it is shown)."""
    name = bot.strip().lower()
    if name in SPECS:
        return name
    for level, s in SPECS.items():
        if s == name:
            return level
    from .heuristic import heuristic_games

    for gid in [game_id] if game_id is not None else heuristic_games():
        for level, s in _own_specs_if_sound(gid).items():
            if s == name:
                return level
    return "hard" if name == "mcts" else None


def _own_specs_if_sound(game_id: str) -> dict[str, str]:
    """own_specs, {} where a plug-in declares them wrong: naming a seat goes on (making the
    level's bot at that game says what is wrong)."""
    try:
        return own_specs(game_id)
    except Exception:  # FrontendError, or a heuristic that fails to import
        return {}


def offered(game_id: str | None = None) -> list[str]:
    """The levels a game's tables offer (medium only where the game has a heuristic player)."""
    from .heuristic import has_heuristic, heuristic_games

    medium = bool(heuristic_games()) if game_id is None else has_heuristic(game_id)
    return [lv for lv in LEVELS if lv != "medium" or medium]


@lru_cache(maxsize=1)
def _measured() -> dict[str, Any]:
    found = resources.files(__package__) / "strength.json"
    if not found.is_file():
        return {}
    loaded: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    return loaded


def strength(level: str, game_id: str) -> dict[str, Any] | None:
    """How the level fared in its last measurement at this game: {"against" (the level
    below), "players", "games", "win_share", "ci_low", "ci_high", "mean_rank",
    "measured" (date)}; None where it was not measured (easy has no level below)."""
    found = _measured().get("games", {}).get(game_id, {}).get(level)
    if not found:
        return None
    return {**found, "measured": _measured().get("measured")}


def label(level: str, lang: str = "en") -> str:
    """The level's name in a language ("Hard", "Schwer")."""
    from ..i18n import render
    from ..core import Message

    return render(Message(f"bots.level.{level}"), lang)


def described(level: str, game_id: str) -> "Message":
    """The level with what it plays and its measured strength at this game, as words for
    any language (the lobby renders them in the reader's, the terminal in its own)."""
    from ..core import Message

    about = Message(f"bots.level.{level}.about", seconds=_seconds(spec(level, game_id)))
    found = strength(level, game_id)
    if found is None:
        shown = Message("bots.strength.none" if level == "easy" else "bots.strength.unmeasured")
    else:
        shown = Message("bots.strength.measured", share=_percent(found["win_share"]),
                        fair=_percent(1 / found["players"]),   # a 4-player share reads low without it
                        low=_percent(found["ci_low"]), high=_percent(found["ci_high"]), games=found["games"],
                        field=Message(f"bots.level.{found['against']}.field", count=found["players"] - 1))
    return Message("bots.level.described", level=Message(f"bots.level.{level}"), about=about, strength=shown)


def describe(level: str, game_id: str, lang: str = "en") -> str:
    """The level with what it plays and its measured strength, in a language: "Hard:
    searches a second a move; wins 62 % against three medium bots (95 % interval: 48–74 %,
    48 games)"."""
    from ..i18n import render

    return render(described(level, game_id), lang)


def _seconds(bot: str) -> str:
    """The time a move of an MCTS spec ("mcts:1s" -> "1", "mcts:500ms" -> "0.5"), "" for
    other bots (the spec's grammar is specs.py's; a level names a time budget)."""
    found = re.match(r"^mcts:(\d+(?:\.\d+)?)(s|ms)\b", bot)
    if found is None:
        return ""
    return f"{float(found.group(1)) / (1000 if found.group(2) == 'ms' else 1):g}"


def _percent(x: float) -> str:
    return f"{100 * x:.0f}\u00a0%"   # a no-break space: "25" and "%" never part at a line's end


def seat_names(kinds: Sequence[str], lang: str = "en", names: Sequence[str | None] | None = None,
               style: str = "numbered") -> list[str]:
    """A distinct display name for every seat of a table.

    `kinds`: per seat "human" or the bot's spec (a level, random, greedy, mcts:1s, an
    installed bot...); `names`: the names people gave, per seat (None or "" where none:
    "Player N"; a name given to a bot seat is kept too). Bots are named by their level in
    `lang` ("Hard bot"), numbered when a level sits more than once ("Medium bot 1",
    "Medium bot 2"); with `style="names"`, by a name from the language's list and their
    level ("Konrad (hard)"). Other bots by their spec ("Bot mcts:2000"). Should two
    names still coincide (a person called "Hard bot"), the later ones get a number."""
    from ..core import Message
    from ..i18n import render

    if style not in ("numbered", "names"):
        raise ValueError(f"style is 'numbered' or 'names', not {style!r}")
    given = list(names or [])
    given += [None] * (len(kinds) - len(given))
    bots = [i for i, k in enumerate(kinds) if k != "human" and not given[i]]
    called = {i: _bot_name(kinds[i], lang) for i in bots}
    total = {w: list(called.values()).count(w) for w in called.values()}
    pool = render(Message("bots.names"), lang).split(", ") if style == "names" else []
    out: list[str] = []
    seen: dict[str, int] = {}
    for i, kind in enumerate(kinds):
        if given[i]:
            out.append(str(given[i]))
        elif kind == "human":
            out.append(render(Message("core.player", number=i + 1), lang))
        elif style == "names":
            out.append(render(Message("bots.named", name=pool[bots.index(i) % len(pool)],
                                      level=_short(kind, lang)), lang))
        else:
            word = called[i]
            seen[word] = seen.get(word, 0) + 1
            out.append(render(Message("bots.bot.numbered", bot=word, number=seen[word]), lang)
                       if total[word] > 1 else word)
    return _distinct(out)


def _bot_name(kind: str, lang: str) -> str:
    """A bot seat's name by its kind: its level's ("Hard bot"), else its spec's ("Bot mcts:2000")."""
    from ..core import Message
    from ..i18n import render

    level = level_of(kind)
    if level is None:
        return render(Message("bots.bot.other", name=kind.strip()), lang)
    return render(Message(f"bots.level.{level}.bot"), lang)


def _short(kind: str, lang: str) -> str:
    from ..core import Message
    from ..i18n import render

    level = level_of(kind)
    return kind.strip() if level is None else render(Message(f"bots.level.{level}.short"), lang)


def _distinct(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        shown, k = name, 1
        while shown in out:
            k += 1
            shown = f"{name} ({k})"
        out.append(shown)
    return out
