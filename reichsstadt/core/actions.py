"""Actions: small immutable values with a stable JSON form, and the fixed integer index
space (per game and player count) that RL adapters use for masks."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .errors import IllegalAction
from .messages import Message

Field = int | str | bool | tuple[Any, ...]


def _freeze(value: Any, where: tuple[str, str]) -> Field:
    if isinstance(value, bool) or isinstance(value, (int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, where) for v in value)
    action, field = where
    raise IllegalAction(Message("core.action.field", action=repr(action), field=repr(field),
                                kind=type(value).__name__))


def _thaw(value: Field) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action:
    """One move: a type name plus named fields, e.g. Action("buy", guild=2, good=0).

    Equal actions compare and hash equal, so engines may build every action once and
    hand out the same objects from legal()."""

    __slots__ = ("type", "fields", "_key", "_hash")

    def __init__(self, type: str, **fields: Any) -> None:
        frozen = {k: _freeze(v, (type, k)) for k, v in fields.items()}
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "fields", frozen)
        key = (type, tuple(sorted(frozen.items())))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __getattr__(self, name: str) -> Any:
        # Called only for names that are not slots: the action's fields.
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(f"action {self.type!r} has no field {name!r}") from None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key == other._key

    def __hash__(self) -> int:
        return self._hash  # type: ignore[no-any-return]  # a slot holding the key's hash (an int)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"Action({self.type!r}{', ' if inner else ''}{inner})"

    def __reduce__(self) -> tuple[Any, ...]:  # picklable for process pools
        return (_rebuild, (self.type, self.fields))

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: {"type": ..., field: value, ...}."""
        out: dict[str, Any] = {"type": self.type}
        for k, v in self.fields.items():
            out[k] = _thaw(v)
        return out

    @staticmethod
    def from_json(obj: Any) -> "Action":
        """Parse the JSON form without knowing the game; games check names and values."""
        if not isinstance(obj, dict):
            raise IllegalAction(Message("core.action.not_object", kind=type(obj).__name__))
        kind = obj.get("type")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction(Message("core.action.no_type", got=repr(kind)))
        fields = {k: v for k, v in obj.items() if k != "type"}
        return Action(kind, **fields)


def _rebuild(kind: str, fields: dict[str, Any]) -> Action:
    return Action(kind, **fields)


class ActionSpace:
    """Every action a game can ever offer for one player count, each with a fixed index.

    Built once per (game, players) and cached by the game; encode/decode are dict and
    list look-ups."""

    __slots__ = ("actions", "_index", "own_objects")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self._index:
                raise ValueError(f"action {a!r} appears twice in the action space")
            self._index[a] = i
        # any equal action -> the space's own object (engines compare by identity)
        self.own_objects: dict[Action, Action] = {a: a for a in self.actions}

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def encode(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise IllegalAction(self.unknown(Message("core.action.unknown", action=repr(action)), action)) from None

    def unknown(self, refusal: Message, action: Any) -> Message:
        """`refusal` (an action not in this space) with what about `action` no action here
        has, where one part says it: an unknown type, other fields, or a field's value that
        no action of its type takes. Only on a refusal's path: it walks the whole space."""
        why = self._unknown_part(action) if isinstance(action, Action) else None
        return refusal if why is None else Message("core.action.because", refusal=refusal, why=why)

    def _unknown_part(self, action: Action) -> Message | None:
        kin = [a for a in self.actions if a.type == action.type]
        if not kin:
            types = sorted({a.type for a in self.actions})
            return Message("core.action.why.type", type=action.type, types=", ".join(types))
        given = frozenset(action.fields)
        shapes = {frozenset(a.fields) for a in kin}
        if given not in shapes:  # the nearest shape: the fewest fields missing or too many
            shape = min(shapes, key=lambda f: (len(f ^ given), sorted(f)))
            return Message("core.action.why.fields", type=action.type, fields=_names(shape), given=_names(given))
        kin = [a for a in kin if frozenset(a.fields) == given]
        for name in sorted(given):
            values = {a.fields[name] for a in kin}
            if action.fields[name] not in values:
                return Message("core.action.why.value", type=action.type, field=name,
                               value=repr(_thaw(action.fields[name])), values=_values(values))
        return None  # each part is some action's, only not together

    def decode(self, index: int) -> Action:
        if not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise IllegalAction(Message("core.action.index", index=repr(index), last=len(self.actions) - 1))
        return self.actions[index]

    def canonical(self, action: Action) -> Action:
        """The space's own instance equal to `action` (engines compare by identity fast)."""
        return self.actions[self.encode(action)]


def _names(fields: Iterable[str]) -> "str | Message":
    return ", ".join(sorted(fields)) or Message("core.action.why.none")


def _values(values: set[Field]) -> str:
    """A field's values as a reader takes them in: runs of integers as ranges (0-18),
    anything else as Python writes it (as the refusal shows the action), at most a dozen
    shown."""
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if len(ints) == len(values):
        runs: list[list[int]] = []
        for v in sorted(ints):
            if runs and v == runs[-1][1] + 1:
                runs[-1][1] = v
            else:
                runs.append([v, v])
        shown = [str(a) if a == b else f"{a}\u2013{b}" for a, b in runs]
    else:
        shown = sorted(repr(_thaw(v)) for v in values)
    return ", ".join(shown[:12]) + (", \u2026" if len(shown) > 12 else "")
