// @ts-check
/** A table's thinking time in the lobby's form: seconds per move, minutes per game and
 * per absence. */
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The form's clock fields. */
export function clockFields() {
  const field = (/** @type {string} */ id, /** @type {string} */ key, /** @type {number} */ min, /** @type {number} */ step) =>
    h("label", { class: "option", for: id }, h("span", null, t(`web.lobby.clock.${key}`)),
      h("input", { type: "number", id, min, step, placeholder: "—" }), h("small", null, t(`web.lobby.clock.${key}_help`)));
  return h("fieldset", { class: "clock" }, h("legend", null, t("web.lobby.clock")),
    field("clock-move", "move", 5, 5), field("clock-game", "game", 1, 1), field("clock-absent", "absent", 1, 1));
}

/** The clock the form sets: null when none is set. @param {Element} form */
export function clockOf(form) {
  const read = (/** @type {string} */ id) => {
    const v = /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`)).value;
    return v === "" ? null : Number(v);
  };
  const move = read("clock-move"), game = read("clock-game"), absent = read("clock-absent");
  if (move === null && game === null && absent === null) return null;
  return { move, game: game === null ? null : game * 60, absent: absent === null ? null : absent * 60 };
}
