"""`reichsstadt games --check`: every part a game declares, loaded and used once on the
game's first position, each with what it did or what went wrong. The load check
(core.registry.check_declaration) sees only what can be seen without importing a part;
this goes further, the way each part's first user would (the terminal draws, the
browser's board is found and its guide read in every language, the catalogs are read,
the greedy bot moves and every level's bot is made, the encoder encodes, the decline
answers), so a plug-in's author learns of a broken part before a player does."""

from __future__ import annotations

from dataclasses import dataclass
from io import StringIO
from typing import Any, Callable

from rich.console import Console

from .core import Message, Seat, files, game as find_game, part
from .core.errors import FrontendError, ReichsstadtError
from .core.registry import game_at_fault


@dataclass
class Checked:
    kind: str        # the part's kind (core.registry.KINDS)
    target: str      # its declaration ("module:function", "package:folder", "module")
    ok: bool
    said: Message    # what it did, or what went wrong


def check_game(game_id: str, lang: str = "en") -> list[Checked]:
    """Every declared part of the game, used once; one result a part, in declaration order."""
    g = find_game(game_id)
    state = g.new(g.players.start, 1)
    out = []
    for kind, target in g.parts.items():
        use = _USES.get(kind)
        if use is None:   # a kind the registry knows but nothing here uses: loading is the check
            use = _loads
        try:
            said = use(game_id, kind, state, lang)
            out.append(Checked(kind, target, True, said))
        except Exception as exc:   # the very point: a plug-in's part fails in any way
            out.append(Checked(kind, target, False, _failure(exc)))
    return out


def _failure(exc: BaseException) -> Message:
    """What went wrong: a platform error in its own words, anything else with where it was
    raised: in a plug-in, its own innermost frame, as the terminal names a plug-in's fault
    (registry.game_at_fault); in a shipped game, the innermost frame."""
    if isinstance(exc, ReichsstadtError):
        return Message("terminal.check.error", error=exc.message if exc.message is not None else str(exc))
    fault = game_at_fault(exc)
    if fault is not None:
        where = fault[1]
    else:
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        where = f"{tb.tb_frame.f_globals.get('__name__', '?')}, line {tb.tb_lineno}" if tb is not None else "?"
    return Message("terminal.check.raised", error=f"{type(exc).__name__}: {exc}", where=where)


def _loads(game_id: str, kind: str, state: Any, lang: str) -> Message:
    part(game_id, kind)
    return Message("terminal.check.loaded")


def _terminal(game_id: str, kind: str, state: Any, lang: str) -> Message:
    from .terminal.widgets import board

    names = [f"P{i + 1}" for i in range(state.players)]
    part(game_id, kind)   # the load first: its error says which part, before drawing
    console = Console(file=StringIO(), width=120, color_system=None)
    console.print(board(game_id, state.view(0), 0, names, lang, kind))
    lines = console.file.getvalue().count("\n")   # type: ignore[attr-defined]
    return Message("terminal.check.drew", lines=lines)


def _svg(game_id: str, kind: str, state: Any, lang: str) -> Message:
    text = part(game_id, kind)(None, state.view(None))
    if not isinstance(text, str) or "<svg" not in text:
        raise ValueError(f"returned {type(text).__name__}, not SVG text")
    return Message("terminal.check.svg", size=len(text))


def _web(game_id: str, kind: str, state: Any, lang: str) -> Message:
    from .i18n import languages
    from .terminal.guide import guide_problem, read_guide
    from .terminal.words import Words

    folder = files(game_id, kind)
    listed = ", ".join(sorted(e.name for e in folder.iterdir() if e.is_file()))
    guide = read_guide(game_id)
    if guide is None:
        return Message("terminal.check.web", files=listed, path=f"/games/{game_id}/")
    names = [f"P{i + 1}" for i in range(state.players)]
    for code in languages():   # "How to play" is read in every language the platform speaks
        problem = guide_problem(guide, Words(code, names))
        if problem is not None:
            raise FrontendError(f"guide.json ({code}): {problem}")
    return Message("terminal.check.web_guide", files=listed, path=f"/games/{game_id}/",
                   languages=", ".join(languages()))


def _catalogs(game_id: str, kind: str, state: Any, lang: str) -> Message:
    from babel.messages.pofile import read_po

    ids: dict[str, set[str]] = {}
    for entry in sorted(files(game_id, kind).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".po"):
            code = entry.name.split(".")[0]
            with entry.open("rb") as fh:
                try:
                    po = read_po(fh, abort_invalid=True)
                except Exception as exc:
                    raise ValueError(f"{entry.name}: {exc}") from exc
            ids.setdefault(code, set()).update(str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
                                               for m in po if m.id)
    english = ids.get("en", set())
    lacking = [f"{code} {len(english - have)}" for code, have in sorted(ids.items()) if english - have]
    languages = ", ".join(sorted(ids))
    if lacking:
        return Message("terminal.check.catalogs_lacking", languages=languages, count=len(english),
                       lacking=", ".join(lacking))
    return Message("terminal.check.catalogs", languages=languages, count=len(english))


def _heuristic(game_id: str, kind: str, state: Any, lang: str) -> Message:
    from .bots import levels, make_bot

    bot = make_bot("greedy", 1, game_id)
    to_act = [p for p in state.to_act() if p >= 0]
    if to_act:
        move = bot.act(Seat(state, to_act[0]))
        if move not in state.legal(to_act[0]):
            raise ValueError(f"the greedy bot chose {move!r}, not a legal move")
    own = levels.own_specs(game_id)
    for level, spec in own.items():
        try:
            make_bot(spec, 1, game_id)
        except ReichsstadtError as exc:
            raise FrontendError(f"LEVELS gives the level {level} {spec!r}, which is no bot: {exc}") from exc
    return Message("terminal.check.heuristic", levels=", ".join(f"{lv} {s}" for lv, s in own.items()) or "–")


def _encoder(game_id: str, kind: str, state: Any, lang: str) -> Message:
    from .interop.encoding import encoder

    enc = encoder(game_id, state.players)
    numbers = enc.encode(state, 0)
    return Message("terminal.check.encoder", size=int(numbers.size))


def _decline(game_id: str, kind: str, state: Any, lang: str) -> Message:
    answer = part(game_id, kind)
    for seat in range(state.players):
        legal = state.legal(seat) if seat in state.to_act() else ()
        move = answer(state.view(seat), legal)
        if move is not None and move not in legal:
            raise ValueError(f"for seat {seat + 1} it answered {move!r}, not a legal move")
    return Message("terminal.check.decline")


_USES: dict[str, Callable[[str, str, Any, str], Message]] = {
    "terminal": _terminal, "terminal_map": _terminal, "terminal_city": _terminal, "svg": _svg, "web": _web,
    "catalogs": _catalogs, "heuristic": _heuristic, "encoder": _encoder, "decline": _decline,
}
"""How each kind of part is used once (a kind without an entry is only loaded)."""


def check_games(game_ids: list[str], lang: str = "en") -> dict[str, list[Checked] | Message]:
    """check_game for each id; a game that cannot even be loaded gets what went wrong."""
    out: dict[str, list[Checked] | Message] = {}
    for gid in game_ids:
        try:
            out[gid] = check_game(gid, lang)
        except Exception as exc:
            out[gid] = _failure(exc)
    return out

