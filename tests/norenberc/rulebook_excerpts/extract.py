"""Writes the excerpts of Norenberc's rulebooks that tests/norenberc/test_norenberc_translations.py
reads: for every Italian, French and Russian name of docs/rules/norenberc-names.md, the
sentence of that rulebook where it occurs, under its section's heading. Run it again
when the names table changes:

    python3 tests/norenberc/rulebook_excerpts/extract.py RULEBOOKS_FOLDER

(the folder holding norenberc.it.txt, norenberc.fr.txt and norenberc.ru.txt, the plain-text
translations of the rulebook)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TITLES = {"it": "Norenberc, regolamento (traduzione italiana)", "fr": "Norenberc, règle du jeu (traduction française)",
          "ru": "Norenberc, правила игры (русский перевод)"}


def _norm(text: str) -> str:
    return text.replace("’", "'").lower()


def _heading(lines: list[str], i: int) -> str:
    """The nearest heading above line i: a short line that is no sentence."""
    for j in range(i, -1, -1):
        line = lines[j].strip().strip("#* ")
        if line and len(line) <= 60 and not line.endswith((".", ":", ";", ",")) and not line[0].isdigit():
            return line
    return ""


def _sentence(line: str, term: str) -> str:
    """The sentence of `line` where `term` occurs (the whole line if it is short)."""
    if len(line) <= 160:
        return line.strip()
    at = _norm(line).find(_norm(term))
    start = max(line.rfind(". ", 0, at) + 2, 0) if line.rfind(". ", 0, at) >= 0 else 0
    end = line.find(". ", at)
    return line[start:end + 1 if end >= 0 else len(line)].strip()


def excerpts(book: Path, terms: list[str]) -> list[str]:
    lines = book.read_text(encoding="utf-8").splitlines()
    found: dict[int, set[str]] = {}
    for term in terms:
        hit = next((i for i, line in enumerate(lines) if _norm(term) in _norm(line)), None)
        if hit is None:
            raise SystemExit(f"{book.name}: {term!r} is in no line")
        found.setdefault(hit, set()).add(term)
    out = []
    for i in sorted(found):
        kept = {_sentence(lines[i], t) for t in sorted(found[i])}
        out += [f"[{_heading(lines, i - 1)}] {s}" for s in sorted(kept)]
    return out


def main() -> None:
    sys.path.insert(0, str(HERE.parents[2]))
    from tests.norenberc.test_norenberc_translations import _names_table, _terms

    books = Path(sys.argv[1])
    rows = _names_table()
    for lang in ("it", "fr", "ru"):
        terms = sorted({w for _, cells in rows for t in _terms(cells[lang])
                        for w in (t.split() if all(len(x) == 1 for x in t.split()) else [t])})
        body = excerpts(books / f"norenberc.{lang}.txt", terms)
        head = [f"# {TITLES[lang]}, White Goblin Games 2010: the sentences that name the pieces, each under",
                "# its section's heading ([...]), quoted for the names table (docs/rules/norenberc-names.md).", ""]
        (HERE / f"norenberc.{lang}.txt").write_text("\n".join(head + body) + "\n", encoding="utf-8")
        print(lang, len(body), "sentences")


if __name__ == "__main__":
    main()
