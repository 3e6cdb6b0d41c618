// @ts-check
/** How to play a game, in a panel that opens from the table and from the lobby: the goal,
 * how a turn or a round runs, the costs and prices, how scoring works, with the rulebook's
 * sections. The text is the game's `guide.json` (its board folder, /games/<id>/guide.json),
 * the one source the terminal's `h` reads too: sections of catalog messages, rendered here
 * in the reader's language.
 *
 * A guide: {"rulebook": "sections" | "pages", "edition"?: lang, "sections": [{"title": msg, "rules": [str] |
 * {lang: [str]}, "blocks": [block]}]} ("rules": where in the rulebook, by section or by page; by edition
 * where the titles differ, the reader's own edition or else the guide's "edition"); a block is
 * {"text": msg}, {"steps": [msg]} (in order), {"list": [msg]}, or {"table": {"head": [cell],
 * "rows": [[cell]]}}; a cell is a message, a string or number, or {"sum": [msg]} (parts
 * joined by "+"). A message is {"id", "args"} (args may hold messages). */
import { h, fill } from "./dom.js";
import { has, language, render, sentence, t } from "./i18n.js";
import { icon } from "./icons.js";

/** @type {Map<string, Promise<any>>} */
const loaded = new Map();

/** The guide of a game (null when the game brings none). @param {string} game */
export function guideOf(game) {
  let got = loaded.get(game);
  if (!got) {
    got = fetch(`/games/${encodeURIComponent(game)}/guide.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
    loaded.set(game, got);
  }
  return got;
}

/** A cell's words. @param {any} cell */
function cellWords(cell) {
  if (cell && typeof cell === "object" && Array.isArray(cell.sum)) return cell.sum.map((/** @type {any} */ c) => render(c)).join(" + ");
  return render(cell);
}

/** One block of a section. @param {any} b */
function block(b) {
  if (b.text) return h("p", null, sentence(render(b.text)));
  if (b.steps) return h("ol", null, ...b.steps.map((/** @type {any} */ m) => h("li", null, sentence(render(m)))));
  if (b.list) return h("ul", null, ...b.list.map((/** @type {any} */ m) => h("li", null, sentence(render(m)))));
  if (b.table) {
    return h("div", { class: "guide-table" }, h("table", null,
      h("thead", null, h("tr", null, ...b.table.head.map((/** @type {any} */ c) => h("th", { scope: "col" }, sentence(cellWords(c)))))),
      h("tbody", null, ...b.table.rows.map((/** @type {any[]} */ row) => h("tr", null,
        ...row.map((c, i) => (i === 0 ? h("th", { scope: "row" }, sentence(cellWords(c))) : h("td", null, cellWords(c)))))))));
  }
  return null;
}

/** Where a section comes from in the rulebook: its sections ("Rulebook: 5.2.2"; titles quoted
 * from another language's edition name it in the reader's words, "French rulebook:
 * Présentation", or as "Rulebook (Français): Présentation" where the catalog has no such
 * name for that edition), or its
 * pages, "page 17" for one page and "pages 13, 14" or "pages 14–22" for more (a second
 * message, not a plural: the noun stands before the numbers, whatever their count). As
 * terminal/guide.py says it. @param {any} guide @param {string[] | Record<string, string[]>} rules */
function rulesLine(guide, rules) {
  if (!Array.isArray(rules)) {  // titles by edition: the reader's own, else the guide's, named
    const own = rules[language()];
    if (own) return t("web.guide.rules", { sections: own.join(", ") });
    const edition = guide.edition || Object.keys(rules)[0];
    const sections = rules[edition].join(", ");
    const named = `web.guide.rules.edition.${edition}`;
    if (has(named)) return t(named, { sections });
    return t("web.guide.rules.edition", { edition: t(`web.language.${edition}`), sections });
  }
  const sections = rules.join(", ");
  if (guide.rulebook !== "pages") return t("web.guide.rules", { sections });
  const one = rules.length === 1 && !/[–-]/.test(rules[0]);
  return t(one ? "web.guide.rules.page" : "web.guide.rules.pages", { sections });
}

/** The guide as page elements. @param {any} guide */
export function guideBody(guide) {
  return guide.sections.map((/** @type {any} */ sec, /** @type {number} */ i) => h("section", { class: "guide-section",
    "aria-labelledby": `guide-${i}` },
  h("h3", { id: `guide-${i}` }, sentence(render(sec.title))),
  ...sec.blocks.map(block),
  sec.rules && (!Array.isArray(sec.rules) || sec.rules.length) ? h("p", { class: "rules" }, rulesLine(guide, sec.rules)) : null));
}

/** Open the panel for `game` (titled `title`); Escape or the close button shuts it.
 * @param {string} game @param {string} title */
export async function openGuide(game, title) {
  document.querySelector("dialog.guide")?.remove();
  const body = h("div", { class: "guide-body" }, h("p", null, t("web.guide.loading")));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "guide", "aria-labelledby": "guide-title" },
    h("header", null, h("h2", { id: "guide-title" }, t("web.guide.title", { game: title })),
      h("form", { method: "dialog" }, h("button", { class: "close", "aria-label": t("web.guide.close") }, icon("close")))),
    body));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  const guide = await guideOf(game);
  fill(body, ...(guide ? guideBody(guide) : [h("p", null, t("web.guide.none"))]));
}
