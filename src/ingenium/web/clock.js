// The table's clock (GET /api/tables/{id}/clock): each seat's time, the running one counting
// down, shown in a panel beside the scores. Read again after every change of the table and
// every few seconds; between reads the running time is counted down here.

import { api } from "./api.js";
import { h, mount, seatColor, seatName } from "./dom.js";

const REFRESH_MS = 5000;

/** "1:05", "12:00", "2 d 03:10:00". */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  if (days) return `${days} d ${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${seconds}`;
  if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`;
  return `${minutes}:${seconds}`;
}

/** The clock panel of table `id`: { element, refresh(), close() } (hidden without a clock). */
export function clockPanel(id) {
  const element = h("section", { class: "panel clocks", hidden: true });
  let clock = null;
  let readAt = 0;
  let alive = true;

  const show = () => {
    if (!clock) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    const elapsed = performance.now() - readAt;
    const title = clock.mode === "realtime"
      ? `Clock: real time (${clockText(clock.seconds * 1000)} each${clock.increment ? `, +${clock.increment} s a turn` : ""})`
      : `Clock: ${clockText(clock.seconds * 1000)} per turn`;
    mount(element, h("h3", {}, title),
      h("table", { class: "list" }, h("tbody", {}, clock.left_ms.map((ms, seat) => {
        const left = seat === clock.running ? ms - elapsed : ms;
        return h("tr", { class: seat === clock.running ? "running" : "" },
          h("td", {}, h("span", { class: "seat-dot", style: `background:${seatColor(seat)}` }), seatName(seat)),
          h("td", { class: `num clock${left < 10_000 ? " low" : ""}`, "data-seat": seat }, clockText(left)));
      }))));
  };

  const refresh = async () => {
    try {
      clock = await api(`/api/tables/${encodeURIComponent(id)}/clock`);
      readAt = performance.now();
      if (alive) show();
    } catch {
      // offline: the banner says so
    }
  };
  refresh();
  const ticker = setInterval(() => { if (clock && clock.running !== null) show(); }, 250);
  const reader = setInterval(refresh, REFRESH_MS);
  return {
    element,
    refresh,
    paint: () => { if (clock) show(); },
    close() {
      alive = false;
      clearInterval(ticker);
      clearInterval(reader);
    },
  };
}
