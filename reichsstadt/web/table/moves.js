// @ts-check
/** The moves panel beside the board: the legal moves the board does not offer itself, as
 * buttons; a multi-part choice as parts that keep their places, a count and a send button
 * (the board toggles the same parts: both read one `chosen`). On a phone it is a sheet at
 * the bottom of the screen that folds down to its title. */
import { h, fill } from "../dom.js";
import { render, t } from "../i18n.js";
import { icon } from "../icons.js";
import { fits } from "../board/picks.js";

/** @typedef {import("../board/types.js").Move} Move */
/** @typedef {import("../board/types.js").Pick} Pick */
/** @typedef {import("../i18n.js").Context} Words */

/** The heading of a multi-part choice: one, up to, exactly, between. @param {Pick} pick */
export function pickTitle(pick) {
  if (pick.most === 1) return t(pick.least === 0 ? "web.pick.one_or_none" : "web.pick.one");
  if (pick.least === pick.most) return t("web.pick.exactly", { count: pick.most });
  if (pick.least === 0) return t("web.pick.up_to", { count: pick.most });
  return t("web.pick.between", { least: pick.least, count: pick.most });
}

export class MovesPanel {
  /** @param {HTMLElement} el
   * @param {{act: (m: Move) => void, sendPick: (parts: number[]) => void, togglePart: (index: number) => void,
   *   clear: () => void}} on */
  constructor(el, on) {
    this.el = el;
    this.on = on;
    this.folded = false;
    /** @type {(() => void) | null} */
    this.update = null;
  }

  /** @param {{legal: Move[], pick: Pick | null}} m @param {{placed?: Set<number>, pick?: boolean}} handled
   * @param {Map<number, number>} chosen @param {Words} ctx @param {number | null} suggested */
  draw(m, handled, chosen, ctx, suggested) {
    this.update = null;
    const placed = handled.placed || new Set();
    const rest = m.legal.filter((mv) => !placed.has(mv.index));
    if (!rest.length) { fill(this.el); this.el.removeAttribute("data-folded"); return; }
    const body = m.pick && !handled.pick ? this.pickForm(m.pick, m.legal, chosen, ctx, suggested)
      : h("ul", { class: "move-list" }, ...rest.map((mv) => h("li", null, this.button(mv, ctx, suggested))));
    const heading = m.pick && !handled.pick ? pickTitle(m.pick) : t("web.table.your_move");
    const toggle = h("button", { type: "button", class: "fold", "aria-expanded": String(!this.folded),
      "aria-controls": "moves-body", onclick: () => { this.folded = !this.folded; this.fold(toggle); } },
    h("span", { class: "fold-title" }, heading), icon(this.folded ? "up" : "down"));
    fill(this.el, h("h2", null, toggle), h("div", { id: "moves-body", class: "moves-body" }, body));
    this.fold(toggle);
  }

  /** @param {HTMLElement} toggle */
  fold(toggle) {
    this.el.toggleAttribute("data-folded", this.folded);
    toggle.setAttribute("aria-expanded", String(!this.folded));
    const svg = toggle.querySelector("svg");
    if (svg) svg.replaceWith(icon(this.folded ? "up" : "down"));
  }

  /** @param {Move} mv @param {Words} ctx @param {number | null} suggested */
  button(mv, ctx, suggested) {
    const cls = `move${mv.confirm ? " irreversible" : ""}${mv.index === suggested ? " suggested" : ""}`;
    return h("button", { class: cls, "data-index": mv.index, onclick: () => this.on.act(mv) }, render(mv.words, ctx));
  }

  /** The parts keep their places; pick any set, then send it; every other move (the finish
   * too: choosing no part is the finish alone) stays a button.
   * @param {Pick} pick @param {Move[]} legal @param {Map<number, number>} chosen @param {Words} ctx
   * @param {number | null} suggested */
  pickForm(pick, legal, chosen, ctx, suggested) {
    const byIndex = new Map([...pick.moves, ...legal].map((mv) => [mv.index, mv]));
    const summary = h("p", { class: "pick-summary", role: "status" });
    const parts = pick.parts.map((index) => {
      const mv = byIndex.get(index);
      const count = h("span", { class: "count" });
      const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: `part${index === suggested ? " suggested" : ""}`, "data-index": index,
        disabled: !mv, "aria-pressed": "false", onclick: () => this.on.togglePart(index) },
      mv ? render(mv.words, ctx) : String(index), count));
      return { index, button, count, offered: Boolean(mv) };
    });
    const send = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "primary", onclick: () => {
      const seq = [];
      for (const idx of pick.parts) for (let i = 0; i < (chosen.get(idx) || 0); i++) seq.push(idx);
      this.on.sendPick(seq);  // the server turns the set into the engine's chain (finish included)
    } }, t("web.pick.send")));
    const update = () => {
      const total = [...chosen.values()].reduce((a, b) => a + b, 0);
      for (const p of parts) {
        const c = chosen.get(p.index) || 0;
        p.count.textContent = c ? (pick.repeat ? ` ×${c}` : "") : "";
        p.button.classList.toggle("on", c > 0);
        p.button.setAttribute("aria-pressed", String(c > 0));
        if (p.offered) p.button.disabled = !c && !fits(pick, chosen, p.index);  // cannot go with those chosen
      }
      summary.textContent = t("web.pick.chosen", { count: total, most: pick.most });
      send.disabled = total < pick.least || total === 0;
    };
    this.update = update;
    update();
    const others = legal.filter((mv) => !pick.parts.includes(mv.index));
    return h("div", { class: "pick", "data-most": pick.most, "data-least": pick.least },
      h("div", { class: "parts", role: "group", "aria-label": pickTitle(pick) }, ...parts.map((p) => p.button)), summary,
      h("p", null, send, " ", h("button", { type: "button", onclick: () => this.on.clear() }, t("web.pick.clear"))),
      others.length ? h("ul", { class: "move-list" }, ...others.map((mv) => h("li", null, this.button(mv, ctx, suggested)))) : null);
  }
}
