// @ts-check
/** The page's router: the lobby, a table, joining by invite, watching, a replay. */
import { choose, languages, load, preferred, t, translatePage } from "./i18n.js";
import { h, fill } from "./dom.js";

const app = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {(() => void) | null} */
let leave = null;

async function route() {
  if (leave) { leave(); leave = null; }
  // a page's dialogs leave with it: the back button used to leave a move's confirmation
  // (its "yes" then sending nothing) or the guide open over the next page
  for (const dialog of document.querySelectorAll("dialog[open]")) /** @type {HTMLDialogElement} */ (dialog).close();
  const path = location.pathname;
  let m;
  try {
    if ((m = path.match(/^\/t\/([\w-]+)\/join\/([\w-]+)$/))) {
      const { showJoin } = await import("./lobby.js");
      await showJoin(app, m[1], m[2]);
    } else if ((m = path.match(/^\/t\/([\w-]+)\/review$/))) {
      const { showReview } = await import("./review.js");
      leave = await showReview(app, m[1]);
    } else if ((m = path.match(/^\/t\/([\w-]+)\/replay$/))) {
      const { showReplay } = await import("./replay.js");
      leave = await showReplay(app, m[1]);
    } else if ((m = path.match(/^\/t\/([\w-]+)(\/watch)?$/))) {
      const { showTable } = await import("./table.js");
      leave = await showTable(app, m[1], Boolean(m[2]));
    } else {
      const { showLobby } = await import("./lobby.js");
      await showLobby(app);
    }
  } catch (err) {
    fill(app, h("p", { class: "error" }, String(err instanceof Error ? err.message : err)));
  }
}

/** Follow a link inside the app without reloading; `replace`: instead of the page shown
 * (the back button skips it). @param {string} path @param {boolean} [replace] */
export function go(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

async function main() {
  await load(preferred());
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  fill(select, ...languages().map((l) => h("option", { value: l }, t(`web.language.${l}`))));
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => { await choose(select.value); translatePage(); route(); });
  translatePage();
  window.addEventListener("popstate", route);
  document.addEventListener("click", (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[data-go]") : null;
    if (a) { e.preventDefault(); go(/** @type {string} */ (a.getAttribute("href"))); }
  });
  await route();
}

main();
