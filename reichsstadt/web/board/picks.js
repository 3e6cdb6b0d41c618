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
