// @ts-check
/** The table's websocket: says hello (the seat's token, the language, whether the page
 * draws the board itself), hands every message on, and comes back after a dropped
 * connection, waiting longer each time; a refusal for good (bad hello, a token of no seat
 * here, no such table) is not retried, its error message says why. */

/** @param {string} tableId @param {() => Record<string, any>} hello @param {(msg: any) => void} onMessage
 * @param {() => void} onLost */
export function connect(tableId, hello, onMessage, onLost) {
  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false;
  let retry = 500;
  /** @type {number} */
  let again = 0;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(`${proto}//${location.host}/ws/${tableId}`);
    ws = sock;
    sock.onopen = () => { retry = 500; sock.send(JSON.stringify({ type: "hello", ...hello() })); };
    sock.onmessage = (e) => onMessage(JSON.parse(e.data));
    sock.onclose = (e) => {
      if (closed || [4400, 4403, 4404].includes(e.code)) return;
      onLost();
      again = window.setTimeout(open, retry);
      retry = Math.min(retry * 2, 4000);
    };
  };
  open();
  return {
    /** Sends `msg` if the connection is open; whether it was sent. @param {Record<string, any>} msg */
    send(msg) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(msg));
      return true;
    },
    close() { closed = true; clearTimeout(again); if (ws) ws.close(); },
  };
}
