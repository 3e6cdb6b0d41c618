// @ts-check
/** A line chart in SVG: each player's chance to win, move by move, in their colour, with
 * the moves a review points at marked; the figures are also given as a table for screen
 * readers and for the curious (folded under the chart). */
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const H = 260, LEFT = 44, RIGHT = 12, TOP = 12, BOTTOM = 34;

/** @typedef {{move: number, seat: number, chances: number[]}} Point */

/** @param {Point[]} points @param {string[]} names @param {number} moves the record's length
 * @param {{move: number, seat: number}[]} marks
 * @param {number} W the drawing's width: about the room it gets, so that its words keep
 * their size on a phone (a wide drawing scaled down would shrink them to specks) */
export function chanceChart(points, names, moves, marks, W = 720) {
  const players = names.length;
  const x = (/** @type {number} */ m) => LEFT + ((m + 1) / Math.max(1, moves)) * (W - LEFT - RIGHT);
  const y = (/** @type {number} */ c) => TOP + (1 - c) * (H - TOP - BOTTOM);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((c) => s("g", null,
    s("line", { x1: LEFT, x2: W - RIGHT, y1: y(c), y2: y(c), stroke: "#d8c8a8", "stroke-width": c === 0 ? 1.2 : 0.6 }),
    s("text", { x: LEFT - 6, y: y(c) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b4a36" }, `${Math.round(c * 100)} %`)));
  const lines = Array.from({ length: players }, (_, p) => {
    const d = points.map((pt, i) => `${i ? "L" : "M"}${x(pt.move).toFixed(1)},${y(pt.chances[p]).toFixed(1)}`).join(" ");
    return s("path", { d, fill: "none", stroke: `var(--p${p % 6})`, "stroke-width": 2.2, "stroke-linejoin": "round",
      class: "chance-line", "data-seat": p });
  });
  const at = new Map(points.map((pt) => [pt.move, pt]));
  const dots = marks.map((m) => {
    const pt = at.get(m.move);
    return pt ? s("circle", { cx: x(m.move), cy: y(pt.chances[m.seat]), r: 5, fill: "#fff", stroke: `var(--p${m.seat % 6})`,
      "stroke-width": 2.5, class: "mark" }, s("title", null, t("web.review.mark", { move: m.move + 1, player: names[m.seat] }))) : null;
  });
  const axis = s("text", { x: (LEFT + W - RIGHT) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12, fill: "#5b4a36" },
    t("web.review.axis", { moves }));
  const summary = t("web.review.chart_summary", { players: names.join(", "), moves });
  const svg = s("svg", { class: "chance-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": summary },
    ...grid, ...lines, ...dots, axis);
  const legend = h("ul", { class: "legend" }, ...names.map((n, p) => h("li", null, h("span", { class: `dot p${p}` }), n)));
  const rows = points.filter((_, i) => i % Math.max(1, Math.ceil(points.length / 40)) === 0 || i === points.length - 1);
  const table = h("details", { class: "chart-figures" }, h("summary", null, t("web.review.figures")),
    h("table", null, h("thead", null, h("tr", null, h("th", { scope: "col" }, t("web.review.move")),
      ...names.map((n) => h("th", { scope: "col" }, n)))),
    h("tbody", null, ...rows.map((pt) => h("tr", null, h("th", { scope: "row" }, String(pt.move + 1)),
      ...pt.chances.map((c) => h("td", null, `${Math.round(c * 100)} %`)))))));
  return h("figure", { class: "chart" }, svg, legend, table);
}
