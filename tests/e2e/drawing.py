"""Drawing a position (tests/e2e/positions.py) in a page the way the table page does:
the game's board with the legal moves and every part of the multi-part choice, the moves
panel beside it. INSTALL puts `window.drawPosition(page, pos, game, tableData, names)` in
the page (`tableData`: what `table_data` gives, the table's data route's answer); it
returns what the board said back (the moves it offers itself)."""

from __future__ import annotations

from typing import Any


def table_data(game_id: str) -> dict[str, Any]:
    """What /api/tables/{id}/data answers for a table of the game with its default options:
    the component data a board draws from and the game's drawing data (empty for a game
    without a data option)."""
    import reichsstadt

    g = reichsstadt.game(game_id)
    found = g.data_file({})
    return {"data": found[1], "board": g.board({})} if found is not None else {}

INSTALL = """async () => {
  const { MovesPanel } = await import('/static/table/moves.js');
  const boards = {};
  window.drawPosition = async (root, pos, game, tableData, names) => {
    boards[game] ||= await import(`/games/${game}/board.js`);
    const board = root.querySelector('.board');
    const moves = root.querySelector('.moves');
    const none = () => {};
    const extra = pos.pick ? pos.pick.moves.filter((m) => !pos.legal.some((l) => l.index === m.index)) : [];
    const ctx = { names, you: pos.seat };
    const drawn = boards[game].draw(board, pos.view, { ...ctx, legal: [...pos.legal, ...extra], pick: pos.pick,
      act: none, sendPick: none, togglePart: none, chosen: new Map(), tableId: `drawn-${game}`, ...tableData }) || {};
    const panel = { act: none, sendPick: none, togglePart: none, clear: none };
    if (moves) new MovesPanel(moves, panel).draw(pos, drawn, new Map(), ctx, null);
    return drawn;
  };
  window.tablePage = () => {
    const page = document.createElement('div'); page.className = 'table-page';
    const end = document.createElement('div'); end.className = 'end-box';
    const play = document.createElement('div'); play.className = 'play';
    const board = document.createElement('div'); board.className = 'board';
    const aside = document.createElement('aside');
    const moves = document.createElement('section'); moves.className = 'moves';
    aside.append(moves); play.append(board, aside); page.append(end, play);
    document.querySelector('main').replaceChildren(page);
    return page;
  };
}"""
