// @ts-check
/** A piece of a board: what it is (its title: read on hover, on a long press, and as its
 * name by a screen reader, the SVG way; an aria-label would hide the words drawn on the
 * piece from its name) and, while it has legal moves, a click (or Enter, Space) that makes one.
 * The gold outline marks what a click may do, the green one what is chosen; the suggest
 * switch lights the hint's piece. Every piece has a `data-key`, stable across draws, by
 * which focus and "what just happened" follow it from one drawing to the next. */
import { s } from "/static/dom.js";
import { text } from "/static/board/svg.js";
import { textWidth } from "/static/board/textfit.js";

/** @typedef {import("/static/board/types.js").Move} Move */

/** @typedef {{key: string, what: string, box: number[], moves?: Move[], click?: (() => void) | null,
 *   does?: string, picked?: boolean, count?: number, part?: boolean, children: any[], round?: number,
 *   ask?: (() => void) | null}} PieceSpec
 * `what`: what the piece is; `does`: what a click does (its move's words); `picked`: chosen
 * as a part of a multi-part choice (undefined: not a part); `count`: chosen that many times;
 * `ask`: what a click on the piece does while it has no legal move (asks why: ctx.why). */

/** @param {PieceSpec} o */
export function piece(o) {
  const live = Boolean(o.click && o.moves && o.moves.length);
  const [x, y, w, h] = o.box;
  const tip = live && o.does ? `${o.what}\n${o.does}` : o.what;
  const g = s("g", {
    class: `piece${live ? " legal" : ""}${o.picked ? " picked" : ""}${o.part ? " part" : ""}`,
    "data-key": o.key,
    "data-legal": live ? (o.moves || []).map((m) => m.index).join(" ") : null,
    role: live ? "button" : null, tabindex: live ? 0 : null,
    "aria-pressed": live && o.picked !== undefined ? String(Boolean(o.picked)) : null,
  }, s("title", null, tip),
  live ? s("rect", { class: "hit", x, y, width: w, height: h, fill: "transparent" }) : null, ...o.children,
  live || o.picked ? s("rect", { class: "hl", x: x - 2, y: y - 2, width: w + 4, height: h + 4, rx: o.round ?? 5 }) : null,
  o.count && o.count > 1 ? badge(x + w - 2, y - 4, `×${o.count}`) : null,
  o.picked && !(o.count && o.count > 1) ? badge(x + w - 2, y - 4, "✓") : null);
  if (live) activate(g, /** @type {() => void} */ (o.click));
  else if (o.ask) asks(g, o.ask);
  return g;
}

/** A click, Enter or Space on `el` runs `run` (the piece's move). @param {Element} el @param {() => void} run */
export function activate(el, run) {
  el.addEventListener("click", (e) => { e.stopPropagation(); run(); });
  el.addEventListener("keydown", (e) => {
    const k = /** @type {KeyboardEvent} */ (e).key;
    if (k === "Enter" || k === " ") { e.preventDefault(); run(); }
  });
}

/** A click on `el`, a place the player cannot use now, asks why (`ask`: ctx.why of its
 * move); only the mouse or a finger: the keyboard's Tab goes from move to move.
 * @param {Element} el @param {() => void} ask */
export function asks(el, ask) {
  el.classList.add("asks");
  el.addEventListener("click", (e) => { e.stopPropagation(); ask(); });
}

/** A small green badge (a count, a tick). @param {number} x @param {number} y @param {string} label */
export function badge(x, y, label) {
  const w = Math.max(16, textWidth(label, 11, true) + 8);
  return s("g", { class: "badge" }, s("rect", { x: x - w / 2, y: y - 8, width: w, height: 16, rx: 8, fill: "var(--ok)" }),
    text(x, y + 4, label, 11, { anchor: "middle", bold: true, fill: "#fff" }));
}
