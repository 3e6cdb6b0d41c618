"""A finished game's positions for the replay page, kept so a step costs a few moves.

The replay page asks for one position at a time (a slider dragged, an arrow key held):
replaying the whole game for each was O(moves) on the event loop, a few milliseconds
in a long game, a stranger's lever against everyone. A finished game never changes, so
its moves and a copy of its state every `EVERY` moves are kept (the last `TABLES`
games asked for); a position is the nearest copy at or before it, cloned, plus at most
`EVERY - 1` moves."""

from __future__ import annotations

import bisect
from collections import OrderedDict
from typing import Any, Sequence

from ..core import State, game as find_game

EVERY = 32      # moves between kept copies of the state
TABLES = 16     # finished games kept (a copy costs a few kilobytes to tens of them)


class GamePositions:
    """One finished game: its moves and the states every `EVERY` moves, made as asked."""

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any],
                 moves: Sequence[tuple[int, Any]]) -> None:
        self.game = find_game(game_id)
        self.players = players
        self.moves = list(moves)
        self._at: list[int] = [0]            # move numbers with a kept state, ascending
        self._states: list[State] = [self.game.new(players, seed, options)]

    def at(self, move: int) -> State:
        """The state after the first `move` moves (a copy of one's own)."""
        if not 0 <= move <= len(self.moves):
            raise ValueError(f"move {move} is not within 0-{len(self.moves)}")
        k = bisect.bisect_right(self._at, move) - 1
        done, state = self._at[k], self._states[k].clone()
        while done < move:
            seat, action = self.moves[done]
            state.apply(seat, self.game.action_from_json(action, self.players))
            done += 1
            if done % EVERY == 0 and done > self._at[-1]:  # keep the copies in order: only past the last
                self._at.append(done)
                self._states.append(state.clone())
        return state


class Replays:
    """The finished games asked for lately, by table id (least recently asked forgotten)."""

    def __init__(self, most: int = TABLES) -> None:
        self.most = most
        self._games: OrderedDict[str, GamePositions] = OrderedDict()

    def get(self, table_id: str) -> GamePositions | None:
        found = self._games.get(table_id)
        if found is not None:
            self._games.move_to_end(table_id)
        return found

    def keep(self, table_id: str, positions: GamePositions) -> GamePositions:
        self._games[table_id] = positions
        self._games.move_to_end(table_id)
        while len(self._games) > self.most:
            self._games.popitem(last=False)
        return positions
