// @ts-check
/** The "suggest" switch for learners: while it is on, each decision of the reader's asks
 * the server for a hint (the move a bot would make, thought out on the seat's own view),
 * lights that move on the board and in the moves panel, and says the bot's estimated
 * chance to win with it. The switch is remembered in the browser. */
import { h, fill } from "../dom.js";
import { render, t } from "../i18n.js";
import { icon } from "../icons.js";

/** @typedef {import("../board/types.js").Hint} Hint */
/** @typedef {import("../i18n.js").Context} Words */

const KEY = "rs.suggest";

/** The reader's decision a hint is for: how many moves of their own the log holds (it
 * changes only when they move, not when others do while they decide: a simultaneous
 * plan, a vote, an answer to an offer), and the moves they may make in it. With the
 * count of the reader's turns seen (a decision that ended unanswered, a withdrawn
 * offer, ends its hint too), it keys the hint.
 * @typedef {{own: number, offered: Set<number>}} Decision */

export class Suggest {
  /** @param {(msg: Record<string, any>) => boolean} send (whether it went out) @param {() => void} changed the page draws again */
  constructor(send, changed) {
    this.send = send;
    this.changed = changed;
    this.on = localStorage.getItem(KEY) === "1";
    /** the decision a hint was last asked for ("turn/own"; "" none) @type {string} */
    this.asked = "";
    /** the reader's turns seen so far: a new one each time a decision becomes theirs */
    this.turn = 0;
    this.mine = false;
    /** a request is out: no second one until it is answered or refused */
    this.waiting = false;
    /** @type {{key: string, index: number, words: any, chance: number | null} | null} */
    this.answer = null;
    /** @type {any} */
    this.failed = null;
    /** a retry once the server's wait between hints is over @type {number} */
    this.retry = 0;
    this.box = h("div", { class: "suggest-box", role: "status", "aria-live": "polite" });
    this.button = h("button", { type: "button", class: "suggest-switch", "aria-pressed": String(this.on),
      onclick: () => this.toggle() }, icon("bulb"), " ", t("web.suggest.switch"));
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? "1" : "0");
    this.button.setAttribute("aria-pressed", String(this.on));
    this.asked = "";
    this.changed();
  }

  /** The page shows a state (`mine`: a decision of the reader's): ask for its hint once per
   * decision, one request at a time. @param {Decision} d @param {boolean} mine */
  decision(d, mine) {
    if (mine && !this.mine) this.turn++;
    this.mine = mine;
    const key = this.key(d);
    if (!this.on || !mine || this.waiting || this.asked === key || this.current(d)) return;
    if (!this.send({ type: "hint" })) return;   // no connection: asked again once it is back
    this.asked = key;
    this.waiting = true;
    this.failed = null;
  }

  /** The connection dropped: an answer to a request out may never come, so the next draw
   * after it is back asks again. */
  lost() {
    this.waiting = false;
    this.asked = "";
  }

  /** A hint answer from the server: for the decision it was asked for, whatever the
   * others did meanwhile. @param {any} msg */
  hint(msg) {
    const chance = typeof msg.chance === "number" ? msg.chance : msg.estimate && typeof msg.estimate.win === "number" ? msg.estimate.win : null;
    this.waiting = false;
    this.answer = { key: this.asked, index: msg.action, words: msg.words, chance };
    this.changed();
  }

  /** The server could not give one: its words; where it said to wait (one hint every few
   * seconds, or one still being worked out), it is asked again when the wait is over;
   * where it could not work one out in time, the box offers to ask again.
   * @param {any} message */
  refused(message) {
    this.waiting = false;
    this.failed = message;
    const id = message && message.id;
    const args = (message && message.args) || {};
    const wait = id === "server.refuse.hint_rate" ? Number(args.count ?? 1) : id === "server.refuse.hint_busy" ? 1 : 0;
    clearTimeout(this.retry);
    if (wait > 0) this.retry = window.setTimeout(() => { this.retry = 0; this.asked = ""; this.changed(); }, wait * 1000);
    this.changed();
  }

  /** Ask once more for the decision shown (the reader's answer to a hint that failed). */
  again() {
    this.failed = null;
    this.asked = "";
    this.changed();
  }

  /** The hint for the decision shown, if it came and its move may still be made.
   * @param {Decision} d @returns {Hint | null} */
  current(d) {
    const a = this.answer;
    if (!this.on || !a || a.key !== this.key(d) || !d.offered.has(a.index)) return null;
    return { index: a.index, chance: a.chance };
  }

  /** @param {Decision} d */
  key(d) { return `${this.turn}/${d.own}`; }

  /** @param {Decision} d @param {boolean} mine @param {Words} ctx */
  draw(d, mine, ctx) {
    if (!this.on || !mine) { fill(this.box); return; }
    const got = this.current(d) && this.answer;
    if (got) {
      fill(this.box, icon("bulb"), " ", h("span", null, t("web.suggest.move", { move: render(got.words, ctx) })),
        got.chance !== null ? h("b", { class: "chance" }, " ", t("web.suggest.chance", { percent: Math.round(got.chance * 100) })) : null);
    } else if (this.failed) {
      const again = this.failed.id === "server.refuse.hint_failed"
        ? h("button", { type: "button", class: "suggest-again", onclick: () => this.again() }, t("web.suggest.again"))
        : null;
      fill(this.box, render(this.failed, ctx), again ? " " : null, again);
    } else fill(this.box, h("span", { class: "thinking" }, t("web.suggest.thinking")));
  }
}
