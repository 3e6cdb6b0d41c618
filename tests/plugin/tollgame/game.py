"""The toll dice game: the Game, in the module the data file's package is found from
(the package of the module that defines the Game, as Game.data_file reads it)."""

from typing import Any, Mapping

from reichsstadt.core import Option
from tests.core.toygame import ToyGame, ToyState


class TollGame(ToyGame):
    id = "tollgame"
    title = "Toll dice"
    options = {**ToyGame.options,
               "tolls": Option("tolls", "data", None, "a tolls JSON file of your own (default: the bundled one)")}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ToyState:
        opts = self.resolve(players, options)
        tolls = self.data_file(opts)
        assert tolls is not None and isinstance(tolls[1].get("tolls"), list), "a tolls file lists its tolls"
        return super().new(players, seed, {k: v for k, v in opts.items() if k != "tolls"})

