"""A click on a Siedler place the person cannot use says why in their language, in words
that nest no brackets and set none side by side: the refusal once read "(… (5.2.2.2))" in
German, French, Italian and Russian, the core's bracket around the reason's. On their
turn a click on road I's first intersection (it touches the city) is refused with the
rule that forbids it, or with the step under way, its rulebook section kept."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.i18n.test_refusal_brackets import nested, side_by_side
from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import DECLINE_ALL, open_as, own_turn, person_at

pytestmark = BROWSER
SECTION = re.compile(r"\(([^()]*, )?\d+(\.\d+)+\)")  # (5.2.2.2), (Kostenloser Lehm, 8.3)

# the frame's words and the label before the reason, as the page shows them (capitalised)
FRAME = {"en": ("You cannot build a settlement", " now: "), "de": ("Du kannst jetzt nicht: Siedlung", ". Grund: "),
         "fr": ("Vous ne pouvez pas maintenant\u00a0: construire", ". Raison\u00a0: "),
         "it": ("Ora non puoi: costruire", ". Motivo: "), "ru": ("Вы сейчас не можете: построить", ". Причина: ")}


@pytest.mark.parametrize("lang", list(FRAME))
def test_a_click_on_an_intersection_says_why_without_nested_brackets(server: Server, pages: Pages, lang: str,
                                                                    tmp_path: Path) -> None:
    made = person_at(server.base, "siedler", ["random", "random"])
    page: Any = pages.new()
    open_as(page, server.base, made, lang=lang, kept=DECLINE_ALL)
    own_turn(page)
    page.locator(".board svg .asks[data-key='int-I-0']").click(force=True)
    # the words as they came (read in the same check: a move could clear them after)
    said = page.wait_for_function("() => (document.querySelector('.error') || {}).textContent || null").json_value()
    page.screenshot(path=str(tmp_path / f"{lang}.png"))
    start, label = FRAME[lang]
    assert said.startswith(start) and label in said, said
    assert SECTION.search(said) and not nested(said) and not side_by_side(said), said
