"""Information-set keys for the search's tree, read from a determinization's fields
instead of its view (a view costs the search 40 % of its time in Siedler).

A game's heuristic module says which of its state's fields are private (`PRIVATE`: field
name -> a projection `(state, seat) -> what that seat knows of it`); every other declared
field (core.fields: the same declaration that generates clone()) goes into the key as it
is, the static ones (SHARED) left out. The key is the marshal bytes of those values: the
same for two positions exactly when the seat to act knows the same of them.

Nothing hidden is learnt from a key: the search keys its own sampled states (drawn by
`Seat.sample`); a projection that kept more than the seat knows would only split the
tree's nodes, and one that kept less would merge positions whose moves the search then
counts by availability (mcts.py)."""

from __future__ import annotations

import marshal
from typing import Any, Callable

from ..core import SHARED
from ..core.fields import field_specs

Projection = Callable[[Any, int], Any]
Keyer = Callable[[Any, int], bytes]


def keyer(state_class: type, private: dict[str, Projection]) -> Keyer:
    """The key function of a state class: (state, seat) -> bytes."""
    names = [spec.name for spec in field_specs(state_class) if spec.kind != SHARED]
    unknown = [name for name in private if name not in names]
    if unknown:
        raise ValueError(f"{state_class.__name__} has no field {', '.join(unknown)} (its private fields)")
    public = tuple(name for name in names if name not in private)
    hidden = tuple(private.items())
    # straight-line code, as core.fields generates clone(): the hottest path of the tree
    body = ", ".join(f"s.{name}" for name in public)
    source = (f"def key(s, seat):\n    return dumps((seat, ({body},), "
              f"tuple(f(s, seat) for _, f in hidden)), 2)\n")
    namespace: dict[str, Any] = {"dumps": marshal.dumps, "hidden": hidden}
    exec(source, namespace)  # noqa: S102 - code built from the class's own field names
    made: Keyer = namespace["key"]
    return made
