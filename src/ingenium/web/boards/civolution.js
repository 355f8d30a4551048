// Civolution board: the sequence board (era, phases, weather, event, reset track, scoring
// tiles), the continent drawn in SVG from the layout (territories, tribes, encampments, boats,
// sites), the displays (goal, income and attribute chips, dice, research) and every console
// (civolution-console.js). Drawn from the view's `board` block, which names everything; an
// element that an offered option names (a territory, an encampment, a module, a die...) is
// clickable and sends that option; the rest stays in the decision panel's option list.

import { h, s, seatColor, seatName, text } from "../dom.js";
import { rivalOf } from "../solo.js";
import { panZoom } from "./pan-zoom.js";
import { consoles } from "./civolution-console.js";
import { lastAction, viciArea } from "./civolution-vici.js";
import { GLOSSARY_KIND, cap, cardChip, matching, offer } from "./civolution-pick.js";

const TERRAIN_COLORS = { forest: "#4f8f4a", grassland: "#a9cf6a", hills: "#c9a46a", swamp: "#7a8f66",
  mountains: "#a3a3a3", desert: "#ecd491", water: "#6aa6d6" };

let nameOf = seatName; // how a seat's pieces are named: set by render (V.I.C.I in a solo game)

/** Draw the whole table into `container`. */
export function render(container, payload, ctx) {
  const board = payload.view.table.board;
  const rival = rivalOf(payload.view);
  // in a solo game seat 1's pieces on the boards are V.I.C.I's; it has an area, not a console
  nameOf = rival ? (seat) => (seat === 1 ? rival.name : seatName(seat)) : seatName;
  container.append(h("div", { class: "civ-board", "data-era": board.displays.era, "data-phase": board.displays.phase },
    sequence(board.displays, payload, ctx),
    h("div", { class: "civ-middle" },
      continent(board.continent, payload, ctx),
      displays(board, ctx)),
    consoles(board, payload, ctx),
    rival ? viciArea(rival) : null));
}

// -- the sequence board -------------------------------------------------------------------------
function sequence(d, payload, ctx) {
  const rival = rivalOf(payload.view);
  const phases = h("span", { class: "civ-phases", "aria-label": "Phase sequence" },
    d.phases.map((name, i) => h("span", { class: `civ-phase${i + 1 === d.phase ? " here" : ""}`,
      title: `Phase ${i + 1}: ${name}` }, `${i + 1} ${name}`)));
  const weather = h("span", { class: "civ-weather", "aria-label": "Weather gauge" },
    h("span", { class: "label" }, "Weather "),
    d.weather_spaces.map((name, i) => h("span", { class: `civ-wspace${i === d.weather.index ? " here" : ""}`,
      title: i === d.weather.index ? `${name}: ${d.weather.text}` : name }, name)));
  const resets = Array.from({ length: d.reset.spaces + 1 }, (_, i) => h("span", {
    class: `civ-rspace${i === d.reset.at ? " here" : ""}${i === d.reset.spaces ? " end" : ""}`,
    title: i === d.reset.spaces ? "Reset end space: the action phase ends after this round and one more" : `Reset space ${i + 1}`,
  }, i === d.reset.spaces ? "end" : `${i + 1}`));
  const era = (name, i) => h("span", { class: `civ-tile${name ? "" : " done"}`, title: name ? `Era ${i + 1} scores ${name}` : `Era ${i + 1} scored` },
    `Era ${i + 1}: ${name || "scored"}`);
  return h("section", { class: "civ-sequence panel", "aria-label": "Sequence board" },
    h("div", { class: "civ-row" },
      h("b", { class: "civ-era" }, `Era ${Math.min(d.era, 4)} · ${d.phase_name}`), phases),
    h("div", { class: "civ-row" }, weather,
      offer(h("span", { class: "civ-event" },
        h("span", { class: "label" }, "Event "), d.event ? h("b", {}, d.event.name) : h("span", { class: "muted" }, "none"),
        d.event ? h("small", { class: "civ-event-text" }, ` — ${d.event.text}`) : null),
      ctx, [], d.event ? `${d.event.name}: ${d.event.text}` : "No event card is face up", d.event ? ["events", d.event.id] : null)),
    h("div", { class: "civ-row" }, h("span", { class: "label" }, "Resets "), resets,
      d.reset.end_triggered ? h("span", { class: "badge", title: "The phase indicator reached the reset end space: "
        + "the current action round is completed, then one final action round (each civilization has one last turn)" },
        "Action phase: final round") : null,
      h("span", { class: "label" }, " Era scoring "), d.era_tiles.map(era),
      h("span", { class: "label" }, " Final "), d.final_tiles.map((name) => h("span", { class: "civ-tile" }, name))),
    payload.status === "finished" ? null : h("div", { class: "civ-row muted" },
      `Now: ${nameOf(payload.to_move)}`),
    rival ? h("div", { class: "civ-row civ-vici-now" }, h("span", { class: "label" }, `${rival.name}'s last action `),
      lastAction(rival)) : null);
}

// -- the continent ------------------------------------------------------------------------------
function continent(c, payload, ctx) {
  const shape = c.shape;
  const full = { x: -0.2, y: -0.2, w: shape.width + 0.4, h: shape.height + 0.4 };
  const svg = s("svg", { class: "civ-map", viewBox: `${full.x} ${full.y} ${full.w} ${full.h}`,
    role: "img", "aria-label": "The continent" });
  // a territory's pieces lie inside its group: a click on a piece that offers nothing itself
  // is a click on the territory
  shape.territories.forEach((terr, i) => svg.append(territory(terr, c.territories[i], shape, ctx)
    .appendChild(pieces(terr, c.territories[i], payload, ctx)).parentNode));
  for (const tile of shape.tiles) {
    svg.append(s("rect", { class: "civ-tile-edge", x: tile.col * shape.sub, y: tile.row * shape.sub,
      width: tile.w * shape.sub, height: tile.h * shape.sub }));
  }
  shape.recesses.forEach((rec, r) => svg.append(recess(rec, c.sites[r], r, ctx)));
  boats(c, shape, payload, ctx).forEach((b) => svg.append(b));
  return h("section", { class: "civ-continent panel", "aria-label": "Continent" },
    h("h3", {}, "Continent"), panZoom(svg, full, `civ-map:${payload.table_id}`), legend(c));
}

function territory(terr, state, shape, ctx) {
  const g = s("g", { class: "civ-territory", "data-territory": terr.id, "data-terrain": terr.terrain });
  g.append(s("polygon", { points: terr.points.map((p) => p.join(",")).join(" "),
    fill: TERRAIN_COLORS[terr.terrain], stroke: "#4b3d2a", "stroke-width": 0.04 }));
  const water = terr.terrain === "water";
  g.append(text(terr.center[0], terr.center[1] + (water ? -0.55 : 0.82), terr.name,
    { class: "civ-tname", "text-anchor": "middle" }));
  const tribes = state.encampments.filter(([seat]) => seat !== null).length + state.wild.reduce((a, [x, y]) => a + x + y, 0);
  const tip = [terr.name, state.material ? `material: ${state.material}` : state.material_hidden ? "material tile face down" : "",
    state.developed ? "developed" : "not developed", `${tribes} tribe(s)`,
    state.farm !== null ? `farm of ${nameOf(state.farm)}` : "", state.hunted ? "hunted (hunting token)" : "",
    `adjacent: ${terr.adjacent.map((n) => shape.territories[n].name).join(", ")}`].filter(Boolean).join("\n");
  const ids = matching(ctx, (id) => [`territory:${terr.id}`, `cross:${terr.id}`, `terrain:${terr.terrain}`].includes(id)
    || (terr.island && id === "ground:0"));
  return offer(g, ctx, ids, tip);
}

function pieces(terr, state, payload, ctx) {
  const g = s("g", { class: "civ-pieces" });
  const [cx, cy] = terr.center;
  const camps = terr.encampments.map((printed, k) => {
    const [seat, strong, blocked] = state.encampments[k];
    return { ...printed, seat, strong, blocked };
  });
  const step = 0.4;
  const xs = terr.points.map((p) => p[0]);
  const perRow = Math.max(...xs) - Math.min(...xs) < 3 ? 3 : 5; // a narrow (turned) territory
  camps.forEach((camp, k) => {
    const row = Math.floor(k / perRow), inRow = Math.min(perRow, camps.length - row * perRow);
    const x = cx + (k % perRow - (inRow - 1) / 2) * step, y = cy - (perRow === 3 ? 0.85 : 0.5) + row * step;
    const el = s("g", { class: "civ-camp", "data-encampment": camp.id });
    el.append(s("circle", { cx: x, cy: y, r: 0.16, class: camp.blocked ? "blocked" : camp.fire_sp ? "fire" : "free",
      fill: camp.seat === null ? (camp.blocked ? "#5b4b3a" : "#f6efe0") : seatColor(camp.seat),
      "fill-opacity": camp.seat !== null && !camp.strong ? 0.45 : 1 }));
    if (camp.fire_sp) el.append(text(x, y + 0.07, camp.fire_sp, { class: "civ-fire-sp", "text-anchor": "middle" }));
    if (camp.seat !== null && !camp.strong) el.append(s("line", { x1: x - 0.12, y1: y + 0.12, x2: x + 0.12, y2: y - 0.12, class: "civ-lying" }));
    const who = camp.seat === null ? (camp.blocked ? "blocked" : "free") :
      `${nameOf(camp.seat)}'s ${camp.strong ? "upright" : "lying"} tribe`;
    g.append(offer(el, ctx, matching(ctx, (id) => id === `encampment:${camp.id}`),
      `${camp.fire_sp ? `Fire encampment ${camp.id.split(".").pop()} (${camp.fire_sp} SP)` : `Encampment ${camp.id.split(".").pop()}`} in ${terr.name}: ${who}`));
  });
  const rows = [];
  state.wild.forEach(([strong, weak], seat) => {
    if (strong + weak) rows.push([seat, `wild ${strong}▲${weak}▽`, `${nameOf(seat)}: ${strong} upright and ${weak} lying tribe(s) in the wilderness`]);
  });
  rows.forEach(([seat, label, tip], k) => {
    const el = s("g", { class: "civ-wild" });
    const y = cy - 0.08 + k * 0.24;
    el.append(s("circle", { cx: cx - 0.62, cy: y - 0.07, r: 0.09, fill: seatColor(seat) }));
    el.append(text(cx - 0.48, y, label, { class: "civ-small" }));
    const ids = seat === payload.seat ? matching(ctx, (id) => id === `wilderness:${terr.id}`) : [];
    g.append(offer(el, ctx, ids, tip));
  });
  // raw materials of every civilization on one line, a count in each one's colour
  const raw = state.raw.map((n, seat) => [n, seat]).filter(([n]) => n);
  if (raw.length) {
    const line = text(cx - 0.7, cy - 0.08 + rows.length * 0.24, "raw", { class: "civ-small civ-raw" });
    raw.forEach(([n, seat]) => line.append(s("tspan", { fill: seatColor(seat), class: "civ-raw-n" }, ` ●${n}`)));
    line.append(s("title", {}, raw.map(([n, seat]) => `${nameOf(seat)}: ${n} raw material(s) here`).join("\n")));
    g.append(line);
  }
  const marks = [state.material ? state.material : state.material_hidden ? "? material" : "",
    state.hunted ? "hunted" : ""].filter(Boolean).join(" · ");
  const line = text(cx, cy + 0.56, marks, { class: "civ-small civ-mat", "text-anchor": "middle" });
  if (state.farm !== null) {
    line.append(s("tspan", { class: "civ-farm", fill: seatColor(state.farm) }, `${marks ? " · " : ""}■ farm`));
  }
  if (marks || state.farm !== null) g.append(line);
  return g;
}

function recess(rec, site, r, ctx) {
  const [x, y] = rec.at;
  const k = 0.2, q = 0.08;
  const points = [[-q, -k], [q, -k], [k, -q], [k, q], [q, k], [-q, k], [-k, q], [-k, -q]]
    .map(([a, b]) => `${(x + a).toFixed(2)},${(y + b).toFixed(2)}`).join(" ");
  const g = s("g", { class: `civ-recess${site ? " open" : ""}`, "data-recess": rec.id });
  g.append(s("polygon", { points, fill: site ? "#fff7d6" : "#6b5a45", stroke: "#3a2e20", "stroke-width": 0.03 }));
  g.append(text(x, y + 0.06, site ? initials(site.name) : "?", { class: "civ-site-letter", "text-anchor": "middle" }));
  const tip = site ? `${site.name} (${site.type}${site.sp ? `, ${site.sp} SP` : ""}), touching ${rec.touches.join(" and ")}`
    : `Face-down site, touching ${rec.touches.join(" and ")}`;
  return offer(g, ctx, matching(ctx, (id) => id === `recess:${rec.id}` || id === `ground:${r + 1}`), tip,
    site ? ["sites", site.id] : null);
}

function boats(c, shape, payload, ctx) {
  return c.boats.map((boat, k) => {
    const terr = shape.territories.find((t) => t.id === boat.territory);
    const x = terr.center[0] - 0.6 + (k % 3) * 0.6, y = terr.center[1] + 0.3 + Math.floor(k / 3) * 0.35;
    const g = s("g", { class: "civ-boat" });
    g.append(s("path", { d: `M${x - 0.25},${y} L${x + 0.25},${y} L${x + 0.15},${y + 0.15} L${x - 0.15},${y + 0.15} Z`,
      fill: seatColor(boat.seat), stroke: "#222", "stroke-width": 0.02 }));
    g.append(text(x, y - 0.04, `${boat.strong}▲${boat.weak}▽`, { class: "civ-small", "text-anchor": "middle" }));
    const ids = boat.seat === payload.seat ? matching(ctx, (id) => id === `boat:${boat.boat}`) : [];
    return offer(g, ctx, ids, `${nameOf(boat.seat)}'s boat ${boat.boat} in ${boat.at}: ${boat.strong} upright, ${boat.weak} lying tribe(s)`);
  });
}

function legend(c) {
  const items = c.grounds.map((gr) => h("li", {}, `${gr.where}: `, gr.statues.map((n, seat) => n ? `${nameOf(seat)} ${n} statue(s) ` : ""),
    gr.settlements.map((n, seat) => n ? `${nameOf(seat)} ${n} settlement(s) ` : "")));
  const transit = c.transit.map((x, seat) => x ? h("li", {}, `${nameOf(seat)}: a tribe crossing through ${x}`) : null);
  return h("div", { class: "civ-legend" },
    h("span", { class: "muted" }, "Circles: encampments (orange ring: fire encampment, its SP inside; dark: blocked). ▲ upright, ▽ lying tribes. Octagons: sites."),
    items.length || transit.some(Boolean) ? h("ul", {}, items, transit) : null);
}

// -- displays and research ----------------------------------------------------------------------
function displays(board, ctx) {
  const d = board.displays, r = board.research;
  const chip = (item, prefix, kind) => {
    if (item === "covered") return h("span", { class: "civ-chip covered", title: "covered by a 100-point token" }, "covered");
    if (!item) return h("span", { class: "civ-chip empty muted" }, "empty");
    return offer(h("span", { class: `civ-chip ${kind}` }, item.name), ctx, matching(ctx, (id) => id === `${prefix}:${item.id}`), item.text,
      [GLOSSARY_KIND[kind], item.id]);
  };
  const stacks = r.stacks.map((st) => offer(h("span", { class: `civ-stack deck-${st.letter}` }, `${cap(st.deck)} `, h("b", {}, st.left)),
    ctx, matching(ctx, (id) => id === `draw:${st.deck}`), `${cap(st.deck)} stack: ${st.left} face-down card(s)`));
  return h("section", { class: "civ-displays panel", "aria-label": "Displays" },
    h("h3", {}, "Displays"),
    h("div", { class: "civ-displays-body" },
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Goal chips"), d.goal_display.map((g) => chip(g, "goal", "goal"))),
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Income chips"), d.income_display.map((g) => chip(g, "income", "income"))),
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Attribute chips"), d.attribute_display.map((g) => chip(g, "attribute", "attribute"))),
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Dice display"),
      offer(h("span", { class: "civ-chip dice" }, `${d.activation_dice} activation`), ctx, displayDie(ctx, "activation"), "Activation dice in the display"),
      offer(h("span", { class: "civ-chip dice" }, `${d.fate_dice} fate`), ctx, displayDie(ctx, "fate"), "Fate dice in the display"),
      h("span", { class: "civ-chip", title: "Hunting tokens in the display" }, `${d.hunting_tokens} hunting tokens`),
      h("span", { class: "civ-chip", title: "100-point tokens left" }, `${d.hundred_tokens} ×100`)),
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Research stacks"), stacks),
    h("div", { class: "civ-drow" }, h("span", { class: "label" }, "Face up"),
      r.face_up.length ? r.face_up.map((card) => cardChip(card, ctx, `take:${card.id}`)) : h("span", { class: "muted" }, "none"))));
}

function initials(name) {
  return name.split(" ").filter((w) => w.length > 2).map((w) => w[0].toUpperCase()).join("").slice(0, 2);
}

function displayDie(ctx, kind) {
  const option = ctx.options.get("die:display");
  return option && option.label.includes(kind) ? ["die:display"] : [];
}
