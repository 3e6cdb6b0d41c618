"""The hint (?) says the numbers to type, not only the move's words: for a move of its
own its number, for a set the whole line (the bot asked again for each further part), so
a newcomer need not search the list for the move the hint names."""

import re

from reichsstadt.bots import hint as hint_module

from .fairgame import BUY, END, SEAL, VISIT
from .helpers import run, table


def scripted_hints(monkeypatch, answers):
    """hint_for answering from a list of actions, in turn (the real search is tested in tests/bots)."""
    plain = hint_module.hint_for
    asked = []

    def fake(state, seat, **kw):
        asked.append(kw.get("seconds"))
        action = answers[min(len(asked), len(answers)) - 1]
        return {"action_json": action.to_json(), "text": state.describe(seat, action, seat), "chance": None,
                "estimate": None}

    monkeypatch.setattr(hint_module, "hint_for", fake)
    return plain, asked


def test_a_hinted_set_is_the_whole_line_to_type(tmp_path, monkeypatch):
    # the engine takes a set in its own order (north before south), as the bot is asked
    _, asked = scripted_hints(monkeypatch, [VISIT[0], VISIT[2], SEAL])
    s = table(["?", "3 1"], tmp_path)
    run(s)
    said = " ".join(s.text.split())
    assert "Hint: type 1 3 — visit the north stall and visit the south stall" in said
    assert len(asked) == 2 and asked[1] is not None     # the second part asked with a short search
    assert said.index("Asking the bot for a hint…") < said.index("Hint: type")   # said at once, before the wait


def test_the_parts_of_a_hinted_set_are_a_list_in_the_readers_language(tmp_path, monkeypatch):
    scripted_hints(monkeypatch, [VISIT[0], VISIT[2], SEAL])
    s = table(["?", "3 1"], tmp_path, lang="fr")
    run(s)
    said = " ".join(s.text.split())
    assert "Le bot cherche un conseil…" in said
    assert re.search(r"Conseil\s: tapez 1 3 — .+ et .+", said), said[-300:]


def test_a_set_the_bot_ends_early_is_one_key(tmp_path, monkeypatch):
    scripted_hints(monkeypatch, [VISIT[1], SEAL])
    s = table(["?", "2"], tmp_path)
    run(s)
    assert "Hint: type 2 — visit the east stall" in " ".join(s.text.split())


def test_a_repeated_part_comes_as_often_as_the_bot_takes_it(tmp_path, monkeypatch):
    scripted_hints(monkeypatch, [BUY[1]])      # pears while the 7 coins last: two
    s = table(["1", "?"], tmp_path)
    run(s)
    assert "Hint: type 2 2 — buy a pear for 3 coins and buy a pear for 3 coins" in " ".join(s.text.split())


def test_a_move_of_its_own_is_its_number(tmp_path, monkeypatch):
    scripted_hints(monkeypatch, [END])          # "end the turn" is move 5, outside the set of fruit
    s = table(["1", "?"], tmp_path)
    run(s)
    assert "Hint: type 5 — end the turn" in " ".join(s.text.split())


def test_the_real_hint_names_keys_on_the_menu(tmp_path):
    s = table(["?"], tmp_path)
    run(s)
    said = " ".join(s.text.split())
    found = re.search(r"Hint: type ([\d ]+) — ", said)
    assert found, said[-400:]
    assert all(1 <= int(k) <= 5 for k in found.group(1).split())


def test_a_hinted_set_comes_in_the_menus_order(monkeypatch):
    """Siedler's discard was hinted "4 4 2 2" (the bot's order); the heading's examples
    and a person write a set in ascending order: "2 2 4 4", each part's words with it."""
    from reichsstadt.core import Match
    from reichsstadt.terminal.hints import hinted_line

    scripted_hints(monkeypatch, [VISIT[0], VISIT[2], SEAL])
    match = Match("fair", 2, 1, None, ["Ann", "Bo"])
    match.advance({})
    state = match.state
    keys = {VISIT[0]: "4", VISIT[1]: "3", VISIT[2]: "2", VISIT[3]: "1"}   # numbered the other way round
    _, typed, words = hinted_line(state, 0, keys, state.pick(0), "en", ["Ann", "Bo"])
    assert typed == ["2", "4"]
    assert [str(w) for w in words] == [str(state.describe(0, VISIT[2], 0)), str(state.describe(0, VISIT[0], 0))]
