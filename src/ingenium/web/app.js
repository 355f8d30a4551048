// The browser client's entry point: a hash router over the lobby, a table and a replay.
//   #/                      lobby
//   #/table/{id}?token=T    a table, as the seat of token T (spectator without a token); the
//                           token is kept for this tab and removed from the address at once
//   #/replay/{id}?step=K    a finished game, move by move, all hidden information revealed
//   #/account, #/players/{username}, #/leaderboard/{game}: accounts (optional), profiles, ratings

import { showAccount, showAccountCorner, showLeaderboard, showProfile } from "./account.js";
import { mount } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

const root = document.getElementById("app");
let cleanup = null;

function parseHash() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  return { parts: path.split("/").filter(Boolean), params: new URLSearchParams(query) };
}

const TAB_TOKEN = "ingenium.token.";

/** The seat token of a table page: taken out of the address (so it stays in no address bar,
 *  history entry or screenshot) and kept in this tab's sessionStorage, where a reload finds it. */
function tableToken(id, params) {
  const given = params.get("token");
  if (given) {
    sessionStorage.setItem(TAB_TOKEN + id, given);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", `#/table/${id}${rest ? `?${rest}` : ""}`);
    return given;
  }
  return sessionStorage.getItem(TAB_TOKEN + id);
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  mount(root);
  const { parts, params } = parseHash();
  if (parts[0] === "table" && parts[1]) {
    cleanup = showTable(root, parts[1], tableToken(parts[1], params),
      { hotseat: params.get("hotseat") === "1", seat: params.get("seat") });
  } else if (parts[0] === "replay" && parts[1]) {
    cleanup = showReplay(root, parts[1], params);
  } else if (parts[0] === "account") {
    showAccount(root);
  } else if (parts[0] === "players" && parts[1]) {
    showProfile(root, decodeURIComponent(parts[1]));
  } else if (parts[0] === "leaderboard") {
    showLeaderboard(root, parts[1] || "legendary-inventors");
  } else {
    cleanup = showLobby(root);
  }
  window.scrollTo(0, 0);
}

window.addEventListener("hashchange", route);
route();
showAccountCorner();
