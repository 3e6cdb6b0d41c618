// @ts-check
/** The review of a finished game: each player's chance to win, move by move, as a chart,
 * and the three moves where a player's chance fell most, each with the move the bot
 * would have made (reichsstadt.bots.review, worked out by the server in the background:
 * 202 while it is being made, then the review). The reader's own seat comes first. */
import { api, keys, request } from "./api.js";
import { h, fill } from "./dom.js";
import { render, sentence, t } from "./i18n.js";
import { chanceChart } from "./chart.js";
import { seatNames } from "./names.js";

const FIRST_WAIT_MS = 1000, LONGEST_WAIT_MS = 8000;

/** @param {HTMLElement} app @param {string} tableId @returns {Promise<() => void>} */
export async function showReview(app, tableId) {
  const info = await api(`/api/tables/${tableId}`);
  const names = seatNames(info.seats);
  const body = h("div", { class: "review-body", role: "status", "aria-live": "polite" }, h("p", null, t("web.review.asking")));
  fill(app, h("div", { class: "review" }, h("h1", null, t("web.review.heading", { game: info.title })),
    h("p", { class: "links" }, h("a", { class: "button", href: `/t/${tableId}`, "data-go": true }, t("web.review.back")), " ",
      h("a", { class: "button", href: `/t/${tableId}/replay`, "data-go": true }, t("web.replay.title"))),
    body));
  let left = false;
  let wait = FIRST_WAIT_MS;
  /** @type {number} */
  let timer = 0;
  const ask = async () => {
    if (left) return;
    try {
      const res = await request(`/api/tables/${tableId}/review`);
      const got = await res.json().catch(() => ({}));
      if (res.status === 202) {
        fill(body, h("p", { class: "thinking" }, t("web.review.pending")));
        const after = Number(res.headers.get("retry-after")) * 1000;
        timer = window.setTimeout(ask, Math.max(wait, after || 0));
        wait = Math.min(wait * 2, LONGEST_WAIT_MS);
        return;
      }
      if (!res.ok) { fill(body, h("p", { class: "error" }, got.error ? render(got.error) : `HTTP ${res.status}`)); return; }
      const you = keys(tableId).seat ?? null;
      fill(body, ...reviewBody(got, names, you, tableId));
    } catch (err) { fill(body, h("p", { class: "error" }, String(err instanceof Error ? err.message : err))); }
  };
  await ask();
  return () => { left = true; clearTimeout(timer); };
}

/** @param {any} r the review @param {string[]} names @param {number | null} you @param {string} tableId */
function reviewBody(r, names, you, tableId) {
  const ctx = { names, you };
  const marks = r.seats.flatMap((/** @type {any} */ s) => s.worst.map((/** @type {any} */ w) => ({ move: w.move, seat: s.seat })));
  const order = r.seats.map((/** @type {any} */ s) => s.seat).sort((/** @type {number} */ a, /** @type {number} */ b) =>
    (a === you ? -1 : 0) - (b === you ? -1 : 0) || a - b);
  const pct = (/** @type {number} */ x) => `${Math.round(x * 100)} %`;
  return [
    h("section", { "aria-labelledby": "chart-title" }, h("h2", { id: "chart-title" }, t("web.review.chart")),
      chanceChart(r.chances, names, r.moves, marks, Math.max(320, Math.min(720, document.documentElement.clientWidth - 24)))),
    ...order.map((/** @type {number} */ p) => {
      const s = r.seats[p];
      return h("section", { class: "costly", "data-seat": p, "aria-labelledby": `costly-${p}` },
        h("h2", { id: `costly-${p}` }, h("span", { class: `dot p${p}` }),
          sentence(render({ id: "web.review.costly", args: { player: { player: p } } }, ctx))),
        s.worst.length ? h("ol", null, ...s.worst.map((/** @type {any} */ w) => h("li", null,
          h("p", null, h("strong", null, t("web.review.at_move", { move: w.move + 1, turn: w.turn })), " ",
            sentence(render({ id: "web.review.played", args: { player: { player: p }, move: w.played.words } }, ctx)), " ",
            t("web.review.fell", { before: pct(w.before), after: pct(w.after) })),
          h("p", { class: "better" }, better(w, p, ctx, pct)),
          h("a", { href: `/t/${tableId}/replay?move=${w.move}&seat=${p}`, "data-go": true }, t("web.review.see"))))) :
          h("p", null, t("web.review.no_falls")));
    }),
    h("p", { class: "method" }, method(r.method, ctx))];
}

/** What the bot would have played, with its own estimates: of its move, and of the move
 * played where it searched that too (its numbers come from its search, not from the
 * chart's chances; side by side they say how much the choice mattered to it), then the
 * playouts each estimate rests on (a few playouts give coarse shares: 0 of 4 is "0 %"),
 * and where the playouts play the game to its end, the player's mean final score in
 * them (which says which move ends better where neither often wins).
 * @param {any} w a reviewed move @param {number} p the player @param {any} ctx @param {(x: number) => string} pct */
function better(w, p, ctx, pct) {
  if (w.bot.same) return t("web.review.bot_same");
  const move = render(w.bot.words, ctx);
  const n = w.bot.playouts, m = w.played_playouts;
  if (w.played_win === null || w.played_win === undefined) {
    return [t("web.review.bot_move", { move, win: pct(w.bot.win) }), n ? t("web.review.rests_one", { count: n }) : ""]
      .filter(Boolean).join(" ");
  }
  // its search rating the move played at least as high as its own choice (kept by its confidence gate) is no advice
  const line = w.bot.better === false ? "web.review.bot_no_better" : "web.review.bot_move_both";
  const said = [t(line, { move, win: pct(w.bot.win), played: pct(w.played_win) })];
  if (n && m) said.push(n === m ? t("web.review.rests_each", { count: n }) : t("web.review.rests_apart", { bot: n, played: m }));
  if (typeof w.bot.score === "number" && typeof w.played_score === "number") {
    const points = (/** @type {number} */ x) => x.toLocaleString(document.documentElement.lang || "en", { maximumFractionDigits: 1 });
    said.push(sentence(render({ id: "web.review.scores", args: { player: { player: p },
      bot: points(w.bot.score), played: points(w.played_score) } }, ctx)));
  }
  return said.join(" ");
}

/** How the chances were judged and how long the bot searched each move, in the reader's
 * words (the terminal's review says the same with the same catalog entries).
 * @param {{chances: string, seconds?: number, iterations?: number}} m @param {any} ctx */
function method(m, ctx) {
  const budget = m.iterations !== undefined && m.iterations !== null
    ? { id: "bots.review.playouts", args: { count: m.iterations } }
    : { id: "bots.review.seconds", args: { seconds: (m.seconds || 0).toLocaleString(document.documentElement.lang || "en",
      { maximumSignificantDigits: 2 }) } };
  return `${render({ id: `bots.review.method.${m.chances}`, args: {} }, ctx)} ${render({ id: "bots.review.search", args: { budget } }, ctx)}`;
}
