// @ts-check
/** Colonia's city in SVG, drawn from a view (its JSON Schema, every field described:
 * reichsstadt/games/colonia/schema.py). Panels, two side by side on a wide screen and one
 * under the other on a phone: the week (day, what is asked, the week card, mayor and turn
 * order), the three ordinances of the week (day, text, result, ballots), the town hall
 * with each family (card, votes, members at home, in the hall and on each day's street
 * field), the market stalls, the five craftsmen with their sticks and contract fields,
 * the port with its ships and holds, the relic display, and each family's screen: the
 * reader's own in full (money in four currencies, materials, goods, relics, family cards),
 * the others' public counts.
 *
 * Every legal move that belongs to a piece is made by clicking it: a family card, a yes
 * or no ballot, a stall, a craftsman's next contract field, a hold (an extra hold: one
 * of its goods), a displayed relic (bought or secured), a relic for a shrine, a good for
 * the six, and an ordinance's choice under the ordinances (members to recall, materials to
 * draw, the currencies and the amount to exchange). Pieces without a legal move are not
 * clickable; the other moves (pass, keep the money, leave a shrine empty) stay in the
 * moves panel. Every word comes from the catalogs (colonia.*
 * for the game's names, web.colonia.* for the board's own). */
import { s } from "/static/dom.js";
import { mount } from "/static/board/host.js";
import { piece } from "/static/board/piece.js";
import { at, lines, text, tip } from "/static/board/svg.js";
import { fitLines, textWidth, wrap } from "/static/board/textfit.js";
import { glyph } from "/static/icons.js";
import { language, playerName, render, sentence } from "/static/i18n.js";

/** @typedef {import("/static/board/types.js").Move} Move */
/** @typedef {import("/static/board/types.js").Ctx} Ctx */

const SW = 460;           // a panel's width, side by side
const SW_NARROW = 400;    // ... alone in one column (a phone): drawn larger
const GAP = 10;
const PAD = 8;
const PANEL_MIN_PX = 410; // a panel is never drawn much narrower on screen: one column on a phone
// (a 1280 px window with a classic 15 px scrollbar leaves a board box of 859 px: two columns)
const INK = "#2b211a";
const PAPER = "#fffaf0";
const FAINT = "#7a6a58";
const LINE = "#c9b48f";
const WOOD = "#8a5a2b";
/** The materials' colours, in index order: leather, iron, wood, linen, fur. */
const MATERIAL_COLOURS = ["#9c4f1e", "#6c7a89", "#d2a860", "#f3eedd", "#3d2c20"];
/** The goods' colours: saddle, wagon wheel, painting, dress, shoes. */
const GOOD_COLOURS = ["#b0733c", "#8d6e4f", "#3f7fae", "#a8457a", "#5b6b3a"];
/** The cities' colours: Bergen, Brügge, London, Nowgorod. */
const CITY_COLOURS = ["#2e6da4", "#a67c00", "#a93226", "#6c3483"];
const STREET_DAYS = ["tuesday", "wednesday", "thursday", "friday"];
const ROMAN = ["I", "II", "III", "IV"];
/** The moves made by clicking a piece of the board (the tests read this list too). */
export const PIECE_MOVES = ["family", "vote", "choose_good", "buy_stall", "commission", "load", "load_extra",
  "buy_relic", "secure", "enshrine", "recall", "take_materials", "exchange", "exchange_amount"];

// the board's own style sheet, loaded once beside this module
if (typeof document !== "undefined" && !document.querySelector("link[data-colonia]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.colonia = "";
  document.head.append(link);
}

/** @param {HTMLElement} el @param {any} view @param {Ctx} ctx */
export function draw(el, view, ctx) {
  mount(el, view, ctx, {
    // panels side by side when each gets PANEL_MIN_PX, else one column (drawn larger)
    layout: (px) => (px >= 2 * PANEL_MIN_PX ? 2 : 1),
    build: (v, c, cols) => ({ node: new Board(v, c, cols === 1 ? SW_NARROW : SW).svg(cols) }),
  });
}

const seatColour = (/** @type {number} */ p) => `var(--p${p % 6})`;

/** The day of the week `i` (0: Monday) in the reader's language, short ("Mo", "пн").
 * @param {number} i */
function shortDay(i) {
  const monday = new Date(Date.UTC(2024, 0, 1 + i));  // 1 January 2024 was a Monday
  return new Intl.DateTimeFormat(language(), { weekday: "short", timeZone: "UTC" }).format(monday);
}

/** Ink that reads on `fill` (dark on the light colours). @param {string} fill */
function inkOn(fill) {
  return ["#f3eedd", "#d2a860", "var(--p2)", "#fffaf0"].includes(fill) ? INK : "#fff";
}

/** A material: a coloured block. @param {number} m @param {number} x @param {number} y @param {number} [size] */
function materialIcon(m, x, y, size = 14) {
  const fill = MATERIAL_COLOURS[m % MATERIAL_COLOURS.length];
  return s("rect", { x, y, width: size, height: size, rx: 2.5, fill, stroke: INK, "stroke-width": 0.8 });
}

/** A good: a small picture in a 20x20 box at (x, y), scaled to `size`. @param {number} g */
function goodIcon(g, x = 0, y = 0, size = 20) {
  const fill = GOOD_COLOURS[g % GOOD_COLOURS.length];
  const k = size / 20;
  const st = { stroke: INK, "stroke-width": 1.1 / k, "stroke-linejoin": "round" };
  let shapes;
  switch (g) {
    case 0:  // a saddle
      shapes = [s("path", { d: "M2 9 q3 -5 8 -2 q5 -3 8 2 q-2 3 -5 3 v5 h-6 v-5 q-3 0 -5 -3 z", fill, ...st })];
      break;
    case 1:  // a wagon wheel
      shapes = [s("circle", { cx: 10, cy: 10, r: 8, fill: "none", ...st, "stroke-width": 2.4 / k, stroke: fill }),
        s("circle", { cx: 10, cy: 10, r: 8, fill: "none", ...st }),
        s("path", { d: "M10 2 v16 M2 10 h16 M4.3 4.3 l11.4 11.4 M15.7 4.3 l-11.4 11.4", stroke: INK, "stroke-width": 1 / k }),
        s("circle", { cx: 10, cy: 10, r: 2.2, fill, ...st })];
      break;
    case 2:  // a painting in its frame
      shapes = [s("rect", { x: 2, y: 3, width: 16, height: 14, fill: "#d8b45c", ...st }),
        s("rect", { x: 4.5, y: 5.5, width: 11, height: 9, fill, ...st }),
        s("path", { d: "M4.5 14.5 l4 -5 l3 3 l2 -2 l2 4 z", fill: "#e8d9a8" })];
      break;
    case 3:  // a dress
      shapes = [s("path", { d: "M7 2 h6 l-1 5 l5 11 h-14 l5 -11 z", fill, ...st })];
      break;
    case 4:  // a shoe
      shapes = [s("path", { d: "M3 5 h5 l1 6 l6 2 q3 1 3 4 h-15 z", fill, ...st })];
      break;
    default:
      shapes = [s("circle", { cx: 10, cy: 10, r: 7.5, fill, ...st })];
  }
  return s("g", { transform: `translate(${x},${y}) scale(${k})` }, ...shapes);
}

/** Money: a coin in the city's colour with the amount. @param {number} c @param {number|string} amount */
function coin(c, amount, x = 0, y = 0, r = 10) {
  const fill = CITY_COLOURS[c % CITY_COLOURS.length];
  return s("g", null, s("circle", { cx: x + r, cy: y + r, r, fill, stroke: INK, "stroke-width": 0.8 }),
    text(x + r, y + r + r * 0.42, String(amount), r * 1.15, { anchor: "middle", bold: true, fill: "#fff" }));
}

/** A shrine: a little church (the fonts at hand have no church sign). */
function church(/** @type {number} */ x, /** @type {number} */ y, size = 14) {
  const k = size / 14;
  return s("g", { transform: `translate(${x},${y}) scale(${k})` },
    s("path", { d: "M7 0 v3 M5.6 1.4 h2.8 M2 14 v-7 l5 -4 l5 4 v7 z", fill: "#e9d8a6", stroke: INK, "stroke-width": 1 }),
    s("path", { d: "M5.5 14 v-3.5 a1.5 1.5 0 0 1 3 0 v3.5 z", fill: INK }));
}

/** A family member: a little figure in the seat's colour. */
function member(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ p, size = 12) {
  const k = size / 14;
  return s("g", { transform: `translate(${x},${y}) scale(${k})` },
    s("path", { d: "M6 0.6 a2.9 2.9 0 1 1 -0.01 0 z M1 14 l1.4 -5.2 l-2.2 -0.6 l0.6 -2 h10.4 l0.6 2 l-2.2 0.6 l1.4 5.2 z",
      style: `fill:${seatColour(p)};stroke:${INK};stroke-width:.7` }));
}

// == the board ==================================================================================

/** @typedef {{h: number, nodes: Element[], title: string, key: string}} Panel */

class Board {
  /** @param {any} view @param {Ctx} ctx @param {number} sw a panel's width */
  constructor(view, ctx, sw) {
    this.sw = sw;
    this.view = view;
    this.t = view.table;
    this.comp = view.table.components;
    this.ctx = ctx;
    this.words = { names: ctx.names, you: ctx.you };
    this.you = view.seat ?? null;
    /** @type {Record<string, Move[]>} */
    this.moves = {};
    for (const mv of ctx.legal) (this.moves[mv.action.type] ||= []).push(mv);
  }

  /** @param {any} value */
  say(value) { return render(value, this.words); }
  /** @param {string} id @param {Record<string, any>} [args] */
  w(id, args = {}) { return render({ id: `web.colonia.${id}`, args }, this.words); }
  /** "name: " in the language's punctuation (French " : "), for a tooltip's "what: about" */
  after() { return render({ id: "core.after_name", args: {} }, this.words); }
  /** @param {number} p */
  name(p) { return sentence(playerName(p, this.words)); }

  /** A component's name from the catalog (the components file's own name for an unknown one).
   * @param {string} kind @param {string} group @param {number} i */
  named(kind, group, i) {
    const key = this.comp[group][i] ?? String(i);
    const slug = key.toLowerCase().replaceAll(" ", "_").replaceAll("ü", "u");
    const words = render({ id: `colonia.${kind}.${slug}`, args: {} });
    return words.startsWith("⟨") ? key : words;
  }
  /** @param {number} i */ material(i) { return this.named("material", "materials", i); }
  /** @param {number} i */ good(i) { return this.named("good", "goods", i); }
  /** @param {number} i */ craftsman(i) { return this.named("craftsman", "craftsmen", i); }
  /** @param {number} i */ city(i) { return this.named("city", "cities", i); }
  /** @param {number} i */ currency(i) { return this.named("currency", "currencies", i); }
  /** @param {string} d */ day(d) { return this.say({ id: `colonia.day.${d}`, args: {} }); }

  /** Moves of `type` whose action matches `fields`. @param {string} type @param {Record<string, any>} fields */
  find(type, fields = {}) {
    return (this.moves[type] || []).filter((mv) => Object.entries(fields).every(([k, v]) => mv.action[k] === v));
  }

  /** A piece: clickable when it has moves (its title says what a click does), else plain;
   * one that stands for a move the player may try (`asks`: its action's JSON) says why
   * that move is not possible when clicked.
   * @param {{key: string, what: string, box: number[], moves?: Move[], children: any[], asks?: any}} o */
  piece(o) {
    const mv = (o.moves || [])[0];
    const why = this.ctx.why;
    return piece({ ...o, moves: mv ? [mv] : [], click: mv ? () => this.ctx.act(mv) : null,
      does: mv ? this.w("click", { move: mv.words }) : "", ask: !mv && o.asks && why ? () => why(o.asks) : null });
  }

  /** The whole board in `cols` columns of panels. @param {number} cols */
  svg(cols) {
    const screens = this.screens();
    const own = cols === 1 && this.you !== null && screens[0].key === `screen-${this.you}` ? [/** @type {Panel} */ (screens.shift())] : [];
    const panels = [this.week(), ...own, this.ordinances(), this.townHall(), this.market(), this.craftsmen(), this.port(),
      this.relics(), ...screens];
    const width = cols * this.sw + (cols - 1) * GAP + 2 * PAD;
    const heights = Array(cols).fill(PAD);
    const nodes = [];
    for (const p of panels) {
      // the shortest column takes the next panel (the week first, on the left)
      let c = 0;
      for (let i = 1; i < cols; i++) if (heights[i] < heights[c] - 1) c = i;
      const x = PAD + c * (this.sw + GAP);
      nodes.push(at(x, heights[c], s("g", { class: "panel", "data-panel": p.key },
        s("rect", { width: this.sw, height: p.h, rx: 8, fill: PAPER, stroke: LINE }),
        text(10, 21, p.title, 15, { bold: true }), ...p.nodes)));
      heights[c] += p.h + GAP;
    }
    const height = Math.max(...heights) - GAP + PAD;
    return s("svg", { class: "cb", viewBox: `0 0 ${width} ${height}`, width, height, role: "group",
      "aria-label": this.w("board"), style: `max-width:${width * 1.4}px` }, ...nodes);
  }

  // -- the week ----------------------------------------------------------------------------
  /** @returns {Panel} */
  week() {
    const t = this.t;
    const nodes = [];
    let y = 44;
    const head = this.w("week", { week: t.week, weeks: t.weeks, day: this.day(t.day) });
    nodes.push(text(10, y, head, 16, { bold: true }));
    y += 20;
    const asked = this.view.over ? this.w("over") : this.w("now", { decision: { id: `colonia.decision.${t.decision}`, args: {} } });
    for (const line of wrap(sentence(asked), this.sw - 20, 13)) { nodes.push(text(10, y, line, 13)); y += 17; }
    // the days of the week, today marked
    const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    const dw = (this.sw - 20) / 7;
    days.forEach((d, i) => {
      const today = d === t.day;
      nodes.push(s("g", null, tip(this.day(d)), s("rect", { x: 10 + i * dw, y: y - 2, width: dw - 3, height: 20, rx: 3,
        fill: today ? WOOD : "#efe3c8", stroke: LINE }),
      text(10 + i * dw + (dw - 3) / 2, y + 12, shortDay(i), 11, { anchor: "middle", bold: today,
        fill: today ? "#fff" : INK, width: dw - 6 })));
    });
    y += 34;
    // the week card
    const wc = t.week_card;
    if (wc) {
      nodes.push(text(10, y, this.w("week_card"), 13, { bold: true }));
      y += 18;
      nodes.push(s("g", null, tip(this.w("stalls_tip")), text(10, y, this.w("stall_sizes", { sizes: wc.stalls.join(" · ") }), 13)));
      y += 18;
      const parts = wc.contracts.map((/** @type {number} */ n, /** @type {number} */ c) => `${this.craftsman(c)} ${n}`);
      for (const line of wrap(this.w("contracts", { list: parts.join(", ") }), this.sw - 20, 13)) {
        nodes.push(text(10, y, line, 13)); y += 17;
      }
      nodes.push(text(10, y, this.w("dice_ships", { dice: wc.dice, ships: wc.ships }), 13));
      y += 18;
      if (t.extra_contract_dice.length) {
        nodes.push(text(10, y, this.w("dice_rolled", { faces: t.extra_contract_dice.join(", ") }), 13));
        y += 18;
      }
    } else { nodes.push(text(10, y, this.w("no_week_card"), 13, { italic: true })); y += 18; }
    if (t.fewer_members || t.fewer_members_next_week) {
      nodes.push(text(10, y, this.w("fewer", { now: t.fewer_members, next: t.fewer_members_next_week }), 13));
      y += 18;
    }
    // mayor and turn order
    y += 4;
    if (t.order.length) {
      nodes.push(text(10, y, this.w("order"), 13, { bold: true }));
      let x = 10 + textWidth(this.w("order"), 13, true) + 8;
      t.order.forEach((/** @type {number} */ p, /** @type {number} */ i) => {
        const label = `${i + 1}. ${this.name(p)}`;
        const mayor = p === t.mayor;
        const lw = textWidth(label, 13, mayor);
        const wdt = lw + 22 + (mayor ? 16 : 0);
        if (x + wdt > this.sw - 8) { x = 10; y += 18; }
        nodes.push(s("g", null, tip(mayor ? this.w("mayor", { player: { player: p } }) : label),
          s("circle", { cx: x + 6, cy: y - 4, r: 5.5, fill: seatColour(p), stroke: INK, "stroke-width": 0.7 }),
          text(x + 15, y, label, 13, { bold: mayor }), mayor ? glyph("crown", x + 17 + lw, y - 11, 13, "#a88512") : null));
        x += wdt;
      });
      y += 18;
    }
    return { key: "week", title: this.w("title_week"), nodes, h: y + 4 };
  }

  // -- the ordinances ------------------------------------------------------------------------
  /** @returns {Panel} */
  ordinances() {
    const t = this.t;
    const nodes = [];
    let y = 34;
    const votes = this.moves.vote || [];
    const voting = votes.length ? (t.ordinances.find((/** @type {any} */ o) => o.result === "pending" && o.day === t.day)
      || t.ordinances.find((/** @type {any} */ o) => o.result === "pending")) : null;
    if (!t.ordinances.length) { nodes.push(text(10, y + 14, this.w("no_ordinances"), 13, { italic: true })); y += 24; }
    for (const o of t.ordinances) {
      const args = { count: o.amount, ...(o.craftsman !== null ? { craftsman: this.craftsman(o.craftsman) } : {}),
        ...(o.street !== null ? { street: { id: `colonia.day.${o.street}`, args: {} } } : {}) };
      const words = sentence(this.say({ id: `colonia.ordinance.${o.effect}`, args }));
      const result = this.w(`result.${o.result}`);
      const tally = o.vote ? this.w("tally", { yes: o.vote.yes, no: o.vote.no }) : "";
      // the text starts right of the widest of day, result and tally (long in some languages)
      const tx = Math.min(Math.max(116, 28 + Math.max(textWidth(this.day(o.day), 13, true),
        textWidth(result, 12, o.result !== "pending"), tally ? textWidth(tally, 12) : 0)), Math.round(this.sw * 0.45));
      const lines = wrap(words, this.sw - tx - 14, 12);
      const hgt = Math.max(52, 22 + lines.length * 15 + (o === voting ? 34 : 0) + (o.vote ? 16 : 0));
      const colour = o.result === "passed" ? "#dcefd9" : o.result === "rejected" ? "#f2dcd6" : "#fbf3de";
      const ballots = o.vote ? o.vote.votes.map((/** @type {string|null} */ v, /** @type {number} */ p) =>
        `${this.name(p)}${this.after()}${v === null ? this.w("no_ballot") : this.say({ id: `colonia.ballot.${v}`, args: {} })}`).join("\n") : "";
      const card = [s("rect", { x: 8, y, width: this.sw - 16, height: hgt, rx: 6, fill: colour, stroke: LINE }),
        text(16, y + 18, this.day(o.day), 13, { bold: true, width: tx - 26 }),
        text(16, y + 36, result, 12, { bold: o.result !== "pending", width: tx - 26, fill: o.result === "passed" ? "var(--ok)" :
          o.result === "rejected" ? "var(--accent)" : FAINT }),
        tally ? text(16, y + 52, tally, 12, { width: tx - 26 }) : null,
        ...lines.map((line, i) => text(tx, y + 18 + i * 15, line, 12))];
      if (o.vote) {  // each family's ballot: a dot in its colour, Y/N
        o.vote.votes.forEach((/** @type {string|null} */ v, /** @type {number} */ p) => {
          const bx = tx + p * 36, by = y + 22 + lines.length * 15;
          card.push(s("circle", { cx: bx + 6, cy: by + 4, r: 5.5, fill: seatColour(p), stroke: INK, "stroke-width": 0.7 }),
            text(bx + 14, by + 9, v === null ? "–" : this.say({ id: `colonia.ballot.${v}`, args: {} }), 11));
        });
      }
      nodes.push(s("g", { class: "ordinance", "data-result": o.result, "data-key": `ordinance-${o.effect}-${o.day}` }, tip(`${this.day(o.day)}${this.after()}${words}\n${result}${tally ? ` (${tally})` : ""}${ballots ? `\n${ballots}` : ""}`), ...card));
      if (o === voting) {
        const by = y + hgt - 32;
        [true, false].forEach((yes, i) => {
          const mv = votes.filter((m) => m.action.yes === yes);
          const label = this.say({ id: `colonia.ballot.${yes ? "yes" : "no"}`, args: {} });
          const bx = tx + i * 90;
          nodes.push(this.piece({ key: `vote-${yes ? "yes" : "no"}`, what: this.w(yes ? "vote_yes" : "vote_no"), box: [bx, by, 80, 26],
            moves: mv, children: [s("rect", { x: bx, y: by, width: 80, height: 26, rx: 5, fill: yes ? "#2f6b3a" : "#8e2f22" }),
              text(bx + 40, by + 18, label, 14, { anchor: "middle", bold: true, fill: "#fff" })] }));
        });
      }
      y += hgt + 6;
    }
    y = this.ordinanceChoice(nodes, y);
    // during a vote: who has voted (each family's own ballot stays secret)
    const voted = this.view.seats.filter((/** @type {any} */ q) => q.voted !== null);
    if (voted.length) {
      const label = voted.map((/** @type {any} */ q) => `${this.name(q.seat)} ${q.voted ? "✓" : "…"}`).join("   ");
      nodes.push(s("g", null, tip(this.w("voted_tip")), text(10, y + 14, this.w("voted", { list: label }), 12, { width: this.sw - 20 })));
      y += 22;
    }
    return { key: "ordinances", title: this.w("title_ordinances"), nodes, h: y + 6 };
  }

  /** An ordinance asking each family now (recall, draw, exchange): its choices as buttons
   * under the ordinances; returns the new bottom. @param {Element[]} nodes @param {number} y */
  ordinanceChoice(nodes, y) {
    const t = this.t;
    /** A row of numbered buttons, one per move. @param {string} label @param {Move[]} moves @param {(m: Move) => number} num @param {string} key */
    const numbers = (label, moves, num, key) => {
      const lines = wrap(label, this.sw - 20, 13, true);
      for (const line of lines) { nodes.push(text(10, y + 16, line, 13, { bold: true })); y += 17; }
      y += 6;
      let x = 10;
      for (const mv of [...moves].sort((a, b) => num(a) - num(b))) {
        if (x + 40 > this.sw - 8) { x = 10; y += 36; }
        const n = num(mv);
        nodes.push(this.piece({ key: `${key}-${n}`, what: sentence(this.say(mv.words)), box: [x, y, 36, 28], moves: [mv],
          children: [s("rect", { x, y, width: 36, height: 28, rx: 5, fill: "#fbf1cf", stroke: WOOD }),
            text(x + 18, y + 19, String(n), 15, { anchor: "middle", bold: true })] }));
        x += 42;
      }
      y += 36;
    };
    const recall = this.moves.recall || [];
    if (recall.length && t.recall) {
      numbers(this.w("ask_recall", { street: this.day(t.recall.street) }), recall, (m) => m.action.count, "recall");
    }
    const take = this.moves.take_materials || [];
    if (take.length) numbers(this.w("ask_draw"), take, (m) => m.action.count, "take");
    const amount = this.moves.exchange_amount || [];
    if (amount.length) {
      const ex = t.exchange;
      numbers(ex ? this.w("ask_amount", { give: this.currency(ex.give), take: this.currency(ex.take) }) : this.w("ask_amount_plain"),
        amount, (m) => m.action.amount, "amount");
    }
    const exchange = this.moves.exchange || [];
    if (exchange.length) {
      // a grid: the currency given in the rows, the one taken in the columns
      for (const line of wrap(this.w("ask_exchange"), this.sw - 20, 13, true)) { nodes.push(text(10, y + 16, line, 13, { bold: true })); y += 17; }
      y += 6;
      const n = this.comp.currencies.length;
      const cellW = Math.min(80, Math.floor((this.sw - 20 - 90) / n));
      for (let c = 0; c < n; c++) {
        nodes.push(s("g", null, tip(this.w("exchange_take", { currency: this.currency(c) })), coin(c, "→", 90 + c * cellW + cellW / 2 - 10, y, 10)));
      }
      y += 24;
      for (let g = 0; g < n; g++) {
        const row = exchange.filter((m) => m.action.give === g);
        nodes.push(s("g", null, tip(this.w("exchange_give", { currency: this.currency(g) })), coin(g, "", 10, y + 3, 10),
          text(34, y + 17, this.currency(g), 12, { width: 54 })));
        for (const mv of row) {
          const x = 90 + mv.action.take * cellW + 3;
          nodes.push(this.piece({ key: `exchange-${g}-${mv.action.take}`, what: sentence(this.say(mv.words)), box: [x, y, cellW - 6, 26],
            moves: [mv], children: [s("rect", { x, y, width: cellW - 6, height: 26, rx: 5, fill: "#fbf1cf", stroke: WOOD }),
              coin(g, "", x + (cellW - 6) / 2 - 20, y + 5, 8), text(x + (cellW - 6) / 2, y + 18, "→", 13, { anchor: "middle", bold: true }),
              coin(mv.action.take, "", x + (cellW - 6) / 2 + 4, y + 5, 8)] }));
        }
        y += 30;
      }
      y += 4;
    }
    return y;
  }

  // -- the town hall and the families ------------------------------------------------------------
  /** @returns {Panel} */
  townHall() {
    const t = this.t;
    const seats = this.view.seats;
    const nodes = [];
    // the columns, narrower in a narrow panel (the names keep at least 110)
    const k = Math.min(1, (this.sw - 16 - 110) / 328);
    const cols = [{ key: "card", w: 36 }, { key: "votes", w: 48 }, { key: "home", w: 40 }, { key: "hall", w: 44 },
      ...STREET_DAYS.map((d) => ({ key: d, w: 36 })), { key: "state", w: 18 }].map((c) => ({ ...c, w: Math.floor(c.w * k) }));
    const cw = Object.fromEntries(cols.map((c) => [c.key, c.w]));
    const nameW = this.sw - 16 - cols.reduce((a, c) => a + c.w, 0);
    let y = 40;
    let x = 8 + nameW;
    // the headers: the street fields with when their members come home
    const streetX = x + cw.card + cw.votes + cw.home + cw.hall, streetW = 4 * cw.tuesday;
    nodes.push(text(streetX + streetW / 2, y - 2, this.w("street"), 11, { anchor: "middle", fill: FAINT }),
      s("path", { d: `M${streetX + 2} ${y + 1} h${streetW - 4}`, stroke: LINE }));
    y += 14;
    for (const c of cols) {
      const isDay = STREET_DAYS.includes(c.key);
      const label = isDay ? this.w(`short.${c.key}`) : c.key === "state" ? "" : this.w(`col.${c.key}`);
      const what = isDay ? this.w("street_field", { day: this.day(c.key), when: this.say(this.streetHome(c.key)) })
        : c.key === "state" ? "" : this.w(`col.${c.key}.tip`);
      nodes.push(s("g", null, what ? tip(what) : null, text(x + c.w / 2, y, label, 11, { anchor: "middle", bold: true, width: c.w - 2 })));
      x += c.w;
    }
    y += 8;
    const order = t.order.length ? t.order : seats.map((/** @type {any} */ q) => q.seat);
    for (const p of order) {
      const q = seats[p];
      const row = [];
      const mine = p === this.you;
      row.push(s("rect", { x: 8, y, width: this.sw - 16, height: 26, rx: 4, fill: mine ? "#f6ead0" : "#fbf6ea", stroke: LINE }));
      row.push(member(14, y + 6, p, 14));
      const mayor = p === t.mayor ? 16 : 0;
      const nw = Math.min(textWidth(this.name(p), 13, mine), nameW - 26 - mayor);
      row.push(text(30, y + 18, this.name(p), 13, { bold: mine, width: nw }));
      if (mayor) row.push(s("g", null, tip(this.w("mayor", { player: { player: p } })), glyph("crown", 32 + nw, y + 6, 13, "#a88512")));
      let cx = 8 + nameW;
      const cell = (/** @type {string} */ str, /** @type {number} */ w, /** @type {any} */ o = {}) => {
        row.push(text(cx + w / 2, y + 18, str, 13, { anchor: "middle", ...o }));
        cx += w;
      };
      const card = q.card_face_down ? "0" : q.card !== null ? String(q.card) : q.chosen ? "?" : "–";
      cell(card, cw.card, { bold: true });
      cell(String(q.votes), cw.votes);
      cell(String(q.home), cw.home, { bold: true });
      cell(String(q.town_hall), cw.hall);
      for (const d of STREET_DAYS) cell(q.street[d] ? String(q.street[d]) : "·", cw[d]);
      cell(q.passed ? "—" : "", cw.state, { fill: FAINT });
      const m = q.members;
      const what = [this.name(p),
        q.card_face_down ? this.w("face_down") : q.card !== null ? this.w("card", { value: q.card, votes: q.votes })
          : q.chosen ? this.w("card_hidden") : this.w("card_none"),
        this.w("members", { home: m.home, hall: m.town_hall, today: m.today, above: m.contracts_above_stick,
          below: m.contracts_below_stick, ships: m.ships, relics: m.secured_relics, total: m.total }),
        this.w("street_counts", { list: STREET_DAYS.map((d) => `${this.day(d)} ${q.street[d]}`).join(", ") }),
        q.passed ? this.w("passed") : ""].filter(Boolean).join("\n");
      nodes.push(s("g", { class: "family", "data-seat": p, "data-key": `family-row-${p}` }, tip(what), ...row));
      y += 30;
    }
    return { key: "town_hall", title: this.w("title_town_hall"), nodes, h: y + 4 };
  }

  /** When a street field's members come home, as words. @param {string} d */
  streetHome(d) {
    const when = this.t.street_home[d];
    if (when === "game_end") return { id: "colonia.street_home.game_end", args: {} };
    if (d === "tuesday") return { id: `colonia.street_home.tuesday_${when}`, args: {} };
    return { id: `colonia.street_home.${when}`, args: { day: { id: `colonia.day.${d}`, args: {} } } };
  }

  // -- the market --------------------------------------------------------------------------------
  /** @returns {Panel} */
  market() {
    const t = this.t;
    const nodes = [];
    nodes.push(text(this.sw - 10, 21, this.w("bag", { count: t.bag }), 12, { anchor: "end", fill: FAINT }));
    const n = t.stalls.length;
    const per = Math.min(n || 1, this.sw < SW ? 7 : 9);
    const bw = Math.floor((this.sw - 16 - (per - 1) * 5) / per);
    const bh = 126;
    let y = 32;
    if (!n) { nodes.push(text(10, y + 16, this.w("no_stalls"), 13, { italic: true })); y += 26; }
    t.stalls.forEach((/** @type {any} */ st, /** @type {number} */ i) => {
      const x = 8 + (i % per) * (bw + 5), yy = y + Math.floor(i / per) * (bh + 6);
      const taken = st.taken_by !== null;
      const children = [s("rect", { x, y: yy, width: bw, height: bh, rx: 5, fill: st.foreign ? "#eef3f7" : "#fbf3de",
        stroke: st.foreign ? "#6c7a89" : LINE, "stroke-dasharray": st.foreign ? "4 2" : null }),
      text(x + bw / 2, yy + 16, String(i + 1), 13, { anchor: "middle", bold: true })];
      let ly = yy + 24;
      st.materials.forEach((/** @type {number} */ k, /** @type {number} */ m) => {
        if (!k) return;
        children.push(materialIcon(m, x + 6, ly, 13), text(x + 23, ly + 11, `×${k}`, 12));
        ly += 16;
      });
      if (taken) {
        children.push(s("rect", { x: x + 3, y: yy + bh - 24, width: bw - 6, height: 20, rx: 4, fill: seatColour(st.taken_by), opacity: 0.9 }),
          member(x + 6, yy + bh - 22, st.taken_by, 13),
          text(x + bw / 2 + 6, yy + bh - 9, String(st.size), 12, { anchor: "middle", bold: true, fill: inkOn(seatColour(st.taken_by)) }));
      } else children.push(text(x + bw / 2, yy + bh - 8, this.w("costs", { count: st.size }), 11, { anchor: "middle", fill: FAINT }));
      const contents = st.materials.map((/** @type {number} */ k, /** @type {number} */ m) => (k ? `${k} ${this.material(m)}` : ""))
        .filter(Boolean).join(", ");
      const what = [this.w(st.foreign ? "stall_foreign" : "stall", { number: i + 1, size: st.size }),
        contents || this.w("stall_empty"), taken ? this.w("taken", { player: { player: st.taken_by } }) : ""].filter(Boolean).join("\n");
      nodes.push(this.piece({ key: `stall-${i}`, what, box: [x, yy, bw, bh], moves: this.find("buy_stall", { stall: i }), children,
        asks: taken ? null : { type: "buy_stall", stall: i } }));
    });
    if (n) y += Math.ceil(n / per) * (bh + 6);
    // the materials' colours, named
    let x = 10;
    y += 12;
    for (let m = 0; m < this.comp.materials.length; m++) {
      const label = this.material(m);
      const wdt = textWidth(label, 11) + 24;
      if (x + wdt > this.sw - 8) { x = 10; y += 16; }
      nodes.push(materialIcon(m, x, y - 10, 12), text(x + 16, y, label, 11));
      x += wdt;
    }
    return { key: "market", title: this.w("title_market"), nodes, h: y + 10 };
  }

  // -- the craftsmen ------------------------------------------------------------------------------
  /** @returns {Panel} */
  craftsmen() {
    const t = this.t;
    const nodes = /** @type {any[]} */ ([]);
    const n = t.craftsmen.length;
    const cw = Math.floor((this.sw - 16 - (n - 1) * 4) / n);
    const rows = Math.max(3, ...t.craftsmen.map((/** @type {any} */ c) => Math.max(c.fields.length + 1, c.stick + 1)));
    const fh = 22;
    const top = 32;
    const headH = 96;
    const colH = headH + rows * (fh + 3) + 8;
    const choose = this.moves.choose_good || [];
    t.craftsmen.forEach((/** @type {any} */ c, /** @type {number} */ i) => {
      const x = 8 + i * (cw + 4);
      const name = this.craftsman(c.craftsman);
      const cost = c.commissioned + 1;
      const col = [s("rect", { x, y: top, width: cw, height: colH, rx: 5, fill: "#fbf3de", stroke: LINE }),
        text(x + cw / 2, top + 16, name, 12, { anchor: "middle", bold: true, width: cw - 6 })];
      nodes.push(s("g", { class: "craftsman", "data-craftsman": i }, tip(`${name}${this.after()}${this.w("makes", {
        good: this.good(c.good), first: this.material(c.materials[0]), second: this.material(c.materials[1]) })}\n${this.w("next_cost", { count: cost })}\n${this.w("supply", { count: t.goods_supply[c.good] })}`), ...col));
      // its two materials -> its good (a good to choose for the six: clickable)
      const my = top + 24;
      nodes.push(materialIcon(c.materials[0], x + cw / 2 - 30, my + 4, 13), text(x + cw / 2 - 13, my + 15, "+", 12, { anchor: "middle" }),
        materialIcon(c.materials[1], x + cw / 2 - 6, my + 4, 13), text(x + cw / 2 + 13, my + 15, "→", 12, { anchor: "middle" }));
      nodes.push(this.piece({ key: `good-${c.good}`, what: `${this.good(c.good)} (${this.w("supply", { count: t.goods_supply[c.good] })})`,
        box: [x + cw / 2 + 18, my, 22, 22], moves: choose.filter((mv) => mv.action.good === c.good),
        children: [goodIcon(c.good, x + cw / 2 + 19, my + 1, 20)] }));
      nodes.push(text(x + cw / 2, top + 66, this.good(c.good), 11, { anchor: "middle", fill: FAINT, width: cw - 6 }),
        text(x + cw / 2, top + 84, this.w("cost_short", { count: cost }), 11, { anchor: "middle" }));
      // its contract fields from the top; the stick below the fields served this Thursday
      const commission = this.find("commission", { craftsman: i });
      for (let r = 0; r < rows; r++) {
        const fy = top + headH + r * (fh + 3);
        const f = c.fields[r];
        if (f) {
          const [p, k] = f;
          nodes.push(s("g", { class: "field", "data-key": `field-${i}-${r}` }, tip(this.w("field", { number: r + 1, player: { player: p }, count: k,
            served: r < c.stick ? this.w("served") : this.w("waiting") })),
          s("rect", { x: x + 4, y: fy, width: cw - 8, height: fh, rx: 3, fill: seatColour(p), stroke: INK, "stroke-width": 0.6 }),
          member(x + 8, fy + 4, p, 13), text(x + cw / 2 + 8, fy + 15, `×${k}`, 12, { anchor: "middle", bold: true, fill: inkOn(seatColour(p)) })));
        } else if (r === c.fields.length) {
          const box = [x + 4, fy, cw - 8, fh];
          nodes.push(this.piece({ key: `contract-${i}`, what: this.w("free_field", { number: r + 1, count: cost, craftsman: name }), box,
            moves: commission, asks: { type: "commission", craftsman: i }, children: [s("rect", { x: box[0], y: fy, width: box[2], height: fh, rx: 3, fill: "#fff",
              stroke: FAINT, "stroke-dasharray": "3 2" }), text(x + cw / 2, fy + 15, commission.length ? `+${cost}` : "", 12,
            { anchor: "middle", bold: true })] }));
        } else {
          nodes.push(s("rect", { x: x + 4, y: fy, width: cw - 8, height: fh, rx: 3, fill: "none", stroke: "#e4d6b8" }));
        }
      }
      // the stick: a bar under the last field served this week
      const sy = top + headH + c.stick * (fh + 3) - 2.5;
      nodes.push(s("g", { class: "stick", "data-key": `stick-${i}` }, tip(this.w("stick", { count: c.stick })),
        s("rect", { x: x + 1, y: sy - 2, width: cw - 2, height: 4, rx: 2, fill: WOOD })));
    });
    return { key: "craftsmen", title: this.w("title_craftsmen"), nodes, h: top + colH + 8 };
  }

  // -- the port ---------------------------------------------------------------------------------
  /** @returns {Panel} */
  port() {
    const t = this.t;
    const nodes = [];
    nodes.push(text(this.sw - 10, 21, this.w("ship_deck", { count: t.ship_deck }), 12, { anchor: "end", fill: FAINT }));
    let y = 32;
    const rowH = 62;
    t.port.forEach((/** @type {any} */ ship, /** @type {number} */ i) => {
      const ry = y;
      nodes.push(text(22, ry + 36, ROMAN[i], 16, { anchor: "middle", bold: true }));
      if (!ship) {
        nodes.push(s("rect", { x: 38, y: ry, width: this.sw - 46, height: rowH - 6, rx: 5, fill: "none", stroke: LINE, "stroke-dasharray": "4 3" }));
      } else {
        const colour = CITY_COLOURS[ship.city % CITY_COLOURS.length];
        const city = this.city(ship.city), cur = this.currency(ship.city);
        nodes.push(s("g", { class: "ship", "data-place": i }, tip(`${this.w("ship", { place: ROMAN[i], city, currency: cur })}\n${this.w(ship.sails ? "sails" : "stays")}`),
          s("rect", { x: 38, y: ry, width: this.sw - 46, height: rowH - 6, rx: 5, fill: ship.sails ? "#e3edf6" : "#f4efe4", stroke: colour, "stroke-width": 1.5 }),
          s("rect", { x: 38, y: ry, width: 78, height: rowH - 6, rx: 5, fill: colour }),
          text(77, ry + 18, city, 12, { anchor: "middle", bold: true, fill: "#fff", width: 72 }),
          text(77, ry + 33, cur, 11, { anchor: "middle", fill: "#fff", width: 74 }),
          text(77, ry + 48, this.w(ship.sails ? "sails_short" : "stays_short"), 11, { anchor: "middle", fill: "#fff", italic: true })));
        let hx = 122;
        const holds = ship.holds.length + (ship.extra_hold ? 1 : 0);
        const hw = Math.floor((this.sw - 8 - hx - (holds - 1) * 4) / Math.max(holds, 1));
        ship.holds.forEach((/** @type {any} */ hold, /** @type {number} */ k) => {
          const loaded = hold.loaded_by !== null;
          const children = [s("rect", { x: hx, y: ry + 4, width: hw, height: rowH - 14, rx: 4, fill: loaded ? seatColour(hold.loaded_by) : "#fff", stroke: INK, "stroke-width": 0.6 })];
          const gs = hold.goods.length;
          const isz = Math.min(18, (hw - 6) / gs - 2);
          hold.goods.forEach((/** @type {number} */ g, /** @type {number} */ j) => {
            children.push(goodIcon(g, hx + (hw - gs * (isz + 2)) / 2 + j * (isz + 2) + 1, ry + 8, isz));
          });
          children.push(coin(ship.city, hold.value, hx + hw / 2 - 9, ry + 29, 9));
          if (loaded) children.push(member(hx + 3, ry + 32, hold.loaded_by, 11));
          const what = [this.w("hold", { number: k + 1, goods: hold.goods.map((/** @type {number} */ g) => this.good(g)).join(" + "),
            value: hold.value, currency: cur }), loaded ? this.w("loaded", { player: { player: hold.loaded_by } }) : ""].filter(Boolean).join("\n");
          nodes.push(this.piece({ key: `hold-${i}-${k}`, what, box: [hx, ry + 4, hw, rowH - 14],
            moves: this.find("load", { ship: i, hold: k }), children, asks: loaded ? null : { type: "load", ship: i, hold: k } }));
          hx += hw + 4;
        });
        if (ship.extra_hold) {
          const e = ship.extra_hold;
          const loaded = e.loaded_by !== null;
          const what = [this.w("extra_hold", { value: e.value, currency: cur }), loaded ? this.w("loaded", { player: { player: e.loaded_by } }) : ""].filter(Boolean).join("\n");
          nodes.push(s("g", null, tip(what), s("rect", { x: hx, y: ry + 4, width: hw, height: rowH - 14, rx: 4, fill: loaded ? seatColour(e.loaded_by) : "#fff",
            stroke: INK, "stroke-dasharray": "3 2" }), coin(ship.city, e.value, hx + hw / 2 - 9, ry + 29, 9),
          loaded ? member(hx + 3, ry + 32, e.loaded_by, 11) : text(hx + hw / 2, ry + 20, "+1", 11, { anchor: "middle", bold: true })));
          // any one good: each legal one a small clickable picture
          const extra = this.find("load_extra", { ship: i });
          const gx0 = hx + 2, isz = Math.max(10, Math.min(16, (hw - 4) / Math.max(extra.length, 1) - 1));
          extra.forEach((mv, j) => {
            const gx = gx0 + j * (isz + 1);
            nodes.push(this.piece({ key: `extra-${i}-${mv.action.good}`, what: `${this.w("extra_hold", { value: e.value, currency: cur })}${this.after()}${this.good(mv.action.good)}`,
              box: [gx, ry + 8, isz, isz], moves: [mv], children: [goodIcon(mv.action.good, gx, ry + 8, isz)] }));
          });
        }
      }
      y += rowH;
      if (i + 1 === t.ships_sailing && i + 1 < t.port.length) {  // the port's stick: ships above it sail on Saturday
        nodes.push(s("g", null, tip(this.w("port_stick", { count: t.ships_sailing })),
          s("rect", { x: 8, y: y - 5, width: this.sw - 16, height: 4, rx: 2, fill: WOOD })));
        y += 2;
      }
    });
    if (t.last_sailed.length) {
      const list = t.last_sailed.map((/** @type {any} */ sh) => {
        const by = sh.holds.filter((/** @type {any} */ p) => p !== null).map((/** @type {number} */ p) => this.name(p));
        return by.length ? by.join(", ") : "–";
      });
      for (const line of wrap(this.w("last_sailed", { list: list.join(" · ") }), this.sw - 20, 11)) {
        nodes.push(text(10, y + 8, line, 11, { fill: FAINT })); y += 14;
      }
    }
    return { key: "port", title: this.w("title_port"), nodes, h: y + 10 };
  }

  // -- the relics --------------------------------------------------------------------------------
  /** A relic card at (x, y), w x h. @param {any} r @param {number} x @param {number} y */
  relicCard(r, x, y, w = 82, h = 62) {
    const colour = CITY_COLOURS[r.city % CITY_COLOURS.length];
    const shrine = r.kind === "shrine";
    return [s("rect", { x, y, width: w, height: h, rx: 5, fill: shrine ? "#f7ecd0" : "#fff", stroke: colour, "stroke-width": 1.6 }),
      s("rect", { x, y, width: w, height: 17, rx: 5, fill: colour }),
      text(x + w / 2, y + 13, this.city(r.city), 11, { anchor: "middle", bold: true, fill: "#fff", width: w - 6 }),
      shrine ? church(x + 6, y + 22, 14) : null,
      shrine ? text(x + w / 2 + 8, y + 34, this.w("shrine"), 13, { anchor: "middle", bold: true, width: w - 26 })
        : s("g", null, glyph("star", x + w / 2 - 15, y + 23, 13, "#b8860b"), text(x + w / 2 + 4, y + 34, String(r.points), 13, { anchor: "middle", bold: true })),
      coin(r.city, r.price, x + w / 2 - 9, y + 40, 9)];
  }

  /** @param {any} r */
  relicWhat(r) {
    return sentence(this.say({ id: r.kind === "shrine" ? "colonia.relic.shrine" : "colonia.relic.relic", args: {
      city: this.city(r.city), price: `${r.price} ${this.currency(r.city)}`, points: { id: "colonia.count.point", args: { count: r.points } } } }));
  }

  /** @returns {Panel} */
  relics() {
    const t = this.t;
    const nodes = [];
    nodes.push(text(this.sw - 10, 21, this.w("relic_deck", { deck: t.relic_deck, discards: t.relic_discards.length }), 12, { anchor: "end", fill: FAINT }));
    const per = 5, cw = Math.min(82, Math.floor((this.sw - 16 - 4 * 6) / per)), ch = 62;
    const gap = (this.sw - 16 - per * cw) / (per - 1);
    let y = 32;
    t.relics.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
      const x = 8 + (i % per) * (cw + gap), yy = y + Math.floor(i / per) * (ch + 8);
      const children = this.relicCard(r, x, yy, cw, ch);
      if (r.secured_by !== null) children.push(member(x + cw - 16, yy + 42, r.secured_by, 14));
      const what = [this.relicWhat(r), r.secured_by !== null ? this.w("secured", { player: { player: r.secured_by } }) : ""].filter(Boolean).join("\n");
      nodes.push(this.piece({ key: `relic-${r.card}`, what, box: [x, yy, cw, ch],
        moves: [...this.find("buy_relic", { card: r.card }), ...this.find("secure", { card: r.card })], children,
        asks: r.secured_by === null ? { type: "buy_relic", card: r.card } : null }));
    });
    y += Math.ceil(t.relics.length / per) * (ch + 8);
    if (!t.relics.length) { nodes.push(text(10, y + 14, this.w("no_relics"), 13, { italic: true })); y += 24; }
    if (t.shrine_choice) {
      for (const line of wrap(this.w("shrine_choice", { relic: this.relicWhat(t.shrine_choice) }), this.sw - 20, 12)) {
        nodes.push(text(10, y + 10, line, 12, { bold: true })); y += 15;
      }
    }
    return { key: "relics", title: this.w("title_relics"), nodes, h: y + 6 };
  }

  // -- the screens -------------------------------------------------------------------------------
  /** The reader's screen first, then the others: in full where the view shows it.
   * @returns {Panel[]} */
  screens() {
    const seats = this.view.seats;
    const order = this.you !== null ? [this.you, ...seats.map((/** @type {any} */ q) => q.seat).filter((/** @type {number} */ p) => p !== this.you)]
      : seats.map((/** @type {any} */ q) => q.seat);
    const full = order.filter((/** @type {number} */ p) => seats[p].money !== null).map((/** @type {number} */ p) => this.screen(seats[p]));
    const others = order.filter((/** @type {number} */ p) => seats[p].money === null);
    return others.length ? [...full, this.publicCounts(others)] : full;
  }

  /** A family's screen in full: money, materials, goods, relics, shrines, family cards. @param {any} q */
  screen(q) {
    const p = q.seat;
    const nodes = [];
    let y = 34;
    const label = (/** @type {string} */ str) => { nodes.push(text(10, y + 12, str, 12, { bold: true, fill: FAINT })); };
    // money in the four currencies
    label(this.w("money"));
    y += 18;
    let x = 10;
    q.money.forEach((/** @type {number} */ amount, /** @type {number} */ c) => {
      const name = this.currency(c);
      const wdt = (this.sw - 20) / 4;
      nodes.push(s("g", { class: "money", "data-currency": c, "data-key": `money-${p}-${c}` }, tip(`${amount} ${name} (${this.city(c)})`), coin(c, amount, x, y, 12),
        text(x + 28, y + 16, name, 12, { width: wdt - 32 })));
      x += wdt;
    });
    y += 30;
    // materials and goods
    label(this.w("materials"));
    y += 18;
    x = 10;
    // each kind: its picture and count, its name beneath (two lines where a language needs them)
    const kinds = (/** @type {number[]} */ counts, /** @type {(i: number) => string} */ nameOf,
      /** @type {(i: number, x: number, y: number) => Element} */ icon, /** @type {string} */ cls) => {
      const wdt = (this.sw - 20) / counts.length;
      const rows = counts.map((_, i) => fitLines(nameOf(i), wdt - 6, 10.5, { most: 2 }).lines.length);
      const tall = Math.max(1, ...rows);
      counts.forEach((k, i) => {
        const name = nameOf(i), cx = 10 + i * wdt;
        nodes.push(this.piece({ key: `${cls}-${p}-${i}`, what: `${k} ${name}`, box: [cx, y, wdt - 4, 22 + tall * 12], children: [
          icon(i, cx + 2, y), text(cx + 26, y + 16, `${k}`, 15, { bold: true }),
          ...lines(cx + 2, y + 32, name, wdt - 6, 10.5, { most: 2, fill: FAINT, lead: 11.5 })] }));
      });
      y += 24 + tall * 12;
    };
    kinds(q.materials, (i) => this.material(i), (i, x, yy) => materialIcon(i, x + 1, yy + 2, 18), "material");
    label(this.w("goods"));
    y += 18;
    kinds(q.goods, (i) => this.good(i), (i, x, yy) => goodIcon(i, x, yy, 21), "good");
    y += 4;
    // the family cards still in hand (clickable on Tuesday)
    label(this.w("family_cards"));
    y += 18;
    x = 10;
    for (const v of [3, 4, 5, 6, 7, 8]) {
      const has = q.family_cards_left.includes(v);
      const chosen = q.card === v;
      const box = [x, y, 34, 44];
      nodes.push(this.piece({ key: `family-${v}`, what: has ? this.w("family_card", { value: v }) : chosen ? this.w("family_card_chosen", { value: v })
        : this.w("family_card_played", { value: v }), box, moves: p === this.you ? this.find("family", { value: v }) : [],
      children: [s("rect", { x, y, width: 34, height: 44, rx: 4, fill: has ? seatColour(p) : chosen ? "#fff" : "#eee6d6",
        stroke: chosen ? seatColour(p) : INK, "stroke-width": chosen ? 2.5 : 0.7, opacity: has || chosen ? 1 : 0.5 }),
      text(x + 17, y + 29, String(v), 18, { anchor: "middle", bold: true, fill: has ? inkOn(seatColour(p)) : FAINT })] }));
      x += 40;
    }
    // votes this week and shrines beside the cards
    const side = [];
    if (q.shrines.length) side.push(this.w("shrines", { list: q.shrines.map((/** @type {any} */ sh) => `${this.city(sh.city)}${sh.relic ? ` (★${sh.relic.points})` : ` (${this.w("empty")})`}`).join(", ") }));
    if (q.windows.length) side.push(this.w("windows", { list: q.windows.map((/** @type {number} */ c) => this.city(c)).join(", ") }));
    let sy = y + 12;
    for (const str of side) for (const line of wrap(str, this.sw - x - 14, 11)) { nodes.push(text(x + 6, sy, line, 11)); sy += 14; }
    y += 52;
    // relics owned (a relic for a shrine: clickable)
    label(this.w("relics_own", { count: q.relics.length }));
    y += 18;
    const per = 5, cw = Math.min(82, Math.floor((this.sw - 16 - 4 * 6) / per)), ch = 62;
    const gap = (this.sw - 16 - per * cw) / (per - 1);
    q.relics.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
      const rx = 8 + (i % per) * (cw + gap), ry = y + Math.floor(i / per) * (ch + 6);
      const inShrine = q.shrines.some((/** @type {any} */ sh) => sh.relic && sh.relic.card === r.card);
      const children = this.relicCard(r, rx, ry, cw, ch);
      if (inShrine) children.push(church(rx + cw - 18, ry + 44, 14));
      nodes.push(this.piece({ key: `own-relic-${r.card}`, what: this.relicWhat(r) + (inShrine ? `\n${this.w("in_shrine")}` : ""),
        box: [rx, ry, cw, ch], moves: p === this.you ? this.find("enshrine", { card: r.card }) : [], children }));
    });
    y += q.relics.length ? Math.ceil(q.relics.length / per) * (ch + 6) : 4;
    // an enshrine move for a card not shown above (the card just bought): in the display's words
    const title = p === this.you ? this.w("title_screen_own") : this.w("title_screen", { player: { player: p } });
    return { key: `screen-${p}`, title, nodes: [s("circle", { cx: this.sw - 18, cy: 16, r: 7, fill: seatColour(p), stroke: INK, "stroke-width": 0.7 }), ...nodes], h: y + 8 };
  }

  /** The other families' public counts. @param {number[]} seats */
  publicCounts(seats) {
    const nodes = [];
    let y = 34;
    for (const p of seats) {
      const q = this.view.seats[p];
      const seen = q.materials_seen.map((/** @type {number} */ k, /** @type {number} */ m) => (k ? `${k} ${this.material(m)}` : "")).filter(Boolean);
      const lines = [
        this.w("cards_left", { list: q.family_cards_left.join(" ") || "–" }),
        this.w("seen", { list: seen.join(", ") || "–", blind: q.materials_blind }),
        q.shrines.length ? this.w("shrines", { list: q.shrines.map((/** @type {any} */ sh) => `${this.city(sh.city)}${sh.relic ? ` (★${sh.relic.points})` : ` (${this.w("empty")})`}`).join(", ") }) : "",
        q.windows.length ? this.w("windows", { list: q.windows.map((/** @type {number} */ c) => this.city(c)).join(", ") }) : "",
      ].filter(Boolean).flatMap((str) => wrap(str, this.sw - 46, 12));
      const hgt = 24 + lines.length * 15 + 4;
      nodes.push(s("g", { class: "public", "data-seat": p, "data-key": `public-${p}` }, tip(this.w("hidden", { player: { player: p } })),
        s("rect", { x: 8, y, width: this.sw - 16, height: hgt, rx: 5, fill: "#fbf6ea", stroke: LINE }),
        member(14, y + 5, p, 14), text(32, y + 17, this.name(p), 13, { bold: true }),
        ...lines.map((line, i) => text(32, y + 34 + i * 15, line, 12))));
      y += hgt + 6;
    }
    return { key: "public", title: this.w("title_public"), nodes, h: y + 2 };
  }
}
