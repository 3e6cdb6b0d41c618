// @ts-check
/** The server's HTTP API, and what this browser remembers of each table: its keys (the
 * seat's token, the creator's) and the tables one sat at or made, for the lobby's "your
 * tables". */
import { render } from "./i18n.js";

export class ApiError extends Error {
  /** @param {string} message @param {string} code @param {number} status */
  constructor(message, code, status) { super(message); this.code = code; this.status = status; }
}

/** @param {string} path @param {{method?: string, body?: any, token?: string|null}} [opts] */
export async function api(path, opts = {}) {
  const res = await request(path, opts);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data.error ? render(data.error) : `HTTP ${res.status}`, data.code || "error", res.status);
  return data;
}

/** The answer itself (for a status that is not an error: 202 while a review is made).
 * @param {string} path @param {{method?: string, body?: any, token?: string|null}} [opts] */
export function request(path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { "content-type": "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return fetch(path, {
    method: opts.method || (opts.body ? "POST" : "GET"),
    headers, body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
}

/** @typedef {{creator?: string, token?: string, seat?: number}} Keys */

/** @param {string} tableId @returns {Keys} */
export function keys(tableId) {
  try { return JSON.parse(localStorage.getItem(`rs.table.${tableId}`) || "{}"); } catch { return {}; }
}

/** @param {string} tableId @param {Keys} more */
export function remember(tableId, more) {
  localStorage.setItem(`rs.table.${tableId}`, JSON.stringify({ ...keys(tableId), ...more }));
}

const MINE = "rs.mine";
const MINE_MOST = 30;

/** @typedef {{id: string, game: string, title: string, at: number}} MyTable */

/** The tables this browser sat at or made, the latest first. @returns {MyTable[]} */
export function myTables() {
  try {
    const got = JSON.parse(localStorage.getItem(MINE) || "[]");
    return Array.isArray(got) ? got.filter((x) => x && typeof x.id === "string") : [];
  } catch { return []; }
}

/** Remember a table of one's own (its link comes back in the lobby).
 * @param {string} tableId @param {{game: string, title: string}} what */
export function rememberTable(tableId, what) {
  const rest = myTables().filter((x) => x.id !== tableId);
  localStorage.setItem(MINE, JSON.stringify([{ id: tableId, ...what, at: Date.now() }, ...rest].slice(0, MINE_MOST)));
}

/** Forget a table (closed, or no longer on the server). @param {string} tableId */
export function forgetTable(tableId) {
  localStorage.setItem(MINE, JSON.stringify(myTables().filter((x) => x.id !== tableId)));
}
