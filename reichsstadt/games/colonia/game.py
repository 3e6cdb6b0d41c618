"""The Colonia Game: its option (a components file), new games, GameInfo with the
derivation of every bound, its parts and the action space."""

from __future__ import annotations

from typing import Any, Mapping

from ...core import ActionSpace, Game, GameInfo, Message, Option
from .actions import action_table
from .constants import (
    CARDS_PER_CITY, DIE_FACES, EXTRA_STALLS, MAX_DISPLAY, MAX_HOLDS, N_CITIES, N_CRAFTSMEN, N_ORDINANCES,
    N_RELIC_CARDS, N_SHIPS, N_WEEK_CARDS, N_MATERIALS, ORDINANCES_PER_WEEK, PORT, RELICS_PER_CITY,
)
from .data import Components, load
from .present import glossary
from .schema import view_schema
from .state import ColoniaState


def ordinance_moves(comp: Components, players: int) -> int:
    """The most moves one passed ordinance sets in motion (pp. 24-25): draws, dice, and
    the decisions of an ordinance that asks every player."""
    n = players
    cost = {
        "more_per_stall": max(len(w.stalls) for w in comp.week_cards),   # a draw per week-card stall
        "foreign_merchants": 0, "draw_materials": 0, "extra_contracts": 0, "recall": n, "extra_hold": 0,
        "sail_now": 0, "roll_good": 2 * n,                               # a die and a choice of good each
        "extra_relics": 0, "fewer_members": 0, "exchange": 2 * n,         # currencies, then the amount
    }
    for o in comp.ordinances:
        if o.effect == "foreign_merchants":
            cost[o.effect] = max(cost[o.effect], EXTRA_STALLS * o.amount)
        elif o.effect == "draw_materials":
            cost[o.effect] = max(cost[o.effect], n + n * o.amount)         # yes or no each, then the draws
        elif o.effect in ("sail_now", "extra_relics"):
            cost[o.effect] = max(cost[o.effect], o.amount)                 # a ship or relic drawn each
    return max(cost[o.effect] for o in comp.ordinances)


def max_game_length(comp: Components, players: int) -> int:
    """A bound on the moves of one game, chance included (see GAME_LENGTH_REASON)."""
    n = players
    setup = PORT + comp.relic_display + n * comp.start_materials + 2 * n * comp.start_goods
    monday = 1 + max(sum(w.stalls) for w in comp.week_cards) + ORDINANCES_PER_WEEK
    tuesday = n
    votes = ORDINANCES_PER_WEEK * (n + ordinance_moves(comp, players))
    market = max(len(w.stalls) for w in comp.week_cards) + EXTRA_STALLS + n
    thursday = N_CRAFTSMEN * comp.contract_fields + n + max(w.dice for w in comp.week_cards)
    friday = PORT * MAX_HOLDS + PORT + n
    saturday = PORT
    sunday = 2 * MAX_DISPLAY + n + MAX_DISPLAY + n + comp.relic_display
    week = monday + tuesday + votes + market + thursday + friday + saturday + sunday
    return setup + (n - 1) + comp.weeks * week


GAME_LENGTH_REASON = (
    "setup: 4 ships, the relic display, each family's blind start materials, and per start good a die and "
    "perhaps a choice (a six); week 1: at most players-1 tie dice. Each week: the week card, the materials of "
    "its stalls and 3 ordinance draws; a family card each; 3 votes of every player, each ordinance setting in "
    "motion at most its own draws, dice and answers (ordinance_moves); the market: each turn takes a stall "
    "(at most the week card's stalls + 2 foreign ones) or is a seat's only pass; contracts: each takes one of "
    "the 5 x contract_fields fields, plus a pass each and the week card's dice; loading: each takes one of the "
    "16 holds or 4 extra holds, plus a pass each; 4 ships drawn on Saturday; Sunday: each purchase takes one of "
    "at most 12 displayed cards and may bring a shrine choice, each securing one of them, a pass each in both "
    "rounds, then the display refilled. Automatic passes are no moves."
)


class ColoniaGame(Game):
    """Colonia (Dirk Henn, Queen Games 2009): six weeks of Cologne, 3 to 6 families."""

    id = "colonia"
    title = "Colonia"
    players = range(3, 7)
    version = 3
    options = {
        "components": Option(
            "components", "data", None,
            "a JSON components file replacing the bundled one (week cards, ships, relics, ordinances, ...)",
        ),
    }
    parts = {
        "terminal": "reichsstadt.games.colonia.terminal:render",
        "terminal_city": "reichsstadt.games.colonia.terminal:render_city",
        "web": "reichsstadt.games.colonia:web",             # web/board.js: the board in the browser
        "catalogs": "reichsstadt.games.colonia:i18n",       # the game's words in every language
        "heuristic": "reichsstadt.bots.heuristic.colonia",  # the greedy player and its search aids
        "encoder": "reichsstadt.interop.encoders.colonia:build",  # the research observation encoding
    }

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ColoniaState:
        opts = self.resolve(players, options)
        return ColoniaState.start(self, players, seed, opts, load(opts["components"]), action_table(players))

    def view_schema(self) -> dict[str, Any]:
        return view_schema()

    def glossary(self) -> list[tuple[Message, Message]]:
        """Every piece of the bundled box, a name and one sentence each (present.glossary)."""
        return glossary(load(None))

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        comp = load(options["components"])
        shrine_bonus = sum(max(comp.relic_points[c * CARDS_PER_CITY:c * CARDS_PER_CITY + RELICS_PER_CITY])
                           for c in range(N_CITIES))
        return GameInfo(
            game=self.id, players=players, num_actions=self.num_actions(players),
            max_chance_outcomes=max(N_RELIC_CARDS, N_ORDINANCES, N_SHIPS, N_WEEK_CARDS, N_MATERIALS, DIE_FACES,
                                    players),
            max_game_length=max_game_length(comp, players),
            min_score=0,
            max_score=sum(comp.relic_points) + shrine_bonus + N_CITIES * comp.window_points,
            simultaneous=True,
            information="imperfect",
            reasons={
                "max_chance_outcomes": "a relic draw with the whole deck of 48 cards left (ordinances 18, ships "
                                       "16, week cards 14, the die 6, the bag's 5 materials, the tie die one "
                                       "per player are fewer)",
                "max_game_length": GAME_LENGTH_REASON + " With these components.",
                "min_score": "points are relic points, shrines and windows, none negative (p. 23)",
                "max_score": "every relic's points, the best relic of each city doubled in its shrine, and all "
                             "four church windows (p. 23), with these components",
                "simultaneous": "family cards are chosen and votes cast in secret by every family at once "
                                "(p. 15-16)",
                "information": "screens hide money, materials, goods and relics; blind draws, family cards "
                               "and votes are secret until revealed",
            },
        )

    def build_action_space(self, players: int) -> ActionSpace:
        return action_table(players).space


GAME = ColoniaGame()
