"""Colonia's fixed numbers and names: component counts, the steps of the week, the kinds
of decision, of chance draw, of action and of event. Imports nothing of the game: every
other module of the package stands on this one.

Page numbers are those printed in the Italian translation of Colonia's rulebook (Queen
Games 2009, pp. 13-25); the day sections are quoted by their titles."""

from __future__ import annotations

# -- components (p. 13 "Contenuto"); the action space is built on these counts ---------
N_MATERIALS = 5               # leather, iron, wood, linen, fur
N_GOODS = 5                   # one per craftsman
N_CRAFTSMEN = 5
N_CITIES = 4                  # each with its currency, church window and shrine
N_WEEK_CARDS = 14
N_SHIPS = 16
N_ORDINANCES = 18
RELICS_PER_CITY = 11          # plus one shrine per city
CARDS_PER_CITY = RELICS_PER_CITY + 1
N_RELIC_CARDS = N_CITIES * CARDS_PER_CITY
MAX_STALLS = 7                # stalls a week card may show
EXTRA_STALLS = 2              # the foreign merchants' stalls (an ordinance)
STALL_SLOTS = MAX_STALLS + EXTRA_STALLS
MAX_HOLDS = 4                 # holds of one ship
PORT = 4                      # places I-IV in the port
MAX_DISPLAY = 12              # 10 relic places + 2 extra places (an ordinance)
FAMILY_VALUES = (3, 4, 5, 6, 7, 8)   # the six family cards of each colour
N_FAMILY_CARDS = len(FAMILY_VALUES)
LOWEST_FAMILY_CARD = FAMILY_VALUES[0]
DIE_FACES = 6
MAX_PLAYERS = 6

# the bundled components' names: each has a catalog entry (colonia.<kind>.<key>); a user's
# data file may use other names, which are then shown as written
BUNDLED_NAMES = {
    "material": ("leather", "iron", "wood", "linen", "fur"),
    "good": ("saddle", "wagon wheel", "painting", "dress", "shoes"),
    "craftsman": ("saddler", "wainwright", "painter", "tailor", "shoemaker"),
    "city": ("Bergen", "Brügge", "London", "Nowgorod"),
    "currency": ("Mark", "Gulden", "Pfund Sterling", "Grivna"),
}

# -- the days ---------------------------------------------------------------------------
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)
# the four street fields (p. 17 N.B.: members used on a day stand on that day's street
# field until the same day of the next week); an index into a player's four counters
STREET_DAYS = ("tuesday", "wednesday", "thursday", "friday")
TUE, WED, THU, FRI = range(4)
N_STREETS = 4

# -- ordinances (pp. 24-25): what each can do, and the days it can be voted on ----------
EFFECTS = (
    "more_per_stall", "foreign_merchants", "draw_materials", "extra_contracts", "recall",
    "extra_hold", "sail_now", "roll_good", "extra_relics", "fewer_members", "exchange",
)
# the day on which each effect can be voted: the rules act on that day's board
EFFECT_DAYS = {
    "more_per_stall": ("wednesday",), "foreign_merchants": ("wednesday",),
    "draw_materials": ("thursday",), "extra_contracts": ("thursday",),
    "recall": ("thursday", "friday"), "extra_hold": ("friday",), "sail_now": ("friday",),
    "roll_good": ("friday",), "extra_relics": ("saturday",), "fewer_members": ("saturday",),
    "exchange": ("saturday",),
}
ORDINANCES_PER_WEEK = 3
EXTRA_HOLD_VALUE = 2          # an extra hold pays 2 when no ordinance card says otherwise
MAX_RECALL = 10               # the most members a recall ordinance may name
MAX_EXCHANGE = 5              # the most money an exchange ordinance may name
MAX_TAKE = 5                  # the most materials a draw ordinance may name

# -- the steps of the week, in order ------------------------------------------------------
# A step is an automatic part of the week or a round of turns; the game runs the steps in
# this order (the vote steps hold every ordinance of their day, one after the other).
(S_SETUP,          # p. 14 notes: ships, relics, start materials and goods
 S_MON,            # p. 14 "Lunedì": the week card and three ordinances are revealed
 S_TUE_CHOOSE,     # p. 15 "Martedì": every family chooses a family card in secret
 S_TUE_ORDER,      # p. 16: the cards are revealed, the turn order set, the town hall filled
 S_WED_START,
 S_WED_VOTES,      # p. 16 "Votazione delle ordinanze": the day's ordinances are voted
 S_WED_BUY,        # p. 17 "Mercoledì": the market, in turns
 S_WED_END,        # p. 18 "Spostamenti": leftovers back to the bag, members to the street
 S_THU_START,
 S_THU_VOTES,
 S_THU_CONTRACT,   # p. 18 "Giovedì": contracts, in turns
 S_THU_DICE,       # p. 19: the extra-contract dice
 S_THU_GOODS,      # p. 19: the goods are delivered
 S_FRI_START,
 S_FRI_VOTES,
 S_FRI_LOAD,       # p. 20 "Venerdì": loading the ships, in turns
 S_FRI_END,        # p. 20 "Spostamenti"
 S_SAT_VOTES,      # p. 21 "Sabato": the vote comes before the ships sail
 S_SAT_SAIL,       # p. 21: the ships above the stick sail
 S_SUN_BUY,        # p. 21 "Domenica": buying relics, in turns
 S_SUN_SECURE,     # p. 22: securing relics, in turns
 S_SUN_END,        # p. 22: unsecured relics discarded, the display refilled
 S_OVER) = range(23)
STEP_DAY = (MONDAY, MONDAY, TUESDAY, TUESDAY, WEDNESDAY, WEDNESDAY, WEDNESDAY, WEDNESDAY, THURSDAY, THURSDAY,
            THURSDAY, THURSDAY, THURSDAY, FRIDAY, FRIDAY, FRIDAY, FRIDAY, SATURDAY, SATURDAY, SUNDAY, SUNDAY,
            SUNDAY, SUNDAY)
VOTE_STEPS = {S_WED_VOTES: WEDNESDAY, S_THU_VOTES: THURSDAY, S_FRI_VOTES: FRIDAY, S_SAT_VOTES: SATURDAY}
TURN_STEPS = (S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE)
# the step at whose end each street field's members come home (Tuesday: after the town
# hall is filled; Wednesday, Thursday, Friday: in the evening)
STREET_EVENING = (S_TUE_ORDER, S_WED_END, S_THU_GOODS, S_FRI_END)

# -- phases: the stable ids a view names (catalog: colonia.phase.<id>) -------------------
PHASES = ("setup", "monday", "family_cards", "vote", "market", "contracts", "extra_contracts", "loading",
          "sailing", "relic_buying", "relic_securing", "week_end", "over")
# the phase of each step (draws belong to the step that asked for them: a step hands
# over to the next one before its draws are made, see state.phase)
STEP_PHASE = ("setup", "setup", "monday", "family_cards", "vote", "vote", "market", "market", "vote", "vote",
              "contracts", "extra_contracts", "extra_contracts", "vote", "vote", "loading", "loading", "vote",
              "sailing", "relic_buying", "relic_securing", "week_end", "over")

# -- what the game waits for -------------------------------------------------------------
(D_NONE,        # nobody: a chance draw, or the game is over
 D_FAMILY,      # every family chooses a family card (simultaneous)
 D_VOTE,        # every family with a face-up card votes (simultaneous)
 D_TURN,        # the actor's turn in a round of turns (market, contracts, ships, relics)
 D_GOOD,        # the actor rolled a 6 for a good and chooses it
 D_ENSHRINE,    # the actor bought a relic or a shrine: put a relic in the shrine, or not
 D_RECALL,      # an ordinance: the actor brings members home from a street field
 D_EXCHANGE,    # an ordinance: the actor picks two currencies to exchange, or none
 D_AMOUNT,      # ... and then how much
 D_DRAW,        # an ordinance: the actor draws materials from the bag, or not
 ) = range(10)
# stable ids of the decisions, for views (catalog: colonia.decision.<id>)
DECISIONS = ("chance", "family_cards", "vote", "turn", "choose_good", "shrine", "recall", "exchange",
             "exchange_amount", "draw_materials")

# -- chance draws waiting in the queue: (kind, argument) ---------------------------------
(Q_WEEK_CARD,       # the week card (argument unused)
 Q_ORDINANCE,       # an ordinance card
 Q_STALL_MATERIAL,  # a material from the bag onto a stall (argument: the stall)
 Q_BLIND_MATERIAL,  # a material from the bag behind a screen (argument: the seat)
 Q_SHIP,            # a ship into the port (argument: the place)
 Q_RELIC,           # a relic card onto the display
 Q_GOOD_DIE,        # a die for a good (argument: the seat)
 Q_EXTRA_DIE,       # an extra-contract die
 Q_TIE_DIE,         # week 1: a die between equal family cards (argument: the card value)
 ) = range(9)
# stable ids of the draws, for views: what the table waits to see drawn is public
DRAWS = ("week_card", "ordinance", "stall_material", "blind_material", "ship", "relic", "good_die",
         "extra_die", "tie_die")

# -- kinds of action (actions.py gives every action its kind and arguments) --------------
(K_FAMILY, K_VOTE, K_CHOOSE_GOOD, K_BUY_STALL, K_COMMISSION, K_LOAD, K_LOAD_EXTRA, K_BUY_RELIC, K_ENSHRINE,
 K_LEAVE_SHRINE, K_SECURE, K_PASS, K_RECALL, K_EXCHANGE, K_EXCHANGE_AMOUNT, K_KEEP_MONEY, K_TAKE_MATERIALS,
 # chance outcomes
 K_DRAW_WEEK, K_DRAW_ORDINANCE, K_DRAW_MATERIAL, K_DRAW_SHIP, K_DRAW_RELIC, K_ROLL, K_TIE_FIRST) = range(24)
# the kind of outcome each kind of chance draw lists
DRAW_KIND = (K_DRAW_WEEK, K_DRAW_ORDINANCE, K_DRAW_MATERIAL, K_DRAW_MATERIAL, K_DRAW_SHIP, K_DRAW_RELIC, K_ROLL,
             K_ROLL, K_TIE_FIRST)

# -- events: events.py ----------------------------------------------------------------------

# -- why a move breaks a rule (rules.*_refusal; present.why puts them into words) --------
(R_OK,                      # allowed
 R_NO_STALL,                # no such stall this week
 R_TAKEN,                   # the stall / hold is taken already
 R_FEW_MEMBERS,             # too few members at home
 R_MISSING_MATERIALS,       # the craftsman's two materials are not behind the screen
 R_FIELDS_FULL,             # every contract field of the craftsman is occupied
 R_NO_HOLD,                 # no such hold in port
 R_MISSING_GOODS,           # the goods the hold shows are not behind the screen
 R_NO_EXTRA_HOLD,           # no extra hold this week (or no ship at that place)
 R_NOT_ON_DISPLAY,          # the relic card is not on display
 R_TOO_LITTLE_MONEY,        # too little money of the card's currency
 R_ALREADY_SECURED,         # someone secured that relic already
 R_NOT_YOURS_TO_ENSHRINE,   # the shrine cannot take that card now
 R_NOT_NOW,                 # the game waits for another kind of move
 R_FAMILY_CARD_USED,        # that family card was played in an earlier week
 R_RECALL_MOST,             # more members than the recall ordinance lets come home
 R_NO_MONEY,                # no money of the currency to give in an exchange
 R_EXCHANGE_MOST,           # more money than the exchange ordinance allows, or than is held
 R_TAKE_COUNT,              # a draw ordinance takes its number of materials, or none
 R_NO_GOOD_LEFT,            # the supply has none of that good left
 ) = range(20)
