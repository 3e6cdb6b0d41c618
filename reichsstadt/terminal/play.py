"""A game in the terminal: humans and bots at one table, the record saved at the end."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule

from ..bots import make_bot
from ..core import Action, IllegalAction, Match, Message, Seat, State
from .widgets import board, moves_table, name_players, outcome_table, sentence_names

HELP = (
    "Type the number of a move. Other commands: [bold]b[/] board again, [bold]l[/] whole log, "
    "[bold]s[/] save the game so far, [bold]q[/] save and quit, [bold]h[/] this help."
)


class TerminalTable:
    """Seats are "human" or a bot name. With several humans (hot seat) the screen is
    handed over between them so no one sees another's hidden cards."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[str],
        console: Console,
        ask: Callable[[str], str | None],
        save_to: Path,
        seed: int,
    ) -> None:
        self.match = match
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        self.save_to = save_to
        self.humans = [i for i, s in enumerate(seats) if s == "human"]
        self.bots = {i: make_bot(s, seed * 31 + i) for i, s in enumerate(seats) if s != "human"}
        self.names = match.record.names
        # log lines as each seat (and a spectator) may know them
        self.logs: dict[int | None, list[str]] = {v: [] for v in [None, *range(match.state.players)]}
        self.shown: dict[int | None, int] = {v: 0 for v in self.logs}
        self.last_human: int | None = None
        self.last_actor: dict[int | None, int] = {}
        self.short_names = sentence_names(self.names)
        match.listeners.append(self._log)
        match.after.append(self._news)

    def _log(self, seat: int, action: Action, state: State) -> None:
        who = "Chance" if seat < 0 else self.names[seat]
        for viewer, lines in self.logs.items():
            text = self.words(state.describe(seat, action, viewer), viewer)
            # one player's chain of small decisions (an offer built card by card, three
            # buys) reads as one line; only lines the viewer has not yet seen grow
            if seat >= 0 and self.last_actor.get(viewer) == seat and len(lines) > self.shown[viewer]:
                lines[-1] += f"; {text}"
            else:
                lines.append(f"{who}: {text}")
            self.last_actor[viewer] = seat

    def _news(self, seat: int, action: Action, state: State) -> None:
        for viewer, lines in self.logs.items():
            news = state.news(viewer)
            lines.extend(f"  ⤷ {self.words(text, viewer)}" for text in news)
            if news:
                self.last_actor[viewer] = -2  # what follows is a new line

    def words(self, text: "str | Message", viewer: int | None = None) -> str:
        """Words at this table: seats by their names ("You", "Ann")."""
        return name_players(text, self.short_names, viewer)

    def save(self) -> Path:
        self.match.record.save(self.save_to)
        return self.save_to

    def run(self) -> bool:
        """Play to the end (True) or until a human quits or input ends (False)."""
        while True:
            waiting = self.match.advance(self.bots)
            if not waiting:
                break
            if not self.human_turn(waiting[0]):
                return False
        self.finish()
        return True

    def show(self, seat: int, full_log: bool = False) -> None:
        state = self.match.state
        self.console.print(Rule(f"{self.match.game.title}: {self.names[seat]} to act"))
        self.console.print(board(self.match.game.id, state.view(seat), seat, self.names))
        lines = self.logs[seat]
        start = 0 if full_log else self.shown[seat]
        if lines[start:]:
            recent = lines[start:] if full_log else _fold_draws(lines[start:])[-30:]
            self.console.print(Panel("\n".join(recent), title="Log" if full_log else "Since your last move"))
        self.shown[seat] = len(lines)

    def human_turn(self, seat: int) -> bool:
        state = self.match.state
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            if self.console.is_terminal:  # and the scrollback, where the last player's plan still is
                self.console.file.write("\x1b[3J")
                self.console.file.flush()
            answer = self.ask(f"Hand the screen to {self.names[seat]}, then press Enter ")
            if answer is None:
                return self._input_ended()
        self.last_human = seat
        self.show(seat)
        while True:
            legal = state.legal(seat)
            self.console.print(moves_table([self.words(state.describe(seat, a, seat), seat) for a in legal]))
            span = "1" if len(legal) == 1 else f"1-{len(legal)}"
            answer = self.ask(f"{self.names[seat]}, your move ({span}, h for help): ")
            if answer is None:
                return self._input_ended()
            text = answer.strip().lower()
            if text in ("h", "help", "?"):
                self.console.print(HELP)
            elif text in ("b", "board"):
                self.show(seat)
            elif text in ("l", "log"):
                self.show(seat, full_log=True)
            elif text in ("s", "save"):
                self.console.print(f"Saved to {self.save()}")
            elif text in ("q", "quit"):
                self.console.print(f"Game saved to {self.save()}; continue it with "
                                   f"[bold]reichsstadt play {self.match.game.id} --resume {self.save_to}[/].")
                return False
            elif text.isdigit() and 1 <= int(text) <= len(legal):
                try:
                    self.match.play(seat, legal[int(text) - 1])
                except IllegalAction as exc:  # the engine has the last word
                    self.console.print(f"[red]Refused:[/] {exc}")
                    continue
                return True
            elif text.isdigit():
                self.console.print(f"[red]There is no move {text}:[/] type a number from 1 to {len(legal)}.")
            else:
                self.console.print(f"[red]{answer.strip()!r} is not a move:[/] type a number from 1 to {len(legal)}, or h for help.")

    def _input_ended(self) -> bool:
        self.console.print(f"\nInput ended; the game so far is saved to {self.save()} "
                           f"(continue: reichsstadt play {self.match.game.id} --resume {self.save_to}).")
        return False

    def finish(self) -> None:
        state = self.match.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.print(Rule(f"{self.match.game.title}: game over"))
        self.console.print(board(self.match.game.id, state.view(viewer), viewer, self.names))
        unseen = self.logs[viewer][self.shown[viewer]:]
        if unseen:
            self.console.print(Panel("\n".join(unseen[-30:]), title="Last moves"))
        self.console.print(outcome_table(state.outcome(), self.names))
        self.console.print(f"Record saved to {self.save()}  (replay: reichsstadt replay {self.save_to})")
        if self.humans:  # leave the final board on screen until the player has read it
            self.ask("Press Enter to leave ")


def _fold_draws(lines: list[str], keep: int = 3) -> list[str]:
    """Long runs of chance lines (a market filled from the bag) shortened to their first
    few and a count; the full log (l) keeps every line."""
    out: list[str] = []
    run: list[str] = []
    for line in [*lines, ""]:
        if line.startswith("Chance: "):
            run.append(line)
            continue
        if len(run) > keep + 1:
            out += run[:keep] + [f"Chance: … {len(run) - keep} more draws (l shows the whole log)"]
        else:
            out += run
        run = []
        if line:
            out.append(line)
    return out


def default_record_path(game_id: str) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path(f"reichsstadt-{game_id}-{stamp}.json")
