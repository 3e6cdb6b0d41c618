"""The three games; each package imports reichsstadt.core and nothing else of the project."""

import sys
import types


class _GamesPackage(types.ModuleType):
    """`reichsstadt.games` names both this package and the entry point `reichsstadt.games()`.
    Importing any game rebinds the attribute `reichsstadt.games` to this package, so the
    package itself answers the call with the registry's list."""

    def __call__(self) -> list[str]:
        from ..core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
