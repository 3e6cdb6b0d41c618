// @ts-check
/** The lobby: a game to play now against bots in one click, the tables of one's own (kept
 * in this browser) with links back, open tables and their seats, games under way to
 * watch, finished ones to replay, and the form for a table of one's choosing (game,
 * players, options, seats for people or bots by strength, clock). Joining a seat by its
 * invite link is here too. */
import { api, forgetTable, keys, myTables, remember, rememberTable, request } from "./api.js";
import { h, fill } from "./dom.js";
import { render, t } from "./i18n.js";
import { icon } from "./icons.js";
import { go } from "./app.js";
import { openGuide } from "./guide.js";
import { seatNames } from "./names.js";
import { clockFields, clockOf } from "./lobby/clock.js";

const QUICK_PLAYERS = 4;  // a quick game's table, where the game allows it
const LIST_LIMIT = 20;

/** @param {HTMLElement} app */
export async function showLobby(app) {
  const { games } = await api("/api/games");
  const lists = h("div", { class: "lists" });
  const error = h("p", { class: "error", role: "alert" });
  fill(app, h("div", { class: "lobby" },
    h("h1", null, t("web.lobby.title")),
    h("section", { class: "quick", "aria-labelledby": "quick-title" },
      h("h2", { id: "quick-title" }, t("web.lobby.quick")),
      h("div", { class: "games" }, ...games.map((/** @type {any} */ g) => gameCard(g, error))), error),
    lists,
    h("details", { class: "create-box", open: games.length === 0 || undefined },
      h("summary", null, h("h2", null, t("web.lobby.new"))), createForm(games))));
  await showLists(lists, games);
}

/** A game in the lobby: its players, how to play it, and a game now against medium bots.
 * @param {any} g @param {HTMLElement} error */
function gameCard(g, error) {
  const players = Math.min(QUICK_PLAYERS, g.players[1]);
  const levels = /** @type {{level: string, bot: string}[]} */ (g.levels || []);
  const quick = levels.find((l) => l.level === "medium") || levels.find((l) => l.level === "easy");
  const bot = quick ? quick.bot : "random";
  return h("article", { class: "game-card", "data-game": g.id },
    h("h3", null, g.title),
    h("p", null, t("web.lobby.players_range", { least: g.players[0], most: g.players[1] })),
    h("p", { class: "row" },
      h("button", { type: "button", class: "primary", "data-quick": g.id, onclick: async () => {
        error.textContent = "";
        try {
          const made = await api("/api/tables", { body: { game: g.id, players, options: {},
            seats: ["human", ...Array(players - 1).fill(bot)], take_seat: 0, name: myName(), start: true } });
          remember(made.id, { creator: made.creator, token: made.token || undefined, seat: made.seat ?? undefined });
          rememberTable(made.id, { game: g.id, title: g.title });
          go(`/t/${made.id}`);
        } catch (err) { error.textContent = String(err instanceof Error ? err.message : err); }
      } }, t("web.lobby.play_now", { count: players - 1, level: t(`bots.level.${quick ? quick.level : "easy"}.short`) })),
      " ",
      h("button", { type: "button", class: "guide-open", onclick: () => openGuide(g.id, g.title) }, icon("help"), " ",
        t("web.guide.open"))));
}

/** The name this browser plays under, the last one typed; none if none was typed (the
 * seat is then "Player 1" in each reader's language, not in the lobby's at this moment). */
function myName() {
  return (localStorage.getItem("rs.name") || "").trim() || null;
}

/** @param {HTMLElement} root @param {any[]} games */
async function showLists(root, games) {
  const title = (/** @type {string} */ id) => (games.find((g) => g.id === id) || { title: id }).title;
  const [own, open, running, finished] = await Promise.all([
    ownTables(), list("open"), list("running"), list("finished")]);
  const section = (/** @type {string} */ key, /** @type {any[]} */ tables, /** @type {(tb: any) => Element} */ item) =>
    h("section", { class: `tables ${key}`, "aria-labelledby": `list-${key}` }, h("h2", { id: `list-${key}` }, t(`web.lobby.list.${key}`)),
      tables.length ? h("ul", null, ...tables.map(item)) : h("p", { class: "empty" }, t("web.lobby.list.none")));
  fill(root,
    section("mine", own, (tb) => tableItem(tb, title(tb.game))),
    section("open", open, (tb) => tableItem(tb, title(tb.game))),
    section("running", running, (tb) => tableItem(tb, title(tb.game))),
    section("finished", finished, (tb) => tableItem(tb, title(tb.game))));
}

/** @param {string} status */
async function list(status) {
  try { return (await api(`/api/tables?status=${status}&limit=${LIST_LIMIT}`)).tables; } catch { return []; }
}

/** The tables this browser made or sat at, as they are now (one the server no longer has
 * is forgotten). */
async function ownTables() {
  const got = await Promise.all(myTables().map(async (x) => {
    try { return await api(`/api/tables/${x.id}`); } catch (err) {
      if (err && /** @type {any} */ (err).status === 404) forgetTable(x.id);
      return null;
    }
  }));
  return got.filter((x) => x && x.status !== "closed");
}

/** A table in a list: its game, its seats by name (open ones marked), where to go.
 * @param {any} tb @param {string} title */
function tableItem(tb, title) {
  const mine = keys(tb.id);
  const seats = (tb.seats || []).map((/** @type {any} */ s) => ({
    kind: s.kind === "bot" ? s.bot || "random" : s.kind === "person" ? "human" : s.kind,
    level: s.level, name: s.name, joined: s.taken ?? s.joined }));
  const names = seatNames(seats);
  const links = [];
  if (mine.token || mine.creator) links.push(h("a", { href: `/t/${tb.id}`, "data-go": true, class: "button" }, t("web.lobby.open_mine")));
  else if (tb.status === "running") links.push(h("a", { href: `/t/${tb.id}/watch`, "data-go": true, class: "button" }, t("web.lobby.watch")));
  if (tb.status === "finished") {
    links.push(h("a", { href: `/t/${tb.id}/replay`, "data-go": true, class: "button" }, t("web.replay.title")),
      h("a", { href: `/t/${tb.id}/review`, "data-go": true, class: "button" }, t("web.review.open")));
  }
  return h("li", { "data-table": tb.id, "data-status": tb.status },
    h("strong", null, title), " · ", t(`web.lobby.status.${tb.status}`),
    h("ul", { class: "seat-list" }, ...names.map((n, i) => h("li", { class: seats[i].joined === false ? "open-seat" : "" },
      h("span", { class: `dot p${i}` }), n))),
    h("span", { class: "links" }, ...links.flatMap((l) => [" ", l])));
}

/** The form for a table of one's choosing. @param {any[]} games */
function createForm(games) {
  const error = h("p", { class: "error", role: "alert" });
  const gameSel = /** @type {HTMLSelectElement} */ (h("select", { name: "game", id: "game" },
    ...games.map((g) => h("option", { value: g.id }, g.title))));
  const players = /** @type {HTMLSelectElement} */ (h("select", { name: "players", id: "players" }));
  const options = h("div", { class: "options" });
  const seats = h("div", { class: "seats" });
  const name = /** @type {HTMLInputElement} */ (h("input", { name: "name", id: "name", maxlength: 24, required: true,
    value: localStorage.getItem("rs.name") || "", autocomplete: "nickname" }));
  /** @type {Record<string, Promise<Refused | Chosen>>} each data option's chosen file, read or being read */
  let dataFiles = {};
  const game = () => games.find((g) => g.id === gameSel.value);

  function drawPlayers() {
    const g = game();
    fill(players, ...Array.from({ length: g.players[1] - g.players[0] + 1 }, (_, i) =>
      h("option", { value: g.players[0] + i }, String(g.players[0] + i))));
    players.value = String(Math.min(QUICK_PLAYERS, g.players[1]));
    drawOptions();
    drawSeats();
  }
  function drawOptions() {
    dataFiles = {};
    const g = game();
    fill(options, ...g.options.map((/** @type {any} */ o) => optionField(g.id, o, dataFiles, error)));
  }
  function drawSeats() {
    const n = Number(players.value);
    const g = game();
    /** @type {{level: string, bot: string, about: any}[]} the game's levels, each with its measured strength */
    const bots = g.levels || [];
    const medium = bots.some((b) => b.level === "medium");
    fill(seats, ...Array.from({ length: n }, (_, i) => h("label", { class: "seat" },
      h("span", null, t("web.seat", { number: i + 1 })),
      h("select", { name: `seat${i}`, "data-seat": i },
        h("option", { value: "you", selected: i === 0 }, t("web.lobby.seat.you")),
        h("option", { value: "human" }, t("web.lobby.seat.person")),
        ...bots.map((b) => h("option", { value: b.bot, title: render(b.about, {}),
          selected: i > 0 && (medium ? b.level === "medium" : b.level === "easy") }, t(`bots.level.${b.level}.bot`)))))),
    // what each level plays and how strong it measured at this game, in the reader's words
    h("details", { class: "levels" }, h("summary", null, t("web.lobby.levels")),
      h("ul", null, ...bots.map((b) => h("li", { "data-level": b.level }, render(b.about, {}))))));
  }
  gameSel.addEventListener("change", drawPlayers);
  players.addEventListener("change", drawSeats);

  const form = h("form", { class: "create", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    error.textContent = "";
    const files = await chosenFiles(dataFiles);  // one just chosen: once the server has read it
    const refused = Object.values(files).find((x) => x instanceof Refused);
    if (refused) { error.textContent = t("web.lobby.data_unusable", { reason: refused.reason }); return; }
    const g = game();
    const kinds = [...seats.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const you = kinds.indexOf("you");
    const yourName = name.value.trim();
    localStorage.setItem("rs.name", yourName);
    try {
      const made = await createTable({
        game: g.id, players: kinds.length, options: optionValues(g, form, files),
        seats: kinds.map((k) => (k === "you" ? "human" : k)),
        take_seat: you >= 0 ? you : null, name: you >= 0 ? yourName : null,
        start: !kinds.includes("human"), clock: clockOf(form),
      }, Object.values(files).map((x) => x.name));
      remember(made.id, { creator: made.creator, token: made.token || undefined, seat: made.seat ?? undefined });
      rememberTable(made.id, { game: g.id, title: g.title });
      go(`/t/${made.id}`);
    } catch (err) { error.textContent = String(err instanceof Error ? err.message : err); }
  } },
  h("label", { for: "game" }, t("web.lobby.game")), gameSel,
  h("label", { for: "players" }, t("web.lobby.players")), players,
  h("label", { for: "name" }, t("web.lobby.your_name")), name,
  h("fieldset", null, h("legend", null, t("web.lobby.seats")), seats),
  h("fieldset", null, h("legend", null, t("web.lobby.options")), options),
  clockFields(),
  h("p", { class: "help" }, t("web.lobby.starts_when_full")),
  h("button", { type: "submit", class: "primary" }, t("web.lobby.create")), error);
  drawPlayers();
  return form;
}

/** One option of a game as a form field, with its words from the game's catalog
 * (`<game>.option.<name>` and `.help`). @param {string} gid @param {any} o
 * @param {Record<string, Promise<Refused | Chosen>>} dataFiles @param {HTMLElement} error */
function optionField(gid, o, dataFiles, error) {
  const id = `opt-${o.name}`;
  let input;
  if (o.kind === "bool") input = h("input", { type: "checkbox", id, name: o.name, checked: o.default });
  else if (o.kind === "int") input = h("input", { type: "number", id, name: o.name, value: o.default, min: o.minimum, max: o.maximum });
  else if (o.kind === "choice") input = h("select", { id, name: o.name },
    ...o.choices.map((/** @type {string} */ c) => h("option", { value: c, selected: c === o.default }, t(`${gid}.option.${o.name}.${c}`))));
  else input = h("input", { type: "file", id, name: o.name, accept: ".json,application/json",
    onchange: async (/** @type {Event} */ e) => {
      const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
      error.textContent = "";
      delete dataFiles[o.name];  // never the file chosen before: this one, or the bundled data
      if (!file) return;
      const reading = file.arrayBuffer().then((bytes) => readDataFile(file.name, bytes));
      dataFiles[o.name] = reading;
      const read = await reading;
      // said unless another file was chosen meanwhile
      if (read instanceof Refused && dataFiles[o.name] === reading) error.textContent = read.reason;
    } });
  const help = t(`${gid}.option.${o.name}.help`);
  return h("label", { class: "option", for: id }, h("span", null, t(`${gid}.option.${o.name}`)), input, h("small", null, help));
}

/** A data file the lobby refused, with why (in the reader's words); a table is not made with it. */
class Refused {
  /** @param {string} reason */
  constructor(reason) { this.reason = reason; this.name = ""; }
}

/** A data file chosen, by the name the person chose it by, and its JSON (what the server gets). */
class Chosen {
  /** @param {string} name @param {any} data */
  constructor(name, data) { this.name = name; this.data = data; }
}

/** Make the table; a refusal in words that name a data file of one's own as the person chose
 * it: the server gets its contents only (never a path) and says "the uploaded file". Every
 * game has one data option; with more chosen, which one is meant is not known.
 * @param {any} body @param {string[]} files the chosen data files' names */
async function createTable(body, files) {
  const res = await request("/api/tables", { body });
  const got = await res.json().catch(() => ({}));
  if (res.ok) return got;
  const said = got.error && files.length === 1 ? namingFile(got.error, files[0]) : got.error;
  throw new Error(said ? render(said) : `HTTP ${res.status}`);
}

/** A catalog message with "the uploaded file" as "data file 'name'" (quoted as the server
 * quotes a file's path). @param {any} said @param {string} name @returns {any} */
function namingFile(said, name) {
  if (Array.isArray(said)) return said.map((x) => namingFile(x, name));
  if (!said || typeof said !== "object") return said;
  if (said.id === "data.file.uploaded") {
    const quoted = name.includes("'") && !name.includes('"') ? `"${name}"` : `'${name.replace(/'/g, "\\'")}'`;
    return { id: "data.file.path", args: { path: quoted } };
  }
  if (!said.args) return said;
  return { ...said, args: Object.fromEntries(Object.entries(said.args).map(([k, v]) => [k, namingFile(v, name)])) };
}

/** The data files chosen, each once it is read (the server reads one as it is chosen).
 * @param {Record<string, Promise<Refused | Chosen>>} pending @returns {Promise<Record<string, Refused | Chosen>>} */
async function chosenFiles(pending) {
  return Object.fromEntries(await Promise.all(Object.entries(pending).map(async ([k, p]) => [k, await p])));
}

/** A chosen data file, or why it cannot be used: text that is not UTF-8 (not read with
 * replacement characters in silence; a byte order mark is read past, as the command line
 * does), or the server's refusal of it. The server reads the text as `reichsstadt data
 * --check` reads a file, so the person reads the command line's words: JSON not well
 * formed with the parser's words, the line and the column, a key given twice and where
 * (the browser's own JSON.parse says where in some browsers only, and keeps the last of a
 * key given twice in silence). @param {string} name @param {ArrayBuffer} bytes
 * @returns {Promise<Refused | Chosen>} */
async function readDataFile(name, bytes) {
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
  catch { return new Refused(t("web.lobby.not_utf8", { file: name })); }
  let res;
  try { res = await request("/api/data/check", { body: { text } }); }
  catch (err) { return new Refused(String(err instanceof Error ? err.message : err)); }
  const got = await res.json().catch(() => ({}));
  if (!res.ok) return new Refused(got.error ? render(namingFile(got.error, name)) : `HTTP ${res.status}`);
  try { return new Chosen(name, JSON.parse(text)); } catch { return new Refused(t("web.lobby.bad_json", { file: name })); }
}

/** The options that differ from the game's defaults. @param {any} g @param {Element} form
 * @param {Record<string, Refused | Chosen>} dataFiles */
function optionValues(g, form, dataFiles) {
  /** @type {Record<string, any>} */
  const opts = {};
  for (const o of g.options) {
    const el = /** @type {HTMLInputElement} */ (form.querySelector(`[name="${o.name}"]`));
    if (o.kind === "bool") { if (el.checked !== o.default) opts[o.name] = el.checked; }
    else if (o.kind === "int") { if (Number(el.value) !== o.default) opts[o.name] = Number(el.value); }
    else if (o.kind === "choice") { if (el.value !== o.default) opts[o.name] = el.value; }
    else if (dataFiles[o.name] instanceof Chosen) opts[o.name] = /** @type {Chosen} */ (dataFiles[o.name]).data;
  }
  return opts;
}

/** Joining a seat by its invite link. @param {HTMLElement} app @param {string} tableId @param {string} invite */
export async function showJoin(app, tableId, invite) {
  // the invitation opened again by the friend who took its seat (the link in the chat is
  // their way back): their table, not a form that says the game has started
  if (keys(tableId).token) { go(`/t/${tableId}`, true); return; }
  const info = await api(`/api/tables/${tableId}`);
  if (info.status !== "open") {  // every seat taken: the game to watch, or, once over, its replay
    const over = info.status === "finished";
    fill(app, h("div", { class: "join" }, h("h1", null, t("web.join.title", { game: info.title })),
      h("p", null, t(over ? "web.join.over" : "web.join.started")),
      h("p", null, over ? h("a", { class: "button", href: `/t/${tableId}/replay`, "data-go": true }, t("web.replay.title"))
        : h("a", { class: "button", href: `/t/${tableId}/watch`, "data-go": true }, t("web.lobby.watch")))));
    return;
  }
  const error = h("p", { class: "error", role: "alert" });
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "name", maxlength: 24, required: true,
    value: localStorage.getItem("rs.name") || "", autocomplete: "nickname" }));
  const form = h("form", { class: "join", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    const yourName = name.value.trim();
    localStorage.setItem("rs.name", yourName);
    try {
      const got = await api(`/api/tables/${tableId}/join`, { body: { invite, name: yourName } });
      remember(tableId, { token: got.token, seat: got.seat });
      rememberTable(tableId, { game: info.game, title: info.title });
      go(`/t/${tableId}`);
    } catch (err) { error.textContent = String(err instanceof Error ? err.message : err); }
  } }, h("h1", null, t("web.join.title", { game: info.title })),
  h("p", null, seatNames(info.seats).join(", ")),
  h("p", null, h("button", { type: "button", class: "guide-open", onclick: () => openGuide(info.game, info.title) },
    icon("help"), " ", t("web.guide.open"))),  // a friend invited to a game new to them learns it first
  h("label", { for: "name" }, t("web.lobby.your_name")), name,
  h("button", { type: "submit", class: "primary" }, t("web.join.take")), error);
  fill(app, form);
}
