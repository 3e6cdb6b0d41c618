"""Norenberc's numbers and codes: phases, steps, kinds of action and of event, tile kinds
and the rulebook's fixed numbers, each with the section it comes from (sections by their
French names in the rulebook's French translation). Imports nothing of the game: every other
module of the engine sits above this one."""

from __future__ import annotations

# -- the box ("Contenu du jeu") -----------------------------------------------------------
GUILDS = 6                  # Brewers, Bakers, Shoemakers, Printers, Tailors, Hatters
ARTISANS_PER_GUILD = 11     # tile ids 11*g .. 11*g+10 are guild g's artisans
ARTISANS = GUILDS * ARTISANS_PER_GUILD
MAX_CITIZENS = 40           # the most citizens a data file may list (tile ids 66, 67, ...)
MAX_TILES = ARTISANS + MAX_CITIZENS
MAX_GOODS = 24              # the most goods of one type a data file may give; bounds "sell"

# What a data file may give (data.py checks each number against these).
MAX_TILE_VALUE = 20         # artisans' and valued citizens' printed numbers: 1..20
MAX_CRESTS = 20             # crests per guild, prestige crests: 0..20
MAX_AGENTS = 20             # agents_max: 1..20 (the bundled file: 8)
MAX_MONEY = 1000            # start_money, income: 0..1000
MAX_PEDDLER_WORTH = 100

# -- "Mise en place" I and "Fin d'une Manche" 5: the workshop stacks ------------------------
ROUNDS = 4                  # "Déroulement du jeu": four rounds
WORKSHOP_SLOTS = 5          # per guild: four windows from the bottom up, a fifth on the fourth
COVERED_SLOT = 3            # the window under the doubled top workshop
TOP_SLOT = 4                # the tile laid on top of the fourth
MASTER_SLOT = (0, 1, 2, TOP_SLOT)   # the slot holding the master in rounds 1..4

# -- "Embaucher" and "Mise en place" J: the guest rooms -----------------------------------
ROOMS = 4                   # rooms A-D of each guild, left to right (their letters: the catalog, norenberc.room.*)
SETUP_GUESTS_PER_GUILD = 3  # J: three guests per guild, the first room left empty

# -- "Acheter", "Voleur", "Colporteur" ---------------------------------------------------
BUY_LIMIT = 3               # "Acheter": at most three goods per action
STEAL_LIMIT = 2             # "Voleur": two goods from one player
ACTION_CHAIN = 4            # the longest action without a citizen's ability: buy, buy, buy, stop; or
                            # hire, pay, pay (2 goods of any type, one at a time), first place

# -- phases and steps -------------------------------------------------------------------
# Phases of the game: the three setup draws (chance), planning, actions, the refill of the
# rooms at the end of a round (chance), the end.
SETUP_ORDER, SETUP_WORKSHOPS, SETUP_GUESTS, PLANNING, ACTIONS, REFILL, OVER = range(7)
PHASE_IDS = ("setup_order", "setup_workshops", "setup_guests", "planning", "actions", "refill", "over")

# Steps of one player's action in the called guild (phase ACTIONS).
(CHOOSE, BUY_MORE, PAY_ANY, THIEF_VICTIM, THIEF_GOODS, GUARD_FIRST, GUARD_SECOND, PEDDLER_GOOD,
 MAYOR_ROOF, FIRST_PLACE) = range(10)
STEP_IDS = ("choose", "buy_more", "pay_any", "thief_victim", "thief_goods", "guard_first", "guard_second",
            "peddler_good", "mayor_roof", "first_place")

# A player's planning in the current turn ("Phase de Planification").
PLANNING_NOW, PLANNED, PASSED = 0, 1, 2

# -- kinds of action (the first item of ActionTable.code[action]) ------------------------
(K_DRAW, K_ORDER, K_PLAN, K_PLAN_DONE, K_PASS, K_SELL, K_BUY, K_BUY_END, K_NOTHING, K_HIRE, K_PAY,
 K_FRONT, K_ROB, K_STEAL, K_DECLINE, K_GUARD, K_PEDDLER, K_MAYOR) = range(18)
KINDS = 18

# -- tile kinds ("Citadins"; tile_kind codes, 0 an artisan) -------------------------------
ARTISAN = 0
COUNCILLOR, THIEF, GUARD, MUSICIAN, PEDDLER, MAYOR = 1, 2, 3, 4, 5, 6
NOBLE, TAX_COLLECTOR, ENGRAVER, FOREMAN, APPRENTICE = 7, 8, 9, 10, 11
TILE_KIND_KEYS = ("artisan", "councillor", "thief", "guard", "musician", "peddler", "mayor", "noble",
                  "tax_collector", "engraver", "foreman", "apprentice")
# When a citizen's ability works: star = at once, moon = each end of round, sun = end of game.
SYMBOL = {
    COUNCILLOR: "star", THIEF: "star", GUARD: "star", MUSICIAN: "moon", PEDDLER: "moon",
    MAYOR: "moon", NOBLE: "sun", TAX_COLLECTOR: "sun", ENGRAVER: "sun", FOREMAN: "sun",
    APPRENTICE: "sun",
}
# Kinds whose printed number matters (a data file must give it), and what it counts.
VALUED = {MUSICIAN: "thalers of income", NOBLE: "victory points", FOREMAN: "artisan value"}
# The moves a citizen's ability adds to the hire that takes it: the Thief robs and steals 2,
# the Guard moves 2 artisans, the Peddler takes a good, the Mayor goes on a roof.
CITIZEN_STEPS = {THIEF: 1 + STEAL_LIMIT, GUARD: 2, PEDDLER: 1, MAYOR: 1}

# -- why a move is refused (rules.refusal; present.why puts each into words) ----------------
(R_OK,                  # allowed
 R_PLANNING,            # planning: plan guilds, finish the plan or pass
 R_PLAN,                # a plan names distinct guilds in play, in number order, one per free agent
 R_PASS,                # passing is planning nothing: guilds are already chosen
 R_PLAN_DONE,           # a plan needs at least one guild
 R_CHOOSE,              # the action at a called guild: sell, hire, buy or do nothing
 R_SELL,                # only goods of the guild's type one holds
 R_BUY,                 # only goods of the store, at the master's value, with money one has
 R_HIRE_EMPTY,          # the room is empty
 R_HIRE_PRICE,          # the room's price cannot be paid that way
 R_BUY_MORE,            # more goods in type order up to the limit, or stop
 R_PAY,                 # a price's goods of any type: held, one at a time, in type order
 R_STEAL,               # the Thief takes goods the victim holds, in type order
 R_GUARD,               # the Guard swaps two artisans of one type, neither a master nor covered
 R_STEP,                # another move of the action under way
 ) = range(15)

# -- events (events.py) -------------------------------------------------------------------------
# Why a guild's favourite won: the most goods, or a tie broken by money or by turn order.
WHY_GOODS, WHY_MONEY, WHY_ORDER = range(3)

# -- "Fin de la Partie": scoring ---------------------------------------------------------
MAJORITY = (5, 3, 1)          # "Majorité des Artisans": first, second, third place
MAJORITY_TIED = (4, 2, 0)     # each of several players tied for that place
THIRTY = 30                   # "Valeur des artisans de 30+": a type worth 30 or more ...
THIRTY_VP = 2                 # ... scores 2
ALL_TYPES_VP = 5              # "Tous les types"
RICHEST_VP, RICHEST_TIED_VP = 5, 2   # "Joueur le plus riche"
CREST_VP = (0, 0, 0, 2, 5, 9, 14, 20)  # "Collection de blasons": by distinct crests, 7+ -> 20
TAX_UNIT = 10                 # "Collecteur d'impôt": 1 VP per full 10 thalers
SCORE_ITEMS = ("nobles", "tax_collectors", "foremen", "majorities", "apprentices", "thirty_plus",
               "all_types", "richest", "crests")
