// @ts-check
/** SVG building blocks of the boards: text that fits its room, groups placed at a point,
 * boxes flowed into lines, a piece's explanation. */
import { s } from "/static/dom.js";
import { fitLines, fitSize, textWidth } from "/static/board/textfit.js";

export const INK = "#2b211a";

/** @typedef {{anchor?: string, bold?: boolean, fill?: string, italic?: boolean, cls?: string, width?: number,
 *   least?: number}} TextOpts
 * `width`: the room the words have; they are set smaller (down to `least` of `size`) and,
 * past that, squeezed to fit it, never cut (the language test reads `data-w`). */

/** One line of text. @param {number} x @param {number} y @param {string} str @param {number} size
 * @param {TextOpts} [o] */
export function text(x, y, str, size, o = {}) {
  const sz = o.width ? fitSize(str, o.width, size, o) : size;
  const node = s("text", { x: r1(x), y: r1(y), "font-size": sz, "text-anchor": o.anchor || null,
    "font-weight": o.bold ? "bold" : null, "font-style": o.italic ? "italic" : null, fill: o.fill || INK,
    class: o.cls || null, "data-w": o.width ? r1(o.width) : null }, str);
  if (o.width && textWidth(str, sz, o.bold, o.italic) > o.width) {
    node.setAttribute("textLength", String(r1(o.width)));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** Words in at most `most` lines of `width`, `lead` apart from `y` down (see fitLines).
 * @param {number} x @param {number} y @param {string | string[]} words @param {number} width @param {number} size
 * @param {TextOpts & {most?: number, lead?: number, glue?: string}} [o] */
export function lines(x, y, words, width, size, o = {}) {
  const got = fitLines(words, width, size, { bold: o.bold, italic: o.italic, most: o.most, glue: o.glue });
  const lead = o.lead ?? got.size * 1.2;
  return got.lines.map((line, i) => text(x, y + i * lead, line, got.size, { ...o, width, least: 1 }));
}

/** Children placed at (x, y). @param {number} x @param {number} y @param {...any} children */
export function at(x, y, ...children) {
  return s("g", { transform: `translate(${r1(x)},${r1(y)})` }, ...children);
}

/** What a thing is, for its hover (and, on a touch screen, its long press). @param {string} what */
export function tip(what) {
  return s("title", null, what);
}

/** Boxes placed left to right, wrapped at `width`.
 * @typedef {{w: number, h: number, make: (x: number, y: number) => Element}} Box */
/** @param {Box[]} items @param {number} width */
export function flow(items, width, gapX = 6, gapY = 6) {
  let x = 0, y = 0, line = 0;
  const nodes = [];
  for (const it of items) {
    if (x > 0 && x + it.w > width) { x = 0; y += line + gapY; line = 0; }
    nodes.push(it.make(x, y));
    x += it.w + gapX;
    line = Math.max(line, it.h);
  }
  return { nodes, height: items.length ? y + line : 0 };
}

/** A number to one decimal (short SVG). @param {number} v */
export function r1(v) { return Math.round(v * 10) / 10; }
