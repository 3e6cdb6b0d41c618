// @ts-check
/** The creator's panel: the invitations of the open seats, starting early with bots in
 * the empty seats (the table starts by itself once the last seat is taken), closing a
 * table that has not started; during the game a bot for a person who is away, and for
 * anyone their own seat ("let a bot play for me"), which they take back at will. */
import { api } from "../api.js";
import { h, fill } from "../dom.js";
import { render, t } from "../i18n.js";
import { LEVELS } from "../names.js";

/** @param {HTMLElement} el @param {any} m the state message shown @param {string} tableId
 * @param {{creator?: string, token?: string}} mine @param {(err: unknown) => void} fail @param {(string | null)[]} names */
export async function drawManage(el, m, tableId, mine, fail, names) {
  const parts = [];
  if (mine.creator && m.status === "open") {
    const { invites } = await api(`/api/tables/${tableId}/invites`, { token: mine.creator });
    parts.push(h("p", null, t("web.manage.invite_help")), h("ul", { class: "invites" }, ...invites.map((/** @type {any} */ inv) => {
      const url = `${location.origin}${inv.path}`;
      const id = `invite-${inv.seat}`;
      const input = /** @type {HTMLInputElement} */ (h("input", { id, readonly: true, value: url, size: 40,
        onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }));
      return h("li", null, h("label", { for: id }, t("web.seat", { number: inv.seat + 1 })), " ", input, " ",
        h("button", { type: "button", onclick: () => { input.select(); navigator.clipboard?.writeText(url).catch(() => {}); } },
          t("web.manage.copy")));
    })));
    const level = /** @type {HTMLSelectElement} */ (h("select", { id: "fill-level" },
      ...Object.keys(LEVELS).map((l) => h("option", { value: l, selected: l === "medium" }, t(`bots.level.${l}.bot`)))));
    parts.push(h("p", { class: "row" },
      h("label", { for: "fill-level" }, t("web.manage.fill")), " ", level, " ",
      h("button", { class: "primary", "data-start": true, onclick: async () => {
        try { await api(`/api/tables/${tableId}/start`, { body: { fill: level.value }, token: mine.creator }); }
        catch (err) { fail(err); }
      } }, t("web.manage.start_now")), " ",
      h("button", { "data-close": true, onclick: async () => {
        try { await api(`/api/tables/${tableId}/close`, { body: {}, token: mine.creator }); location.assign("/"); }
        catch (err) { fail(err); }
      } }, t("web.manage.close"))));
  } else if (mine.creator && m.status === "running") {
    for (const s of m.seats) {
      if (s.kind !== "human" || s.seat === m.you || s.connected || s.stand_in) continue;
      parts.push(h("p", null, h("button", { onclick: async () => {
        try { await api(`/api/tables/${tableId}/seats/${s.seat}/stand-in`, { body: { bot: "greedy" }, token: mine.creator }); }
        catch (err) { fail(err); }
      } }, render({ id: "web.manage.bot_for", args: { player: { player: s.seat } } }, { names }))));
    }
  }
  if (m.you !== null && m.seats[m.you] && !m.seats[m.you].stand_in && m.status === "running") {
    // leaving a game without stopping it for the others: a bot plays the seat until the person takes it back
    parts.push(h("p", null, h("button", { "data-bot-for-me": true, onclick: async () => {
      try { await api(`/api/tables/${tableId}/seats/${m.you}/stand-in`, { body: { bot: "greedy" }, token: mine.token }); }
      catch (err) { fail(err); }
    } }, t("web.manage.bot_for_me"))));
  }
  if (m.you !== null && m.seats[m.you]?.stand_in && m.status === "running") {  // not once the game is over
    parts.push(h("p", null, h("button", { class: "primary", onclick: async () => {
      try { await api(`/api/tables/${tableId}/seats/${m.you}/stand-in`, { body: { bot: null }, token: mine.token }); }
      catch (err) { fail(err); }
    } }, t("web.manage.take_back"))));
  }
  fill(el, ...(parts.length ? [h("h2", null, t("web.manage.title")), ...parts] : []));
}
