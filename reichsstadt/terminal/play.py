"""A game in the terminal: humans and bots at one table, the record saved as it goes.

How a person's turn works, the same in every game:

- The moves are numbered. A multi-part choice whose order does not matter (the engine's
  `State.pick()`: plan three guilds, buy two beers and a shoe, discard four cards) lists
  its parts with numbers that do not move, and takes the whole set on one line
  (`3 5 7`; `2 2 5` where a part may repeat); `core.picks.chain()` turns it into the
  engine's chain, tried on a copy, so a refused set changes nothing.
- A move that gives something up and cannot be undone (`State.confirm()`) asks y/n.
- A single legal move is always made for the player, and the log says "(the only
  move)". It never reads input, so keys typed ahead cannot skip anything; the prompt
  also drops keys typed before it was shown (cli._ask).
- Where a game declares a "decline" part (Siedler's trade offers), `d` switches on, for
  that player, answering others' offers with a decline without asking; `d` again asks
  again. The log marks such a move (the switch lives as long as the table).
- A player's own uninterrupted moves (the same seat still to act, no chance draw, no
  other seat called in) are built on a scratch copy: `u` steps back within them. They
  reach the match, the record and the bots when the chain ends.
- The screen fits the terminal: the top of the board, the moves and the prompt are
  always in view; the log gets the lines left; `b`, `l`, `h` page the whole board, the
  whole log and the help (with the game's glossary); `m` a game's map and `c` its whole
  city, where it has one (the "terminal_map" and "terminal_city" parts)."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..bots import make_bot
from ..core import CHANCE, Action, IllegalAction, Match, Message, Pick, Player, State, part
from ..core.picks import chain as pick_chain
from .files import fallback_places, write_record
from .guide import help_guide
from .hints import hinted_line
from .screen import Line, fit_log, fit_screen, lines_of, page, paint
from .widgets import board, moves_table, outcome_table, winner_line
from .words import Words, typed

_NUMBERS = re.compile(r"[\d\s,]+")
WIDE = 120  # the boards are drawn for a terminal this wide (README: the screen fits 120×40)
KEEP_DRAWS = 3  # a run of chance lines longer than this is folded on the play screen
ONLY_MOVE = "terminal.log.only_move"   # the log's remark on a move made for the player
_BOARD_PARTS = {"m": "terminal_map", "map": "terminal_map", "c": "terminal_city", "city": "terminal_city"}
"""The keys that page a game's map or whole city, where it has that part."""


@dataclass
class LogLine:
    seat: int | None   # the actor (CHANCE for a draw); None for what a move set in motion
    text: str


@dataclass
class Entry:
    key: str
    action: Action
    part: bool        # a part of the pick (taken in a set) or a move of its own
    words: str


class Chain:
    """One person's uninterrupted moves, on a scratch copy of the match's state, until they
    reach the match. Grouped by input line: undo takes back the last line's moves (and
    the forced steps that followed it)."""

    def __init__(self, state: State, seat: int) -> None:
        self.base = state
        self.seat = seat
        self.start = set(state.to_act())
        self.state = state.clone()
        self.groups: list[list[tuple[Action, bool, Any]]] = []
        self.moved = False  # a move set something in motion that others learn of (State.events)

    @property
    def done(self) -> bool:
        if self.moved:
            return True
        acting = self.state.to_act()
        if not acting or acting == (CHANCE,) or self.seat not in acting:
            return True
        return any(s not in self.start for s in acting)

    def add(self, actions: Sequence[Action], forced: bool = False) -> None:
        """Apply `actions` to the scratch copy; IllegalAction leaves it as it was."""
        trial = self.state.clone()
        group = []
        for a in actions:
            said = trial.describe(self.seat, a, self.seat)
            trial.apply(self.seat, a)
            group.append((a, forced, said))
            if trial.events:  # a reveal, a call, the end of a turn: the others know now
                self.moved = True
        if forced and self.groups:
            self.groups[-1].extend(group)
        else:
            self.groups.append(group)
        self.state = trial

    def undo(self) -> list[tuple[Action, bool, Any]] | None:
        if not self.groups:
            return None
        gone = self.groups.pop()
        state = self.base.clone()
        for a, _, _ in self.moves():
            state.apply(self.seat, a)
        self.state = state
        return gone

    def moves(self) -> list[tuple[Action, bool, Any]]:
        return [m for g in self.groups for m in g]


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
        lang: str = "en",
        again: Sequence[tuple[str, str]] = (),
    ) -> None:
        """`again`: the flags that set this table apart from `play GAME`'s defaults (a second
        human's --seats, a --lang), which resuming needs too: the record keeps neither."""
        self.match = match
        self.again = list(again)
        self.game = match.game
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        self.save_to = Path(save_to)
        self.lang = lang
        self.humans = [i for i, s in enumerate(seats) if s == "human"]
        self.bots = {i: make_bot(s, seed * 31 + i, match.game.id) for i, s in enumerate(seats) if s != "human"}
        self.names = match.record.names
        players = match.state.players
        self.words: dict[int | None, Words] = {v: Words(lang, self.names, v) for v in [None, *range(players)]}
        # log lines as each seat (and a spectator) may know them
        self.logs: dict[int | None, list[LogLine]] = {v: [] for v in self.words}
        self.shown: dict[int | None, int] = {v: 0 for v in self.logs}
        self.notes: dict[int, list[Text]] = {s: [] for s in range(players)}
        self.last_human: int | None = None
        self.chain: Chain | None = None
        self.remark: str | None = None   # what the log adds to the move being played (the only move)
        # the game's "decline" part: the move that turns down another's offer, played
        # without asking for the seats that typed d
        self.decline: Callable[[Any, Sequence[Action]], Action | None] | None = (
            part(self.game.id, "decline") if "decline" in self.game.parts else None)
        self.declining: set[int] = set()
        self.told_decline: set[int] = set()   # seats shown the tip about d
        self.fresh = True       # the next prompt shows the whole screen
        self.lost = False       # the record could not be saved anywhere
        if console.width < WIDE:   # said once, on each person's first screen
            narrow = Text(self.words[None]("terminal.narrow", width=console.width, wide=WIDE), style="yellow")
            for seat in self.humans:
                self.notes[seat].append(narrow)
        match.listeners.append(self._log)
        match.after.append(self._news)

    # -- the log ---------------------------------------------------------------------------
    def _log(self, seat: int, action: Action, state: State) -> None:
        for viewer, lines in self.logs.items():
            w = self.words[viewer]
            said = state.log_words(seat, action, viewer)
            if said is None:  # a step inside a chain the log folds (an offer put together)
                continue
            text = w.say(said)
            if self.remark:
                text += " " + w.say(Message(self.remark))
            last = lines[-1] if lines else None
            # one player's chain of small decisions (an offer built card by card, three
            # buys) reads as one line; only lines the viewer has not yet seen grow
            if seat >= 0 and last is not None and last.seat == seat and len(lines) > self.shown[viewer]:
                last.text += "; " + text
            else:
                lines.append(LogLine(seat, text))

    def _news(self, seat: int, action: Action, state: State) -> None:
        for viewer, lines in self.logs.items():
            lines.extend(LogLine(None, self.words[viewer].say(t, sentence=True)) for t in state.news(viewer))

    def _entry(self, line: LogLine, w: Words) -> Text:
        if line.seat is None:
            return Text("  ⤷ " + line.text)
        out = Text()
        chance = line.seat == CHANCE
        out.append(w.said(line.seat), style="dim" if chance else "bold")
        out.append(line.text, style="dim" if chance else None)
        return out

    def _fold(self, lines: Sequence[LogLine], w: Words) -> list[Text]:
        """Long runs of chance lines (a market filled from the bag) shortened to their first
        few and a count; the whole log (l) keeps every line."""
        out: list[Text] = []
        run: list[LogLine] = []
        for line in [*lines, None]:
            if line is not None and line.seat == CHANCE:
                run.append(line)
                continue
            if len(run) > KEEP_DRAWS + 1:
                out += [self._entry(x, w) for x in run[:KEEP_DRAWS]]
                out.append(Text(w.said(CHANCE) + w("terminal.log.more_draws", count=len(run) - KEEP_DRAWS),
                                style="dim"))
            else:
                out += [self._entry(x, w) for x in run]
            run = []
            if line is not None:
                out.append(self._entry(line, w))
        return out

    # -- saving ----------------------------------------------------------------------------
    def record(self) -> Any:
        """The record so far, with the moves of a chain still being built."""
        moves = list(self.match.record.moves)
        if self.chain is not None:
            moves += [(self.chain.seat, a.to_json()) for a, _, _ in self.chain.moves()]
        return replace(self.match.record, moves=moves)

    def save(self, tell: Callable[[Text], None] | None = None) -> Path | None:
        """Save the record where it belongs, or, if that fails, in the first fallback place
        that works (and say so). None if no place works."""
        tell = tell or self._print
        w = self.words[None]
        record = self.record()
        failed: list[tuple[Path, str]] = []
        for path in [self.save_to, *fallback_places(self.game.id)]:
            try:
                write_record(record, path)
            except OSError as exc:
                failed.append((path, exc.strerror or str(exc)))
                continue
            if failed:
                tell(Text(w("terminal.save.fallback", path=str(failed[0][0]), reason=failed[0][1],
                            fallback=str(path)), style="yellow"))
            self.save_to = path
            self.lost = False
            return path
        self.lost = True
        tell(Text(w("terminal.save.failed", path=str(self.save_to), reason=failed[0][1]), style="red"))
        return None

    def _print(self, text: RenderableType) -> None:
        self.console.print(text)

    def _resume_hint(self) -> str:
        flags = [f"{flag} {shlex.quote(value)}" for flag, value in self.again]
        return " ".join(["reichsstadt play", self.game.id, "--resume", shlex.quote(str(self.save_to)), *flags])

    def _replay_hint(self, path: Path) -> str:
        flags = [f"{flag} {shlex.quote(value)}" for flag, value in self.again if flag == "--lang"]
        return " ".join(["reichsstadt replay", shlex.quote(str(path)), *flags])

    # -- the game --------------------------------------------------------------------------
    def run(self) -> bool:
        """Play to the end (True) or until a human quits or input ends (False)."""
        while True:
            waiting = self.match.advance(self.bots)
            if not waiting:
                break
            if not self.turn(waiting[0]):
                return False
        self.finish()
        return True

    def turn(self, seat: int) -> bool:
        """A human's turn: their chain of moves to its end. False if they quit."""
        state = self.match.state
        legal = state.legal(seat)
        if len(legal) == 1:  # the only move: made for them, whoever they are
            self._play(seat, legal[0], ONLY_MOVE)
            return True
        if self._decline_unasked(seat, state):
            return True
        if len(self.humans) > 1 and self.last_human != seat and not self.hand_over(seat):
            return self.input_ended()
        self.last_human = seat
        self.save(self.notes[seat].append)
        self.chain = chain = Chain(state, seat)
        self.fresh = True
        while not chain.done:
            legal = chain.state.legal(seat)
            if len(legal) == 1:
                chain.add(legal, forced=True)
                continue
            if not chain.groups and self._decline_unasked(seat, chain.state):   # d typed at this prompt
                self.chain = None
                return True
            if not self.prompt(seat):
                return False
        self.commit()
        return True

    def _play(self, seat: int, action: Action, remark: str | None = None) -> None:
        self.remark = remark
        try:
            self.match.play(seat, action)
        finally:
            self.remark = None

    def _decline_unasked(self, seat: int, state: State) -> bool:
        """Turn down another's offer for a seat that typed d (True: done, nothing to ask);
        otherwise, the first time such an answer is asked of it, say that d exists."""
        move = self.decline(state.view(seat), state.legal(seat)) if self.decline is not None else None
        if move is None:
            return False
        if seat in self.declining:
            self._play(seat, move, "terminal.log.unasked")
            return True
        if seat not in self.told_decline:
            self.told_decline.add(seat)
            self.notes[seat].append(Text(self.words[seat]("terminal.decline.tip"), style="cyan"))
        return False

    def commit(self) -> None:
        """The chain's moves reach the match (and the log, the record, the bots)."""
        chain, self.chain = self.chain, None
        if chain is None:
            return
        self.shown[chain.seat] = len(self.logs[chain.seat])
        for action, forced, _ in chain.moves():
            self._play(chain.seat, action, ONLY_MOVE if forced else None)

    def hand_over(self, seat: int) -> bool:
        """Clear the screen (and the scrollback, where the last player's plan still is)
        and wait until the next player has it."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        return self.ask(self.words[None]("terminal.handover", name=self.words[None].player(seat)) + " ") is not None

    # -- one prompt ------------------------------------------------------------------------
    def menu(self, state: State, seat: int, pick: Pick | None) -> list[Entry]:
        w = self.words[seat]
        legal = state.legal(seat)
        if pick is None:
            return [Entry(str(i + 1), a, False, w.say(state.describe(seat, a, seat))) for i, a in enumerate(legal)]
        out = [Entry(str(i + 1), a, True, w.say(state.describe(seat, a, seat))) for i, a in enumerate(pick.parts)]
        for a in legal:
            if a not in pick.parts:
                out.append(Entry(str(len(out) + 1), a, False, w.say(state.describe(seat, a, seat))))
        return out

    def prompt(self, seat: int) -> bool:
        """Show the screen, read one line and act on it. False if the player quit or the
        input ended."""
        chain = self.chain
        assert chain is not None
        state = chain.state
        pick = state.pick(seat)
        menu = self.menu(state, seat, pick)
        self.draw(seat, menu, pick)
        answer = self.ask(self._question(seat, menu, pick) + " ")
        if answer is None:
            return self.input_ended()
        text = answer.strip().lower()
        if _NUMBERS.fullmatch(text):
            return self.choose(seat, [x for x in re.split(r"[\s,]+", text) if x], menu, pick)
        paged = self._page_key(seat, text, state)
        if paged is not None:
            return paged
        return self._command(seat, text, answer, menu)

    def _question(self, seat: int, menu: list[Entry], pick: Pick | None) -> str:
        w = self.words[seat]
        parts = sum(1 for e in menu if e.part)
        span = (w.part("terminal.prompt.example", example=_example(pick, parts)) if pick is not None
                else "1" if len(menu) == 1 else f"1-{len(menu)}")
        if len(self.humans) > 1:
            return w("terminal.prompt.move_named", name=self.words[None].player(seat), span=span)
        return w("terminal.prompt.move", span=span)

    def _page_key(self, seat: int, text: str, state: State) -> bool | None:
        """The keys that page something whole (help, board, map, city, log); None for any other."""
        w = self.words[seat]
        if text in ("h", "help"):
            return self.help(seat)
        if text in ("b", "board"):
            return self.pager(seat, lines_of(self.console, self.board(seat, state)))
        kind = _BOARD_PARTS.get(text)
        if kind is not None and kind in self.game.parts:
            return self.pager(seat, lines_of(self.console, self.board(seat, state, kind)))
        if text in ("l", "log"):
            entries = [self._entry(x, w) for x in self.logs[seat]]
            title = lines_of(self.console, Rule(Text(w("terminal.log.whole")), align="left"))
            return self.pager(seat, title + [ln for e in entries for ln in lines_of(self.console, e)])
        return None

    def _command(self, seat: int, text: str, answer: str, menu: list[Entry]) -> bool:
        """A key that acts at the table (hint, save, quit, undo) or redraws it."""
        chain = self.chain
        assert chain is not None
        w = self.words[seat]
        note = self.notes[seat].append
        if text == "":
            self.fresh = True
        elif text == "?":
            note(self.hint(seat, chain.state, menu))
        elif text in ("s", "save"):
            path = self.save(note)
            if path is not None:
                note(Text(w("terminal.save.done", path=str(path)), style="green"))
        elif text in ("q", "quit"):
            return self.quit()
        elif text in ("d", "decline") and self.decline is not None:
            if seat in self.declining:
                self.declining.discard(seat)
                note(Text(w("terminal.decline.off"), style="green"))
            else:
                self.declining.add(seat)
                note(Text(w("terminal.decline.on"), style="green"))
            self.fresh = True
        elif text in ("u", "undo"):
            gone = chain.undo()
            if gone is None:
                note(Text(w("terminal.undo.nothing"), style="yellow"))
            else:
                note(Text(w("terminal.undo.done", moves=[w.say(s) for _, _, s in gone]), style="green"))
                self.fresh = True
        else:
            note(Text(w("terminal.error.not_a_move", text=typed(answer), last=len(menu)), style="red"))
        return True

    def choose(self, seat: int, typed_numbers: list[str], menu: list[Entry], pick: Pick | None) -> bool:
        chain = self.chain
        assert chain is not None
        w = self.words[seat]
        note = self.notes[seat].append
        # a number of thousands of digits is no move either (and int() would refuse it)
        wrong = [x for x in typed_numbers if len(x) > len(str(len(menu))) + 1 or not 1 <= int(x) <= len(menu)]
        if wrong:
            note(Text(w("terminal.error.no_move", number=typed(wrong[0]), last=len(menu)), style="red"))
            return True
        numbers = [int(x) for x in typed_numbers]
        chosen = [menu[n - 1] for n in numbers]
        alone = [n for n, e in zip(numbers, chosen) if not e.part]
        if len(numbers) == 1 and alone:
            actions = [chosen[0].action]
        elif alone:
            note(Text(w("terminal.error.alone", number=alone[0]), style="red"))
            return True
        elif pick is None:
            note(Text(w("terminal.error.one_at_a_time"), style="red"))
            return True
        elif pick.least == pick.most and len(numbers) != pick.most:  # not the engine's "from 4 to 4 parts"
            example = _example(pick, sum(1 for e in menu if e.part))
            note(Text(w("terminal.error.exactly", count=pick.most, typed=len(numbers), example=example), style="red"))
            return True
        else:
            try:
                actions = pick_chain(chain.state, seat, pick, [e.action for e in chosen])
            except IllegalAction as exc:
                note(Text(w("terminal.error.refused", why=w.say(exc)), style="red"))
                return True
        reasons = self.reasons(chain.state, seat, actions)
        if reasons:
            said = "; ".join(_describe_chain(chain.state, seat, actions, w))
            answer = self.ask(w("terminal.confirm.ask", moves=said, why="; ".join(reasons)) + " ")
            if answer is None:
                return self.input_ended()
            if answer.strip().lower() not in _yes(w):
                note(Text(w("terminal.confirm.cancelled"), style="yellow"))
                self.fresh = True
                return True
        try:
            chain.add(actions)
        except IllegalAction as exc:  # the engine has the last word
            note(Text(w("terminal.error.refused", why=w.say(exc)), style="red"))
            return True
        self.fresh = True
        return True

    def reasons(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        """Why any step of `actions` deserves a second thought (State.confirm)."""
        w = self.words[seat]
        trial = state.clone() if len(actions) > 1 else state
        out = []
        for i, a in enumerate(actions):
            why = trial.confirm(seat, a)
            if why:
                out.append(w.say(why))
            if i < len(actions) - 1:
                trial.apply(seat, a)
        return out

    # -- screens ---------------------------------------------------------------------------
    def board(self, seat: int | None, state: State, kind: str = "terminal") -> RenderableType:
        return board(self.game.id, state.view(seat), seat, self.words[seat].display_names(), self.words[seat].lang,
                     kind)

    def draw(self, seat: int, menu: list[Entry], pick: Pick | None) -> None:
        """The whole screen when the position changed (always, in a terminal, which is
        redrawn at every prompt), else just the notes."""
        notes, self.notes[seat] = self.notes[seat], []
        console = self.console
        if not (self.fresh or console.is_terminal):
            paint(console, [ln for n in notes for ln in lines_of(console, n)], clear=False)
            return
        self.fresh = False
        chain = self.chain
        assert chain is not None
        w = self.words[seat]
        foot: list[Line] = []
        if pick is not None:
            parts = [(e.key, e.words) for e in menu if e.part]
            foot += lines_of(console, Text(_pick_head(pick, len(parts), w), style="bold"))
            foot += lines_of(console, moves_table(parts, console.width))
            others = [(e.key, e.words) for e in menu if not e.part]
            if others:
                foot += lines_of(console, Text(w("terminal.pick.alone"), style="bold"))
                foot += lines_of(console, moves_table(others, console.width))
        else:
            foot += lines_of(console, moves_table([(e.key, e.words) for e in menu], console.width))
        if chain.groups:
            foot += lines_of(console, Text(w("terminal.chain.so_far", moves=[w.say(s) for _, _, s in chain.moves()]),
                                           style="cyan"))
        for n in notes:
            foot += lines_of(console, n)
        head = lines_of(console, Rule(Text(w("terminal.rule.turn", game=self.game.title, player=Player(seat)))))
        entries = self._fold(self.logs[seat][self.shown[seat]:], w)
        screen = fit_screen(
            console, head, lines_of(console, self.board(seat, chain.state)),
            lambda room: fit_log(console, w("terminal.log.since"), entries, room,
                                 lambda k: w("terminal.log.earlier", count=k)),
            foot, lambda k: w("terminal.board.more", count=k))
        paint(console, screen, clear=True)

    def pager(self, seat: int, lines: list[Line]) -> bool:
        w = self.words[seat]
        self.fresh = True
        if not page(self.console, lines, self.ask, w("terminal.pager.more") + " ", w("terminal.pager.back") + " "):
            return self.input_ended()
        return True

    def hint(self, seat: int, state: State, menu: list[Entry]) -> Text:
        """What a bot (ISMCTS, a second of thought) would play here, with its estimate and
        the numbers to type (hints.py). It sees only this seat's Seat, so a hint reveals
        nothing the player's own view lacks."""
        w = self.words[seat]
        self._print(Text(w("terminal.hint.thinking"), style="dim"))   # a second or two with nothing on the screen
        found, keys, texts = hinted_line(state, seat, {e.action: e.key for e in menu}, state.pick(seat), w.lang,
                                         w.display_names())
        est = found.get("estimate") or {}
        if keys:
            out = Text(w("terminal.hint.keys", keys=" ".join(keys), move=texts), style="cyan")
        else:
            out = Text(w("terminal.hint.move", move=found["text"]), style="cyan")
        if found.get("chance") is not None:
            out.append("  " + w("terminal.hint.estimate", win=round(100 * found["chance"]),
                                playouts=est.get("iterations", 0)), style="dim")
        return out

    def help(self, seat: int) -> bool:
        w = self.words[seat]
        c = self.console
        out: list[Line] = []
        out += lines_of(c, Rule(Text(w("terminal.help.title", game=self.game.title)), align="left"))
        keys = [(k, w.part(f"terminal.help.{m}")) for k, m in (
            ("1 2 …", "number"), ("3 5 7", "set"), ("u", "undo"), ("?", "hint"), ("b", "board"),
            *([("m", "map")] if "terminal_map" in self.game.parts else []),
            *([("c", "city")] if "terminal_city" in self.game.parts else []),
            *([("d", "decline")] if self.decline is not None else []),
            ("l", "log"), ("s", "save"), ("q", "quit"), ("h", "help"))]
        out += lines_of(c, moves_table(keys, 0))
        out += lines_of(c, Text(w("terminal.help.confirm")))
        out += lines_of(c, Text(w("terminal.help.only_move", note=w.say(Message(ONLY_MOVE)))))
        guide = help_guide(self.game.id, w)
        if guide:
            out += lines_of(c, Text(""))
            for part in guide:
                out += lines_of(c, part)
        glossary = self.game.glossary()
        if glossary:
            out += lines_of(c, Text(""))
            out += lines_of(c, Rule(Text(w("terminal.help.pieces", game=self.game.title)), align="left"))
            for name, sentence in glossary:
                line = Text()
                line.append(w.glossed(name), style="bold")
                line.append(" — " + w.say(sentence))
                out += lines_of(c, line)
        return self.pager(seat, out)

    # -- leaving ---------------------------------------------------------------------------
    def quit(self) -> bool:
        path = self.save()
        if path is not None:
            self._print(Text(self.words[None]("terminal.quit.saved", path=str(path), command=self._resume_hint())))
        return False

    def input_ended(self) -> bool:
        path = self.save()
        if path is not None:
            self._print(Text("\n" + self.words[None]("terminal.input_ended", path=str(path),
                                                     command=self._resume_hint())))
        return False

    def finish(self) -> None:
        state = self.match.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        w = self.words[viewer]
        c = self.console
        foot: list[Line] = []
        path = self.save(lambda t: foot.extend(lines_of(c, t)))
        outcome = state.outcome()
        foot = lines_of(c, Text(winner_line(outcome.ranks, outcome.scores, w), style="bold green")) + \
            lines_of(c, outcome_table(outcome, self.game.id, w)) + foot
        if path is not None:
            foot += lines_of(c, Text(w("terminal.finish.saved", path=str(path),
                                       command=self._replay_hint(path))))
        head = lines_of(c, Rule(Text(w("terminal.rule.over", game=self.game.title))))
        entries = self._fold(self.logs[viewer][self.shown[viewer]:], w)
        screen = fit_screen(
            c, head, lines_of(c, self.board(viewer, state)),
            lambda room: fit_log(c, w("terminal.log.last"), entries, room,
                                 lambda k: w("terminal.log.earlier_replay", count=k)),
            foot, lambda k: w("terminal.board.more_replay", count=k), reserve=1 if self.humans else 0)
        paint(c, screen, clear=True)
        if self.humans:  # leave the final board on screen until the player has read it
            self.ask(w("terminal.finish.leave") + " ")


def _yes(w: Words) -> set[str]:
    return {"y", "yes", *(x.strip().lower() for x in w("terminal.confirm.yes").split("|") if x.strip())}


def _example(pick: Pick | None, parts: int) -> str:
    if pick is None or parts == 0 or pick.most == 1:   # one part: one number, repeat or not
        return "1"
    # never fewer numbers than the set needs: a person copies the example ("choose 4: e.g. 1 1 3" was refused)
    if pick.repeat:
        k = max(2, min(pick.most, 3), pick.least)
        return " ".join(["1", "1"] + [str(min(parts, 3 + i)) for i in range(k - 2)])
    k = max(min(pick.most, 3, parts), pick.least, 1)
    step = 2 if 2 * k - 1 <= parts else 1
    return " ".join(str(1 + step * i) for i in range(k))


def _pick_head(pick: Pick, parts: int, w: Words) -> str:
    args = {"example": _example(pick, parts), "repeat": w.part("terminal.pick.repeat") if pick.repeat else ""}
    if pick.most == 1:  # one part (a single payment): no "up to 1, in any order"
        return w("terminal.pick.one" if pick.least == 1 else "terminal.pick.one_or_none", example=args["example"])
    if pick.least == pick.most:
        return w("terminal.pick.exactly", count=pick.most, **args)
    if pick.least == 0:
        return w("terminal.pick.up_to", count=pick.most, **args)
    return w("terminal.pick.between", least=pick.least, count=pick.most, **args)


def _describe_chain(state: State, seat: int, actions: Sequence[Action], w: Words) -> list[str]:
    trial = state.clone()
    out = []
    for a in actions:
        out.append(w.say(trial.describe(seat, a, seat)))
        trial.apply(seat, a)
    return out
