"""sample(seat): a state the seat cannot tell apart from the true one. It keeps all that
public play shows (stalls taken, contracts paid, holds loaded, relics bought, the bag's
known contents) and the seat's own screen, and draws anew only what came from hidden
draws (the start materials, the 'draw' ordinance), unrevealed family cards and votes."""

from __future__ import annotations

import random
from collections import Counter

from reichsstadt.core import CHANCE, Action
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.data import N_MATERIALS
from reichsstadt.games.colonia.state import D_FAMILY, D_VOTE, S_THU_CONTRACT, S_WED_BUY, VOTE_STEPS

from tests.colonia.colonia_helpers import check_invariants, ordinance_id, play, until

LEATHER, IRON, WOOD, LINEN, FUR = range(5)
HIDDEN_FIELDS = ("bag", "mats", "choice", "votes")


def blind_pool(s, seat: int) -> Counter:
    """The materials `seat` cannot place: the bag and the others' blind draws."""
    pool: Counter = Counter()
    for m in range(N_MATERIALS):
        pool[m] += s.bag[m]
        for p in range(s.n):
            if p != seat:
                pool[m] += s.mats[p * N_MATERIALS + m] - s.mknown[p * N_MATERIALS + m]
    return pool


def assert_consistent(true, sampled, seat: int) -> None:
    """Everything public and the seat's own screen kept; the hidden part redrawn within
    the rules."""
    a, b = true.to_json(), sampled.to_json()
    for key in a:
        if key not in HIDDEN_FIELDS:
            assert a[key] == b[key], f"sample() changed public field {key}"
    assert sampled.view(seat) == true.view(seat)
    assert sampled.legal(seat) == true.legal(seat)
    n = true.n
    base = seat * N_MATERIALS
    assert sampled.mats[base:base + N_MATERIALS] == true.mats[base:base + N_MATERIALS]
    for p in range(n):
        pb = p * N_MATERIALS
        for m in range(N_MATERIALS):
            assert sampled.mats[pb + m] >= true.mknown[pb + m], "a material seen taken has vanished"
        assert sum(sampled.mats[pb:pb + N_MATERIALS]) == sum(true.mats[pb:pb + N_MATERIALS])
    assert blind_pool(sampled, seat) == blind_pool(true, seat)
    check_invariants(sampled)
    if true.scalars[2] == D_FAMILY:
        assert sampled.choice[seat] == true.choice[seat]
        for p in range(n):
            if true.choice[p] < 0:
                assert sampled.choice[p] < 0, "a family still choosing has no card in the sample"
            else:
                assert not sampled.fam_used[p * 6 + sampled.choice[p] - 3], "a used family card came back"
    else:
        assert sampled.choice == true.choice
    if true.scalars[2] == D_VOTE:
        assert sampled.votes[seat] == true.votes[seat]
        for p in range(n):
            assert (sampled.votes[p] < 0) == (true.votes[p] < 0)
    else:
        assert sampled.votes == true.votes


def market(players: int = 4, seed: int = 1, week: int = 1):
    """Wednesday's market of the given week, chance drawn at random (players pass)."""
    from reichsstadt.core import sample_chance
    from reichsstadt.games.colonia.state import D_TURN

    rng = random.Random(seed)
    s = GAME.new(players, seed)
    while not (s.scalars[0] == week and s.scalars[1] == S_WED_BUY and s.scalars[2] == D_TURN):
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
        else:
            legal = s.legal(to_act[0])
            s.apply(to_act[0], Action("pass") if Action("pass") in legal else legal[0])
    return s


def wednesday_vote(v):
    """The market state with a Wednesday ordinance (foreign merchants) up for the vote."""
    v.ords = [ordinance_id("foreign_merchants")]
    v.ord_result = [-1]
    v.scalars[8] = 0
    v.scalars[1] = next(k for k, d in VOTE_STEPS.items() if d == 2)
    v.scalars[2] = 0
    v._legal = None
    v._advance()
    return v


def _market_with_leather_stall():
    """Wednesday's market of week 1 with stall 1 holding exactly 4 leather."""
    s = market(4, 1)
    for m in range(N_MATERIALS):
        s.bag[m] += s.stall_mats[m]
        s.stall_mats[m] = 0
    s.stall_mats[LEATHER] = 4
    s.bag[LEATHER] -= 4
    s.stall_size[0] = 4
    s._legal = None
    check_invariants(s)
    return s


def test_materials_taken_publicly_stay_in_every_sample_until_spent() -> None:
    s = _market_with_leather_stall()
    buyer = s.scalars[3]
    seat = (buyer + 1) % 4
    start_leather = s.mats[buyer * 5 + LEATHER]
    play(s, buyer, "buy_stall", stall=0)
    assert s.mknown[buyer * 5 + LEATHER] == 4 and s.msecret[buyer] == 4
    assert s.view(seat)["players_info"][buyer]["materials_seen"]["leather"] == 4
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        t = s.sample(seat, rng)
        assert_consistent(s, t, seat)
        assert t.mats[buyer * 5 + LEATHER] >= 4
        seen.add(tuple(t.mats[buyer * 5:(buyer + 1) * 5]))
    assert len(seen) > 5, "the buyer's 4 blind start materials vary between samples"
    # the true start draws are not read: the samples' leather beyond 4 is not always the true count
    assert any(x[LEATHER] - 4 != start_leather for x in seen)

    # a saddle (leather + iron) commissioned publicly on Thursday: one seen leather is
    # spent; the iron, never seen, was one of the blind draws
    until(s, lambda st: st.scalars[1] == S_THU_CONTRACT and st.scalars[2] != 0)
    if s.mats[buyer * 5 + IRON] == 0:  # make sure the buyer can pay the iron
        s.bag[IRON] -= 1
        s.mats[buyer * 5 + IRON] += 1
        s.msecret[buyer] += 1
    s.scalars[3] = buyer
    s.passed = [0] * 4
    s._legal = None
    known_iron = s.mknown[buyer * 5 + IRON]
    blind = s.msecret[buyer]
    play(s, buyer, "commission", craftsman=0)
    assert s.mknown[buyer * 5 + LEATHER] == 3
    assert s.mknown[buyer * 5 + IRON] == known_iron and s.msecret[buyer] == blind - 1
    for _ in range(100):
        t = s.sample(seat, rng)
        assert_consistent(s, t, seat)
        assert t.mats[buyer * 5 + LEATHER] >= 3


def test_sample_never_reads_the_hidden_part() -> None:
    """Two states that differ only in what the seat cannot know give the same samples."""
    s = market(4, 2)
    seat = 0
    other = 2
    twin = s.clone()
    # swap one of the other family's blind materials with a different one from the bag
    have = next(m for m in range(5) if twin.mats[other * 5 + m] > twin.mknown[other * 5 + m])
    swap = next(m for m in range(5) if m != have and twin.bag[m] > 0)
    twin.mats[other * 5 + have] -= 1
    twin.bag[have] += 1
    twin.mats[other * 5 + swap] += 1
    twin.bag[swap] -= 1
    assert twin.view(seat) == s.view(seat) and twin.to_json() != s.to_json()
    for k in range(20):
        assert s.sample(seat, random.Random(k)).to_json() == twin.sample(seat, random.Random(k)).to_json()


def test_blind_materials_are_dealt_in_proportion_to_the_unplaced_pool() -> None:
    """After the start draws every material the seat has not seen is equally likely to be
    anywhere it cannot see: the other families' expected counts follow the pool."""
    s = market(3, 3)
    seat, other = 0, 1
    pool = blind_pool(s, seat)
    size = sum(pool.values())
    blind = s.msecret[other]
    rng = random.Random(11)
    total = Counter()
    runs = 3000
    for _ in range(runs):
        t = s.sample(seat, rng)
        for m in range(5):
            total[m] += t.mats[other * 5 + m] - s.mknown[other * 5 + m]
    for m in range(5):
        expected = blind * pool[m] / size
        assert abs(total[m] / runs - expected) < 0.1, (m, total[m] / runs, expected)


def test_unrevealed_family_cards_and_votes_are_redrawn_the_rest_kept() -> None:
    s = market(4, 4)
    until(s, lambda st: st.scalars[0] == 2 and st.scalars[2] == D_FAMILY)
    play(s, 1, "family", value=s.legal(1)[0].value)
    play(s, 2, "family", value=s.legal(2)[-1].value)
    rng = random.Random(5)
    cards1, cards2 = set(), set()
    for _ in range(100):
        t = s.sample(0, rng)
        assert_consistent(s, t, 0)
        cards1.add(t.choice[1])
        cards2.add(t.choice[2])
        assert t.choice[3] == -1 and t.choice[0] == -1
    assert cards1 == {v for v in range(3, 9) if not s.fam_used[6 + v - 3]}
    assert len(cards2) == 5
    # seat 1 knows its own card
    for _ in range(20):
        assert s.sample(1, rng).choice[1] == s.choice[1]
    # votes
    v = wednesday_vote(market(4, 5))
    assert v.scalars[2] == D_VOTE
    play(v, 1, "vote", yes=True)
    play(v, 3, "vote", yes=False)
    votes1 = set()
    for _ in range(50):
        t = v.sample(0, rng)
        assert_consistent(v, t, 0)
        votes1.add(t.votes[1])
        assert t.votes[0] == -1 and t.votes[2] == -1
        assert v.sample(3, rng).votes[3] == 0
    assert votes1 == {0, 1}


def test_samples_along_random_games_never_contradict_any_seat() -> None:
    """At many positions of random games (the draw ordinance included), every seat's
    samples keep what it knows."""
    rng = random.Random(2)
    for players, seed in ((3, 4), (4, 8), (5, 15), (6, 16)):
        count = [0]

        def on_step(state) -> None:
            count[0] += 1
            if count[0] % 17 or state.to_act() in ((), (CHANCE,)):
                return
            for seat in range(players):
                assert_consistent(state, state.sample(seat, rng), seat)

        random_playout(GAME, players, seed, on_step=on_step)


def test_the_draw_ordinance_adds_to_the_blind_part() -> None:
    from tests.colonia.colonia_helpers import resolve_chance, vote_on

    s = market(4, 6)
    vote_on(s, "draw_materials")
    for p in list(s.order):
        play(s, p, "take_materials", count=2)
    before = s.msecret[:]
    resolve_chance(s)
    assert [b + 2 for b in before] == s.msecret or sum(s.bag) == 0
    for seat in range(4):
        assert_consistent(s, s.sample(seat, random.Random(seat)), seat)
    assert Action("take_materials", count=2) in GAME.action_space(4)


def test_describe_of_ones_own_choices_tells_nothing_of_the_others_secrets() -> None:
    """A seat's list of moves (describe with viewer = seat) is the same whatever the other
    families chose or voted in secret."""
    s = market(4, 7)
    until(s, lambda st: st.scalars[0] == 2 and st.scalars[2] == D_FAMILY)
    for p in (1, 2, 3):
        play(s, p, "family", value=s.legal(p)[0].value)
    twin = s.clone()
    for p in (1, 2, 3):
        twin.choice[p] = [v for v in range(3, 9) if not twin.fam_used[p * 6 + v - 3]][-1]
    assert [s.describe(0, a, 0) for a in s.legal(0)] == [twin.describe(0, a, 0) for a in twin.legal(0)]
    v = wednesday_vote(market(4, 8))
    for p in (1, 2, 3):
        play(v, p, "vote", yes=True)
    twin = v.clone()
    twin.votes[1:] = [0, 0, 0]
    assert [v.describe(0, a, 0) for a in v.legal(0)] == [twin.describe(0, a, 0) for a in twin.legal(0)]
