"""A game's options as a command line, a JSON body and a record give them: a switch takes
true/false in the words people type and JSON's 1/0, and nothing else."""

import pytest

from reichsstadt.core import BadOption, game


@pytest.mark.parametrize("given, taken", [(True, True), (False, False), ("yes", True), ("off", False),
                                          ("1", True), (1, True), (0, False)])
def test_a_switch_takes_the_usual_spellings_of_true_and_false(given: object, taken: bool) -> None:
    assert game("norenberc").resolve(3, {"open_planning": given})["open_planning"] is taken


@pytest.mark.parametrize("given", [2, -1, 1.0, "maybe", None, []])
def test_a_switch_refuses_anything_else_by_name(given: object) -> None:
    with pytest.raises(BadOption, match=r"norenberc option 'open_planning' is true or false, not "):
        game("norenberc").resolve(3, {"open_planning": given})
