"""A heuristic module as a game declares one (its "heuristic" part), for the toy game of
tests/core: its Greedy player takes the first legal move."""

from reichsstadt.core import Action, Seat


class Greedy:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, seat: Seat) -> Action:
        return seat.legal()[0]
