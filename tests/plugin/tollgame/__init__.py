"""A game installed from outside reichsstadt/ with a data option: the toy dice game of
tests/core with a data file of its own (tolls.json, bundled beside this module), for the
commands that read a game's bundled data file."""

from .game import TollGame

GAME = TollGame()
