"""The Game of Die Siedler von Nürnberg: its options, a new game, what it is (GameInfo,
with how each bound is derived), its parts and its action space."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.actions import ActionSpace
from ...core.contract import Game, GameInfo
from ...core.messages import Message
from ...core.options import Option
from . import geometry
from .actions import action_table
from .constants import (
    COUNCIL_VP, MAX_INTERSECTIONS, N_ROADS, SETTLEMENTS, SUPPLY_PER_RESOURCE, TOWERS, WALL_PIECES, WORKSHOPS,
)
from .data import bundled, load
from .present import glossary
from .schema import view_schema
from .state import SiedlerState

# the deck (0.) and the time track's longest valid form (1355 to 1400, 46 years at most)
DECK, HOURGLASSES, RED_SPACES, MAX_HOURGLASSES_NEEDED = 36, 3, 2, 45


class SiedlerGame(Game):
    id = "siedler"
    title = "Die Siedler von Nürnberg"
    players = range(3, 5)
    options = {
        "map": Option("map", "data", None, "a map data file of your own (default: the bundled reconstructed map)"),
        "setup": Option("setup", "choice", "beginner", "beginner positions (3.) or the expert snake placement (9.)",
                        choices=("beginner", "expert")),
        "offers_per_turn": Option("offers_per_turn", "int", 3, "trade offers the active player may make per turn",
                                  minimum=0, maximum=20),
        "bank_trades_per_turn": Option(
            "bank_trades_per_turn", "int", 30,
            "bank trades the active player may make per turn; the rulebook sets no limit (5.2.1), but "
            "producing Zirkel, selling them and trading the gold back can loop at no loss, so a finite "
            "bound keeps every game finite", minimum=1, maximum=100),
        "offer_cards": Option(
            "offer_cards", "int", 5,
            "cards (gold counted) per side of one trade offer or counter-offer; the rulebook sets no "
            "limit (5.2.1), the bound keeps an offer's chain of small decisions finite", minimum=1, maximum=20),
    }
    version = 2  # 2: fields with real names, options in the snapshot's "options"
    parts = {
        "terminal": "reichsstadt.games.siedler.terminal:render",
        "terminal_map": "reichsstadt.games.siedler.terminal:render_map",
        "decline": "reichsstadt.games.siedler.terminal:decline",   # the terminal's d: offers declined unasked
        "svg": "reichsstadt.games.siedler.svg:board_svg",
        "web": "reichsstadt.games.siedler:web",             # web/board.js: the board in the browser
        "catalogs": "reichsstadt.games.siedler:i18n",       # the game's words in every language
        "heuristic": "reichsstadt.bots.heuristic.siedler",  # the greedy player and its search aids
        "encoder": "reichsstadt.interop.encoders.siedler:build",  # the research observation encoding
    }

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> SiedlerState:
        opts = self.resolve(players, options)
        return SiedlerState.start(self, players, seed, opts, load(opts["map"]), action_table(players))

    def glossary(self) -> list[tuple[Message, Message]]:
        """Every piece, terrain, good, city, event card, council card and track, with one
        sentence each, in the order a newcomer meets them (the bundled map's numbers)."""
        return glossary(bundled())

    def view_schema(self) -> dict[str, Any]:
        return view_schema()

    def board(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The map's drawing data (geometry.py), for the map of `options` (None: the
        bundled one). JSON, coordinates in SVG units with (0, 0) at the top left of each
        of two frames that share their vertical origin:

            {"scale": 44,                        # a hex's radius
             "colors": {"terrain": {type: fill}, "terrain_ink": {type: ink}, "resource": {tradable: fill},
                        "seat": [4 fills], "seat_ink": [4 inks], "sector": {kind: fill},
                        "paper", "ink", "road_edge", "road_fill", "red", "wall", "open": fills},
             "field": {"width", "height", "right",    # the surroundings; "right": the hexes' right edge
                       "terrains": [{"id", "type", "resource", "number",
                                     "cards",           # event cards carrying its number: its odds
                                     "center": [x, y], "corners": [6 x [x, y]]}],
                       "roads": [{"id", "city", "toll",  # city and toll per sale: null for IV, V
                                  "start": [x, y], "gate": [x, y],   # the frame's edge, the gate
                                  "points": [[x, y], ...],     # intersections, from the city
                                  "segments": [[x, y], ...],   # the middle of each segment
                                  "stub": [[x, y], ...],       # beyond the last intersection
                                  "label": [x, y]}],           # the city's name, or the road's end
                       "raubritterburg": [x, y] | null},
             "city": {"width", "height", "box": [x0, y0, x1, y1],   # the old town
                      "sectors": [{"id", "kind", "good", "rect": [x, y, w, h], "center": [x, y]}],
                      "red_intersections": [{"index", "xy": [x, y] | null, "mark",   # "3:1", a resource, null
                                             "tag": [x, y] | null, "anchor"}],        # the mark's label
                      "wall": {"band", "first": [x, y], "arrow": [[x, y], ...], "border": [2 x [x0, y0, x1, y1]],
                               "pieces": [{"path": [[x, y], ...], "start", "middle": [x, y],
                                           "normal": [nx, ny]}],                      # piece 1 first
                               "triangles": [{"index", "after", "needs",   # pieces that open it
                                              "center": [x, y], "points": [3 x [x, y]]}]}}}

        The view's positions are indices into these lists (roads by id, intersections and
        segments counted from the city, red intersections, wall pieces and triangles in
        the map file's order)."""
        return geometry.board(load((options or {}).get("map")))

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        opts = options
        n = players
        draws = DECK * (MAX_HOURGLASSES_NEEDED // HOURGLASSES + RED_SPACES + 1)
        cards_in_turn = SUPPLY_PER_RESOURCE * 5 + opts["bank_trades_per_turn"] \
            + opts["offers_per_turn"] * opts["offer_cards"]
        offer_chain = 2 * opts["offer_cards"] + 4 + (n - 1) * (2 * opts["offer_cards"] + 3) + 1
        main_moves = cards_in_turn + opts["bank_trades_per_turn"] + opts["offers_per_turn"] * offer_chain + 1
        event_moves = max(SUPPLY_PER_RESOURCE * 5 // 2 + 3, n, (n - 1) * SETTLEMENTS)
        prestige = WALL_PIECES + 2 * TOWERS
        length = 1 + 4 * n + draws * (1 + event_moves + main_moves) + prestige
        return GameInfo(
            game=self.id, players=n, num_actions=self.num_actions(n),
            max_chance_outcomes=DECK,
            max_game_length=length,
            min_score=2,
            max_score=SETTLEMENTS + WORKSHOPS + N_ROADS + COUNCIL_VP[0],
            simultaneous=True,
            information="imperfect",
            reasons={
                "max_chance_outcomes": f"an event card draw lists the kinds still in the deck: at most its {DECK} "
                                       f"cards; a random card 5 resources; the first player {n} seats",
                "max_game_length": (
                    f"with these options, for any valid map: the game ends when the time stone reaches 1400, "
                    f"after at most {MAX_HOURGLASSES_NEEDED} hourglasses (the track has at most 46 years); the deck "
                    f"of {DECK} holds {HOURGLASSES}, so a pass through the whole deck brings {HOURGLASSES} and only "
                    f"the {RED_SPACES} red spaces and the last space end a pass early: at most {draws} turns. A turn: "
                    f"the draw; its event (a Raubritter: at most 50 discards, the robber, the victim, the card; "
                    f"Kostenloser Lehm: {n} decisions; a Wegezoll: at most {(n - 1) * SETTLEMENTS} cards); then at "
                    f"most {main_moves} moves, since every build and sale uses up a card of the active player, who "
                    f"holds at most the 100 cards plus one per bank trade ({opts['bank_trades_per_turn']}) and "
                    f"{opts['offer_cards']} per trade ({opts['offers_per_turn']} offers, each a chain of at most "
                    f"{offer_chain} decisions with every answer and counter-offer). Plus the expert setup "
                    f"({4 * n} placements), the first player's draw and one council choice per prestige point "
                    f"(at most {prestige}: {WALL_PIECES} wall pieces, {TOWERS} towers of 2)"),
                "min_score": "every player has two settlements from the setup (3., 9.) and no piece is ever removed",
                "max_score": f"{SETTLEMENTS} settlements, {WORKSHOPS} workshops, {N_ROADS} rights of way and the "
                             f"Siebenerrat ({COUNCIL_VP[0]}) (2.)",
                "simultaneous": "the players asked answer a trade offer at once (5.2.1); those over 7 cards discard "
                                "at once (6.1)",
                "information": "hands are secret (3.); the deck's order is unknown",
                "num_actions": f"every action for {n} players, positions bounded by the map validator's limits "
                               f"({N_ROADS} roads of at most {MAX_INTERSECTIONS} intersections)",
            },
        )

    def build_action_space(self, players: int) -> ActionSpace:
        return action_table(players).space


GAME = SiedlerGame()
