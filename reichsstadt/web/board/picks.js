// @ts-check
/** Which parts of a multi-part choice may still be chosen, beside those chosen: where the
 * parts only go together within groups (the Guard's two artisans of one trade), a part
 * fits when one group holds it and every part chosen so far. The moves panel's form, the
 * boards and the page's toggle all ask here, so a set the rules refuse cannot be put
 * together (the server still judges what is sent). */

/** @typedef {import("./types.js").Pick} Pick */

/** Whether `index` may be added to the parts `chosen` (index -> times).
 * @param {Pick} pick @param {Map<number, number>} chosen @param {number} index */
export function fits(pick, chosen, index) {
  const groups = pick.groups || [];
  if (!groups.length) return true;
  const taken = [...chosen].filter(([, times]) => times > 0).map(([i]) => i);
  return groups.some((g) => g.includes(index) && taken.every((i) => g.includes(i)));
}

/** A choice in the making, kept for a reload of the table's page in this tab
 * (sessionStorage, one entry a table): the parts chosen (index -> times) and the decision
 * they were chosen for (`offer`: the seat, its own moves so far, the choice and the moves
 * on offer, as the page writes it). The page applies them to that very decision only, and
 * drops them once it changes or the choice is sent.
 * @typedef {{offer: string, chosen: Map<number, number>}} Picking */

const KEPT = "rs.pick.";

/** The choice kept for a table, or none ({offer: "", chosen: empty}).
 * @param {string} tableId @returns {Picking} */
export function keptPick(tableId) {
  try {
    const got = JSON.parse(sessionStorage.getItem(KEPT + tableId) || "null");
    if (got && typeof got.offer === "string" && Array.isArray(got.chosen)) {
      const parts = got.chosen.filter((/** @type {any} */ p) => Array.isArray(p) && p.length === 2
        && Number.isInteger(p[0]) && Number.isInteger(p[1]) && p[1] > 0);
      return { offer: got.offer, chosen: new Map(parts) };
    }
  } catch { /* no storage here, or an entry spoilt: nothing kept */ }
  return { offer: "", chosen: new Map() };
}

/** Keep a table's choice as it stands (nothing kept where nothing is chosen).
 * @param {string} tableId @param {Picking} picking */
export function keepPick(tableId, picking) {
  try {
    if (picking.offer && picking.chosen.size) {
      sessionStorage.setItem(KEPT + tableId, JSON.stringify({ offer: picking.offer, chosen: [...picking.chosen] }));
    } else sessionStorage.removeItem(KEPT + tableId);
  } catch { /* no storage here: the choice lives in the page only */ }
}

/** Forget a table's kept choice (it was sent). @param {string} tableId */
export function dropPick(tableId) {
  try { sessionStorage.removeItem(KEPT + tableId); } catch { /* no storage here */ }
}
