// A finished game's report (the server's final_report): the final score by the rulebook's
// scoring categories for every seat (a table with a bar in each cell and a stacked bar of each
// total), the tie-breaker that decided each tie, and the game's own statistics. Shown on the
// end screen and at the replay's last position.

import { h, seatColor } from "./dom.js";

// one shade per category in the stacked bars (repeats after twelve)
const SHADES = ["#2d4a6b", "#c0392b", "#2f7d4a", "#e09a1f", "#8e5cc4", "#1f9aa3", "#a0522d",
  "#5b6b7a", "#d35f8d", "#7a8f2a", "#b07d12", "#4062bb"];

/** The report as a section; `names[k]` names column k (a seat, or a solo game's rival, when
 *  `solo`: then there is no tie to break, beating the rival is what counts). */
export function finalReport(report, names, solo = false) {
  if (!report) return null;
  const columns = names.length;
  const totals = names.map((_, k) => report.categories.reduce((sum, c) => sum + (c.points[k] || 0), 0));
  const cellMax = Math.max(1, ...report.categories.flatMap((c) => c.points.slice(0, columns)));
  const totalMax = Math.max(1, ...totals);
  const head = h("tr", {}, h("th", {}, "Scoring category"),
    names.map((name, k) => h("th", { class: "num", "data-column": k },
      h("span", { class: "seat-dot", style: `background:${columnColor(k)}` }), name)));
  const rows = report.categories.map((c, i) => h("tr", { "data-category": c.name },
    h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${SHADES[i % SHADES.length]}` }), c.name),
    names.map((_, k) => h("td", { class: "num" },
      h("span", { class: "cell-bar", style: `width:${barWidth(c.points[k], cellMax)}%;background:${columnColor(k)}` }),
      h("span", { class: "cell-n" }, c.points[k] ?? 0)))));
  const foot = h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
    totals.map((t) => h("td", { class: "num" }, h("b", {}, t))));
  const bars = h("div", { class: "score-bars", role: "img", "aria-label": "Totals by category" },
    names.map((name, k) => h("div", { class: "score-bar-row", "data-column": k },
      h("span", { class: "score-bar-name" }, name),
      h("span", { class: "score-bar" }, report.categories.map((c, i) => (c.points[k] > 0
        ? h("span", { class: "score-bar-part", style: `width:${barWidth(c.points[k], totalMax)}%;background:${SHADES[i % SHADES.length]}`,
          title: `${c.name}: ${c.points[k]}` })
        : null))),
      h("b", { class: "score-bar-total" }, totals[k]))));
  return h("section", { class: "panel end-report", id: "end-report" },
    h("h3", {}, "Final scoring by category"),
    h("div", { class: "scroll-x" }, h("table", { class: "list score-parts" }, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot))),
    bars,
    solo ? null : h("p", { class: "tie-break" }, tieWords(report, names)),
    statisticsBlock(report.statistics, names));
}

/** How every tie was broken, in words (or that there was none to break). */
export function tieWords(report, names) {
  const rules = report.tie_breakers.length ? report.tie_breakers.join(", then ") : "none";
  if (!report.ties.length) return `No tie on points: no tie-breaker was needed (the rules' tie-breakers: ${rules}).`;
  return report.ties.map((tie) => {
    const who = tie.seats.map((seat) => names[seat]);
    const tied = `${who.join(" and ")} tied on ${tie.points} points`;
    if (!tie.by) return `${tied}; the tie-breakers (${rules}) do not separate them: they share the place.`;
    const counts = tie.seats.map((seat, k) => `${names[seat]} ${tie.values[k]}`).join(", ");
    const how = tie.how === "order" ? `by ${tie.by} (position: ${counts})` : `on ${tie.by} (${counts})`;
    return `${tied}; broken ${how}: ${who.join(" ahead of ")}.`;
  }).join(" ");
}

function statisticsBlock(groups, names) {
  if (!groups || !groups.length) return null;
  names = names.slice(0, groups[0].rows[0].values.length); // a solo game's figures are the player's
  return h("details", { class: "end-stats" },
    h("summary", {}, `Statistics of this game (${groups.map((g) => g.group).join(", ")})`),
    h("div", { class: "end-stats-groups" }, groups.map((group) => h("div", { class: "scroll-x" },
      h("table", { class: "list stats-table", "data-group": group.group },
        h("caption", {}, group.group),
        h("thead", {}, h("tr", {}, h("th", {}, ""), names.map((name, k) => h("th", { class: "num" },
          h("span", { class: "seat-dot", style: `background:${columnColor(k)}` }), name)))),
        h("tbody", {}, group.rows.map((row) => h("tr", {}, h("th", { scope: "row" }, row.name),
          row.values.map((v) => h("td", { class: "num" }, number(v)))))))))));
}

function barWidth(value, max) {
  return Math.max(0, Math.round((100 * (value || 0)) / max));
}

function number(v) {
  if (v === null || v === undefined) return "–";
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

const columnColor = (k) => seatColor(k);
