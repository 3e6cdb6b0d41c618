// @ts-check
/** Markt's board in the browser, drawn from a view (present.view_schema in the game's
 * package describes every field): the market (each good's price on its track, the sold
 * pile, the warehouse) and the merchants (purse and goods; your own goods by kind).
 *
 * The moves that have a place on the board are made there: the buttons beside a good in
 * your hand sell one, two, ... of it, the warehouse's button fetches a good. `draw`
 * returns them as `placed`, so the moves list shows only the rest (wait). Moves go
 * through ctx.act, which asks first when a move cannot be undone. Every word comes from
 * the catalogs (markt.*), and shared code only from /static/, as the bundled games'
 * boards do. */
import { h, fill } from "/static/dom.js";
import { playerName, render, sentence, t } from "/static/i18n.js";

/** @typedef {{index: number, action: any, words: any, confirm: any}} Move */
/** @typedef {{names?: (string|null)[], you?: number|null, legal?: Move[], act?: (m: Move) => void}} Ctx */

const GOODS = ["cloth", "salt", "wine", "pepper"];
const PRICE_MAX = 6;

// the board's own style sheet, loaded once from beside this module
if (typeof document !== "undefined" && !document.querySelector("link[data-markt]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.markt = "";
  document.head.append(link);
}

/** Words for a message of the catalogs. @param {string} id @param {Record<string, any>} args @param {Ctx} ctx */
const say = (id, args, ctx) => render({ id, args }, ctx);

/**
 * Draw the board of `view` into `el`; the legal moves that have a place on it are buttons there.
 * @param {HTMLElement} el @param {any} view @param {Ctx} ctx @returns {{placed: Set<number>}}
 */
export function draw(el, view, ctx) {
  const legal = ctx.legal || [];
  /** @type {Set<number>} */
  const placed = new Set();
  /** A button that makes the move `mv`. @param {Move} mv @param {string} label */
  const button = (mv, label) => {
    placed.add(mv.index);
    const words = sentence(render(mv.words, ctx));
    return h("button", { type: "button", class: `move${mv.confirm ? " irreversible" : ""}`, title: words,
      "aria-label": words, "data-index": mv.index, onclick: () => ctx.act && ctx.act(mv) }, label);
  };
  const fetch = legal.find((mv) => mv.action.type === "fetch");
  /** The sell buttons of a good, fewest first. @param {number} good */
  const sells = (good) => legal.filter((mv) => mv.action.type === "sell" && mv.action.good === good)
    .sort((a, b) => a.action.count - b.action.count)
    .map((mv) => button(mv, t("markt.board.sell", { count: mv.action.count })));
  fill(el, h("div", { class: "markt" }, headline(view, ctx), market(view, ctx, fetch ? button(fetch, t("markt.board.fetch")) : null),
    merchants(view, ctx, sells)));
  return { placed };
}

/** The day, the crier's call, who is on turn. @param {any} view @param {Ctx} ctx */
function headline(view, ctx) {
  const tb = view.table;
  const parts = [];
  if (tb.day) parts.push(say("markt.board.day", { day: tb.day, days: tb.days }, ctx));
  if (view.phase !== "market") parts.push(say(`markt.phase.${view.phase}`, {}, ctx));
  if (tb.demand !== null && view.phase === "market") parts.push(say("markt.board.demand", { good: { id: `markt.good.${GOODS[tb.demand]}`, args: {} } }, ctx));
  if (tb.merchant !== null) parts.push(say("markt.board.on_turn", { player: { player: tb.merchant } }, ctx));
  return h("p", { class: "markt-head" }, parts.map(sentence).join(" · "));
}

/** Each good's price track and sold pile; the warehouse with its fetch button.
 * @param {any} view @param {Ctx} ctx @param {HTMLElement | null} fetch */
function market(view, ctx, fetch) {
  const tb = view.table;
  const rows = GOODS.map((good, g) => {
    const price = tb.prices[g];
    const track = h("span", { class: "track", role: "img", "aria-label": say("markt.thalers", { count: price }, ctx) },
      ...Array.from({ length: PRICE_MAX }, (_, i) => h("span", { class: i < price ? "step on" : "step" })));
    return h("tr", { class: `good ${good}${g === tb.demand ? " demand" : ""}`, "data-good": good },
      h("th", { scope: "row" }, sentence(say(`markt.good.${good}`, {}, ctx))), h("td", null, track, ` ${price}`),
      h("td", { class: "num" }, String(tb.sold[g])));
  });
  const head = h("tr", null, ...["good", "price", "sold"].map((k) => h("th", { scope: "col" }, sentence(t(`markt.board.${k}`)))));
  return h("section", { class: "markt-market" }, h("table", null, h("thead", null, head), h("tbody", null, ...rows)),
    h("p", { class: "warehouse" }, sentence(say("markt.board.warehouse", { count: tb.warehouse }, ctx)), " ", fetch));
}

/** One line per merchant: name, purse, goods (yours by kind, with their sell buttons).
 * @param {any} view @param {Ctx} ctx @param {(good: number) => HTMLElement[]} sells */
function merchants(view, ctx, sells) {
  const tb = view.table;
  const items = view.seats.map((/** @type {any} */ s, /** @type {number} */ p) => {
    let goods;
    if (!s.goods) goods = t("markt.board.no_goods");
    else if (s.hand === null) goods = say("markt.board.hidden", { count: s.goods }, ctx);
    else goods = h("ul", { class: "hand" }, ...GOODS.map((good, g) => s.hand[g] ? h("li", { "data-good": good },
      say(`markt.count.${good}`, { count: s.hand[g] }, ctx), " ", ...sells(g)) : null));
    return h("li", { class: `merchant${p === tb.merchant ? " on-turn" : ""}${p === view.seat ? " me" : ""}`, "data-seat": p },
      h("strong", null, sentence(playerName(p, ctx))),
      p === tb.first && tb.day ? h("small", null, ` (${t("markt.board.opens")})`) : null,
      h("span", { class: "purse" }, say("markt.thalers", { count: s.thalers }, ctx)), h("div", { class: "goods" }, goods));
  });
  return h("ol", { class: "markt-merchants", "aria-label": sentence(t("markt.board.merchant")) }, ...items);
}
