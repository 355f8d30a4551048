// Civolution consoles: modules with their levels and die values, the dice spaces, the marker
// spaces, storage, features, progress tracks and Favor, the goal area, the stage partition,
// settlements and stage tiles; the viewer's own hand and the cards it is looking at.

import { h, seatColor, seatName } from "../dom.js";
import { GLOSSARY_KIND, cap, cardChip, matching, offer } from "./civolution-pick.js";

const LEVELS = ["", "I", "II", "III"];
const TERRAINS = ["forest", "grassland", "hills", "swamp", "mountains", "desert"];
const ITEM_NAMES = { income: "Income", start: "Start chip", goal: "Goal" };
const INNATE = 39; // the console's own activity (rules: console_actions.INNATE)

/** Every civilization's console, the viewer's first. */
export function consoles(board, payload, ctx) {
  // the view's seats only: a solo table's board keeps V.I.C.I in seat 1, drawn as its own area
  const order = board.consoles.map((_, seat) => seat).slice(0, payload.view.players);
  if (payload.seat !== null && payload.seat !== undefined) order.sort((a, b) => (b === payload.seat) - (a === payload.seat));
  return h("section", { class: "civ-consoles", "aria-label": "Consoles" },
    order.map((seat) => consoleOf(board, seat, payload, ctx)));
}

function consoleOf(board, seat, payload, ctx) {
  const c = board.consoles[seat];
  const fixed = board.fixed;
  const you = payload.seat === seat;
  const own = (ids) => (you ? ids : []);
  const info = payload.seats?.[seat];
  const who = info && info.kind === "bot" ? "bot" : you ? "you" : "human";
  const score = (payload.view.scores || [])[seat];
  const pick = (el, test, tip, inspect = null) => offer(el, ctx, own(matching(ctx, test)), tip, inspect);
  return h("article", { class: `civ-console${payload.to_move === seat ? " to-move" : ""}${you ? " you" : ""}`,
    style: `--seat:${seatColor(seat)}`, "data-seat": seat },
    h("header", {}, h("span", { class: "seat-dot" }), h("b", {}, seatName(seat)), h("span", { class: "muted" }, ` (${who})`),
      c.monolith ? h("span", { class: "badge", title: "Holder of the starting monolith" }, "monolith") : null,
      stat("Score", score ?? c.score, "points now"),
      c.hundreds ? stat("100-point tokens", c.hundreds, "one per lap of the score track") : null, stat("Tribes in supply", c.tribes), stat("Markers in supply", c.supply, "of 50"),
      stat("Hand", board.research.hand_sizes[seat], "research cards (face down to others)"),
      stat("Farms left", c.farms_left),
      you ? pick(h("button", { class: "civ-reset", type: "button" }, "Reset"), (id) => id === "reset",
        "Reset: take back your used dice (the phase indicator advances)") : null),
    h("div", { class: "civ-console-body" },
      h("div", { class: "civ-modules" }, fixed.modules.map((printed, i) => ({ ...printed, level: c.levels[i], text: printed.texts[c.levels[i] - 1] }))
        .map((m) => pick(h("div", {
        class: `civ-module ${m.kind}${board.asking.module === m.id && board.asking.seat === seat ? " activating" : ""}`,
        "data-module": m.id },
      h("span", { class: "civ-mname" }, m.name),
      h("span", { class: "civ-mdice" }, m.dice ? m.dice.map((v) => h("span", { class: "civ-pip" }, v)) : "any 2",
        h("span", { class: "civ-level", title: `level ${LEVELS[m.level]}` }, `Lv ${LEVELS[m.level]}`))),
      (id) => id === `module:${m.id}` || id === `upgrade:${m.id}`,
      `${m.name} (level ${LEVELS[m.level]}, dice ${m.dice ? m.dice.join(" + ") : "any two"}): ${m.text}`, ["modules", m.id]))),
      h("div", { class: "civ-side" },
        diceSpaces(c, pick, you && board.asking.dice_space,
          offer(h("span", { class: "label" }, "Dice"), ctx, matching(ctx, (id) => id === `die:player=${seat + 1}`),
            `${seatName(seat)}'s activation and fate dice`)),
        h("div", { class: "civ-spaces" },
          pick(space("Ideas", c.ideas), (id) => id === "place:idea", "Idea markers: each changes a die by 1 (6 and 1 are neighbours)"),
          pick(space("Focus", c.focus), (id) => id === "focus", "Focus markers stand in for a die"),
          pick(space("Food", c.food), (id) => id === "place:food" || id.startsWith("feed:"), "Food markers feed your tribes"),
          space("Money", c.money), space("Fate dice", c.fate_dice)),
        h("div", { class: "civ-features" }, fixed.features.map((f, i) => pick(space(f.name, c.features[i]),
          (id) => id === `feature:${f.id}`, `${f.name} feature markers`))),
        storage(fixed, c, pick, (id) => ctx.options.get(id).label),
        tracks(fixed, c, pick))),
    h("div", { class: "civ-console-foot" },
      partition(board, c, seat, pick),
      h("div", { class: "civ-foot-side" },
        h("div", { class: "civ-row" }, h("span", { class: "label" }, "Goal area"),
          c.goal_area.map((g, k) => pick(h("span", { class: `civ-chip goal${g ? "" : " empty"}` }, g ? g.text : `space ${k + 1}`),
            (id) => id === `goal_space:${k + 1}` || (g && id === `install_goal:${g.id}`), g ? `Goal chip: ${g.text}` : `Goal area space ${k + 1} (empty)`,
            g ? ["goal_chips", g.id] : null))),
        h("div", { class: "civ-row" }, h("span", { class: "label" }, "Settlements"),
          fixed.settlements.map((st, k) => pick(h("span", { class: `civ-chip${c.settlements[k] ? " built" : ""}` }, `${st.number}${c.settlements[k] ? " ✓" : ""}`),
            (id) => id === `settlement:${st.number}`, `Settlement ${st.number}: ${st.cost}; ${st.diamonds} diamond(s)${c.settlements[k] ? " (built)" : ""}`))),
        h("div", { class: "civ-row" }, h("span", { class: "label" }, "Stage tiles"),
          c.stage_tiles.map((on, k) => pick(h("span", { class: `civ-chip${on ? " built" : ""}` }, `stage ${k + 4}: ${on ? "active" : "inactive"}`),
            (id) => id === `stage_tile:${k + 4}`, `Stage ${k + 4} scores only while its tile is active`)),
          h("span", { class: "label" }, " Reset markers"),
          h("span", { class: "civ-chip", title: "Reset markers left in the 4 reset columns" }, c.reset_markers.join(" "))),
        you ? hand(board.research, ctx) : null)));
}

function stat(label, value, tip) {
  return h("span", { class: "civ-stat", title: tip ? `${label}: ${tip}` : label }, `${label} `, h("b", {}, value));
}

function space(label, value) {
  return h("span", { class: "civ-space" }, `${label} `, h("b", {}, value));
}

function diceSpaces(c, pick, asked, label) {
  // Reset B asks about one space at a time: how many of its dice to take and roll
  const rolls = (v, n) => (asked === v + 1 ? Array.from({ length: n + 1 }, (_, k) => pick(
    h("span", { class: "civ-roll" }, k ? `roll ${k}` : "leave"), (id) => id === `take:${k}`,
    k ? `Take ${k} of these dice to roll` : "Leave these dice")) : null);
  return h("div", { class: "civ-dice", "aria-label": "Dice spaces" },
    label,
    c.dice.map((n, v) => pick(h("span", { class: `civ-die${n ? "" : " none"}${asked === v + 1 ? " asked" : ""}`, "data-die": v + 1 },
      h("b", {}, v + 1), h("small", {}, `×${n}`), c.planning[v] ? h("small", { class: "civ-plan" }, ` +${c.planning[v]}p`) : null,
      rolls(v, n)),
    (id) => id.startsWith(`die:${v + 1}:`) || id.startsWith(`planning:${v + 1}:`) || id === `planning:${v + 1}`,
    `Dice space ${v + 1}: ${n} activation ${n === 1 ? "die" : "dice"}, ${c.planning[v]} planning marker(s)`)),
    h("span", { class: "muted", title: "Used activation dice below the console" }, ` used ${c.used_dice}`));
}

function storage(fixed, c, pick, labelOf) {
  return h("table", { class: "civ-storage", "aria-label": "Storage" },
    h("tr", {}, TERRAINS.map((terrain) => pick(h("th", {}, cap(terrain)), (id) => id === `terrain:${terrain}`, `${cap(terrain)} column`))),
    [1, 2, 3].map((row) => h("tr", {}, TERRAINS.map((terrain) => {
      const i = fixed.storage.findIndex((x) => x.terrain === terrain && x.row === row);
      const m = { ...fixed.storage[i], count: c.storage[i] };
      return pick(h("td", { class: m.count ? "has" : "" }, `${m.name} ${m.count || ""}`),
        (id) => id === `material:${m.id}` || (id.startsWith("row:") && labelOf(id).split(" (")[0] === m.name),
        `${m.name} (${cap(terrain)}, row ${row}): ${m.count} stored`);
    }))));
}

function tracks(fixed, c, pick) {
  return h("div", { class: "civ-tracks", "aria-label": "Progress tracks" },
    fixed.tracks.map((printed, i) => ({ ...printed, at: c.tracks[i] })).map((tr) => pick(h("div", { class: "civ-track", "data-track": tr.id },
      h("span", { class: "civ-tname2" }, tr.name),
      h("span", { class: "civ-bar" }, Array.from({ length: tr.top + 1 }, (_, k) => h("span", {
        class: `civ-step${k === tr.at ? " here" : ""}${tr.bonuses.includes(k) ? " bonus" : ""}` }))),
      h("b", {}, tr.at)),
    (id) => id === `track:${tr.id}`, `${tr.name}: space ${tr.at} of ${tr.top}; bonuses at ${tr.bonuses.join(", ")}`)),
    h("div", { class: "civ-track" }, h("span", { class: "civ-tname2" }, "Favor"),
      h("span", { class: "civ-bar" }, Array.from({ length: fixed.favor_top + 1 }, (_, k) => h("span", { class: `civ-step${k === c.favor ? " here" : ""}` }))),
      h("b", {}, c.favor)));
}

function partition(board, c, seat, pick) {
  const stages = [...board.displays.stages].sort((a, b) => b.number - a.number);
  const cell = (col, stage) => c.partition.filter((it) => it.column === col && it.stage === stage.number);
  return h("table", { class: "civ-partition", "aria-label": "Stage partition" },
    h("tr", {}, pick(h("th", {}, "Console activity"), (id) => id === `activity:${INNATE}`, "The console's own activity: pay 1 money, advance any track 1"),
      Array.from({ length: 9 }, (_, k) => pick(h("th", { title: c.columns[k] || "empty column" }, `${k + 1}`, h("small", {}, c.columns[k] ? ` ${c.columns[k]}` : "")),
        (id) => id === `column:${k + 1}`, `Column ${k + 1}${c.columns[k] ? `: ${c.columns[k]}` : ""}`))),
    stages.map((stage) => h("tr", {},
      pick(h("th", {}, `Stage ${stage.number}`, h("small", {}, ` ${stage.sp} SP`)), (id) => id === `stage:${stage.number}`,
        `Stage ${stage.number}: ${stage.sp} SP per card and chip${stage.completion ? `; completion: ${stage.completion}` : ""}`),
      Array.from({ length: 9 }, (_, k) => h("td", { class: k < stage.columns ? "" : "off" },
        cell(k + 1, stage).map((it) => pick(h("span", { class: `civ-item ${it.kind}` }, ITEM_NAMES[it.kind] || it.name),
          (id) => id === `income_action:${it.installed}` || id === `activity:${it.installed % 39}`,
          it.kind === "card" ? `${it.name}: ${it.ability || "no ability"}` : `${ITEM_NAMES[it.kind] || it.name}: ${it.text}`,
          [GLOSSARY_KIND[it.kind], it.id])))))));
}

function hand(research, ctx) {
  return h("div", { class: "civ-hand" },
    h("div", { class: "civ-row" }, h("span", { class: "label" }, "Your hand"),
      research.hand.length ? research.hand.map((card) => cardChip(card, ctx, `install:${card.id}`)) : h("span", { class: "muted" }, "empty")),
    research.looking.length ? h("div", { class: "civ-row" }, h("span", { class: "label" }, "Looking at (secretly)"),
      research.looking.map((card, k) => cardChip(card, ctx, `keep:${k + 1}`))) : null);
}
