"""Everything the terminal says, in the table's language, to one reader.

The terminal's own sentences are catalog messages (`terminal.*`, in
`reichsstadt/i18n/<lang>.terminal.po`); the engines' words (describe, news, refusals,
the glossary) are messages or plain strings. A `Words` renders both for one reader at
one table: seats by the names they have at this table, the reader as "you"."""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..core import Message
from ..core.errors import BadOption
from ..i18n import Renderer, languages, pick_language

_PLAYER = re.compile(r"\bPlayer (\d+)\b")
_SUFFIX = re.compile(r"\s+\([^()]*\)$")


def choose_language(wanted: str | None) -> str:
    """The language asked for (BadOption listing the known ones if it has no catalog), or
    the environment's."""
    if wanted is not None:
        code = wanted.strip().lower().replace("-", "_").split("_")[0]
        if code not in languages():
            raise BadOption(Message("terminal.error.lang", lang=wanted, languages=", ".join(languages())))
        return code
    return pick_language(None)


ECHO = 30
"""At most this many characters of a line that is neither a move nor a key are said back:
a line pasted by mistake must not push the board and the moves off the screen."""


def typed(answer: str) -> str:
    """A line the player typed, as an error quotes it: its words, cut with "…" where long."""
    text = " ".join(answer.split())
    return text if len(text) <= ECHO else text[:ECHO - 1] + "…"


def short_name(name: str) -> str:
    """How a seat is called inside a sentence: its name without a note in brackets
    ("Player 2 (random bot)" is "Player 2")."""
    return _SUFFIX.sub("", name) or name


class Words:
    """Renders the terminal's messages and the engines' words for `viewer` (None: a
    spectator) at a table whose seats are called `names`."""

    def __init__(self, lang: str, names: Sequence[str], viewer: int | None = None) -> None:
        self.lang = lang
        self.names = list(names)
        self.short = [short_name(n) for n in self.names]
        self.viewer = viewer
        self.r = Renderer(lang, self.short, viewer)

    def __call__(self, msgid: str, **args: Any) -> str:
        """A catalog message (the terminal's own words), as a sentence."""
        return self.r(Message(msgid, **args), sentence=True)

    def part(self, msgid: str, **args: Any) -> str:
        """A catalog message that goes inside another (not capitalised)."""
        return self.r(Message(msgid, **args))

    def say(self, value: Any, sentence: bool = False) -> str:
        """An engine's words (a Message or a plain string) at this table."""
        if isinstance(value, Message):
            return self.r(value, sentence)
        if isinstance(value, BaseException):
            return self.say(getattr(value, "message", None) or str(value), sentence)
        text = _PLAYER.sub(self._player_ref, str(value))
        return text[:1].upper() + text[1:] if sentence else text

    def glossed(self, name: Any) -> str:
        """A glossary entry's name, starting a line, with the gloss the browser's tooltips
        give it: a name `<game>.….<key>[.name]` whose game has a `<game>.gloss.<key>`
        ("Wegezoll (road toll)"; Siedler's German names) reads as that gloss, unless the
        name already holds it (a German reader's "Raubritter (Karte)" holds the bare
        "Raubritter", the game's own name without a gloss)."""
        if not isinstance(name, Message):
            return self.say(name, sentence=True)
        parts = name.id.removesuffix(".name").split(".")
        gloss_id = f"{parts[0]}.gloss.{parts[-1]}"
        plain = self.say(name)
        if len(parts) > 1 and self.r.template(gloss_id) is not None:
            gloss = self.say(Message(gloss_id))
            plain = plain if gloss in plain else gloss
        return plain[:1].upper() + plain[1:]

    def _player_ref(self, m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        if 0 <= seat < len(self.names):
            return self.player(seat)
        return m.group(0)

    def player(self, seat: int) -> str:
        """A seat inside a sentence: "you" for the reader, else its short name."""
        return self.r.player(seat)

    def who(self, seat: int) -> str:
        """A seat at the start of a line ("You", "Ann", "Chance")."""
        if seat < 0:
            return self("terminal.chance")
        name = self.player(seat)
        return name[:1].upper() + name[1:]

    def said(self, seat: int) -> str:
        """A seat at the start of a log line, with what separates it from its move
        ("Ann: ", in French "Ann : ")."""
        return self.who(seat) + self("core.after_name")

    def display_names(self) -> list[str]:
        """The names for the board's tables: the reader as "You", the others in full."""
        return [self.who(i) if i == self.viewer else n for i, n in enumerate(self.names)]


def default_names(kinds: Sequence[str], lang: str) -> list[str]:
    """Seat names when none are given: "Player 1" for a person, a bot by its strength in
    the language, numbered where one sits more than once ("Medium bot 1", "Medium bot 2"):
    the names every layer gives (reichsstadt.bots.levels.seat_names)."""
    from ..bots.levels import seat_names

    return seat_names(list(kinds), lang)


def distinct_names(names: Sequence[str], lang: str) -> list[str]:
    """A record's names, every seat with one of its own: a name that is a bot's spec or
    level (older records said "greedy" twice) becomes that bot's name in the language
    ("Medium bot 1", "Medium bot 2"); two people of one name are told apart by a number."""
    from ..bots.levels import level_of, seat_names

    kinds = ["human" if level_of(n) is None else n.strip().lower() for n in names]
    given = [n if k == "human" else None for n, k in zip(names, kinds)]
    return seat_names(kinds, lang, given)
