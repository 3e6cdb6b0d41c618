"""The websocket protocol: what a client may send (checked before anything is done with
it) and the words the server sends (messages as JSON, rendered by the client in its
reader's language).

Client -> server, one JSON object per frame, at most `max_message_bytes`:
    {"type": "hello", "token": str | null}        first, within 10 s: the seat's token,
                                                   or null for a spectator; optional
                                                   "board": false for a client that draws
                                                   the board itself (no board_html sent)
    {"type": "move", "action": int, "expect": int} an action's index in the game's action
                                                   space; `expect` = the move count the
                                                   client saw (a stale click is refused)
    {"type": "pick", "parts": [int, ...], "expect": int}   a multi-part choice at once: the
                                                   parts chosen (indices); the server makes
                                                   the engine's chain of them
    {"type": "hint"}                               what a bot (ISMCTS, about a second) would
                                                   play for this seat now, with its estimate
    {"type": "why", "action": <action JSON>}       why this seat cannot make that move now
                                                   (the action as the engine's
                                                   action_from_json reads it); asks only,
                                                   changes nothing
    {"type": "ping"}

Server -> client: {"type": "welcome" | "state" | "error" | "hint" | "why" | "pong", ...}; an
error is {"type": "error", "code": str, "message": <message JSON>} and changed nothing. A
why's answer, to the asking client only: {"type": "why", "action": <as asked>, "legal":
bool, "message": <message JSON>}: the engine's refusal words for the seat (the terminal's),
or that the move is possible; an action that is no action of the game is a "malformed"
error."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core.errors import ReichsstadtError
from ..core.messages import Message
from ..i18n import languages
from .jsonin import BadJson, loads


class BadMessage(ReichsstadtError):
    """A client message that is malformed, oversized, forged or out of place."""

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Incoming:
    type: str
    token: str | None = None
    actions: tuple[int, ...] = ()
    expect: int | None = None
    board: bool = True
    lang: str = "en"
    action: Any = None          # a why's action, as JSON (checked against the game later)


_FIELDS: dict[str, dict[str, Any]] = {
    "hello": {"token": (str, type(None))},
    "move": {"action": int, "expect": int},
    "pick": {"parts": list, "expect": int},
    "ping": {},
    "hint": {},
    "why": {"action": object},
}
_OPTIONAL: dict[str, dict[str, Any]] = {
    "hello": {"board": bool, "lang": str},
}
MAX_CHAIN = 16


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse(text: str | bytes, max_bytes: int, max_depth: int = 8) -> Incoming:
    """One client frame, checked: BadMessage naming what is wrong otherwise."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise BadMessage("too_large", Message("server.error.too_large", size=size, limit=max_bytes))
    try:
        obj = loads(text, max_depth)
    except BadJson as exc:
        if exc.reason == "depth":
            raise BadMessage("malformed", Message("server.error.too_deep", most=max_depth)) from None
        raise BadMessage("malformed", Message("server.error.not_json")) from None
    if not isinstance(obj, dict):
        raise BadMessage("malformed", Message("server.error.not_object"))
    return _incoming(_checked(obj))


def _checked(obj: dict[str, Any]) -> dict[str, Any]:
    """The message's fields checked against its type's: BadMessage naming the first wrong one."""
    kind = obj.get("type")
    if not isinstance(kind, str):  # missing, null, a number: named without Python's words for it
        raise BadMessage("malformed", Message("server.error.no_type", known=", ".join(_FIELDS)))
    if kind not in _FIELDS:
        raise BadMessage("malformed", Message("server.error.unknown_type", type=kind[:40],
                                              known=", ".join(_FIELDS)))
    spec = _FIELDS[kind]
    optional = _OPTIONAL.get(kind, {})
    extra = sorted(k for k in obj if k != "type" and k not in spec and k not in optional)
    if extra:
        raise BadMessage("malformed", Message("server.error.unknown_field", type=kind, field=extra[0][:40]))
    for name, want in spec.items():
        if name not in obj:
            raise BadMessage("malformed", Message("server.error.missing_field", type=kind, field=name))
        value = obj[name]
        ok = _int(value) if want is int else isinstance(value, want)
        if not ok:
            raise BadMessage("malformed", Message("server.error.field_type", type=kind, field=name))
    for name, want in optional.items():
        if name in obj and not isinstance(obj[name], want):
            raise BadMessage("malformed", Message("server.error.field_type", type=kind, field=name))
    return obj


def _incoming(obj: dict[str, Any]) -> Incoming:
    kind = obj["type"]
    if kind == "hello":
        lang = obj.get("lang", "en")
        return Incoming("hello", token=obj["token"], board=obj.get("board", True),
                        lang=lang if lang in languages() else "en")
    if kind == "move":
        return Incoming("move", actions=(obj["action"],), expect=obj["expect"])
    if kind == "pick":
        parts = obj["parts"]
        if len(parts) > MAX_CHAIN:
            raise BadMessage("malformed", Message("server.error.chain", most=MAX_CHAIN))
        if not all(_int(a) for a in parts):
            raise BadMessage("malformed", Message("server.error.part_numbers"))
        return Incoming("pick", actions=tuple(parts), expect=obj["expect"])
    if kind == "why":
        return Incoming("why", action=obj["action"])
    return Incoming(kind)


def words(value: Any) -> dict[str, Any]:
    """describe()/news() output as JSON: a message, or plain text from an engine that has
    not moved to messages."""
    if isinstance(value, Message):
        return value.to_json()
    return {"text": str(value)}


def error(code: str, message: Message | str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": words(message)}


class RateLimit:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next message would be allowed (0: now)."""
        t = self.clock()
        tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    def full(self) -> bool:
        """Whether the bucket has refilled (nothing of it in use: it can be forgotten)."""
        return self.tokens + (self.clock() - self.last) * self.rate >= self.burst
