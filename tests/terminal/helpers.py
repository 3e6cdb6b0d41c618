"""A terminal table driven by a script: the test game Fair (or any game), a console of a
given size writing to memory, and the prompts it asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console

from reichsstadt.core import Match, register
from reichsstadt.terminal import play as play_module
from reichsstadt.terminal.play import TerminalTable
from reichsstadt.terminal.words import default_names

from .fairgame import GAME as FAIR

register(FAIR)


@dataclass
class Session:
    table: TerminalTable
    out: StringIO
    prompts: list[str] = field(default_factory=list)
    screens: list[list[str]] = field(default_factory=list)   # every full play screen, as text lines

    @property
    def text(self) -> str:
        return self.out.getvalue()

    def human_moves(self, seat: int = 0) -> list[dict]:
        return [m for s, m in self.table.record().moves if s == seat]   # with a chain being built


def table(
    inputs: Sequence[str] | Callable[[str, TerminalTable], str | None],
    tmp_path: Path,
    game: str = "fair",
    players: int = 2,
    seats: Sequence[str] | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    width: int = 120,
    height: int = 40,
    lang: str = "en",
    save_to: Path | None = None,
) -> Session:
    """A table with a scripted keyboard: a list of lines (then the input ends), or a
    function of (prompt, table) answering each prompt."""
    kinds = list(seats) if seats is not None else ["human"] + ["random"] * (players - 1)
    match = Match(game, players, seed, options, default_names(kinds, lang))
    out = StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False,
                      legacy_windows=False)
    script = list(inputs) if not callable(inputs) else None
    session: Session

    def ask(prompt: str) -> str | None:
        session.prompts.append(prompt)
        out.write(prompt + "\n")
        if script is None:
            return inputs(prompt, session.table)  # type: ignore[operator]
        return script.pop(0) if script else None

    t = TerminalTable(match, kinds, console, ask, save_to or tmp_path / "game.json", seed, lang)
    session = Session(t, out)
    return session


def run(session: Session) -> bool:
    """Play, noting every full screen the table paints."""
    original = play_module.paint

    def spy(console: Console, lines: Any, clear: bool) -> None:
        if lines and clear:
            session.screens.append(["".join(seg.text for seg in line) for line in lines])
        original(console, lines, clear)

    play_module.paint = spy
    try:
        return session.table.run()
    finally:
        play_module.paint = original
