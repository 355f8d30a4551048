// Replay of a finished game: step through every move with all hidden information revealed.

import { getReplay, getReplayStep } from "./api.js";
import { boardFor } from "./boards/index.js";
import { h, mount, seatColor, seatName } from "./dom.js";
import { loadGlossary } from "./glossary.js";
import { logPanel } from "./table.js";

/** Show the replay of table `id`; returns a cleanup function. */
export function showReplay(root, id) {
  const page = h("div", { id: "replay", class: "table-page", "data-table": id });
  root.append(page);
  page.append(h("p", { class: "muted" }, "Loading replay…"));
  const cache = new Map();
  let summary = null;
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

  const onKey = (event) => {
    if (!summary || event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", onKey);

  const draw = (data) => {
    page.dataset.step = step;
    const seat = data.to_move ?? 0;
    const next = summary.moves[step];
    const options = new Map();
    const decision = data.views[seat].decision;
    if (decision && decision.options) for (const o of decision.options) options.set(o.id, o);
    const payload = { ...summary, view: data.views[seat], seat: null, to_move: data.to_move,
      events: data.events, scores: data.scores, status: step === summary.steps ? "finished" : "running" };
    const board = h("div", { class: "board", "data-game": summary.game });
    boardFor(summary.game).render(board, payload, { options, choose: null, seat: null, glossary });
    const slider = h("input", { type: "range", min: 0, max: summary.steps, value: step, class: "slider",
      onInput: (e) => go(Number(e.target.value)) });
    const last = step > 0 ? summary.moves[step - 1] : null;
    mount(page,
      h("div", { class: "table-top" },
        h("h2", {}, `${summary.title}: replay`),
        h("span", { class: "muted" }, `table ${id}`),
        h("a", { class: "button", href: "#/" }, "Lobby")),
      h("div", { class: "replay-controls panel" },
        h("button", { onClick: () => go(0), title: "start" }, "«"),
        h("button", { onClick: () => go(step - 1), title: "previous move", class: "prev" }, "◀"),
        h("span", { class: "step" }, `move ${step} / ${summary.steps}`),
        h("button", { onClick: () => go(step + 1), title: "next move", class: "next" }, "▶"),
        h("button", { onClick: () => go(summary.steps), title: "end" }, "»"),
        slider),
      h("div", { class: "replay-moves" },
        last ? h("p", {}, "Last move: ", moveText(last)) : h("p", {}, "The game is set up."),
        next ? h("p", {}, "Next: ", moveText(next)) : h("p", { class: "winner" }, finalText(summary))),
      h("div", { class: "table-main" },
        board,
        h("aside", { class: "side" },
          h("section", { class: "panel scores" }, h("h3", {}, "Scores at this move"),
            h("ol", {}, data.scores.map((score, s) => h("li", {}, seatName(s), ": ", h("b", {}, score))))),
          logPanel(payload, data.events),
          h("section", { class: "panel hidden-info" },
            h("details", {}, h("summary", {}, "Hidden information (revealed after the game)"),
              h("pre", {}, JSON.stringify(data.hidden, null, 1)))))));
    const log = page.querySelector(".log ol");
    if (log) log.scrollTop = log.scrollHeight;
  };

  let glossary = {};
  getReplay(id)
    .then(async (data) => {
      summary = data;
      glossary = await loadGlossary(data.game);
      return go(0);
    })
    .catch((error) => mount(page, h("p", { class: "error" }, error.message),
      h("p", {}, h("a", { href: `#/table/${id}` }, "Back to the table"))));
  return () => {
    alive = false;
    document.removeEventListener("keydown", onKey);
  };
}

function moveText(m) {
  return h("span", {}, h("b", { style: `color:${seatColor(m.seat)}` }, seatName(m.seat)), ` — ${m.label}`);
}

function finalText(summary) {
  const winner = summary.ranking[0];
  return `${seatName(winner)} wins: ` + summary.ranking.map((s) => `${seatName(s)} ${summary.scores[s]}`).join(", ");
}
