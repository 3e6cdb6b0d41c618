"""The message catalogs: every word the games, the terminal and the browser show, in
English, German, Italian, French and Russian.

A catalog is a gettext PO file per language in this folder (`en.po`, `de.po`, ...),
read with Babel. A message id is symbolic ("norenberc.sell"); its text uses Python
format fields named after the message's arguments ("sell {goods} to the {guild}").
Plural entries (msgid_plural) are chosen by the argument `count`, with the language's
own gettext plural rule (Russian: one / few / many). A catalog may also give an id
suffixed `.you`: used instead when the message's `player` argument is the reader, so
sentences agree with "you" ("you win" beside "Ann wins").

To add a language: copy `en.po` to `xx.po`, set its `Language` and `Plural-Forms`
header (Babel's `babel.messages.plurals.get_plural("xx")` gives the latter), translate
every msgstr; `reichsstadt.i18n.LANGUAGES` finds it by its file. See docs/translating.md.
"""

from __future__ import annotations

import gettext
import os
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Sequence

from ..core import registry
from ..core.errors import ReichsstadtError
from ..core.messages import Message, Player, install_english

DEFAULT = "en"


def _catalog_files() -> dict[str, list[Any]]:
    """Language code -> its catalog files: this folder's (xx.po, and parts xx.<part>.po),
    then each game's own catalogs folder (its "catalogs" part), all merged by catalog()."""
    return _files_at(registry.generation())


@lru_cache(maxsize=4)
def _files_at(generation: int) -> dict[str, list[Any]]:
    folders = [resources.files(__package__)]
    for gid in registry.game_ids():
        try:
            if registry.has_part(gid, "catalogs"):
                folders.append(registry.files(gid, "catalogs"))
        except ReichsstadtError:  # a game that cannot be loaded brings no words (the lobby says why)
            continue
    out: dict[str, list[Any]] = {}
    for folder in folders:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".po"):
                out.setdefault(entry.name.split(".")[0], []).append(entry)
    return out


def languages() -> list[str]:
    """The languages with a catalog, English first."""
    langs = sorted(_catalog_files())
    return sorted(langs, key=lambda code: (code != DEFAULT, code))


@dataclass
class Catalog:
    """One language's messages: id -> text, or id -> plural forms."""

    lang: str
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    nplurals: int = 2

    def get(self, msgid: str) -> str | tuple[str, ...] | None:
        return self.messages.get(msgid)


def catalog(lang: str) -> Catalog:
    """The catalog of `lang` (KeyError naming the known languages if there is none)."""
    return _catalog(lang, registry.generation())


@lru_cache(maxsize=None)
def _catalog(lang: str, generation: int) -> Catalog:
    from babel.messages.pofile import read_po

    files = _catalog_files().get(lang)
    if not files:
        raise KeyError(f"no catalog for language {lang!r}; there are: {', '.join(languages())}")
    out = Catalog(lang)
    plural_known = False
    for entry in files:  # the platform's own first: its plural rule is the language's
        with entry.open("rb") as fh:
            po = read_po(fh, locale=lang if lang != "xx" else None)
        if not plural_known:
            header = dict(po.mime_headers).get("Plural-Forms", "")
            if "plural=" in header:
                nplurals = int(header.split("nplurals=")[1].split(";")[0])
                expr = header.split("plural=")[1].rstrip(";").strip()
                out.plural = gettext.c2py(expr.rstrip(";"))
                out.nplurals = nplurals
                plural_known = True
        for m in po:
            if not m.id:
                continue
            key = str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
            if isinstance(m.string, (tuple, list)):
                out.messages[key] = tuple(str(x) for x in m.string)
            elif m.string:
                out.messages[key] = str(m.string)
    return out


def pick_language(wanted: str | None = None) -> str:
    """The language to speak: `wanted` if it has a catalog, else the environment's locale
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    known = set(languages())
    candidates = [wanted] if wanted else []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates += value.split(":")
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower() if c else ""
        if code in known:
            return code
    return DEFAULT


class Renderer:
    """Renders messages in one language for one reader at one table.

    names: the table's names per seat (default "Player N"); viewer: the reader's seat,
    whose Player references read "you" and whose `.you` variants are chosen."""

    def __init__(self, lang: str = DEFAULT, names: Sequence[str] | None = None, viewer: int | None = None) -> None:
        self.lang = lang if lang in _catalog_files() else DEFAULT
        self.catalog = catalog(self.lang)
        self.fallback = catalog(DEFAULT) if self.lang != DEFAULT else None
        self.names = list(names) if names is not None else None
        self.viewer = viewer

    def template(self, msgid: str) -> str | tuple[str, ...] | None:
        found = self.catalog.get(msgid)
        if found is None and self.fallback is not None:
            found = self.fallback.get(msgid)
        return found

    def __call__(self, value: Any, sentence: bool = False) -> str:
        """Words for `value`; `sentence` capitalises the first letter."""
        out = self.arg(value)
        return out[:1].upper() + out[1:] if sentence else out

    def player(self, seat: int) -> str:
        if seat == self.viewer:
            return self.plain("core.you")
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.plain("core.player", number=seat + 1)

    def plain(self, msgid: str, **args: Any) -> str:
        return self.arg(Message(msgid, **args))

    def arg(self, value: Any) -> str:
        if isinstance(value, Message):
            return self.message(value)
        if isinstance(value, Player):
            return self.player(value.seat)
        if isinstance(value, (list, tuple)):
            from babel.lists import format_list

            items = [self.arg(v) for v in value]
            return format_list(items, locale=self.lang) if items else ""
        return str(value)

    def message(self, msg: Message) -> str:
        msgid = msg.id
        you = msg.args.get("player")
        tmpl = None
        if isinstance(you, Player) and you.seat == self.viewer and self.viewer is not None:
            tmpl = self.template(msgid + ".you")
        if tmpl is None:
            tmpl = self.template(msgid)
        if tmpl is None:
            return f"⟨{msgid}⟩"  # tests check that every id is in every catalog
        if isinstance(tmpl, tuple):
            count = msg.args.get("count", 0)
            n = count if isinstance(count, int) else 0
            i = self.catalog.plural(n) if self.catalog.get(msgid) is not None else int(n != 1)
            tmpl = tmpl[min(i, len(tmpl) - 1)]
        values = {k: self.arg(v) for k, v in msg.args.items()}
        try:
            return tmpl.format_map(values)
        except (KeyError, IndexError, ValueError):
            return f"⟨{msgid}⟩"


def render(value: Any, lang: str = DEFAULT, names: Sequence[str] | None = None, viewer: int | None = None,
           sentence: bool = False) -> str:
    """Words for a Message (or a plain string, returned as it is) in `lang`."""
    if isinstance(value, str):
        return value
    return Renderer(lang, names, viewer)(value, sentence)


install_english(lambda msg: render(msg, DEFAULT))

__all__ = ["Catalog", "DEFAULT", "Renderer", "catalog", "languages", "pick_language", "render"]


def plural_categories(lang: str) -> dict[str, int]:
    """CLDR plural category -> this catalog's gettext form index, found by trying numbers:
    the browser picks a category with Intl.PluralRules and reads the form at the index."""
    from babel import Locale

    cat = catalog(lang)
    rule = Locale.parse(lang).plural_form
    out: dict[str, int] = {}
    for n in [*range(0, 1001), 10_000, 100_000, 1_000_000, 1_000_001, 2_000_000]:
        out.setdefault(rule(n), min(cat.plural(n), cat.nplurals - 1))
    return out


def export_json(lang: str) -> dict[str, Any]:
    """A language's catalog for the browser: every message (English where this language
    lacks one), and how plural categories map to forms."""
    base = catalog(DEFAULT).messages
    own = catalog(lang).messages
    messages: dict[str, Any] = {}
    for key in sorted(set(base) | set(own)):
        value = own.get(key, base.get(key))
        messages[key] = list(value) if isinstance(value, tuple) else value
    return {"lang": lang, "plural": plural_categories(lang), "messages": messages,
            "languages": languages()}
