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
from reichsstadt.games.colonia.constants import D_FAMILY, D_NONE, D_TURN, D_VOTE, N_MATERIALS, S_THU_CONTRACT, S_WED_BUY

from tests.colonia.colonia_helpers import check_invariants, edit, play, put, put_to_vote, text, until

LEATHER, IRON, WOOD, LINEN, FUR = range(5)
HIDDEN_FIELDS = ("bag", "materials", "family_card", "ballots")


def blind_pool(s, seat: int) -> Counter:
    """The materials `seat` cannot place: the bag and the others' blind draws."""
    pool: Counter = Counter()
    for m in range(N_MATERIALS):
        pool[m] += s.bag[m]
        for p in range(s.player_count):
            if p != seat:
                pool[m] += s.materials[p * N_MATERIALS + m] - s.materials_seen[p * N_MATERIALS + m]
    return pool


def assert_consistent(true, sampled, seat: int) -> None:
    """Everything public and the seat's own screen kept; the hidden part redrawn within
    the rules."""
    a, b = true.to_json()["fields"], sampled.to_json()["fields"]
    for key in a:
        if key not in HIDDEN_FIELDS:
            assert a[key] == b[key], f"sample() changed public field {key}"
    assert sampled.view(seat) == true.view(seat)
    assert sampled.legal(seat) == true.legal(seat)
    n = true.player_count
    base = seat * N_MATERIALS
    assert sampled.materials[base:base + N_MATERIALS] == true.materials[base:base + N_MATERIALS]
    for p in range(n):
        pb = p * N_MATERIALS
        for m in range(N_MATERIALS):
            assert sampled.materials[pb + m] >= true.materials_seen[pb + m], "a material seen taken has vanished"
        assert sum(sampled.materials[pb:pb + N_MATERIALS]) == sum(true.materials[pb:pb + N_MATERIALS])
    assert blind_pool(sampled, seat) == blind_pool(true, seat)
    check_invariants(sampled)
    if true.decision == D_FAMILY:
        assert sampled.family_card[seat] == true.family_card[seat]
        for p in range(n):
            if true.family_card[p] < 0:
                assert sampled.family_card[p] < 0, "a family still choosing has no card in the sample"
            else:
                assert not sampled.family_cards_used[p * 6 + sampled.family_card[p] - 3], "a used family card came back"
    else:
        assert sampled.family_card == true.family_card
    if true.decision == D_VOTE:
        assert sampled.ballots[seat] == true.ballots[seat]
        for p in range(n):
            assert (sampled.ballots[p] < 0) == (true.ballots[p] < 0)
    else:
        assert sampled.ballots == true.ballots


def market(players: int = 4, seed: int = 1, week: int = 1):
    """Wednesday's market of the given week, chance drawn at random (players pass)."""
    from reichsstadt.core import sample_chance

    rng = random.Random(seed)
    s = GAME.new(players, seed)
    while not (s.week == week and s.step == S_WED_BUY and s.decision == D_TURN):
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
        else:
            legal = s.legal(to_act[0])
            s.apply(to_act[0], Action("pass") if Action("pass") in legal else legal[0])
    return s


def wednesday_vote(v):
    """The market state with a Wednesday ordinance (foreign merchants) up for the vote."""
    return put_to_vote(v, ["foreign_merchants"])


def _market_with_leather_stall():
    """Wednesday's market of week 1 with stall 1 holding exactly 4 leather."""
    s = market(4, 1)
    bag = [s.bag[m] + s.stall_materials[m] - (4 if m == LEATHER else 0) for m in range(N_MATERIALS)]
    s = edit(s, bag=bag, stall_materials=put(s.stall_materials, 0, 4, 0, 0, 0, 0), stall_size=put(s.stall_size, 0, 4))
    check_invariants(s)
    return s


def test_materials_taken_publicly_stay_in_every_sample_until_spent() -> None:
    s = _market_with_leather_stall()
    buyer = s.actor
    seat = (buyer + 1) % 4
    start_leather = s.materials[buyer * 5 + LEATHER]
    play(s, buyer, "buy_stall", stall=0)
    assert s.materials_seen[buyer * 5 + LEATHER] == 4 and s.materials_blind[buyer] == 4
    assert s.view(seat)["seats"][buyer]["materials_seen"][LEATHER] == 4
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        t = s.sample(seat, rng)
        assert_consistent(s, t, seat)
        assert t.materials[buyer * 5 + LEATHER] >= 4
        seen.add(tuple(t.materials[buyer * 5:(buyer + 1) * 5]))
    assert len(seen) > 5, "the buyer's 4 blind start materials vary between samples"
    # the true start draws are not read: the samples' leather beyond 4 is not always the true count
    assert any(x[LEATHER] - 4 != start_leather for x in seen)

    # a saddle (leather + iron) commissioned publicly on Thursday: one seen leather is
    # spent; the iron, never seen, was one of the blind draws
    until(s, lambda st: st.step == S_THU_CONTRACT and st.decision != D_NONE)
    if s.materials[buyer * 5 + IRON] == 0:  # make sure the buyer can pay the iron
        s = edit(s, bag=put(s.bag, IRON, s.bag[IRON] - 1),
                 materials=put(s.materials, buyer * 5 + IRON, s.materials[buyer * 5 + IRON] + 1),
                 materials_blind=put(s.materials_blind, buyer, s.materials_blind[buyer] + 1))
    s = edit(s, actor=buyer, passed=[False] * 4)
    known_iron = s.materials_seen[buyer * 5 + IRON]
    blind = s.materials_blind[buyer]
    play(s, buyer, "commission", craftsman=0)
    assert s.materials_seen[buyer * 5 + LEATHER] == 3
    assert s.materials_seen[buyer * 5 + IRON] == known_iron and s.materials_blind[buyer] == blind - 1
    for _ in range(100):
        t = s.sample(seat, rng)
        assert_consistent(s, t, seat)
        assert t.materials[buyer * 5 + LEATHER] >= 3


def test_sample_never_reads_the_hidden_part() -> None:
    """Two states that differ only in what the seat cannot know give the same samples."""
    s = market(4, 2)
    seat = 0
    other = 2
    # swap one of the other family's blind materials with a different one from the bag
    have = next(m for m in range(5) if s.materials[other * 5 + m] > s.materials_seen[other * 5 + m])
    swap = next(m for m in range(5) if m != have and s.bag[m] > 0)
    mats, bag = s.materials[:], s.bag[:]
    mats[other * 5 + have] -= 1
    bag[have] += 1
    mats[other * 5 + swap] += 1
    bag[swap] -= 1
    twin = edit(s, materials=mats, bag=bag)
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
    blind = s.materials_blind[other]
    rng = random.Random(11)
    total: Counter = Counter()
    runs = 3000
    for _ in range(runs):
        t = s.sample(seat, rng)
        for m in range(5):
            total[m] += t.materials[other * 5 + m] - s.materials_seen[other * 5 + m]
    for m in range(5):
        expected = blind * pool[m] / size
        assert abs(total[m] / runs - expected) < 0.1, (m, total[m] / runs, expected)


def test_unrevealed_family_cards_and_votes_are_redrawn_the_rest_kept() -> None:
    s = market(4, 4)
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    play(s, 1, "family", value=s.legal(1)[0].value)
    play(s, 2, "family", value=s.legal(2)[-1].value)
    rng = random.Random(5)
    cards1, cards2 = set(), set()
    for _ in range(100):
        t = s.sample(0, rng)
        assert_consistent(s, t, 0)
        cards1.add(t.family_card[1])
        cards2.add(t.family_card[2])
        assert t.family_card[3] == -1 and t.family_card[0] == -1
    assert cards1 == {v for v in range(3, 9) if not s.family_cards_used[6 + v - 3]}
    assert len(cards2) == 5
    # seat 1 knows its own card
    for _ in range(20):
        assert s.sample(1, rng).family_card[1] == s.family_card[1]
    # votes
    v = wednesday_vote(market(4, 5))
    assert v.decision == D_VOTE
    play(v, 1, "vote", yes=True)
    play(v, 3, "vote", yes=False)
    votes1 = set()
    for _ in range(50):
        t = v.sample(0, rng)
        assert_consistent(v, t, 0)
        votes1.add(t.ballots[1])
        assert t.ballots[0] == -1 and t.ballots[2] == -1
        assert v.sample(3, rng).ballots[3] == 0
    assert votes1 == {0, 1}


def test_samples_along_random_games_never_contradict_any_seat() -> None:
    """At many positions of random games (the draw ordinance included), every seat's
    samples keep what it knows."""
    rng = random.Random(2)
    for players, seed in ((3, 4), (4, 8), (5, 15), (6, 16)):
        count = [0]

        def on_step(state, count=count, players=players) -> None:
            count[0] += 1
            if count[0] % 17 or state.to_act() in ((), (CHANCE,)):
                return
            for seat in range(players):
                assert_consistent(state, state.sample(seat, rng), seat)

        random_playout(GAME, players, seed, on_step=on_step)


def test_the_draw_ordinance_adds_to_the_blind_part() -> None:
    from tests.colonia.colonia_helpers import resolve_chance, vote_on

    s = market(4, 6)
    s = vote_on(s, "draw_materials")
    for p in list(s.order):
        play(s, p, "take_materials", count=2)
    before = s.materials_blind[:]
    resolve_chance(s)
    assert [b + 2 for b in before] == s.materials_blind or sum(s.bag) == 0
    for seat in range(4):
        assert_consistent(s, s.sample(seat, random.Random(seat)), seat)
    assert Action("take_materials", count=2) in GAME.action_space(4)


def test_describe_of_ones_own_choices_tells_nothing_of_the_others_secrets() -> None:
    """A seat's list of moves (describe with viewer = seat) is the same whatever the other
    families chose or voted in secret."""
    s = market(4, 7)
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    for p in (1, 2, 3):
        play(s, p, "family", value=s.legal(p)[0].value)
    cards = s.family_card[:]
    for p in (1, 2, 3):
        cards[p] = s.family_cards_left(p)[-1]
    twin = edit(s, family_card=cards)
    assert [text(s.describe(0, a, 0), 0) for a in s.legal(0)] == [text(twin.describe(0, a, 0), 0)
                                                                  for a in twin.legal(0)]
    v = wednesday_vote(market(4, 8))
    for p in (1, 2, 3):
        play(v, p, "vote", yes=True)
    twin = edit(v, ballots=put(v.ballots, 1, 0, 0, 0))
    assert [v.describe(0, a, 0) for a in v.legal(0)] == [twin.describe(0, a, 0) for a in twin.legal(0)]
