// @ts-check
/** What just happened: when others' moves come in, the pieces they changed (by `data-key`:
 * a count, an owner's colour, a piece added or taken) glow for a few seconds, and a piece
 * that travelled (by `data-travel`: a tile hired, the robber moved) glides from where it
 * was. The glow keeps its place in time across redraws (its animation resumes where it
 * was), so a burst of bot moves does not restart or drop it. */

const GLOW_MS = 4000;
const GLIDE_MS = 700;

/** Each board element's glowing pieces: key -> when it started. @type {WeakMap<Element, Map<string, number>>} */
const glowing = new WeakMap();

/** @typedef {{sigs: Map<string, string>, places: Map<string, DOMRect>}} Before */

/** A piece's look, without what only says a click may do (outlines, hit areas, titles,
 * badges) and without the pieces inside it that have keys of their own. @param {Element} node */
function signature(node) {
  let out = "";
  /** @param {Element} el */
  const walk = (el) => {
    for (const child of el.children) {
      if (child.tagName === "title" || child.hasAttribute("data-key")) continue;
      const cls = child.getAttribute("class") || "";
      if (/\b(hl|hit|badge)\b/.test(cls)) continue;
      if (child.tagName === "text" || child.children.length === 0) out += `${child.tagName}:${child.textContent}`;
      out += `|${child.getAttribute("fill") || ""}|${child.getAttribute("style") || ""}|${child.getAttribute("opacity") || ""};`;
      walk(child);
    }
  };
  walk(node);
  return out;
}

export const lightChanges = {
  /** The board as it is, before it is drawn again. @param {Element} el @returns {Before} */
  measure(el) {
    const sigs = new Map();
    for (const node of el.querySelectorAll("[data-key]")) sigs.set(/** @type {string} */ (node.getAttribute("data-key")), signature(node));
    const places = new Map();
    for (const node of el.querySelectorAll("[data-travel]")) places.set(/** @type {string} */ (node.getAttribute("data-travel")), node.getBoundingClientRect());
    return { sigs, places };
  },

  /** Light what changed since `before` (others moved), glide what travelled.
   * @param {Element} el @param {Before} before */
  apply(el, before) {
    const now = performance.now();
    const lit = glowing.get(el) || new Map();
    glowing.set(el, lit);
    for (const node of el.querySelectorAll("[data-key]")) {
      const key = /** @type {string} */ (node.getAttribute("data-key"));
      const was = before.sigs.get(key);
      if (was !== undefined && was !== signature(node)) lit.set(key, now);
    }
    this.keep(el);
    for (const node of el.querySelectorAll("[data-travel]")) {
      const from = before.places.get(/** @type {string} */ (node.getAttribute("data-travel")));
      if (from) glide(node, from);
    }
  },

  /** Keep the glow of pieces still within their few seconds (a redraw of one's own).
   * @param {Element} el */
  keep(el) {
    const lit = glowing.get(el);
    if (!lit || !lit.size) return;
    const now = performance.now();
    for (const [key, since] of lit) {
      if (now - since >= GLOW_MS) { lit.delete(key); continue; }
      const node = el.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (!(node instanceof HTMLElement || node instanceof SVGElement)) continue;
      node.classList.add("changed");
      node.style.animationDelay = `${-(now - since)}ms`;
    }
  },
};

/** Move `node` from `from` (its old place on the screen) to where it is now.
 * @param {Element} node @param {DOMRect} from */
function glide(node, from) {
  const to = node.getBoundingClientRect();
  let dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) < 4 && Math.abs(dy) < 4) return;
  if (node instanceof SVGGraphicsElement) {  // CSS pixels inside an SVG are its own units
    const m = node.getScreenCTM();
    if (m && m.a) { dx /= m.a; dy /= m.d || m.a; }
  }
  node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: GLIDE_MS, easing: "ease-in-out" });
}
