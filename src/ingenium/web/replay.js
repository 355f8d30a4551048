// Replay of a finished game: step through it by decision or by turn, the board drawn with every
// hidden card face up (each seat's own panel from that seat's view), the scores as a table by
// seat, and the log's entries as links to the board right after them.
//   #/replay/{id}?step=K   or   ?event=E (the step right after log event E)

import { getReplay, getReplayStep } from "./api.js";
import { boardFor } from "./boards/index.js";
import { h, mount, seatColor, seatName, setSeatNames } from "./dom.js";
import { loadGlossary } from "./glossary.js";
import { popupTitles } from "./popup.js";
import { rivalOf, soloResult } from "./solo.js";
import { finalReport, tieWords } from "./endgame.js";

/** Show the replay of table `id`; returns a cleanup function. */
export function showReplay(root, id, params = new URLSearchParams()) {
  const page = h("div", { id: "replay", class: "table-page", "data-table": id });
  root.append(page);
  page.append(h("p", { class: "muted" }, "Loading replay…"));
  const cache = new Map();
  let summary = null;
  let glossary = {};
  let turns = [];
  let step = 0;
  let alive = true;

  const load = async (k) => {
    if (!cache.has(k)) cache.set(k, await getReplayStep(id, k));
    return cache.get(k);
  };

  const go = async (k) => {
    step = Math.max(0, Math.min(summary.steps, k));
    const data = await load(step);
    if (alive && data.step === step) draw(data);
  };
  const turnOf = (k) => turns.filter((start) => start <= k).length; // 1-based; 0 at setup
  const prevTurn = () => go([...turns].reverse().find((start) => start < step) ?? 0);
  const nextTurn = () => go(turns.find((start) => start > step) ?? summary.steps);

  const onKey = (event) => {
    if (!summary || event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") (event.shiftKey ? nextTurn : () => go(step + 1))();
    if (event.key === "ArrowLeft") (event.shiftKey ? prevTurn : () => go(step - 1))();
  };
  document.addEventListener("keydown", onKey);

  // The header and the controls are built once and kept: redrawn on every step, a button
  // replaced between a click's press and release lost the click, and the slider its drag.
  let stepText = null;
  let slider = null;
  let body = null;
  const build = () => {
    stepText = h("span", { class: "step" });
    slider = h("input", { type: "range", min: 0, max: summary.steps, value: step, class: "slider",
      "aria-label": "Move", onInput: (e) => go(Number(e.target.value)) });
    body = h("div", { class: "replay-body" });
    mount(page,
      h("div", { class: "table-top" },
        h("h2", {}, `${summary.title}: replay`),
        h("span", { class: "muted" }, "every hidden card face up"),
        h("a", { class: "button", href: "#/" }, "Lobby")),
      h("div", { class: "replay-controls panel" },
        h("button", { onClick: () => go(0), title: "the setup", class: "first" }, "«"),
        h("button", { onClick: prevTurn, title: "previous turn (Shift+←)", class: "prev-turn" }, "◀◀ turn"),
        h("button", { onClick: () => go(step - 1), title: "previous decision (←)", class: "prev" }, "◀"),
        stepText,
        h("button", { onClick: () => go(step + 1), title: "next decision (→)", class: "next" }, "▶"),
        h("button", { onClick: nextTurn, title: "next turn (Shift+→)", class: "next-turn" }, "turn ▶▶"),
        h("button", { onClick: () => go(summary.steps), title: "the end", class: "last" }, "»"),
        slider),
      body);
  };

  const draw = (data) => {
    if (!body) build();
    page.dataset.step = step;
    page.dataset.turn = turnOf(step);
    stepText.textContent = `decision ${step} / ${summary.steps} · turn ${turnOf(step)} / ${turns.length}`;
    if (Number(slider.value) !== step) slider.value = step;
    const next = summary.moves[step];
    const view = mergedView(data.views, data.spectator);
    const payload = { ...summary, view, seat: null, to_move: data.to_move, events: data.events,
      scores: data.scores, status: step === summary.steps ? "finished" : "running" };
    const board = h("div", { class: "board", "data-game": summary.game });
    // a replay offers nothing to click on the board: no option is passed to it
    boardFor(summary.game).render(board, payload, { options: new Map(), choose: null, seat: null, glossary });
    popupTitles(board);
    const last = step > 0 ? summary.moves[step - 1] : null;
    mount(body,
      h("div", { class: "replay-moves" },
        last ? h("p", {}, "Last move: ", moveText(last)) : h("p", {}, "The game is set up."),
        next ? h("p", {}, "Next: ", moveText(next)) : h("p", { class: "winner" }, finalText(summary, view)),
        next ? null : tieNote(summary)),
      next ? null : finalReport(summary.final_report, reportNames(summary, view), !!rivalOf(view)),
      h("div", { class: "table-main" },
        board,
        h("aside", { class: "side" },
          scoreTable(summary, data, step, rivalOf(view)),
          replayLog(data.events, summary.event_steps || [], step, go))));
    const log = page.querySelector(".log ol");
    const here = log && log.querySelector("li.here");
    if (here) here.scrollIntoView({ block: "nearest" });
    else if (log) log.scrollTop = log.scrollHeight;
  };

  getReplay(id)
    .then(async (data) => {
      summary = data;
      setSeatNames(data.seats);
      turns = data.moves.map((m, k) => (k === 0 || data.moves[k - 1].seat !== m.seat ? k : -1)).filter((k) => k >= 0);
      glossary = await loadGlossary(data.game);
      const event = params.get("event");
      const start = event !== null ? (data.event_steps || [])[Number(event)] : Number(params.get("step") || 0);
      return go(Number.isFinite(start) ? start : 0);
    })
    .catch((error) => mount(page, h("p", { class: "error" }, error.message),
      h("p", {}, h("a", { href: `#/table/${id}` }, "Back to the table"))));
  return () => {
    alive = false;
    document.removeEventListener("keydown", onKey);
  };
}

/** One view with everything face up: each seat's entry of a per-seat list (an object with
 *  `seat`) from that seat's own view, any other value the first view that shows it. */
export function mergedView(views, spectator) {
  const merge = (values) => {
    const known = values.filter((v) => v !== null && v !== undefined);
    if (!known.length) return values[0];
    const first = known[0];
    if (Array.isArray(first)) {
      return first.map((_, i) => merge(known.map((v) => (Array.isArray(v) ? v[i] : undefined))));
    }
    if (typeof first === "object") {
      const out = {};
      for (const key of new Set(known.flatMap((v) => Object.keys(v)))) out[key] = merge(known.map((v) => v[key]));
      return out;
    }
    return first;
  };
  const whole = merge([...views, spectator]);
  const own = (list, pick) => list.map((item, i) => (item && item.seat === i && pick(i) ? pick(i) : item));
  const players = whole?.table?.players;
  if (Array.isArray(players)) whole.table.players = own(players, (i) => views[i]?.table?.players?.[i]);
  return whole;
}

function scoreTable(summary, data, step, rival) {
  const done = step === summary.steps;
  const place = new Map(summary.ranking.map((seat, k) => [seat, k + 1]));
  return h("section", { class: "panel scores replay-scores" },
    h("h3", {}, done ? "Final scores" : "Scores"),
    h("table", { class: "list" },
      h("thead", {}, h("tr", {}, h("th", {}, "Seat"), h("th", { class: "num" }, `At decision ${step}`),
        h("th", { class: "num" }, "Final"), h("th", { class: "num" }, "Place"))),
      h("tbody", {}, data.scores.map((score, seat) => h("tr", { "data-seat": seat },
        h("td", {}, h("span", { class: "seat-dot", style: `background:${seatColor(seat)}` }), seatName(seat)),
        h("td", { class: "num" }, score),
        h("td", { class: "num" }, summary.scores[seat]),
        h("td", { class: "num" }, rival ? "" : place.get(seat)))),
      rival ? h("tr", { class: "rival" }, h("td", {}, h("span", { class: "seat-dot", style: `background:${seatColor(1)}` }), rival.name),
        h("td", { class: "num" }, rival.score), h("td", { class: "num" }, done ? rival.score : ""), h("td", {})) : null)));
}

function replayLog(events, eventSteps, step, go) {
  return h("section", { class: "panel log" },
    h("h3", {}, "Log (select an entry to see the board right after it)"),
    h("ol", {}, events.map((e) => {
      const at = eventSteps[e.seq];
      return h("li", { class: `event${at === step ? " here" : ""}`,
        style: e.seat === null || e.seat === undefined ? "" : `--seat:${seatColor(e.seat)}` },
      at === undefined ? e.text
        : h("button", { class: "log-link", onClick: () => go(at), title: `the board after decision ${at}` }, e.text));
    })));
}

function moveText(m) {
  return h("span", {}, h("b", { style: `color:${seatColor(m.seat)}` }, seatName(m.seat)), ` — ${m.label}`);
}

function finalText(summary, view) {
  const rival = rivalOf(view);
  if (rival) return soloResult(rival, summary.winners, summary.scores[0], seatName(0));
  const winner = summary.ranking[0];
  return `${seatName(winner)} wins: ` + summary.ranking.map((s) => `${seatName(s)} ${summary.scores[s]}`).join(", ");
}

function tieNote(summary) {
  return summary.final_report && summary.players > 1 ? h("p", { class: "tie-break" }, tieWords(summary.final_report, reportNames(summary))) : null;
}

/** The end report's columns: every seat, then a solo game's automated rival. */
function reportNames(summary, view = null) {
  const rival = view ? rivalOf(view) : null;
  const names = summary.seats.map((_, seat) => seatName(seat));
  return rival ? [...names, rival.name] : names;
}
