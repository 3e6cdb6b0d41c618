// @ts-check
/** Zooming the board: on a small screen larger pieces to tap (the map pans under the
 * finger), on a desktop larger words (Siedler's recipes are small at the board's width);
 * or the whole board at a glance. The zoom is kept per game in the browser. */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";

export const ZOOMS = [1, 1.5, 2, 2.5, 3];

/** A level below the first, on a phone, for the boards whose first level there is already
 * larger than the screen (a board module that exports `PHONE_GLANCE = true`: Siedler starts
 * at places 24 px across, and pans): the whole board fitted to the screen's width
 * (style.css, `.board[data-glance]`). */
export const GLANCE = "glance";
/** a phone, as style.css says it */
const PHONE = "(max-width: 800px)";

/** The zoom bar for `board`.
 * @param {HTMLElement} board @param {string} game @param {boolean} [glance] the board offers a whole-board level on a phone */
export function zoomBar(board, game, glance = false) {
  const key = `rs.zoom.${game}`;
  const phone = window.matchMedia(PHONE);
  /** the levels this screen offers, as they are kept */
  const levels = () => [...(phone.matches && glance ? [GLANCE] : []), ...ZOOMS.map(String)];
  let chosen = localStorage.getItem(key) || "1";
  /** Draw the chosen level (the first zoom if this screen has no such level); its index. */
  const show = () => {
    const all = levels();
    const i = all.includes(chosen) ? all.indexOf(chosen) : all.indexOf("1");
    const zoom = all[i];
    board.toggleAttribute("data-glance", zoom === GLANCE);
    if (zoom === GLANCE || zoom === "1") { board.removeAttribute("data-zoom"); board.style.removeProperty("--zoom"); }
    else { board.setAttribute("data-zoom", zoom); board.style.setProperty("--zoom", zoom); }
    out.disabled = i === 0;
    inn.disabled = i === all.length - 1;
    return i;
  };
  const step = (/** @type {number} */ by) => {
    const all = levels();
    chosen = all[Math.max(0, Math.min(all.length - 1, show() + by))];
    localStorage.setItem(key, chosen);
    show();
  };
  const out = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "icon-button zoom-out", "aria-label": t("web.zoom.out"),
    title: t("web.zoom.out"), onclick: () => step(-1) }, icon("zoomout")));
  const inn = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "icon-button zoom-in", "aria-label": t("web.zoom.in"),
    title: t("web.zoom.in"), onclick: () => step(1) }, icon("zoomin")));
  show();
  phone.addEventListener("change", show);  // a phone turned, a window made narrower
  return h("div", { class: "zoom", role: "group", "aria-label": t("web.zoom.title") }, out, inn);
}
