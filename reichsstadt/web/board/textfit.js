// @ts-check
/** Text on the boards' SVG: widths measured in the board's own font on a canvas (no layout
 * needed), lines broken, and a size found at which words fit their room. Words are never
 * cut: what does not fit at the smallest size allowed is squeezed (svg.js). */

/** @type {CanvasRenderingContext2D | null} */
let meter = null;
let family = "";
let meterFont = "";
/** @type {Map<string, number>} */
const widths = new Map();

/** The font family the boards draw in: the page's, as the board element has it. */
function boardFamily() {
  if (!family) {
    const el = document.querySelector(".board") || document.body;
    family = getComputedStyle(el).fontFamily || "serif";
  }
  return family;
}

/** The width of `str` at `size` (bold, italic or not) in the boards' font, remembered.
 * @param {string} str @param {number} size */
export function textWidth(str, size, bold = false, italic = false) {
  const k = `${size}|${bold ? 1 : 0}${italic ? 1 : 0}|${str}`;
  let w = widths.get(k);
  if (w !== undefined) return w;
  if (!meter) meter = document.createElement("canvas").getContext("2d");
  if (meter) {
    const font = `${italic ? "italic " : ""}${bold ? "bold " : ""}${size}px ${boardFamily()}`;
    if (font !== meterFont) { meter.font = font; meterFont = font; }
    w = meter.measureText(str).width;
  } else w = str.length * size * 0.55;
  widths.set(k, w);
  return w;
}

/** Words (or given pieces joined by `glue`) broken into lines no wider than `width` where
 * a piece allows it. @param {string | string[]} words @param {number} width @param {number} size */
export function wrap(words, width, size, bold = false, glue = " ", italic = false) {
  const pieces = typeof words === "string" ? words.split(/\s+/).filter(Boolean) : words;
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const piece of pieces) {
    const next = line ? `${line}${glue}${piece}` : piece;
    if (line && textWidth(next, size, bold, italic) > width) {
      lines.push(line);
      line = glue.trim() ? `${glue.trim()} ${piece}` : piece;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The size, at most `size` and at least `least` times it, at which `str` fits `width`.
 * @param {string} str @param {number} width @param {number} size
 * @param {{bold?: boolean, italic?: boolean, least?: number}} [o] */
export function fitSize(str, width, size, o = {}) {
  const w = textWidth(str, size, o.bold, o.italic);
  if (w <= width) return size;
  return Math.max(size * (o.least ?? 0.7), Math.floor((size * width / w) * 10) / 10);
}

/** Words in at most `most` lines no wider than `width`, at `size` or as much smaller as
 * they need down to 60 % (another language's words can be longer than the board's room):
 * the lines and the size. @param {string | string[]} words @param {number} width @param {number} size
 * @param {{bold?: boolean, italic?: boolean, most?: number, glue?: string}} [o] */
export function fitLines(words, width, size, o = {}) {
  const bold = Boolean(o.bold), italic = Boolean(o.italic), most = o.most || 1, glue = o.glue ?? " ";
  const fitting = (/** @type {string[]} */ lines, /** @type {number} */ sz) => lines.length <= most
    && lines.every((l) => textWidth(l, sz, bold, italic) <= width);
  for (let sz = size; ; sz = Math.round(sz * 0.92 * 10) / 10) {
    const lines = wrap(words, width, sz, bold, glue, italic);
    const fits = fitting(lines, sz);
    // rather than shrink a long word to specks ("Bürgermeister" on a card), break it once
    if (!fits && most > 1 && typeof words === "string" && glue === " " && sz <= size * 0.85) {
      const pieces = words.split(/\s+/).filter(Boolean)
        .flatMap((p) => (textWidth(p, sz, bold, italic) > width ? hyphenate(p) || [p] : [p]));
      const broken = wrap(pieces, width, sz, bold, glue, italic);
      if (fitting(broken, sz)) return { lines: broken, size: sz };
    }
    if (fits || sz < size * 0.6) {
      if (lines.length <= most) return { lines, size: sz };
      // still too many lines: the last takes the rest (and is squeezed to its width)
      return { lines: [...lines.slice(0, most - 1), lines.slice(most - 1).join(glue)], size: sz };
    }
  }
}

const VOWELS = /[aeiouyäöüàâæçéèêëîïôœùûÿáíóúаеёиоуыэюяьъй]/i;
const ONSETS = ["tr", "br", "pr", "kr", "gr", "dr", "fr", "bl", "pl", "kl", "gl", "fl", "sch", "ch"];

/** A long word broken in two with a hyphen where a syllable may start: between two
 * consonants, the second part beginning as syllables do, nearest the middle
 * ("Bürger-meister", "Steuerein-treiber", "Handwerks-meister"); null when it has no such place.
 * @param {string} word @returns {string[] | null} */
export function hyphenate(word) {
  if (word.length < 8 || !/^\p{L}+$/u.test(word)) return null;
  let best = -1, bestScore = Infinity;
  for (let i = 3; i <= word.length - 3; i++) {
    const before = word[i - 1].toLowerCase(), rest = word.slice(i).toLowerCase();
    if (VOWELS.test(before) || VOWELS.test(rest[0]) || (before === "c" && "hk".includes(rest[0]))) continue;
    const onset = VOWELS.test(rest[1]) || ONSETS.some((o) => rest.startsWith(o));
    const torn = ONSETS.some((o) => (before + rest).startsWith(o));  // "Buchd-rucker": "dr" belongs together
    const score = Math.abs(i - word.length / 2) + (onset ? 0 : 3) + (torn ? 3 : 0);
    if (score < bestScore) { best = i; bestScore = score; }
  }
  return best < 0 ? null : [`${word.slice(0, best)}-`, word.slice(best)];
}
