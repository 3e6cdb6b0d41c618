"""siedler: engine package (GAME is defined once the rules are in)."""
