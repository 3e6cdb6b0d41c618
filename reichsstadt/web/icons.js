// @ts-check
/** Icons drawn as inline SVG (a font may lack the glyph: the replay's ⏮ ⏭ were empty
 * boxes), in a 24×24 box: as an element of their own for the page (`icon`), or as a group
 * inside a board's SVG (`glyph`). */
import { s } from "./dom.js";

/** @type {Record<string, (fill: string) => any[]>} */
const SHAPES = {
  first: (f) => [s("path", { d: "M5 4h3v16H5z M20 4v16L9 12z", fill: f })],
  back: (f) => [s("path", { d: "M17 4v16L6 12z", fill: f })],
  forward: (f) => [s("path", { d: "M7 4v16l11-8z", fill: f })],
  last: (f) => [s("path", { d: "M16 4h3v16h-3z M4 4v16l11-8z", fill: f })],
  help: (f) => [s("circle", { cx: 12, cy: 12, r: 10, fill: "none", stroke: f, "stroke-width": 2 }),
    s("path", { d: "M9 9.5a3 3 0 1 1 4.2 2.7c-.8.4-1.2 1-1.2 1.8v.8", fill: "none", stroke: f, "stroke-width": 2,
      "stroke-linecap": "round" }), s("circle", { cx: 12, cy: 18, r: 1.3, fill: f })],
  bulb: (f) => [s("path", { d: "M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z", fill: "none", stroke: f, "stroke-width": 2 }),
    s("path", { d: "M9 20h6 M10 23h4", stroke: f, "stroke-width": 2, "stroke-linecap": "round" })],
  down: (f) => [s("path", { d: "M5 9l7 7 7-7", fill: "none", stroke: f, "stroke-width": 2.5, "stroke-linecap": "round",
    "stroke-linejoin": "round" })],
  up: (f) => [s("path", { d: "M5 15l7-7 7 7", fill: "none", stroke: f, "stroke-width": 2.5, "stroke-linecap": "round",
    "stroke-linejoin": "round" })],
  close: (f) => [s("path", { d: "M6 6l12 12 M18 6L6 18", stroke: f, "stroke-width": 2.5, "stroke-linecap": "round" })],
  plus: (f) => [s("path", { d: "M12 5v14 M5 12h14", stroke: f, "stroke-width": 2.5, "stroke-linecap": "round" })],
  minus: (f) => [s("path", { d: "M5 12h14", stroke: f, "stroke-width": 2.5, "stroke-linecap": "round" })],
  check: (f) => [s("path", { d: "M4 12.5l5 5L20 6.5", fill: "none", stroke: f, "stroke-width": 3, "stroke-linecap": "round",
    "stroke-linejoin": "round" })],
  chart: (f) => [s("path", { d: "M3 3v18h18", fill: "none", stroke: f, "stroke-width": 2 }),
    s("path", { d: "M6 16l4-5 3 3 6-8", fill: "none", stroke: f, "stroke-width": 2.2, "stroke-linejoin": "round" })],
  trophy: (f) => [s("path", { d: "M7 3h10v5a5 5 0 0 1-10 0z M12 13v4 M8 21h8 M9 17h6v4H9z", fill: f }),
    s("path", { d: "M7 5H3v2a4 4 0 0 0 4 4 M17 5h4v2a4 4 0 0 1-4 4", fill: "none", stroke: f, "stroke-width": 1.8 })],
  star: (f) => [s("path", { d: "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7L12 17.3 5.8 21l1.6-7L2 9.2l7.1-.6z", fill: f })],
  moon: (f) => [s("path", { d: "M15 2.5a9.5 9.5 0 1 0 6.5 15.7A8 8 0 0 1 15 2.5z", fill: f })],
  sun: (f) => [s("circle", { cx: 12, cy: 12, r: 5, fill: f }),
    s("path", { d: "M12 1v4 M12 19v4 M1 12h4 M19 12h4 M4.2 4.2l2.8 2.8 M17 17l2.8 2.8 M4.2 19.8L7 17 M17 7l2.8-2.8",
      stroke: f, "stroke-width": 2, "stroke-linecap": "round" })],
  crown: (f) => [s("path", { d: "M2 8l5 4 5-7 5 7 5-4-2 11H4z", fill: f })],
  swords: (f) => [s("path", { d: "M4 3l11 11 M3 4l11 11 M20 3L9 14 M21 4L10 15 M6 15l3 3 M18 15l-3 3 M4 20l3-3 M20 20l-3-3",
    stroke: f, "stroke-width": 2, "stroke-linecap": "round" })],
  house: (f) => [s("path", { d: "M3 21V10l9-7 9 7v11z", fill: f })],
  square: (f) => [s("rect", { x: 4, y: 4, width: 16, height: 16, rx: 2, fill: f })],
  bar: (f) => [s("rect", { x: 8, y: 3, width: 8, height: 18, rx: 1.5, fill: f })],
  dot: (f) => [s("circle", { cx: 12, cy: 12, r: 6, fill: f })],
  turn: (f) => [s("path", { d: "M5 5v7a4 4 0 0 0 4 4h10 M15 12l4 4-4 4", fill: "none", stroke: f, "stroke-width": 2,
    "stroke-linecap": "round", "stroke-linejoin": "round" })],
  zoomin: (f) => [s("circle", { cx: 10, cy: 10, r: 7, fill: "none", stroke: f, "stroke-width": 2 }),
    s("path", { d: "M15 15l6 6 M7 10h6 M10 7v6", stroke: f, "stroke-width": 2.2, "stroke-linecap": "round" })],
  zoomout: (f) => [s("circle", { cx: 10, cy: 10, r: 7, fill: "none", stroke: f, "stroke-width": 2 }),
    s("path", { d: "M15 15l6 6 M7 10h6", stroke: f, "stroke-width": 2.2, "stroke-linecap": "round" })],
};

/** An icon for the page, `size` CSS pixels; with `label` it speaks (role img), else a
 * screen reader passes it by. @param {string} name @param {{size?: number, label?: string, fill?: string}} [o] */
export function icon(name, o = {}) {
  const size = o.size ?? 18;
  return s("svg", { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: size, height: size, focusable: "false",
    role: o.label ? "img" : null, "aria-label": o.label || null, "aria-hidden": o.label ? null : "true" },
  ...(SHAPES[name] || SHAPES.dot)(o.fill || "currentColor"));
}

/** The icon inside a board's SVG, in a `size` box at (x, y). @param {string} name @param {number} x @param {number} y
 * @param {number} size @param {string} [fill] */
export function glyph(name, x, y, size, fill = "currentColor") {
  const k = size / 24;
  return s("g", { class: `glyph glyph-${name}`, transform: `translate(${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}) scale(${Math.round(k * 1000) / 1000})` },
    ...(SHAPES[name] || SHAPES.dot)(fill));
}
