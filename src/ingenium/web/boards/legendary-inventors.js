// Legendary Inventors board: the inventions in play and each player's team, drawn in SVG from the
// seat's view. Inventions, inventors and knowledge rows are clickable when an offered option names
// them; every option is also a button in the decision panel.

import { clickable, h, s, seatColor, seatName, text } from "../dom.js";
import { inspectable } from "../glossary.js";

// inspection of cards and inventors through the game's glossary (set at each render)
let look = (element) => element;

const TYPES = ["physics", "chemistry", "mechanics", "mathematics"];
const TYPE_COLORS = { physics: "#3f7fc4", chemistry: "#2f9a6a", mechanics: "#c0662b", mathematics: "#8a55b8" };
const TYPE_SHORT = { physics: "Ph", chemistry: "Ch", mechanics: "Me", mathematics: "Ma" };
const AGE_COLORS = { 1: "#a86a3d", 2: "#5f7690", 3: "#b8921c" };
const ROMAN = { 1: "I", 2: "II", 3: "III" };
const CLASSES = ["weapons", "transport", "communication", "leisure", "time", "energy"];
const TOKENS = {
  up2: { short: "2", fill: "#ffffff", ink: "#333", name: "Knowledge 2" },
  up3: { short: "3", fill: "#ffffff", ink: "#333", name: "Knowledge 3" },
  up4: { short: "4", fill: "#ffffff", ink: "#333", name: "Knowledge 4" },
  coffee: { short: "Co", fill: "#7a4a2a", ink: "#fff", name: "Coffee: refresh for free" },
  chocolate: { short: "Ch", fill: "#4a2c1a", ink: "#fff", name: "Chocolate: 2 extra cubes" },
  star: { short: "★", fill: "#f2c744", ink: "#5a4300", name: "Star: fills a gap in a card run" },
  ribbon1: { short: "R1", fill: "#d9534f", ink: "#fff", name: "Ribbon: 1 VP" },
  ribbon2: { short: "R2", fill: "#c9302c", ink: "#fff", name: "Ribbon: 2 VP" },
  ribbon3: { short: "R3", fill: "#a02622", ink: "#fff", name: "Ribbon: 3 VP" },
};

/** Draw the whole table into `container`. */
export function render(container, payload, ctx) {
  const table = payload.view.table;
  look = (element, kind, id) => inspectable(element, ctx.glossary, kind, id);
  const parts = [
    header(table, payload),
    h("section", { class: "li-display", "aria-label": "Inventions in play" },
      table.display.map((card) => inventionCard(card, ctx))),
    h("section", { class: "li-players" },
      table.players.map((player) => playerBoard(player, table, payload, ctx))),
    completedShelf(table),
  ];
  container.append(...parts.filter(Boolean));
}

function header(table, payload) {
  const phase = table.phase === "play" ? `Age ${ROMAN[table.age]}`
    : table.phase === "final_tokens" ? "Last token plays" : "Game over";
  const decks = Object.entries(table.decks).filter(([age]) => Number(age) >= table.age)
    .map(([age, n]) => `Age ${ROMAN[age]} deck: ${n}`).join(" · ");
  return h("div", { class: "li-header" },
    h("span", { class: "li-age", style: `background:${AGE_COLORS[table.age]}` }, phase),
    table.phase === "play"
      ? h("span", {}, "Current player: ",
        h("b", { style: `color:${seatColor(table.current)}` }, seatName(table.current)))
      : null,
    table.chocolate ? h("span", { class: "badge choc" }, "Chocolate played: +2 cubes") : null,
    h("span", { class: "muted" }, decks),
    payload.view.variant ? h("span", { class: "badge" }, payload.view.variant) : null);
}

// -- inventions ----------------------------------------------------------------------------------
function inventionCard(card, ctx) {
  const optionId = `invent:invention=${card.slug}`;
  const W = 200, H = 252;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "li-card", role: "img",
    "aria-label": `${card.name}, age ${card.age}, ${card.vp} VP, ${card.status}`,
    "data-invention": card.slug });
  const color = AGE_COLORS[card.age];
  svg.append(
    s("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 10, fill: "#fbf4e3", stroke: color, "stroke-width": 3 }),
    s("path", { d: `M2 12 a10 10 0 0 1 10 -10 h${W - 24} a10 10 0 0 1 10 10 v26 h-${W - 4} z`, fill: color }),
    text(12, 26, card.name, { class: "li-card-title" }),
    ribbon(W - 40, 4, card.vp),
    s("rect", { x: 12, y: 44, width: 22, height: 18, rx: 3, fill: "#2f5fa7" }),
    text(23, 58, card.classification, { class: "li-class", "text-anchor": "middle" }),
    text(40, 58, CLASSES[card.classification] || "", { class: "li-small" }),
  );
  TYPES.forEach((type, row) => {
    const y = 72 + row * 28;
    svg.append(typeBadge(12, y, type));
    const need = card.need[type];
    if (!need) svg.append(text(46, y + 15, "—", { class: "li-small" }));
    for (let k = 0; k < need; k++) {
      const filled = k < card.filled[type];
      svg.append(s("rect", { x: 46 + k * 26, y: y + 1, width: 20, height: 20, rx: 3,
        fill: filled ? TYPE_COLORS[type] : "#fff", stroke: TYPE_COLORS[type], "stroke-width": 2 }));
    }
  });
  let x = 12;
  svg.append(text(12, 196, "cubes", { class: "li-small" }));
  card.cubes.forEach((n, seat) => {
    if (!n) return;
    svg.append(s("circle", { cx: x + 54, cy: 192, r: 10, fill: seatColor(seat) }),
      text(x + 54, 196, n, { class: "li-cube", "text-anchor": "middle" }));
    x += 26;
  });
  card.bonus.forEach((token, slot) => {
    if (token) svg.append(tokenDisc(40 + slot * 40, 226, token, 14));
  });
  if (card.status !== "in_play") svg.append(statusBand(card, W));
  return clickable(look(svg, "inventions", card.slug), ctx, optionId);
}

function ribbon(x, y, vp) {
  return s("g", { transform: `translate(${x},${y})` },
    s("path", { d: "M0 0 h34 v40 l-17 -9 l-17 9 z", fill: "#c0392b", stroke: "#7b1f16" }),
    text(17, 18, vp, { class: "li-vp", "text-anchor": "middle" }),
    text(17, 29, "VP", { class: "li-vp-small", "text-anchor": "middle" }));
}

function statusBand(card, W) {
  const done = card.status === "completed";
  const owner = card.owner === null || card.owner === undefined ? null : card.owner;
  const label = done ? (owner === null ? "COMPLETED" : `COMPLETED · ${seatName(owner)}`) : card.status.toUpperCase();
  return s("g", {},
    s("rect", { x: 2, y: 2, width: W - 4, height: 248, rx: 10, fill: done ? "#ffffff" : "#777", opacity: 0.45 }),
    s("rect", { x: 10, y: 110, width: W - 20, height: 28, rx: 5,
      fill: done ? (owner === null ? "#3a7d44" : seatColor(owner)) : "#555" }),
    text(W / 2, 129, label, { class: "li-band", "text-anchor": "middle" }));
}

function typeBadge(x, y, type) {
  return s("g", {},
    s("rect", { x, y, width: 28, height: 22, rx: 4, fill: TYPE_COLORS[type] }),
    s("title", {}, type),
    text(x + 14, y + 15, TYPE_SHORT[type], { class: "li-type", "text-anchor": "middle" }));
}

function tokenDisc(cx, cy, key, r) {
  const token = TOKENS[key] || { short: "?", fill: "#eee", ink: "#000", name: key };
  return s("g", { class: "li-token" },
    s("title", {}, token.name),
    s("circle", { cx, cy, r, fill: token.fill, stroke: "#333", "stroke-width": 1.5 }),
    text(cx, cy + 5, token.short, { "text-anchor": "middle", fill: token.ink, class: "li-token-text" }));
}

// -- players ------------------------------------------------------------------------------------
function playerBoard(player, table, payload, ctx) {
  const seat = player.seat;
  const you = payload.seat === seat;
  const kind = payload.seats[seat];
  const toMove = payload.to_move === seat;
  const who = kind && kind.kind === "bot" ? "bot" : you ? "you" : "human";
  const inventors = s("svg", { viewBox: "0 0 640 190", class: "li-team", role: "img",
    "aria-label": `${seatName(seat)}'s inventors` });
  player.inventors.forEach((inventor, i) => inventors.append(inventorCard(inventor, i * 160 + 4, ctx, i)));
  return h("article", { class: `li-player${toMove ? " to-move" : ""}${you ? " you" : ""}`,
    style: `--seat:${seatColor(seat)}`, "data-seat": seat },
    h("header", {},
      h("span", { class: "seat-dot" }),
      h("b", {}, seatName(seat)), " ", h("span", { class: "muted" }, `(${who}) · ${player.team} team`),
      toMove ? h("span", { class: "badge turn" }, "to move") : null,
      h("span", { class: "li-total", title: "current points" }, `${player.score.total} VP`)),
    inventors,
    h("div", { class: "li-player-foot" },
      h("div", {}, h("span", { class: "label" }, "Tokens "), tokenChips(player.tokens)),
      h("div", {}, h("span", { class: "label" }, "Cards "), cardChips(player.cards, table)),
      scoreLine(player.score)));
}

function inventorCard(inventor, x, ctx, index) {
  const g = s("g", { transform: `translate(${x},4)`, class: "li-inventor",
    "data-inventor": inventor.slug, "data-inventor-index": index });
  const met = TYPES.every((t) => (inventor.levels[t] || 0) >= (inventor.goal[t] || 0));
  g.append(
    s("rect", { x: 0, y: 0, width: 150, height: 180, rx: 8, fill: inventor.used ? "#d9d4ca" : "#fffdf7",
      stroke: inventor.used ? "#999" : "#6b5b45", "stroke-width": 2 }),
    text(10, 22, inventor.name, { class: "li-inventor-name" }));
  if (inventor.used) {
    g.append(s("rect", { x: 104, y: 157, width: 40, height: 18, rx: 4, fill: "#777" }),
      text(124, 170, "used", { class: "li-used", "text-anchor": "middle" }));
  }
  TYPES.forEach((type, row) => {
    const y = 34 + row * 30;
    const rowGroup = s("g", { "data-type": type });
    rowGroup.append(s("rect", { x: 4, y: y - 2, width: 142, height: 27, rx: 4, fill: "transparent" }),
      typeBadge(8, y, type));
    const level = inventor.levels[type] || 0;
    const goal = inventor.goal[type] || 0;
    for (let k = 0; k < 4; k++) {
      const cx = 54 + k * 24;
      rowGroup.append(s("circle", { cx, cy: y + 11, r: 8, fill: k < level ? TYPE_COLORS[type] : "#fff",
        stroke: TYPE_COLORS[type], "stroke-width": 2 }));
      if (goal && k === goal - 1) {
        rowGroup.append(s("circle", { cx, cy: y + 11, r: 11, fill: "none", stroke: "#d4a017",
          "stroke-width": 2.5, "stroke-dasharray": k < level ? "none" : "3 2" }));
      }
    }
    g.append(clickable(rowGroup, ctx, `target:inventor=${inventor.slug}:type=${type}`));
  });
  g.append(text(10, 170, `Goal ${inventor.goal_vp} VP`, { class: "li-goal" }));
  if (met) g.append(text(78, 170, "✓ met", { class: "li-goal met" }));
  return clickable(look(g, "inventors", inventor.slug), ctx, `use:inventor=${inventor.slug}`);
}

function tokenChips(tokens) {
  const entries = Object.entries(tokens || {});
  if (!entries.length) return h("span", { class: "muted" }, "none");
  return entries.map(([key, n]) => {
    const token = TOKENS[key] || { short: key, fill: "#eee", ink: "#000", name: key };
    return h("span", { class: "chip token", title: token.name,
      style: `background:${token.fill};color:${token.ink}` }, `${token.short}${n > 1 ? ` ×${n}` : ""}`);
  });
}

function cardChips(slugs, table) {
  if (!slugs.length) return h("span", { class: "muted" }, "none");
  const bySlug = new Map(table.completed.map((c) => [c.slug, c]));
  return slugs.map((slug) => {
    const card = bySlug.get(slug);
    return look(h("span", { class: "chip card", title: card ? CLASSES[card.classification] : "" },
      card ? `${card.name} · ${card.vp} VP · #${card.classification}` : titleOf(slug)), "inventions", slug);
  });
}

function scoreLine(score) {
  return h("div", { class: "li-score" },
    ["cards", "ribbons", "inventors", "runs"].map((part) =>
      h("span", {}, `${part} `, h("b", {}, score[part]))),
    h("span", {}, "total ", h("b", {}, score.total)));
}

function completedShelf(table) {
  const earlier = table.completed.filter((c) => !table.display.some((d) => d.slug === c.slug));
  if (!earlier.length && !table.discarded.length) return null;
  return h("section", { class: "li-shelf" },
    h("h3", {}, "Earlier ages"),
    earlier.map((c) => h("span", { class: "chip card", style: `border-color:${AGE_COLORS[c.age]}` },
      `${c.name} (${ROMAN[c.age]}) → ${c.owner === null ? "nobody" : seatName(c.owner)}`)),
    table.discarded.length ? h("span", { class: "muted" }, ` Discarded: ${table.discarded.map(titleOf).join(", ")}`) : null);
}

function titleOf(slug) {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
