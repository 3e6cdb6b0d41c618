// @ts-check
/** The arrow keys on a board: from the piece in focus to the next (→ ↓) or the previous
 * (← ↑) thing that makes a move, Home and End to the first and last; Tab still walks every
 * control. Inside a form field the arrows keep their own meaning. */

const MOVES = "[data-legal][tabindex='0'], button[data-legal]:not(:disabled), button[data-offers]:not(:disabled)";

/** @param {HTMLElement} el */
export function arrowKeys(el) {
  el.addEventListener("keydown", (e) => {
    const target = e.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity }[e.key];
    if (step === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = /** @type {(HTMLElement | SVGElement)[]} */ ([...el.querySelectorAll(MOVES)]);
    if (!all.length) return;
    const here = all.findIndex((n) => n === target || (target instanceof Node && n.contains(target)));
    let next;
    if (step === -Infinity) next = 0;
    else if (step === Infinity) next = all.length - 1;
    else if (here < 0) next = step > 0 ? 0 : all.length - 1;
    else next = (here + step + all.length) % all.length;
    e.preventDefault();
    all[next].focus();
  });
}
