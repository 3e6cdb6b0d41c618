"""The fixed numbers and names of Die Siedler von Nürnberg: components, costs, limits,
phases, kinds of action. Section numbers are those of the rulebook (Kosmos 1999, its
Italian translation). Imports nothing of the game."""

from __future__ import annotations

# -- components (0., 1.2, 5.2.3) -----------------------------------------------------------
RESOURCES: tuple[str, ...] = ("wood", "wool", "grain", "brick", "stone")
WOOD, WOOL, GRAIN, BRICK, STONE = range(5)
GOLD = 5                             # gold is traded like a resource (5.2.1) but is no card (6.1)
TRADABLES: tuple[str, ...] = RESOURCES + ("gold",)
TERRAIN_TYPES: dict[str, str] = {
    "forest": "wood", "pasture": "wool", "fields": "grain", "hills": "brick", "mountains": "stone",
}
ROAD_NAMES: tuple[str, ...] = ("I", "II", "III", "IV", "V")
NAMED_ROAD_CITIES: dict[str, str] = {"I": "Frankfurt", "II": "Prague", "III": "Venice"}
GOODS: tuple[str, ...] = ("Zirkel", "Helme", "Papier", "Ruestungen", "Tand")
HARVEST_NUMBERS: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
EVENTS: tuple[str, ...] = ("none", "hourglass", "markgraf", "lehm", "wegezoll", "raubritter")
EV_NONE, EV_HOURGLASS, EV_MARKGRAF, EV_LEHM, EV_WEGEZOLL, EV_RAUBRITTER = range(6)
COLORS: tuple[str, ...] = ("white", "red", "blue", "orange")
# 3.: the rights of way of the beginner positions (white Venice, red Prague, blue V, orange IV)
BEGINNER_RIGHTS: dict[str, str] = {"III": "white", "II": "red", "V": "blue", "IV": "orange"}
SUPPLY_PER_RESOURCE = 20             # 100 resource cards, 20 per type (0.)
START_GOLD = 2                       # (3.)

# -- the data file ---------------------------------------------------------------------------
MAP_FORMAT = "siedler-map"           # the map file's "format"
MAP_VERSION = 1                      # the one map file "version" this engine reads

# -- bounds of the fixed action space (the map validator enforces them) -------------------------
MAX_SEGMENTS = 12                    # segments per road: at most 13 intersections
MAX_INTERSECTIONS = MAX_SEGMENTS + 1
MAX_TRIANGLES = 16                   # 16 towers in the box (0.)
N_TERRAINS = 29                      # numbered terrains (5.1.1: three per number, two 2s)
N_REDS = 12                          # red intersections of the old town (5.2.2.3)
N_ROADS = 5

# -- pieces per player and in all (0.) ------------------------------------------------------------
SETTLEMENTS, WORKSHOPS, TOLLS, TOWERS = 5, 4, 15, 16
WALL_PIECES = 26

# -- costs (5.2.2), as counts of wood, wool, grain, brick, stone and gold (TRADABLES) ----------------
COST_TOLL = (1, 0, 0, 1, 0, 0)       # wood + brick (5.2.2.1)
COST_SETTLEMENT = (1, 1, 1, 1, 0, 0)  # wood + wool + grain + brick (5.2.2.2)
COST_WORKSHOP = (0, 0, 2, 0, 3, 0)   # 2 grain + 3 stone (5.2.2.3)
COST_WALL = (0, 0, 0, 1, 0, 3)       # 1 brick + 3 gold (5.2.2.4)
COST_LEHM_WALL = (0, 0, 0, 0, 0, 3)  # Kostenloser Lehm: the wall piece's gold only (8.3)
COST_TOWER = (1, 0, 0, 1, 0, 3)      # 1 wood + 1 brick + 3 gold (5.2.2.5)
PIECE_COSTS = (COST_TOLL, COST_SETTLEMENT, COST_WORKSHOP, COST_WALL, COST_TOWER)
"""The five pieces' costs in one order (rules.affordable tests a hand against them at once)."""
WALL_PRESTIGE, TOWER_PRESTIGE = 1, 2  # (5.2.2.4, 5.2.2.5)
BANK_RATE, MARKET_RATE, PORT_RATE = 4, 3, 2  # 4:1; a Hauptmarkt workshop 3:1 or 2:1 (5.2.1)

# -- victory and limits --------------------------------------------------------------------------
TARGET_VP = 13                       # (2., 7a)
HAND_LIMIT = 7                       # more cards than this: discard half at a Raubritter (6.1)
COUNCIL_KEYS: tuple[str, ...] = ("siebenerrat", "kleiner_rat", "grosser_rat")  # best first (6.3)
COUNCIL_VP = (4, 3, 2)
COUNCIL_AT = 3                       # prestige that earns a council card (6.3)
COUNCIL_LOCK = 12                    # prestige that makes a held card permanent (6.3)

# -- markers in state fields ------------------------------------------------------------------------
NOBODY = -1                          # no seat: a free place, a card nobody holds
REMOVED = -2                         # the Kleiner Rat with three players (3.)
RAUBRITTERBURG = -1                  # the robber knight's place off the terrains (8.2)
EVERYONE = -1                        # an offer made to every other player (5.2.1)
NO_PORT, ANY_PORT = -1, 5            # a red intersection's trade mark: none, or 3:1 (else 2:1 on a resource)

# -- phases: what the game waits for ---------------------------------------------------------------
(P_START, P_SETUP_TOLL, P_SETUP_SETTLE, P_DRAW, P_DISCARD, P_ROBBER, P_STEAL, P_STEAL_CARD, P_LEHM,
 P_WEGEZOLL_CARD, P_MAIN, P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND, P_RESPOND, P_CLOSE, P_COUNCIL,
 P_OVER) = range(18)
PHASE_IDS: tuple[str, ...] = (
    "start", "setup_toll", "setup_settlement", "draw", "discard", "robber", "steal", "steal_card",
    "kostenloser_lehm", "wegezoll_card", "main", "offer_give", "offer_want", "offer_send", "respond",
    "close", "council", "over",
)
OFFER_PHASES = (P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND, P_RESPOND, P_CLOSE)

# -- a seat's answer to a trade offer (5.2.1) ---------------------------------------------------------
(A_NONE, A_PENDING, A_ACCEPT, A_DECLINE, A_COUNTER_GIVE, A_COUNTER_WANT, A_COUNTERED) = range(7)
ANSWER_IDS: tuple[str, ...] = ("none", "pending", "accept", "decline", "countering", "countering", "countered")

# -- why a move is refused (rules.*_refusal; present.why puts each into words) ----------------------
(R_OK,                  # allowed
 R_NOT_NOW,             # not a move of what the game waits for now
 R_NOWHERE,             # a position this map does not have
 R_ROAD_FULL,           # every segment of the road has a toll station (5.2.2.1)
 R_SETUP_ROAD_FULL,     # the setup's toll needs a free segment and a free intersection (9.)
 R_NO_TOLLS_LEFT,       # all 15 toll stations built (0.)
 R_LACKS,               # the move's cost is not in hand
 R_SETUP_ROAD,          # the setup settlement goes on the road of the toll just placed (9.)
 R_NO_INTERSECTION,     # the road has no such intersection
 R_CITY_INTERSECTION,   # no settlement on the intersection touching the city (5.2.2.2)
 R_SETTLED,             # a settlement stands there
 R_DISTANCE,            # the distance rule: a free intersection on both sides (5.2.2.2)
 R_NO_SETTLEMENTS_LEFT,  # all 5 settlements built (0.)
 R_NEEDS_TOLL,          # a settlement needs one's own toll station on the road (5.2.2.2)
 R_WORKSHOP_TAKEN,      # a workshop stands on the red intersection (5.2.2.3)
 R_NO_WORKSHOPS_LEFT,   # all 4 workshops built (0.)
 R_WALL_COMPLETE,       # all 26 wall pieces stand (5.2.2.4)
 R_NOT_YOUR_WALL,       # Kostenloser Lehm: another player decides now (8.3)
 R_NO_TRIANGLE,         # the wall has no such tower triangle
 R_TOWER_TAKEN,         # a tower stands in the triangle (5.2.2.5)
 R_TRIANGLE_CLOSED,     # the triangle opens once the wall pieces beside it stand (5.2.2.5)
 R_NO_BAUHOF,           # towers need one's own workshop next to the Bauhof (5.2.2.5)
 R_BANK_LIMIT,          # the bank trades of this turn are used up (option)
 R_BANK_RATE,           # too few of the tradable for the bank's rate (5.2.1)
 R_SUPPLY_EMPTY,        # the supply has no card of that resource
 R_OFFER_LIMIT,         # the trade offers of this turn are used up (option)
 R_NOTHING_TO_OFFER,    # nothing in hand to offer
 R_CANNOT_GIVE,         # accepting needs what the offer asks for, in hand
 R_OFFER_SIDE,          # a side of an offer: held, not asked for on the other side, within the limit
 R_NO_PARTNER,          # that player neither accepted nor countered what the active player can pay
 R_ROBBER_MOVES,        # the robber knight moves to another terrain (6.1)
 R_STEAL_FROM,          # steal from another player holding a card (6.1)
 R_DISCARD_HELD,        # discard cards one holds (6.1)
 ) = range(33)

# -- kinds of action (actions.py gives each its handler's arguments) ---------------------------------
(K_FIRST, K_DRAW, K_CARD, K_END, K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_PRODUCE, K_BANK,
 K_OFFER, K_GIVE, K_WANT, K_DONE, K_CANCEL, K_SEND, K_ACCEPT, K_DECLINE, K_COUNTER, K_CLOSE,
 K_TAKE_COUNTER, K_WITHDRAW, K_DISCARD, K_ROBBER, K_STEAL, K_PASS, K_COUNCIL) = range(28)
N_KINDS = 28
# the only kinds that can raise the active player's victory points (7a is checked after them)
VP_KINDS = frozenset((K_END, K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_COUNCIL, K_FIRST))


def card_kinds() -> list[tuple[int, int, int]]:
    """Every event card kind the action space knows: (number, event, road); number 0 and
    road -1 where the card has none."""
    kinds: list[tuple[int, int, int]] = []
    for n in HARVEST_NUMBERS:
        for ev in (EV_NONE, EV_HOURGLASS, EV_MARKGRAF, EV_LEHM):
            kinds.append((n, ev, -1))
        for road in range(N_ROADS):
            kinds.append((n, EV_WEGEZOLL, road))
    kinds.append((0, EV_RAUBRITTER, -1))
    return kinds


CARD_KINDS: tuple[tuple[int, int, int], ...] = tuple(card_kinds())
