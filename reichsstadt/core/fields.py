"""A state's fields, declared once: clone() and snapshots follow from the declaration.

An engine's State class lists its fields as annotations in the class body, each with its
type and a comment saying what it holds:

    class NorenbercState(State):
        components: Annotated[Components, SHARED]   # fixed for the game
        phase: int                                  # a value: copied as is
        money: list[int]                            # a flat list: copied by slice
        owned: list[list[int]]                      # a list of lists: copied two deep

The class gets `__slots__` from those names, and a generated `clone()`, `_fields_json()`
and `_restore_fields()`: straight-line code, as fast as a hand-written copy (the standard
library's dataclasses generate `__init__` the same way). What each kind means:

- SHARED: fixed for the whole game (player count, components, action table). A clone
  shares the object; a snapshot does not hold it (the Game rebuilds it from the options).
- a value (int, bool, str, None or a union of them): copied by reference, snapshotted.
- list[X] of values (or of tuples): copied by slice, snapshotted as a JSON list.
- list[list[X]]: copied two deep, snapshotted as nested JSON lists.

Restoring a snapshot checks every field against its declared type, so a hand-edited
position with a wrong field is refused with the field's name, never half-applied.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Annotated, Callable, get_args, get_origin

SHARED = "shared"
"""Marks a field fixed for the game: `components: Annotated[Components, SHARED]`."""

VALUE, FLAT, NESTED = "value", "flat", "nested"
_SCALARS = (int, bool, str, type(None))


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: str                       # SHARED, VALUE, FLAT or NESTED
    check: Callable[[Any], Any]     # JSON value -> field value, or raises ValueError


def _scalar_check(types: tuple[type, ...], what: str) -> Callable[[Any], Any]:
    allow_bool = bool in types
    allow_int = int in types

    def check(v: Any) -> Any:
        if isinstance(v, bool):
            if allow_bool:
                return v
        elif isinstance(v, int):
            if allow_int:
                return v
        elif isinstance(v, types):
            return v
        raise ValueError(f"must be {what}, not {v!r}")
    return check


def _describe(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _element_check(tp: Any) -> Callable[[Any], Any]:
    """A check for one element of a list field (a value, or a tuple of values)."""
    if get_origin(tp) is tuple:
        inner = get_args(tp)
        items = _element_check(inner[0]) if inner else (lambda v: v)

        def check_tuple(v: Any) -> Any:
            if not isinstance(v, (list, tuple)):
                raise ValueError(f"must be a list, not {v!r}")
            return tuple(items(x) for x in v)
        return check_tuple
    if tp is Any:
        return lambda v: v
    types = _value_types(tp)
    if types is None:
        raise TypeError(f"list elements of type {tp!r} are not supported in a state field")
    return _scalar_check(types, " or ".join(_describe(t) for t in types))


def _value_types(tp: Any) -> tuple[type, ...] | None:
    if tp in _SCALARS:
        return (tp,)
    if get_origin(tp) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = get_args(tp)
        if all(a in _SCALARS for a in args):
            return tuple(args)
    return None


def _spec(name: str, tp: Any) -> FieldSpec:
    if get_origin(tp) is Annotated:
        base, *marks = get_args(tp)
        if SHARED in marks:
            return FieldSpec(name, SHARED, lambda v: v)
        tp = base
    types = _value_types(tp)
    if types is not None:
        return FieldSpec(name, VALUE, _scalar_check(types, " or ".join(_describe(t) for t in types)))
    if get_origin(tp) is list:
        (inner,) = get_args(tp) or (Any,)
        if get_origin(inner) is list:
            (leaf,) = get_args(inner) or (Any,)
            leaf_check = _element_check(leaf)

            def check_nested(v: Any) -> Any:
                if not isinstance(v, list) or not all(isinstance(row, list) for row in v):
                    raise ValueError(f"must be a list of lists, not {v!r}")
                return [[leaf_check(x) for x in row] for row in v]
            return FieldSpec(name, NESTED, check_nested)
        elem = _element_check(inner)

        def check_flat(v: Any) -> Any:
            if not isinstance(v, list):
                raise ValueError(f"must be a list, not {v!r}")
            return [elem(x) for x in v]
        return FieldSpec(name, FLAT, check_flat)
    raise TypeError(f"state field {name!r}: type {tp!r} is not a value, a list or SHARED")


def own_field_names(namespace: dict[str, Any]) -> tuple[str, ...]:
    """The fields a class body declares: its annotations, except ClassVars."""
    out = []
    for name, ann in namespace.get("__annotations__", {}).items():
        text = ann if isinstance(ann, str) else repr(ann)
        if "ClassVar" in text:
            continue
        out.append(name)
    return tuple(out)


def field_specs(cls: type) -> tuple[FieldSpec, ...]:
    """Every declared field of a State class and its bases, in declaration order."""
    cached: tuple[FieldSpec, ...] | None = cls.__dict__.get("_field_specs")
    if cached is not None:
        return cached
    hints = typing.get_type_hints(cls, include_extras=True)
    specs: list[FieldSpec] = []
    seen: set[str] = set()
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("_declared_fields", ()):
            if name not in seen:
                seen.add(name)
                specs.append(_spec(name, hints[name]))
    result = tuple(specs)
    type.__setattr__(cls, "_field_specs", result)
    return result


def build_clone(cls: type, extra: tuple[str, ...]) -> Callable[[Any], Any]:
    """A clone function: straight-line code copying each field by its kind; `extra`
    lines (source) run at the end with `c` the copy, for the base class's caches."""
    lines = ["def clone(self):", "    c = _new(_cls)"]
    for spec in field_specs(cls):
        n = spec.name
        if spec.kind in (SHARED, VALUE):
            lines.append(f"    c.{n} = self.{n}")
        elif spec.kind == FLAT:
            lines.append(f"    c.{n} = self.{n}[:]")
        else:
            lines.append(f"    c.{n} = [row[:] for row in self.{n}]")
    lines += [f"    {line}" for line in extra]
    lines.append("    return c")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - our own generated source, like dataclasses
    fn: Callable[[Any], Any] = scope["clone"]
    fn.__qualname__ = f"{cls.__qualname__}.clone"
    fn.__doc__ = "An independent copy (generated from the declared fields)."
    return fn


def fields_json(state: Any) -> dict[str, Any]:
    """The snapshot of every field that is not SHARED."""
    out: dict[str, Any] = {}
    for spec in field_specs(type(state)):
        if spec.kind == VALUE:
            out[spec.name] = getattr(state, spec.name)
        elif spec.kind == FLAT:
            out[spec.name] = [list(x) if isinstance(x, tuple) else x for x in getattr(state, spec.name)]
        elif spec.kind == NESTED:
            out[spec.name] = [[list(x) if isinstance(x, tuple) else x for x in row]
                              for row in getattr(state, spec.name)]
    return out


def restore_fields(state: Any, obj: dict[str, Any], where: str) -> None:
    """Set every non-SHARED field from a snapshot, each checked against its type first:
    a ValueError names the first wrong field, and the state is not touched."""
    values: dict[str, Any] = {}
    for spec in field_specs(type(state)):
        if spec.kind == SHARED:
            continue
        if spec.name not in obj:
            raise ValueError(f"{where}: field {spec.name!r} is missing")
        try:
            values[spec.name] = spec.check(obj[spec.name])
        except ValueError as exc:
            raise ValueError(f"{where}: field {spec.name!r} {exc}") from None
    for name, value in values.items():
        setattr(state, name, value)
