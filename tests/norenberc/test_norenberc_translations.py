"""Where the Italian or the Russian rulebook says something the French does not (or says
it differently), beyond what the project's reading notes on Norenberc settle: the reading chosen
from the three texts, one test each. The list, with the tests that already covered a
reading, is in RULES.md ("The other translations")."""

from __future__ import annotations



from tests.norenberc.norenberc_helpers import (
    finished,
    ARTISAN, BAKERS, BREWERS, SHOE, SHOEMAKERS, find, owning, plan, ready, refill, to_round_end,
)
from tests.norenberc.test_norenberc_rules import citizen_hire

from reichsstadt.games.norenberc.constants import ACTIONS, NOBLE, PEDDLER, PLANNING, REFILL
from reichsstadt.games.norenberc.scoring import breakdown, outcome


def test_winner_tie_goes_to_the_highest_total_artisan_value_not_the_best_single_artisan():
    """Winner's tie-break. fr « la valeur totale des artisans la plus élevée », ru « с более
    высоким суммарным значением своих мастеров »; it « il giocatore con l'artigiano col
    valore più alto » (the single best artisan). Two texts and the summary sense agree:
    the total. Here 5 + 5 = 10 beats 7 + 2 = 9, though 7 is the best single tile."""
    s = finished(2)
    five = find(s, ARTISAN, BREWERS, 5)
    s = owning(s, {0: [five, find(s, ARTISAN, BREWERS, 5, avoid=(five,))],
                   1: [find(s, ARTISAN, BAKERS, 7), find(s, ARTISAN, BAKERS, 2)]})
    out = outcome(s)
    assert out.scores[0] == out.scores[1]
    assert out.ranks == (1, 2)


def test_majority_tie_counts_the_artisan_tiles_of_that_guild_only():
    """Majority ties. fr « le nombre de tuiles possédées départage »; it « il numero di
    tessere artigiano, non il loro valore »; ru « количество … тайлов мастеров этого
    типа ». Read with it/ru: the artisans of that guild, not citizens nor other guilds'
    artisans. Player 0: Brewer 6 plus a Noble and two Bakers (4 tiles); player 1: Brewers
    3 + 3 (2 tiles of the type): player 1 is first at the Brewers."""
    s = finished(2)
    three = find(s, ARTISAN, BREWERS, 3)
    bake2 = find(s, ARTISAN, BAKERS, 2)
    s = owning(s, {0: [find(s, ARTISAN, BREWERS, 6), find(s, NOBLE), bake2, find(s, ARTISAN, BAKERS, 3)],
                   1: [three, find(s, ARTISAN, BREWERS, 3, avoid=(three,))]})
    parts = breakdown(s)
    # Brewers: 1 first (5, and the unclaimed third: +1), 0 second (3); Bakers: 0 alone (9)
    assert parts[1]["majorities"] == 6
    assert parts[0]["majorities"] == 3 + 9


def test_a_short_pile_leaves_the_last_rooms_empty_not_the_leftmost():
    """"Fin d'une Manche" 6. All three texts fill the empty rooms one by one from left to
    right, guild by guild from the Brewers; then fr « certaines resteront inoccupées », ru
    « некоторые комнаты остаются пустыми », it « le finestre più a sinistra rimangono
    vuote » (the leftmost stay empty), which contradicts its own filling order. Read with
    fr/ru: the rooms the pile cannot reach are the last ones (right, later guilds)."""
    s = ready(2)
    to_round_end(s)
    assert s.phase == REFILL
    # each guild: room A emptied, the guests slid left, room D empty; two guests left
    assert [s.rooms[g * 4 + 3] for g in range(3)] == [-1, -1, -1]
    assert all(s.rooms[g * 4 + r] >= 0 for g in range(3) for r in range(3))
    # two guests left in the pile: the others out of the game
    s = s.edited(pile_known=s.pile_known[:2], pile_unseen=0, out_of_game=s.out_of_game + s.pile_known[2:])
    refill(s)
    assert s.phase == PLANNING
    assert s.rooms[BREWERS * 4 + 3] >= 0 and s.rooms[BAKERS * 4 + 3] >= 0
    assert s.rooms[SHOEMAKERS * 4 + 3] == -1
    assert all(s.rooms[g * 4 + r] >= 0 for g in range(3) for r in range(3))


def test_the_peddlers_good_counts_only_for_the_favourite():
    """Colporteur. fr: the tile with its good « vaudra 4 » at the favourites; it « conta come
    4 … solamente per questo scopo », ru « (только для выбора фаворита) »: only for that.
    The good on the tile is not the player's to sell or to pay with until it returns."""
    s, ped = citizen_hire(PEDDLER, {SHOE: 1})
    s.apply(0, s.action_table.peddler[SHOE])
    assert s.goods_held[0 * s.guild_count + SHOE] == 0
    while s.phase == ACTIONS:
        s.apply(s.actor, s.action_table.nothing)
    assert s.phase == PLANNING and s.to_act() == (0,)
    plan(s, 0, [SHOEMAKERS])
    assert s.phase == ACTIONS and s.called_guild == SHOEMAKERS and s.actor == 0
    kinds = {a.to_json()["type"] for a in s.legal(0)}
    assert "sell" not in kinds and "hire" not in kinds   # no shoe in hand: none to sell or pay


# -- docs/rules/norenberc-names.md: the names as each rulebook writes them -----------------

def _names_table():
    """The rows of the names table: (id, {lang: cell}) for Italian, French and Russian."""
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "norenberc-names.md"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or cells[0] in ("id", "---") or set(cells[0]) <= {"-"}:
            continue
        rows.append((cells[0], {"it": cells[3], "fr": cells[4], "ru": cells[5]}))
    return rows


def _terms(cell: str) -> list[str]:
    """The forms a cell says its rulebook writes: each `/` alternative and each
    parenthesis, not the italic (proposed) ones."""
    import re

    out = []
    for part in cell.split(" / "):
        inner = re.findall(r"\(([^()]*)\)", part)
        main = re.sub(r"\([^()]*\)", "", part).strip()
        for term in [main, *inner]:
            term = term.strip()
            if term and not (term.startswith("*") and term.endswith("*")):
                out.append(term)
    return out


def test_the_names_table_quotes_each_rulebook():
    """docs/rules/norenberc-names.md: every Italian, French and Russian name not marked
    as proposed occurs in that rulebook (letters of the rooms: each letter), and the table
    names every guild, good and citizen the catalog knows. The rulebooks' sentences that
    name the pieces ship with the tests (rulebook_excerpts/, written by its extract.py)."""
    import pathlib

    from reichsstadt.games.norenberc.constants import TILE_KIND_KEYS
    from reichsstadt.games.norenberc.data import GOOD_KEYS, GUILD_KEYS

    books = pathlib.Path(__file__).resolve().parent / "rulebook_excerpts"
    texts = {lang: (books / f"norenberc.{lang}.txt").read_text(encoding="utf-8").replace("’", "'").lower()
             for lang in ("it", "fr", "ru")}
    rows = _names_table()
    missing = []
    for key, cells in rows:
        for lang, cell in cells.items():
            for term in _terms(cell):
                words = term.split() if all(len(w) == 1 for w in term.split()) else [term]
                missing += [(key, lang, w) for w in words if w.replace("’", "'").lower() not in texts[lang]]
    assert not missing, missing
    ids = {key.strip("`") for key, _ in rows}
    for g in GUILD_KEYS:
        assert f"guild.{g}" in ids and f"artisan.{g}" in ids
    for t in GOOD_KEYS:
        assert f"good.{t}" in ids
    for kind in TILE_KIND_KEYS[1:]:
        assert f"citizen.{kind}" in ids


def test_a_good_going_back_to_its_store_reads_well_to_the_one_it_came_from() -> None:
    """The news of a good returned to its guild's store (from a player's stock or Peddler)
    names the player as "you" to that player: it read "1 beer of you goes back"."""
    from reichsstadt.core import Message, Player
    from reichsstadt.i18n import render

    said = {}
    for kind in ("good_returned", "good_returned_peddler"):
        m = Message(f"norenberc.news.{kind}", goods="1 beer", player=Player(0), guild="Brewers")
        said[kind] = [render(m, "en", ["Anna", "Bert"], viewer=v) for v in (0, 1)]
    assert said["good_returned"] == ["1 beer goes back from you to the Brewers' store",
                                     "1 beer goes back from Anna to the Brewers' store"]
    assert said["good_returned_peddler"] == ["1 beer on the Peddler goes back from you to the Brewers' store",
                                             "1 beer on the Peddler goes back from Anna to the Brewers' store"]
