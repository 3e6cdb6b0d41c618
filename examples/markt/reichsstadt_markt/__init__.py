"""Markt: a market day in a free imperial city, a small complete game for reichsstadt.

`GAME` is what the package's entry point (group "reichsstadt.games") names; the platform
finds everything else through `GAME.parts`.

Layout, the same as the bundled engines' (scaled down): constants (numbers and codes),
actions (the action table), state (fields, queries, the core's hooks), rules (one
function per rule of RULES.md), present (views and words), game (the Game and its
parts); and the parts: terminal (the Rich board), heuristic (the greedy player),
encoder (the observation encoding), web/board.js (the browser board), i18n/ (the
catalogs in five languages)."""

from .game import Markt

GAME = Markt()

__all__ = ["GAME", "Markt"]
