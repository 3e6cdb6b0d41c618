// @ts-check
/** The replay viewer: step through a finished game as a spectator or as any seat, with
 * the board, the log up to that move, and the way to the game's review. */
import { api, ApiError } from "./api.js";
import { h, fill } from "./dom.js";
import { language, t } from "./i18n.js";
import { icon } from "./icons.js";
import { seatNames } from "./names.js";
import { closingLine } from "./table/end.js";
import { moveNumbers, logLine } from "./table/log.js";

/** @param {HTMLElement} app @param {string} tableId @returns {Promise<() => void>} */
export async function showReplay(app, tableId) {
  const info = await api(`/api/tables/${tableId}`);
  const { games } = await api("/api/games");
  const game = games.find((/** @type {any} */ g) => g.id === info.game);
  const renderer = game && game.board ? await import(game.board) : null;  // the board module the game brings
  // the component data (a map) and the game's drawing data (Game.board) the renderer draws
  // from: public, static, fetched once
  const { data, board: drawing } = renderer && game.options.some((/** @type {any} */ o) => o.kind === "data")
    ? await api(`/api/tables/${tableId}/data`) : { data: null, board: null };
  const names = seatNames(info.seats);
  // a link may ask for a move and a seat (the review's "see it in the replay")
  const asked = new URLSearchParams(location.search);
  const wanted = Number(asked.get("move"));
  let move = asked.has("move") && Number.isInteger(wanted) ? Math.max(0, Math.min(info.moves, wanted)) : info.moves;
  const askedSeat = Number(asked.get("seat"));
  /** @type {number | null} */
  let seat = asked.has("seat") && Number.isInteger(askedSeat) && askedSeat >= 0 && askedSeat < info.players ? askedSeat : null;

  const board = h("div", { class: "board", "aria-label": t("web.table.board") });
  const log = h("ol", { class: "log", tabindex: 0, "aria-label": t("web.table.log") });
  const slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", min: 0, max: info.moves, value: move,
    "aria-label": t("web.replay.move") }));
  const where = h("span", { class: "where", role: "status" });
  const seatSel = /** @type {HTMLSelectElement} */ (h("select", { "aria-label": t("web.replay.as") },
    h("option", { value: "" }, t("web.replay.spectator")),
    ...names.map((n, i) => h("option", { value: i, selected: i === seat }, n))));

  /** @param {any} step the server's position */
  function draw(step) {
    const ctx = { names, you: seat };
    where.textContent = t("web.replay.at", { move: step.move, moves: info.moves });
    if (renderer) renderer.draw(board, step.view, { ...ctx, tableId, data, board: drawing, legal: [], pick: null, act: () => {},
      sendPick: () => {}, togglePart: () => {}, chosen: new Map() });
    else if (step.board_html) board.innerHTML = step.board_html;  // the game's board, drawn by the server
    else fill(board, h("p", null, t("web.replay.no_board")));
    fill(log, ...step.log.map((/** @type {any} */ e, /** @type {number} */ i, /** @type {any[]} */ all) =>
      logLine(e, ctx, moveNumbers(all, i))));
    if (step.move === info.moves && info.result) log.append(closingLine(info.result, ctx));
    log.scrollTop = log.scrollHeight;
  }
  // one request at a time: a slider dragged or an arrow key held asks for many steps, and
  // the last one asked is the one to end on (answers racing each other could end on an
  // older one); a server that says "too many at once" (429) is asked again a moment later
  let asking = false;
  async function show() {
    slider.value = String(move);
    if (asking) return;  // the answer under way is followed by a request for the latest step
    asking = true;
    try {
      for (;;) {
        const want = { move, seat };
        let step;
        try {
          step = await api(`/api/tables/${tableId}/replay?move=${want.move}&seat=${want.seat ?? ""}&lang=${language()}`);
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 429) throw err;
          await new Promise((done) => setTimeout(done, 1000));
          continue;
        }
        draw(step);  // answers come in the order asked: a drag shows its way, then its end
        if (want.move === move && want.seat === seat) break;
      }
    } finally { asking = false; }
  }
  // the place reached is kept in the address: a change of language (which draws the page
  // anew from it) or a reload comes back to it instead of to the game's end
  const remember = () => history.replaceState(null, "",
    `${location.pathname}?move=${move}${seat === null ? "" : `&seat=${seat}`}`);
  const stepTo = (/** @type {number} */ n) => { move = Math.max(0, Math.min(info.moves, n)); remember(); show(); };
  slider.addEventListener("input", () => stepTo(Number(slider.value)));
  seatSel.addEventListener("change", () => { seat = seatSel.value === "" ? null : Number(seatSel.value); remember(); show(); });
  const keydown = (/** @type {KeyboardEvent} */ e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowLeft") stepTo(move - 1);
    if (e.key === "ArrowRight") stepTo(move + 1);
  };
  document.addEventListener("keydown", keydown);
  const control = (/** @type {string} */ name, /** @type {string} */ label, /** @type {() => void} */ run) =>
    h("button", { type: "button", class: "icon-button", onclick: run, "aria-label": t(label), title: t(label) }, icon(name));
  fill(app, h("div", { class: "replay" }, h("h1", null, t("web.replay.heading", { game: info.title })),
    h("p", { class: "controls" },
      control("first", "web.replay.first", () => stepTo(0)),
      control("back", "web.replay.back", () => stepTo(move - 1)),
      slider,
      control("forward", "web.replay.forward", () => stepTo(move + 1)),
      control("last", "web.replay.last", () => stepTo(info.moves)),
      " ", where, " ", seatSel, " ",
      h("a", { class: "button", href: `/t/${tableId}`, "data-go": true }, t("web.review.back")), " ",  // the table (its end) as the review has it
      h("a", { class: "button", href: `/t/${tableId}/review`, "data-go": true }, icon("chart"), " ", t("web.review.open")), " ",
      h("a", { href: `/api/tables/${tableId}/record`, download: "" }, t("web.table.download"))),
    h("div", { class: "play" }, board, h("aside", null, log))));
  await show();
  return () => document.removeEventListener("keydown", keydown);
}
