// @ts-check
/** Norenberc's board in SVG, drawn from a view (its JSON Schema, every field described:
 * reichsstadt/games/norenberc/schema.py). The guilds stand side by side (two to a row on a
 * narrow screen): roof with its agents and Mayors, name, crests and the prestige mark, the
 * master (its value is the price of a good there) and the later masters, rooms A-D with
 * their guests and prices, the store, the favourites so far. Above: round, turn, what is
 * under way, what to click, the turn order. Below: a panel per player.
 *
 * Every legal move that belongs to a piece is made by clicking that piece; pieces without
 * a legal move are not clickable. Parts of a multi-part choice (a plan, more purchases,
 * the Thief's goods) toggle the same selection as the moves panel's form (ctx.togglePart);
 * other moves go through ctx.act, which asks first when a move cannot be undone. Moves
 * without a piece (sell, do nothing, pass, stop, decline) stay in the moves panel.
 * Every word comes from the catalogs (norenberc.* for the game's names, web.norenberc.*
 * for the board's own). */
import { s } from "/static/dom.js";
import { mount } from "/static/board/host.js";
import { piece } from "/static/board/piece.js";
import { fits } from "/static/board/picks.js";
import { at, flow, lines, text } from "/static/board/svg.js";
import { fitLines, textWidth, wrap } from "/static/board/textfit.js";
import { glyph } from "/static/icons.js";
import { playerName, render, sentence } from "/static/i18n.js";

/** @typedef {import("/static/board/types.js").Move} Move */
/** @typedef {import("/static/board/types.js").Ctx} Ctx */
/** @typedef {import("/static/board/svg.js").Box} Box */
/** @typedef {import("/static/board/piece.js").PieceSpec} PieceSpec */

const CW = 200;          // a guild's column
const GAP = 10;
const PAD = 10;
const PANEL_MIN = 340;   // a player's panel, at least
const COLUMN_MIN_PX = 165;  // a column is never drawn narrower on screen (two per row on a phone)
const INK = "#2b211a";
const PAPER = "#fffaf0";
const STONE = "#8d8579";
const WOOD = "#9a6b3c";
const GOLD = "#e8b923";
const STEAL_LIMIT = 2;   // the goods a Thief takes (constants.STEAL_LIMIT: "Voleur", two goods)
const FAINT = "#6b5a45";
/** The guilds' colours, in number order: beer, pastries, shoes, pages, clothes, hats. */
const GUILD_COLOURS = ["#d49a1a", "#c7804a", "#7b4a2a", "#6f8596", "#9b3f66", "#3f7a5c"];

/** @param {HTMLElement} el @param {any} view @param {Ctx} ctx */
export function draw(el, view, ctx) {
  mount(el, view, ctx, {
    layout: (px, v) => columnsFor(px, v.table.guilds.length),
    build: (v, c, cols) => ({ node: new Board(v, c, cols).svg() }),
  });
}

/** How many guilds stand side by side in `px`: all of them when each gets COLUMN_MIN_PX,
 * else in balanced rows, at least two to a row. @param {number} px @param {number} guilds */
function columnsFor(px, guilds) {
  const fits = Math.max(2, Math.floor(px / COLUMN_MIN_PX));
  if (fits >= guilds) return guilds;
  const rows = Math.ceil(guilds / fits);
  return Math.ceil(guilds / rows);
}

// == small pictures ===========================================================================

/** A player's colour (style.css --p0..--p5). */
const seatColour = (/** @type {number} */ p) => `var(--p${p % 6})`;
const guildColour = (/** @type {number} */ g) => GUILD_COLOURS[g % GUILD_COLOURS.length];

/** A good's picture in a 20x20 box at (x, y), scaled to `size`. @param {string|null} key @param {number} g @param {number} x @param {number} y */
function goodIcon(key, g, x, y, size = 20) {
  const fill = guildColour(g);
  const k = size / 20;
  const st = { stroke: INK, "stroke-width": 1.1 / k, "stroke-linejoin": "round" };
  let shapes;
  switch (key) {
    case "beer":  // a mug with its foam
      shapes = [s("path", { d: "M13 7 h3 a2.5 2.5 0 0 1 0 8 h-3", fill: "none", ...st }),
        s("rect", { x: 3, y: 5, width: 11, height: 13, rx: 1.5, fill, ...st }),
        s("path", { d: "M2.5 6 q1.5 -3.5 4 -2 q2 -2.5 4.5 -0.5 q2.5 -1 3.5 2.5 z", fill: "#fff8e6", ...st })];
      break;
    case "pastry":  // a loaf with its cuts
      shapes = [s("path", { d: "M2 15 q0 -9 8 -9 q8 0 8 9 z", fill, ...st }),
        s("path", { d: "M6 9 l2 3 M10 8 l2 3 M14 9 l1.5 3", stroke: "#fff3dc", "stroke-width": 1.3 / k, fill: "none" })];
      break;
    case "shoe":  // a boot
      shapes = [s("path", { d: "M4 3 h6 l1 8 l5 1.5 q3 1 3 4 v1.5 h-16 z", fill, ...st }),
        s("path", { d: "M3 16 h16", stroke: "#f0dcc0", "stroke-width": 1 / k })];
      break;
    case "page":  // a printed sheet
      shapes = [s("path", { d: "M4 2 h9 l4 4 v12 h-13 z", fill: "#fbf8ef", ...st }),
        s("path", { d: "M13 2 v4 h4", fill: "none", ...st }),
        s("path", { d: "M6.5 9 h8 M6.5 12 h8 M6.5 15 h6", stroke: fill, "stroke-width": 1.4 / k })];
      break;
    case "clothing":  // a tunic
      shapes = [s("path", { d: "M7 2.5 l-5 3.5 l2.5 4 l2 -1 v9 h9 v-9 l2 1 l2.5 -4 l-5 -3.5 q-3 3 -6 0 z", fill, ...st })];
      break;
    case "hat":  // a hat with its brim
      shapes = [s("path", { d: "M6 14 l1 -9 q3 -2 6 0 l1 9 z", fill, ...st }),
        s("path", { d: "M1.5 14.5 q8.5 4.5 17 0 z", fill, ...st }),
        s("path", { d: "M6.4 11 h7.2", stroke: "#f3e6c8", "stroke-width": 1.4 / k })];
      break;
    default:
      shapes = [s("circle", { cx: 10, cy: 10, r: 7.5, fill, ...st })];
  }
  return s("g", { transform: `translate(${x},${y}) scale(${k})` }, ...shapes);
}

/** An agent: a little figure. */
function meeple(/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ fill, hollow = false, size = 14) {
  const k = size / 14;
  return s("g", { transform: `translate(${x},${y}) scale(${k})` },
    s("path", { d: "M6 0.6 a2.9 2.9 0 1 1 -0.01 0 z M1 14 l1.4 -5.2 l-2.2 -0.6 l0.6 -2 h10.4 l0.6 2 l-2.2 0.6 l1.4 5.2 z",
      style: hollow ? `fill:${PAPER};stroke:${fill};stroke-width:1.3` : `fill:${fill};stroke:${INK};stroke-width:.7` }));
}

/** A crest: a shield, with a number or the crown of prestige on it. */
function shield(/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ fill, size = 14, mark = "") {
  const k = size / 14;
  return s("g", { transform: `translate(${x},${y}) scale(${k})` },
    s("path", { d: "M1 1 h12 v6.5 q0 6 -6 8.5 q-6 -2.5 -6 -8.5 z", fill, stroke: INK, "stroke-width": 0.9 }),
    mark === "crown" ? glyph("crown", 3, 3.5, 8, INK) : mark ? text(7, 10.5, mark, 9, { anchor: "middle", fill: INK, bold: true }) : null);
}

// == the board ================================================================================

class Board {
  /** @param {any} view @param {Ctx} ctx @param {number} cols */
  constructor(view, ctx, cols) {
    this.view = view;
    this.table = view.table;
    this.guilds = view.table.guilds;
    this.ctx = ctx;
    this.words = { names: ctx.names, you: ctx.you };
    this.cols = Math.max(1, Math.min(cols, this.guilds.length));
    this.width = this.cols * CW + (this.cols - 1) * GAP + 2 * PAD;
    this.chosen = ctx.chosen;
    this.pickParts = new Set(ctx.pick ? ctx.pick.parts : []);
    this.moves = sortMoves(ctx.legal);
    this.cur = view.table.current;
  }

  /** A message (or {text}) in the reader's words. @param {any} value */
  say(value) { return render(value, this.words); }
  /** @param {string} id @param {Record<string, any>} [args] */
  w(id, args = {}) { return render({ id: `web.norenberc.${id}`, args }, this.words); }

  // -- names from the view ---------------------------------------------------------------
  /** @param {number} g */
  guildMsg(g) { const G = this.guilds[g]; return G && G.key ? { id: `norenberc.guild.${G.key}`, args: {} } : { text: (G && G.name) || "?" }; }
  /** @param {number} g */
  goodMsg(g) { const G = this.guilds[g]; return G && G.good_key ? { id: `norenberc.good.${G.good_key}`, args: {} } : { text: (G && G.good) || "?" }; }
  /** @param {number} g */
  goodsMsg(g) { const G = this.guilds[g]; return G && G.good_key ? { id: `norenberc.goods.${G.good_key}`, args: {} } : { text: (G && G.goods) || "?" }; }
  /** @param {number} g @param {number} count */
  countMsg(g, count) {
    const G = this.guilds[g];
    if (G && G.good_key) return { id: `norenberc.count.${G.good_key}`, args: { count } };
    return { id: "norenberc.count.own", args: { count, one: (G && G.good) || "?", many: (G && (G.goods || G.good)) || "?" } };
  }
  /** @param {number} g */
  artisanMsg(g) {
    const G = this.guilds[g];
    if (G && G.key) return { id: `norenberc.artisan.${G.key}`, args: {} };
    const name = (G && G.name) || "?";
    return { text: name.endsWith("s") && name.length > 1 ? name.slice(0, -1) : name };
  }
  /** A tile in words ("Baker 7", "Musician (5)"). @param {any} tile */
  tileMsg(tile) {
    if (!tile) return { id: "norenberc.tile.nobody", args: {} };
    if (tile.kind === "artisan") {
      return { id: tile.agent_plus ? "norenberc.tile.artisan_plus" : "norenberc.tile.artisan",
        args: { artisan: this.artisanMsg(tile.guild), value: tile.value } };
    }
    const citizen = { id: `norenberc.citizen.${tile.kind}`, args: {} };
    return "value" in tile ? { id: "norenberc.tile.valued", args: { citizen, value: tile.value } } : citizen;
  }
  /** What a citizen does, in the guide's words ("Thief: when hired, take 2 goods …"), as a
   * tooltip's last line; "" for an artisan. The figures are the table's components where
   * they come from the data file (agents_max, peddler_worth). @param {any} tile */
  effect(tile) {
    if (!tile || tile.kind === "artisan") return "";
    const d = this.ctx.data || {};
    /** @type {Record<string, Record<string, number>>} */
    const figures = { councillor: { most: d.agents_max ?? 8 }, thief: { count: STEAL_LIMIT }, peddler: { worth: d.peddler_worth ?? 4 } };
    return sentence(this.say({ id: "norenberc.guide.citizen", args: { name: { id: `norenberc.citizen.${tile.kind}`, args: {} },
      effect: { id: `norenberc.guide.effect.${tile.kind}`, args: figures[tile.kind] || {} } } }));
  }
  /** @param {number} count */
  thalers(count) { return { id: "norenberc.thalers", args: { count } }; }
  /** A seat's name for the board: "You" for the reader. @param {number} p */
  name(p) { return sentence(playerName(p, this.words)); }

  // -- what a click does ------------------------------------------------------------------
  /** Is this move a part of the multi-part choice on offer? @param {Move} mv */
  isPart(mv) { return this.pickParts.has(mv.index); }

  /** The Guard's move for an artisan, while it can go with the one chosen (only a partner
   * of the same trade: « deux artisans du même type »). @param {number} id */
  guardMove(id) {
    const mv = this.moves.guard[id];
    return mv && this.fitsChosen(mv) ? mv : undefined;
  }

  /** May this move be clicked with the parts chosen so far (board/picks.js)? A part chosen
   * may always be dropped. @param {Move} mv */
  fitsChosen(mv) {
    const pick = this.ctx.pick;
    return !pick || !this.isPart(mv) || Boolean(this.chosen.get(mv.index)) || fits(pick, this.chosen, mv.index);
  }

  /** A piece (board/piece.js), marked as a part of the multi-part choice when it is one.
   * @param {PieceSpec} o */
  piece(o) {
    const part = Boolean(o.click && (o.moves || []).some((m) => this.isPart(m)));
    return piece({ ...o, part });
  }

  /** What clicking `mv` does, in words; a part of a choice is chosen or dropped. @param {Move} mv */
  does(mv) {
    return this.w(this.isPart(mv) ? "click_part" : "click", { move: mv.words });
  }

  /** A click that asks why `action` (its JSON) is not possible now (null for a spectator).
   * @param {any} action */
  askFor(action) {
    const why = this.ctx.why;
    return why ? () => why(action) : null;
  }

  /** The click for a move: a part toggles (up to `cap` times), any other move is made.
   * @param {Move} mv @param {number} [cap] */
  clickFor(mv, cap) {
    if (!this.isPart(mv)) return () => this.ctx.act(mv);
    return () => this.ctx.togglePart(mv.index, cap);
  }

  // -- the whole board ----------------------------------------------------------------------
  svg() {
    const parts = [];
    let y = PAD;
    const head = this.header(this.width - 2 * PAD);
    parts.push(at(PAD, y, head.node));
    y += head.height + 10;
    // the guilds, in rows of `cols`
    for (let r = 0; r * this.cols < this.guilds.length; r++) {
      const row = this.guilds.slice(r * this.cols, (r + 1) * this.cols).map((/** @type {any} */ G) => this.guild(G));
      const height = Math.max(...row.map((/** @type {{height: number}} */ c) => c.height));
      row.forEach((/** @type {{make: (h: number) => Element}} */ c, /** @type {number} */ i) => parts.push(at(PAD + i * (CW + GAP), y, c.make(height))));
      y += height + GAP;
    }
    // the players, in turn order
    const seats = this.view.seats;
    const order = this.table.turn_order.length === seats.length ? this.table.turn_order : seats.map((/** @type {any} */ e) => e.seat);
    const inner = this.width - 2 * PAD;
    const perRow = Math.max(1, Math.floor((inner + GAP) / (PANEL_MIN + GAP)));
    const pw = (inner - (perRow - 1) * GAP) / perRow;
    for (let r = 0; r * perRow < order.length; r++) {
      const row = order.slice(r * perRow, (r + 1) * perRow).map((/** @type {number} */ p) => this.panel(seats[p], pw));
      const height = Math.max(...row.map((/** @type {{height: number}} */ c) => c.height));
      row.forEach((/** @type {{frame: (h: number) => Element}} */ c, /** @type {number} */ i) => {
        parts.push(at(PAD + i * (pw + GAP), y, c.frame(height)));
      });
      y += height + GAP;
    }
    const height = y - GAP + PAD;
    return s("svg", { viewBox: `0 0 ${this.width} ${height}`, class: "nb", role: "group",
      "aria-label": this.w("board"), "data-cols": this.cols, style: `max-width:${Math.round(this.width * 1.35)}px` },
    s("rect", { width: this.width, height, fill: "#f3e8cf", rx: 6 }), ...parts);
  }

  // -- the header: round, turn, what is under way, what to click, the turn order ------------
  /** @param {number} width */
  header(width) {
    const t = this.table;
    const items = [];
    let y = 0;
    // round pips and turn
    const pips = [1, 2, 3, 4].map((r) => s("circle", { cx: 8 + (r - 1) * 18, cy: 10, r: 7,
      fill: r < t.round ? "#b9a27a" : r === t.round ? "var(--accent)" : PAPER, stroke: "#7a6a55", "stroke-width": 1 }));
    const roundWords = `${this.w("round", { round: t.round, rounds: 4 })} · ${this.w("turn", { turn: t.turn })}`;
    items.push(s("g", null, s("title", null, this.w("round", { round: t.round, rounds: 4 })), ...pips),
      text(78, 16, roundWords, 18, { bold: true }));
    // the guest pile and the prestige crests, at the right when they fit
    const pile = this.w("pile", { count: t.pile_size });
    const prestige = this.w("prestige_reserve", { count: t.prestige_reserve });
    const side = `${pile} · ${prestige}`;
    const sideW = textWidth(side, 13);
    if (78 + textWidth(roundWords, 18, true) + 20 + sideW <= width) {
      items.push(text(width, 15, side, 13, { anchor: "end", fill: "#5b4a36" }));
      y = 26;
    } else {
      y = 26;
      for (const line of wrap(side, width, 13)) { items.push(text(0, y + 12, line, 13, { fill: "#5b4a36" })); y += 17; }
    }
    // what is under way
    for (const line of wrap(this.underWay(), width, 15)) {
      items.push(text(0, y + 15, line, 15));
      y += 20;
    }
    // what to click, for the player to act
    const hint = this.hint();
    if (hint) {
      const lines = wrap(hint, width - 16, 15, true);
      items.push(s("rect", { x: 0, y: y + 2, width, height: lines.length * 20 + 8, rx: 5, fill: "#f7e3a3", stroke: GOLD }));
      lines.forEach((line, i) => items.push(text(8, y + 20 + i * 20, line, 15, { bold: true })));
      y += lines.length * 20 + 12;
    }
    // the turn order
    const order = this.turnOrder(width, y + 4);
    items.push(order.node);
    y += 4 + order.height;
    return { node: s("g", null, ...items), height: y };
  }

  /** The phase, the guild called, who acts and at which step. */
  underWay() {
    const v = this.view;
    const phase = this.say({ id: `norenberc.phase.${v.phase}`, args: {} });
    const c = this.cur;
    if (v.over || !c) return sentence(phase);
    return sentence(this.w("under_way", { phase: { text: phase }, guild: this.guildMsg(c.guild),
      player: { player: c.actor }, step: { id: `norenberc.step.${c.step}`, args: {} } }));
  }

  /** What the reader may click now, or "" when it is not their move. */
  hint() {
    const you = this.words.you;
    if (you === null || !this.ctx.legal.length) return "";
    const v = this.view;
    const most = this.ctx.pick ? this.ctx.pick.most : 0;
    if (v.phase === "planning") return this.w(most === 1 ? "hint.planning.one" : "hint.planning", { count: most });
    const c = this.cur;
    if (!c) return "";
    if (c.step === "pay_any") return this.w("hint.pay_any");
    if (c.step === "buy_more" || c.step === "thief_goods") return this.w(`hint.${c.step}${most === 1 ? ".one" : ""}`, { count: most });
    return this.w(`hint.${c.step}`);
  }

  /** The turn-order track: each seat's marker in order, the moon on those done for the
   * round; at a hire's last step, the first place and the hirer's own marker are clickable.
   * @param {number} width @param {number} y */
  turnOrder(width, y) {
    const t = this.table;
    const label = this.w("turn_order");
    const lw = textWidth(label, 13, true) + 10;
    const nodes = [text(0, y + 17, label, 13, { bold: true })];
    const order = t.turn_order;
    const front = this.moves.front;
    const actor = this.cur ? this.cur.actor : -1;
    /** @type {Box[]} */
    const boxes = order.map((/** @type {number} */ p, /** @type {number} */ i) => {
      const e = this.view.seats[p];
      const name = this.name(p);
      const nameW = Math.min(110, textWidth(name, 13, p === this.words.you));
      const w = 30 + nameW + (e.moon ? 16 : 0);
      return { w, h: 26, make: (/** @type {number} */ x, /** @type {number} */ yy) => {
        /** @type {Move[]} */
        const mv = [];
        if (i === 0 && front[1] && actor !== p) mv.push(front[1]);
        if (p === actor && front[0]) mv.push(front[0]);
        const what = [this.w("place", { place: i + 1, player: { player: p } })];
        if (e.moon) what.push(this.w("moon"));
        const children = [
          s("rect", { x, y: yy, width: w, height: 24, rx: 12, fill: PAPER, stroke: p === actor ? INK : "#c9b48f",
            "stroke-width": p === actor ? 2 : 1 }),
          s("circle", { cx: x + 12, cy: yy + 12, r: 9, style: `fill:${seatColour(p)};stroke:${INK};stroke-width:.8` }),
          text(x + 12, yy + 16.5, String(i + 1), 12, { anchor: "middle", bold: true, fill: "#fff" }),
          text(x + 25, yy + 17, name, 13, { bold: p === this.words.you, width: nameW }),
          e.moon ? glyph("moon", x + w - 19, yy + 5, 14, "#5b4a8a") : null,
        ];
        return this.piece({ key: `order-${i}`, what: what.join(" · "), box: [x, yy, w, 24], round: 12,
          moves: mv, click: mv.length ? this.clickFor(mv[0]) : null, does: mv.length ? this.does(mv[0]) : "", children });
      } };
    });
    const laid = flow(boxes, width - lw, 6, 6);
    nodes.push(at(lw, y, ...laid.nodes));
    return { node: s("g", null, ...nodes), height: Math.max(24, laid.height) };
  }

  // -- a guild --------------------------------------------------------------------------------
  /** A guild's column, built to the height of its row (`make`): planning clicks it to plan
   * the guild, the Mayor's step to put him on its roof. @param {any} G */
  guild(G) {
    const g = G.guild;
    const parts = /** @type {any[]} */ ([]);
    let y = 0;
    const top = this.guildTop(G);
    parts.push(top.node);
    y += top.height + 4;
    const shop = this.workshops(G, y);
    parts.push(shop.node);
    y += shop.height + 6;
    const rooms = this.rooms(G, y);
    parts.push(rooms.node);
    y += rooms.height + 6;
    const store = this.store(G, y);
    parts.push(store.node);
    y += store.height + 6;
    const favs = this.favourites(G, y);
    if (favs) { parts.push(favs.node); y += favs.height + 6; }
    const called = this.cur && this.cur.guild === g;
    const make = (/** @type {number} */ height) => {
      const frame = s("rect", { x: 0, y: 0, width: CW, height, rx: 6, fill: PAPER,
        stroke: called ? "var(--accent)" : "#c9b48f", "stroke-width": called ? 3 : 1 });
      const mv = top.move;
      if (!mv) return s("g", { class: "guild", "data-guild": g }, frame, ...parts);
      return s("g", { class: "guild", "data-guild": g }, this.piece({ key: `guild-${g}`, what: top.what,
        box: [0, 0, CW, height], round: 7, moves: [mv], click: this.clickFor(mv), does: this.does(mv),
        picked: this.isPart(mv) ? Boolean(this.chosen.get(mv.index)) : undefined, children: [frame, ...parts] }));
    };
    return { g, make, height: y + 2 };
  }

  /** The roof (agents and Mayors) and the name band (good, number, name, crests, prestige,
   * cards laid here); `move`: planning the guild or the Mayor going onto its roof. @param {any} G */
  guildTop(G) {
    const g = G.guild;
    const colour = guildColour(g);
    const name = this.say(this.guildMsg(g));
    const bonus = this.thalers(G.roof);
    // roof
    const roof = [s("path", { d: `M4 36 L22 4 H${CW - 22} L${CW - 4} 36 Z`, fill: "#9c4a33", stroke: "#5e2a1b", "stroke-width": 1.2 }),
      s("path", { d: `M30 12 H${CW - 30} M20 20 H${CW - 20} M14 28 H${CW - 14}`, stroke: "#b8654b", "stroke-width": 1 })];
    const shown = Math.min(G.roof, 8);
    for (let i = 0; i < shown; i++) roof.push(meeple(34 + i * 15, 16, "#efe6d2", false, 15));
    if (G.roof > shown) roof.push(text(34 + shown * 15 + 4, 30, `+${G.roof - shown}`, 13, { bold: true, fill: "#fff" }));
    for (let i = 0; i < G.mayors; i++) {
      const mx = CW - 40 - i * 18;
      roof.push(s("g", null, s("rect", { x: mx, y: 13, width: 15, height: 19, rx: 2, fill: "#d8b47a", stroke: WOOD, "stroke-width": 1.5 }),
        meeple(mx + 1.5, 15, GOLD, false, 12)));
    }
    const roofWhat = [this.w("roof", { count: G.roof, bonus })];
    if (G.mayors) roofWhat.push(this.w("mayors", { count: G.mayors, artisan: this.artisanMsg(g) }));
    // name band
    const band = [s("rect", { x: 4, y: 40, width: CW - 8, height: 30, rx: 4, fill: colour, "fill-opacity": 0.28,
      stroke: colour, "stroke-width": 1.5 }), s("circle", { cx: 21, cy: 55, r: 12, fill: PAPER, stroke: colour }),
    goodIcon(G.good_key, g, 11, 45, 20)];
    const right = [];
    // crests left, the prestige mark, cards on the table for this guild
    let rx = CW - 10;
    const crestWhat = this.w("crests_left", { count: G.crests, guild: this.guildMsg(g) });
    rx -= 16;
    right.push(s("g", null, s("title", null, crestWhat), shield(rx, 47, colour, 16, String(G.crests))));
    if (G.prestige) {
      rx -= 19;
      const what = this.w(G.prestige_crest ? "prestige_crest" : "prestige_guild");
      right.push(s("g", null, s("title", null, what), G.prestige_crest ? shield(rx, 47, GOLD, 16, "crown")
        : s("g", null, s("path", { d: `M${rx + 1} 48 h14 v7 q0 6 -7 8.5 q-7 -2.5 -7 -8.5 z`, fill: "none", stroke: GOLD, "stroke-width": 2, "stroke-dasharray": "3 2" }),
          glyph("crown", rx + 3.5, 50.5, 9, "#a88512"))));
    }
    const cards = this.cardsHere(g);
    for (const p of cards.reverse()) {
      rx -= 12;
      right.push(s("g", null, s("title", null, this.w("card_here", { player: { player: p }, guild: this.guildMsg(g) })),
        s("rect", { x: rx, y: 47, width: 10, height: 15, rx: 1.5, style: `fill:${seatColour(p)};stroke:${INK};stroke-width:.8` })));
    }
    const nameW = rx - 38 - 4;
    band.push(text(37, 60.5, `${g + 1} ${name}`, 15, { bold: true, width: nameW }));
    const mv = this.moves.plan[g] || this.moves.mayor[g];
    const what = [this.w("guild", { number: g + 1, guild: this.guildMsg(g), goods: this.goodsMsg(g) }), ...roofWhat];
    if (this.cur && this.cur.guild === g) what.push(this.w("called_now"));
    const node = s("g", null, s("title", null, what.join("\n")),
      s("g", { "data-key": `roof-${g}` }, s("title", null, roofWhat.join("\n")), ...roof), ...band, ...right);
    return { node, height: 72, move: mv, what: what.join("\n") };
  }

  /** Who has a card on guild g now: the reader's own plan, and the cards revealed at the
   * guild called. @param {number} g */
  cardsHere(g) {
    const out = [];
    const you = this.words.you;
    if (this.cur && this.cur.guild === g) out.push(...this.cur.revealed);
    else if (you !== null && you !== undefined) {
      const mine = this.view.seats[you];
      if (mine && mine.plan && mine.plan.includes(g)) out.push(you);
    }
    return out;
  }

  /** The master (its value is the price here) and the masters of later rounds; a tile the
   * Guard may move is clickable. @param {any} G @param {number} y */
  workshops(G, y) {
    const g = G.guild;
    const rnd = this.table.round;
    const nodes = [];
    const price = G.master_value;
    // the master, with the covered tile under it in round 4
    const mx = 8, my = y + 2, ms = 56;
    if (rnd === 4 && G.covered) nodes.push(s("g", { "data-under": "" }, this.tile(G.covered, mx + 6, my + 5, ms, ms, `covered-${g}`,
      this.w("covered_master", { tile: this.tileMsg(G.covered), top: this.tileMsg(G.master) }), false)));
    nodes.push(this.tile(G.master, mx, my, ms, ms, `master-${g}`,
      G.master ? this.w("master", { tile: this.tileMsg(G.master), good: this.goodMsg(g), price: this.thalers(price || 0) }) : this.w("no_master"), true));
    nodes.push(text(mx, my + ms + (rnd === 4 && G.covered ? 21 : 16),
      price === null ? "—" : this.w("price", { price: this.thalers(price) }), 13, { bold: true, fill: "var(--accent)" }));
    // the later masters, in the order they take over
    const later = [];
    G.workshops.forEach((/** @type {any} */ tile, /** @type {number} */ i) => later.push({ tile, round: rnd + 1 + i, under: null }));
    if (G.top) later.push({ tile: G.top, round: 4, under: G.covered });
    let x = mx + ms + 12;
    const size = 34;
    for (const L of later) {
      const ty = my + 16;
      if (L.under) {
        nodes.push(s("g", { "data-under": "" }, this.tile(L.under, x + 6, ty + 6, size, size, `covered-${g}`,
          this.w("covered", { tile: this.tileMsg(L.under), top: this.tileMsg(L.tile) }), false)));
      }
      nodes.push(this.tile(L.tile, x, ty, size, size, `ws-${g}-${L.round}`,
        this.w("later_master", { tile: this.tileMsg(L.tile), round: L.round }), false));
      nodes.push(s("g", null, s("title", null, this.w("later_master", { tile: this.tileMsg(L.tile), round: L.round })),
        s("circle", { cx: x + size / 2, cy: my + 6, r: 7, fill: "#efe3c6", stroke: "#b39c74" }),
        text(x + size / 2, my + 10, String(L.round), 10, { anchor: "middle", bold: true, fill: "#5b4a36" })));
      x += size + 6;
    }
    return { node: s("g", null, ...nodes), height: ms + (rnd === 4 && G.covered ? 26 : 20) };
  }

  /** A tile: an artisan in its guild's colour with its value (stone frame), a citizen in
   * wood with its symbol and name. Clickable when the Guard may move it or swap with it.
   * @param {any} tile @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {string} key @param {string} what @param {boolean} big */
  tile(tile, x, y, w, h, key, what, big) {
    if (!tile) {
      return s("g", null, s("title", null, what), s("rect", { x, y, width: w, height: h, rx: 4, fill: "none", stroke: "#c9b48f",
        "stroke-dasharray": "4 3" }));
    }
    const children = this.tileFace(tile, x, y, w, h, big);
    /** @type {Move[]} */
    const mv = [];
    if (tile.kind === "artisan") {
      const guard = this.guardMove(tile.id);
      if (guard) mv.push(guard);
      if (this.moves.swap[tile.id]) mv.push(this.moves.swap[tile.id]);
    }
    const first = Boolean(this.cur && this.cur.guard_first && this.cur.guard_first.id === tile.id);
    return this.piece({ key, what, box: [x, y, w, h], moves: mv, click: mv.length ? this.clickFor(mv[0]) : null,
      does: mv.length ? this.does(mv[0]) : "", picked: this.pickedOf(mv[0], first), children });
  }

  /** Whether a piece shows as chosen: a part of the multi-part choice when it is among the
   * parts chosen (the Guard's two tiles are such parts), else when the rules' state says
   * so (`first`: the tile the Guard took first). @param {Move | undefined} mv @param {boolean} first */
  pickedOf(mv, first) {
    if (mv && this.isPart(mv)) return Boolean(this.chosen.get(mv.index));
    return first || undefined;
  }

  /** A tile's face, as a group that travels with the tile from drawing to drawing.
   * @param {any} tile @param {number} x @param {number} y @param {number} w @param {number} h @param {boolean} big */
  tileFace(tile, x, y, w, h, big) {
    return [s("g", { "data-travel": tile.id !== undefined ? `tile-${tile.id}` : null }, ...this.tileShapes(tile, x, y, w, h, big))];
  }

  /** @param {any} tile @param {number} x @param {number} y @param {number} w @param {number} h @param {boolean} big */
  tileShapes(tile, x, y, w, h, big) {
    if (tile.kind === "artisan") {
      const colour = guildColour(tile.guild);
      const key = this.guilds[tile.guild] ? this.guilds[tile.guild].good_key : null;
      const icon = Math.min(w, h) * 0.36;
      return [
        s("rect", { x, y, width: w, height: h, rx: 4, fill: "#d9d3c7", stroke: STONE, "stroke-width": 2 }),
        s("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 2, fill: colour, "fill-opacity": 0.35 }),
        goodIcon(key, tile.guild, x + 3, y + 3, icon),
        text(x + w / 2 + (big ? 4 : 2), y + h - (big ? 10 : 5), String(tile.value), h * (big ? 0.55 : 0.47), { anchor: "middle", bold: true }),
        tile.agent_plus ? s("g", null, s("circle", { cx: x + w - 9, cy: y + 9, r: 7, fill: PAPER, stroke: INK, "stroke-width": 0.6 }),
          meeple(x + w - 13.5, y + 3.5, INK, false, 9), text(x + w - 3, y + 10, "+", 9, { bold: true })) : null,
      ];
    }
    const name = this.say({ id: `norenberc.citizen.${tile.kind}`, args: {} });
    // the name in two lines at most, as large as fits ("Tax Collector", "Apprentice")
    const got = fitLines(name, w - 5, w >= 48 ? 10.5 : 9.5, { bold: true, most: 2 });
    const size = got.size;
    const out = [
      s("rect", { x, y, width: w, height: h, rx: 4, fill: "#ecd3a6", stroke: WOOD, "stroke-width": 2.5 }),
      tile.symbol ? glyph(tile.symbol, x + 3, y + 3, 11, "#6b4a1f") : null,
    ];
    if ("value" in tile) out.push(text(x + w - 5, y + 13, String(tile.value), 12, { anchor: "end", bold: true }));
    const top = y + h - 6 - (got.lines.length - 1) * (size + 1);
    got.lines.forEach((l, i) => out.push(text(x + w / 2, top + i * (size + 1), l, size, { anchor: "middle", bold: true, width: w - 5 })));
    return out;
  }

  /** Rooms A-D in a 2x2 grid: the guest, and its price (goods of the guild as the good's
   * picture, goods of any type as grey dots); a room whose guest may be hired is clickable,
   * or each of its prices when it has two ways to pay. @param {any} G @param {number} y */
  rooms(G, y) {
    const g = G.guild;
    const nodes = /** @type {any[]} */ ([]);
    const rw = (CW - 8 - 8 - 6) / 2;
    const ts = 48;
    // a room's height: the guest, then a row per way to pay (the taller room of a row)
    const prices = this.table.room_prices;
    const rowH = [0, 1].map((row) => 5 + ts + 5 + 18 * Math.max(1, ...[0, 1].map((i) => (prices[row * 2 + i] || []).length)));
    G.rooms.forEach((/** @type {any} */ guest, /** @type {number} */ r) => {
      const x = 8 + (r % 2) * (rw + 6);
      const rh = rowH[Math.floor(r / 2)];
      const ry = y + (r >= 2 ? rowH[0] + 6 : 0);
      const letter = "ABCD"[r];
      const forms = this.table.room_prices[r] || [];
      const hires = this.cur && this.cur.guild === g ? this.moves.hire[r] || [] : [];
      const legal = forms.map((/** @type {any} */ _, /** @type {number} */ f) => hires.find((m) => m.action.form === f)).filter(Boolean);
      const priceWords = forms.map((/** @type {number[]} */ f) => this.say(this.priceMsg(g, f)));
      const roomWhat = guest ? this.w("room", { room: letter, guest: this.tileMsg(guest) }) : this.w("room_empty", { room: letter });
      const does = guest ? this.effect(guest) : "";  // a citizen's effect, under its price
      const what = `${roomWhat}\n${this.w("room_price", { price: priceWords.join(" / ") })}${does ? `\n${does}` : ""}`;
      const frame = [s("rect", { x, y: ry, width: rw, height: rh, rx: 4, fill: "#f4ead5", stroke: "#c9b48f" }),
        text(x + 5, ry + 14, letter, 13, { bold: true, fill: "#7a6a55" })];
      const face = guest ? this.tileFace(guest, x + (rw - ts) / 2 + 4, ry + 5, ts, ts, false)
        : [s("rect", { x: x + (rw - ts) / 2 + 4, y: ry + 5, width: ts, height: ts, rx: 4, fill: "none", stroke: "#c9b48f", "stroke-dasharray": "4 3" })];
      // the price: one row per way to pay
      const priceNodes = /** @type {any[]} */ ([]);
      const one = legal.length === 1 && forms.length >= 1;
      forms.forEach((/** @type {number[]} */ form, /** @type {number} */ f) => {
        const fx = x + (rw - this.priceWidth(form)) / 2;
        const fy = ry + 5 + ts + 4 + f * 18;
        const pic = this.priceIcons(g, form, fx, fy);
        const mv = hires.find((m) => m.action.form === f);
        if (mv && !one) {
          priceNodes.push(this.piece({ key: `hire-${g}-${r}-${f}`, what: `${roomWhat}\n${this.w("room_price", { price: priceWords[f] })}${does ? `\n${does}` : ""}`,
            box: [fx - 3, fy, this.priceWidth(form) + 6, 17], moves: [mv], click: this.clickFor(mv), does: this.does(mv), children: pic }));
        } else if (guest && !hires.length && this.cur && this.cur.guild === g) {
          // a way to pay the player cannot use: a click on it says why, for that way
          priceNodes.push(this.piece({ key: `price-${g}-${r}-${f}`, what: `${roomWhat}\n${this.w("room_price", { price: priceWords[f] })}`,
            box: [fx - 3, fy, this.priceWidth(form) + 6, 17], ask: this.askFor({ type: "hire", room: r, form: f }),
            children: [s("rect", { x: fx - 3, y: fy, width: this.priceWidth(form) + 6, height: 17, fill: "transparent" }), ...pic] }));
        } else priceNodes.push(s("g", null, ...pic));
      });
      const guard = guest && guest.kind === "artisan" && (this.guardMove(guest.id) || this.moves.swap[guest.id]);
      const first = Boolean(guest && this.cur && this.cur.guard_first && this.cur.guard_first.id === guest.id);
      if (one) {
        const mv = /** @type {Move} */ (legal[0]);
        nodes.push(this.piece({ key: `room-${g}-${r}`, what, box: [x, ry, rw, rh], moves: [mv], click: this.clickFor(mv),
          does: this.does(mv), children: [...frame, ...face, ...priceNodes] }));
      } else if (guard) {
        const mv = /** @type {Move} */ (guard);
        nodes.push(s("g", null, ...frame, ...priceNodes, this.piece({ key: `room-${g}-${r}`, what,
          box: [x + (rw - ts) / 2 + 4, ry + 5, ts, ts], moves: [mv], click: this.clickFor(mv), does: this.does(mv),
          picked: this.pickedOf(mv, first), children: face })));
      } else {
        const tip = legal.length > 1 ? `${what}\n${this.w("choose_price")}` : what;
        // a guest of the guild called that cannot be hired: a click says why (its first way to pay; a click
        // on another of its prices asks about that one)
        const ask = guest && !legal.length && this.cur && this.cur.guild === g ? this.askFor({ type: "hire", room: r, form: 0 }) : null;
        nodes.push(this.piece({ key: `room-${g}-${r}`, what: tip, box: [x, ry, rw, rh], picked: first || undefined, ask,
          children: [...frame, ...face] }), ...priceNodes);
      }
    });
    return { node: s("g", null, ...nodes), height: rowH[0] + 6 + rowH[1] };
  }

  /** A way to pay in words. @param {number} g @param {number[]} form */
  priceMsg(g, form) {
    const [own, any] = form;
    const goods = this.countMsg(g, own);
    return any ? { id: "norenberc.price.with_any", args: { goods, count: any } } : goods;
  }

  /** @param {number[]} form */
  priceWidth(form) { return form[0] * 15 + (form[0] && form[1] ? 4 : 0) + form[1] * 14 - (form[1] ? 2 : 0); }

  /** @param {number} g @param {number[]} form @param {number} x @param {number} y */
  priceIcons(g, form, x, y) {
    const out = [];
    const key = this.guilds[g].good_key;
    for (let i = 0; i < form[0]; i++) out.push(goodIcon(key, g, x + i * 15, y + 1, 15));
    let ax = x + form[0] * 15 + (form[0] ? 4 : 0);
    for (let i = 0; i < form[1]; i++) {
      out.push(s("circle", { cx: ax + 6, cy: y + 8.5, r: 6, fill: "#aaa194", stroke: INK, "stroke-width": 0.8 }),
        text(ax + 6, y + 12, "?", 9.5, { anchor: "middle", bold: true, fill: "#fff" }));
      ax += 14;
    }
    return out;
  }

  /** The store: a chip per type of good in it, the guild's own first; buying clicks a chip
   * (more purchases: each click adds one). @param {any} G @param {number} y */
  store(G, y) {
    const g = G.guild;
    const types = [g, ...G.store.map((/** @type {number} */ _, /** @type {number} */ t) => t).filter((/** @type {number} */ t) => t !== g && G.store[t])];
    const label = this.w("store");
    const nodes = [text(8, y + 16, label, 12, { fill: "#7a6a55", italic: true })];
    const called = this.cur && this.cur.guild === g;
    /** @type {Box[]} */
    const boxes = types.map((t) => ({ w: 42, h: 24, make: (x, yy) => {
      const n = G.store[t];
      const mv = called ? this.moves.buy[t] : undefined;
      const picked = mv && this.isPart(mv) ? this.chosen.get(mv.index) || 0 : 0;
      const children = [s("rect", { x, y: yy, width: 42, height: 24, rx: 5, fill: n ? "#fff" : "#f0e8d6", stroke: "#c9b48f" }),
        goodIcon(this.guilds[t].good_key, t, x + 2, yy + 2, 20),
        text(x + 34, yy + 17, String(n), 14, { anchor: "middle", bold: true, fill: n ? INK : "#a89a85" })];
      return this.piece({ key: `store-${g}-${t}`, what: this.w("in_store", { goods: this.countMsg(t, n), guild: this.guildMsg(g) }),
        box: [x, yy, 42, 24], moves: mv ? [mv] : [], click: mv ? this.clickFor(mv, n) : null, does: mv ? this.does(mv) : "",
        ask: called && !mv ? this.askFor({ type: "buy", good: t }) : null,
        picked: mv && this.isPart(mv) ? picked > 0 : undefined, count: picked, children });
    } }));
    const lw = textWidth(label, 12) + 6;
    const laid = flow(boxes, CW - 16 - lw, 4, 6);
    nodes.push(at(8 + lw, y, ...laid.nodes));
    return { node: s("g", null, ...nodes), height: Math.max(24, laid.height) };
  }

  /** The favourites of past rounds: a disc per round in the favourite's colour.
   * @param {any} G @param {number} y */
  favourites(G, y) {
    const favs = this.table.favourites.filter((/** @type {number[]} */ f) => f[1] === G.guild);
    if (!favs.length) return null;
    const label = this.w("favourites");
    const lw = textWidth(label, 12) + 6;
    const nodes = [text(8, y + 12, label, 12, { fill: "#7a6a55", italic: true })];
    favs.forEach((/** @type {number[]} */ f, /** @type {number} */ i) => {
      const [round, , p] = f;
      const cx = 8 + lw + 9 + i * 22;
      nodes.push(s("g", null, s("title", null, p >= 0 ? this.w("favourite", { round, player: { player: p } }) : this.w("no_favourite", { round })),
        s("circle", { cx, cy: y + 8, r: 8, style: p >= 0 ? `fill:${seatColour(p)};stroke:${INK};stroke-width:.7` : `fill:${PAPER};stroke:#a89a85` }),
        text(cx, y + 12, String(round), 10, { anchor: "middle", bold: true, fill: p >= 0 ? "#fff" : "#a89a85" })));
    });
    return { node: s("g", null, ...nodes), height: 16 };
  }

  // -- a player's panel -----------------------------------------------------------------------
  /** @param {any} e @param {number} width */
  panel(e, width) {
    const p = e.seat;
    const you = this.words.you;
    const mine = p === you;
    const G = this.guilds.length;
    const nodes = /** @type {any[]} */ ([]);
    const inner = width - 22;
    // name line: place in turn order, name, what they are doing, thalers
    const status = this.status(e);
    const money = e.money === null ? "?" : String(e.money);
    const moneyWhat = e.money === null ? this.w("money_hidden", { player: { player: p } })
      : this.w("money", { player: { player: p }, money: this.thalers(e.money) });
    const mw = Math.max(24, textWidth(money, 14, true) + 12);
    nodes.push(this.piece({ key: `money-${p}`, what: moneyWhat, box: [width - 10 - mw - 14, 7, mw + 14, 22], children: [
      s("rect", { x: width - 10 - mw - 14, y: 7, width: mw + 14, height: 22, rx: 11, fill: "#fbf1cf", stroke: "#b8962e" }),
      s("circle", { cx: width - 10 - mw - 3, cy: 18, r: 8, fill: GOLD, stroke: "#8a6a0c" }),
      text(width - 10 - mw / 2 + 3, 23, money, 14, { anchor: "middle", bold: true })] }));
    // the name, then what they are doing (at the end: their points and place) on a line of its own
    const result = this.view.result;
    const scored = Boolean(result && result.scores);
    const after = scored ? this.w("score", { count: result.scores[p], rank: result.ranks[p] }) : status;
    nodes.push(text(16, 24, this.name(p), 16, { bold: true, width: width - 10 - mw - 14 - 8 - 16 }));
    let y = 36;
    if (after) {
      const said = lines(16, y + 12, after, inner, scored ? 14 : 13, { most: 2, italic: !scored, bold: scored,
        fill: scored ? "var(--accent)" : "#5b4a36", cls: scored ? "score" : undefined, lead: 16 });
      nodes.push(...said);
      y += said.length * 16 + 4;
    }
    // agents, crests won, prestige crests: in as many lines as they need
    /** @type {Box[]} */
    const marks = [{ w: Math.max(1, e.agents) * 15 + 2, h: 18, make: (x, yy) => {
      const agents = [];
      for (let i = 0; i < e.agents; i++) agents.push(meeple(x + i * 15, yy, seatColour(p), i >= e.agents_free, 15));
      return this.piece({ key: `agents-${p}`, what: this.w("agents", { free: e.agents_free, all: e.agents }),
        box: [x - 2, yy, Math.max(15, e.agents * 15) + 2, 16], children: agents });
    } }];
    e.crests.forEach((/** @type {number} */ n, /** @type {number} */ g) => {
      if (n) marks.push({ w: 17, h: 18, make: (x, yy) => this.piece({ key: `crest-${p}-${g}`, box: [x, yy, 16, 17],
        what: this.w("crests_won", { count: n, guild: this.guildMsg(g) }), children: [shield(x, yy, guildColour(g), 16, n > 1 ? String(n) : "")] }) });
    });
    if (e.prestige_crests) {
      const n = e.prestige_crests;
      marks.push({ w: n > 1 ? 38 : 17, h: 18, make: (x, yy) => this.piece({ key: `prestige-${p}`, box: [x, yy, 16, 17],
        what: this.w("prestige_won", { count: n }),
        children: [shield(x, yy, GOLD, 16, "crown"), n > 1 ? text(x + 18, yy + 13, `×${n}`, 12, { bold: true }) : null] }) });
    }
    const laidMarks = flow(marks, inner, 6, 4);
    nodes.push(at(16, y, ...laidMarks.nodes));
    y += laidMarks.height + 6;
    // goods held, per type (the reader's own are clickable to pay or for the Peddler; the
    // Thief's victim's to steal)
    const victim = this.cur ? this.cur.victim : null;
    /** @type {Box[]} */
    const goods = [];
    for (let t = 0; t < G; t++) {
      goods.push({ w: 44, h: 26, make: (x, yy) => this.goodChip(e, t, x, yy, mine, victim === p) });
    }
    const laid = flow(goods, inner, 4, 4);
    nodes.push(at(14, y, ...laid.nodes));
    y += laid.height + 8;
    // tiles: artisans, then citizens
    const tiles = [...e.tiles].sort((a, b) => (a.kind === "artisan" ? 0 : 1) - (b.kind === "artisan" ? 0 : 1)
      || (a.guild ?? 99) - (b.guild ?? 99) || (a.value ?? 0) - (b.value ?? 0));
    const peddled = new Map(e.peddler_goods.map((/** @type {number[]} */ pg) => [pg[0], pg[1]]));
    /** @type {Box[]} */
    const boxes = tiles.map((tile) => {
      const w = tile.kind === "artisan" ? 30 : 54;
      return { w, h: 34, make: (x, yy) => {
        let what = this.say(this.tileMsg(tile));
        const good = peddled.get(tile.id);
        if (good !== undefined && good >= 0) what += `\n${this.w("on_peddler", { good: this.goodMsg(good) })}`;
        if (tile.kind !== "artisan") what += `\n${this.effect(tile)}`;
        return s("g", { "data-key": `held-${tile.id}` }, s("title", null, what), ...this.tileFace(tile, x, yy, w, 34, false),
          good !== undefined && good >= 0 ? goodIcon(this.guilds[good].good_key, good, x + w - 14, yy + 20, 14) : null);
      } };
    });
    if (boxes.length) {
      const laidTiles = flow(boxes, inner, 3, 4);
      nodes.push(at(14, y, ...laidTiles.nodes));
      y += laidTiles.height + 6;
    } else {
      nodes.push(text(14, y + 13, this.w("no_tiles"), 12, { italic: true, fill: "#7a6a55" }));
      y += 20;
    }
    // the plan: the reader's own guilds, the others' cards face down
    const plan = this.planWords(e);
    if (plan) {
      for (const line of wrap(plan, inner, 13)) { nodes.push(text(14, y + 13, line, 13, { fill: "#5b4a36" })); y += 17; }
    }
    const height = y + 6;
    const acting = this.view.to_act.includes(p);
    const rob = this.moves.rob[p];
    const frame = (/** @type {number} */ h) => {
      const bg = [s("rect", { x: 0, y: 0, width, height: h, rx: 6, fill: PAPER,
        stroke: acting ? INK : "#c9b48f", "stroke-width": acting ? 2 : 1 }),
      s("rect", { x: 0, y: 0, width: 8, height: h, rx: 3, style: `fill:${seatColour(p)}` })];
      const what = [this.w("player", { player: { player: p } })];
      if (e.turn_position !== null) what.push(this.w("place", { place: e.turn_position + 1, player: { player: p } }));
      if (status) what.push(status);
      // the whole panel is the player: the Thief's victim is clicked anywhere on it
      if (!rob) return s("g", { class: "player", "data-seat": p }, s("g", null, s("title", null, what.join("\n")), ...bg), ...nodes);
      return s("g", { class: "player", "data-seat": p }, this.piece({ key: `rob-${p}`, what: what.join("\n"),
        box: [0, 0, width, h], moves: [rob], click: this.clickFor(rob), does: this.does(rob), children: [...bg, ...nodes] }));
    };
    return { frame, height };
  }

  /** A chip for the goods of type t a player holds: clickable for the reader's payment or
   * Peddler, for the Thief's goods at the victim's.
   * @param {any} e @param {number} t @param {number} x @param {number} y @param {boolean} mine @param {boolean} robbed */
  goodChip(e, t, x, y, mine, robbed) {
    const n = e.goods[t];
    /** @type {Move[]} */
    let mv = [];
    /** @type {(() => void) | null} */
    let click = null;
    let does = "";
    let picked;
    let count = 0;
    if (mine && n) {
      if (this.moves.peddler[t]) { mv = [this.moves.peddler[t]]; click = this.clickFor(mv[0]); does = this.does(mv[0]); }
      else if (this.moves.pay.length) ({ mv, click, does, picked } = this.payClick(t));
    }
    if (robbed && n && this.moves.steal[t]) {
      const m = this.moves.steal[t];
      mv = [m];
      click = this.clickFor(m, n);
      does = this.does(m);
      count = this.isPart(m) ? this.chosen.get(m.index) || 0 : 0;
      picked = this.isPart(m) ? count > 0 : undefined;
    }
    const children = [s("rect", { x, y, width: 44, height: 26, rx: 5, fill: n ? "#fff" : "#f3ecdd", stroke: "#c9b48f" }),
      s("g", { opacity: n ? 1 : 0.35 }, goodIcon(this.guilds[t].good_key, t, x + 2, y + 3, 20)),
      text(x + 35, y + 18, String(n), 15, { anchor: "middle", bold: true, fill: n ? INK : "#b3a690" })];
    return this.piece({ key: `goods-${e.seat}-${t}`, what: this.w("held", { goods: this.countMsg(t, n), player: { player: e.seat } }),
      box: [x, y, 44, 26], moves: mv, click, does, picked, count, children });
  }

  /** Paying goods "of any type": each good is a part of the payment (the engine takes
   * them one at a time, in type order), chosen by clicks like a purchase. @param {number} t */
  payClick(t) {
    const m = this.moves.pay.find((x) => x.action.good === t);
    if (!m) return { mv: [], click: null, does: "", picked: undefined };
    const part = this.isPart(m);
    return { mv: [m], click: this.clickFor(m), does: this.does(m),
      picked: part ? (this.chosen.get(m.index) || 0) > 0 : undefined };
  }

  /** What a player is doing, in a few words. @param {any} e */
  status(e) {
    const v = this.view;
    if (v.over) return "";
    if (e.moon) return this.w("moon");
    if (e.planning === "planning") return v.to_act.includes(e.seat) ? this.w("status.planning") : this.w("status.waiting");
    if (e.planning === "done") return this.w("status.done");
    if (e.planning === "passed") return this.w("status.passed");
    if (this.cur && this.cur.actor === e.seat) return this.w("status.acting", { step: { id: `norenberc.step.${this.cur.step}`, args: {} } });
    return "";
  }

  /** @param {any} e */
  planWords(e) {
    if (this.view.over || e.moon) return "";
    if (e.plan && e.plan.length) return this.w("plan_own", { guilds: e.plan.map((/** @type {number} */ g) => this.guildMsg(g)) });
    if (e.cards) return this.w("cards", { count: e.cards });
    return "";
  }
}

/** The legal moves by the piece they belong to (hires, purchases: at the guild called).
 * @param {Move[]} legal */
function sortMoves(legal) {
  /** @type {{plan: Record<number, Move>, mayor: Record<number, Move>, hire: Record<number, Move[]>,
   *   buy: Record<number, Move>, pay: Move[], front: Record<number, Move>, rob: Record<number, Move>,
   *   steal: Record<number, Move>, guard: Record<number, Move>, swap: Record<number, Move>, peddler: Record<number, Move>}} */
  const by = { plan: {}, mayor: {}, hire: {}, buy: {}, pay: [], front: {}, rob: {}, steal: {}, guard: {}, swap: {}, peddler: {} };
  for (const mv of legal) {
    const a = mv.action || {};
    switch (a.type) {
      case "plan": by.plan[a.guild] = mv; break;
      case "mayor": by.mayor[a.guild] = mv; break;
      case "hire": (by.hire[a.room] ||= []).push(mv); break;
      case "buy": by.buy[a.good] = mv; break;
      case "pay": by.pay.push(mv); break;
      case "front": by.front[a.move ? 1 : 0] = mv; break;
      case "rob": by.rob[a.victim] = mv; break;
      case "steal": by.steal[a.good] = mv; break;
      case "guard": by.guard[a.tile] = mv; break;
      case "swap": by.swap[a.tile] = mv; break;
      case "peddler": by.peddler[a.good] = mv; break;
      default: break;
    }
  }
  return by;
}
