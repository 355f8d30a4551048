// Talking to the server: JSON over HTTP and the table websocket. No secrets are kept here
// except the seat tokens the user was given (stored in localStorage to find tables again).

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/** Call the JSON API; throws ApiError with the server's message on any non-2xx answer. */
export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, `cannot reach the server (${error.message})`);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : response.statusText;
    throw new ApiError(response.status, detail);
  }
  return data;
}

export const getGames = () => api("/api/games");
export const getBots = () => api("/api/bots");
export const getBotStrength = () => api("/api/bots/strength");
export const getLobby = (finished) => api(`/api/tables?include_finished=${finished ? "true" : "false"}`);
export const createTable = (spec) => api("/api/tables", { method: "POST", body: spec });
// The seat token travels in a header (never in a URL, which ends up in logs and histories).
export const getTable = (id, token) =>
  api(`/api/tables/${encodeURIComponent(id)}`, { headers: token ? { "X-Seat-Token": token } : {} });
export const move = (id, token, option, expectedSeq) =>
  api(`/api/tables/${encodeURIComponent(id)}/moves`, {
    method: "POST",
    body: { token, option, expected_seq: expectedSeq },
  });
export const undo = (id, token, expectedSeq) =>
  api(`/api/tables/${encodeURIComponent(id)}/undo`, {
    method: "POST",
    body: { token, expected_seq: expectedSeq },
  });
export const joinTable = (id, token, name) =>
  api(`/api/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: name ? { token, name } : { token } });
export const account = {
  me: () => api("/api/account"),
  register: (username, password) => api("/api/account/register", { method: "POST", body: { username, password } }),
  login: (username, password) => api("/api/account/login", { method: "POST", body: { username, password } }),
  logout: () => api("/api/account/logout", { method: "POST" }),
  logoutEverywhere: () => api("/api/account/logout-everywhere", { method: "POST" }),
  tables: () => api("/api/account/tables"),
  profile: (username) => api(`/api/players/${encodeURIComponent(username)}`),
  leaderboard: (game) => api(`/api/leaderboard/${encodeURIComponent(game)}`),
};
export const getReplay = (id) => api(`/api/tables/${encodeURIComponent(id)}/replay`);
export const getReplayStep = (id, step) =>
  api(`/api/tables/${encodeURIComponent(id)}/replay/${step}`);

/**
 * A seat's payloads carry only the log events added since the last one (`events_from` says how
 * many of the seat's events came before them; 0 with the whole log). SeatLog merges them back
 * into the whole log; a payload that would leave a gap is refused (null): ask for all of it.
 */
export class SeatLog {
  constructor() {
    this.events = [];
  }

  merge(payload) {
    if (payload.events_from > this.events.length) return null;
    this.events = this.events.slice(0, payload.events_from).concat(payload.events);
    return { ...payload, events: this.events, events_from: 0 };
  }
}

/**
 * Follow a table over the websocket: onState(payload) after every change, with the whole log.
 * The token goes in the subprotocol header. Reconnects with backoff and polls over HTTP while
 * disconnected; onLink(false) when the server is unreachable (its errors are then not
 * reported one by one), onLink(true) once it answers again. Returns { close(), connected(),
 * merge(payload), resync() }.
 */
export function followTable(id, token, onState, onError, onLink = () => {}) {
  let socket = null;
  let closed = false;
  let delay = 500;
  let poller = null;
  let online = true;
  const log = new SeatLog();
  const link = (up) => {
    if (up === online) return;
    online = up;
    onLink(up);
  };
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(id)}`;
  const protocols = ["ingenium", ...(token ? [`ingenium.token.${token}`] : [])];

  const take = (payload) => {
    const whole = log.merge(payload);
    if (whole) onState(whole);
    else if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
    else poll();
  };

  const poll = async () => {
    try {
      const payload = await getTable(id, token);
      link(true);
      take(payload);
    } catch (error) {
      if (error.status === 0) link(false);
      else onError(error);
    }
  };

  const open = () => {
    if (closed) return;
    socket = new WebSocket(url, protocols);
    socket.onopen = () => {
      delay = 500;
      link(true);
      clearInterval(poller);
      poller = null;
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state" || message.type === "update") take(message.payload);
      else if (message.type === "error") onError(new ApiError(message.status, message.detail));
    };
    socket.onclose = (event) => {
      socket = null;
      if (closed || (event.code >= 4400 && event.code < 4500 && event.code !== 4429)) return;
      if (event.code !== 4429) poll();  // unreachable, or just a restart? the poll tells
      if (!poller) poller = setInterval(poll, 2000);
      setTimeout(open, event.code === 4429 ? Math.max(delay, 4000) : delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return {
    close() {
      closed = true;
      clearInterval(poller);
      if (socket) socket.close();
    },
    connected: () => socket !== null && socket.readyState === WebSocket.OPEN,
    merge: take,
    resync: poll,
  };
}

// -- the seats this browser holds --------------------------------------------------------------
const KEY = "ingenium.seats";

/** Remember a seat token so the lobby can offer to return to the table ("Your tables");
 *  `hotseat`: one of several seats played at this one screen. */
export function rememberSeat(tableId, seat, token, title, hotseat = false, name = null) {
  const seats = mySeats().filter((s) => !(s.tableId === tableId && s.seat === seat));
  seats.unshift({ tableId, seat, token, title, hotseat, name, at: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(seats.slice(0, 60)));
}

/** The hotseat seats this browser holds at a table: {seat: token}. */
export function hotseatTokens(tableId) {
  const tokens = {};
  for (const s of mySeats()) if (s.tableId === tableId && s.hotseat) tokens[s.seat] = s.token;
  return tokens;
}

/** Seats remembered in this browser, most recent first. */
export function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}
