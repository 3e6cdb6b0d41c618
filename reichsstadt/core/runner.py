"""The one runner loop: a live game, its seeded random source and its record, driven
until someone without an agent must decide.

Simulation, the benchmark, the conformance checks, the terminal and the server all play
through `Match`: chance nodes are drawn from the match's random source, agents (bots)
answer for their seats, simultaneous decisions are asked of every owing seat, and every
move goes into the record."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping, Protocol

from .actions import Action
from .blame import debug_note, raised_at
from .chance import make_rng, sample_chance
from .contract import CHANCE, Game, Outcome, State
from .errors import BotError, IllegalAction, RecordError, ReichsstadtError
from .messages import Message
from .record import Record, replay
from .registry import game as find_game
from .seat import Seat


class Agent(Protocol):
    """Anything that chooses a move for a seat: the bots, an RL policy, a test's script."""

    def act(self, seat: Seat) -> Action:
        """One of seat.legal()."""
        ...


Listener = Callable[[int, Action, State], None]


def foreign_failure(exc: BaseException, agents: Iterable[Any]) -> BotError | None:
    """What a failure inside an agent's act() is said as: raised by a bot of one's own (a
    frame of its traceback runs a method of one of `agents` that is not of reichsstadt's
    modules), a BotError naming the bot and what it raised, so that the command line says
    whose failure it was instead of an internal error; None (raise it as it is) for our
    bots' failures, reichsstadt's own errors and an interrupt. The line of the bot's own
    code that raised is named where there is one (blame.raised_at), the whole traceback
    added as a note on request."""
    if isinstance(exc, (ReichsstadtError, KeyboardInterrupt, GeneratorExit)):
        return None
    mine = {id(a): a for a in agents if _foreign(a)}
    tb = exc.__traceback__
    while tb is not None and mine:
        agent = mine.get(id(tb.tb_frame.f_locals.get("self")))
        if agent is not None:
            error, at = f"{type(exc).__name__}: {exc}", raised_at(exc)
            failure = BotError(Message("core.bot.raised", bot=_named(agent), error=error) if at is None else
                               Message("core.bot.raised_at", bot=_named(agent), error=error, file=at[0], line=at[1]))
            debug_note(failure, exc)
            return failure
        tb = tb.tb_next
    return None


def foreign_move(exc: BaseException, agents: Mapping[int, Any]) -> BotError | None:
    """What a move the rules refuse is said as when a bot of one's own made it (the seat
    is the one Match._apply was applying for): a BotError naming the bot, its seat and
    the rules' reason; None for a person's move, our bots' and anything else."""
    if not isinstance(exc, IllegalAction):
        return None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is Match._apply.__code__:
            seat = tb.tb_frame.f_locals.get("seat")
            if not isinstance(seat, int) or agents.get(seat) is None or not _foreign(agents[seat]):
                return None
            return BotError(Message("core.bot.refused_move", bot=_named(agents[seat]), seat=seat + 1,
                                    reason=exc.message or str(exc)))
        tb = tb.tb_next
    return None


def _foreign(agent: Any) -> bool:
    """A bot of one's own: its class is not of reichsstadt's modules."""
    return type(agent).__module__.split(".")[0] != "reichsstadt"


def _named(agent: Any) -> str:
    name = getattr(agent, "name", None)
    return repr(name) if isinstance(name, str) and name else type(agent).__name__


class Match:
    """A live game: the state, its seeded random source, and the record being written.

    Every change goes through play(), advance() or resolve_chance(), so the record is
    complete. `listeners` hear each move before it is applied (describe() reads the
    state as it was), `after` right after it (to read news())."""

    def __init__(
        self,
        game: Game | str,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        names: list[str] | None = None,
        recording: bool = True,
    ) -> None:
        self.game = find_game(game) if isinstance(game, str) else game
        resolved = self.game.resolve(players, options)
        self.state: State = self.game.new(players, seed, resolved)
        self.rng: random.Random = make_rng(seed)
        self.record = Record(
            game=self.game.id, players=players, seed=seed,
            options=self.game.record_options(resolved),
            names=list(names) if names else [f"Player {i + 1}" for i in range(players)],
        )
        self.recording = recording
        self.listeners: list[Listener] = []
        self.after: list[Listener] = []
        self.decisions = 0       # player moves made
        self.chance_steps = 0    # chance outcomes drawn
        self._seats = [Seat(self.state, i) for i in range(players)]

    @staticmethod
    def from_record(record: Record) -> "Match":
        """Continue a recorded game (its random source continues from a fresh seed
        derived from the record, since the record does not hold the RNG's position)."""
        m = Match(record.game, record.players, record.seed, record.options, record.names)
        m.state = replay(record)
        m._seats = [Seat(m.state, i) for i in range(record.players)]
        m.record.moves = list(record.moves)
        m.rng = make_rng(record.seed * 1_000_003 + len(record.moves))
        return m

    def seat(self, seat: int) -> Seat:
        """What an agent of `seat` gets to see."""
        return self._seats[seat]

    def play(self, seat: int, action: Action) -> None:
        """Apply a player's action (IllegalAction leaves everything as it was)."""
        if seat == CHANCE:
            raise IllegalAction("chance outcomes are drawn by the match, not played")
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if self.listeners:
            for listen in self.listeners:
                listen(seat, action, self.state)
        self.state.apply(seat, action)
        if self.recording:
            self.record.moves.append((seat, action.to_json()))
        if seat == CHANCE:
            self.chance_steps += 1
        else:
            self.decisions += 1
        if self.after:
            for listen in self.after:
                listen(seat, action, self.state)

    def resolve_chance(self) -> None:
        """Draw chance outcomes until a player must act or the game is over."""
        state = self.state
        while state.to_act() == (CHANCE,):
            self._apply(CHANCE, sample_chance(state, self.rng))

    def advance(self, agents: Mapping[int, Agent], max_moves: int | None = None,
                shuffle: random.Random | None = None) -> tuple[int, ...]:
        """Play on: chance from the match's random source, agents for their seats, every
        seat of a simultaneous decision asked in turn (in seat order, or in an order drawn
        from `shuffle`, which tests use to try every order). Returns the seats without an
        agent that must decide now, or () when the game is over. `max_moves` bounds the
        moves made (RecordError if the game runs past it: a game that does not end)."""
        state = self.state
        seats = self._seats
        moves = 0
        try:   # around the loop, not in it: 3.11 charges nothing for a try until something is raised
            while True:
                to_act = state.to_act()
                if not to_act:
                    return ()
                if to_act[0] == CHANCE:
                    self._apply(CHANCE, sample_chance(state, self.rng))
                elif len(to_act) == 1:
                    agent = agents.get(to_act[0])
                    if agent is None:
                        return to_act
                    self._apply(to_act[0], agent.act(seats[to_act[0]]))
                else:
                    waiting = self._ask_each(to_act, agents, shuffle)
                    if waiting:
                        return waiting
                moves += 1
                if max_moves is not None and moves > max_moves:
                    raise RecordError(f"{self.game.id}: no end after {max_moves} moves (seed {self.record.seed})")
        except BaseException as exc:
            failure = foreign_failure(exc, agents.values()) or foreign_move(exc, agents)
            if failure is None:
                raise
            raise failure from exc

    def _ask_each(self, to_act: tuple[int, ...], agents: Mapping[int, Agent],
                  shuffle: random.Random | None) -> tuple[int, ...]:
        """A simultaneous decision: every owing seat with an agent answers, in seat order
        (or an order drawn from `shuffle`); the seats without an agent that still owe it
        (() once every seat still owing has an agent)."""
        state, seats = self.state, self._seats
        if shuffle is not None:
            to_act = tuple(shuffle.sample(to_act, len(to_act)))
        waiting = []
        for seat in to_act:
            agent = agents.get(seat)
            if agent is None:
                waiting.append(seat)
            elif seat in state.to_act():  # an earlier answer may have ended the decision
                self._apply(seat, agent.act(seats[seat]))
        if waiting and len(waiting) == len(to_act):
            return tuple(waiting)
        if waiting and all(s in waiting for s in state.to_act()):
            return state.to_act()
        return ()

    def run(self, agents: Mapping[int, Agent], max_moves: int | None = None) -> Outcome:
        """Play to the end with an agent in every seat; the outcome."""
        missing = [s for s in range(self.state.players) if s not in agents]
        if missing:
            raise IllegalAction(f"seats {', '.join(str(s + 1) for s in missing)} have no agent")
        self.advance(agents, max_moves)
        return self.state.outcome()
