// Text on the boards' SVG: widths measured in the page's font on a canvas (no layout
// needed), lines broken or shortened to fit. Shared by the boards drawn in the board's font.

/** @type {CanvasRenderingContext2D | null} */
let meter = null;
let family = "";
let meterFont = "";
/** @type {Map<string, number>} */
const widths = new Map();
/** The width of `str` at `size` (bold or not) in the page's font, measured on a canvas
 * (no layout needed), remembered. */
export function textWidth(/** @type {string} */ str, /** @type {number} */ size, bold = false) {
  const k = `${size}|${bold ? 1 : 0}|${str}`;
  let w = widths.get(k);
  if (w !== undefined) return w;
  if (!meter) {
    meter = document.createElement("canvas").getContext("2d");
    family = getComputedStyle(document.querySelector(".board") || document.body).fontFamily || "serif";
  }
  if (meter) {
    const font = `${bold ? "bold " : ""}${size}px ${family}`;
    if (font !== meterFont) { meter.font = font; meterFont = font; }
    w = meter.measureText(str).width;
  } else w = str.length * size * 0.55;
  widths.set(k, w);
  return w;
}

/** Words broken into lines no wider than `width`. */
export function wrap(/** @type {string} */ str, /** @type {number} */ width, /** @type {number} */ size, bold = false) {
  const lines = [];
  let line = "";
  for (const word of str.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > width) { lines.push(line); line = word; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Shorten `str` with an ellipsis to fit `width`. */
export function fit(/** @type {string} */ str, /** @type {number} */ width, /** @type {number} */ size, bold = false) {
  if (textWidth(str, size, bold) <= width) return str;
  let out = str;
  while (out.length > 1 && textWidth(`${out}…`, size, bold) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}
