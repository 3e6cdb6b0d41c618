"""Playing and replaying in a terminal (Rich): the board, the moves in words, prompts."""
