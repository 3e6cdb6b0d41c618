"""benchmarks/strength.py's verdicts: a target is decided early only when no result of the
games left could change it (issue 21: "at least 48 games per game")."""

from tests.bots.benchmark_tools import load

strength = load("strength")


def test_a_finished_tournament_is_met_or_not_by_share_and_lower_end():
    assert strength.verdict("expert", 48, 48, 0.60, 0.45).startswith("**met**")
    assert strength.verdict("expert", 48, 48, 0.56, 0.39).startswith("**not met**")   # share, but low end
    assert strength.verdict("medium", 48, 48, 0.92, 0.80).startswith("**met**")        # no floor for medium


def test_a_target_out_of_reach_is_not_met_before_the_last_game():
    # 4 wins of 26: even 22 more wins of 22 give 26 of 48 = 54.2 % < 55 %
    said = strength.verdict("expert", 26, 48, 4 / 26, 0.06)
    assert said.startswith("**not met**") and "22 games left" in said and "54.2%" in said
    # 4 wins of 25: 23 more would give 27 of 48 = 56.2 %: still open
    assert strength.verdict("expert", 25, 48, 4 / 25, 0.06).startswith("**not decided**")
    assert strength.decision("expert", 25, 48, 4 / 25, 0.06) is None
    assert strength.decision("expert", 26, 48, 4 / 26, 0.06) is False


def test_a_target_reached_whatever_comes_is_met_before_the_last_game():
    # 44 wins of 45: 44 of 48 = 91.7 % even losing the last 3
    assert strength.verdict("medium", 45, 48, 44 / 45, 0.88).startswith("**met**")
    # expert: 40 of 40 is 83 % of 48 with a lower end far above 40 %
    assert strength.verdict("expert", 40, 48, 1.0, 0.91).startswith("**met**")
    # 27 of 30: 27 of 48 = 56.2 %, but Wilson's lower end over 48 is about 42 %: met as well
    assert strength.verdict("expert", 30, 48, 0.9, 0.74).startswith("**met**")
    # 20 of 30: 41.7 % of 48 if the rest were lost: open
    assert strength.verdict("expert", 30, 48, 20 / 30, 0.49).startswith("**not decided**")
