"""The German tip about d kept the separable verb apart around "ab jetzt" ("d lehnt
Angebote anderer ab jetzt ab"), which reads as a slip; it says "mit d lehnst du … von
nun an ab" now."""

from pathlib import Path

from .helpers import run, table


def test_the_german_tip_about_d_reads_as_one_sentence(tmp_path: Path) -> None:
    asked = {"n": 0}

    def answer(prompt, t):
        asked["n"] += 1
        if t.chain is None or asked["n"] > 200:
            return None
        if "(j/n)" in prompt:
            return "j"
        return "q" if t.chain.state.view(0)["phase"] == "respond" else "1"

    s = table(answer, tmp_path, game="siedler", players=4, seats=["human", "greedy", "greedy", "greedy"], seed=11,
              lang="de")
    run(s)
    text = " ".join(s.text.split())
    assert "ab jetzt ab" not in text
    assert "Tipp: mit d lehnst du Angebote anderer von nun an ab, ohne gefragt zu werden" in text
