"""Words as data: a Message is a catalog id with arguments, rendered per language by
`reichsstadt.i18n`. Engines return messages from describe() and news() and raise errors
carrying one; they never hold a sentence of any language themselves.

Arguments are numbers, plain strings (names people typed), other messages (a guild's
name, a list of goods), `Player` references (rendered as the table's name for that seat,
or "you" for the reader) or lists of those (rendered as the language's list: "a, b and
c"). The JSON form (`to_json`) is what the server sends the browser, which renders it
from the same catalogs."""

from __future__ import annotations

from typing import Any, Callable, Protocol, Union

_english: "Callable[[Message], str] | None" = None
"""How str() of a message reads: installed by the catalogs (`reichsstadt.i18n`, which the
package imports first), so that the core never reaches up into them."""


def install_english(render: "Callable[[Message], str]") -> None:
    """Make str(message) (and so str(error)) the English words of `render`."""
    global _english
    _english = render


class Player:
    """A seat named in a message; rendered as the seat's name at this table."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(("player", self.seat))

    def __repr__(self) -> str:
        return f"Player({self.seat})"

    def to_json(self) -> dict[str, int]:
        return {"player": self.seat}


Arg = Union[int, str, "Message", Player, list[Any]]


class Message:
    """An id from the catalogs and its arguments: Message("norenberc.sell", count=2, ...).

    Equal ids and arguments compare equal; str() is the English rendering."""

    __slots__ = ("id", "args")

    def __init__(self, id: str, **args: Arg) -> None:
        self.id = id
        self.args = args

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and other.id == self.id and other.args == self.args

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Message({self.id!r}{inner})"

    def __str__(self) -> str:
        if _english is None:  # only where the catalogs were never imported
            return repr(self)
        return _english(self)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "args": {k: arg_json(v) for k, v in self.args.items()}}

    @staticmethod
    def from_json(obj: Any) -> "Message":
        if not isinstance(obj, dict) or not isinstance(obj.get("id"), str):
            raise ValueError(f"a message is {{'id': str, 'args': {{...}}}}, not {obj!r}")
        args = obj.get("args", {})
        if not isinstance(args, dict):
            raise ValueError(f"a message's args are an object, not {args!r}")
        return Message(obj["id"], **{k: arg_from_json(v) for k, v in args.items()})


def chained(msgid: str, items: "list[str | Message]") -> "str | Message":
    """Items said one after another by a message of two fields, {one} and {other} ("a, b, c"
    with a comma's message: the separator is the language's); "" for none."""
    if not items:
        return ""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = Message(msgid, one=item, other=said)
    return said


def arg_json(v: Arg) -> Any:
    if isinstance(v, (Message, Player)):
        return v.to_json()
    if isinstance(v, list):
        return [arg_json(x) for x in v]
    return v


def arg_from_json(v: Any) -> Arg:
    if isinstance(v, dict):
        if "player" in v:
            return Player(int(v["player"]))
        return Message.from_json(v)
    if isinstance(v, list):
        return [arg_from_json(x) for x in v]
    return v  # type: ignore[no-any-return]


class Say(Protocol):
    """Words in one reader's language at one table: what the layers above hand a game's
    presentation parts (its terminal boards) to speak with, so that no game imports the
    catalogs. `reichsstadt.i18n.Renderer` is one, built by whoever knows the reader (the
    language, the table's names, the reader's seat)."""

    def __call__(self, value: Any, sentence: bool = False) -> str:
        """`value` in words: a Message, a Player (the table's name; "you" for the reader),
        a list of them (the language's list), or plain text as it is; `sentence`
        capitalises the first letter."""
        ...


def text(value: "str | Message") -> str:
    """English words for either form (tests and logs that read plain text)."""
    return value if isinstance(value, str) else str(value)
