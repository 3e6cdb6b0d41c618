"""The Markt Game: its options, new games, the action space, what the game is (GameInfo,
with the reasoning behind each bound), its glossary, and its parts: everything the
platform finds through the game (terminal board, browser board, catalogs, heuristic
player, observation encoder), declared here and shipped in this package."""

from __future__ import annotations

from typing import Any, Mapping

from reichsstadt.core import ActionSpace, Game, GameInfo, Message, Option

from . import present
from .actions import ACTIONS
from .constants import DAYS_DEFAULT, DAYS_MAX, DAYS_MIN, N_GOODS, PER_GOOD, PRICE_MAX, START_GOODS, START_THALERS
from .state import MarktState

PACKAGE = __name__.rpartition(".")[0]
"""This package's import name: the parts below are found in it, wherever it is installed."""


class Markt(Game):
    id = "markt"
    title = "Markt"
    players = range(2, 5)
    options = {
        "days": Option("days", "int", DAYS_DEFAULT, "market days in the game", minimum=DAYS_MIN, maximum=DAYS_MAX),
    }
    version = 1
    parts = {
        "terminal": f"{PACKAGE}.terminal:render",    # the board in a terminal (Rich)
        "web": f"{PACKAGE}:web",                     # web/board.js: the board in the browser
        "catalogs": f"{PACKAGE}:i18n",               # the game's words in every language
        "heuristic": f"{PACKAGE}.heuristic",         # the greedy player and its search aids
        "encoder": f"{PACKAGE}.encoder:build",       # the research observation encoding
    }

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> MarktState:
        return MarktState.start(self, players, seed, self.resolve(players, options))

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        days = options["days"]
        goods = N_GOODS * PER_GOOD
        return GameInfo(
            game=self.id, players=players, num_actions=self.num_actions(players), max_chance_outcomes=N_GOODS,
            max_game_length=players * START_GOODS + days * (1 + 2 * players),
            min_score=0, max_score=START_THALERS + goods * PRICE_MAX, simultaneous=False,
            reasons={
                "max_game_length": f"the deal's {START_GOODS} draws per merchant, then per market day the crier "
                                   f"and one turn per merchant, each at most two moves (a fetch and its draw)",
                "max_chance_outcomes": f"the crier calls for one of the {N_GOODS} goods; a draw is one of them",
                "min_score": "a purse never goes below zero: the toll is paid only by who has a thaler",
                "max_score": f"the starting purse and every one of the {goods} goods sold at the top price, "
                             f"{PRICE_MAX}",
                "information": "the merchants' hands and the warehouse's goods are hidden",
            },
        )

    def view_schema(self) -> dict[str, Any]:
        return present.view_schema(self.id)

    def glossary(self) -> list[tuple[Message, Message]]:
        return present.glossary()

    def build_action_space(self, players: int) -> ActionSpace:
        return ACTIONS.space
