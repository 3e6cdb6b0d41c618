"""State.news(viewer): what a move set in motion, in words, as each viewer may know it.
Positions are built by hand (norenberc_helpers); each test reads news() right after the
apply() that set things in motion, for every seat and the spectator."""

from __future__ import annotations

from reichsstadt.core import CHANCE

from reichsstadt.games.norenberc.present import tile_name_of

from tests.norenberc.norenberc_helpers import (
    BAKERS, BREWERS, PAGE, PASTRY, PRINTERS, SHOE, SHOEMAKERS, BEER, plan, ready, refill,
    run_nothing, set_goods, to_round_end, words,
)

VIEWERS = [0, 1, 2, None]


def tile_words(s):
    """A tile's name as the news says it (present's own helper, in English)."""
    return lambda t: words(tile_name_of(s, t))


def test_a_called_guild_names_who_revealed_a_card_there_to_every_viewer() -> None:
    """« Appel d'une Guilde »: those who planned the guild reveal their card, then act in
    turn order. The news says who, to everyone, and never names a plan not yet revealed."""
    s = ready(3, order=[2, 0, 1])
    plan(s, 0, [BREWERS])
    plan(s, 1, [BAKERS])
    plan(s, 2, [BREWERS, SHOEMAKERS])
    for v in VIEWERS:
        news = words(s.news(v))
        assert news == ["The Brewers are called: cards revealed there by Player 3 and Player 1, "
                        "who act in that order (turn order)"], (v, news)
    # the next call, after both acted, reveals Player 2's Bakers card only
    run_once = s.action_table.nothing
    s.apply(2, run_once)
    assert words(s.news(0)) == []
    s.apply(0, run_once)
    for v in VIEWERS:
        assert words(s.news(v)) == ["The Bakers are called: card revealed there by Player 2"]


def test_last_agent_used_turns_the_token_to_the_moon_in_the_news() -> None:
    """« Phase de Fin de tour »: a player with no agent left turns the token to the moon."""
    s = ready(3, order=[0, 1, 2]).edited(agents_free=[1, 4, 4])
    plan(s, 0, [BREWERS])
    plan(s, 1, [BAKERS])
    plan(s, 2, [BAKERS])
    run_nothing(s)
    for v in VIEWERS:
        news = words(s.news(v))
        assert news[0] == "End of turn 1"
        assert news[1:] == ["No agent left for Player 1: the token turns to the moon"]


def _round_end_position():
    """3 players, turn order 1, 2, 3. Beer: Player 1 alone has the most (3). Pastries:
    Players 1 and 2 tie (2), Player 2 is richer. Shoes: Players 2 and 3 tie (2) with the
    same money, turn order decides (Player 2). Pages: nobody, no favourite."""
    s = ready(3, order=[0, 1, 2])
    for p, (beer, pastry, shoe) in enumerate([(3, 2, 1), (1, 2, 2), (1, 1, 2)]):
        s = set_goods(s, p, BEER, beer)
        s = set_goods(s, p, PASTRY, pastry)
        s = set_goods(s, p, SHOE, shoe)
        s = set_goods(s, p, PAGE, 0)
    return s.edited(money=[10, 20, 20])


def test_round_end_news_favourites_with_reasons_income_and_new_masters() -> None:
    """« Fin d'une Manche »: favourites (most goods; tie → revealed money; then turn
    order; nobody → the master leaves), tiles and crests, agents home, income (the amount
    only to its owner: money stays behind the chest), new masters."""
    s = _round_end_position()
    tile = tile_words(s)
    masters = [s.master_tile(g) for g in range(s.guild_count)]
    nxt = [s.workshops[g * 5 + 1] for g in range(s.guild_count)]
    to_round_end(s)
    assert s.round == 2
    for v in VIEWERS:
        news = words(s.news(v))
        assert news[:2] == ["End of turn 1", "End of round 1: the guilds choose their favourites"]
        assert "Brewers: the favourite is Player 1 (the most beers: 3)" in news
        assert f"The {tile(masters[BREWERS])} goes to Player 1" in news
        assert "A crest of the Brewers goes to Player 1" in news
        assert ("Bakers: tie for the most pastries between Player 1 and Player 2; "
                "money revealed: Player 1 10 thalers and Player 2 20 thalers") in news
        assert "Bakers: the favourite is Player 2 (tie broken by the most money)" in news
        assert ("Shoemakers: tie for the most shoes between Player 2 and Player 3; "
                "money revealed: Player 2 20 thalers and Player 3 20 thalers") in news
        assert "Shoemakers: the favourite is Player 2 (tie of goods and money broken by turn order)" in news
        assert (f"Printers: nobody holds pages, no favourite; the master, the "
                f"{tile(masters[PRINTERS])}, leaves the game") in news
        assert "All agents come home" in news
        for g in range(s.guild_count):
            assert f"The new master of the {s.components.guild_names[g]} is the {tile(nxt[g])}" in news
        # income: 3 thalers each; the amount only to its owner
        for p in range(3):
            line = (f"Income for Player {p + 1}: 3 thalers" if v == p
                    else f"Income for Player {p + 1} (behind the chest)")
            assert line in news, (v, line)
            if v != p:
                assert not any(t.startswith(f"Income for Player {p + 1}:") for t in news)
        # the order: favourites guild by guild, then agents, income, masters
        assert news.index("All agents come home") < news.index(
            "Income for Player 1: 3 thalers" if v == 0 else "Income for Player 1 (behind the chest)")


def test_after_the_refill_the_news_names_the_new_prestige_guild() -> None:
    """Step 7: the new prestige guild (never the same twice running), with its crest."""
    s = _round_end_position()
    before = s.prestige_guild
    to_round_end(s)
    refill(s)
    assert s.prestige_guild != before
    for v in VIEWERS:
        guild = s.components.guild_names[s.prestige_guild]
        assert words(s.news(v)) == [f"The {guild} become the prestige guild (with a prestige crest)"]


def test_round_end_news_says_who_leaves_the_leftmost_rooms() -> None:
    """Step 6: the guest of each guild's leftmost room leaves the game."""
    s = _round_end_position()
    to_round_end(s)  # setup leaves the first rooms empty: round 2 has guests there
    refill(s)
    left = {g: s.rooms[g * 4] for g in range(s.guild_count) if s.rooms[g * 4] >= 0}
    assert left
    to_round_end(s)
    news = words(s.news(None))
    for g, t in left.items():
        assert (f"The {tile_words(s)(t)} leaves the {s.components.guild_names[g]}' leftmost room and the game") in news


def test_last_round_news_ends_with_the_game_over_and_shows_all_income() -> None:
    """Round 4 ends after income: the game is over; every chest opens, so every amount shows."""
    s = _round_end_position()
    for rnd in range(1, 5):
        if rnd == 4:
            master, under = s.master_tile(PRINTERS), s.workshops[PRINTERS * 5 + 3]
        to_round_end(s)
        if rnd < 4:
            refill(s)
    assert s.over()
    news = words(s.news(1))
    tile = tile_words(s)
    assert (f"Printers: nobody holds pages, no favourite; the master, the {tile(master)}, and the "
            f"tile under it, the {tile(under)}, leave the game") in news
    assert news[-1] == "The game is over"
    assert "Income for Player 1: 3 thalers" in news
    assert s.to_act() == ()
    assert CHANCE not in s.to_act()
