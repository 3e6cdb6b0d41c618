"""The names importers of the first server used for what a seat is told (kept so their
code runs on): the message parts live in messages.py, the live table in table.py."""

from __future__ import annotations

from .messages import board_html, legal_moves, seat_parts

__all__ = ["board_html", "legal_moves", "seat_parts"]
