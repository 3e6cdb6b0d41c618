// @ts-check
/** The end of a game, first thing on the page: who won, the ranking with each player's
 * total, and the breakdown of the scores (a row per scoring item, a column per player in
 * rank order), compact enough to be read without scrolling on a phone; then the way to
 * the review of the game and its replay. */
import { h } from "../dom.js";
import { playerName, render, sentence, t } from "../i18n.js";
import { icon } from "../icons.js";

/** @typedef {import("../i18n.js").Context} Words */
/** @typedef {{scores: number[], ranks: number[], winners?: number[], breakdown: Record<string, number>[]}} Result */

/** A scoring item's name from the game's catalog (`<game>.score.<item>`), else its key.
 * @param {string} game @param {string} k */
function itemName(game, k) {
  const words = t(`${game}.score.${k}`);
  return words.startsWith("⟨") ? k : words;
}

/** @param {Result} r */
function winnersOf(r) {
  if (r.winners && r.winners.length) return r.winners;
  return r.ranks.map((rank, i) => (rank === 1 ? i : -1)).filter((i) => i >= 0);
}

/** The scoring items that make up the totals: the longest run from the first whose sums
 * are every player's total; the items after it only break ties (Colonia's money, goods
 * and materials), shown below the total. All of them when no run adds up.
 * @param {Result} r @param {string[]} items @returns {number} how many count */
export function counted(r, items) {
  let best = items.length;
  for (let n = items.length; n > 0; n--) {
    if (r.scores.every((score, i) => items.slice(0, n).reduce((a, k) => a + (r.breakdown[i][k] ?? 0), 0) === score)) {
      best = n;
      break;
    }
  }
  return best;
}

/** Who won, with how many points ("Ann wins with 14 points"). @param {Result} r @param {Words} ctx */
export function winnerSentence(r, ctx) {
  const win = winnersOf(r);
  return win.length === 1
    ? render({ id: "web.end.winner", args: { player: { player: win[0] }, count: r.scores[win[0]] } }, ctx)
    : render({ id: "web.end.shared", args: { players: win.map((p) => ({ player: p })), count: r.scores[win[0]] } }, ctx);
}

/** The log's last line once a game is over: who won, as the banner says it (a reader of
 * the log, or of a replay's last move, finds the end where the moves end).
 * @param {Result} r @param {Words} ctx */
export function closingLine(r, ctx) {
  return h("li", { class: "note closing" }, "— ", sentence(winnerSentence(r, ctx)));
}

/** The banner. @param {Result} r @param {string} game @param {Words} ctx
 * @param {{review?: string | null, replay?: string | null, record?: string | null}} links */
export function endBanner(r, game, ctx, links) {
  const order = r.ranks.map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b] || a - b);
  const win = winnersOf(r);
  const you = ctx.you ?? null;
  const headline = winnerSentence(r, ctx);
  const all = [...new Set(r.breakdown.flatMap((b) => Object.keys(b)))];
  const items = all.slice(0, counted(r, all));
  const ties = all.slice(items.length);
  const row = (/** @type {string} */ k) => h("tr", ties.includes(k) ? { class: "tie-break" } : null,
    h("th", { scope: "row" }, itemName(game, k)), ...order.map((i) => h("td", null, String(r.breakdown[i][k] ?? 0))));
  const table = h("table", { class: "scores" },
    h("caption", { class: "sr-only" }, t("web.table.scores")),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, t("web.end.item")), ...order.map((i) =>
      h("th", { scope: "col", class: `${win.includes(i) ? "winner" : ""}${i === you ? " me" : ""}`, "data-seat": i },
        h("span", { class: `dot p${i}` }), `${r.ranks[i]}. `, sentence(playerName(i, ctx)))))),
    h("tbody", null, ...items.map(row),
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("web.table.total")), ...order.map((i) =>
        h("td", { "data-seat": i }, String(r.scores[i])))),
      ties.length ? h("tr", { class: "tie-head" }, h("th", { colspan: order.length + 1 }, t("web.end.tie_breaks"))) : null,
      ...ties.map(row)));
  // on a narrow screen: a line per player, the breakdown beneath it (no table to scroll)
  const ranking = h("ol", { class: "ranking" }, ...order.map((i) => h("li", { class: win.includes(i) ? "winner" : "", "data-seat": i },
    h("span", { class: "place" }, `${r.ranks[i]}.`), h("span", { class: `dot p${i}` }),
    h("span", { class: "who" }, sentence(playerName(i, ctx))), h("b", { class: "total" }, String(r.scores[i])),
    h("span", { class: "items" }, all.filter((k) => r.breakdown[i][k]).map((k) => `${itemName(game, k)} ${r.breakdown[i][k]}`).join(" · ")))));
  return h("section", { class: "end", "aria-label": t("web.end.title") },
    h("h2", null, icon("trophy", { size: 22 }), " ", sentence(headline)),
    h("div", { class: "scores-box" }, table), ranking,
    h("p", { class: "end-links" },
      links.review ? h("a", { class: "button primary", href: links.review, "data-go": true }, icon("chart"), " ", t("web.review.open")) : null,
      links.replay ? h("a", { class: "button", href: links.replay, "data-go": true }, t("web.replay.title")) : null,
      links.record ? h("a", { class: "button", href: links.record, download: "" }, t("web.table.download")) : null));
}
