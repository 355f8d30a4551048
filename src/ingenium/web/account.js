// Names and optional accounts: the name asked of a player opening an invitation link, the
// header's sign-in state, and the pages #/account (register, sign in), #/players/NAME (a
// profile) and #/leaderboard/GAME. Everything shown goes through h() as text, never as markup.

import { account, getGames, joinTable, mySeats, rememberSeat } from "./api.js";
import { h, mount, myName, rememberName, toast } from "./dom.js";

const SIGNED_IN = "ingenium.signedIn"; // a hint only: the cookie itself is HttpOnly

/** A seat opened by its link and not named yet: ask its player's name (remembered in this
 *  browser); signed in, let the account play the seat (its tables follow it). */
export function askName(id, token, payload) {
  if (!token || payload.seat === null) return;
  const seat = payload.seats[payload.seat];
  if (seat.kind !== "human") return;
  if (seat.named) {
    if (localStorage.getItem(SIGNED_IN)) joinTable(id, token, null).catch(() => {});
    return;
  }
  if (document.getElementById("name-dialog")) return;
  const input = h("input", { id: "name-input", maxlength: 24, required: true, value: myName(),
    autocomplete: "nickname", "aria-label": "Your name" });
  const error = h("p", { class: "error", role: "alert" });
  const submit = async (event) => {
    event.preventDefault();
    try {
      await joinTable(id, token, input.value);
      rememberName(input.value);
      dialog.remove();
    } catch (failure) {
      error.textContent = failure.message;
    }
  };
  // above the table, not over it: the board stays usable while the name is typed
  const dialog = h("section", { id: "name-dialog", class: "panel name-banner", role: "region", "aria-label": "Your name" },
    h("form", { onSubmit: submit },
      h("label", { for: "name-input" }, h("b", {}, `Your name at this ${payload.title} table `),
        h("span", { class: "muted" }, "(the others see it on the board, in the log and the chat)")),
      h("div", { class: "name-row" }, input, h("button", { type: "submit", class: "primary", id: "name-ok" }, "Sit down")),
      error));
  (document.getElementById("app") || document.body).prepend(dialog);
  input.focus({ preventScroll: true });
}

/** The header's account corner: who is signed in, or a link to sign in. */
export async function showAccountCorner() {
  const corner = document.getElementById("account-corner");
  if (!corner) return;
  try {
    const me = await account.me();
    localStorage.setItem(SIGNED_IN, "1");
    mount(corner, h("a", { href: `#/players/${encodeURIComponent(me.username)}`, id: "me" }, me.username),
      " ", h("a", { href: "#/account" }, "Account"));
  } catch {
    localStorage.removeItem(SIGNED_IN);
    mount(corner, h("a", { href: "#/account", id: "sign-in" }, "Sign in"));
  }
}

/** The signed-in account's tables (from any device), added to the lobby's "Your tables". */
export async function accountTables(box, known) {
  if (!localStorage.getItem(SIGNED_IN)) return;
  let tables;
  try {
    tables = await account.tables();
  } catch {
    return;
  }
  // a seat this browser holds whose token was replaced (sign-out everywhere): keep the new one
  for (const t of tables) {
    const held = mySeats().find((s) => s.tableId === t.table_id && s.seat === t.seat && !s.hotseat);
    if (!held || held.token === t.token) continue;
    rememberSeat(t.table_id, t.seat, t.token, held.title, false, held.name);
    for (const link of box.querySelectorAll(`li[data-table="${CSS.escape(t.table_id)}"] a[href*="token="]`)) {
      link.href = `#/table/${t.table_id}?token=${encodeURIComponent(t.token)}`;
    }
  }
  const fresh = tables.filter((t) => !known.includes(t.table_id));
  if (!fresh.length) return;
  box.hidden = false;
  box.append(h("h3", {}, "On your account"),
    h("ul", { class: "mine-list account-tables" }, fresh.map((t) => h("li", { "data-table": t.table_id },
      h("a", { href: `#/table/${t.table_id}?token=${encodeURIComponent(t.token)}` }, `${t.title} · ${t.name}`)))));
}

/** #/account: register or sign in; signed in, sign out here or everywhere. */
export function showAccount(root) {
  const box = h("section", { class: "panel account" });
  root.append(box);
  const form = (title, id, action) => {
    const user = h("input", { name: "username", autocomplete: "username", maxlength: 24, required: true, "aria-label": "Username" });
    const pass = h("input", { name: "password", type: "password", minlength: 8, required: true,
      autocomplete: id === "register" ? "new-password" : "current-password", "aria-label": "Password" });
    const error = h("p", { class: "error", role: "alert" });
    return h("form", { id, onSubmit: async (event) => {
      event.preventDefault();
      try {
        const me = await action(user.value, pass.value);
        localStorage.setItem(SIGNED_IN, "1");
        rememberName(me.username);
        await showAccountCorner();
        location.hash = "#/";
      } catch (failure) {
        error.textContent = failure.message;
      }
    } }, h("h3", {}, title), h("label", {}, "Username ", user), h("label", {}, "Password ", pass), error,
    h("button", { type: "submit", class: "primary" }, title));
  };
  account.me().then((me) => {
    const out = (everywhere) => async () => {
      await (everywhere ? account.logoutEverywhere() : account.logout());
      localStorage.removeItem(SIGNED_IN);
      await showAccountCorner();
      toast(everywhere ? "Signed out on every device" : "Signed out", "info");
      location.hash = "#/";
    };
    mount(box, h("h2", {}, `Signed in as ${me.username}`),
      h("p", {}, h("a", { href: `#/players/${encodeURIComponent(me.username)}` }, "Your profile"), " · ",
        h("a", { href: "#/leaderboard/legendary-inventors" }, "Leaderboards")),
      h("button", { type: "button", id: "sign-out", onClick: out(false) }, "Sign out"), " ",
      h("button", { type: "button", id: "sign-out-everywhere", onClick: out(true) }, "Sign out everywhere"));
  }).catch(() => mount(box, h("h2", {}, "Account"),
    h("p", { class: "muted" }, "An account is optional: invitation links work without one. With one, your tables follow you to any device, and your finished games are rated."),
    h("div", { class: "account-forms" }, form("Sign in", "login", account.login), form("Register", "register", account.register))));
}

/** #/players/NAME: ratings per game and finished games. */
export function showProfile(root, username) {
  const box = h("section", { class: "panel profile" }, h("p", { class: "muted" }, "Loading…"));
  root.append(box);
  account.profile(username).then((p) => mount(box, h("h2", {}, p.username),
    h("h3", {}, "Ratings"),
    p.ratings.length ? h("table", { class: "list" }, h("tbody", {}, p.ratings.map((r) => h("tr", {},
      h("td", {}, h("a", { href: `#/leaderboard/${r.game}` }, r.game)), h("td", { class: "num" }, r.rating),
      h("td", { class: "muted" }, `${r.games} game${r.games === 1 ? "" : "s"}`)))))
      : h("p", { class: "muted" }, "No rated game yet."),
    h("h3", {}, "Finished games"),
    p.finished.length ? h("ul", { class: "finished-games" }, p.finished.map((g) => h("li", {},
      h("a", { href: `#/replay/${g.table_id}` }, `${g.title}: ${g.seats.map((s) => s.name).join(", ")}`))))
      : h("p", { class: "muted" }, "No finished game yet.")))
    .catch((error) => mount(box, h("p", { class: "error" }, error.message)));
}

/** #/leaderboard/GAME: the game's rated players, best first (bots by level). */
export function showLeaderboard(root, game) {
  const box = h("section", { class: "panel leaderboard" }, h("p", { class: "muted" }, "Loading…"));
  root.append(box);
  Promise.all([getGames(), account.leaderboard(game)]).then(([games, rows]) => mount(box,
    h("h2", {}, "Leaderboard"),
    h("p", {}, games.map((g) => h("a", { href: `#/leaderboard/${g.name}`, class: g.name === game ? "current" : "" }, g.title))
      .flatMap((a, i) => (i ? [" · ", a] : [a]))),
    rows.length ? h("table", { class: "list" }, h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Games"].map((c) => h("th", {}, c)))),
      h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, r.rank),
        h("td", {}, r.bot ? r.name : h("a", { href: `#/players/${encodeURIComponent(r.name)}` }, r.name)),
        h("td", { class: "num" }, r.rating), h("td", { class: "num" }, r.games)))))
      : h("p", { class: "muted" }, "Nobody is rated at this game yet.")))
    .catch((error) => mount(box, h("p", { class: "error" }, error.message)));
}
