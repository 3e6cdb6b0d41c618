// @ts-check
/** The lobby: create a table (game, players, options, seats for people or bots), the
 * lists of open, running and finished tables, and joining a seat by its invite link. */
import { api, keys, remember } from "./api.js";
import { h, fill } from "./dom.js";
import { render, t } from "./i18n.js";
import { go } from "./app.js";

/** @param {HTMLElement} app */
export async function showLobby(app) {
  const { games, bots } = await api("/api/games");
  const lists = h("section", { class: "lists" });
  fill(app, h("h1", null, t("web.lobby.title")), createForm(games, bots), lists);
  await showLists(lists);
}

/** @param {any[]} games @param {string[]} bots */
function createForm(games, bots) {
  const error = h("p", { class: "error", role: "alert" });
  const gameSel = h("select", { name: "game", id: "game" },
    ...games.map((g) => h("option", { value: g.id }, g.title)));
  const players = h("select", { name: "players", id: "players" });
  const options = h("div", { class: "options" });
  const seats = h("div", { class: "seats" });
  const name = h("input", { name: "name", id: "name", maxlength: 24, required: true,
    value: localStorage.getItem("rs.name") || "", autocomplete: "nickname" });
  /** @type {Record<string, any>} */
  let dataFiles = {};

  const game = () => games.find((g) => g.id === /** @type {HTMLSelectElement} */ (gameSel).value);

  function drawPlayers() {
    const g = game();
    fill(players, ...Array.from({ length: g.players[1] - g.players[0] + 1 }, (_, i) =>
      h("option", { value: g.players[0] + i }, String(g.players[0] + i))));
    /** @type {HTMLSelectElement} */ (players).value = String(Math.min(4, g.players[1]));
    drawOptions();
    drawSeats();
  }
  function drawOptions() {
    dataFiles = {};
    fill(options, ...game().options.map((/** @type {any} */ o) => {
      const id = `opt-${o.name}`;
      let input;
      if (o.kind === "bool") input = h("input", { type: "checkbox", id, name: o.name, checked: o.default });
      else if (o.kind === "int") input = h("input", { type: "number", id, name: o.name, value: o.default,
        min: o.minimum, max: o.maximum });
      else if (o.kind === "choice") input = h("select", { id, name: o.name },
        ...o.choices.map((/** @type {string} */ c) => h("option", { value: c, selected: c === o.default },
          t(`${game().id}.option.${o.name}.${c}`))));
      else input = h("input", { type: "file", id, name: o.name, accept: ".json,application/json",
        onchange: async (/** @type {Event} */ e) => {
          const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
          error.textContent = "";
          if (!file) { delete dataFiles[o.name]; return; }
          try { dataFiles[o.name] = JSON.parse(await file.text()); }
          catch (err) { error.textContent = t("web.lobby.bad_json", { file: file.name }); }
        } });
      // the option's words from the game's catalog (`<game>.option.<name>` and `.help`)
      const help = t(`${game().id}.option.${o.name}.help`);
      return h("label", { class: "option", for: id, title: help }, h("span", null, t(`${game().id}.option.${o.name}`)),
        input, h("small", null, help));
    }));
  }
  function drawSeats() {
    const n = Number(/** @type {HTMLSelectElement} */ (players).value);
    fill(seats, ...Array.from({ length: n }, (_, i) => h("label", { class: "seat" },
      h("span", null, t("web.seat", { number: i + 1 })),
      h("select", { name: `seat${i}`, "data-seat": i },
        h("option", { value: "you", selected: i === 0 }, t("web.lobby.seat.you")),
        h("option", { value: "human" }, t("web.lobby.seat.person")),
        ...(game().bots || bots).map((/** @type {string} */ b, /** @type {number} */ j) => h("option", { value: b, selected: i > 0 && j === 0 }, t("web.lobby.seat.bot", { bot: b })))))));
  }
  gameSel.addEventListener("change", drawPlayers);
  players.addEventListener("change", drawSeats);

  const form = h("form", { class: "create", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    error.textContent = "";
    const g = game();
    /** @type {Record<string, any>} */
    const opts = {};
    for (const o of g.options) {
      const el = /** @type {HTMLInputElement} */ (form.querySelector(`[name="${o.name}"]`));
      if (o.kind === "bool") { if (el.checked !== o.default) opts[o.name] = el.checked; }
      else if (o.kind === "int") { if (Number(el.value) !== o.default) opts[o.name] = Number(el.value); }
      else if (o.kind === "choice") { if (el.value !== o.default) opts[o.name] = el.value; }
      else if (dataFiles[o.name]) opts[o.name] = dataFiles[o.name];
    }
    const kinds = [...seats.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const mine = kinds.indexOf("you");
    const yourName = /** @type {HTMLInputElement} */ (name).value.trim();
    localStorage.setItem("rs.name", yourName);
    try {
      const made = await api("/api/tables", { body: {
        game: g.id, players: kinds.length, options: opts,
        seats: kinds.map((k) => (k === "you" ? "human" : k)),
        take_seat: mine >= 0 ? mine : null, name: mine >= 0 ? yourName : null,
        start: !kinds.includes("human"),
        clock: clockOf(form),
      } });
      remember(made.id, { creator: made.creator, token: made.token || undefined, seat: made.seat ?? undefined });
      go(`/t/${made.id}`);
    } catch (err) { error.textContent = String(err instanceof Error ? err.message : err); }
  } },
  h("h2", null, t("web.lobby.new")),
  h("label", { for: "game" }, t("web.lobby.game")), gameSel,
  h("label", { for: "players" }, t("web.lobby.players")), players,
  h("label", { for: "name" }, t("web.lobby.your_name")), name,
  h("fieldset", null, h("legend", null, t("web.lobby.seats")), seats),
  h("fieldset", null, h("legend", null, t("web.lobby.options")), options),
  h("fieldset", { class: "clock" }, h("legend", null, t("web.lobby.clock")),
    h("label", { class: "option", for: "clock-move" }, h("span", null, t("web.lobby.clock.move")),
      h("input", { type: "number", id: "clock-move", min: 5, step: 5, placeholder: "—" }),
      h("small", null, t("web.lobby.clock.move_help"))),
    h("label", { class: "option", for: "clock-game" }, h("span", null, t("web.lobby.clock.game")),
      h("input", { type: "number", id: "clock-game", min: 1, step: 1, placeholder: "—" }),
      h("small", null, t("web.lobby.clock.game_help"))),
    h("label", { class: "option", for: "clock-absent" }, h("span", null, t("web.lobby.clock.absent")),
      h("input", { type: "number", id: "clock-absent", min: 1, step: 1, placeholder: "—" }),
      h("small", null, t("web.lobby.clock.absent_help")))),
  h("button", { type: "submit", class: "primary" }, t("web.lobby.create")), error);
  drawPlayers();
  return form;
}

/** The table's thinking time from the form: seconds per move, minutes per game and
 * per absence; null when none is set. @param {Element} form */
function clockOf(form) {
  const read = (/** @type {string} */ id) => {
    const v = /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`)).value;
    return v === "" ? null : Number(v);
  };
  const move = read("clock-move"), game = read("clock-game"), absent = read("clock-absent");
  if (move === null && game === null && absent === null) return null;
  return { move, game: game === null ? null : game * 60, absent: absent === null ? null : absent * 60 };
}

/** @param {HTMLElement} root */
async function showLists(root) {
  const sections = [];
  for (const status of ["open", "running", "finished"]) {
    const { tables } = await api(`/api/tables?status=${status}`);
    sections.push(h("section", { class: `tables ${status}` }, h("h2", null, t(`web.lobby.list.${status}`)),
      tables.length ? h("ul", null, ...tables.map((/** @type {any} */ tb) => tableItem(tb)))
        : h("p", { class: "empty" }, t("web.lobby.list.none"))));
  }
  fill(root, ...sections);
}

/** @param {any} tb */
function tableItem(tb) {
  const mine = keys(tb.id);
  const people = tb.seats.map((/** @type {any} */ s) => s.name || (s.kind === "human" ? t("web.seat.open") : t("web.seat.bot", { bot: s.kind })));
  const links = [h("a", { href: `/t/${tb.id}`, "data-go": true }, mine.token || mine.creator ? t("web.lobby.open_mine") : t("web.lobby.watch"))];
  if (tb.status === "finished") links.push(h("a", { href: `/t/${tb.id}/replay`, "data-go": true }, t("web.replay.title")));
  return h("li", null, h("strong", null, tb.title), " · ", t("web.lobby.players_n", { count: tb.players }),
    " · ", people.join(", "), " ", ...links.flatMap((l) => [" ", l]));
}

/** Joining a seat by its invite link. @param {HTMLElement} app @param {string} tableId @param {string} invite */
export async function showJoin(app, tableId, invite) {
  const info = await api(`/api/tables/${tableId}`);
  const error = h("p", { class: "error", role: "alert" });
  const name = h("input", { id: "name", maxlength: 24, required: true, value: localStorage.getItem("rs.name") || "" });
  const form = h("form", { class: "join", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    const yourName = /** @type {HTMLInputElement} */ (name).value.trim();
    localStorage.setItem("rs.name", yourName);
    try {
      const got = await api(`/api/tables/${tableId}/join`, { body: { invite, name: yourName } });
      remember(tableId, { token: got.token, seat: got.seat });
      go(`/t/${tableId}`);
    } catch (err) { error.textContent = String(err instanceof Error ? err.message : err); }
  } }, h("h1", null, t("web.join.title", { game: info.title })),
  h("p", null, info.seats.map((/** @type {any} */ s) => s.name || (s.kind === "human" ? t("web.seat.open") : t("web.seat.bot", { bot: s.kind }))).join(", ")),
  h("label", { for: "name" }, t("web.lobby.your_name")), name,
  h("button", { type: "submit", class: "primary" }, t("web.join.take")), error);
  fill(app, form);
  void render;
}
