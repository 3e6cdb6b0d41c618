// @ts-check
/** Die Siedler von Nürnberg in the browser: the board drawn from the game's drawing data
 * (Game.board: every position and colour, computed once by games/siedler/geometry.py, which
 * the SVG board draws from too), the table's map file (goods, recipes, cities) and the
 * view; every move that has a place on the board made by clicking that place (lit while
 * legal), the seat's hand, the players, the bank and the trade with players in one panel.
 *
 * draw(el, view, ctx) returns {placed, pick}: the legal moves' indices this board offers
 * itself (the table lists only the others) and whether it shows the multi-part choice. */
import { h, s, fill } from "/static/dom.js";
import { mount } from "/static/board/host.js";
import { activate, asks } from "/static/board/piece.js";
import { lines } from "/static/board/svg.js";
import { textWidth } from "/static/board/textfit.js";
import { icon } from "/static/icons.js";
import { playerName, render, sentence, t } from "/static/i18n.js";

/** @typedef {import("/static/board/types.js").Move} Move */
/** @typedef {import("/static/board/types.js").Ctx} Ctx */
/** @typedef {import("/static/board/types.js").Drawn} Drawn */

const RES = ["wood", "wool", "grain", "brick", "stone"];
const TRADABLES = [...RES, "gold"];
/** A player's colour as a little house (white shows on parchment). @param {any} C the board's colours @param {number} p */
const swatch = (C, p) => s("svg", { class: "swatch", viewBox: "0 0 12 12", "aria-hidden": "true" },
  s("path", { d: "M1.5,11 L1.5,5 L6,1 L10.5,5 L10.5,11 Z", fill: C.seat[p % C.seat.length], stroke: "#000", "stroke-width": 1.2 }));
const f1 = (/** @type {number} */ v) => Math.round(v * 10) / 10;
/** @param {string} id @param {Record<string, any>} [args] */
const msg = (id, args = {}) => ({ id, args });
const cardsOf = (/** @type {string} */ x, /** @type {number} */ n) => msg(`siedler.count.${x}`, { count: n });
const goodName = (/** @type {string} */ key) => t(`siedler.good.${key.toLowerCase()}`);
const cityName = (/** @type {string} */ c) => t(`siedler.city.${c.toLowerCase()}`);
/** A German name of the game with its gloss in the reader's language ("Wegezoll (road toll)";
 * the name alone in German). @param {string} key */
const gloss = (key) => t(`siedler.gloss.${key}`);
/** The council cards' victory points (6.3), and the prestige that wins one and keeps it. */
const COUNCIL_VP = { siebenerrat: 4, kleiner_rat: 3, grosser_rat: 2 };
const COUNCIL_AT = 3, COUNCIL_LOCK = 12;
/** A council card in a tooltip: its name glossed (or `first`), then what it is.
 * @param {string} key @param {string} [first] */
const councilTip = (key, first = gloss(key)) => `${first}\n${t(`siedler.glossary.council.${key}`,
  { vp: /** @type {Record<string, number>} */ (COUNCIL_VP)[key], at: COUNCIL_AT, lock: COUNCIL_LOCK })}`;
/** The event cards whose German name has a gloss (the others: their glossary name). */
const GLOSSED_EVENTS = new Set(["lehm", "wegezoll", "raubritter", "markgraf"]);

// ------------------------------------------------------------------------------------------
// What this page remembers between two states of one table: the choices being made
// ------------------------------------------------------------------------------------------
/** @param {string} key */
function fresh(key) {
  return {
    key,
    /** @type {string | null} the resource chosen to give the bank */
    bankGive: null,
    /** the trade offer being put together */
    offer: { give: /** @type {Record<string, number>} */ ({}), want: /** @type {Record<string, number>} */ ({}), to: -1 },
    /** a counter-offer being put together (null: none open) */
    counter: /** @type {null | {give: Record<string, number>, want: Record<string, number>}} */ (null),
    /** cards chosen to discard */
    discard: /** @type {Record<string, number>} */ ({}),
    /** an offer on its way through the engine's steps (offer, give, want, send) */
    plan: /** @type {null | {steps: string[], next: number, give: Record<string, number>,
      want: Record<string, number>, to: number}} */ (null),
    /** the person's own offer last seen asked and not yet taken up by anyone: if it is gone
     * at the next look with no trade made, everyone said no (the engine ends it at once) */
    asked: /** @type {null | {give: Record<string, number>, want: Record<string, number>}} */ (null),
  };
}

/** What the person is putting together at each table of this visit, by table id (an offer
 * half made survives a switch of language, which draws the page and its board anew, as a
 * choice in the making does in table.js). @type {Map<string, ReturnType<typeof fresh>>} */
const choices = new Map();

/** SVG text. @param {number} x @param {number} y @param {string} text @param {Record<string, any>} [a] */
function text(x, y, text, a = {}) {
  return s("text", { x: f1(x), y: f1(y), "text-anchor": "middle", "font-size": 11, fill: "#1b1b1b", ...a }, text);
}

/** Text fitted into `width` (board/textfit.js: smaller, then squeezed, never cut), its
 * lines `lead` apart from `y` down; `a` as SVG attributes (anchored in the middle unless
 * said). @param {number} x @param {number} y @param {string | string[]} words @param {number} width
 * @param {number} size @param {Record<string, any>} [a] @param {{most?: number, glue?: string, lead?: number}} [o] */
function fitted(x, y, words, width, size, a = {}, o = {}) {
  return lines(x, y, words, width, size, { anchor: a["text-anchor"] || "middle", bold: a["font-weight"] === "bold",
    fill: a.fill || "#1b1b1b", most: o.most, glue: o.glue, lead: o.lead });
}

/** A small label in a box (x, y: its anchor at mid height). @param {number} x @param {number} y @param {string} words
 * @param {{size?: number, fill?: string, stroke?: string, ink?: string, anchor?: string}} [o] */
function tag(x, y, words, o = {}) {
  const size = o.size || 9;
  const w = textWidth(words, size, true) + 6;
  const x0 = o.anchor === "start" ? x : o.anchor === "end" ? x - w : x - w / 2;
  return s("g", { class: "tag" },
    s("rect", { x: f1(x0), y: f1(y - size * 0.75), width: f1(w), height: f1(size * 1.5), rx: 3,
      fill: o.fill || "#ffffff", stroke: o.stroke || "#c62828" }),
    text(x0 + w / 2, y + size * 0.35, words, { "font-size": size, "font-weight": "bold", fill: o.ink || "#c62828" }));
}

// ------------------------------------------------------------------------------------------
// Legal moves by their place
// ------------------------------------------------------------------------------------------
/** A move's place on the board or in a panel. @param {any} a */
function keyOf(a) {
  switch (a.type) {
    case "toll": return `toll:${a.road}`;
    case "settle": return `settle:${a.road}:${a.at}`;
    case "workshop": return `workshop:${a.spot}`;
    case "tower": return `tower:${a.triangle}`;
    case "produce": return `produce:${a.good}`;
    case "robber": return `robber:${a.terrain}`;
    case "steal": return `steal:${a.victim}`;
    case "council": return `council:${a.take_from}`;
    case "bank": return `bank:${a.give}:${a.get}`;
    case "send": return `send:${a.to}`;
    case "close": case "take_counter": return `${a.type}:${a.partner}`;
    case "give": case "want": case "discard": return `${a.type}:${a.resource}`;
    default: return a.type;
  }
}

/** The action of a board place's key (keyOf's inverse) for the pieces a player may try to
 * build or make: settlements, tolls, workshops, the wall, towers, goods; null for others.
 * @param {string} key */
function actionAt(key) {
  const [type, a, b] = key.split(":");
  switch (type) {
    case "toll": return { type, road: a };
    case "settle": return { type, road: a, at: Number(b) };
    case "workshop": return { type, spot: Number(a) };
    case "tower": return { type, triangle: Number(a) };
    case "produce": return { type, good: a };
    case "wall": return { type };
    default: return null;
  }
}

/** How far a road's tap target reaches from its middle: half the distance from an
 * intersection to the segment beside it (the targets along a road touch, none covers its
 * neighbour), at most 14 units. @param {any} F the drawing data's field */
function roadReach(F) {
  let near = 28;
  for (const r of F.roads) {
    r.segments.forEach((/** @type {number[]} */ m, /** @type {number} */ k) => {
      for (const p of [r.points[k], r.points[k + 1]]) if (p) near = Math.min(near, Math.hypot(m[0] - p[0], m[1] - p[1]));
    });
  }
  return f1(Math.floor(near * 5) / 10);  // half, rounded down to a tenth
}

/** A band `half` wide on each side of a wall piece's path, as a filled outline (its box is
 * the piece's box: what a finger has to tap is what a tool measures); each straight part a
 * rectangle, lengthened by `half` where the path turns so that the corner is covered, cut
 * square at the piece's ends, where the next piece's band begins. All are wound one way
 * (their union is filled). @param {number[][]} path @param {number} half */
function band(path, half) {
  const last = path.length - 2;
  return path.slice(0, -1).map((p, i) => {
    const q = path[i + 1];
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const [dx, dy] = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    const [a, b] = [i > 0 ? half : 0, i < last ? half : 0];  // lengthened at a turn
    const [x0, y0, x1, y1] = [p[0] - dx * a, p[1] - dy * a, q[0] + dx * b, q[1] + dy * b];
    const [nx, ny] = [-dy * half, dx * half];
    return `M${f1(x0 + nx)},${f1(y0 + ny)} L${f1(x1 + nx)},${f1(y1 + ny)} L${f1(x1 - nx)},${f1(y1 - ny)} `
      + `L${f1(x0 - nx)},${f1(y0 - ny)} Z`;
  }).join(" ");
}

class Places {
  /** @param {Ctx} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {Map<string, Move>} */
    this.moves = new Map(ctx.legal.map((m) => [keyOf(m.action), m]));
    /** @type {Set<number>} */
    this.placed = new Set();
  }

  /** @param {string} key */
  get(key) { return this.moves.get(key); }

  /** What a move is, in words. @param {Move} mv */
  words(mv) { return sentence(render(mv.words, this.ctx)); }

  /** Make `el` the place of move `key` if it is legal: lit, clickable, its title saying
   * what a click does. @param {Element} el @param {string} key @param {string} [what] what the place is */
  svg(el, key, what) {
    const mv = this.moves.get(key);
    if (what !== undefined && !mv) el.append(s("title", null, what));
    if (!mv) {
      const why = this.ctx.why;
      const action = actionAt(key);
      if (why && action) asks(el, () => why(action));  // a place the player cannot use: a click says why
      return el;
    }
    this.placed.add(mv.index);
    el.classList.add("lit");
    el.setAttribute("data-legal", String(mv.index));
    el.setAttribute("data-move", key);
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    const says = `${what ? `${what}\n` : ""}${this.words(mv)} — ${t("web.siedler.click")}`;
    el.prepend(s("title", null, says));  // its name for a screen reader too (the first title)
    activate(el, () => this.ctx.act(mv));
    return el;
  }

  /** A button for move `key` (null if it is not legal). @param {string} key @param {any} label
   * @param {string} [cls] */
  button(key, label, cls = "") {
    const mv = this.moves.get(key);
    if (!mv) return null;
    this.placed.add(mv.index);
    // its name says the move's words too (a screen reader hears what the short label does)
    const shown = typeof label === "string" ? label : "";
    const words = this.words(mv);
    return h("button", { type: "button", class: `${cls}${mv.confirm ? " irreversible" : ""}`.trim(),
      "data-legal": mv.index, "data-move": key, title: words,
      "aria-label": !shown || words.toLowerCase().includes(shown.toLowerCase()) ? words : `${shown} — ${words}`,
      onclick: () => this.ctx.act(mv) }, label);
  }
}

// ------------------------------------------------------------------------------------------
// The surroundings: terrains, roads, the Raubritterburg
// ------------------------------------------------------------------------------------------

/** @param {number} x @param {number} y */
function robber(x, y) {
  return s("g", { "data-piece": "robber", class: "robber", "data-travel": "robber" }, s("title", null, t("web.siedler.robber")),
    s("ellipse", { cx: f1(x), cy: f1(y + 9), rx: 9, ry: 3.5, fill: "#000" }),
    s("path", { d: `M${f1(x - 7)},${f1(y + 9)} L${f1(x - 3.5)},${f1(y - 3)} L${f1(x + 3.5)},${f1(y - 3)} L${f1(x + 7)},${f1(y + 9)} Z`,
      fill: "#212121", stroke: "#fff", "stroke-width": 0.8 }),
    s("circle", { cx: f1(x), cy: f1(y - 7), r: 5.5, fill: "#212121", stroke: "#fff", "stroke-width": 0.8 }));
}

/** @param {number} x @param {number} y */
function castle(x, y) {
  const p = [[-20, 10], [-20, -10], [-14, -10], [-14, -5], [-8, -5], [-8, -15], [8, -15], [8, -5], [14, -5], [14, -10],
    [20, -10], [20, 10]];
  return s("g", { class: "castle" }, s("title", null, `${gloss("raubritterburg")}\n${t("siedler.glossary.raubritterburg")}`),
    s("path", { d: `${p.map(([dx, dy], i) => `${i ? "L" : "M"}${f1(x + dx)},${f1(y + dy)}`).join(" ")} Z`,
      fill: "#424242", stroke: "#000" }),
    text(x, y + 23, t("siedler.glossary.raubritterburg.name"), { "font-size": 9.5, "font-weight": "bold",
      fill: "#212121" }));
}

// ------------------------------------------------------------------------------------------
// The city: sectors, red intersections (workshops, trade marks), the wall and its towers
// ------------------------------------------------------------------------------------------


// ------------------------------------------------------------------------------------------
// The strip above the board: the event card, the time track, the council cards
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Cards: a resource (or gold) as a small coloured chip
// ------------------------------------------------------------------------------------------
/** @param {any} C the board's colours @param {string} x @param {any} [label] @param {Record<string, any>} [attrs] */
function chip(C, x, label, attrs = {}) {
  return h("span", { class: `res ${x}`, ...attrs }, h("i", { style: `background:${C.resource[x]}` }),
    label ?? t(`siedler.tradable.${x}`));
}

/** Cards and gold as words ("2 wood and 1 gold"). @param {Record<string, number>} side */
function sideWords(side) {
  const parts = TRADABLES.filter((x) => side[x]).map((x) => cardsOf(x, side[x]));
  return parts.length ? render(parts) : t("siedler.nothing");
}

// ------------------------------------------------------------------------------------------
// The seat's own panel: hand, pieces, discards, ending the turn
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Trade: the bank at the right rate, offers to players, answers, counter-offers
// ------------------------------------------------------------------------------------------

/** Where this browser keeps the person's "decline every offer without asking" (the trade
 * panel's switch): bots offer a trade almost every turn, and each offer would wait for an
 * answer. */
const DECLINE_ALL = "rs.siedler.decline-all";

function declineAll() {
  try { return localStorage.getItem(DECLINE_ALL) === "1"; } catch { return false; }
}

/** Every legal move of `kind` is one this panel makes. @param {Places} P @param {string} kind */
function placeAs(P, kind) {
  const m = P.get(kind);
  if (m) P.placed.add(m.index);
}



/** The board of one table as one seat sees it: the map, the city, the strip above them, the
 * seat's hand, the trade and the players; what this seat is putting together (an offer, a
 * discard, a bank trade) is kept by table (`choices`), not in the element: a language switch
 * draws the page anew, with a new element. */
class Board {
  /** @param {HTMLElement} el @param {any} view @param {Ctx} ctx @param {() => void} redraw */
  constructor(el, view, ctx, redraw) {
    const key = ctx.tableId || "";
    let ui = choices.get(key);
    if (!ui) { ui = fresh(key); choices.set(key, ui); }
    /** @type {ReturnType<typeof fresh>} */
    this.ui = ui;
    this.view = view;
    this.ctx = ctx;
    this.redraw = redraw;
    this.P = new Places(ctx);
    /** the game's drawing data (Game.board: positions and colours) and its map file */
    this.B = ctx.board || null;
    this.C = this.B ? this.B.colors : null;
    this.data = ctx.data;
    /** the map's goods by name, roads by id, terrains by id (what the drawing data leaves to the map) */
    this.goods = new Map((this.data?.goods || []).map((/** @type {any} */ x) => [x.name, x]));
    this.mapRoads = new Map((this.data?.roads || []).map((/** @type {any} */ r) => [r.id, r]));
    this.terrains = new Map((this.data?.terrains || []).map((/** @type {any} */ x) => [x.id, x]));
    /** how far the tap targets along a road reach from their middles */
    this.reach = this.B ? roadReach(this.B.field) : 14;
    /** whether the person is putting a choice together (parts, an offer, a discard, a bank trade) */
    this.picking = false;
  }

  /** A player's piece colour, and the ink that reads on it. @param {number} p */
  colour(p) { return this.C.seat[p % this.C.seat.length]; }
  /** @param {number} p */
  ink(p) { return this.C.seat_ink[p % this.C.seat_ink.length]; }

  /** @returns {{node: Node, drawn: Drawn}} */
  build() {
    const { view, ctx, P } = this;
    if (!this.B || !this.data) return { node: h("p", null, t("web.siedler.no_map")), drawn: { placed: P.placed, pick: false } };
    const you = ctx.you;
    const city = this.city(), field = this.field();
    // on a phone the part of the map the decision is about comes first
    const fieldFirst = Boolean(field.querySelector(".lit")) && !city.querySelector(".lit");
    const boards = h("div", { class: `sdl-boards${fieldFirst ? " field-first" : ""}` }, city, field);
    const panels = h("div", { class: `sdl-panels${you !== null ? " seated" : ""}` },
      you !== null && view.seats[you] ? this.handPanel() : null,
      you !== null && view.seats[you] && !view.over ? this.tradePanel() : null,
      this.playersPanel());
    const lit = P.placed.size > 0;
    const node = h("div", { class: `sdl${lit ? " has-lit" : ""}${this.focus() ? ` focus-${this.focus()}` : ""}`,
      "data-phase": view.phase }, this.prompt(), this.strip(), boards, panels);
    this.runPlan();
    this.declineWithoutAsking();
    const ui = this.ui;
    this.picking = Boolean(ctx.chosen && ctx.chosen.size) || ui.plan !== null || ui.counter !== null
      || ui.bankGive !== null || Object.values(ui.discard).some((n) => n > 0);
    const pickMine = Boolean(ctx.pick) && (ctx.legal.some((m) => m.action.type === "discard") || this.ui.plan !== null);
    return { node, drawn: { placed: P.placed, pick: pickMine } };
  }

  /** The panel the decision at hand is made in, shown first on a phone ("hand", "trade"),
   * or "" when the decision is on the map or there is none. */
  focus() {
    const { view, ctx } = this;
    if (!ctx.legal.length) return "";
    if (ctx.legal.some((m) => m.action.type === "discard")) return "hand";
    if (view.phase === "respond" || this.ui.plan || this.ui.counter
        || ctx.legal.some((m) => ["close", "take_counter", "withdraw"].includes(m.action.type))) return "trade";
    return "";
  }

  /** Another player's offer answered with no at once, where the person chose so (the
   * trade panel's switch); the log says so as of any answer. Sent once the drawing is on
   * the page, once a state (the table's act). */
  declineWithoutAsking() {
    const decline = this.ctx.legal.find((m) => m.action.type === "decline");
    if (decline && this.declining()) queueMicrotask(() => this.ctx.act(decline));
  }

  /** Whether the decision at hand is an answer to another's offer that the person's
   * standing answer gives (no counter-offer of theirs under way). */
  declining() {
    return this.view.phase === "respond" && !this.ui.counter && declineAll()
      && this.ctx.legal.some((m) => m.action.type === "decline");
  }

  /** Send the next step of an offer on its way when the table is ready for it (this
   * drawing's state); give up when the table went elsewhere. The step goes out once the
   * drawing is on the page. */
  runPlan() {
    const plan = this.ui.plan;
    if (!plan || !this.ctx.legal.length) return;
    const now = this.stepOf(plan.steps[plan.next]);
    if (now) {
      plan.next += 1;
      if (plan.next >= plan.steps.length) {
        if (plan.steps[0] === "offer") this.ui.asked = { give: plan.give, want: plan.want };
        this.ui.plan = null;
      }
      queueMicrotask(now);
      return;
    }
    // the state before the step just sent (it crossed the move on the wire): wait for the next
    if (plan.next > 0 && this.stepOf(plan.steps[plan.next - 1])) return;
    this.ui.plan = null;
    queueMicrotask(this.redraw);
  }

  /** The surroundings: terrains, roads with their segments and intersections, the gates,
   * the Raubritterburg; every position the game's drawing data's (ctx.board.field). */
  field() {
    const { B, C, view, P } = this;
    const F = B.field;
    const T = view.table;
    const who = (/** @type {number} */ p) => playerName(p, P.ctx);
    // --units: its width in the drawing's units (a phone draws it at a fixed size a unit: style.css)
    const out = s("svg", { class: "sdl-field", viewBox: `0 0 ${F.width} ${F.height}`, role: "group",
      "aria-label": t("web.siedler.field"), style: `flex: ${F.width} 1 ${f1(F.width * 0.55)}px; --units: ${F.width}` });
    const layerTerrains = s("g", { class: "terrains" });
    const layerRoads = s("g", { class: "roads" });
    const layerSpots = s("g", { class: "spots" });
    out.append(layerTerrains, layerRoads, layerSpots);
    const deck = this.data.events.reduce((/** @type {number} */ a, /** @type {any} */ e) => a + e.count, 0);
    F.terrains.forEach((/** @type {any} */ ter, /** @type {number} */ i) => {
      const [cx, cy] = ter.center;
      const n = ter.number;
      const hot = n === 6 || n === 8;
      const what = t("web.siedler.terrain", { terrain: ter.id, type: t(`siedler.terrain.${ter.type}`),
        resource: t(`siedler.tradable.${ter.resource}`), number: n, count: ter.cards, deck });
      const inkOf = C.terrain_ink[ter.type];
      const grp = s("g", { class: "terrain", "data-terrain": ter.id, "data-key": `ter-${ter.id}` },
        s("polygon", { class: "shape", points: ter.corners.map((/** @type {number[]} */ p) => p.join(",")).join(" "),
          fill: C.terrain[ter.type], stroke: C.ink, "stroke-width": 1.2 }),
        s("circle", { cx, cy: f1(cy - 5), r: 13, fill: C.open, stroke: C.ink }),
        text(cx, cy, String(n), { "font-size": 13, "font-weight": "bold", fill: hot ? C.red : "#1b1b1b" }),
        ...Array.from({ length: ter.cards }, (_, k) => s("circle", { cx: f1(cx + (k - (ter.cards - 1) / 2) * 4.2),
          cy: f1(cy + 12), r: 1.6, fill: hot ? C.red : inkOf })),
        ...fitted(cx, cy + 24, t(`siedler.tradable.${ter.resource}`), B.scale * 0.95, 9, { "font-weight": "bold", fill: inkOf }));
      P.svg(grp, `robber:${i}`, what);
      layerTerrains.append(grp);
      if (T.robber === ter.id) layerSpots.append(robber(cx + 21, cy - 16));
    });
    for (const road of F.roads) this.road(road, layerRoads, layerSpots, who);
    if (F.raubritterburg) {
      const [bx, by] = F.raubritterburg;
      layerSpots.append(castle(bx, by));
      if (T.robber === null) layerSpots.append(robber(bx + 32, by - 4));
    }
    return out;
  }

  /** One road: its line from the city's edge through the gate and its intersections, the
   * stub beyond (to its city's name, or into the forest), the gate in the colour of its
   * right of way, the segments (toll stations) and the intersections (settlements).
   * @param {any} road @param {Element} layerRoads @param {Element} layerSpots @param {(p: number) => string} who */
  road(road, layerRoads, layerSpots, who) {
    const { C, view } = this;
    const rid = road.id;
    const v = view.table.roads[rid] || { tolls: [], settlements: [], right_of_way: null };
    const d = [road.start, road.gate, ...road.points].map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ");
    const roadWhat = road.city ? t("web.siedler.road_to", { road: rid, city: cityName(road.city), toll: road.toll })
      : t("web.siedler.road_forest", { road: rid });
    const stroke = { fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round" };
    layerRoads.append(s("path", { d, stroke: C.road_edge, "stroke-width": 11, ...stroke }),
      s("path", { d, stroke: C.road_fill, "stroke-width": 6.5, ...stroke }, s("title", null, roadWhat)));
    const stub = road.stub.map((/** @type {number[]} */ p, /** @type {number} */ i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ");
    const [lx, ly] = road.label;
    if (road.city) {
      layerRoads.append(s("path", { d: stub, fill: "none", stroke: C.road_edge, "stroke-width": 6, "stroke-dasharray": "5,4" },
        s("title", null, t("web.siedler.stub", { road: rid, city: cityName(road.city) }))));
      const room = this.B.field.width - lx - 4;
      layerSpots.append(...fitted(lx, ly - 3, `${rid} → ${cityName(road.city)}`, room, 12.5,
        { "text-anchor": "start", "font-weight": "bold", fill: C.ink }),
      ...fitted(lx, ly + 10, t("web.siedler.toll_per_sale", { toll: road.toll }), room, 9,
        { "text-anchor": "start", fill: C.ink }, { most: 2, lead: 9 }));
    } else {
      layerRoads.append(s("path", { d: stub, fill: "none", stroke: C.road_edge, "stroke-width": 4, "stroke-dasharray": "2,3" }));
      const end = tag(lx, ly, t("web.siedler.road_ends", { road: rid }), { fill: C.open, stroke: C.ink, ink: C.ink });
      end.append(s("title", null, roadWhat));
      layerSpots.append(end);
    }
    const holder = v.right_of_way;
    const [gx, gy] = road.gate;
    layerSpots.append(s("g", { class: "gate", "data-road": rid, "data-key": `gate-${rid}`,
      ...(holder !== null ? { "data-piece": "right_of_way", "data-seat": holder } : {}) },
    s("circle", { cx: gx, cy: gy, r: 12.5, fill: holder !== null ? this.colour(holder) : C.open,
      stroke: holder !== null ? "#000" : C.ink, "stroke-width": 2 }),
    text(gx, gy + 4.5, rid, { "font-size": rid.length < 3 ? 12 : 10, "font-weight": "bold",
      fill: holder !== null ? this.ink(holder) : C.ink }),
    s("title", null, `${roadWhat}\n${holder !== null ? t("web.siedler.right_of_way", { player: who(holder) })
      : t("web.siedler.right_of_way.none")}`)));
    road.segments.forEach((/** @type {number[]} */ at, /** @type {number} */ k) => layerSpots.append(this.segment(rid, v, at, k, who)));
    road.points.forEach((/** @type {number[]} */ at, /** @type {number} */ i) => layerSpots.append(this.intersection(rid, v, at, i, who)));
  }

  /** A segment of a road: a toll station's place, lit while the next toll station may go
   * there. @param {string} rid @param {any} v the road in the view @param {number[]} at @param {number} k
   * @param {(p: number) => string} who */
  segment(rid, v, [mx, my], k, who) {
    const { C, P } = this;
    const owner = v.tolls[k] ?? null;
    const spot = s("g", { class: "segment", "data-road": rid, "data-segment": k + 1, "data-key": `seg-${rid}-${k}`,
      ...(owner !== null ? { "data-piece": "toll", "data-seat": owner } : {}) });
    if (owner !== null) {
      spot.append(s("rect", { class: "shape", x: f1(mx - 8), y: f1(my - 7), width: 16, height: 14, rx: 2,
        fill: this.colour(owner), stroke: "#000", "stroke-width": 1.5 }),
      text(mx, my + 3.5, String(k + 1), { "font-size": 9, "font-weight": "bold", fill: this.ink(owner) }));
    } else {
      spot.append(s("circle", { class: "hit", cx: mx, cy: my, r: this.reach, fill: "transparent" }),
        s("rect", { class: "shape", x: f1(mx - 6.5), y: f1(my - 6), width: 13, height: 12, rx: 2, fill: C.road_fill,
          stroke: C.road_edge }),
        text(mx, my + 3, String(k + 1), { "font-size": 8, "font-weight": "bold", fill: C.ink }));
    }
    const what = owner !== null ? t("web.siedler.toll_of", { road: rid, segment: k + 1, player: who(owner) })
      : t("web.siedler.segment", { road: rid, segment: k + 1 });
    if (k === v.tolls.indexOf(null)) P.svg(spot, `toll:${rid}`, what);
    else spot.append(s("title", null, what));
    return spot;
  }

  /** An intersection of a road: a settlement's place; the robber's victim is clicked on a
   * settlement of theirs beside the robber knight. @param {string} rid @param {any} v
   * @param {number[]} at @param {number} i @param {(p: number) => string} who */
  intersection(rid, v, [x, y], i, who) {
    const { C, P, view } = this;
    const owner = v.settlements[i] ?? null;
    const touches = (this.mapRoads.get(rid)?.intersections[i]?.touches) || [];
    const near = touches.map((/** @type {string} */ id) => {
      const ter = this.terrains.get(id);
      return ter ? `${t(`siedler.terrain.${ter.type}`)} ${ter.number}` : id;
    }).join(", ");
    const spot = s("g", { class: "intersection", "data-road": rid, "data-at": i, "data-key": `int-${rid}-${i}`,
      ...(owner !== null ? { "data-piece": "settlement", "data-seat": owner } : {}) },
    s("circle", { class: "hit", cx: x, cy: y, r: this.reach, fill: "transparent" }));  // tapped here (the robber's victim too)
    if (owner !== null) {
      spot.append(s("path", { class: "shape", d: `M${f1(x - 9)},${f1(y + 8)} L${f1(x - 9)},${f1(y - 2)} L${x},${f1(y - 11)} `
        + `L${f1(x + 9)},${f1(y - 2)} L${f1(x + 9)},${f1(y + 8)} Z`, fill: this.colour(owner), stroke: "#000", "stroke-width": 1.5 }),
      text(x, y + 6, String(i + 1), { "font-size": 8, "font-weight": "bold", fill: this.ink(owner) }));
    } else {
      spot.append(s("circle", { class: "shape", cx: x, cy: y, r: 8, fill: i === 0 ? "#d7ccc8" : "#ffffff",
        stroke: C.ink, "stroke-width": 1.5 }),
      text(x, y + 3.2, String(i + 1), { "font-size": 8.5, "font-weight": "bold", fill: C.ink }));
    }
    let what;
    if (owner !== null) what = t("web.siedler.settlement_of", { road: rid, index: i + 1, player: who(owner), near });
    else if (i === 0) what = t("web.siedler.intersection.city", { road: rid, index: i + 1 });
    else what = t("web.siedler.intersection", { road: rid, index: i + 1, near });
    const robberAt = view.table.robber;
    if (owner !== null && robberAt && touches.includes(robberAt) && P.get(`steal:${owner}`)) P.svg(spot, `steal:${owner}`, what);
    else P.svg(spot, `settle:${rid}:${i}`, what);
    return spot;
  }

  /** The old town: its sectors (goods, the Hauptmarkt, the Bauhof), the red intersections
   * (workshops, the Hauptmarkt's trade marks), the wall and its towers; every position the
   * game's drawing data's (ctx.board.city). */
  city() {
    const { B, C, view, P } = this;
    const K = B.city;
    const who = (/** @type {number} */ p) => playerName(p, P.ctx);
    const out = s("svg", { class: "sdl-city", viewBox: `0 0 ${K.width} ${K.height}`, role: "group",
      "aria-label": t("web.siedler.city"), style: `flex: ${K.width} 1 ${f1(K.width * 0.55)}px; --units: ${K.width}` });
    const [px0, py0, px1, py1] = K.box;
    this.wall(out, who);
    out.append(s("rect", { x: px0, y: py0, width: f1(px1 - px0), height: f1(py1 - py0), fill: "none", stroke: C.ink, "stroke-width": 2 }));
    const layer = s("g", { class: "sectors" });
    out.append(layer);
    for (const sec of K.sectors) layer.append(this.sector(sec));
    layer.querySelectorAll(".lit").forEach((x) => layer.append(x));  // a lit sector's frame on top
    const workshops = view.table.workshops || [];
    for (const r of K.red_intersections) {
      if (!r.xy) continue;
      out.append(this.red(r, workshops[r.index] ?? null, who));
      if (r.tag) {
        const label = r.mark === "3:1" ? "3:1" : `2:1 ${t(`siedler.tradable.${r.mark}`)}`;
        out.append(tag(r.tag[0], r.tag[1], label, { anchor: r.anchor }));
      }
    }
    return out;
  }

  /** A sector of the old town: a good's (what it takes, where it sells, for how much: a
   * click produces and sells it), the Hauptmarkt or the Bauhof. @param {any} sec */
  sector(sec) {
    const { C, P } = this;
    const [sx, sy, w, hh] = sec.rect;
    const [mx, my] = sec.center;
    const grp = s("g", { class: `sector ${sec.kind}`, "data-sector": sec.id, "data-key": `sec-${sec.id}` },
      s("rect", { class: "shape", x: sx, y: sy, width: w, height: hh, fill: C.sector[sec.kind], stroke: "#8d6e63" }));
    if (sec.kind === "goods") {
      const good = this.goods.get(sec.good) || { recipe: {}, city: "?", price: "?" };
      const parts = Object.entries(good.recipe).map(([r, n]) => render(cardsOf(r, Number(n))));
      const room = w - 8;
      grp.append(...fitted(mx, my - 30, goodName(sec.good), room, 11.5, { "font-weight": "bold" }),
        ...fitted(mx, my - 16, parts, room, 8.3, { fill: "#5d4037" }, { most: 3, glue: " + ", lead: 10 }),
        ...fitted(mx, my + 22, `→ ${cityName(good.city)}`, room, 8.5, { fill: "#5d4037" }),
        ...fitted(mx, my + 33, render(cardsOf("gold", good.price)), room, 8.5, { fill: "#5d4037", "font-weight": "bold" }));
      P.svg(grp, `produce:${sec.good}`, t("web.siedler.sector.goods", { good: goodName(sec.good), recipe: parts.join(" + "),
        city: cityName(good.city), price: render(cardsOf("gold", good.price)) }));
    } else if (sec.kind === "hauptmarkt") {
      // one line between the market's trade marks: the name without its German original in
      // brackets where the whole does not fit (the tooltip says all)
      let name = t("siedler.glossary.hauptmarkt.name");
      if (textWidth(name, 8.5, true) > w - 8) name = name.replace(/\s*\([^)]*\)\s*$/, "") || name;
      grp.append(...fitted(mx, my - hh * 0.23 + 4, name, w - 8, 10, { "font-weight": "bold" }),
        s("title", null, `${gloss("hauptmarkt")}\n${t("siedler.glossary.hauptmarkt", { market: 3, port: 2 })}`));
    } else {
      grp.append(...fitted(mx, my - 30, t("siedler.glossary.bauhof.name"), w - 8, 11.5, { "font-weight": "bold" }, { most: 2 }),
        ...fitted(mx, my + 22, t("web.siedler.bauhof.1"), w - 8, 8.3, { fill: "#5d4037" }),
        ...fitted(mx, my + 33, t("web.siedler.bauhof.2"), w - 8, 8.3, { fill: "#5d4037" }),
        s("title", null, `${gloss("bauhof")}\n${t("siedler.glossary.bauhof")}`));
    }
    return grp;
  }

  /** A red intersection: a workshop's place. @param {any} r its drawing data
   * @param {number | null} owner @param {(p: number) => string} who */
  red(r, owner, who) {
    const { C, P, view } = this;
    const j = r.index;
    const [x, y] = r.xy;
    const info = view.table.map.red_intersections[j] || {};
    const traits = [...(info.goods || []).map(goodName)];
    const mark = r.mark ? (r.mark === "3:1" ? t("siedler.terminal.red.market")
      : t("siedler.terminal.red.port", { resource: t(`siedler.tradable.${r.mark}`) })) : null;
    if (mark) traits.push(mark);
    if (info.bauhof) traits.push(t("siedler.glossary.bauhof.name"));
    const spot = s("g", { class: "red", "data-red": j + 1, "data-key": `red-${j}`,
      ...(owner !== null ? { "data-piece": "workshop", "data-seat": owner } : {}) },
    s("circle", { class: "hit", cx: x, cy: y, r: 15, fill: "transparent" }));
    if (owner !== null) {
      spot.append(s("rect", { class: "shape", x: f1(x - 10), y: f1(y - 10), width: 20, height: 20, rx: 3,
        fill: this.colour(owner), stroke: "#000", "stroke-width": 1.5 }),
      text(x, y + 3.5, String(j + 1), { "font-size": 10, "font-weight": "bold", fill: this.ink(owner) }));
    } else {
      spot.append(s("circle", { class: "shape", cx: x, cy: y, r: 9.5, fill: C.red, stroke: "#7f0000", "stroke-width": 1.5 }),
        text(x, y + 3.5, String(j + 1), { "font-size": 9.5, "font-weight": "bold", fill: "#ffffff" }));
    }
    P.svg(spot, `workshop:${j}`, owner !== null
      ? t("web.siedler.workshop_of", { index: j + 1, player: who(owner), place: traits.join(", ") })
      : t("web.siedler.red", { index: j + 1, place: traits.join(", ") }));
    return spot;
  }

  /** The wall track: numbered pieces counter-clockwise from the arrow; the next piece lit
   * while it may be built; tower triangles outside, open once both pieces beside them
   * stand. @param {Element} out @param {(p: number) => string} who */
  wall(out, who) {
    const { C, view, P } = this;
    const W = this.B.city.wall;
    const built = view.table.walls || [];
    const track = s("g", { class: "wall" });
    W.pieces.forEach((/** @type {any} */ pc, /** @type {number} */ k) => {
      const owner = k < built.length ? built[k] : null;
      const [sx, sy] = pc.start, [nx, ny] = pc.normal, [mx, my] = pc.middle;
      const half = W.band / 2;
      const d = pc.path.map((/** @type {number[]} */ p, /** @type {number} */ i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ");
      const piece = s("g", { class: "wall-piece", "data-wall": k + 1, "data-key": `wall-${k}`,
        ...(owner !== null ? { "data-piece": "wall", "data-seat": owner } : {}) },
      // tapped on a band half as wide again as the one drawn: it stays off the town, and the
      // tower triangles beside it are drawn over it
      s("path", { class: "hit", d: band(pc.path, W.band * 0.75), fill: "transparent" }),
      s("path", { class: "shape", d, fill: "none", stroke: owner !== null ? this.colour(owner) : C.wall, "stroke-width": W.band }),
      s("line", { x1: f1(sx - nx * half), y1: f1(sy - ny * half), x2: f1(sx + nx * half), y2: f1(sy + ny * half),
        stroke: C.ink, "stroke-width": 1.5 }),
      text(mx, my + 3.5, String(k + 1), { "font-size": 9.5, "font-weight": "bold", fill: owner !== null ? this.ink(owner) : C.ink }));
      const what = owner !== null ? t("web.siedler.wall_of", { piece: k + 1, player: who(owner) })
        : t("web.siedler.wall_piece", { piece: k + 1 });
      if (k === built.length) P.svg(piece, "wall", what);
      else piece.append(s("title", null, what));
      track.append(piece);
    });
    for (const [x0, y0, x1, y1] of W.border) {
      track.append(s("rect", { x: x0, y: y0, width: f1(x1 - x0), height: f1(y1 - y0), fill: "none",
        stroke: C.ink, "stroke-width": 1, "pointer-events": "none" }));
    }
    // the arrow: where the first piece goes
    track.append(s("polygon", { points: W.arrow.map((/** @type {number[]} */ p) => p.join(",")).join(" "), fill: C.red },
      s("title", null, t("web.siedler.wall_start"))));
    const [ax, ay] = W.first;
    track.append(text(ax + 14, ay - 26, t("web.siedler.wall_title", { built: built.length, pieces: W.pieces.length }),
      { "text-anchor": "start", "font-size": 10, "font-weight": "bold", fill: C.red }));
    const towers = view.table.towers || [];
    for (const tr of W.triangles) {
      const owner = towers[tr.index] ?? null;
      const open = built.length >= tr.needs;
      const tri = s("g", { class: `triangle${open ? " open" : ""}`, "data-triangle": tr.index, "data-key": `tri-${tr.index}`,
        ...(owner !== null ? { "data-piece": "tower", "data-seat": owner } : {}) },
      s("circle", { class: "hit", cx: tr.center[0], cy: tr.center[1], r: 14, fill: "transparent" }),
      s("polygon", { class: "shape", points: tr.points.map((/** @type {number[]} */ p) => p.join(",")).join(" "),
        fill: owner !== null ? this.colour(owner) : open ? C.open : C.wall, stroke: C.ink,
        "stroke-width": open || owner !== null ? 1.8 : 1, "stroke-dasharray": open || owner !== null ? null : "2,2" }));
      const what = owner !== null ? t("web.siedler.tower_of", { after: tr.after, player: who(owner) })
        : open ? t("web.siedler.triangle_open", { after: tr.after }) : t("web.siedler.triangle_closed", { after: tr.after, piece: tr.needs });
      P.svg(tri, `tower:${tr.index}`, what);
      track.append(tri);
    }
    out.append(track);
  }

  /** */
  strip() {
    const { view, P } = this;
    const deck = this.data.events.reduce((/** @type {number} */ a, /** @type {any} */ e) => a + e.count, 0);
    const T = view.table;
    const who = (/** @type {number} */ p) => playerName(p, P.ctx);
    const c = T.last_card;
    let about = t("siedler.glossary.event_card", { cards: deck });
    if (c && c.event !== "none") {  // the event drawn: its name (glossed) and what it does
      const count = this.data.events.filter((/** @type {any} */ e) => e.event === c.event)
        .reduce((/** @type {number} */ a, /** @type {any} */ e) => a + e.count, 0);
      const name = GLOSSED_EVENTS.has(c.event) ? gloss(c.event) : t(`siedler.glossary.event.${c.event}.name`);
      about += `\n${name}${t("core.after_name")}${t(`siedler.glossary.event.${c.event}`, { count })}`;
    }
    const card = h("div", { class: "sdl-event", "data-key": "event-card", title: about },
      h("small", null, sentence(t("siedler.glossary.event_card.name"))),
      c ? h("div", { class: `face ${c.event}` }, h("b", { class: "num" }, c.number === null ? icon("swords", { size: 18 }) : String(c.number)),
        h("span", null, sentence(render(msg(`siedler.card.${c.event}`, { number: c.number, road: c.road }))))) :
        h("div", { class: "face" }, h("span", null, t("web.siedler.no_card"))),
      h("small", null, t("web.siedler.deck", { count: T.deck_left, discards: T.discards })));
    const years = T.map.years;
    const reds = new Set(T.map.reshuffle_years);
    const time = h("div", { class: "sdl-time", "data-key": "time-track", title: t("siedler.glossary.time_track", {
      first: years[0], reds: [...reds].map(String), last: years[years.length - 1] }) },
    h("small", null, sentence(t("siedler.glossary.time_track.name"))),
    h("ol", null, ...years.map((/** @type {number} */ y, /** @type {number} */ i) => h("li", {
      class: `${reds.has(y) ? "red" : ""}${y === T.year ? " now" : ""}${i === years.length - 1 ? " last" : ""}`,
      "data-year": y, ...(y === T.year ? { "data-piece": "time" } : {}),
      title: y === T.year ? t("web.siedler.time_stone", { year: y }) : reds.has(y) ? t("web.siedler.year.red", { year: y })
        : i === years.length - 1 ? t("web.siedler.year.last", { year: y }) : String(y) }, String(y)))));
    const council = h("div", { class: "sdl-council" }, h("small", null, t("web.siedler.council")),
      h("div", { class: "cards" }, ...Object.entries(T.council).map(([key, holder]) => {
        const name = t(`siedler.council.${key}`);
        const points = /** @type {Record<string, number>} */ (COUNCIL_VP)[key];
        let line;
        if (holder === "removed") line = t("web.siedler.council.removed");
        else if (holder === null) line = t("web.siedler.council.free");
        else line = who(holder);
        const cls = `council-card${holder === "removed" ? " removed" : ""}`;
        const body = [h("b", null, name), h("span", { class: "vp" }, t("web.siedler.vp", { count: points })),
          h("span", { class: "holder" }, typeof holder === "number" ? swatch(this.C, holder) : null, line)];
        const mv = typeof holder === "number" ? P.get(`council:${holder}`) : undefined;
        if (mv) {
          P.placed.add(mv.index);
          return h("button", { type: "button", class: `${cls} lit`, "data-legal": mv.index, "data-move": `council:${holder}`,
            title: `${P.words(mv)}\n${councilTip(key)}`, onclick: () => P.ctx.act(mv) }, ...body);
        }
        return h("div", { class: cls, "data-council": key, "data-key": `council-${key}`,
          title: councilTip(key, `${gloss(key)}${t("core.after_name")}${line}`) }, ...body);
      })));
    return h("div", { class: "sdl-strip" }, card, time, council);
  }

  /** */
  handPanel() {
    const { view, P } = this;
    const ctx = P.ctx;
    const me = view.seats[/** @type {number} */ (ctx.you)];
    const hand = me.hand || {};
    const out = h("section", { class: "sdl-panel sdl-hand", "aria-label": t("web.siedler.hand") },
      h("h3", null, swatch(this.C, /** @type {number} */ (ctx.you)),
        t("web.siedler.hand"), " ", h("small", null, t("web.siedler.hand.count", { count: me.cards }))));
    const pick = ctx.pick;
    const discarding = pick && pick.parts.length && ctx.legal.some((m) => m.action.type === "discard");
    if (discarding) {
      const byRes = new Map(ctx.legal.filter((m) => m.action.type === "discard").map((m) => [m.action.resource, m]));
      const chosen = this.ui.discard;
      const total = Object.values(chosen).reduce((a, b) => a + b, 0);
      const owed = pick.most;
      out.append(h("p", { class: "sdl-ask" }, t("web.siedler.discard.ask", { count: owed })),
        h("div", { class: "cards" }, ...RES.map((x) => {
          const have = hand[x] || 0;
          const c = chosen[x] || 0;
          const mv = byRes.get(x);
          if (mv) P.placed.add(mv.index);
          return h("button", { type: "button", class: `card-pick${c ? " on" : ""}`, disabled: !mv || c >= have || total >= owed,
            "data-offers": mv ? mv.index : null,
            "data-discard": x, title: mv ? t("web.siedler.discard.one", { cards: render(cardsOf(x, 1)) }) : "",
            onclick: () => { chosen[x] = c + 1; this.redraw(); } },
          chip(this.C, x, `${t(`siedler.tradable.${x}`)} ${have - c}`), c ? h("b", { class: "minus" }, `−${c}`) : null);
        })),
        h("p", { class: "row" },
          h("button", { type: "button", class: "primary", "data-send": "discard", disabled: total !== owed,
            onclick: () => {
              const parts = RES.flatMap((x) => Array(chosen[x] || 0).fill(byRes.get(x)?.index));
              this.ui.discard = {};
              ctx.sendPick(parts);
            } }, t("web.siedler.discard.send", { count: total, most: owed })), " ",
          h("button", { type: "button", disabled: total === 0, onclick: () => { this.ui.discard = {}; this.redraw(); } },
            t("web.pick.clear"))));
    } else {
      this.ui.discard = {};
      out.append(h("div", { class: "cards" }, ...RES.map((x) => chip(this.C, x, `${t(`siedler.tradable.${x}`)} ${hand[x] || 0}`,
        { title: render(cardsOf(x, hand[x] || 0)) }))));
    }
    out.append(h("p", { class: "sdl-stats" }, chip(this.C, "gold", `${t("siedler.tradable.gold")} ${me.gold}`),
      h("span", { title: t("siedler.glossary.victory_points", { target: 13 }) }, t("web.siedler.vp.short", { count: me.victory_points })),
      h("span", { title: t("siedler.glossary.prestige", { at: 3, lock: 12 }) }, t("web.siedler.prestige.short", { count: me.prestige })),
      me.council ? h("span", { title: councilTip(me.council) }, t(`siedler.council.${me.council}`)) : null));
    out.append(h("p", { class: "sdl-left" }, t("web.siedler.left", { settlements: me.pieces_left.settlements,
      workshops: me.pieces_left.workshops, tolls: me.pieces_left.tolls })));
    const end = P.button("end", t("web.siedler.end"), "primary");
    const pass = P.button("pass", t("web.siedler.pass"));
    if (end || pass) out.append(h("p", { class: "row" }, end, " ", pass));
    return out;
  }

  /** What came of the last offer, which the panel would otherwise just drop: the trade made
   * (the view keeps it until the next offer ends), or the person's own offer that everyone
   * declined. @param {any} offer @param {number | null} you @param {number} active */
  tradeOutcome(offer, you, active) {
    const T = this.view.table;
    const who = (/** @type {number} */ p) => playerName(p, this.P.ctx);
    if (offer) {  // the person's own, while no one has taken it up yet
      const open = active === you && !offer.answers.some((/** @type {string} */ a) => a === "accept" || a === "countered");
      this.ui.asked = open ? { give: offer.give, want: offer.want } : null;
      return null;
    }
    if (this.ui.plan || active !== you || T.last_trade) this.ui.asked = null;
    if (T.last_trade) {
      const d = T.last_trade;
      return h("p", { class: "sdl-outcome", "data-outcome": "traded" }, sentence(t(d.player === you
        ? "web.siedler.trade.made.you" : "web.siedler.trade.made", {
        player: who(d.player), partner: who(d.partner), gave: sideWords(d.gave), got: sideWords(d.got) })));
    }
    const asked = this.ui.asked;
    return asked ? h("p", { class: "sdl-outcome", "data-outcome": "declined" },
      t("web.siedler.offer.declined", { give: sideWords(asked.give), want: sideWords(asked.want) })) : null;
  }

  /** */
  tradePanel() {
    const { view, P } = this;
    const ctx = P.ctx;
    const T = view.table;
    const you = ctx.you;
    const who = (/** @type {number} */ p) => playerName(p, ctx);
    const out = h("section", { class: "sdl-panel sdl-trade", "aria-label": t("web.siedler.trade") },
      h("h3", null, t("web.siedler.trade")));
    const offer = T.offer;
    const active = T.active;

    out.append(this.tradeOutcome(offer, you, active) || "");

    // an offer under way: what it is, whom it asks, each answer as it arrives
    if (offer && view.phase !== "offer_give" && view.phase !== "offer_want" && view.phase !== "offer_send") {
      const mine = you === active;
      out.append(h("div", { class: "sdl-offer" },
        h("p", null, h("b", null, sentence(mine ? t("web.siedler.offer.yours", { give: sideWords(offer.give),
          want: sideWords(offer.want) }) : t("web.siedler.offer.theirs", { player: who(active),
          give: sideWords(offer.give), want: sideWords(offer.want) })))),
        h("p", { class: "to" }, t("web.siedler.offer.to", { target: offer.to === null ? t("siedler.everyone")
          : who(offer.to) })),
        h("ul", { class: "answers" }, ...offer.answers.map((/** @type {string} */ a, /** @type {number} */ q) => {
          if (a === "none") return null;
          const c = offer.counters[q];
          const bits = [swatch(this.C, q), sentence(who(q)), t("core.after_name"),
            h("span", { class: `answer ${a}` }, t(`siedler.answer.${a}`))];
          if (a === "countered") bits.push(" — ", t("web.siedler.counter.terms", { give: sideWords(c.give), want: sideWords(c.want) }));
          const take = P.button(`close:${q}`, t("web.siedler.close", { player: who(q) }), "primary");
          const takeCounter = P.button(`take_counter:${q}`, t("web.siedler.take_counter"), "primary");
          return h("li", { "data-answer": a, "data-seat": q }, ...bits, take ? [" ", take] : null,
            takeCounter ? [" ", takeCounter] : null);
        })),
        h("p", { class: "row" }, P.button("withdraw", t("web.siedler.withdraw")))));
      // answering someone's offer: accept, decline, or put a counter-offer together (or, by
      // the person's standing answer, declined as it comes: declineWithoutAsking)
      if (this.declining()) {
        out.append(h("p", { class: "sdl-wait" }, t("web.siedler.declining")));
        for (const kind of ["accept", "decline", "counter"]) placeAs(P, kind);
      } else if (P.get("decline") || P.get("counter")) {
        if (this.ui.counter) out.append(this.builder("counter"));
        else {
          out.append(this.cannotAccept(offer) || "", h("p", { class: "row" }, P.button("accept", t("web.siedler.accept"), "primary"), " ",
            P.button("decline", t("web.siedler.decline")), " ",
            P.get("counter") ? h("button", { type: "button", "data-open": "counter",
              "data-offers": P.get("counter")?.index, onclick: () => {
              // a counter-offer starts as the offer turned round
              this.ui.counter = { give: { ...offer.want }, want: { ...offer.give } };
              this.redraw();
            } }, t("web.siedler.counter.open")) : null));
          placeAs(P, "counter");
        }
      } else if (!this.ui.plan) this.ui.counter = null;
    } else if (!offer) this.ui.counter = null;

    if (this.ui.plan) {
      out.append(h("p", { class: "sdl-wait" }, t("web.siedler.offer.sending")));
      for (const m of ctx.legal) if (["give", "want", "done", "send", "cancel"].includes(m.action.type)) P.placed.add(m.index);
    } else if (view.phase === "offer_give" || view.phase === "offer_want" || view.phase === "offer_send") {
      // an offer half made (the page was reloaded meanwhile): its steps are in the moves list
      // (another player's offer half made: what it is so far)
      if (offer) out.append(h("p", null, you === active ? t("web.siedler.offer.so_far", { give: sideWords(offer.give),
        want: sideWords(offer.want) }) : sentence(t("web.siedler.offer.theirs_so_far", { player: who(active),
        give: sideWords(offer.give), want: sideWords(offer.want) }))));
    }

    // the person's standing answer to others' offers, kept in this browser
    out.append(h("p", { class: "row sdl-decline-all" }, h("label", null,
      h("input", { type: "checkbox", checked: declineAll(), onchange: (/** @type {Event} */ e) => {
        const on = /** @type {HTMLInputElement} */ (e.target).checked;
        try { localStorage.setItem(DECLINE_ALL, on ? "1" : "0"); } catch { /* a browser that keeps nothing */ }
        this.redraw();
      } }), " ", t("web.siedler.decline_all"))));

    // the bank: what to give at which rate, then what to get
    const bank = ctx.legal.filter((m) => m.action.type === "bank");
    if (bank.length) {
      /** @type {Map<string, {rate: number, gets: Map<string, Move>}>} */
      const gives = new Map();
      for (const m of bank) {
        const g = gives.get(m.action.give) || { rate: Number(m.words?.args?.give?.args?.count) || 4, gets: new Map() };
        g.gets.set(m.action.get, m);
        gives.set(m.action.give, g);
        P.placed.add(m.index);
      }
      if (this.ui.bankGive && !gives.has(this.ui.bankGive)) this.ui.bankGive = null;
      const chosen = this.ui.bankGive ? gives.get(this.ui.bankGive) : null;
      out.append(h("div", { class: "sdl-bank" },
        h("h4", null, t("web.siedler.bank", { count: T.bank_trades_left })),
        h("div", { class: "row give" }, h("span", { class: "label" }, t("web.siedler.bank.give")),
          ...TRADABLES.map((x) => {
            const g = gives.get(x);
            if (!g) return null;
            return h("button", { type: "button", class: `res-button${this.ui.bankGive === x ? " on" : ""}`, "data-bank-give": x,
              "data-offers": [...g.gets.values()].map((m) => m.index).join(","),
              title: t("web.siedler.bank.rate", { cards: render(cardsOf(x, g.rate)) }),
              onclick: () => { this.ui.bankGive = this.ui.bankGive === x ? null : x; this.redraw(); } },
            chip(this.C, x, render(cardsOf(x, g.rate))));
          })),
        chosen ? h("div", { class: "row get" }, h("span", { class: "label" }, t("web.siedler.bank.get")),
          ...TRADABLES.filter((x) => x !== this.ui.bankGive).map((x) => {
            const m = chosen.gets.get(x);
            return h("button", { type: "button", class: "res-button", disabled: !m, "data-legal": m ? m.index : null,
              "data-move": m ? `bank:${this.ui.bankGive}:${x}` : null,
              title: m ? P.words(m) : t("web.siedler.bank.empty", { resource: t(`siedler.tradable.${x}`) }),
              onclick: () => m && ctx.act(m) }, chip(this.C, x));
          })) : h("p", { class: "hint" }, t("web.siedler.bank.hint"))));
    }

    // a new offer to the other players
    const start = P.get("offer");
    if (start && !this.ui.plan) {
      P.placed.add(start.index);
      out.append(this.builder("offer"));
    }
    if (out.childNodes.length === 1) out.append(h("p", { class: "hint" }, t("web.siedler.trade.idle")));
    return out;
  }

  /** Why an offer put to the person has no Accept: the cards (or gold) it asks for that
   * they do not hold ("you have 0 of the 2 wool asked for"); null when they may accept, or
   * the answer is not theirs to give now. @param {any} offer */
  cannotAccept(offer) {
    const { view, P } = this;
    const you = P.ctx.you;
    if (you === null || P.get("accept") || offer.answers[you] !== "pending") return null;
    const me = view.seats[you];
    const held = (/** @type {string} */ x) => (x === "gold" ? me.gold : (me.hand || {})[x] || 0);
    const short = TRADABLES.filter((x) => (offer.want[x] || 0) > held(x))
      .map((x) => msg("siedler.cannot_accept.short", { have: held(x), asked: cardsOf(x, offer.want[x]) }));
    if (!short.length) return null;
    return h("p", { class: "sdl-cannot" }, sentence(render(msg("siedler.cannot_accept", { short }), P.ctx)));
  }

  /** Put an offer (or a counter-offer) together: what you give, what you ask for, whom you
   * ask; sent as the engine's steps one after another.
   * @param {"offer" | "counter"} kind */
  builder(kind) {
    const { view, P } = this;
    const ctx = P.ctx;
    const T = view.table;
    const you = /** @type {number} */ (ctx.you);
    const me = view.seats[you];
    const held = (/** @type {string} */ x) => (x === "gold" ? me.gold : (me.hand || {})[x] || 0);
    const form = kind === "offer" ? this.ui.offer : /** @type {{give: Record<string, number>, want: Record<string, number>}} */ (this.ui.counter);
    const most = T.offer_cards;
    const sum = (/** @type {Record<string, number>} */ side) => Object.values(side).reduce((a, b) => a + b, 0);
    // what is no longer held (a trade happened meanwhile) is taken out
    for (const x of TRADABLES) if ((form.give[x] || 0) > held(x)) form.give[x] = held(x);
    const leadsTo = P.get(kind)?.index ?? null;
    /** A stepper for one kind of card on one side. @param {"give" | "want"} side @param {string} x */
    const stepper = (side, x) => {
      const n = form[side][x] || 0;
      const other = side === "give" ? form.want : form.give;
      const canAdd = sum(form[side]) < most && !(other[x] > 0) && (side === "want" || n < held(x));
      const name = `${t(side === "give" ? "web.siedler.offer.give" : "web.siedler.offer.want")} ${render(cardsOf(x, 1))}`;
      return h("td", { class: `stepper${n ? " on" : ""}`, "data-side": side, "data-res": x },
        h("button", { type: "button", class: "minus", disabled: !n, title: `${t("web.siedler.less")}${t("core.after_name")}${name}`,
          "data-offers": leadsTo,  // a step to the offer too: a side left full from before is made room in by keys
          "aria-label": `${t("web.siedler.less")}${t("core.after_name")}${name}`, onclick: () => { form[side][x] = n - 1; this.redraw(); } }, icon("minus", { size: 14 })),
        h("b", null, String(n)),
        h("button", { type: "button", class: "plus", disabled: !canAdd, title: `${t("web.siedler.more")}${t("core.after_name")}${name}`,
          "data-offers": leadsTo,  // the first step to the offer (or the counter-offer) these cards make up
          "aria-label": `${t("web.siedler.more")}${t("core.after_name")}${name}`, onclick: () => { form[side][x] = n + 1; this.redraw(); } }, icon("plus", { size: 14 })));
    };
    const ok = sum(form.give) > 0 && sum(form.want) > 0;
    // a row per kind of card (its name has the whole width in every language), give and want beside it
    const box = h("div", { class: `sdl-builder ${kind}` },
      h("h4", null, kind === "offer" ? t("web.siedler.offer.title", { count: T.offers_left })
        : t("web.siedler.counter.title")),
      h("table", { class: "sdl-steps" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, t("web.siedler.offer.give")),
          h("th", { scope: "col" }, t("web.siedler.offer.want")))),
        h("tbody", null, ...TRADABLES.map((x) => h("tr", { "data-res": x },
          h("th", { scope: "row" }, h("i", { class: "sw", style: `background:${this.C.resource[x]}` }), t(`siedler.tradable.${x}`)),
          stepper("give", x), stepper("want", x))))));
    if (kind === "offer") {
      const others = view.seats.map((/** @type {any} */ _, /** @type {number} */ q) => q).filter((/** @type {number} */ q) => q !== you);
      const select = /** @type {HTMLSelectElement} */ (h("select", { "aria-label": t("web.siedler.offer.to_whom"),
        onchange: () => { this.ui.offer.to = Number(select.value); } },
      h("option", { value: -1 }, t("siedler.everyone")),
      ...others.map((/** @type {number} */ q) => h("option", { value: q }, playerName(q, ctx)))));
      select.value = String(this.ui.offer.to);
      box.append(h("p", { class: "row" }, h("label", null, t("web.siedler.offer.to_whom"), " ", select)));
    }
    box.append(h("p", { class: "row" },
      h("button", { type: "button", class: "primary", "data-send": kind, disabled: !ok,
        "data-offers": kind === "offer" ? P.get("offer")?.index : null,
        title: ok ? t("web.siedler.offer.summary", { give: sideWords(form.give), want: sideWords(form.want) }) : "",
        onclick: () => {
          this.ui.plan = { steps: kind === "offer" ? ["offer", "give", "want", "send"] : ["counter", "give", "want"], next: 0,
            give: { ...form.give }, want: { ...form.want }, to: kind === "offer" ? this.ui.offer.to : -1 };
          if (kind === "counter") this.ui.counter = null;
          else this.ui.offer = { give: {}, want: {}, to: this.ui.offer.to };
          this.runPlan();
        } }, t(kind === "offer" ? "web.siedler.offer.send" : "web.siedler.counter.send")), " ",
      kind === "counter" ? [h("button", { type: "button", onclick: () => { this.ui.counter = null; this.redraw(); } },
        t("web.siedler.counter.back")), " ", P.button("decline", t("web.siedler.decline"))]  // declining stays one key away
        : h("button", { type: "button", disabled: !sum(form.give) && !sum(form.want),
          onclick: () => { this.ui.offer = { give: {}, want: {}, to: this.ui.offer.to }; this.redraw(); } }, t("web.pick.clear"))));
    return box;
  }

  /** The next step of an offer on its way, if the table is ready for it: a function that
   * sends it. @param {string} step */
  stepOf(step) {
    const ctx = this.ctx;
    const plan = this.ui.plan;
    if (!plan) return null;
    const legal = ctx.legal;
    if (step === "offer" || step === "counter") {
      const m = legal.find((x) => x.action.type === step);
      return m ? () => ctx.act(m) : null;
    }
    if (step === "give" || step === "want") {
      if (!ctx.pick || !legal.some((x) => x.action.type === step)) return null;
      const side = plan[step];
      /** @type {number[]} */
      const parts = [];
      for (const x of TRADABLES) {
        const n = side[x] || 0;
        if (!n) continue;
        const m = legal.find((y) => y.action.type === step && y.action.resource === x);
        if (!m) return null;
        for (let i = 0; i < n; i++) parts.push(m.index);
      }
      return () => ctx.sendPick(parts);
    }
    if (step === "send") {
      const m = legal.find((x) => x.action.type === "send" && x.action.to === plan.to);
      return m ? () => ctx.act(m) : null;
    }
    return null;
  }

  /** */
  playersPanel() {
    const { view, P } = this;
    const ctx = P.ctx;
    const T = view.table;
    const col = (/** @type {string} */ k) => h("th", null, t(`siedler.terminal.col.${k}`));
    const roadsOf = (/** @type {number} */ p) => Object.entries(T.roads)
      .filter(([, r]) => /** @type {any} */ (r).right_of_way === p).map(([name]) => name);
    return h("section", { class: "sdl-panel sdl-players", "aria-label": t("web.siedler.players") },
      h("h3", null, t("web.siedler.players")),
      h("table", null, h("thead", null, h("tr", null, col("player"), col("hand"), col("gold"), col("prestige"), col("vp"),
        col("council"), col("roads"), col("left"))),
      h("tbody", null, ...view.seats.map((/** @type {any} */ p, /** @type {number} */ q) => {
        const steal = P.button(`steal:${q}`, t("web.siedler.steal"), "primary");
        return h("tr", { class: `${q === T.active ? "active" : ""}${view.to_act.includes(q) ? " deciding" : ""}`,
          "data-seat": q, "data-key": `player-${q}`, title: `${sentence(playerName(q, ctx))}${t("core.after_name")}${t("web.siedler.vp", { count: p.victory_points })}` },
        h("th", null, swatch(this.C, q), sentence(playerName(q, ctx)),
          steal ? [" ", steal] : null,
          p.discards_owed ? h("small", { class: "owes" }, ` ${t("siedler.terminal.owes", { count: p.discards_owed })}`) : null),
        h("td", { title: t("web.siedler.hand.count", { count: p.cards }) }, String(p.cards)),
        h("td", null, String(p.gold)), h("td", null, String(p.prestige)), h("td", null, h("b", null, String(p.victory_points))),
        h("td", p.council ? { title: councilTip(p.council) } : null, p.council ? t(`siedler.council.${p.council}`) : "–"),
        h("td", null, roadsOf(q).join(", ") || "–"),
        h("td", { title: t("web.siedler.left", { settlements: p.pieces_left.settlements, workshops: p.pieces_left.workshops,
          tolls: p.pieces_left.tolls }) }, h("span", { class: "left" }, icon("house", { size: 12 }), String(p.pieces_left.settlements),
          icon("square", { size: 12 }), String(p.pieces_left.workshops), icon("bar", { size: 12 }), String(p.pieces_left.tolls))));
      }))));
  }

  /** */
  prompt() {
    const { view, ctx } = this;
    const T = view.table;
    const ph = view.phase;
    const you = ctx.you;
    const active = { player: T.active };
    const waiting = view.to_act.filter((/** @type {number} */ p) => p >= 0).map((/** @type {number} */ p) => ({ player: p }));
    const say = (/** @type {string} */ id, /** @type {any} */ args = {}) => sentence(render(msg(`siedler.terminal.${id}`, args), ctx));
    if (view.over) return h("p", { class: "sdl-prompt over" }, this.result());
    const mine = you !== null && view.to_act.includes(you) && ctx.legal.length > 0;
    if (mine) {
      const offer = T.offer || {};
      let words;
      if (ph === "respond" && offer.answers && offer.answers[you] === "countering") words = say("ask.counter");
      else if (ph === "discard") words = say("ask.discard", { count: view.seats[you].discards_owed });
      else if (ph === "council") words = say("ask.council", { players: T.council_candidates.map((/** @type {number} */ p) => ({ player: p })) });
      // an offer they cannot pay for has no Accept (cannotAccept says why): not offered in words either
      else if (ph === "respond") {
        words = say(ctx.legal.some((m) => m.action.type === "accept") ? "ask.respond" : "ask.respond_no_accept", { player: active });
      }
      else if (ph === "main") words = say("ask.main", { offers: T.offers_left, bank: T.bank_trades_left });
      else words = say(`ask.${ph}`);
      return h("p", { class: "sdl-prompt mine" }, h("b", null, t("siedler.terminal.yours")), words);
    }
    let words;
    if (["respond", "discard", "kostenloser_lehm", "council"].includes(ph)) words = say(`now.${ph}`, { player: active, players: waiting });
    else if (["draw", "start", "steal_card", "wegezoll_card"].includes(ph)) words = say("now.chance");
    else words = say(`now.${ph}`, { player: active });
    return h("p", { class: "sdl-prompt" }, h("b", null, t("siedler.terminal.now")), words);
  }

  /** */
  result() {
    const { view, ctx } = this;
    const res = view.result;
    const ending = view.table.ending;
    if (!res || !ending) return t("siedler.terminal.now.over");
    const win = res.winners.map((/** @type {number} */ p) => ({ player: p }));
    const say = (/** @type {string} */ id, /** @type {any} */ args = {}) => render(msg(`siedler.terminal.${id}`, args), ctx);
    if (ending.reason === "thirteen") return say("result.thirteen", { player: win[0], players: win });
    const parts = [say("result.time")];
    const tied = ending.tied_on_most;
    if (!tied.length) parts.push(say("result.most", { player: win[0], players: win, vp: res.scores[res.winners[0]] }));
    else {
      parts.push(say("result.tie", { players: tied.map((/** @type {number} */ p) => ({ player: p })), vp: res.scores[tied[0]] }));
      if (win.length === 1) parts.push(say("result.council", { player: win[0],
        card: msg(`siedler.council.${ending.councils[res.winners[0]]}`) }));
      else parts.push(say("result.shared", { players: win }));
    }
    return parts.join(" ");
  }
}

// ------------------------------------------------------------------------------------------
// The whole board
// ------------------------------------------------------------------------------------------
/** On a phone the board starts larger than the screen (its places 24 px across) and pans:
 * the zoom bar offers the whole board at a glance below its first level (table/zoom.js). */
export const PHONE_GLANCE = true;

/** @param {HTMLElement} el @param {any} view @param {Ctx} ctx @returns {Drawn} */
export function draw(el, view, ctx) {
  // the seats' dots in the page take the game's piece colours
  const page = el.closest(".table-page, .replay");
  if (page instanceof HTMLElement && ctx.board) {
    page.classList.add("sdl-colours");
    ctx.board.colors.seat.forEach((/** @type {string} */ c, /** @type {number} */ i) => page.style.setProperty(`--p${i}`, c));
  }
  let picking = false;
  const got = mount(el, view, ctx, {
    layout: () => 0,  // the map and the city flow with the width (CSS)
    build: (v, c, _, redraw) => {
      keepPan(el);
      const board = new Board(el, v, c, redraw);
      const built = board.build();
      picking = board.picking;
      return built;
    },
  });
  putPanBack(el);
  litIntoView(el, view, ctx, picking);
  return got;
}

/** The pan of each board element's maps before it was drawn afresh (the maps are drawn
 * anew each time). @type {WeakMap<HTMLElement, number>} */
const pans = new WeakMap();

/** Remember the pan of `el`'s maps before they are replaced; put back at once after a draw
 * (`draw`), else after the host's own redraw (a choice made on the board, a new width).
 * @param {HTMLElement} el */
function keepPan(el) {
  pans.set(el, el.querySelector(".sdl-boards")?.scrollLeft || 0);
  queueMicrotask(() => putPanBack(el));
}

/** @param {HTMLElement} el */
function putPanBack(el) {
  const was = pans.get(el);
  pans.delete(el);
  const maps = el.querySelector(".sdl-boards");
  if (was && maps) maps.scrollLeft = was;
}

/** The element that pans the maps: their own scroller on a phone (style.css: the words and
 * panels above and below stay put), else the board (zoomed on a desktop).
 * @param {HTMLElement} el */
function mapScroller(el) {
  const maps = el.querySelector(".sdl-boards");
  return maps instanceof HTMLElement && ["auto", "scroll"].includes(getComputedStyle(maps).overflowX) ? maps : el;
}

/** The decision each board element last looked at for panning: a redraw of that decision
 * leaves the map where the person put it. @type {WeakMap<HTMLElement, string>} */
const panned = new WeakMap();

/** On a phone the maps pan (wider than the screen, style.css): when a decision starts whose
 * lit places on the maps all lie beyond the part in view, the maps pan to them (all of them
 * if they fit in the scroller's width, else the first), no further than it takes to show
 * them a place's width inside the edge. Never while the person is putting a choice
 * together, never on a board that fits (a desktop, the whole board at a glance).
 * @param {HTMLElement} el @param {any} view @param {Ctx} ctx @param {boolean} picking */
function litIntoView(el, view, ctx, picking) {
  const lit = [...el.querySelectorAll(".sdl-boards .lit")];
  const pan = mapScroller(el);
  if (!lit.length || !el.isConnected || !pan.clientWidth) return;  // not on the screen (yet): nothing to see
  const decision = `${view.phase}|${ctx.you}|${ctx.legal.map((m) => m.index).join(",")}`;
  if (panned.get(el) === decision) return;
  panned.set(el, decision);
  if (picking || pan.scrollWidth <= pan.clientWidth + 1) return;
  const box = pan.getBoundingClientRect();
  const [left, right] = [box.left + pan.clientLeft, box.left + pan.clientLeft + pan.clientWidth];
  const rects = lit.map((x) => x.getBoundingClientRect());
  if (rects.some((r) => r.left + r.width / 2 >= left && r.left + r.width / 2 <= right)) return;
  const margin = 24;
  const from = Math.min(...rects.map((r) => r.left)), to = Math.max(...rects.map((r) => r.right));
  const [a, b] = to - from <= right - left - 2 * margin ? [from, to] : [rects[0].left, rects[0].right];
  pan.scrollLeft += b > right - margin ? b - (right - margin) : Math.min(0, a - (left + margin));
}
