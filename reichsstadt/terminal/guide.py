"""How to play a game, in the terminal's help (`h`): the game's guide (the goal, a turn or
a round, costs and prices, scoring, the rulebook's sections), read from the same
`guide.json` the browser's "How to play" panel shows (the game's board folder, its "web"
part), rendered in the reader's language. A game without one shows none."""

from __future__ import annotations

import json
import re
from io import StringIO
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..core import Message
from ..core.errors import FrontendError, ReichsstadtError
from ..core.registry import files, has_part
from ..i18n import catalog
from .words import Words


def read_guide(game_id: str) -> Any:
    """The game's guide.json as read (None when its board folder has none); raises
    FrontendError naming what keeps it from being read. Its shape is `guide_problem`'s."""
    if not has_part(game_id, "web"):
        return None
    entry = files(game_id, "web").joinpath("guide.json")
    if not entry.is_file():
        return None
    try:
        return json.loads(entry.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FrontendError(f"guide.json cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:   # not UTF-8 text, or no JSON
        raise FrontendError(f"guide.json is no JSON: {exc}") from None


def help_guide(game_id: str, w: Words) -> list[RenderableType]:
    """What the terminal's help shows of the game's guide: its parts in `w`'s language, one
    line saying why it cannot be shown (a plug-in's malformed guide never stops the game),
    or nothing when the game has none."""
    try:
        guide = read_guide(game_id)
        problem = None if guide is None else guide_problem(guide, w)
    except ReichsstadtError as exc:
        guide, problem = None, str(exc)
    if problem is not None:
        return [Text(w("terminal.help.guide_broken", problem=problem, game=game_id))]
    return guide_renderables(guide, w) if guide is not None else []


def _words(value: Any, w: Words) -> str:
    """A guide's message (JSON), plain text or number, in the reader's words."""
    if isinstance(value, dict) and "id" in value:
        return w.say(Message.from_json(value))
    if isinstance(value, dict) and isinstance(value.get("sum"), list):
        return " + ".join(_words(v, w) for v in value["sum"])
    return str(value)


def _sentence(value: Any, w: Words) -> str:
    said = _words(value, w)
    return said[:1].upper() + said[1:]


def _block(block: dict[str, Any], w: Words) -> list[RenderableType]:
    if "text" in block:
        return [Text(_sentence(block["text"], w))]
    if "steps" in block:
        return [Text(f"{i}. {_sentence(m, w)}") for i, m in enumerate(block["steps"], 1)]
    if "list" in block:
        return [Text(f"• {_sentence(m, w)}") for m in block["list"]]
    if "table" in block:
        table = Table(show_lines=False, header_style="bold", pad_edge=False)
        for cell in block["table"]["head"]:
            table.add_column(_sentence(cell, w), overflow="fold")
        for row in block["table"]["rows"]:
            table.add_row(*[_sentence(c, w) if i == 0 else _words(c, w) for i, c in enumerate(row)])
        return [table]
    return []


def edition_rules(guide: dict[str, Any], rules: Any, lang: str) -> tuple[list[str], str | None]:
    """A section's places in the rulebook for a reader of `lang`: the same in every edition
    (a list: section numbers, pages), or by edition (titles: {"fr": [...], "it": [...]}),
    the reader's own edition if there is one, else the guide's `edition`; with the
    language of the edition quoted when it is not the reader's (None when it is, or when
    the places are the same in all)."""
    if isinstance(rules, list):
        return rules, None
    if lang in rules:
        return list(rules[lang]), None
    edition = guide.get("edition") or next(iter(rules))
    return list(rules[edition]), edition


def rules_line(guide: dict[str, Any], rules: Any, w: Words) -> str:
    """Where a section comes from in the rulebook: its sections (titles quoted from another
    language's edition name it: "French rulebook: Présentation", or "Rulebook (Français):
    Présentation" where the catalog has no name for that edition), or its pages ("page
    17" for one page, "pages 13, 14" or "pages 14–22" for more; as guide.js says it)."""
    places, edition = edition_rules(guide, rules, w.lang)
    sections = ", ".join(places)
    if edition is not None:   # "French rulebook: Présentation" in the reader's words, as guide.js says it
        named = f"web.guide.rules.edition.{edition}"
        if named in catalog(w.lang).messages:
            return w(named, sections=sections)
        return w("web.guide.rules.edition", edition=w(f"web.language.{edition}"), sections=sections)
    if guide.get("rulebook") != "pages":
        return w("web.guide.rules", sections=sections)
    one = len(places) == 1 and not re.search(r"[–-]", places[0])
    return w("web.guide.rules.page" if one else "web.guide.rules.pages", sections=sections)


def guide_problem(guide: Any, w: Words) -> str | None:
    """What keeps a guide from being read in `w`'s language (its shape, or words its
    catalogs lack), None if nothing does: a plug-in's guide.json is checked by `games
    --check` and, shown in the help, never stops the game."""
    console = Console(file=StringIO(), width=100, color_system=None)
    try:
        if not isinstance(guide, dict) or not isinstance(guide.get("sections"), list):
            raise ValueError('a guide is {"sections": [...]}')
        for part in guide_renderables(guide, w):
            console.print(part)
    except Exception as exc:   # whatever a malformed guide makes the renderer raise
        return f"{type(exc).__name__}: {exc}"
    missing = sorted(set(re.findall(r"⟨([^⟩]*)⟩", console.file.getvalue())))  # type: ignore[attr-defined]
    if missing:
        return f"no words for {', '.join(missing)}"
    return None


def guide_renderables(guide: dict[str, Any], w: Words) -> list[RenderableType]:
    """The guide's sections: a heading, the blocks, the rulebook's sections."""
    out: list[RenderableType] = []
    for section in guide.get("sections", []):
        out.append(Rule(Text(_sentence(section["title"], w), style="bold"), align="left"))
        for block in section.get("blocks", []):
            out.extend(_block(block, w))
        rules = section.get("rules") or []
        if rules:
            out.append(Text(rules_line(guide, rules, w), style="dim italic"))
    return out
