// @ts-check
/** A live table: the board, the moves this seat may make, who is deciding, the log, the
 * scores at the end. Talks to the server over a websocket and picks up where it left off
 * after a reload or a dropped connection. */
import { api, keys } from "./api.js";
import { h, fill } from "./dom.js";
import { language, playerName, render, sentence, t } from "./i18n.js";

/** @typedef {{index: number, action: any, words: any, confirm: any}} Move */

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
  let renderer = null;
  if (game && game.board) renderer = await import(game.board);  // the board module the game brings
  // the component data (a map) the game's renderer draws from: public, static, fetched once
  const data = renderer && game.options.some((/** @type {any} */ o) => o.kind === "data")
    ? (await api(`/api/tables/${tableId}/data`)).data : null;

  const el = {
    title: h("h1", null, info.title),
    status: h("p", { class: "status", role: "status" }),
    seats: h("ol", { class: "seats-bar" }),
    board: h("div", { class: "board" }),
    moves: h("section", { class: "moves", "aria-label": t("web.table.moves") }),
    log: h("ol", { class: "log", "aria-label": t("web.table.log") }),
    result: h("section", { class: "result" }),
    manage: h("section", { class: "manage" }),
    error: h("p", { class: "error", role: "alert" }),
    links: h("p", { class: "links" }),
  };
  const page = h("div", { class: "table-page" });
  fill(app, fill(page,
    h("div", { class: "head" }, el.title, el.status, el.seats),
    h("div", { class: "play" }, el.board, h("aside", null, el.moves, el.error,
      h("details", { class: "log-box", open: true }, h("summary", null, t("web.table.log")), el.log))),
    el.result, el.manage, el.links));

  /** @type {any} */
  let last = null;
  /** @type {any[]} */
  const logEntries = [];
  let logShown = 0;  // log entries on the page (new ones are appended)
  /** @type {number[]} */
  const clockTimers = [];  // the seats' clocks counting down
  let drawSoon = 0;
  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false;
  let retry = 500;
  /** The parts of a multi-part choice chosen so far (index -> times), shared by the moves
   * panel's form and the board; kept while the same choice is on offer (others' moves
   * redraw the page), cleared when it changes. */
  const chosen = new Map();
  let chosenFor = "";
  /** @type {(() => void) | null} */
  let updatePick = null;

  /** How each seat is called at this table: its person's name, its bot, or "open seat". */
  const names = () => (last ? last.seats.map((/** @type {any} */ s) =>
    s.name || (s.kind === "human" ? t("web.seat.open") : t("web.seat.bot", { bot: s.kind }))) : []);
  const ctx = () => ({ names: names(), you: last ? last.you : null });

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/ws/${tableId}`);
    ws.onopen = () => { retry = 500; ws?.send(JSON.stringify({ type: "hello", token: mine.token || null, board: !renderer,
      lang: language() })); };
    ws.onmessage = (e) => handle(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (closed) return;
      // refused for good (a bad hello, a token of no seat here, no such table): the
      // error message says why; trying again would be refused again
      if ([4400, 4403, 4404].includes(e.code)) return;
      el.status.textContent = t("web.table.reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  /** @param {any} msg */
  function handle(msg) {
    if (msg.type === "error") { el.error.textContent = sentence(render(msg.message, ctx())); return; }
    if (msg.type !== "state") return;
    // a refusal comes with the state it refers to: keep its words until the table moves
    if (!last || msg.move !== last.move) el.error.textContent = "";
    // the log mends from any delta: entries from log_from on are replaced
    if (msg.log_from < logEntries.length) {
      logEntries.length = msg.log_from;
      if (logShown > msg.log_from) { logShown = 0; }  // redrawn whole below
    }
    logEntries.push(...msg.log);
    last = msg;
    // bots answer in bursts: the page is drawn once for the last message of a burst
    if (!drawSoon) drawSoon = setTimeout(() => { drawSoon = 0; draw(); }, 15);
  }

  /** @param {number} index */
  function send(index) {
    if (!ws || !last) return;
    ws.send(JSON.stringify({ type: "move", action: index, expect: last.move }));
  }

  /** A move, asking first when it cannot be undone. @param {Move} move */
  async function act(move) {
    if (move.confirm && !(await confirmDialog(render(move.words, ctx()), render(move.confirm, ctx())))) return;
    send(move.index);
  }

  function draw() {
    const m = last;
    const you = m.you;
    const toAct = m.view ? m.view.to_act : [];
    const mineNow = you !== null && m.legal.length > 0;  // not while a bot plays for you
    // turn indicator in the page, the tab's title and its icon
    let status;
    if (m.status === "open") status = { id: "web.table.waiting_seats", args: {} };
    else if (m.status === "finished") status = { id: "web.table.over", args: {} };
    else if (mineNow) status = { id: "web.table.your_turn", args: {} };
    else status = { id: "web.table.waiting_for", args: { players: toAct.filter((/** @type {number} */ s) => s >= 0)
      .map((/** @type {number} */ s) => ({ player: s })) } };
    el.status.textContent = sentence(render(status, ctx()));
    el.status.className = `status${mineNow ? " yours" : ""}`;
    page.dataset.move = String(m.move);  // where the table is (read by people's tools and tests)
    page.dataset.status = m.status;
    document.title = `${mineNow ? "● " : ""}${info.title} · reichsstadt`;
    const icon = /** @type {HTMLLinkElement | null} */ (document.getElementById("favicon"));
    if (icon) icon.href = mineNow ? "/static/icon-turn.svg" : "/static/icon.svg";

    clockTimers.splice(0).forEach((x) => clearInterval(x));
    fill(el.seats, ...m.seats.map((/** @type {any} */ s) => h("li", {
      class: `seat${s.deciding ? " deciding" : ""}${s.seat === you ? " me" : ""}${s.connected ? "" : " away"}`,
      title: s.deciding ? t("web.table.thinking") : "" },
    h("span", { class: `dot p${s.seat}` }), playerName(s.seat, { names: names() }),
    s.stand_in ? h("small", null, ` (${t("web.table.stand_in", { bot: s.stand_in })})`) : null,
    s.deciding ? h("small", { class: "thinking" }, ` · ${t("web.table.thinking")}`) : null,
    clockOf(s))));

    const offer = m.pick ? JSON.stringify([m.pick, m.legal.map((/** @type {Move} */ mv) => mv.index)]) : "";
    if (offer !== chosenFor) { chosen.clear(); chosenFor = offer; }
    el.board.dataset.move = String(m.move);  // the move the board shows (end-to-end tests wait for it)
    drawMoves(m, drawBoard());
    if (logShown === 0) fill(el.log);
    el.log.append(...logEntries.slice(logShown).map((e) => logLine(e)));
    logShown = logEntries.length;
    el.log.scrollTop = el.log.scrollHeight;
    drawResult(m);
    drawManage(m);
    fill(el.links, m.status === "finished" ? [
      h("a", { href: `/api/tables/${tableId}/record`, download: "" }, t("web.table.download")), " · ",
      h("a", { href: `/t/${tableId}/replay`, "data-go": true }, t("web.replay.title"))] : [],
    " · ", h("a", { href: `/t/${tableId}/watch` }, t("web.table.spectator_link")));
  }

  /** The moves a board may offer: the legal ones and every part of a multi-part choice (a
   * part need not be legal on its own now; the set is what the server checks). @param {any} m */
  function withParts(m) {
    if (!m.pick) return m.legal;
    const have = new Set(m.legal.map((/** @type {Move} */ mv) => mv.index));
    return [...m.legal, ...m.pick.moves.filter((/** @type {Move} */ mv) => !have.has(mv.index))];
  }

  /** @returns {{placed?: Set<number>, pick?: boolean} | null} what the game's board offers itself */
  function drawBoard() {
    const m = last;
    if (m.view) {
      if (renderer) return renderer.draw(el.board, m.view, { ...ctx(), tableId, data, legal: withParts(m), pick: m.pick,
        act, sendPick, chosen, togglePart }) || null;
      el.board.innerHTML = m.board_html || "";  // the game's own board, drawn by the server
    } else fill(el.board, h("p", null, t("web.table.not_started")));
    return null;
  }

  /** Choose a part of the multi-part choice once more, or drop it: without repeats a part
   * is chosen or not; with repeats each choice adds one (up to `cap` of it and the choice's
   * most), and a part that can take no more is dropped. The form and the board follow.
   * @param {number} index @param {number} [cap] */
  function togglePart(index, cap = Infinity) {
    const pick = last && last.pick;
    if (!pick || !pick.parts.includes(index)) return;
    const have = chosen.get(index) || 0;
    const total = [...chosen.values()].reduce((a, b) => a + b, 0);
    if (pick.repeat) {
      if (total < pick.most && have < cap) chosen.set(index, have + 1);
      else chosen.delete(index);
    } else if (have) chosen.delete(index);
    else if (total < pick.most) chosen.set(index, 1);
    if (updatePick) updatePick();
    if (renderer) drawBoard();
  }

  /** A seat's clock: the time left for its decision and for the game, counting down
   * on the page between messages. @param {any} s */
  function clockOf(s) {
    const c = s.clock;
    if (!c || (c.move_left === null && c.game_left === null)) return null;
    const at = performance.now();
    const el = h("small", { class: `clock${c.running ? " running" : ""}`, "data-seat": s.seat });
    const tick = () => {
      const gone = c.running ? (performance.now() - at) / 1000 : 0;
      const parts = [];
      if (c.move_left !== null) parts.push(t("web.table.clock.move", { time: clockText(c.move_left - gone) }));
      if (c.game_left !== null) parts.push(t("web.table.clock.game", { time: clockText(c.game_left - gone) }));
      el.textContent = ` · ${parts.join(" · ")}`;
    };
    tick();
    if (c.running) clockTimers.push(setInterval(tick, 1000));
    return el;
  }

  /** @param {any} e */
  function logLine(e) {
    if (e.note) return h("li", { class: "note" }, "— ", sentence(render(e.words, ctx())));
    const who = e.seat < 0 ? t("web.table.chance") : playerName(e.seat, ctx());
    return h("li", null, h("span", { class: "n" }, `${e.n + 1}.`), " ", h("strong", null, sentence(who)), ": ",
      render(e.words, ctx()),
      ...e.news.map((/** @type {any} */ n) => h("div", { class: "news" }, "⤷ ", sentence(render(n, ctx())))));
  }

  /** @param {any} m @param {{placed?: Set<number>, pick?: boolean} | null} handled the moves the game's
   * board offers itself (listed here only if it does not) and whether it shows the multi-part choice */
  function drawMoves(m, handled) {
    updatePick = null;
    const placed = handled && handled.placed ? handled.placed : new Set();
    const rest = m.legal.filter((/** @type {Move} */ mv) => !placed.has(mv.index));
    if (!rest.length) { fill(el.moves); return; }
    if (m.pick && !(handled && handled.pick)) { fill(el.moves, pickForm(m)); return; }
    fill(el.moves, h("h2", null, t("web.table.your_move")), h("ul", { class: "move-list" },
      ...rest.map((/** @type {Move} */ mv) => h("li", null, h("button", {
        class: mv.confirm ? "move irreversible" : "move", "data-index": mv.index,
        onclick: () => act(mv) }, render(mv.words, ctx()))))));
  }

  /** A multi-part choice: parts keep their places; pick any set, then send it. @param {any} m */
  function pickForm(m) {
    const pick = m.pick;
    const byIndex = new Map([...pick.moves, ...m.legal].map((/** @type {Move} */ mv) => [mv.index, mv]));
    const summary = h("p", { class: "pick-summary" });
    const parts = pick.parts.map((/** @type {number} */ index) => {
      const mv = byIndex.get(index);
      const count = h("span", { class: "count" });
      const button = h("button", { type: "button", class: "part", "data-index": index, disabled: !mv,
        onclick: () => togglePart(index) }, mv ? render(mv.words, ctx()) : String(index), count);
      return { index, button, count };
    });
    function update() {
      const total = [...chosen.values()].reduce((a, b) => a + b, 0);
      for (const p of parts) {
        const c = chosen.get(p.index) || 0;
        p.count.textContent = c ? (pick.repeat ? ` ×${c}` : " ✓") : "";
        p.button.classList.toggle("on", c > 0);
      }
      summary.textContent = t("web.pick.chosen", { count: total, most: pick.most });
      sendButton.disabled = total < pick.least || total === 0;
    }
    const sendButton = h("button", { type: "button", class: "primary", onclick: () => {
      const seq = [];
      for (const idx of pick.parts) for (let i = 0; i < (chosen.get(idx) || 0); i++) seq.push(idx);
      sendPick(seq);  // the server turns the set into the engine's chain (finish included)
    } }, t("web.pick.send"));
    const clear = h("button", { type: "button", onclick: () => { chosen.clear(); update(); if (renderer) drawBoard(); } },
      t("web.pick.clear"));
    // every other move stays a button, the finish too: choosing no part at all is
    // making the finish alone (with its confirmation, if it has one)
    const others = m.legal.filter((/** @type {Move} */ mv) => !pick.parts.includes(mv.index));
    updatePick = update;
    update();
    return h("div", { class: "pick", "data-most": pick.most, "data-least": pick.least },
      h("h2", null, t("web.pick.title", { most: pick.most })),
      h("div", { class: "parts" }, ...parts.map((p) => p.button)), summary, h("p", null, sendButton, " ", clear),
      others.length ? h("ul", { class: "move-list" }, ...others.map((/** @type {Move} */ mv) => h("li", null,
        h("button", { class: mv.confirm ? "move irreversible" : "move", "data-index": mv.index, onclick: () => act(mv) },
          render(mv.words, ctx()))))) : null);
  }

  /** @param {number[]} parts */
  function sendPick(parts) {
    if (!ws || !last) return;
    ws.send(JSON.stringify({ type: "pick", parts, expect: last.move }));
  }

  /** A scoring item's name from the catalog (`<game>.score.<item>`), else its key. @param {string} k */
  function scoreItem(k) {
    const words = render({ id: `${info.game}.score.${k}`, args: {} }, ctx());
    return words.startsWith("⟨") ? k : words;
  }

  /** @param {any} m */
  function drawResult(m) {
    const r = m.result || (m.view && m.view.result);
    if (!r) { fill(el.result); return; }
    const items = [...new Set(r.breakdown.flatMap((/** @type {any} */ b) => Object.keys(b)))];
    const order = r.ranks.map((/** @type {number} */ _, /** @type {number} */ i) => i)
      .sort((/** @type {number} */ a, /** @type {number} */ b) => r.ranks[a] - r.ranks[b]);
    fill(el.result, h("h2", null, t("web.table.scores")), h("table", { class: "scores" },
      h("thead", null, h("tr", null, h("th", null, ""), ...order.map((/** @type {number} */ i) =>
        h("th", null, `${r.ranks[i]}. ${playerName(i, ctx())}`)))),
      h("tbody", null, ...items.map((k) => h("tr", null, h("th", null, scoreItem(k)),
        ...order.map((/** @type {number} */ i) => h("td", null, String(r.breakdown[i][k] ?? 0))))),
      h("tr", { class: "total" }, h("th", null, t("web.table.total")), ...order.map((/** @type {number} */ i) =>
        h("td", null, String(r.scores[i])))))));
  }

  /** The creator's panel: invitations, start, a bot for an absent player. @param {any} m */
  async function drawManage(m) {
    if (!mine.creator) { fill(el.manage); return; }
    const parts = [h("h2", null, t("web.manage.title"))];
    if (m.status === "open") {
      const { invites } = await api(`/api/tables/${tableId}/invites`, { token: mine.creator });
      parts.push(h("ul", { class: "invites" }, ...invites.map((/** @type {any} */ inv) => {
        const url = `${location.origin}${inv.path}`;
        return h("li", null, t("web.seat", { number: inv.seat + 1 }), ": ", h("input", { readonly: true, value: url,
          size: 50, onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }));
      })));
      const ready = m.seats.every((/** @type {any} */ s) => s.joined);
      parts.push(h("button", { class: "primary", disabled: !ready, onclick: async () => {
        try { await api(`/api/tables/${tableId}/start`, { method: "POST", token: mine.creator }); }
        catch (err) { el.error.textContent = String(err instanceof Error ? err.message : err); }
      } }, t("web.manage.start")));
    } else if (m.status === "running") {
      for (const s of m.seats) {
        if (s.kind !== "human" || s.seat === m.you) continue;
        if (!s.connected && !s.stand_in) parts.push(h("p", null, h("button", { onclick: async () => {
          try { await api(`/api/tables/${tableId}/seats/${s.seat}/stand-in`, { body: { bot: "random" }, token: mine.creator }); }
          catch (err) { el.error.textContent = String(err instanceof Error ? err.message : err); }
        } }, render({ id: "web.manage.bot_for", args: { player: { player: s.seat } } }, { names: names() }))));
      }
    }
    if (m.you !== null && m.seats[m.you]?.stand_in) parts.push(h("p", null, h("button", { class: "primary",
      onclick: async () => {
        await api(`/api/tables/${tableId}/seats/${m.you}/stand-in`, { body: { bot: null }, token: mine.token });
      } }, t("web.manage.take_back"))));
    fill(el.manage, ...(parts.length > 1 ? parts : []));
  }

  connect();
  return () => { clockTimers.splice(0).forEach((x) => clearInterval(x)); closed = true; clearTimeout(drawSoon); ws?.close(); document.title = "reichsstadt"; };
}

/** Seconds as m:ss (h:mm:ss past an hour). @param {number} seconds */
function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** A move that cannot be undone is confirmed first. @param {string} move @param {string} why */
function confirmDialog(move, why) {
  return new Promise((resolve) => {
    const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "confirm" },
      h("p", null, h("strong", null, sentence(move))), h("p", null, sentence(why)),
      h("form", { method: "dialog" },
        h("button", { value: "no" }, t("web.confirm.no")), " ",
        h("button", { value: "yes", class: "primary" }, t("web.confirm.yes")))));
    dialog.addEventListener("close", () => { resolve(dialog.returnValue === "yes"); dialog.remove(); });
    document.body.append(dialog);
    dialog.showModal();
  });
}
