"""The fixed numbers and names of Markt: goods, prices, limits, phases, kinds of action
(what a move sets in motion is in events.py). Section numbers (§) are those of the
rulebook, RULES.md beside the package. Imports nothing of the game."""

from __future__ import annotations

# -- components (§1) ---------------------------------------------------------------------
GOODS: tuple[str, ...] = ("cloth", "salt", "wine", "pepper")
N_GOODS = len(GOODS)
PER_GOOD = 7                 # goods of each kind in the warehouse
PRICE_MIN, PRICE_MAX = 1, 6  # the price track

# -- setting up (§2) -----------------------------------------------------------------------
PRICE_START = 3              # every good's price
START_THALERS = 2            # each merchant's purse
START_GOODS = 2              # goods each merchant draws in secret

# -- a market day (§3) ---------------------------------------------------------------------
DEMAND_RISE = 1              # the good the crier calls for rises by this (§3.1)
TOLL = 1                     # thalers paid at the gate to fetch a good (§3.2)
HAND_LIMIT = 5               # goods a merchant may hold (§3.2)

# -- the end (§4) --------------------------------------------------------------------------
DAYS_DEFAULT, DAYS_MIN, DAYS_MAX = 6, 3, 10   # market days in a game (the option "days")

# -- phases: what the game waits for -------------------------------------------------------
DEAL, CRIER, MARKET, OVER = range(4)
PHASE_IDS: tuple[str, ...] = ("deal", "crier", "market", "over")   # the view's `phase`

# -- kinds of action (the action table's codes) -------------------------------------------
K_SELL, K_FETCH, K_WAIT, K_DRAW, K_DEMAND = range(5)

