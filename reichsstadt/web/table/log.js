// @ts-check
/** The log: a line per move (who, what, and what it set in motion), the server's notes
 * (a bot taking over a seat, a clock run out), and the "since your last turn" line that
 * sums up what the others did while the reader waited. */
import { h } from "../dom.js";
import { playerName, render, sentence, t } from "../i18n.js";
import { icon } from "../icons.js";

/** A log entry; `folded`: a step of a chain whose last step says the whole of it (a
 * Siedler offer built card by card), kept in the log but not shown.
 * @typedef {{n: number, seat: number, words: any, news: any[], note?: boolean, folded?: boolean}} Entry */
/** @typedef {import("../i18n.js").Context} Words */

/** Who made a move, at the start of a line. @param {number} seat @param {Words} ctx */
export function who(seat, ctx) {
  return sentence(seat < 0 ? t("web.table.chance") : playerName(seat, ctx));
}

/** The numbers of the moves that entry `i` states, as its line shows them: its own, and
 * those of its player's folded steps since that player's last line (a Siedler offer put
 * together card by card and sent is "12–15."; where another player's move came between
 * two of them, "12, 14–15."), so that the numbers run on without a gap.
 * @param {Entry[]} entries @param {number} i */
export function moveNumbers(entries, i) {
  const e = entries[i];
  const ns = [e.n];
  if (!e.folded && !e.note) {
    for (let k = i - 1; k >= 0; k--) {
      const o = entries[k];
      if (o.note || o.seat !== e.seat) continue;
      if (!o.folded) break;
      ns.push(o.n);
    }
  }
  ns.sort((a, b) => a - b);
  /** @type {string[]} */
  const runs = [];
  for (let j = 0; j < ns.length; j++) {
    let end = j;
    while (end + 1 < ns.length && ns[end + 1] === ns[end] + 1) end++;
    runs.push(end > j ? `${ns[j] + 1}–${ns[end] + 1}` : `${ns[j] + 1}`);
    j = end;
  }
  return `${runs.join(", ")}.`;
}

/** A line of the log; `numbers`: the moves it states (moveNumbers), its own by default.
 * @param {Entry} e @param {Words} ctx @param {string} [numbers] */
export function logLine(e, ctx, numbers = `${e.n + 1}.`) {
  if (e.note) return h("li", { class: "note" }, "— ", sentence(render(e.words, ctx)));
  return h("li", { "data-seat": e.seat, class: e.folded ? "folded" : null, hidden: e.folded || null }, h("span", { class: "n" }, numbers), " ", h("strong", null, who(e.seat, ctx)),
    t("core.after_name"), render(e.words, ctx),
    ...e.news.map((n) => h("div", { class: "news" }, icon("turn", { size: 12 }), " ", sentence(render(n, ctx)))));
}

const SHOWN = 3;  // moves per player on the line; the rest fold away

/** What the others did since the reader's own last move (since the start before it), per
 * player their latest moves, the whole list folded beneath; null when nothing happened.
 * @param {Entry[]} entries @param {number | null} you @param {Words} ctx */
export function sinceLine(entries, you, ctx) {
  if (you === null) return null;
  let from = 0, moved = false;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (!entries[i].note && entries[i].seat === you) { from = i + 1; moved = true; break; }
  }
  const shown = entries.slice(from).map((e, k) => ({ e, i: from + k }))
    .filter(({ e }) => !e.note && !e.folded && e.seat !== you);
  const theirs = shown.map(({ e }) => e);
  if (!theirs.length) return null;
  /** @type {Map<number, string[]>} */
  const by = new Map();
  for (const e of theirs) {
    const said = by.get(e.seat) || [];
    said.push(render(e.words, ctx));
    by.set(e.seat, said);
  }
  const parts = [...by].map(([seat, said]) => {
    const last = said.slice(seat < 0 ? -1 : -SHOWN);  // of the chance draws, the latest
    const more = said.length - last.length;
    return h("span", { class: "since-seat", "data-seat": seat }, h("strong", null, who(seat, ctx)), t("core.after_name"),
      last.join("; "), more ? ` ${t("web.since.more", { count: more })}` : "");
  });
  return h("details", { class: "since" },
    // before the reader's first move there is no "last turn": it counts from the start
    h("summary", null, h("b", null, t(moved ? "web.since.title" : "web.since.title_start", { count: theirs.length })), " ",
      h("span", { class: "since-text" }, ...parts.flatMap((p, i) => (i ? [" · ", p] : [p])))),
    h("ol", { class: "since-all" }, ...shown.map(({ e, i }) => logLine(e, ctx, moveNumbers(entries, i)))));
}
