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

export class Suggest {
  /** @param {(msg: Record<string, any>) => void} send @param {() => void} changed the page draws again */
  constructor(send, changed) {
    this.send = send;
    this.changed = changed;
    this.on = localStorage.getItem(KEY) === "1";
    /** the decision (move number) a hint was asked for, and the answer @type {number} */
    this.asked = -1;
    /** @type {{move: number, index: number, words: any, chance: number | null} | null} */
    this.answer = null;
    /** @type {any} */
    this.failed = null;
    this.box = h("div", { class: "suggest-box", role: "status", "aria-live": "polite" });
    this.button = h("button", { type: "button", class: "suggest-switch", "aria-pressed": String(this.on),
      onclick: () => this.toggle() }, icon("bulb"), " ", t("web.suggest.switch"));
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? "1" : "0");
    this.button.setAttribute("aria-pressed", String(this.on));
    this.asked = -1;
    this.changed();
  }

  /** The page shows decision `move` (`mine`: the reader's to make): ask for its hint once.
   * @param {number} move @param {boolean} mine */
  decision(move, mine) {
    if (!this.on || !mine || this.asked === move) return;
    this.asked = move;
    this.failed = null;
    this.send({ type: "hint" });
  }

  /** A hint answer from the server. @param {any} msg */
  hint(msg) {
    const chance = typeof msg.chance === "number" ? msg.chance : msg.estimate && typeof msg.estimate.win === "number" ? msg.estimate.win : null;
    this.answer = { move: msg.move, index: msg.action, words: msg.words, chance };
    this.changed();
  }

  /** The server could not give one (busy, too many asked): its words. @param {any} message */
  refused(message) {
    this.failed = message;
    this.changed();
  }

  /** The hint for the decision shown, if it came. @param {number} move @returns {Hint | null} */
  current(move) {
    if (!this.on || !this.answer || this.answer.move !== move) return null;
    return { index: this.answer.index, chance: this.answer.chance };
  }

  /** @param {number} move @param {boolean} mine @param {Words} ctx */
  draw(move, mine, ctx) {
    if (!this.on || !mine) { fill(this.box); return; }
    const got = this.answer && this.answer.move === move ? this.answer : null;
    if (got) {
      fill(this.box, icon("bulb"), " ", h("span", null, t("web.suggest.move", { move: render(got.words, ctx) })),
        got.chance !== null ? h("b", { class: "chance" }, " ", t("web.suggest.chance", { percent: Math.round(got.chance * 100) })) : null);
    } else if (this.failed) fill(this.box, render(this.failed, ctx));
    else fill(this.box, h("span", { class: "thinking" }, t("web.suggest.thinking")));
  }
}
