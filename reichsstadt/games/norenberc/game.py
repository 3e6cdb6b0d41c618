"""The Norenberc Game: options, new games, the action space, what the game is (GameInfo,
with the reasoning behind each bound) and its parts."""

from __future__ import annotations

from typing import Any, Mapping

from reichsstadt.core.actions import ActionSpace
from reichsstadt.core.contract import Game, GameInfo
from reichsstadt.core.messages import Message
from reichsstadt.core.options import Option

from . import data
from .actions import action_table
from .constants import (
    ACTION_CHAIN, ALL_TYPES_VP, APPRENTICE, ARTISANS, ARTISANS_PER_GUILD, CITIZEN_STEPS, CREST_VP, FOREMAN, MAJORITY,
    MAYOR, MUSICIAN, NOBLE, RICHEST_VP, ROOMS, ROUNDS, SETUP_GUESTS_PER_GUILD, STEAL_LIMIT, TAX_COLLECTOR, TAX_UNIT,
    THIRTY_VP, TILE_KIND_KEYS, WORKSHOP_SLOTS,
)
from .schema import view_schema
from .state import NorenbercState


GLOSSARY_BEFORE_CITIZENS = ("master", "rooms", "artisan", "agent_plus", "star", "moon", "sun")
GLOSSARY_AFTER_CITIZENS = ("moon_token", "crest", "prestige_guild", "prestige_crest")


class Norenberc(Game):
    id = "norenberc"
    title = "Norenberc"
    players = range(2, 6)
    options = {
        "components": Option(
            "components", "data", None,
            "a components JSON file of your own (default: the bundled components.json)",
        ),
        "open_planning": Option(
            "open_planning", "bool", False,
            "plan one by one in reverse turn order, seeing how many cards the others laid",
        ),
    }
    version = 4  # 4: the goods of any type of a price and the Guard's two artisans are paid / chosen one at
    # a time (snapshots of version 3 do not restore); 3: the fields got their real names
    parts = {
        "terminal": "reichsstadt.games.norenberc.terminal:render",
        "web": "reichsstadt.games.norenberc:web",             # web/board.js: the board in the browser
        "catalogs": "reichsstadt.games.norenberc:i18n",       # the game's words in every language
        "heuristic": "reichsstadt.bots.heuristic.norenberc",  # the greedy player and its search aids
        "encoder": "reichsstadt.interop.encoders.norenberc:build",  # the research observation encoding
    }

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> NorenbercState:
        opts = self.resolve(players, options)
        comp = data.load(opts["components"])
        return NorenbercState.start(self, players, seed, opts, comp, action_table(players))

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        """The bounds of a game with these options' components (the bundled ones, or a
        data file of your own)."""
        return game_info(players, data.load(options["components"]), self.num_actions(players))

    def view_schema(self) -> dict[str, Any]:
        return view_schema()

    def glossary(self) -> list[tuple[Message, Message]]:
        """The pieces in the order a newcomer meets them on the board and in a round: a
        guild's master and rooms, its guests (artisans, Agent+, the citizens' three
        symbols, the 11 citizens), the moon token, then what the end of a round gives
        (crests, the prestige guild's crest). One line each in English, so that the help
        page (keys and pieces) fits a 40-line terminal."""
        out = [(Message(f"norenberc.glossary.{key}"), Message(f"norenberc.glossary.{key}.text"))
               for key in GLOSSARY_BEFORE_CITIZENS]
        out += [(Message(f"norenberc.citizen.{kind}"), Message(f"norenberc.glossary.citizen.{kind}"))
                for kind in TILE_KIND_KEYS[1:]]
        out += [(Message(f"norenberc.glossary.{key}"), Message(f"norenberc.glossary.{key}.text"))
                for key in GLOSSARY_AFTER_CITIZENS]
        return out

    def build_action_space(self, players: int) -> ActionSpace:
        return action_table(players).space


def game_info(players: int, comp: data.Components, num_actions: int) -> GameInfo:
    """GameInfo for `players` seats and the components `comp`, each bound proven from the
    rules (the reasons say how)."""
    n = players
    G = n + 1
    M = comp.agents_max
    kind, value = comp.tile_kind, comp.tile_value
    citizens = range(ARTISANS, comp.tile_count)
    in_play = range(G * ARTISANS_PER_GUILD)  # the artisans of the guilds in play
    top_value = max(value[t] for t in in_play)

    setup = (n - 1) + WORKSHOP_SLOTS * G + SETUP_GUESTS_PER_GUILD * G
    abilities = sum(CITIZEN_STEPS.get(kind[t], 0) for t in citizens)
    per_round = n * (2 * M + 1) + n * M * ACTION_CHAIN + abilities
    refills = (ROUNDS - 1) * ROOMS * G
    length = setup + ROUNDS * per_round + refills

    outcomes = max(n, ARTISANS_PER_GUILD, (ARTISANS_PER_GUILD - WORKSHOP_SLOTS) * G + comp.citizens)

    income = (comp.income + sum(value[t] for t in citizens if kind[t] == MUSICIAN)
              + sum(1 for t in citizens if kind[t] == MAYOR) * ARTISANS_PER_GUILD)
    actions_own = ROUNDS * M
    actions_others = (n - 1) * ROUNDS * M
    gain = max(comp.goods_per_guild * top_value, n * M)
    money = comp.start_money + ROUNDS * income + actions_own * gain + actions_others * STEAL_LIMIT * top_value
    apprentices = sum(1 for t in citizens if kind[t] == APPRENTICE)
    score = (
        sum(value[t] for t in citizens if kind[t] == NOBLE)
        + sum(1 for t in citizens if kind[t] == TAX_COLLECTOR) * (money // TAX_UNIT)
        + sum(sum(1 for a in in_play if value[a] == value[f]) for f in citizens if kind[f] == FOREMAN)
        + G * max(sum(MAJORITY), MAJORITY[1] + apprentices)
        + G * THIRTY_VP + ALL_TYPES_VP + RICHEST_VP + CREST_VP[-1]
    )
    return GameInfo(
        game="norenberc", players=n, num_actions=num_actions, max_chance_outcomes=outcomes,
        max_game_length=length, min_score=0, max_score=score, simultaneous=True,
        reasons={
            "num_actions": "every action of the action table for this player count, chance draws included "
                           "(a draw per tile id, an order per seat)",
            "max_game_length": (
                f"setup: {n - 1} turn-order draws (the last place needs none), {WORKSHOP_SLOTS} workshop "
                f"artisans and {SETUP_GUESTS_PER_GUILD} guests per guild; then {ROUNDS} rounds, in each of "
                f"which a player lays at most {M} cards (agents never exceed agents_max = {M}, and every "
                f"laid card keeps its agent out until the round ends), so plans at most {M} guilds plus one "
                f"'done' or 'pass' per turn in at most {M} + 1 turns ({2 * M + 1} planning moves), and acts "
                f"once per card in a chain of at most {ACTION_CHAIN} moves (buy, buy, buy, stop; or hire, "
                f"pay, pay, first place), plus, at most once per round for each citizen tile, its ability "
                f"({abilities} moves for these components: the Thief robs and takes {STEAL_LIMIT} goods, the "
                f"Guard moves 2 artisans, the Peddler takes a good, the Mayor goes on a roof; a star citizen "
                f"goes back into the guest pile when hired and the Peddler at the end of the round, and the "
                f"pile is drawn from only at the end of a round, so a tile is hired at most once a round); "
                f"the rooms are refilled {ROUNDS - 1} times, at most {ROOMS} per guild"),
            "max_chance_outcomes": (
                f"the largest draw: a guest from the pile, which holds at most the "
                f"{ARTISANS_PER_GUILD - WORKSHOP_SLOTS} artisans per guild left over at setup (artisans never "
                f"return to it) and the {comp.citizens} citizens; a workshop draw has at most "
                f"{ARTISANS_PER_GUILD}, a turn-order draw {n}"),
            "min_score": "every scoring item is a count of zero or more",
            "max_score": (
                "every item at its most at once: all the Nobles; every Tax Collector on the most money a "
                f"player can have ({money}: start money, {ROUNDS} incomes with every Musician and Mayor, "
                f"the best sale ({comp.goods_per_guild} goods at the best master, {top_value}) or the "
                f"largest hire bonus on each of the player's {actions_own} actions, and {STEAL_LIMIT} goods "
                f"paid at {top_value} for every action of the others); each Foreman on every artisan of its "
                f"value; per guild the best of {sum(MAJORITY)} (alone in a majority) and "
                f"{MAJORITY[1]} plus every Apprentice; {THIRTY_VP} per guild for 30+; all types; the richest; "
                f"{CREST_VP[-1]} for crests"),
            "simultaneous": "planning is simultaneous and secret (with open_planning, players plan one by one)",
            "information": "the others' money and face-down cards, and the guest pile, are hidden",
        },
    )
