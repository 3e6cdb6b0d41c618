// @ts-check
/** Where a board lives on the page: one element, drawn afresh for each state. The host
 * remembers what it drew last, draws again when the element's width calls for another
 * layout, keeps the keyboard's place (focus follows a piece by its `data-key`), lights
 * what others' moves changed (changes.js), the suggested move, and gives every board the
 * arrow keys (keys.js) and long presses (explain.js). The three boards are built on it. */
import { lightChanges } from "/static/board/changes.js";
import { explainOnLongPress } from "/static/board/explain.js";
import { arrowKeys } from "/static/board/keys.js";

/** @typedef {import("/static/board/types.js").Ctx} Ctx */
/** @typedef {import("/static/board/types.js").Drawn} Drawn */

/** A board: its layout for a width (a number or a word; a new one redraws), and how it is
 * built for a view in that layout (`redraw` draws it again, e.g. after a choice made on it).
 * @typedef {{layout: (width: number, view: any) => string | number,
 *   build: (view: any, ctx: Ctx, layout: any, redraw: () => void) => {node: Node, drawn?: Drawn}}} BoardSpec */

/** @typedef {{view: any, ctx: Ctx, spec: BoardSpec, layout: string | number}} Last */

/** @type {WeakMap<HTMLElement, Last>} */
const drawn = new WeakMap();
/** The element's width as its ResizeObserver last saw it (a draw needs no fresh layout).
 * @type {WeakMap<HTMLElement, number>} */
const sizes = new WeakMap();
/** @type {WeakSet<HTMLElement>} */
const ready = new WeakSet();
/** @type {WeakMap<HTMLElement, Record<string, any>>} */
const memories = new WeakMap();

/** Draw `view` into `el` with `spec`. @param {HTMLElement} el @param {any} view @param {Ctx} ctx
 * @param {BoardSpec} spec @returns {Drawn} */
export function mount(el, view, ctx, spec) {
  setUp(el);
  let px = sizes.get(el);
  if (px === undefined) { px = el.clientWidth; sizes.set(el, px); }
  const layout = spec.layout(px || 1000, view);
  drawn.set(el, { view, ctx, spec, layout });
  const focused = document.activeElement instanceof Element && el.contains(document.activeElement)
    ? document.activeElement : null;
  const focusKey = focused ? focused.closest("[data-key]")?.getAttribute("data-key") ?? null : null;
  const before = ctx.fresh ? lightChanges.measure(el) : null;
  const got = spec.build(view, ctx, layout, () => redraw(el));
  el.replaceChildren(got.node);
  if (before) lightChanges.apply(el, before);
  else lightChanges.keep(el);
  suggest(el, ctx);
  if (focused) refocus(el, focusKey);
  return got.drawn || {};
}

/** Draw `el` again with what it was last drawn with. @param {HTMLElement} el */
export function redraw(el) {
  const last = drawn.get(el);
  if (last) mount(el, last.view, { ...last.ctx, fresh: false }, last.spec);
}

/** What a board remembers between two draws of one element (choices being made on it).
 * @param {HTMLElement} el */
export function memory(el) {
  let m = memories.get(el);
  if (!m) { m = {}; memories.set(el, m); }
  return m;
}

/** @param {HTMLElement} el */
function setUp(el) {
  if (ready.has(el)) return;
  ready.add(el);
  if (!el.hasAttribute("tabindex")) el.tabIndex = -1;  // the keyboard's place when its piece is gone
  arrowKeys(el);
  explainOnLongPress(el);
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].contentRect;
    if (box.width) sizes.set(el, box.width);
    const last = drawn.get(el);
    if (last && box.width && last.spec.layout(box.width, last.view) !== last.layout) redraw(el);
  }).observe(el);
}

/** The suggest switch's move, lit where it is on the board. @param {HTMLElement} el @param {Ctx} ctx */
function suggest(el, ctx) {
  if (!ctx.hint) return;
  const index = String(ctx.hint.index);
  for (const node of el.querySelectorAll("[data-legal]")) {
    if ((node.getAttribute("data-legal") || "").split(/[ ,]/).includes(index)) node.classList.add("suggested");
  }
}

/** Focus the piece of `key` again, else the first legal piece, else the board itself.
 * @param {HTMLElement} el @param {string | null} key */
function refocus(el, key) {
  const again = key ? el.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  const target = again && focusable(again) ? again : el.querySelector("[data-legal][tabindex='0'], [data-legal]:is(button):not(:disabled)");
  const node = /** @type {HTMLElement | SVGElement} */ (target || el);
  node.focus({ preventScroll: true });
}

/** @param {Element} node */
function focusable(node) {
  return node.getAttribute("tabindex") === "0" || (node instanceof HTMLButtonElement && !node.disabled);
}
