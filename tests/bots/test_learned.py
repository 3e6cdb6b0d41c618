"""The learned evaluation (issue 21): weights fitted on self-play games with NumPy, shipped
as package data beside each heuristic and read offline; what the search cuts off with."""

import json
import math

import pytest

from reichsstadt.bots import learned, training
from reichsstadt.bots.heuristic import module, search_aids
from reichsstadt.core import BadOption, CHANCE, Match

GAMES = ["norenberc", "siedler", "colonia"]


def _positions(game_id, players=4, seed=3, every=23):
    """States along a game of heuristic players."""
    from reichsstadt.bots import make_bot

    match = Match(game_id, players, seed, recording=False)
    out = []

    def note(seat, action, state):
        if seat != CHANCE and len(out) < 400 and match.decisions % every == 0:
            out.append(state.clone())
    match.after.append(note)
    match.run({s: make_bot("greedy", s, game_id) for s in range(players)})
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shipped_weights_load_offline_and_fit_the_heuristics_features(game_id):
    mod = module(game_id)
    model = learned.load(mod)
    assert model is not None and model.game == game_id and model.features == tuple(mod.FEATURES)
    assert len(mod.HAND) == len(mod.FEATURES)
    held = model.trained["held_out"]
    assert held["learned"]["log_loss"] < held["hand"]["log_loss"]   # it predicts better than the hand valuation
    assert model.trained["seeds"][0] >= 700_000                       # apart from the seeds strength is reported on
    for state in _positions(game_id):
        progress, rows = mod.features(state)
        assert 0.0 <= progress <= 1.0 and len(rows) == 4 and all(len(r) == len(mod.FEATURES) for r in rows)
        chances = model.chances(progress, rows)
        assert sum(chances) == pytest.approx(1.0) and all(0 <= c <= 1 for c in chances)
        assert all(0.0 <= r <= 1.0 for r in model.rewards(progress, rows, 0.5))


def test_more_victory_points_mean_a_better_chance_in_siedler():
    mod = module("siedler")
    model = learned.load(mod)
    for state in _positions("siedler")[3:]:
        progress, rows = mod.features(state)
        better = [list(r) for r in rows]
        better[0][mod.FEATURES.index("victory_points")] += 1
        assert model.chances(progress, better)[0] > model.chances(progress, rows)[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_cuts_off_with_the_learned_evaluation(game_id):
    aids = search_aids(game_id, "fast", 0.5, "learned")
    hand = search_aids(game_id, "fast", 0.5, "hand")
    state = _positions(game_id)[4]
    values = aids.evaluator(state)
    assert len(values) == 4 and all(0 <= v <= 1 for v in values)
    assert values != hand.evaluator(state)


def test_a_weights_file_of_other_features_is_refused(tmp_path, monkeypatch):
    """Weights fitted before the heuristic's features changed are refused with the way to
    fit them again, never used with the wrong meaning."""
    import importlib

    mod = module("colonia")
    obj = json.loads(learned.weights_resource(mod).read_text())
    pkg = tmp_path / "oldheuristic"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "colonia.py").write_text(f"FEATURES = {tuple(mod.FEATURES[:-1]) + ('something_new',)!r}\n")
    (pkg / "colonia.weights.json").write_text(json.dumps(obj))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BadOption, match="fitted on features .* the heuristic now measures .*something_new: fit "
                                        "them again"):
        learned.load(importlib.import_module("oldheuristic.colonia"))
    for bad, words in (({**obj, "format": 9}, "format 9"), ({**obj, "spread": 0}, "spread must be positive"),
                       ({"format": 1}, "not a weights file"),
                       ({**obj, "win": {"base": [1.0], "slope": [1.0]}}, "features but weights of other lengths")):
        with pytest.raises(BadOption, match=words):
            learned.LearnedEvaluation.from_json(bad, "weights")


def test_fitting_recovers_a_known_logit_model():
    """Positions whose winner is drawn from a known conditional logit: Newton's method
    finds its weights again."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(1)
    true = np.array([1.5, -0.7, 0.0, 0.4])
    X = rng.normal(size=(6000, 4, 4))
    z = X @ true
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    Y = np.zeros((6000, 4))
    for i in range(6000):
        Y[i, rng.choice(4, p=p[i])] = 1.0
    theta = training.fit_win(np, [(X, Y)], ridge=1e-6)
    assert np.allclose(theta, true, atol=0.12)


def test_training_writes_weights_that_load(tmp_path):
    out = tmp_path / "w.json"
    training.main(["norenberc", "--games", "12", "--players", "3", "--every", "4", "--jobs", "1", "--out", str(out)])
    obj = json.loads(out.read_text())
    model = learned.LearnedEvaluation.from_json(obj)
    assert model.features == tuple(module("norenberc").FEATURES)
    assert obj["trained"]["games"] == 12 and obj["trained"]["seeds"] == [700_000, 700_011]
    assert "python3 -m reichsstadt.bots.training norenberc --games 12" in obj["trained"]["command"]
    assert math.isfinite(obj["trained"]["held_out"]["learned"]["log_loss"])
    rows = module("norenberc").features(_positions("norenberc", 3)[2])[1]
    assert sum(model.chances(0.5, rows)) == pytest.approx(1.0)


def test_training_refuses_a_player_count_the_game_does_not_have(tmp_path):
    with pytest.raises(SystemExit, match="Die Siedler von Nürnberg is for 3–4 players, not 6"):
        training.main(["siedler", "--players", "6", "--out", str(tmp_path / "w.json")])
    assert not (tmp_path / "w.json").exists()


def test_self_play_notes_positions_and_outcomes():
    data = training.self_play("colonia", 3, [11, 12], explore=0.2, every=7)
    assert len(data.progress) == len(data.rows) == len(data.wins) == len(data.scores) > 20
    assert all(sum(w) == pytest.approx(1.0) for w in data.wins)
    assert all(0 <= t <= 1 for t in data.progress) and data.progress[-1] > 0.8   # noted up to the end
