"""What "every word fits" means on a page, checked by the browser itself (FIT is a JS
function of a root element): a board's SVG text set in the room it was given (`data-w`)
and not squeezed past recognition, no text outside its drawing, no two texts over one
another, no HTML text box whose words overflow it, nothing wider than the screen."""

FIT = r"""(root) => {
  const bad = [];
  const say = (what, el) => bad.push(`${what}: "${(el.textContent || '').trim().slice(0, 60)}"`);
  // a text's width at its size without the squeeze (textLength) it may have been given
  const natural = (t) => {
    if (!t.hasAttribute('textLength')) return t.getComputedTextLength();
    const c = t.cloneNode(true); c.removeAttribute('textLength'); c.removeAttribute('lengthAdjust');
    t.parentNode.append(c); const w = c.getComputedTextLength(); c.remove(); return w;
  };
  for (const svg of root.querySelectorAll('svg')) {
    if (svg.closest('.icon, button, .glyph') || svg.classList.contains('icon')) continue;
    const frame = svg.getBoundingClientRect();
    if (!frame.width) continue;
    const boxes = [];
    for (const t of svg.querySelectorAll('text')) {
      if (!(t.textContent || '').trim()) continue;
      const room = t.getAttribute('data-w');
      if (room !== null) {
        const w = natural(t);
        if (w > Number(room) * 1.15 + 1) say(`squeezed to ${Math.round(Number(room) / w * 100)} %`, t);
        else if (!t.hasAttribute('textLength') && t.getComputedTextLength() > Number(room) + 1) {
          say(`wider than its room ${room}`, t);
        }
      }
      const r = t.getBoundingClientRect();
      const out = r.left < frame.left - 1 || r.right > frame.right + 1
        || r.top < frame.top - 1 || r.bottom > frame.bottom + 1;
      if (out) say('outside its drawing', t);
      if (!t.closest('[data-under]')) boxes.push([t, r]);  // a tile under another: a stack, drawn so
    }
    for (let i = 0; i < boxes.length; i++) {
      const [a, ra] = boxes[i];
      for (let j = i + 1; j < boxes.length; j++) {
        const [b, rb] = boxes[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w <= 0 || h <= 0) continue;
        const small = Math.min(ra.width * ra.height, rb.width * rb.height);
        if (small > 0 && w * h > 0.2 * small) say(`over "${(b.textContent || '').trim().slice(0, 40)}"`, a);
      }
    }
  }
  for (const el of root.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || !el.offsetParent || el.closest('svg, .sr-only')) continue;
    const cs = getComputedStyle(el);
    const clips = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) say('cut off', el);
    const wide = el.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
    // a board that pans (zoomed, or Siedler's on a phone: overflow-x auto) may be wider than the screen
    const board = el.parentElement && el.parentElement.closest('.board');   // the board itself must fit
    const pans = board && ['auto', 'scroll'].includes(getComputedStyle(board).overflowX);
    if (wide && !pans && !el.closest('.board[data-zoom], .scores-box, .guide-table')) say('wider than the screen', el);
  }
  return bad;
}"""
