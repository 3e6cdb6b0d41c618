"""The rollout search (bots/rollout.py): blind to what its seat cannot see, never a pass
the heuristic would not make, the heuristic's move unless another beats it significantly,
and its budget kept."""

import math
import random

import pytest

from reichsstadt.bots import make_bot
from reichsstadt.bots.heuristic import search_aids
from reichsstadt.bots.mcts import MCTSBot
from reichsstadt.bots.rollout import Found, Rollouts, _beaten, candidates, choose
from reichsstadt.core import Action, Match, Seat

from tests.bots.test_mcts import _hidden_decisions, _norenberc_planning, _twin

ROLLOUT = {"mode": "rollout", "horizon": "game"}


def _rollouts(**over):
    a = search_aids("norenberc", "heuristic")
    fields = {"policy": a.greedy, "advise": a.advise, "evaluator": None, "stage": None, "avoid": a.avoid,
              "root_k": 4, "win_weight": 0.5, "spread": a.spread, "confidence": 1.0}
    return Rollouts(**{**fields, **over})


def _found(gains):
    """Candidates with the given paired gains over the heuristic's move (found[0])."""
    out = [Found(Action("plan", guild=0), n=len(gains[0]), total=0.5 * len(gains[0]))]
    for i, g in enumerate(gains, 1):
        f = Found(Action("plan", guild=i), n=len(g), total=sum(0.5 + x for x in g))
        f.gain, f.gain2 = sum(g), sum(x * x for x in g)
        out.append(f)
    return out


def test_the_heuristics_move_is_left_only_for_a_significantly_better_one():
    clear = _found([[0.2, 0.25, 0.3, 0.2, 0.25]])
    assert choose(clear, 1.0) is clear[1].action
    noisy = _found([[0.5, -0.4, 0.45, -0.35, 0.0]])    # better on average, not significantly
    assert choose(noisy, 1.0) is noisy[0].action
    assert choose(noisy, 0.0) is noisy[1].action        # conf=0: the best mean, however noisy
    worse = _found([[-0.1, -0.2, -0.1, -0.15]])
    assert choose(worse, 0.0) is worse[0].action
    alone = [Found(Action("plan", guild=0), n=3, total=1.5)]    # the heuristic's move, no other candidate
    assert choose(alone, 1.0) is alone[0].action


def test_a_candidate_clearly_worse_than_the_heuristics_move_leaves_the_race():
    assert _beaten(_found([[-0.3, -0.25, -0.35, -0.3]])[1], 1.0)
    assert _beaten(_found([[0.0, 0.0, 0.0, 0.0]])[1], 1.0)          # plays the same game as the heuristic's move
    assert not _beaten(_found([[-0.3, -0.25, -0.35]])[1], 1.0)      # too few playouts yet
    assert not _beaten(_found([[0.3, -0.2, 0.1, -0.1]])[1], 1.0)


def test_the_race_setting_says_how_clearly_worse_a_candidate_must_be_to_leave():
    """`race` standard errors below the heuristic's move: mean -0.05, standard error
    0.029 (1.7 of them) leaves at race=1, stays at race=2 and at race=inf; a candidate
    that plays the heuristic's game leaves at any setting."""
    f = _found([[-0.1, 0.0, -0.1, 0.0]])[1]
    assert _beaten(f, 1.0) and not _beaten(f, 2.0) and not _beaten(f, math.inf)
    assert _beaten(_found([[0.0, 0.0, 0.0, 0.0]])[1], math.inf)


def test_without_racing_every_candidate_gets_the_whole_budget_in_equal_shares():
    """A move to play (estimate=False) ends as soon as the race leaves the heuristic's
    move alone (here after 30 of 60 playouts); with race=inf the search spends its
    whole budget, every candidate on every determinization (the expert's budget is not
    cut short by early, noisy eliminations)."""
    state = _norenberc_planning()
    raced = MCTSBot(iterations=60, seed=1, **ROLLOUT).search(Seat(state.clone(), 0), estimate=False)
    assert raced.iterations < 60 and len({a.visits for a in raced.actions}) > 1
    full = MCTSBot(iterations=60, seed=1, race=math.inf, **ROLLOUT).search(Seat(state.clone(), 0), estimate=False)
    assert full.iterations == 60 and {a.visits for a in full.actions} == {60 // len(full.actions)}
    assert make_bot("mcts:60:race=inf").settings("norenberc").race == math.inf


def test_a_pass_is_tried_only_where_the_heuristic_passes():
    """Norenberc's pass sits the seat out of the round: it is no candidate unless the
    heuristic's own move is that pass."""
    state = _norenberc_planning()
    seat = Seat(state, 0)
    assert any(a.type == "pass" for a in seat.legal())
    guess, moves = candidates(seat, seat.legal(), _rollouts(), random.Random(1))
    assert guess.type != "pass" and moves[0] is guess
    assert all(a.type != "pass" for a in moves) and len(moves) > 1
    passing = _rollouts(advise=lambda s, rng: (next(a for a in s.legal() if a.type == "pass"), None))
    guess, moves = candidates(seat, seat.legal(), passing, random.Random(1))
    assert guess.type == "pass" and moves[0] is guess


def _crowded_choice(seed=5, players=4):
    """A Norenberc choice at a called guild, along a game between heuristic players, where
    the heuristic's four best-scored moves leave a kind of legal move out."""
    a = search_aids("norenberc", "heuristic")
    found = []

    def look(seat, action, state):
        to_act = state.to_act()
        if found or not to_act or to_act[0] < 0 or state.view(to_act[0])["phase"] != "actions" \
                or not a.searched(state.view(to_act[0])):
            return
        me = Seat(state.clone(), to_act[0])
        legal = me.legal()
        if {x.type for x in legal} - {x.type for x in candidates(me, legal, _rollouts(), random.Random(0))[1]}:
            found.append(state.clone())
    match = Match("norenberc", players, seed, recording=False)
    match.after.append(look)
    match.advance({s: make_bot("greedy", s) for s in range(players)})
    assert found, "no crowded choice in this game"
    return Seat(found[0], found[0].to_act()[0])


def test_with_kinds_the_best_move_of_every_kind_is_a_candidate_too():
    """`kinds`: a kind of move the heuristic's four best leave out (here at a called
    guild) gets its best-scored move tried, and only that one of its kind; without it,
    the candidates are the heuristic's four best."""
    seat = _crowded_choice()
    legal = seat.legal()
    guess, plain = candidates(seat, legal, _rollouts(), random.Random(0))
    _, wide = candidates(seat, legal, _rollouts(kinds=True), random.Random(0))
    _, scores = search_aids("norenberc", "heuristic").advise(seat, random.Random(0))
    assert len(plain) == 4 and wide[:4] == plain and wide[0] is guess
    assert {a.type for a in wide} == {a.type for a in legal}
    for a in wide[4:]:
        assert a.type not in {x.type for x in plain}
        of_kind = [scores[i] for i, x in enumerate(legal) if x.type == a.type]
        assert scores[legal.index(a)] == max(of_kind)
        assert sum(x.type == a.type for x in wide) == 1


def test_with_kinds_a_pass_is_a_candidate_wherever_it_is_legal():
    """Norenberc's pass, never tried unless the heuristic passes, is a candidate with
    `kinds=1` (and searched: it gets playouts of its own)."""
    state = _norenberc_planning()
    seat = Seat(state, 0)
    guess, moves = candidates(seat, seat.legal(), _rollouts(kinds=True), random.Random(1))
    assert guess.type != "pass" and moves[0] is guess
    assert [a.type for a in moves].count("pass") == 1
    d = make_bot("mcts:40:race=inf:kinds=1", 1).search(Seat(state.clone(), 0))
    assert any(a.action.type == "pass" and a.visits > 0 for a in d.actions)
    assert make_bot("mcts:1s:kinds=1").settings("norenberc").kinds is True
    assert make_bot("mcts:1s").settings("norenberc").kinds is False


@pytest.mark.parametrize("belief", [False, True])
def test_the_rollout_search_reads_nothing_its_seat_cannot_see(belief):
    """The same seed on the real state and on a twin that differs only in other seats'
    face-down cards: the same candidates, playouts and values, in planning and in the
    action phase; with `belief` too (the model of the field draws on the sample alone)."""
    state = _norenberc_planning()
    twin = _twin(state, 0)
    spec = {**ROLLOUT, "belief": belief}
    one = MCTSBot(iterations=40, seed=9, **spec).search(Seat(state, 0))
    two = MCTSBot(iterations=40, seed=9, **spec).search(Seat(twin, 0))
    assert [(a.action, a.visits, a.value) for a in one.actions] == [(a.action, a.visits, a.value) for a in two.actions]
    seen = 0
    for seat in _hidden_decisions(state, 2):
        twin = _twin(state, seat)
        one = MCTSBot(iterations=20, seed=4, **spec).search(Seat(state, seat))
        two = MCTSBot(iterations=20, seed=4, **spec).search(Seat(twin, seat))
        assert [(a.action, a.visits, a.value) for a in one.actions] == \
            [(a.action, a.visits, a.value) for a in two.actions]
        seen += 1
    assert seen == 2


def test_the_budget_is_kept_to_a_whole_round_of_candidates():
    state = _norenberc_planning()
    d = MCTSBot(iterations=10, seed=1, **ROLLOUT).search(Seat(state, 0))
    live = len(d.actions)
    assert 10 <= d.iterations < 10 + live
    assert sum(a.visits for a in d.actions) == d.iterations
    assert d.action in state.legal(0)


def test_every_candidate_is_played_on_the_same_determinizations():
    """Common random numbers: the heuristic's move and every candidate still racing share
    each determinization, so each has as many playouts as the rounds it raced."""
    state = _norenberc_planning()
    d = MCTSBot(iterations=60, seed=2, **ROLLOUT).search(Seat(state, 0))
    first = next(a for a in d.actions if a.visits == max(x.visits for x in d.actions))
    assert all(a.visits <= first.visits for a in d.actions)
    assert all(0.0 <= a.value <= 1.0 and 0.0 <= a.win <= 1.0 for a in d.actions)
    assert all(not math.isnan(a.score) for a in d.actions)    # to the game's end: real scores


def test_norenberc_plays_whole_games_by_rollouts_by_default():
    """The default search of Norenberc is the rollout search: legal moves in every phase,
    a search at each plan and each choice at a called guild, the heuristic's move at the
    steps after them (which goods, first place)."""
    from reichsstadt.bots.heuristic import module

    searched = module("norenberc").searched
    bot = MCTSBot(iterations=1, seed=1)
    assert bot.settings("norenberc").search == "rollout"
    asked = {"searched": 0, "left": 0}

    class Watching:
        def act(self, seat):
            legal = seat.legal()
            if len(legal) > 1:
                asked["searched" if searched(seat.view()) else "left"] += 1
            before = bot.searches
            move = bot.act(seat)
            assert move in legal
            if len(legal) > 1 and not searched(seat.view()):
                assert bot.searches == before
            return move

    match = Match("norenberc", 3, 5, recording=False)
    match.run({0: Watching(), 1: make_bot("greedy", 1), 2: make_bot("greedy", 2)})
    assert asked["searched"] > 10 and asked["left"] > 3
    assert bot.searches == asked["searched"]


def test_the_hint_of_the_hard_level_in_norenberc_is_a_rollout_search():
    from reichsstadt.bots.hint import hint_for

    state = _norenberc_planning()
    out = hint_for(state, 0, "mcts:30", seed=3)
    assert out["action_json"] in [a.to_json() for a in state.legal(0)]
    assert out["estimate"]["iterations"] >= 30 and 0 <= out["win"] <= 1


def test_a_hint_under_the_servers_cap_answers_within_it_whatever_its_iterations():
    """The server caps every hint's search in seconds (worker.hint passes its cap): a
    spec counted in playouts answers with the best it found when the cap comes first,
    instead of overrunning (the pool stops a worker past its budget: "hint failed")."""
    from reichsstadt.bots.hint import hint_for

    state = _norenberc_planning()
    out = hint_for(state, 0, "mcts:1000000", seed=3, seconds=0.05)
    assert out["action_json"] in [a.to_json() for a in state.legal(0)]
    assert 0 < out["estimate"]["iterations"] < 1_000_000


def _greedy_field(seed, rnd=2):
    """A Norenberc planning phase driven by greedy players (the lowest seat to act first)
    until seat 3 is to plan and the three others have laid cards (the last of them may
    be partway through its plan)."""
    from reichsstadt.bots.heuristic import norenberc as plan
    from reichsstadt.bots.rollout import draw_chance
    from reichsstadt.core import CHANCE, game as find_game

    state = find_game("norenberc").new(4, seed)
    drive = random.Random(seed)
    while not state.over():
        to_act = state.to_act()
        if (state.view(3)["phase"] == "planning" and 3 in to_act and not state.plans[3]
                and all(state.plans[q] for q in range(3)) and state.round == rnd):
            return state
        if to_act[0] == CHANCE:
            state.apply(CHANCE, draw_chance(state, drive.random))
        else:
            state.apply(to_act[0], plan.greedy_playout(state, to_act[0], drive))
    raise AssertionError(f"seed {seed}: no such planning phase")


def test_belief_draws_the_others_face_down_cards_as_their_plan_would_lay_them():
    """`believe` (the rollout search's `belief`): on a determinization, each other
    player's cards are redrawn as the heuristic's plan would have laid them, keeping how
    many each laid and the searching seat's own; against a field that plans like the
    heuristic it draws each player's real plan more often than `sample`'s uniform draw
    does, and the three of them two and a half times as often."""
    from reichsstadt.bots.heuristic.norenberc import believe

    for seed in (600951, 600952):
        state = _greedy_field(seed)
        seat = Seat(state, 3)
        rng = random.Random(seed)
        hits = {"sample": [0, 0, 0], "belief": [0, 0, 0]}
        for _ in range(300):
            for how in hits:
                s = seat.sample(rng)
                if how == "belief":
                    believe(s, 3, rng)
                assert [bin(p).count("1") for p in s.plans] == [bin(p).count("1") for p in state.plans]
                assert s.plans[3] == state.plans[3]
                for q in range(3):
                    hits[how][q] += s.plans[q] == state.plans[q]
        assert all(b > u for b, u in zip(hits["belief"], hits["sample"])), (seed, hits)
        assert sum(hits["belief"]) >= 2.5 * sum(hits["sample"]), (seed, hits)


def test_belief_keeps_to_the_guilds_not_yet_called_in_the_action_phase():
    from reichsstadt.bots.heuristic.norenberc import believe

    state = _norenberc_planning()
    for seat in _hidden_decisions(state, 2):
        low = state.called_guild + 1
        rng = random.Random(seat)
        for _ in range(50):
            s = Seat(state, seat).sample(rng)
            believe(s, seat, rng)
            for q in range(4):
                assert bin(s.plans[q]).count("1") == bin(state.plans[q]).count("1")
                assert s.plans[q] >> low << low == s.plans[q]
            assert s.plans[seat] == state.plans[seat]


def test_belief_is_the_specs_switch_off_by_default():
    assert make_bot("mcts:1s:belief=1").settings("norenberc").belief is True
    assert make_bot("mcts:1s").settings("norenberc").belief is False
