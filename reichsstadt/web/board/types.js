// @ts-check
/** The types every board module and the table page share (JSDoc only: nothing runs here).
 * A board module is `draw(el, view, ctx) -> Drawn | void`: it draws the seat's `view` into
 * `el` and makes the legal moves clickable (DESIGN.md, "Browser boards"). */

/** A legal move as the server sends it: its index in the game's action space, the action
 * as JSON, its words (a message) and, for a move that cannot be undone, why (a message).
 * @typedef {{index: number, action: any, words: any, confirm: any}} Move */

/** A multi-part choice (State.pick): its parts in canonical order, every part with its
 * words, the finish move, how many parts at least and at most, whether a part may repeat,
 * and the groups the parts only go together within (empty: any set; board/picks.js).
 * @typedef {{parts: number[], moves: Move[], finish: number | null, most: number, least: number,
 *   repeat: boolean, groups?: number[][]}} Pick */

/** The hint of the "suggest" switch: the move a bot would make and its chance to win.
 * @typedef {{index: number, chance: number | null}} Hint */

/** What a board is drawn with, beside the view.
 * @typedef {{
 *   why?: (action: any) => void,
 *   names: (string | null)[],
 *   you: number | null,
 *   legal: Move[],
 *   pick: Pick | null,
 *   act: (m: Move) => void,
 *   sendPick: (parts: number[]) => void,
 *   togglePart: (index: number, cap?: number) => void,
 *   chosen: Map<number, number>,
 *   tableId?: string,
 *   data?: any,
 *   board?: any,
 *   hint?: Hint | null,
 *   fresh?: boolean,
 * }} Ctx
 * `chosen`: the parts of the multi-part choice chosen so far (index -> times), shared with
 * the moves panel's form; `togglePart` changes it and redraws both. `data`, `board`: the
 * table's component data (a map) and the game's drawing data (Game.board: positions and
 * colours computed once by the game), for a game that has them. `hint`: the move the
 * suggest switch lights. `fresh`: others' moves came in since the board was last drawn
 * (what they changed is lit for a few seconds). `why`: asks the server why the action (its
 * JSON, as a Move's `action`) is not possible now; the answer shows under the board (a
 * click on a piece the player cannot use says why; absent for a spectator). */

/** What a board says back: the legal moves it offers itself (the moves panel lists only
 * the others) and whether it shows the multi-part choice itself.
 * @typedef {{placed?: Set<number>, pick?: boolean}} Drawn */

export {};
