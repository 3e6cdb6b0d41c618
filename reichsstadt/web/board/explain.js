// @ts-check
/** A long press on a touch screen says what a piece is (its title, the words a mouse shows
 * on hover) in a bubble beside the finger; the press then makes no move. */

const PRESS_MS = 450;
const SLOP_PX = 10;

/** @type {HTMLElement | null} */
let bubble = null;

/** The words of the thing under `node`: an SVG piece's <title>, an element's title.
 * @param {Element} node */
export function explanation(node) {
  for (let el = /** @type {Element | null} */ (node); el; el = el.parentElement) {
    const own = el instanceof SVGElement ? [...el.children].find((c) => c.tagName === "title") : null;
    if (own && own.textContent) return own.textContent;
    const title = el.getAttribute("title");
    if (title) return title;
    if (el.classList.contains("board")) break;
  }
  return "";
}

/** @param {HTMLElement} el */
export function explainOnLongPress(el) {
  /** @type {number} */
  let timer = 0;
  let startX = 0, startY = 0;
  let shown = false;
  const cancel = () => { clearTimeout(timer); timer = 0; };
  el.addEventListener("pointerdown", (e) => {
    hide();
    if (e.pointerType !== "touch" || !(e.target instanceof Element)) return;
    const target = e.target;
    startX = e.clientX; startY = e.clientY; shown = false;
    timer = window.setTimeout(() => {
      const words = explanation(target);
      if (words) { show(words, startX, startY); shown = true; }
    }, PRESS_MS);
  });
  el.addEventListener("pointermove", (e) => {
    if (timer && Math.hypot(e.clientX - startX, e.clientY - startY) > SLOP_PX) cancel();
  });
  el.addEventListener("pointerup", cancel);
  el.addEventListener("pointercancel", cancel);
  el.addEventListener("contextmenu", (e) => { if (shown || timer) e.preventDefault(); });
  // the press that explained makes no move
  el.addEventListener("click", (e) => { if (shown) { e.stopPropagation(); e.preventDefault(); shown = false; } }, true);
}

/** @param {string} words @param {number} x @param {number} y */
function show(words, x, y) {
  hide();
  bubble = document.createElement("div");
  bubble.className = "explain";
  bubble.setAttribute("role", "tooltip");
  bubble.textContent = words;
  document.body.append(bubble);
  const w = bubble.offsetWidth, h = bubble.offsetHeight;
  bubble.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, x - w / 2))}px`;
  bubble.style.top = `${Math.max(4, y - h - 24)}px`;
}

function hide() {
  if (bubble) { bubble.remove(); bubble = null; }
}
