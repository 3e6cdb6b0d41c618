// @ts-check
/** The server's HTTP API, and what this browser remembers of each table (tokens). */
import { render } from "./i18n.js";

export class ApiError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) { super(message); this.code = code; }
}

/** @param {string} path @param {{method?: string, body?: any, token?: string|null}} [opts] */
export async function api(path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { "content-type": "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(path, {
    method: opts.method || (opts.body ? "POST" : "GET"),
    headers, body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data.error ? render(data.error) : `HTTP ${res.status}`, data.code || "error");
  return data;
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
