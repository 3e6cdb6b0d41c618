// @ts-check
/** Messages from the server's catalogs, rendered in the reader's language.
 * A message is {id, args} (or {text} from an engine that has plain words). Arguments:
 * numbers, strings, messages, {player: seat} (a name at this table, "you" for the reader),
 * lists (rendered as the language's list). Plural entries are chosen by `count` with
 * Intl.PluralRules and the catalog's category -> form map. */

/** @typedef {{lang: string, plural: Record<string, number>, messages: Record<string, string|string[]>, languages: string[]}} Catalog */

/** @type {Catalog | null} */
let catalog = null;

export function language() { return catalog ? catalog.lang : "en"; }
export function languages() { return catalog ? catalog.languages : ["en"]; }

/** The language to speak: the saved choice, else the browser's, else English. */
export function preferred() {
  const saved = localStorage.getItem("rs.lang");
  if (saved) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = l.toLowerCase().split("-")[0];
    if (code) return code;
  }
  return "en";
}

/** @param {string} lang */
export async function load(lang) {
  let res = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
  if (!res.ok) res = await fetch("/i18n/en.json");
  catalog = await res.json();
  document.documentElement.lang = language();
  return catalog;
}

/** @param {string} lang */
export async function choose(lang) {
  localStorage.setItem("rs.lang", lang);
  await load(lang);
}

/**
 * @typedef {{names?: (string|null)[], you?: number|null}} Context
 */

/** Words for a message (or {text}) at a table.
 * @param {any} value @param {Context} [ctx] @returns {string} */
export function render(value, ctx = {}) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => render(v, ctx));
    try { return intl("list", () => new Intl.ListFormat(language(), { type: "conjunction" })).format(items); }
    catch { return items.join(", "); }
  }
  if (typeof value.text === "string") return value.text;
  if (typeof value.player === "number") return playerName(value.player, ctx);
  if (typeof value.id === "string") return message(value.id, value.args || {}, ctx);
  return "";
}

/** @param {number} seat @param {Context} ctx */
export function playerName(seat, ctx) {
  if (ctx.you !== undefined && ctx.you !== null && seat === ctx.you) return t("core.you");
  const n = ctx.names && ctx.names[seat];
  return n || t("core.player", { number: seat + 1 });
}

/** @param {string} id @param {Record<string, any>} args @param {Context} ctx */
function message(id, args, ctx) {
  if (!catalog) return id;
  let tmpl;
  const subject = args.player;
  if (subject && typeof subject.player === "number" && ctx.you !== null && ctx.you !== undefined
      && subject.player === ctx.you) tmpl = catalog.messages[id + ".you"];
  if (tmpl === undefined) tmpl = catalog.messages[id];
  if (tmpl === undefined) return `⟨${id}⟩`;
  if (Array.isArray(tmpl)) {
    const count = Number(args.count || 0);
    const cat = intl("plural", () => new Intl.PluralRules(language())).select(count);
    const i = catalog.plural[cat] ?? (count === 1 ? 0 : tmpl.length - 1);
    tmpl = tmpl[Math.min(i, tmpl.length - 1)];
  }
  return String(tmpl).replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    return name in args ? render(args[name], ctx) : m;
  });
}

/** @type {Map<string, any>} */
const formatters = new Map();
/** An Intl formatter of the current language, made once (boards render hundreds of
 * messages). @param {string} kind @param {() => any} make */
function intl(kind, make) {
  const k = `${kind}|${language()}`;
  let f = formatters.get(k);
  if (!f) { f = make(); formatters.set(k, f); }
  return f;
}

/** Whether the catalog has a message (a more particular wording where there is one).
 * @param {string} id */
export function has(id) { return Boolean(catalog && id in catalog.messages); }

/** A message by id, for the page's own words. @param {string} id @param {Record<string, any>} [args] */
export function t(id, args = {}) { return message(id, args, {}); }

/** Capitalise the first letter (sentences in the log). @param {string} s */
export function sentence(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

/** Fill every element with data-i18n="id" with its words. @param {ParentNode} root */
export function translatePage(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(/** @type {string} */ (el.getAttribute("data-i18n")));
  });
}
