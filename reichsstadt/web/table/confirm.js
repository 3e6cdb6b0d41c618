// @ts-check
/** A move that cannot be undone is confirmed first, in a dialog (Escape or "No" keeps it). */
import { h } from "../dom.js";
import { sentence, t } from "../i18n.js";

/** @param {string} move @param {string} why @returns {Promise<boolean>} */
export function confirmMove(move, why) {
  return new Promise((resolve) => {
    const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "confirm", "aria-labelledby": "confirm-move" },
      h("p", { id: "confirm-move" }, h("strong", null, sentence(move))), h("p", null, sentence(why)),
      h("form", { method: "dialog" },
        h("button", { value: "no" }, t("web.confirm.no")), " ",
        h("button", { value: "yes", class: "primary", autofocus: true }, t("web.confirm.yes")))));
    dialog.addEventListener("close", () => { resolve(dialog.returnValue === "yes"); dialog.remove(); });
    document.body.append(dialog);
    dialog.showModal();
  });
}
