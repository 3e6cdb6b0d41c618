// @ts-check
/** Zooming the board: on a small screen larger pieces to tap (the map pans under the
 * finger), on a desktop larger words (Siedler's recipes are small at the board's width);
 * or the whole board at a glance. The zoom is kept per game in the browser. */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";

export const ZOOMS = [1, 1.5, 2, 2.5, 3];

/** The zoom bar for `board`. @param {HTMLElement} board @param {string} game */
export function zoomBar(board, game) {
  const key = `rs.zoom.${game}`;
  let level = Math.max(0, ZOOMS.indexOf(Number(localStorage.getItem(key) || "1")));
  const set = (/** @type {number} */ i) => {
    level = Math.max(0, Math.min(ZOOMS.length - 1, i));
    localStorage.setItem(key, String(ZOOMS[level]));
    if (level === 0) { board.removeAttribute("data-zoom"); board.style.removeProperty("--zoom"); }
    else { board.setAttribute("data-zoom", String(ZOOMS[level])); board.style.setProperty("--zoom", String(ZOOMS[level])); }
    out.disabled = level === 0;
    inn.disabled = level === ZOOMS.length - 1;
  };
  const out = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "icon-button zoom-out", "aria-label": t("web.zoom.out"),
    title: t("web.zoom.out"), onclick: () => set(level - 1) }, icon("zoomout")));
  const inn = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "icon-button zoom-in", "aria-label": t("web.zoom.in"),
    title: t("web.zoom.in"), onclick: () => set(level + 1) }, icon("zoomin")));
  set(level);
  return h("div", { class: "zoom", role: "group", "aria-label": t("web.zoom.title") }, out, inn);
}
