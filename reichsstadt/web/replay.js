// @ts-check
/** The replay viewer: step through a finished game as a spectator or as any seat. */
import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { language, playerName, render, sentence, t } from "./i18n.js";

/** @param {HTMLElement} app @param {string} tableId @returns {Promise<() => void>} */
export async function showReplay(app, tableId) {
  const info = await api(`/api/tables/${tableId}`);
  const { games } = await api("/api/games");
  const game = games.find((/** @type {any} */ g) => g.id === info.game);
  const renderer = game && game.board ? await import(game.board) : null;  // the board module the game brings
  const data = renderer && game.options.some((/** @type {any} */ o) => o.kind === "data")
    ? (await api(`/api/tables/${tableId}/data`)).data : null;
  const names = info.seats.map((/** @type {any} */ s) => s.name || t("web.seat.bot", { bot: s.kind }));
  let move = info.moves;
  /** @type {number | null} */
  let seat = null;

  const board = h("div", { class: "board" });
  const log = h("ol", { class: "log" });
  const slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", min: 0, max: info.moves, value: move,
    "aria-label": t("web.replay.move") }));
  const where = h("span", { class: "where" });
  const seatSel = /** @type {HTMLSelectElement} */ (h("select", { "aria-label": t("web.replay.as") },
    h("option", { value: "" }, t("web.replay.spectator")),
    ...names.map((/** @type {string} */ n, /** @type {number} */ i) => h("option", { value: i }, n))));

  async function show() {
    const step = await api(`/api/tables/${tableId}/replay?move=${move}&seat=${seat ?? ""}&lang=${language()}`);
    const ctx = { names, you: seat };
    slider.value = String(move);
    where.textContent = t("web.replay.at", { move, moves: info.moves });
    if (renderer) renderer.draw(board, step.view, { ...ctx, tableId, data, legal: [], pick: null, act: () => {},
      sendPick: () => {} });
    else if (step.board_html) board.innerHTML = step.board_html;  // the game's board, drawn by the server
    else fill(board, h("p", null, t("web.replay.no_board")));
    fill(log, ...step.log.map((/** @type {any} */ e) => h("li", null, h("span", { class: "n" }, `${e.n + 1}.`), " ",
      h("strong", null, sentence(e.seat < 0 ? t("web.table.chance") : playerName(e.seat, ctx))), ": ",
      render(e.words, ctx), ...e.news.map((/** @type {any} */ n) => h("div", { class: "news" }, "⤷ ", sentence(render(n, ctx)))))));
    log.scrollTop = log.scrollHeight;
  }
  const stepBy = (/** @type {number} */ d) => { move = Math.max(0, Math.min(info.moves, move + d)); show(); };
  slider.addEventListener("input", () => { move = Number(slider.value); show(); });
  seatSel.addEventListener("change", () => { seat = seatSel.value === "" ? null : Number(seatSel.value); show(); });
  const keydown = (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "ArrowLeft") stepBy(-1);
    if (e.key === "ArrowRight") stepBy(1);
  };
  document.addEventListener("keydown", keydown);
  fill(app, h("div", { class: "replay" }, h("h1", null, t("web.replay.heading", { game: info.title })),
    h("p", { class: "controls" },
      h("button", { onclick: () => { move = 0; show(); }, "aria-label": t("web.replay.first") }, "⏮"),
      h("button", { onclick: () => stepBy(-1), "aria-label": t("web.replay.back") }, "◀"),
      slider,
      h("button", { onclick: () => stepBy(1), "aria-label": t("web.replay.forward") }, "▶"),
      h("button", { onclick: () => { move = info.moves; show(); }, "aria-label": t("web.replay.last") }, "⏭"),
      " ", where, " ", seatSel, " ",
      h("a", { href: `/api/tables/${tableId}/record`, download: "" }, t("web.table.download"))),
    h("div", { class: "play" }, board, h("aside", null, log))));
  await show();
  return () => document.removeEventListener("keydown", keydown);
}
