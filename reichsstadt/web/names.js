// @ts-check
/** What every seat of a table is called, everywhere on the page (seats bar, log, scores,
 * replay, review): a person by the name they gave, an open seat as such, a bot by its
 * strength in the reader's language, numbered where a strength sits more than once
 * ("Medium bot 1", "Medium bot 2"): the rule of reichsstadt.bots.levels.seat_names, with
 * the same catalog words, so the terminal and the browser agree. */
import { t } from "./i18n.js";

/** Level -> the bot it plays (reichsstadt/bots/levels.py SPECS). */
export const LEVELS = { easy: "random", medium: "greedy", hard: "mcts:1s", expert: "mcts:3s" };
/** @typedef {"easy" | "medium" | "hard" | "expert"} Level */

/** The strength a bot seat plays at ("greedy" -> "medium"), null for another bot.
 * @param {string} kind @returns {Level | null} */
export function levelOf(kind) {
  const k = kind.trim().toLowerCase();
  if (k in LEVELS) return /** @type {Level} */ (k);
  for (const [level, spec] of Object.entries(LEVELS)) if (spec === k) return /** @type {Level} */ (level);
  return k === "mcts" ? "hard" : null;
}

/** A bot seat's name by its kind: its strength's ("Medium bot"), else its spec's ("Bot mcts:2000").
 * `level`: the server's word for the seat's level, where it sent one (a game may play a level
 * with a spec of its own, which the generic table above does not know).
 * @param {string} kind @param {string | null} [level] */
export function botName(kind, level) {
  level = level || levelOf(kind);
  return level ? t(`bots.level.${level}.bot`) : t("bots.bot.other", { name: kind.trim() });
}

/** @typedef {{kind: string, level?: string | null, name?: string | null, joined?: boolean, stand_in?: string | null}} SeatLike */

/** Every seat's name at a table. @param {SeatLike[]} seats */
export function seatNames(seats) {
  const bot = (/** @type {SeatLike} */ s) => s.kind !== "human";
  // an open seat is nobody: each reads "open seat", never numbered like a name ("open seat (2)")
  const open = seats.map((s) => !bot(s) && !s.name && s.joined === false);
  const words = seats.map((s) => (bot(s) ? botName(s.kind, s.level) : ""));
  /** @type {Record<string, number>} */
  const total = {};
  for (const [i, w] of words.entries()) if (bot(seats[i])) total[w] = (total[w] || 0) + 1;
  /** @type {Record<string, number>} */
  const seen = {};
  /** @type {string[]} */
  const out = [];
  seats.forEach((s, i) => {
    if (open[i]) { out.push(t("web.seat.open")); return; }
    let name;
    if (!bot(s)) name = s.name || t("core.player", { number: i + 1 });
    else {
      const w = words[i];
      seen[w] = (seen[w] || 0) + 1;
      name = total[w] > 1 ? t("bots.bot.numbered", { bot: w, number: seen[w] }) : w;
    }
    let shown = name, k = 1;
    while (out.some((o, j) => o === shown && !open[j])) shown = `${name} (${++k})`;
    out.push(shown);
  });
  return out;
}
