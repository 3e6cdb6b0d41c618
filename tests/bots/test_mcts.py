"""Information-set MCTS: legal in every phase, within its budget, blind to what its seat
cannot see, sound at chance and simultaneous decisions, and stronger than random."""

import json
import math
import random

import pytest

import reichsstadt
from reichsstadt.bots import make_bot
from reichsstadt.bots.hint import hint_for
from reichsstadt.bots.mcts import MCTSBot
from reichsstadt.core import CHANCE, IllegalAction, Match, Seat
from reichsstadt.core.registry import register

from tests.bundled import BUNDLED
from tests.core.toygame import GAME as TOY

register(TOY)


class Watching:
    """An agent that asks a bot and notes the phase of every decision it was asked."""

    def __init__(self, bot):
        self.bot = bot
        self.phases = set()

    def act(self, seat):
        self.phases.add(seat.view()["phase"])
        action = self.bot.act(seat)
        assert action in seat.legal()
        return action


@pytest.mark.parametrize("game_id", reichsstadt.game_ids())
def test_mcts_plays_whole_games_legally_in_every_phase(game_id):
    g = reichsstadt.game(game_id)
    players = 3 if 3 in g.players else g.players.start
    match = Match(game_id, players, 21, recording=False)
    agents = {s: Watching(MCTSBot(iterations=6, seed=s, mode="tree")) for s in range(players)}
    match.run(agents)  # an illegal move would raise IllegalAction
    phases = set().union(*(a.phases for a in agents.values()))
    if game_id in BUNDLED:   # an installed plug-in's game may have one phase
        assert len(phases) >= 2, phases
    if game_id == "norenberc":
        assert {"planning", "actions"} <= phases


def _norenberc_planning(seed=3, players=4):
    """A Norenberc planning phase where seats 1.. have laid their cards and seat 0 has not."""
    match = Match("norenberc", players, seed, recording=False)
    rnd = make_bot("random", seed)
    waiting = match.advance({s: rnd for s in range(1, players)})
    while not (waiting == (0,) and match.state.view(0)["phase"] == "planning"
               and sum(bin(p).count("1") for p in match.state.plans[1:]) >= 2):
        match.play(0, rnd.act(match.seat(0)))
        waiting = match.advance({s: rnd for s in range(1, players)})
    return match.state


def _twin(state, seat):
    """The same position with every other seat's face-down cards on other guilds."""
    plans = list(state.plans)
    low = state.called_guild + 1 if state.view(seat)["phase"] == "actions" else 0
    for q in range(state.players):
        k = bin(plans[q]).count("1")
        if q != seat and k:
            other = sum(1 << g for g in range(state.guild_count - k, state.guild_count))
            plans[q] = other if other != plans[q] else sum(1 << g for g in range(low, low + k))
    twin = state.edited(plans=plans)
    assert twin.plans != state.plans
    assert json.dumps(twin.view(seat)) == json.dumps(state.view(seat))
    return twin


def test_mcts_reads_nothing_its_seat_cannot_see():
    """Two states that differ only in other seats' hidden cards: the same seed plays the
    same search, move for move and visit for visit, in planning and in the action phase."""
    state = _norenberc_planning()
    twin = _twin(state, 0)
    one = MCTSBot(iterations=150, seed=9, mode="tree").search(Seat(state, 0))
    two = MCTSBot(iterations=150, seed=9, mode="tree").search(Seat(twin, 0))
    assert [(a.action, a.visits, a.value) for a in one.actions] == [(a.action, a.visits, a.value) for a in two.actions]
    # on into the action phase, where the guilds not yet called still hide the others' cards
    seen = 0
    for seat in _hidden_decisions(state, 3):
        twin = _twin(state, seat)
        one = MCTSBot(iterations=60, seed=4, mode="tree").search(Seat(state, seat))
        two = MCTSBot(iterations=60, seed=4, mode="tree").search(Seat(twin, seat))
        assert [(a.action, a.visits) for a in one.actions] == [(a.action, a.visits) for a in two.actions]
        seen += 1
    assert seen == 3


def _hidden_decisions(state, count):
    """The seats to decide from `state` on (random bots moving, chance resolved), each in the
    action phase while others' cards are still hidden and with more than one move, up to
    `count` of them; each yielded before it moves."""
    match = Match("norenberc", 4, 3, recording=False)
    match.state = state
    rnd = make_bot("random", 1)
    seen = 0
    for _ in range(400):
        to_act = state.to_act()
        if not to_act or seen == count:
            return
        if to_act == (CHANCE,):
            match.resolve_chance()
            continue
        seat = to_act[0]
        hidden = any(state.plans[q] for q in range(4) if q != seat)
        if state.view(seat)["phase"] == "actions" and hidden and len(state.legal(seat)) > 1:
            yield seat
            seen += 1
        state.apply(seat, rnd.act(Seat(state, seat)))


class Ticks:
    """A clock that moves on by `step` seconds each time it is read (no real time)."""

    def __init__(self, step):
        self.now = 0.0
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


def test_iteration_budget_is_exact_and_time_budget_is_kept():
    state = _norenberc_planning()
    decision = MCTSBot(iterations=37, seed=1, mode="tree").search(Seat(state, 0))
    assert decision.iterations == 37
    assert sum(a.visits for a in decision.actions) == 37
    # a time budget, on a clock read once before the search and once after each playout
    timed = MCTSBot(seconds=0.3, seed=1, clock=Ticks(0.01), stop_early=False, mode="tree").search(Seat(state, 0))
    assert timed.iterations == 30 and 0.3 <= timed.seconds <= 0.32


def test_a_time_budget_stops_early_once_no_other_move_can_catch_up():
    """With the time budget the search stops as soon as the most visited root move
    cannot be overtaken in the time left; counted in iterations, it never stops early."""
    state = _norenberc_planning()
    full = MCTSBot(seconds=20.0, seed=2, clock=Ticks(0.01), stop_early=False, mode="tree").search(Seat(state, 0))
    early = MCTSBot(seconds=20.0, seed=2, clock=Ticks(0.01), mode="tree").search(Seat(state, 0))
    assert full.iterations == 2000
    assert early.iterations < full.iterations
    visits = sorted((a.visits for a in early.actions), reverse=True)
    left = full.iterations - early.iterations
    assert visits[0] - visits[1] > left   # the leader was out of reach
    assert MCTSBot(iterations=2000, seed=2, mode="tree").search(Seat(state, 0)).iterations == 2000


def test_a_forced_move_is_played_without_search():
    state = TOY.new(2, 1).edited(bids=[1, 2], totals=[3, 0], turn=0)
    bot = MCTSBot(iterations=10_000_000, seed=1)
    forced = type("OneMove", (), {"legal": lambda self: (state.legal(0)[0],), "seat": 0})()
    assert bot.act(forced) is state.legal(0)[0]
    assert bot.last is None


def test_chance_and_simultaneous_decisions_on_the_toy_game():
    """Bids are secret and simultaneous, rolls are chance nodes: the search bids, rolls
    when a roll cannot hurt and stops when any roll would bust."""
    fresh = TOY.new(3, 5)
    assert fresh.to_act() == (0, 1, 2)  # everyone bids at once
    bid = MCTSBot(iterations=200, seed=2).search(Seat(fresh, 1))
    assert bid.action.type == "bid"
    low = fresh.edited(bids=[2, 2, 2], totals=[0, 0, 0], turn=0)
    assert MCTSBot(iterations=300, seed=3).search(Seat(low, 0)).action.type == "roll"
    high = fresh.edited(bids=[2, 2, 2], totals=[10, 0, 0], turn=0)
    decision = MCTSBot(iterations=300, seed=3).search(Seat(high, 0))
    assert decision.action.type == "stop"
    roll = next(a for a in decision.actions if a.action.type == "roll")
    assert roll.win < decision.win


def test_mcts_beats_random_on_the_toy_game():
    wins = 0.0
    for seed in range(40):
        match = Match("toy", 2, seed, recording=False)
        mcts_seat = seed % 2
        agents = {mcts_seat: MCTSBot(iterations=60, seed=seed), 1 - mcts_seat: make_bot("random", seed)}
        out = match.run(agents)
        wins += (mcts_seat in out.winners) / len(out.winners)  # ties split
    # measured: 32.5 of 40; a random bot in the same seats wins 18.5 of them
    assert wins >= 27, wins


def test_injected_playout_policy_and_cut_off_evaluation():
    state = _norenberc_planning()
    calls = {"policy": 0, "eval": 0}

    def first(s, seat, rng):
        calls["policy"] += 1
        return s.legal(seat)[0]

    def even(s):
        calls["eval"] += 1
        return [0.5] * s.players

    bot = MCTSBot(iterations=25, seed=1, playout=first, evaluator=even, max_playout=3, mode="tree")
    decision = bot.search(Seat(state, 0))
    assert calls["eval"] == 25 and 0 < calls["policy"] <= 75
    assert decision.value == pytest.approx(0.5)
    assert math.isnan(decision.score) and decision.estimate()["score"] is None
    # without an evaluation there is no cut-off: playouts reach the end and keep the score
    plain = MCTSBot(iterations=10, seed=1, playout=first, max_playout=3, mode="tree").search(Seat(state, 0))
    assert not math.isnan(plain.score)


def test_hint_for_a_seat_as_json():
    state = _norenberc_planning()
    before = json.dumps(state.to_json())
    out = hint_for(state, 0, "mcts:80:search=tree", seed=3)
    assert json.dumps(state.to_json()) == before  # the state is only read
    json.dumps(out)
    space = state.game.action_space(state.players)
    assert space.decode(out["action"]).to_json() == out["action_json"]
    assert out["action_json"] in [a.to_json() for a in state.legal(0)]
    assert out["text"] and out["words"]
    assert set(out["estimate"]) == {"win", "score", "value", "visits", "iterations", "seconds"}
    assert out["estimate"]["iterations"] == 80
    assert 1 <= len(out["alternatives"]) <= 3
    assert hint_for(state, 0, "random")["estimate"] is None and hint_for(state, 0, "random")["chance"] is None
    with pytest.raises(IllegalAction, match="seat 2 has no decision"):
        hint_for(state, 1, "mcts:10")


def test_a_hints_chance_to_win_is_not_surer_than_its_playouts_allow():
    """Found in a browser review: a hint said "chance to win 100 %" on a Norenberc plan
    from 5 playouts. The chance shown lies between the fair share and the raw win rate,
    nearer the fair share the fewer the playouts; the estimate keeps the raw rate."""
    from reichsstadt.bots.hint import shown_chance

    assert shown_chance(1.0, 5, 3) < 0.75 and shown_chance(0.0, 5, 3) > 0.1
    assert abs(shown_chance(1.0, 10_000, 3) - 1.0) < 0.001
    assert shown_chance(0.91, 11, 3) < shown_chance(0.91, 100, 3) < 0.91
    assert shown_chance(0.25, 7, 4) == pytest.approx(0.25)      # the fair share stays where it is
    state = _norenberc_planning()
    out = hint_for(state, 0, "mcts:12:search=tree", seed=3)
    est = out["estimate"]
    assert out["chance"] == round(shown_chance(est["win"], est["visits"], state.players), 4)


@pytest.mark.parametrize("game_id,playouts", [("norenberc", 15), ("siedler", 60), ("colonia", 60)])
def test_the_search_reads_nothing_hidden_in_any_game(game_id, playouts):
    """At positions where something is hidden from the seat to act, the same search on
    the real state and on a twin drawn by `sample()` (a state that seat cannot tell from
    it) goes move for move, visit for visit and value for value alike: the search, its
    playouts, its evaluation and its heuristic advice read only the Seat. (Norenberc's
    search plays its rollouts to the game's end: fewer of them.)"""
    rng = random.Random(7)
    match = Match(game_id, 4, 12, recording=False)
    greedy = {s: make_bot("greedy", s, game_id) for s in range(4)}
    compared = 0
    state = match.state
    while state.to_act() and compared < 3:
        seat = state.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
            continue
        twin = state.sample(seat, rng)
        if len(state.legal(seat)) > 1 and twin.to_json() != state.to_json() and match.decisions % 3 == 0:
            one = MCTSBot(iterations=playouts, seed=5).search(Seat(state, seat))   # each game's own search
            two = MCTSBot(iterations=playouts, seed=5).search(Seat(twin, seat))
            assert [(a.action, a.visits, a.value) for a in one.actions] == \
                [(a.action, a.visits, a.value) for a in two.actions]
            compared += 1
        match.play(seat, greedy[seat].act(match.seat(seat)))
    assert compared == 3


def test_one_determinization_serves_every_iteration_when_nothing_is_hidden():
    """Where the seat's view hides nothing, sample() is asked once a search; where it
    hides something, once an iteration."""
    calls = []

    class Counting(Seat):
        __slots__ = ()

        def sample(self, rng):
            calls.append(1)
            return super().sample(rng)

    match = Match("norenberc", 3, 2, recording=False)
    greedy = {s: make_bot("greedy", s, "norenberc") for s in range(3)}
    seen = {True: 0, False: 0}
    from reichsstadt.bots.heuristic.norenberc import hidden

    while match.state.to_act() and min(seen.values()) == 0:
        state = match.state
        seat = state.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
            continue
        if len(state.legal(seat)) > 1:
            secret = hidden(state.view(seat))
            calls.clear()
            MCTSBot(iterations=25, seed=1, mode="tree").search(Counting(state, seat))
            assert len(calls) == (25 if secret else 1)
            seen[secret] += 1
        match.play(seat, greedy[seat].act(match.seat(seat)))
    assert min(seen.values()) > 0


def test_progressive_widening_tries_a_new_move_only_as_a_node_is_visited_more():
    from reichsstadt.bots.mcts import ACTION, VISITS, _Node

    state = _norenberc_planning()
    legal = state.legal(0)
    assert len(legal) >= 4
    bot = MCTSBot(iterations=1, seed=1, widen=0.5)
    bot._setup("norenberc")
    node = _Node()
    node.visits = 4                                   # 1 + 0.5 * sqrt(4) = 2 moves may be tried
    for a in legal[:2]:
        node.stats[id(a)] = [3, 1.5, 3, a, 0.0, 0.0, 0]
    pick = bot._select(node, state, 0, random.Random(1), at_root=False)
    assert pick[ACTION] in legal[:2]                  # no third move yet
    node.visits = 16                                  # now 1 + 0.5 * 4 = 3
    pick = bot._select(node, state, 0, random.Random(1), at_root=False)
    assert pick[ACTION] not in legal[:2] and pick[VISITS] == 0
    wide = MCTSBot(iterations=1, seed=1, widen=0)
    wide._setup("norenberc")
    node.visits = 4
    assert wide._select(node, state, 0, random.Random(1), at_root=False)[VISITS] == 0   # widen=0: all at once


def test_trade_offers_in_siedler_are_the_heuristics_own_moves():
    """The phases the game's SEARCH calls plain (Siedler's offers, which no playout makes)
    get the heuristic's move without a search."""
    from reichsstadt.bots.heuristic import module

    plain = module("siedler").SEARCH["plain"]
    match = Match("siedler", 4, 3, recording=False)
    greedy = {s: make_bot("greedy", s, "siedler") for s in range(4)}
    bot = MCTSBot(iterations=20, seed=1)
    checked = 0
    while match.state.to_act() and checked < 5:
        state = match.state
        seat = state.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
            continue
        if len(state.legal(seat)) > 1 and state.view(seat)["phase"] in plain:
            before = bot.searches
            move = bot.act(match.seat(seat))
            assert bot.searches == before and move in state.legal(seat)
            checked += 1
        match.play(seat, greedy[seat].act(match.seat(seat)))
    assert checked == 5


def test_with_trust_the_bots_own_trade_offers_are_the_heuristics_call():
    """The fast playouts never make an offer (they drop every one), so a search cannot
    value one: with `trust` (the expert level) the bot offers exactly when its heuristic
    does, without a search, and its searches never choose an offer."""
    bot = make_bot("mcts:30:trust=1", 1, "siedler")
    offered = searched = 0
    for match, seat in _siedler_offers():
        state = match.state
        before = bot.searches
        move = bot.act(match.seat(seat))
        assert move in state.legal(seat)
        if move.type == "offer":
            assert bot.searches == before and bot.last.iterations == 0   # not searched
            offered += 1
        else:
            assert bot.searches == before + 1
            searched += 1
        if offered >= 2 and searched >= 3:
            break
    assert offered >= 2 and searched >= 3


def test_a_hint_with_trust_still_searches_and_shows_its_estimate():
    match, _ = next(_siedler_offers())
    state = match.state.clone()
    decision = MCTSBot(iterations=40, seed=3, trust=True).search(Seat(state, state.to_act()[0]))
    assert decision.iterations == 40 and 0 <= decision.win <= 1


def _siedler_offers():
    """Along a greedy Siedler game, each position whose seat to act may make a trade
    offer: (the match, that seat); the game goes on by greedy's move after each."""
    match = Match("siedler", 4, 5, recording=False)
    greedy = {s: make_bot("greedy", s, "siedler") for s in range(4)}
    while match.state.to_act():
        state = match.state
        seat = state.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
            continue
        if any(a.type == "offer" for a in state.legal(seat)):
            yield match, seat
        match.play(seat, greedy[seat].act(match.seat(seat)))


def test_the_hint_gives_its_chance_to_win():
    state = _norenberc_planning()
    out = hint_for(state, 0, "mcts:50", seed=2)
    assert out["win"] == out["estimate"]["win"] and 0 <= out["win"] <= 1


@pytest.mark.parametrize("game_id", ["norenberc", "siedler", "colonia"])
def test_the_trees_keys_are_what_the_seat_knows(game_id):
    """The search keys its nodes by the state's fields with the private ones projected to
    what the seat sees (bots/infokey.py): the same key for every state sample() draws for
    that seat, and another key wherever the seat's view differs."""
    from reichsstadt.bots.heuristic import search_aids

    key = search_aids(game_id, "fast", 0.5, "learned").info_key
    rng = random.Random(3)
    match = Match(game_id, 4, 4, recording=False)
    agents = {s: make_bot("random" if s == 0 else "greedy", s, game_id) for s in range(4)}
    seen = {}
    resampled = [0]

    def check(seat, action, state):
        to_act = state.to_act()
        if not to_act or to_act[0] == CHANCE:
            return
        for p in to_act:
            twin = state.sample(p, rng)
            resampled[0] += twin.to_json() != state.to_json()
            assert key(twin, p) == key(state, p)
            view = json.dumps(state.view(p), sort_keys=True)
            assert seen.setdefault(key(state, p), view) == view   # one key, one view
    match.after.append(check)
    match.run(agents)
    assert resampled[0] > 50 and len(seen) > 100
