// @ts-check
/** A seat's clock: the time left for its decision and for the game, counting down on the
 * page between messages. */
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** Seconds as m:ss (h:mm:ss past an hour). @param {number} seconds */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** The clock of seat `s` (null when the table sets none); its timer goes into `timers`.
 * @param {any} s @param {number[]} timers */
export function clockOf(s, timers) {
  const c = s.clock;
  if (!c || (c.move_left === null && c.game_left === null)) return null;
  const at = performance.now();
  const el = h("small", { class: `clock${c.running ? " running" : ""}`, "data-seat": s.seat });
  const tick = () => {
    const gone = c.running ? (performance.now() - at) / 1000 : 0;
    const parts = [];
    if (c.move_left !== null) parts.push(t("web.table.clock.move", { time: clockText(c.move_left - gone) }));
    if (c.game_left !== null) parts.push(t("web.table.clock.game", { time: clockText(c.game_left - gone) }));
    el.textContent = ` · ${parts.join(" · ")}`;
  };
  tick();
  if (c.running) timers.push(window.setInterval(tick, 1000));
  return el;
}
