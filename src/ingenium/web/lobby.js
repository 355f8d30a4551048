// The lobby: create a table (game, players, seats), hand out invitation links, list tables.

import { createTable, getBots, getBotStrength, getGames, getLobby, mySeats, rememberSeat } from "./api.js";

// Turn clocks offered at creation: "mode:seconds:increment" (BGA's real time and turn based)
const CLOCKS = [["", "No clock"], ["realtime:300:10", "Real time: 5 min + 10 s a turn"],
  ["realtime:900:30", "Real time: 15 min + 30 s a turn"], ["turn:86400:0", "Turn based: 1 day a turn"],
  ["turn:259200:0", "Turn based: 3 days a turn"]];
import { h, mount, myName, rememberName, seatColor, seatName, toast } from "./dom.js";
import { accountTables } from "./account.js";

/** Show the lobby in `root`; returns a cleanup function. */
export function showLobby(root) {
  const form = h("section", { class: "panel new-table" }, h("h2", {}, "New table"), h("p", { class: "muted" }, "Loading games…"));
  const created = h("section", { class: "panel created", hidden: true });
  const tables = h("section", { class: "panel tables" });
  const mine = h("section", { class: "panel mine" });
  root.append(h("div", { class: "lobby" }, h("div", { class: "lobby-left" }, form, created, mine), tables));

  let alive = true;
  Promise.all([getGames(), getBots(), getBotStrength().catch(() => [])])
    .then(([games, bots, strength]) => buildForm(form, created, games, bots, strength, () => refreshMine(mine)))
    .catch((error) => mount(form, h("h2", {}, "New table"), h("p", { class: "error" }, error.message)));
  let finished = false;
  const refresh = async () => {
    if (!alive) return;
    try {
      renderTables(tables, await getLobby(finished), finished, (value) => {
        finished = value;
        refresh();
      });
    } catch (error) {
      mount(tables, h("h2", {}, "Tables"), h("p", { class: "error" }, error.message));
    }
  };
  refresh();
  refreshMine(mine);
  const timer = setInterval(refresh, 4000);
  return () => {
    alive = false;
    clearInterval(timer);
  };
}

// What each level a person picks is (the server's bots.LEVELS names their specs).
const LEVEL_NOTES = {
  easy: "greedy, a random move one time in three",
  medium: "greedy: best move one step ahead",
  hard: "search, 1 s a move",
};

/** The measured figure to show for a level in this game: vs greedy before vs random, the
 * nearest player count first (strength.toml, written by benchmarks/bot_strength.py). */
export function strengthOf(strength, level, game, players) {
  const rows = strength.filter((row) => row.level === level && row.game === game);
  rows.sort((a, b) => (a.opponent === "greedy" ? 0 : 1) - (b.opponent === "greedy" ? 0 : 1)
    || Math.abs(a.players - players) - Math.abs(b.players - players));
  return rows[0] || null;
}

function buildForm(form, created, games, bots, strength, onCreated) {
  if (!games.length) {
    mount(form, h("h2", {}, "New table"), h("p", {}, "No game is registered."));
    return;
  }
  const preferred = games.some((g) => g.name === "legendary-inventors") ? "legendary-inventors" : games[0].name;
  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === preferred }, g.title)));
  const playersSelect = h("select", { id: "players", name: "players" });
  const variantSelect = h("select", { id: "variant", name: "variant" });
  const variantLabel = h("span", {}, "Variant ");
  const modifierBox = h("span", { class: "variant-modifiers" });
  const variantRow = h("div", { class: "variant-row" }, h("label", { for: "variant" }, variantLabel), variantSelect, modifierBox);
  const seatsBox = h("div", { class: "seats" });
  const button = h("button", { type: "submit", class: "primary", id: "create" }, "Create table");
  const hotseat = h("input", { type: "checkbox", id: "hotseat", name: "hotseat" });
  const clockSelect = h("select", { id: "clock", name: "clock" },
    CLOCKS.map(([value, label]) => h("option", { value }, label)));
  const choices = ["human", ...bots];
  const hotseatRow = h("label", { class: "toggle", title: "Several people play at this one screen, passing the device" },
    h("span", {}, hotseat, " Hotseat: all humans at this screen"));
  // hotseat means something only with two human seats or more (never in a solo game)
  const renderHotseat = () => {
    const humans = [...seatsBox.querySelectorAll("select")].filter((sel) => sel.value === "human").length;
    hotseatRow.hidden = humans < 2;
    if (hotseatRow.hidden) hotseat.checked = false;
  };

  // short option labels (levels first, the bare bot kinds apart); what the chosen one is and
  // how strong it measured goes on a line below the seat, never cut off
  const seatLabel = (choice) => (choice === "human" ? "Human"
    : LEVEL_NOTES[choice] ? `${cap(choice)} bot` : `${choice} bot`);
  const seatNote = (choice) => {
    if (choice === "human") return "";
    const measured = strengthOf(strength, choice, gameSelect.value, Number(playersSelect.value));
    return [LEVEL_NOTES[choice] ? `${cap(choice)} bot: ${LEVEL_NOTES[choice]}` : `The ${choice} bot at its default settings`,
      measured ? `measured ${measured.summary}` : ""].filter(Boolean).join(" · ");
  };
  const levels = bots.filter((b) => LEVEL_NOTES[b]);
  const kinds = bots.filter((b) => !LEVEL_NOTES[b]);
  const renderSeats = () => {
    const previous = [...seatsBox.querySelectorAll("select")].map((sel) => sel.value);
    const count = Number(playersSelect.value);
    const defaultBot = bots.includes("medium") ? "medium" : bots.includes("greedy") ? "greedy" : bots[0];
    const typed = [...seatsBox.querySelectorAll("input.seat-name")].map((input) => input.value);
    mount(seatsBox, Array.from({ length: count }, (_, seat) => {
      const picked = previous[seat] || (seat === 0 ? "human" : defaultBot);
      const option = (choice) => h("option", { value: choice, selected: picked === choice }, seatLabel(choice));
      const note = h("div", { class: "seat-note muted", "data-seat": seat }, seatNote(picked));
      const select = h("select", { name: `seat-${seat}`, "data-seat": seat, "aria-label": `Seat ${seat + 1}`,
        onChange: (event) => { note.textContent = seatNote(event.target.value); } },
      option("human"),
      levels.length ? h("optgroup", { label: "Bots by level" }, levels.map(option)) : null,
      kinds.length ? h("optgroup", { label: "Bots by kind (for comparisons)" }, kinds.map(option)) : null);
      const name = h("input", { class: "seat-name", name: `name-${seat}`, "data-seat": seat, maxlength: 24,
        placeholder: seat === 0 ? "Your name" : "Name (or asked when they join)",
        "aria-label": `Name of seat ${seat + 1}`, value: typed[seat] ?? (seat === 0 ? myName() : "") });
      return h("div", { class: "seat-block" }, h("label", { class: "seat-row" },
        h("span", { class: "seat-dot", style: `background:${seatColor(seat)}` }), `Seat ${seat + 1}`, select),
      h("div", { class: "seat-row" }, name), note);
    }));
    const showNames = () => seatsBox.querySelectorAll(".seat-block").forEach((block) => {
      block.querySelector("input.seat-name").hidden = block.querySelector("select").value !== "human";
    });
    seatsBox.onchange = showNames;
    showNames();
    renderHotseat();
  };
  const renderVariants = () => {
    const game = games.find((g) => g.name === gameSelect.value);
    const count = (game.player_counts || {})[playersSelect.value] || { variants: game.variants, standard: true };
    const { bases, modifiers } = splitVariants(count.variants);
    const previous = variantSelect.value;
    mount(variantSelect, count.standard ? h("option", { value: "" }, "Standard") : null,
      bases.map((v) => h("option", { value: v, selected: v === previous }, cap(v.replace(/-/g, " ")))));
    variantLabel.textContent = Number(playersSelect.value) === 1 ? "Difficulty " : "Variant ";
    variantRow.hidden = !bases.length;
    mount(modifierBox, modifiers.map((m) => h("span", { class: "toggle" },
      h("input", { type: "checkbox", "data-modifier": m, id: `variant-${m}` }),
      h("label", { for: `variant-${m}` }, ` ${cap(m.replace(/-/g, " "))}`))));
  };
  const renderGame = () => {
    const game = games.find((g) => g.name === gameSelect.value);
    const current = Number(playersSelect.value) || Math.min(Math.max(3, game.min_players), game.max_players);
    mount(playersSelect, Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
      const n = game.min_players + i;
      return h("option", { value: n, selected: n === current }, n === 1 ? "1 player (solo)" : `${n} players`);
    }));
    if (current < game.min_players || current > game.max_players) playersSelect.value = game.min_players;
    renderVariants();
    renderSeats();
  };
  // the variant sent: the base chosen, then each ticked modifier ("expert+extra-tough")
  const chosenVariant = () => [variantSelect.value,
    ...[...modifierBox.querySelectorAll("input:checked")].map((box) => box.dataset.modifier)]
    .filter(Boolean).join("+");

  const submit = async (event) => {
    event.preventDefault();
    button.disabled = true;
    const seats = [...seatsBox.querySelectorAll("select")].map((sel) => sel.value);
    const names = [...seatsBox.querySelectorAll("input.seat-name")].map((input, seat) =>
      (seats[seat] === "human" && input.value.trim()) || null);
    const spec = { game: gameSelect.value, players: Number(playersSelect.value), seats, names };
    if (chosenVariant()) spec.variant = chosenVariant();
    if (clockSelect.value && seats.includes("human")) {
      // the clock is part of the table every seat joins (nobody can impose one later)
      const [mode, seconds, increment] = clockSelect.value.split(":");
      spec.clock = { mode, seconds: Number(seconds), increment: Number(increment) };
    }
    try {
      const table = await createTable(spec);
      const title = games.find((g) => g.name === table.game).title;
      // hotseat: every human seat plays at this screen; otherwise this browser keeps only the
      // creator's seat, and the other invitations are shown once, to send
      const humans = table.seats.filter((seat) => seat.token);
      if (humans.length) rememberName(names[humans[0].seat]);
      for (const seat of hotseat.checked ? humans : humans.slice(0, 1)) {
        rememberSeat(table.table_id, seat.seat, seat.token, title, hotseat.checked, seat.name);
      }
      showCreated(created, table, title, hotseat.checked);
      onCreated();
    } catch (error) {
      toast(error.message);
    } finally {
      button.disabled = false;
    }
  };

  mount(form, h("h2", {}, "New table"),
    h("form", { onSubmit: submit },
      h("label", {}, "Game ", gameSelect),
      h("label", {}, "Players ", playersSelect),
      variantRow,
      h("label", {}, "Clock ", clockSelect),
      seatsBox,
      hotseatRow,
      button));
  seatsBox.addEventListener("change", renderHotseat);
  gameSelect.addEventListener("change", renderGame);
  playersSelect.addEventListener("change", () => {
    renderVariants();
    renderSeats();
  });
  renderGame();
}

const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** Variants as a choice plus checkboxes: "expert+extra-tough" is the base "expert" with the
 * modifier "extra-tough" when every base with that modifier is offered both ways. */
export function splitVariants(variants) {
  const plain = variants.filter((v) => !v.includes("+"));
  const modifiers = [...new Set(variants.filter((v) => v.includes("+")).map((v) => v.split("+").slice(1).join("+")))]
    .filter((m) => plain.every((base) => variants.includes(`${base}+${m}`)));
  const bases = variants.filter((v) => !modifiers.some((m) => v.endsWith(`+${m}`) && plain.includes(v.slice(0, -m.length - 1))));
  // in the order the modified variants list them (the levels' order, easiest first)
  const rank = (v) => (modifiers.length ? variants.indexOf(`${v}+${modifiers[0]}`) : 0);
  return { bases: [...bases].sort((a, b) => rank(a) - rank(b)), modifiers };
}

function showCreated(box, table, title, hotseat) {
  box.hidden = false;
  const humans = table.seats.filter((seat) => seat.token);
  const names = table.seats.map((seat) => seat.name);
  const seatName = (seat) => names[seat];
  const invite = (seat) => {
    const input = h("input", { readonly: true, value: seat.url, class: "invite", "data-seat": seat.seat });
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(seat.url);
        toast("Invitation link copied", "info");
      } catch {
        input.select();
        document.execCommand("copy");
        toast("Invitation link selected: copy it", "info");
      }
    };
    return h("div", { class: "invite-row" },
      h("span", { class: "seat-dot", style: `background:${seatColor(seat.seat)}` }),
      h("b", {}, seatName(seat.seat)), input,
      h("button", { type: "button", onClick: copy }, "Copy"),
      h("a", { class: "button primary play-seat", href: `#/table/${table.table_id}?token=${encodeURIComponent(seat.token)}`,
        "data-seat": seat.seat }, `Play as ${seatName(seat.seat)}`));
  };
  if (hotseat && humans.length) {
    mount(box, h("h2", {}, `${title} table created`),
      h("p", {}, `A hotseat table: ${humans.map((s) => seatName(s.seat)).join(", ")} play at this screen, passing the device.`),
      h("p", {}, h("a", { class: "button primary play-hotseat", href: `#/table/${table.table_id}?hotseat=1` }, "Start playing")));
    return;
  }
  mount(box, h("h2", {}, `${title} table created`),
    humans.length
      ? h("p", {}, "Each human seat has its own secret link. Keep yours; send the others to your friends.")
      : h("p", {}, "Only bots at this table: watch them play."),
    humans.map(invite),
    h("p", {}, h("a", { href: `#/table/${table.table_id}`, class: "watch" }, "Watch as a spectator")));
}

function renderTables(box, tables, finished, setFinished) {
  const toggle = h("label", { class: "toggle" },
    h("input", { type: "checkbox", checked: finished, onChange: (e) => setFinished(e.target.checked) }),
    " show finished");
  const rows = tables.map((t) => tableRow(t));
  mount(box, h("div", { class: "panel-head" }, h("h2", {}, "Tables"), toggle),
    tables.length
      ? h("div", { class: "scroll-x" }, h("table", { class: "list" },
        h("thead", {}, h("tr", {}, ["Game", "Seats", "Status", ""].map((c) => h("th", {}, c)))),
        h("tbody", {}, rows)))
      : h("p", { class: "muted" }, "No table yet. Create one!"));
}

function tableRow(t) {
  const names = t.seats.map((seat) => seat.name);
  const seatName = (seat) => names[seat] || `Seat ${seat + 1}`;
  return h("tr", { "data-table": t.table_id },
    h("td", {}, t.title, t.variant ? h("div", { class: "muted" }, t.players === 1 ? `solo · ${t.variant.replace("+", ", ")}` : t.variant) : null),
    h("td", {}, t.seats.map((seat) => [h("span", {
      class: `seat-dot${t.to_move === seat.seat ? " to-move" : ""}`,
      title: `${seatName(seat.seat)}${t.to_move === seat.seat ? ", to move" : ""}`,
      style: `background:${seatColor(seat.seat)}${seat.kind === "bot" ? ";opacity:.45" : ""}` }),
    h("span", { class: "seat-label" }, seatName(seat.seat))])),
    h("td", {}, h("span", { class: `status ${t.status}` }, t.status),
      t.to_move !== null && t.to_move !== undefined
        ? h("div", { class: "to-move-line" }, h("span", { class: "seat-dot", style: `background:${seatColor(t.to_move)}` }),
          `${seatName(t.to_move)} to move`) : null,
      h("div", { class: "muted activity", title: new Date(t.updated_at).toLocaleString() },
        ago(t.updated_at), t.moves === null || t.moves === undefined ? null : [" · ", h("span", {
          class: "move-count", title: "Decisions the players have made so far (dice rolls, shuffles and other chance draws are not counted)",
        }, `move ${t.moves}`)])),
    h("td", {}, t.status === "finished"
      ? h("a", { href: `#/replay/${t.table_id}` }, "Replay")
      : t.status === "damaged"
        ? h("span", { class: "muted", title: "its stored record cannot be replayed" }, "cannot be resumed")
        : h("a", { href: `#/table/${t.table_id}` }, "Watch")));
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(stamp) {
  const seconds = Math.max(0, (Date.now() - new Date(stamp).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

function refreshMine(box) {
  // one line per table: a hotseat table's seats together, another table's seat by itself
  const lines = [];
  for (const seat of mySeats()) {
    const same = seat.hotseat && lines.find((l) => l.hotseat && l.tableId === seat.tableId);
    if (same) {
      same.seats.push(seat.seat);
      same.names[seat.seat] = seat.name;
    } else lines.push({ ...seat, seats: [seat.seat], names: { [seat.seat]: seat.name } });
  }
  box.hidden = !lines.length;
  accountTables(box, lines.map((l) => l.tableId));
  mount(box, h("h2", {}, "Your tables"),
    h("ul", { class: "mine-list" }, lines.slice(0, 12).map((line) => h("li", { "data-table": line.tableId },
      h("a", { href: line.hotseat ? `#/table/${line.tableId}?hotseat=1`
        : `#/table/${line.tableId}?token=${encodeURIComponent(line.token)}` },
      `${line.title} · ${line.hotseat ? `hotseat: ${line.seats.sort().map((s) => line.names[s] || `seat ${s + 1}`).join(", ")}` : line.name || `seat ${line.seat + 1}`}`),
      h("span", { class: "muted" }, ` ${ago(new Date(line.at).toISOString())}`)))));
}
