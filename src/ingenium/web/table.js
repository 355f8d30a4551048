// A table: the board drawn from the seat's view, the decision's options, whose turn it is, the
// log, the scores, undo, live updates over the websocket and the end screen.

import { api, followTable, move, undo } from "./api.js";
import { boardFor } from "./boards/index.js";
import { askName } from "./account.js";
import { h, keepingFocus, mount, seatColor, seatName, setSeatNames, toast } from "./dom.js";
import { loadGlossary } from "./glossary.js";
import { highlightEvents, latestEvents } from "./highlight.js";
import { popupTitles } from "./popup.js";
import { notifySwitch, tabTitle, yourTurnNow } from "./notify.js";
import { chatPanel } from "./chat.js";
import { clockPanel } from "./clock.js";
import { autoplaySwitch, autoplayWanted, forcedOption, playForced } from "./forced.js";
import { handOver, pageToken, rememberOpenedSeat } from "./seats.js";
import { rivalOf, soloResult } from "./solo.js";
import { finalReport } from "./endgame.js";

/** Show table `id` as the seat of `token` (spectator without); at a hotseat table
 *  (`where.hotseat`) as the held seat `where.seat`. Returns a cleanup function. */
export function showTable(root, id, givenToken, where = {}) {
  const token = pageToken(id, givenToken, where);
  const page = h("div", { id: "table", class: "table-page", "data-table": id, "data-seq": -1 });
  root.append(page);
  page.append(h("p", { class: "muted" }, "Loading table…"));
  let payload = null;
  let busy = false;
  let logScroll = null;
  let glossary = null;
  let latest = [];
  let seenEvents = null;
  let offline = false;
  let forcedAt = null; // the seq at which a forced choice was last played
  let autoPending = false; // a forced choice is about to be played: nothing else is clickable
  let cancelForced = null; // calls off the forced move about to be played (the page may be left first)
  const notes = []; // this page's own log lines (forced choices played for the seat)
  const chat = chatPanel(id, token, (text) => {
    notes.push({ after: payload ? payload.events.length : Infinity, text });
    if (payload && glossary !== null && !(glossary instanceof Promise)) draw();
  });
  const clocks = clockPanel(id);
  const leave = async () => {
    if (!confirm("Leave this table? A bot will play your seat to the end.")) return;
    try {
      await api(`/api/tables/${encodeURIComponent(id)}/leave`, { method: "POST", body: { token } });
      location.hash = "#/";
    } catch (error) {
      toast(error.message);
    }
  };

  let namesShown = "";
  const render = (next) => {
    setSeatNames(next.seats);
    const names = JSON.stringify(next.seats.map((seat) => seat.name));
    if (names !== namesShown) {  // chat lines drawn before the names came say them again
      namesShown = names;
      chat.renamed();
    }
    if (!payload && !where.hotseat) askName(id, token, next);
    const mine = next.seat === null ? null : next.seats[next.seat];
    if (mine && (mine.named || mine.kind !== "human")) document.getElementById("name-dialog")?.remove();
    if (where.hotseat && handOver(page, id, next)) {
      follower.close();
      return;
    }
    if (!payload && !where.hotseat) rememberOpenedSeat(id, token, next);
    if (payload && !payload.your_turn && next.your_turn) yourTurnNow(next);
    if (!payload || next.seq !== payload.seq) {
      clocks.refresh();
      latest = latestEvents(next.events, seenEvents);
      seenEvents = next.events.length;
    }
    payload = next;
    busy = false;
    for (const note of notes) if (note.after === Infinity) note.after = next.events.length;
    if (glossary === null) {
      glossary = loadGlossary(next.game).then((loaded) => {
        glossary = loaded;
        draw();
      });
      return;
    }
    if (glossary instanceof Promise) return;
    const log = page.querySelector(".log ol");
    logScroll = log ? log.scrollHeight - log.scrollTop - log.clientHeight : null;
    draw();
  };

  const choose = async (optionId) => {
    if (busy || offline || !payload || !payload.your_turn) return;
    busy = true;
    page.classList.add("busy");
    page.querySelectorAll("button.option").forEach((b) => { b.disabled = true; });
    try {
      const answer = await move(id, token, optionId, payload.seq);
      if (!follower.connected()) follower.merge(answer);
    } catch (error) {
      busy = false;
      if (error.status !== 0) toast(error.message); // unreachable: the banner says it
      if (error.status === 409) follower.resync(); // stale: catch up by itself
      else draw();
    } finally {
      page.classList.remove("busy");
    }
  };

  const takeBack = async () => {
    try {
      const answer = await undo(id, token, payload.seq);
      if (!follower.connected()) follower.merge(answer);
    } catch (error) {
      toast(error.message);
    }
  };

  const draw = () => keepingFocus(drawNow);
  const drawNow = () => {
    const p = payload;
    page.dataset.seq = p.seq;
    page.dataset.status = p.status;
    page.dataset.yourTurn = String(p.your_turn);
    document.title = tabTitle(p);
    const decision = p.view.decision;
    const options = new Map(p.your_turn && decision && decision.options
      ? decision.options.map((o) => [o.id, o]) : []);
    const board = h("div", { class: "board", "data-game": p.game });
    const forced = forcedOption(p);
    const autoNow = forced && !busy && !offline && autoplayWanted() && forcedAt !== p.seq;
    if (autoNow) {
      forcedAt = p.seq;
      autoPending = true;
    }
    const idle = busy || offline || autoPending;
    try {
      boardFor(p.game).render(board, p, { options, choose: idle ? null : choose, seat: p.seat, glossary });
    } catch (error) {
      console.error(error);
      board.append(h("p", { class: "error" }, `This board cannot be drawn: ${error.message}`));
    }
    popupTitles(board);
    highlightEvents(board, latest);
    queueMicrotask(clocks.paint);
    mount(page,
      topBar(p, p.seat === null ? null : autoplaySwitch(() => draw()),
        p.seat === null || p.status === "finished" ? null
          : h("button", { class: "leave", onClick: leave, title: "A bot plays your seat to the end" }, "Leave table")),
      p.status === "finished" ? finalReport(p.final_report, reportNames(p), !!rivalOf(p.view)) : null,
      h("div", { class: "table-main" },
        board,
        h("aside", { class: "side" },
          p.status === "finished" ? endScreen(p, id, glossary) : decisionPanel(p, options, choose, takeBack, idle, autoPending),
          clocks.element,
          scoresPanel(p),
          logPanel(p, p.events, new Set(latest.map((e) => e.seq)), notes),
          chat.element)));
    const log = page.querySelector(".log ol");
    if (log) log.scrollTop = logScroll === null || logScroll < 30 ? log.scrollHeight : log.scrollHeight - logScroll - log.clientHeight;
    if (autoNow) {
      cancelForced = playForced(forced, p, (optionId) => {
        autoPending = false;
        return choose(optionId);
      }, notes);
    }
  };

  const banner = h("div", { class: "offline-banner", role: "alert", hidden: true },
    "Offline — reconnecting…");
  document.body.append(banner);
  const onLink = (up) => {
    offline = !up;
    banner.hidden = up;
    page.classList.toggle("offline", offline);
    if (up) follower.resync();
    else if (payload && !(glossary instanceof Promise) && glossary !== null) draw();
  };
  const follower = followTable(id, token, render, (error) => {
    if (error.status === 403 && payload && token) { // the seat went to a bot (left, timed out)
      follower.close();
      toast("A bot now plays your seat: you are watching the table", "info");
      location.hash = `#/table/${id}`;
      return;
    }
    if (!payload) mount(page, h("p", { class: "error" }, error.message), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    else toast(error.message);
  }, onLink);
  return () => {
    if (cancelForced) cancelForced();
    follower.close();
    chat.close();
    clocks.close();
    banner.remove();
    document.getElementById("name-dialog")?.remove();
    document.title = "Ingenium";
  };
}

function who(p, seat) {
  const info = p.seats[seat];
  // a human seat a bot took over (timed out, left) keeps its name: say a bot plays it now
  const taken = info && info.kind === "bot" && !/\bbot\b/i.test(seatName(seat)) ? " (bot)" : "";
  return `${seatName(seat)}${p.seat === seat ? " (you)" : ""}${taken}`;
}

function topBar(p, autoplay, leave) {
  let status;
  if (p.status === "finished") status = h("span", { class: "turn-banner over" }, "Game over");
  else if (p.your_turn) status = h("span", { class: "turn-banner yours" }, "Your turn");
  else status = h("span", { class: "turn-banner" }, "Waiting for ",
    h("b", { style: `color:${seatColor(p.to_move)}` }, who(p, p.to_move)));
  return h("div", { class: "table-top" },
    h("h2", {}, p.title),
    h("span", { class: "muted move-count", title: "Decisions the players have made so far (dice rolls, shuffles and other chance draws are not counted)" },
      `move ${p.moves ?? p.seq}`),
    h("span", { class: "muted" }, p.seat === null ? "watching as a spectator" : `you are ${seatName(p.seat)}`),
    p.seat === null ? null : notifySwitch(),
    autoplay,
    leave,
    status);
}

// a phone's docked panel (the question, the end screen) can be folded down to its first line
let dockFolded = false;

/** The handle that folds and unfolds a docked panel (shown on small screens only). */
function dockHandle(panel) {
  const label = () => (dockFolded ? "▴ Show" : "▾ Hide");
  const handle = h("button", { type: "button", class: "dock-handle", "aria-expanded": String(!dockFolded),
    onClick: () => {
      dockFolded = !dockFolded;
      panel.classList.toggle("folded", dockFolded);
      handle.textContent = label();
      handle.setAttribute("aria-expanded", String(!dockFolded));
    } }, label());
  panel.classList.toggle("folded", dockFolded);
  panel.prepend(handle);
  return panel;
}

function decisionPanel(p, options, choose, takeBack, busy, autoPending = false) {
  const decision = p.view.decision;
  const panel = h("section", { class: "panel decision dock", "aria-label": "Your decision" });
  if (!decision) return panel;
  dockHandle(panel);
  if (p.your_turn) {
    panel.append(h("h3", {}, decision.prompt),
      h("div", { class: "options" }, [...options.values()].map((option) =>
        h("button", { class: "option", "data-option": option.id, disabled: busy,
          onClick: () => choose(option.id) }, option.label,
        p.option_help?.[option.id] ? h("small", { class: "option-help" }, p.option_help[option.id]) : null))));
    if (autoPending) panel.append(h("p", { class: "muted auto-note" }, "The only choice: playing it for you…"));
  } else {
    panel.append(h("h3", {}, `${who(p, decision.seat)}: ${decision.prompt}`),
      h("p", { class: "muted" }, p.seats[decision.seat]?.kind === "bot" ? "The bot is thinking…" : "Waiting for their move…"));
  }
  if (p.can_undo) {
    panel.append(h("button", { class: "undo", onClick: takeBack, title: "Take back your last move" }, "↶ Undo"));
  }
  return panel;
}

function scoresPanel(p) {
  const order = p.ranking || p.seats.map((s) => s.seat);
  const rival = rivalOf(p.view);
  return h("section", { class: "panel scores" },
    h("h3", {}, p.status === "finished" ? "Final scores" : "Scores"),
    h("table", { class: "list" }, h("tbody", {}, order.map((seat, place) => h("tr", { class: p.to_move === seat ? "to-move" : "" },
      p.ranking && !rival ? h("td", {}, `${place + 1}.`) : null,
      h("td", {}, h("span", { class: "seat-dot", style: `background:${seatColor(seat)}` }), who(p, seat)),
      h("td", { class: "num" }, (p.scores || [])[seat] ?? ""))),
    rival ? h("tr", { class: "rival" },
      h("td", {}, h("span", { class: "seat-dot", style: `background:${seatColor(1)}` }), `${rival.name} (automated rival)`),
      h("td", { class: "num" }, rival.score)) : null)));
}

/** A solo game's end: who won, the one seat or the rival, with both scores. */
function soloEndScreen(p, id, rival) {
  const player = p.seat === 0 ? "" : seatName(0);
  return dockHandle(h("section", { class: "panel end dock", id: "end-screen" },
    h("h3", {}, "Game over"),
    h("p", { class: "winner" }, soloResult(rival, p.winners, p.scores[0], player)),
    h("ol", { class: "final-scores" }, ((p.winners || []).includes(0) ? [0, 1] : [1, 0]).map((k) => (k === 0
      ? h("li", { "data-seat": 0 }, `${who(p, 0)}: `, h("b", {}, p.scores[0]))
      : h("li", { class: "rival" }, `${rival.name}: `, h("b", {}, rival.score))))),
    h("p", {}, h("a", { class: "button primary", href: `#/replay/${id}` }, "Replay the game move by move"),
      " ", h("a", { class: "button", href: "#/" }, "Lobby"))));
}

function endScreen(p, id, glossary) {
  const rival = rivalOf(p.view);
  if (rival) return soloEndScreen(p, id, rival);
  const winner = p.ranking[0];
  const mine = p.seat !== null ? p.ranking.indexOf(p.seat) : -1;
  return dockHandle(h("section", { class: "panel end dock", id: "end-screen" },
    h("h3", {}, "Game over"),
    h("p", { class: "winner" }, h("span", { class: "seat-dot", style: `background:${seatColor(winner)}` }),
      `${who(p, winner)} wins with ${p.scores[winner]} points`),
    mine >= 0 ? h("p", {}, `You finished ${ordinal(mine + 1)} of ${p.players}.`) : null,
    h("ol", { class: "final-scores" }, p.ranking.map((seat) =>
      h("li", { "data-seat": seat }, `${who(p, seat)}: `, h("b", {}, p.scores[seat])))),
    h("p", {}, h("a", { class: "button primary", href: `#/replay/${id}` }, "Replay the game move by move"),
      " ", h("a", { class: "button", href: "#/" }, "Lobby"))));
}

/** The end report's columns: every seat, then a solo game's automated rival. */
function reportNames(p) {
  const rival = rivalOf(p.view);
  return [...p.seats.map((_, seat) => who(p, seat)), ...(rival ? [rival.name] : [])];
}

function ordinal(n) {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}

/** The log panel; shared with the replay page. */
export function logPanel(p, events = p.events, fresh = new Set(), notes = []) {
  const note = (after) => notes.filter((n) => n.after === after)
    .map((n) => h("li", { class: "event note" }, n.text));
  return h("section", { class: "panel log" },
    h("h3", {}, "Log"),
    h("ol", {}, note(0), events.map((e, i) => [h("li", {
      class: `event${e.visible_to ? " private" : ""}${fresh.has(e.seq) ? " fresh" : ""}`,
      style: e.seat === null || e.seat === undefined ? "" : `--seat:${seatColor(e.seat)}`,
    }, p.status === "finished" && p.table_id
      ? h("a", { class: "log-link", href: `#/replay/${p.table_id}?event=${e.seq}`, title: "see the board at this point" }, e.text)
      : e.text, e.visible_to ? h("span", { class: "badge" }, `private: ${e.visible_to.map((s) => seatName(s)).join(", ")}`) : null), note(i + 1)]),
    notes.filter((n) => n.after > events.length).map((n) => h("li", { class: "event note" }, n.text))));
}
