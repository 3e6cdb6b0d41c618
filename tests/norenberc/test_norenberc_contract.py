"""What the engine promises beyond the rules: its GameInfo bounds (with their reasons)
hold along random games; every view validates against the published JSON Schema; the
data file refuses unknown keys and format versions; every word is in the catalog; picks
and confirmations; positions are checked."""

from __future__ import annotations

import copy
import json
import random

import jsonschema
import pytest

from reichsstadt.core import CHANCE, DataFileError, IllegalAction, RecordError
from reichsstadt.core.conformance import random_playout
from reichsstadt.core.picks import chain
from reichsstadt.games.norenberc import game_info, view_schema
from reichsstadt.games.norenberc.constants import (
    GUARD, MAYOR, PEDDLER, PHASE_IDS, STEP_IDS, THIEF, THIEF_VICTIM, TILE_KIND_KEYS,
)
from reichsstadt.games.norenberc.data import GOOD_KEYS, GUILD_KEYS, bundled
from reichsstadt.games.norenberc.present import (
    artisan_name, citizen_name, good_name, goods_count, goods_name, guild_name, phase_name, step_name, tile_name,
)
from reichsstadt.i18n import render

from tests.norenberc.norenberc_helpers import (
    BAKERS, BEER, BREWERS, GAME, PASTRY, SHOE, SHOEMAKERS, find, move_goods, plan, put, ready, set_goods,
)
from tests.norenberc.test_norenberc_rules import citizen_hire

SCHEMA = view_schema()


def _shown(value) -> str:
    """English words, asserting that every message id is in the catalog."""
    text = render(value)
    assert "⟨" not in text, text
    return text


# -- GameInfo ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_info_bounds_hold_along_random_games(players: int) -> None:
    """GameInfo: the game length (chance included), the largest chance node and the score
    range hold along random games of both planning variants; every bound gives a reason."""
    info = GAME.info(players)
    assert info.players == players and info.num_actions == GAME.num_actions(players)
    assert info.simultaneous and info.information == "imperfect" and info.min_score == 0
    for key in ("max_game_length", "max_chance_outcomes", "max_score", "min_score", "num_actions"):
        assert len(info.reasons[key]) > 20, key
    widest = [0]

    def on_step(state) -> None:
        if state.to_act() == (CHANCE,):
            widest[0] = max(widest[0], len(state.chance_outcomes()))

    for seed in range(6):
        match = random_playout(GAME, players, 100 * players + seed, {"open_planning": seed % 2 == 1},
                               on_step=on_step)
        moves = len(match.record.moves)
        assert 0 < moves <= info.max_game_length
        assert all(info.min_score <= x <= info.max_score for x in match.state.outcome().scores)
    assert 0 < widest[0] <= info.max_chance_outcomes


def test_game_info_game_length_bound_is_not_loose_by_orders_of_magnitude() -> None:
    """The length bound follows from the rules, not from a guess: with 5 players the
    longest random games come within a factor of 4 of it."""
    info = GAME.info(5)
    longest = max(len(random_playout(GAME, 5, seed).record.moves) for seed in range(8))
    assert longest * 4 > info.max_game_length


def test_game_info_for_a_data_file_of_ones_own() -> None:
    """game_info() gives the bounds for other components: more agents, longer games."""
    raw = copy.deepcopy(bundled().raw)
    raw["agents_max"] = 12
    from reichsstadt.games.norenberc.data import load

    mine = game_info(3, load(raw), GAME.num_actions(3))
    assert mine.max_game_length > GAME.info(3).max_game_length
    assert "agents_max = 12" in mine.reasons["max_game_length"]


# -- the view and its schema --------------------------------------------------------------

def test_the_schema_describes_every_field() -> None:
    """Every property of the schema, at every depth, says what it holds."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                assert sub.get("description"), f"{where}.{name} has no description"
                walk(sub, f"{where}.{name}")
            for key in ("items", "oneOf"):
                if key in node:
                    for i, sub in enumerate(node[key] if isinstance(node[key], list) else [node[key]]):
                        walk(sub, f"{where}[{i}]")
    walk(SCHEMA["properties"]["seats"]["items"], "view.seats[]")
    walk(SCHEMA["properties"]["table"], "view.table")
    assert all(p.get("description") for p in SCHEMA["properties"].values())


@pytest.mark.parametrize("players,open_planning", [(2, False), (3, True), (4, False), (5, True)])
def test_views_of_every_seat_validate_against_the_schema(players: int, open_planning: bool) -> None:
    """Views of every seat and of a spectator, along a random game, validate."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    seen_phases: set[str] = set()
    step = [0]

    def on_step(state) -> None:
        step[0] += 1
        if step[0] % 3 and not state.over():
            return
        for seat in [None, *range(players)]:
            view = state.view(seat)
            errors = sorted(validator.iter_errors(view), key=str)
            assert not errors, f"{errors[0].json_path}: {errors[0].message}"
            seen_phases.add(view["phase"])

    random_playout(GAME, players, 7 + players, {"open_planning": open_planning}, on_step=on_step)
    assert {"planning", "actions", "over"} <= seen_phases


def test_a_view_with_a_guild_of_ones_own_carries_its_names() -> None:
    """A guild the data file names differently has no catalog key: the view gives the
    file's own words, and the names render from them."""
    raw = copy.deepcopy(bundled().raw)
    raw["guilds"][0].update(name="Vintners", good="wine", goods="wines")
    s = GAME.new(2, 3, {"components": raw})
    guild = s.view(0)["table"]["guilds"][0]
    assert (guild["key"], guild["name"], guild["good_key"], guild["good"]) == (None, "Vintners", None, "wine")
    assert s.view(0)["table"]["guilds"][1]["key"] == "bakers"
    assert guild_name(guild["key"], guild["name"]) == "Vintners"
    assert _shown(goods_count(None, 2, "wine", "wines")) == "2 wines"
    assert artisan_name(None, "Vintners") == "Vintner"
    jsonschema.validate(s.view(None), SCHEMA)


# -- the data file ------------------------------------------------------------------------

@pytest.mark.parametrize("edit,message", [
    (lambda r: r.update(colour="red"), "colour: is not a key of the format"),
    (lambda r: r["guilds"][1].update(colour="red"), "guilds[1].colour: is not a key of the format"),
    (lambda r: r["guilds"][2]["artisans"][4].update(plus=True), "guilds[2].artisans[4].plus: is not a key"),
    (lambda r: r["citizens"][0].update(value=3), "citizens[0].value: is not a key of the format (a councillor"),
    (lambda r: r["citizens"][7].update(kind_="x"), "citizens[7].kind_: is not a key"),
    (lambda r: r["citizens_kept"].update({"6": 20}), "citizens_kept.6: is not a key"),
    (lambda r: r.update(format=2), "format: is 2, but this engine reads format 1 only"),
    (lambda r: r.update(format="1"), "format: must be int"),
    (lambda r: r.pop("format"), "format: is missing"),
])
def test_data_file_refuses_unknown_keys_and_format_versions(edit, message) -> None:
    """A misspelt key anywhere, or another format version, is refused by name (the
    bundled file's "_about" note is a key of the format)."""
    raw = copy.deepcopy(bundled().raw)
    assert "_about" in raw
    edit(raw)
    with pytest.raises(DataFileError, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")):
        GAME.new(3, 1, {"components": raw})


# -- words ---------------------------------------------------------------------------------

def test_every_name_is_in_the_catalog() -> None:
    """Guilds, goods, artisans, citizens, phases and steps all have English words."""
    for key in GUILD_KEYS:
        assert _shown(guild_name(key)) and _shown(artisan_name(key))
    for key in GOOD_KEYS:
        assert _shown(good_name(key)) and _shown(goods_name(key))
        assert _shown(goods_count(key, 1)) != _shown(goods_count(key, 2)).replace("2", "1")
    assert _shown(goods_count("beer", 1)) == "1 beer" and _shown(goods_count("pastry", 3)) == "3 pastries"
    for kind in TILE_KIND_KEYS[1:]:
        assert _shown(citizen_name(kind))
    for pid in PHASE_IDS:
        assert _shown(phase_name(pid))
    for sid in STEP_IDS:
        assert _shown(step_name(sid))
    comp = bundled()
    names = [_shown(tile_name(comp.tiles[t], comp.guild_keys)) for t in range(comp.tile_count)]
    assert names[0] == "Brewer 2, Agent+" and "Musician (5)" in names and "Tax Collector" in names


def test_every_move_of_every_kind_is_described_in_catalog_words() -> None:
    """describe() of every action of the table, legal or not, at positions of every
    phase and step, for the actor and for another viewer: words from the catalog only
    (a refusal says the move in these words too)."""
    states = []
    s = GAME.new(3, 2)
    states.append(s.clone())
    rng = random.Random(2)
    steps = set()
    while not s.over():
        p = s.to_act()[0]
        legal = [a for a, _ in s.chance_outcomes()] if p == CHANCE else list(s.legal(p))
        s.apply(p, rng.choice(legal))
        key = (s.phase, s.step)
        if key not in steps:
            steps.add(key)
            states.append(s.clone())
    for kind in (THIEF, GUARD, PEDDLER, MAYOR):  # the citizens' own steps
        states.append(citizen_hire(kind, {SHOE: 1})[0])
    for s in states:
        actor = s.to_act()[0] if s.to_act() and s.to_act()[0] != CHANCE else 0
        for a in GAME.action_space(3):
            for viewer in (actor, (actor + 1) % 3, None):
                _shown(s.describe(actor, a, viewer))


def test_refusals_name_the_rule_in_catalog_words() -> None:
    """A move against a rule is refused with the rule and the phase (and step)."""
    s = ready(3)
    with pytest.raises(Exception) as refused:
        s.apply(0, s.action_table.sell[1])
    text = _shown(refused.value.message)
    assert text == ("Player 1 cannot sell 1 good now: this is the planning phase: plan guilds, finish the plan "
                    "or pass — phase: planning")
    assert render(refused.value.message, viewer=0).startswith("you cannot sell 1 good now")
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    with pytest.raises(Exception) as refused:
        s.apply(0, s.action_table.hire[0][0])
    assert _shown(refused.value.message).endswith("room A is empty — phase: actions, choose")


# -- picks and confirmations ---------------------------------------------------------------

def test_a_plan_is_one_pick_of_guilds_in_any_order() -> None:
    """"Phase de Planification": a person picks the guilds at once, in any order; the
    engine's chain lays them in number order and finishes the plan."""
    s = ready(3)
    pick = s.pick(0)
    assert pick is not None and pick.least == 1 and pick.most == 4 and pick.finish is s.action_table.plan_done
    moves = chain(s, 0, pick, [s.action_table.plan[BAKERS], s.action_table.plan[BREWERS]])
    assert moves == [s.action_table.plan[BREWERS], s.action_table.plan[BAKERS], s.action_table.plan_done]
    for m in moves:
        s.apply(0, m)
    assert s.view(0)["seats"][0]["plan"] == [BREWERS, BAKERS] and s.pick(0) is None


def test_further_purchases_are_one_pick_with_repeats() -> None:
    """"Acheter": after the first good, the others (up to the limit, in type order) are
    one choice with repeats; a set the rules refuse changes nothing."""
    s = ready(3, order=[0, 1, 2])
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.buy[BEER])
    pick = s.pick(0)
    assert pick is not None and pick.repeat and pick.most == 2 and pick.finish is s.action_table.buy_end
    moves = chain(s, 0, pick, [s.action_table.buy[BEER], s.action_table.buy[BEER]])
    assert moves == [s.action_table.buy[BEER], s.action_table.buy[BEER]]  # the third ends the purchase itself


def test_the_first_purchase_is_one_pick_beside_the_other_actions() -> None:
    """Issue 7: "a store with shoes and pastries: buy a shoe first and pastries are gone".
    At the choice of the action the purchase is one set of goods of the store (repeats
    allowed, up to the limit) in any order; selling, hiring and doing nothing stay moves
    of their own."""
    s = move_goods(ready(3, order=[0, 1, 2]), SHOE, SHOEMAKERS, BREWERS, 2)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    pick = s.pick(0)
    assert pick is not None and pick.repeat and pick.least == 1 and pick.most == 3
    assert pick.parts == (s.action_table.buy[BEER], s.action_table.buy[SHOE]) and pick.finish is s.action_table.buy_end
    alone = [a for a in s.legal(0) if a not in pick.parts]
    assert {a.type for a in alone} == {"sell", "hire", "nothing"}
    # a shoe first, then two beers: the engine's chain buys in type order
    assert chain(s, 0, pick, [s.action_table.buy[SHOE], s.action_table.buy[BEER]]) == [
        s.action_table.buy[BEER], s.action_table.buy[SHOE], s.action_table.buy_end]
    assert chain(s, 0, pick, [s.action_table.buy[SHOE], s.action_table.buy[BEER], s.action_table.buy[SHOE]]) == [
        s.action_table.buy[BEER], s.action_table.buy[SHOE], s.action_table.buy[SHOE]]
    # the money limits the set: 3 thalers at a master of 2 buy one good
    poor = s.edited(money=[s.master_value(BREWERS) + 1] + s.money[1:])
    assert poor.pick(0).most == 1


def test_the_goods_of_any_type_of_a_price_are_one_pick() -> None:
    """"Embaucher" 1: the 2 goods of any type of room C's second price are one set
    (repeats allowed) in any order; the engine takes them one at a time in type order."""
    from tests.norenberc.test_norenberc_rules import hire_position
    from tests.norenberc.norenberc_helpers import PAGE

    s = hire_position({BEER: 1, SHOE: 2, PAGE: 1}, 2, guest=find(ready(3), THIEF))
    s.apply(0, s.action_table.hire[2][1])  # 1 beer and 2 goods of any type
    pick = s.pick(0)
    assert pick is not None and pick.least == pick.most == 2 and pick.repeat and pick.finish is None
    assert pick.parts == (s.action_table.pay[SHOE], s.action_table.pay[PAGE])
    pay = s.action_table.pay
    assert chain(s, 0, pick, [pay[PAGE], pay[SHOE]]) == [pay[SHOE], pay[PAGE]]
    assert chain(s, 0, pick, [s.action_table.pay[SHOE], s.action_table.pay[SHOE]]) == [s.action_table.pay[SHOE]] * 2
    for a in chain(s, 0, pick, [s.action_table.pay[PAGE], s.action_table.pay[SHOE]]):
        s.apply(0, a)
    assert s.goods_of(0)[SHOE] == 1 and s.goods_of(0)[PAGE] == 0 and s.step == THIEF_VICTIM


def test_the_guards_two_artisans_are_one_pick() -> None:
    """"Garde": the two artisans of one type are one set in any order (the engine takes the
    lower tile first); two of different types are refused with the rule; declining stays
    a move of its own."""
    s, _ = citizen_hire(GUARD)
    pick = s.pick(0)
    assert pick is not None and pick.least == pick.most == 2 and not pick.repeat and pick.finish is None
    tiles = [a.tile for a in pick.parts]
    assert tiles == sorted(tiles) and s.action_table.decline not in pick.parts
    guild = s.components.tile_guild
    low, high = next((a, b) for a in tiles for b in tiles if a < b and guild[a] == guild[b])
    moves = chain(s, 0, pick, [s.action_table.guard[high], s.action_table.guard[low]])
    assert moves == [s.action_table.guard[low], s.action_table.guard[high]]
    where = s.place_of(low), s.place_of(high)
    for a in moves:
        s.apply(0, a)
    assert (s.place_of(high), s.place_of(low)) == where
    s, _ = citizen_hire(GUARD)
    a, b = next((a, b) for a in tiles for b in tiles if guild[a] != guild[b])
    with pytest.raises(IllegalAction) as refused:
        chain(s, 0, s.pick(0), [s.action_table.guard[a], s.action_table.guard[b]])
    assert "two artisans of the same type" in _shown(refused.value.message)


def test_the_guards_parts_are_grouped_by_trade() -> None:
    """"Garde": « deux artisans du même type »: the pick's groups are the trades with two
    movable artisans or more, each part in exactly one, so that a screen offers only pairs
    the rules accept; every pair within a group is a chain the engine takes, and none
    across two."""
    s, _ = citizen_hire(GUARD)
    pick = s.pick(0)
    assert pick is not None and pick.groups
    guild = s.components.tile_guild
    assert sorted(a.tile for g in pick.groups for a in g) == sorted(a.tile for a in pick.parts)
    for g in pick.groups:
        assert len(g) >= 2 and len({guild[a.tile] for a in g}) == 1
    assert len({guild[g[0].tile] for g in pick.groups}) == len(pick.groups)
    for g in pick.groups:
        for a in g:
            for b in g:
                if a.tile < b.tile:
                    chain(s, 0, pick, [a, b])   # accepted
    across = [(a, b) for g in pick.groups for h in pick.groups if g is not h for a in g for b in h]
    assert across, "the position has artisans of two trades to move"
    for a, b in across[:6]:
        with pytest.raises(IllegalAction):
            chain(s, 0, pick, [a, b])


def test_the_thief_takes_two_goods_in_one_pick() -> None:
    """"Voleur": « 2 marchandises de son choix »: exactly two (fewer if the victim has
    fewer), any order, two of one type allowed."""
    s, _ = citizen_hire(THIEF)
    s.apply(0, s.action_table.rob[1])
    pick = s.pick(0)
    assert pick is not None and pick.least == pick.most == 2 and pick.repeat
    s, _ = citizen_hire(THIEF)
    for t in range(s.guild_count):
        s = set_goods(s, 1, t, 1 if t == SHOE else 0)
    s.apply(0, s.action_table.rob[1])
    pick = s.pick(0)
    assert pick is not None and pick.least == pick.most == 1 and pick.parts == (s.action_table.steal[SHOE],)


def test_passing_with_agents_left_asks_for_a_second_thought() -> None:
    """A pass gives up the rest of the round; doing nothing spends an agent."""
    s = ready(3)
    assert "4 agents still free" in _shown(s.confirm(0, s.action_table.pass_round))
    assert s.confirm(0, s.action_table.plan[BREWERS]) is None


def test_declining_the_thief_or_the_guard_asks_for_a_second_thought() -> None:
    """The Thief and the Guard « peut »: declining gives the ability up for good (the tile
    is back in the pile already); the moves that use them are not asked about."""
    s, _ = citizen_hire(THIEF)
    assert "Thief" in _shown(s.confirm(0, s.action_table.decline))
    assert s.confirm(0, s.action_table.rob[1]) is None
    s, _ = citizen_hire(GUARD)
    assert "Guard" in _shown(s.confirm(0, s.action_table.decline))
    assert s.confirm(0, s.legal(0)[0]) is None


# -- positions -----------------------------------------------------------------------------

def test_edited_positions_are_checked_by_name() -> None:
    """state.edited() refuses a position the game cannot reach, naming what is wrong."""
    s = ready(3)
    with pytest.raises(RecordError, match="no field 'cg'"):
        s.edited(cg=1)
    with pytest.raises(RecordError, match="goods of type 0"):
        s.edited(goods_held=[5] + s.goods_held[1:])
    with pytest.raises(RecordError, match="every tile must lie in exactly one place"):
        s.edited(pile_known=s.pile_known + [s.workshops[0]])
    with pytest.raises(RecordError, match="workshop slot 0"):
        s.edited(workshops=[-1] + s.workshops[1:], out_of_game=[s.workshops[0]])
    with pytest.raises(RecordError, match="prestige crests"):
        s.edited(prestige_crests=[1, 0, 0])
    with pytest.raises(RecordError, match="money is -1"):
        s.edited(money=[-1, 0, 0])
    before = json.dumps(s.to_json())
    moved = put(s, find(s, THIEF), "rooms", BREWERS * 4)
    assert json.dumps(s.to_json()) == before and moved.rooms[BREWERS * 4] == find(s, THIEF)
    assert set_goods(s, 1, PASTRY, 3).goods_of(1)[PASTRY] == 3
