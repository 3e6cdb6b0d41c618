// @ts-check
/** A live table: the board, the moves this seat may make, who is deciding, the log, and at
 * the end the scores first. Talks to the server over a websocket (table/socket.js) and
 * picks up where it left off after a reload or a dropped connection.
 *
 * The page distinguishes the state it last received from the state it shows: messages
 * (bots answer in bursts) are drawn together a moment later, and everything a person does
 * — a move, a part of a choice, the move number a click is sent with — refers to the
 * state shown, the one they saw. The board and the moves panel are drawn from one state
 * in one go, so they never disagree. */
import { api, keys, rememberTable } from "./api.js";
import { h, fill } from "./dom.js";
import { language, render, sentence, t } from "./i18n.js";
import { icon } from "./icons.js";
import { openGuide } from "./guide.js";
import { dropPick, fits, keepPick, keptPick } from "./board/picks.js";
import { botName, seatNames } from "./names.js";
import { clockOf } from "./table/clock.js";
import { confirmMove } from "./table/confirm.js";
import { closingLine, endBanner } from "./table/end.js";
import { moveNumbers, logLine, sinceLine } from "./table/log.js";
import { drawManage } from "./table/manage.js";
import { MovesPanel } from "./table/moves.js";
import { connect } from "./table/socket.js";
import { Suggest } from "./table/suggest.js";
import { zoomBar } from "./table/zoom.js";

/** @typedef {import("./board/types.js").Move} Move */
/** @typedef {import("./board/types.js").Ctx} Ctx */
/** @typedef {import("./board/types.js").Drawn} Drawn */

/** Each table's choice in the making: the offer it was made for and the parts chosen.
 * Outside the page, because switching the language draws the page anew; and in the tab's
 * sessionStorage (board/picks.js), because a reload starts the page anew.
 * @type {Map<string, import("./board/picks.js").Picking>} */
const picks = new Map();

/** @param {string} tableId */
function pickingAt(tableId) {
  let found = picks.get(tableId);
  if (!found) { found = keptPick(tableId); picks.set(tableId, found); }
  return found;
}

/**
 * @param {HTMLElement} app @param {string} tableId @param {boolean} watch
 * @returns {Promise<() => void>} what to do when leaving the page
 */
export async function showTable(app, tableId, watch) {
  const mine = watch ? {} : keys(tableId);
  const info = await api(`/api/tables/${tableId}`);
  const { games } = await api("/api/games");
  const game = games.find((/** @type {any} */ g) => g.id === info.game);
  /** @type {any} */
  const renderer = game && game.board ? await import(game.board) : null;  // the board module the game brings
  // the component data (a map) and the game's drawing data (Game.board) the renderer draws
  // from: public, static, fetched once
  const { data, board } = renderer && game.options.some((/** @type {any} */ o) => o.kind === "data")
    ? await api(`/api/tables/${tableId}/data`) : { data: null, board: null };
  if (!watch && (mine.token || mine.creator)) rememberTable(tableId, { game: info.game, title: info.title });

  const el = {
    title: h("h1", null, info.title),
    status: h("p", { class: "status", role: "status" }),
    tools: h("div", { class: "tools" }),
    seats: h("ol", { class: "seats-bar", "aria-label": t("web.table.players") }),
    since: h("div", { class: "since-box" }),
    end: h("div", { class: "end-box" }),
    board: h("div", { class: "board", "aria-label": t("web.table.board") }),
    moves: h("section", { class: "moves", "aria-label": t("web.table.moves") }),
    log: h("ol", { class: "log", tabindex: 0, "aria-label": t("web.table.log") }),
    manage: h("section", { class: "manage" }),
    error: h("p", { class: "error", role: "alert" }),
    links: h("p", { class: "links" }),
    // a copy for the eyes only: .error (role alert) already says it to a screen reader
    toast: h("p", { class: "toast", "aria-hidden": "true", hidden: true }),
  };
  const page = h("div", { class: "table-page", "data-game": info.game });
  const socket = connect(tableId, () => ({ token: mine.token || null, board: !renderer, lang: language() }), handle,
    () => { el.status.textContent = t("web.table.reconnecting"); suggest.lost(); sentAt = -1; });
  const suggest = new Suggest((msg) => socket.send(msg), () => drawAll());
  fill(el.tools,
    h("button", { type: "button", class: "guide-open", onclick: () => openGuide(info.game, info.title) }, icon("help"), " ",
      t("web.guide.open")),
    watch || !mine.token ? null : suggest.button);
  const play = h("div", { class: "play" }, h("div", { class: "board-box" }, zoomBar(el.board, info.game, Boolean(renderer && renderer.PHONE_GLANCE)), el.board), h("aside", null, suggest.box, el.moves, el.error,
    h("details", { class: "log-box", open: true }, h("summary", null, t("web.table.log")), el.log)));
  fill(app, fill(page,
    h("div", { class: "head" }, el.title, el.status, el.tools, el.seats),
    el.end, el.since,
    play, el.manage, el.links, el.toast));

  /** @type {any} the last state message received */
  let received = null;
  /** @type {any} the state message the page shows */
  let shown = null;
  /** @type {import("./table/log.js").Entry[]} */
  const logEntries = [];
  let logShown = 0;       // log entries on the page (new ones are appended)
  let seenEntries = 0;    // log entries when the page was last drawn (what came since is "fresh")
  /** @type {number[]} */
  const clockTimers = [];
  let drawSoon = 0;
  /** The move of the state shown that a move was sent from: a second click on that state
   * (a double click, clicks faster than the table answers) is not sent, where it used to
   * be refused with "the table has moved on … look again". Free again once another state
   * is shown, a refusal comes or the connection is lost. */
  let sentAt = -1;
  /** The status of the state last drawn ("" before the first). */
  let drawnStatus = "";
  /** The parts of a multi-part choice chosen so far (index -> times), shared by the moves
   * panel's form and the board; kept while the same choice is on offer (others' moves
   * redraw the page, a language switch draws it anew, a reload starts it anew), cleared
   * when it changes. */
  const picking = pickingAt(tableId);
  const chosen = picking.chosen;
  const moves = new MovesPanel(el.moves, { act, sendPick, togglePart, clear: () => { chosen.clear(); keepPick(tableId, picking); drawPlay(false); } });

  const names = () => (shown ? seatNames(shown.seats) : seatNames(info.seats));
  /** @returns {import("./i18n.js").Context} */
  const words = () => ({ names: names(), you: shown ? shown.you : null });

  /** @param {any} msg */
  function handle(msg) {
    if (msg.type === "hint") { suggest.hint(msg); return; }
    if (msg.type === "why") { say(sentence(render(msg.message, words()))); return; }  // a click on a piece it cannot use
    if (msg.type === "error") {
      sentAt = -1;
      const id = msg.message && msg.message.id || "";
      if (id.startsWith("server.refuse.hint") || id === "server.refuse.no_hint") suggest.refused(msg.message);
      else say(sentence(render(msg.message, words())));
      return;
    }
    if (msg.type !== "state") return;
    // a refusal comes with the state it refers to: keep its words until the table moves
    if (!received || msg.move !== received.move) { el.error.textContent = ""; unsay(); }
    // the log mends from any delta: entries from log_from on are replaced
    if (msg.log_from < logEntries.length) {
      logEntries.length = msg.log_from;
      if (logShown > msg.log_from) logShown = 0;  // redrawn whole below
      seenEntries = Math.min(seenEntries, msg.log_from);
    }
    logEntries.push(...msg.log);
    received = msg;
    // bots answer in bursts: the page is drawn once for the last message of a burst
    if (!drawSoon) drawSoon = window.setTimeout(() => { drawSoon = 0; drawAll(); }, 15);
  }

  let toastTimer = 0;
  /** Words for the error line; when that line is off the screen (on a phone it is far
   * below the board, and a tap on the board seemed to do nothing) also in a small message
   * at the foot of the screen, above the moves sheet, until the next tap, the table moves
   * on or 6 s pass. The page is not scrolled: the player stays at the board.
   * @param {string} text */
  function say(text) {
    el.error.textContent = text;
    unsay();
    const sheet = el.moves.getBoundingClientRect();
    const fixed = getComputedStyle(el.moves).position === "fixed" && sheet.height > 0;
    const seen = el.error.getBoundingClientRect();
    const bottom = fixed ? sheet.top : innerHeight;  // what the sheet covers is not seen either
    if (!text || (seen.top >= 0 && seen.bottom <= bottom)) return;
    el.toast.textContent = text;
    el.toast.style.bottom = `${Math.max(0, innerHeight - bottom) + 8}px`;
    el.toast.hidden = false;
    toastTimer = window.setTimeout(unsay, 6000);
    document.addEventListener("pointerdown", unsay, { capture: true });
  }

  /** The foot-of-the-screen message away (the error line keeps its words). */
  function unsay() {
    clearTimeout(toastTimer);
    el.toast.hidden = true;
    document.removeEventListener("pointerdown", unsay, { capture: true });
  }

  /** A move of the state shown, asking first when it cannot be undone. @param {Move} move */
  async function act(move) {
    const expect = shown.move;
    if (sentAt === expect) return;
    if (move.confirm && !(await confirmMove(render(move.words, words()), render(move.confirm, words())))) return;
    sendOnce({ type: "move", action: move.index, expect });
  }

  /** Why the reader cannot make `action` (its JSON) now: the server's answer shows in the
   * error line. @param {any} action */
  function ask(action) {
    socket.send({ type: "why", action });
  }

  /** @param {number[]} parts */
  function sendPick(parts) {
    sendOnce({ type: "pick", parts, expect: shown.move });
    if (sentAt === shown.move) dropPick(tableId);  // sent: a reload from here on shows what comes of it
  }

  /** A move of the state it was chosen in, unless one was sent from that state already.
   * @param {{type: string, expect: number} & Record<string, any>} msg */
  function sendOnce(msg) {
    if (sentAt === msg.expect) return;
    if (socket.send(msg)) sentAt = msg.expect;
  }

  /** Choose a part of the multi-part choice shown once more, or drop it: without repeats
   * a part is chosen or not; with repeats each choice adds one (up to `cap` of it and the
   * choice's most), and a part that can take no more is dropped. The form and the board
   * follow at once. @param {number} index @param {number} [cap] */
  function togglePart(index, cap = Infinity) {
    const pick = shown && shown.pick;
    if (!pick || !pick.parts.includes(index)) return;
    const have = chosen.get(index) || 0;
    const total = [...chosen.values()].reduce((a, b) => a + b, 0);
    if (!have && !fits(pick, chosen, index)) return;  // not with the parts chosen (greyed out)
    if (pick.repeat) {
      if (total < pick.most && have < cap) chosen.set(index, have + 1);
      else chosen.delete(index);
    } else if (have) chosen.delete(index);
    else if (total < pick.most) chosen.set(index, 1);
    keepPick(tableId, picking);
    drawPlay(false);
  }

  /** Is it the reader's decision in the state shown (not while a bot plays for them)? */
  const mineNow = () => shown && shown.you !== null && shown.legal.length > 0;

  /** The page for the state last received. What others did since the page was last drawn
   * is lit, whatever draws it: the burst's timer, or a hint's answer that came first (it
   * used to take the new entries as seen, unlit). */
  function drawAll() {
    if (!received) return;
    const fresh = logEntries.slice(seenEntries).some((e) => !e.note && e.seat !== received.you);
    seenEntries = logEntries.length;
    shown = received;
    const m = shown;
    // the decision a choice is made for: the seat, its own moves so far (the same choice offered
    // again later is another decision), the choice and the moves on offer beside it
    const offer = m.pick ? JSON.stringify([m.you, decisionShown().own, m.pick, m.legal.map((/** @type {Move} */ mv) => mv.index)]) : "";
    if (offer !== picking.offer) { chosen.clear(); picking.offer = offer; keepPick(tableId, picking); }
    suggest.decision(decisionShown(), mineNow());
    drawHead();
    drawPlay(fresh);
    drawLog();
    drawEnd();
    // before the start the invitations (Copy, Start now) come first, where the creator
    // looks; the board has nothing to show yet. Below the board once the game runs.
    const before = m.status === "open" ? play : el.links;
    if (el.manage.nextElementSibling !== before) page.insertBefore(el.manage, before);
    drawManage(el.manage, m, tableId, mine, fail, names()).catch(fail);
  }

  function drawHead() {
    const m = shown;
    const toAct = m.view ? m.view.to_act : [];
    let status;
    if (m.status === "open") status = { id: "web.table.waiting_seats", args: {} };
    else if (m.status === "finished") status = { id: "web.table.over", args: {} };
    else if (mineNow()) status = { id: "web.table.your_turn", args: {} };
    else status = { id: "web.table.waiting_for", args: { players: toAct.filter((/** @type {number} */ s) => s >= 0)
      .map((/** @type {number} */ s) => ({ player: s })) } };
    el.status.textContent = sentence(render(status, words()));
    el.status.className = `status${mineNow() ? " yours" : ""}`;
    suggest.button.hidden = m.status !== "running";  // nothing to suggest before the start or after the end
    page.dataset.move = String(m.move);  // where the table is (read by people's tools and tests)
    page.dataset.status = m.status;
    document.title = `${mineNow() ? "● " : ""}${info.title} · reichsstadt`;
    const favicon = /** @type {HTMLLinkElement | null} */ (document.getElementById("favicon"));
    if (favicon) favicon.href = mineNow() ? "/static/icon-turn.svg" : "/static/icon.svg";
    clockTimers.splice(0).forEach((x) => clearInterval(x));
    const all = names();
    fill(el.seats, ...m.seats.map((/** @type {any} */ s) => seatItem(s, m, all)));
    fill(el.since, m.status === "running" ? sinceLine(logEntries, m.you, words()) : null);
  }

  /** A seat in the bar: its name, the reader's "(you)", a bot playing for the person, and
   * whether they are deciding, or away: a person whose page is closed is not "thinking"
   * (the others waited for someone said to think who was gone).
   * @param {any} s @param {any} m the state shown @param {(string | null)[]} all the names */
  function seatItem(s, m, all) {
    const running = m.status === "running";
    const away = running && s.kind === "human" && s.joined && !s.connected && !s.stand_in && s.seat !== m.you;
    const note = away ? t("web.table.away") : s.deciding ? t("web.table.thinking") : "";
    return h("li", {
      class: `seat${s.deciding ? " deciding" : ""}${s.seat === m.you ? " me" : ""}${s.connected ? "" : " away"}`,
      "data-seat": s.seat, title: note },
    h("span", { class: `dot p${s.seat}` }), all[s.seat],
    s.seat === m.you ? h("small", null, ` (${t("core.you")})`) : null,
    s.stand_in && running ? h("small", null, ` (${t("web.table.stand_in", { bot: botName(s.stand_in) })})`) : null,
    note && s.seat !== m.you ? h("small", { class: away ? "absent" : "thinking" }, ` · ${note}`) : null,  // "your turn" says it for the reader
    clockOf(s, clockTimers));
  }

  /** The board and the moves panel, from the state shown, together. @param {boolean} fresh */
  function drawPlay(fresh) {
    const m = shown;
    const hint = suggest.current(decisionShown());
    el.board.dataset.move = String(m.move);  // the move the board shows (end-to-end tests wait for it)
    /** @type {Drawn} */
    let handled = {};
    if (m.view && renderer) {
      /** @type {Ctx} */
      const ctx = { names: names(), you: m.you, tableId, data, board, legal: withParts(m), pick: m.pick, act, sendPick, chosen,
        togglePart, hint, fresh, why: m.you === null || m.status !== "running" || m.seats[m.you]?.stand_in ? undefined : ask };
      handled = renderer.draw(el.board, m.view, ctx) || {};
    } else if (m.view) el.board.innerHTML = m.board_html || "";  // the game's own board, drawn by the server
    else fill(el.board, h("p", null, t("web.table.not_started")));
    moves.draw(m, handled, chosen, words(), hint ? hint.index : null);
    suggest.draw(decisionShown(), mineNow(), words());
  }

  /** The reader's decision in the state shown, as a hint is kept for it: the moves of
   * their own so far and the moves (and parts) they may make now. */
  function decisionShown() {
    const own = logEntries.filter((e) => !e.note && e.seat === shown.you).length;
    return { own, offered: new Set(withParts(shown).map((/** @type {Move} */ mv) => mv.index)) };
  }

  /** The moves a board may offer: the legal ones and every part of a multi-part choice (a
   * part need not be legal on its own now; the set is what the server checks). @param {any} m */
  function withParts(m) {
    if (!m.pick) return m.legal;
    const have = new Set(m.legal.map((/** @type {Move} */ mv) => mv.index));
    return [...m.legal, ...m.pick.moves.filter((/** @type {Move} */ mv) => !have.has(mv.index))];
  }

  function drawLog() {
    if (logShown === 0) fill(el.log);
    el.log.querySelector("li.closing")?.remove();  // drawEnd puts it back, after the last move
    el.log.append(...logEntries.slice(logShown).map((e, k) => logLine(e, words(), moveNumbers(logEntries, logShown + k))));
    logShown = logEntries.length;
    el.log.scrollTop = el.log.scrollHeight;
  }

  /** The end banner; a game that ends while the page is open brings it into view (a person
   * scrolled down to their hand or the trade panel saw nothing of the end). */
  function drawEnd() {
    const m = shown;
    const r = m.result || (m.view && m.view.result);
    const finished = m.status === "finished";
    const ended = finished && drawnStatus === "running";
    drawnStatus = m.status;
    fill(el.end, r ? endBanner(r, info.game, words(), {
      review: finished ? `/t/${tableId}/review` : null, replay: finished ? `/t/${tableId}/replay` : null,
      record: finished ? `/api/tables/${tableId}/record` : null }) : null);
    page.classList.toggle("over", Boolean(r));
    el.log.querySelector("li.closing")?.remove();
    if (r) {
      el.log.append(closingLine(r, words()));
      el.log.scrollTop = el.log.scrollHeight;
    }
    if (ended && r) {
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.end.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    }
    fill(el.links, h("a", { href: `/t/${tableId}/watch` }, t("web.table.spectator_link")));
  }

  /** @param {unknown} err */
  function fail(err) {
    el.error.textContent = String(err instanceof Error ? err.message : err);
  }

  return () => {
    clockTimers.splice(0).forEach((x) => clearInterval(x));
    clearTimeout(drawSoon);
    unsay();
    socket.close();
    document.title = "reichsstadt";
  };
}
