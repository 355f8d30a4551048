// Inventions: Evolution of Ideas board: the Chronos track and turn order, the action forums, the
// seven regions in migration order, the milestones, the Idea display and every Society board,
// drawn from the seat's view. Elements an offered option names (a region, an action space, a hex,
// a milestone, an idea...) are clickable; every option is also a button in the decision panel.
// With 2 players Chronos (the automated opponent) holds colour slot `table.chronos_colour`: his
// pieces are named "Chronos" and his own panel shows the rest (chronosPanel).

import { clickable, h, s, seatColor, seatName, text } from "../dom.js";
import { inspectable, namer } from "../glossary.js";

const TYPES = ["economy", "culture", "technology"];
const SPECIALISTS = ["trader", "artisan", "thinker"];
const TYPE_COLORS = { economy: "#c8962a", culture: "#b04a7a", technology: "#3b78b5" };
const TYPE_SHORT = { economy: "E", culture: "C", technology: "T" };
// Action spaces, forum by forum (two per forum), as the game orders them.
const FORUMS = [
  ["present_idea", "call_specialists"], ["invent", "gain_influence"],
  ["share_invention", "innovate"], ["eureka", "travel"], ["send_diplomat", "call_diplomat"],
];
const TRACK = [[1, 1, "E"], [2, 1, "S"], [2, 2, "S"], [2, 3, "E"], [3, 1, "S"], [3, 2, "S"],
  [3, 3, "E"], [4, 1, "S"], [4, 2, "S"], [4, 3, "E"], [5, 1, "S"], [5, 2, "S"], [5, 3, "E"], [6, 0, ""]];
const ERA_SPACES = { 2: 4, 3: 3, 4: 3, 5: 4, 6: 3 };
const TOKEN_NAMES = { plus_one_influence: "+1 Infl.", present_idea: "Present", innovate: "Innovate",
  invent: "Invent", share: "Share" };
const HEX_SIZE = 15;

/** Draw the whole table into `container`. */
export function render(container, payload, ctx) {
  const table = payload.view.table;
  name = namer(ctx.glossary);
  look = (element, kind, id) => inspectable(element, ctx.glossary, kind, id);
  container.append(h("div", { class: "inv-board" },
    header(table, payload, ctx),
    forums(table, ctx),
    h("section", { class: "inv-regions", "aria-label": "Regions" },
      table.regions.map((region) => regionCard(region, table, ctx))),
    h("div", { class: "inv-middle" }, milestones(table, ctx), ideaDisplay(table, ctx), chronosPanel(table)),
    h("section", { class: "inv-societies", "aria-label": "Society boards" },
      table.players.map((player) => society(player, table, payload, ctx)))));
}

// -- header: Chronos, turn order, era markers -----------------------------------------------------
function header(table, payload, ctx) {
  const phase = table.phase === "play" ? `Era ${table.era}${table.round ? ` · round ${table.round}` : ""}`
    : table.phase === "setup" ? "Setup (Stone Age)" : "Game over";
  const chronos = h("span", { class: "inv-chronos", title: "Chronos track (E: Epoch, S: Season)" },
    TRACK.map(([era, round, kind], i) => h("span", {
      class: `inv-chronos-space${i === table.chronos ? " here" : ""}${i < table.chronos ? " past" : ""}`,
      title: `Era ${era}${round ? ` round ${round}` : ""}${kind ? ` (${kind === "E" ? "Epoch" : "Season"})` : ""}`,
    }, `${era}${kind}`)));
  const order = h("span", { class: "inv-order", title: "Turn order" }, h("span", { class: "label" }, "Order "),
    table.order.map((seat, i) => clickable(h("span", {
      class: `inv-order-slot${seat === table.current ? " current" : ""}`, style: `--seat:${seatColor(seat)}`,
      title: who(seat, table),
    }, `${i + 1}`, h("span", { class: "seat-dot" })), ctx, `turn_order:position=${i + 1}`)));
  return h("div", { class: "inv-header" },
    h("div", { class: "inv-header-row" },
      h("span", { class: "inv-era" }, phase),
      chronos, order,
      h("span", { title: "Chain Action tokens left" }, h("span", { class: "label" }, "Chain tokens "),
        h("b", {}, table.chain_tokens_left)),
      table.ideas_owed ? h("span", { class: "badge" }, `ideas owed: ${table.ideas_owed}`) : null,
      table.tech_used ? h("span", { class: "badge" }, "Technology tile used") : null,
      table.phase === "play" ? h("span", {}, "Current: ",
        h("b", { style: `color:${seatColor(table.current)}` }, seatName(table.current))) : null),
    eraTrack(table, ctx));
}

function eraTrack(table, ctx) {
  const bySpace = {};
  table.players.forEach((p) => { (bySpace[p.era_space] ||= []).push(p.seat); });
  const chronos = table.chronos_opponent;
  if (chronos && chronos.era_space) (bySpace[chronos.era_space] ||= []).push(chronos.colour);
  return h("div", { class: "inv-era-track", "aria-label": "Era track" },
    h("span", { class: "label" }, "Era track "),
    Object.entries(ERA_SPACES).map(([era, n]) => h("span", { class: "inv-era-group" },
      h("span", { class: "inv-era-name" }, `Era ${era}`),
      Array.from({ length: n }, (_, k) => {
        const id = `era${era}_${k + 1}`;
        return clickable(h("span", { class: "inv-era-space", "data-space": id, title: name("era_spaces", id) },
          (bySpace[id] || []).map((seat) => h("span", { class: "seat-dot", style: `background:${seatColor(seat)}` })),
          (bySpace[id] || []).length ? null : "·"), ctx, `era:space=${id}`);
      }))));
}

// -- action forums with pillars -------------------------------------------------------------------
function forums(table, ctx) {
  const pillars = {};
  for (const p of table.players) {
    if (p.epoch) (pillars[p.epoch] ||= []).push([p.seat, "E"]);
    for (const season of p.seasons || []) if (season) (pillars[season] ||= []).push([p.seat, "S"]);
  }
  return h("section", { class: "inv-forums", "aria-label": "Action spaces" },
    FORUMS.map((pair, f) => h("div", { class: "inv-forum" },
      h("span", { class: "inv-forum-name" }, `Forum ${f + 1}`),
      pair.map((action) => {
        const el = h("div", { class: "inv-action", "data-action": action },
          h("span", {}, name("actions", action)),
          h("span", { class: "inv-pillars" }, (pillars[action] || []).map(([seat, kind]) =>
            h("span", { class: `inv-pillar ${kind === "E" ? "epoch" : "season"}`, style: `--seat:${seatColor(seat)}`,
              title: `${seatName(seat)}'s ${kind === "E" ? "Epoch" : "Season"} pillar` }, kind))));
        return clickable(el, ctx, `main:space=${action}`, `free:action=${action}`, `chain:action=${action}`);
      }))));
}

// -- regions --------------------------------------------------------------------------------------
function regionCard(region, table, ctx) {
  const n = region.region;
  const card = region.card
    ? h("div", { class: `inv-card ${region.invented ? "invention" : "idea"}` },
      h("div", { class: "inv-card-kind" }, region.invented ? "Invention" : "Idea"),
      look(h("div", { class: "inv-card-name" }, name("ideas", region.card)), "ideas", region.card),
      h("div", { class: "inv-markers" },
        marker("P", region.presenter, `Presenter (${region.presenter_citizens} citizen${region.presenter_citizens === 1 ? "" : "s"} on the card)`,
          table, region.presenter_citizens),
        marker("I", region.inventor, "Inventor", table),
        marker("N", region.innovator, "Innovator", table)))
    : h("div", { class: "inv-card empty" }, h("span", { class: "muted" }, "no card"));
  const citizens = region.citizens.map((count, seat) => count
    ? h("span", { class: "inv-citizen", style: `--seat:${seatColor(seat)}`, title: `${who(seat, table)}: ${count} citizen(s)` }, count)
    : null).filter(Boolean);
  const el = h("article", { class: "inv-region", "data-region": n },
    h("header", {}, h("span", { class: "inv-region-num" }, n), h("b", {}, region.name),
      table.chronos_opponent && table.chronos_opponent.region === n
        ? h("span", { class: "inv-pillar season", style: `--seat:${seatColor(table.chronos_colour)}`,
          title: "Chronos' Season pillar" }, "C") : null,
      h("span", { class: "inv-wealth", title: `Wealth tile ${region.wealth}, ${region.wealth_left} left` },
        region.wealth, h("small", {}, `×${region.wealth_left}`))),
    h("div", { class: "inv-spec" }, "Specialist: ",
      look(h("b", {}, name("specialist_tiles", region.specialist_tile)), "specialist_tiles", region.specialist_tile)),
    card,
    h("div", { class: "inv-row" }, h("span", { class: "label" }, "Citizens "),
      citizens.length ? citizens : h("span", { class: "muted" }, "—")),
    h("div", { class: "inv-row inv-knowledge" },
      region.sage ? h("span", { class: "inv-sage", title: "A sage is here" }, "Sage") : null,
      look(h("span", { class: region.knowledge_ip_side ? "inv-ip-side" : "" },
        region.knowledge_ip_side ? "Knowledge: 2 IP side" : name("knowledge_tiles", region.knowledge)),
      "knowledge_tiles", region.knowledge)),
    h("div", { class: "inv-infl", title: "Influence spaces" }, region.influence_spaces.map((seat) =>
      h("span", { class: `inv-infl-space${seat === null ? "" : " taken"}`,
        style: seat === null ? "" : `--seat:${seatColor(seat)}`,
        title: seat === null ? "empty Influence space" : seat === table.chronos_colour
          ? "Chronos' Influence token (face down)" : `${seatName(seat)}'s Influence token` }))),
    travelChips(n, table, ctx));
  const regionOptions = [...ctx.options.keys()].filter((id) => id.split(":").includes(`region=${n}`));
  return clickable(el, ctx, ...regionOptions);
}

function marker(letter, seat, title, table, count) {
  if (seat === null || seat === undefined) return null;
  return h("span", { class: "inv-marker", style: `--seat:${seatColor(seat)}`, title: `${title}: ${who(seat, table)}` },
    letter, count > 1 ? h("small", {}, `×${count}`) : null);
}

function travelChips(n, table, ctx) {
  const moves = [...ctx.options.keys()].filter((id) => id.startsWith("travel:") && id.endsWith(`:to=${n}`));
  if (!moves.length) return null;
  return h("div", { class: "inv-travel" }, moves.map((id) => {
    const from = Number(/from=(\d+)/.exec(id)[1]);
    const name = table.regions.find((r) => r.region === from)?.name || from;
    return clickable(h("span", { class: "chip" }, `← from ${name}`), ctx, id);
  }));
}

// -- milestones and ideas -------------------------------------------------------------------------
function milestones(table, ctx) {
  const chip = (slug) => milestoneChip(slug, table, ctx);
  return h("section", { class: "inv-milestones panel", "aria-label": "Milestones" },
    h("h3", {}, "Milestones"),
    h("div", { class: "inv-row" }, h("span", { class: "label" }, "Common Knowledge "),
      table.common_knowledge.length ? table.common_knowledge.map(chip) : h("span", { class: "muted" }, "—")),
    h("div", { class: "inv-row" }, h("span", { class: "label" }, "Eureka "),
      table.eureka_display.length ? table.eureka_display.map(chip) : h("span", { class: "muted" }, "—")),
    h("div", { class: "inv-row" }, h("span", { class: "label" }, "Private displays "),
      table.private_displays.map((slug, seat) => seat < table.players.length || seat === table.chronos_colour
        ? h("span", { class: "inv-private", style: `--seat:${seatColor(seat)}`, title: who(seat, table) },
          h("span", { class: "seat-dot" }), slug ? chip(slug) : h("span", { class: "muted" }, "—"))
        : null)),
    h("div", { class: "inv-row inv-discard" }, h("span", { class: "label" }, `Discard (${table.milestone_discard.length}) `),
      table.milestone_discard.map(chip)));
}

function milestoneChip(slug, table, ctx) {
  const diplomats = (table.diplomats || {})[slug] || [];
  return clickable(look(h("span", { class: "chip inv-milestone", "data-milestone": slug },
    name("milestones", slug), diplomats.map((seat) => h("span", { class: "inv-diplomat", style: `background:${seatColor(seat)}`,
      title: `${seatName(seat)}'s diplomat` }))), "milestones", slug),
  ctx, `eureka:milestone=${slug}`, `send:milestone=${slug}`);
}

function ideaDisplay(table, ctx) {
  const stack = Object.entries(table.idea_stack_by_era || {}).filter(([, n]) => n)
    .map(([era, n]) => `era ${era}: ${n}`).join(" · ");
  return h("section", { class: "inv-ideas panel", "aria-label": "Idea display" },
    h("h3", {}, "Idea display"),
    h("div", { class: "inv-row" },
      table.idea_display.map((slug, i) => clickable(look(h("span", { class: "chip inv-idea" },
        slug ? name("ideas", slug) : h("span", { class: "muted" }, "empty")), "ideas", slug), ctx, `refill:slot=${i + 1}`)),
      clickable(look(h("span", { class: "chip inv-idea inv-stack" },
        "Stack: ", table.idea_stack_top ? name("ideas", table.idea_stack_top) : "empty"), "ideas", table.idea_stack_top),
      ctx, "refill:stack")),
    h("div", { class: "muted inv-small" }, `Stack below: ${stack || "empty"}`),
    progressSupply(table, ctx),
    table.held_over_aspirations && table.held_over_aspirations.length
      ? h("div", { class: "inv-small" }, "Held-over Aspirations: ",
        table.held_over_aspirations.map((side) => name("tiles", `${side} Aspiration`, side)).join(", ")) : null);
}

function progressSupply(table, ctx) {
  const supply = table.progress_supply || [];
  return h("div", { class: "inv-supply", title: "Progress tiles left in the supply" },
    h("span", { class: "label" }, "Progress supply"),
    TYPES.map((type, t) => h("div", { class: "inv-supply-row" },
      h("span", { class: "inv-type", style: `background:${TYPE_COLORS[type]}` }, TYPE_SHORT[type]),
      Array.from({ length: 7 }, (_, k) => {
        const left = supply[t * 7 + k] || 0;
        const id = `${type}_${k + 1}`;
        return clickable(look(h("span", { class: `inv-supply-tile${left ? "" : " gone"}`,
          "aria-label": `${name("tiles", id)}: ${left} left` }, `${k + 1}`, h("small", {}, `×${left}`)), "tiles", id),
        ctx, `progress:tile=${id}`);
      }))));
}

// -- Society boards -------------------------------------------------------------------------------
function society(player, table, payload, ctx) {
  const seat = player.seat;
  const you = payload.seat === seat;
  const kind = payload.seats?.[seat];
  const who = kind && kind.kind === "bot" ? "bot" : you ? "you" : "human";
  const toMove = payload.to_move === seat;
  const score = (payload.view.scores || [])[seat];
  const specialists = h("table", { class: "inv-specialists" },
    h("tr", {}, h("th", {}, ""), SPECIALISTS.map((name) => h("th", {}, name))),
    h("tr", {}, h("th", {}, "home"), SPECIALISTS.map((name, k) => clickable(h("td", {}, player.home[k]),
      ctx, ...(you ? [`pay:${name}`, `send:${name}`] : [])))),
    h("tr", {}, h("th", {}, "exhausted"), SPECIALISTS.map((_, k) => h("td", {}, player.exhausted[k]))));
  const tokens = Object.entries(player.influence_tokens || {}).map(([key, tok]) => h("span", {
    class: `chip inv-token${tok.face_up ? "" : " down"}${tok.region ? " placed" : ""}`,
    title: `${name("tokens", key)}: ${tok.region ? table.regions[tok.region - 1].name : "on the Society board"}, ${tok.face_up ? "face up" : "face down"}`,
  }, TOKEN_NAMES[key] || name("tokens", key), tok.region ? h("small", {}, ` @${tok.region}`) : null));
  return h("article", { class: `inv-society${toMove ? " to-move" : ""}${you ? " you" : ""}`,
    style: `--seat:${seatColor(seat)}`, "data-seat": seat },
    h("header", {},
      h("span", { class: "seat-dot" }), h("b", {}, seatName(seat)), h("span", { class: "muted" }, ` (${who})`),
      toMove ? h("span", { class: "badge turn" }, "to move") : null,
      h("span", { class: "inv-stat" }, "IP ", h("b", {}, player.ip)),
      h("span", { class: "inv-stat" }, "Influence ", h("b", {}, player.influence)),
      h("span", { class: "inv-stat" }, "Era ", h("b", {}, player.era)),
      h("span", { class: "inv-stat", title: "Private milestone" }, "Milestone ",
        look(h("b", {}, name("milestones", player.milestone)), "milestones", player.milestone)),
      score !== undefined ? h("span", { class: "inv-total", title: "current points" }, `${score} pts`) : null),
    h("div", { class: "inv-society-body" },
      h("div", { class: "inv-society-left" },
        specialists,
        h("div", { class: "inv-row" },
          clickable(h("span", { class: "inv-stat", title: "Scholars in the academy" }, "Academy ", h("b", {}, player.academy)),
            ctx, ...(you ? ["pay:scholar", "send:scholar"] : [])),
          h("span", { class: "inv-stat" }, "Sages ", h("b", {}, player.sages)),
          h("span", { class: "inv-stat" }, "Supply ", h("b", {}, player.supply)),
          h("span", { class: "inv-stat", title: "Economy tokens at home" }, "Economy tokens ", h("b", {}, player.economy_tokens))),
        h("div", { class: "inv-row" }, h("span", { class: "label" }, "Pillars "),
          player.epoch ? h("span", { class: "inv-pillar epoch", style: `--seat:${seatColor(seat)}` }, "E")
            : h("span", { class: "inv-pillar epoch idle", title: "Epoch pillar not placed" }, "E"),
          player.epoch ? ` ${name("actions", player.epoch)} ` : null,
          (player.seasons || []).map((sp) => sp
            ? [h("span", { class: "inv-pillar season", style: `--seat:${seatColor(seat)}` }, "S"), ` ${name("actions", sp)} `]
            : h("span", { class: "inv-pillar season idle", title: "Season pillar at home" }, "S"))),
        h("div", { class: "inv-row" }, h("span", { class: "label" }, "Ideas "),
          player.ideas.length ? player.ideas.map((slug) => clickable(look(h("span", { class: "chip inv-idea" }, name("ideas", slug)), "ideas", slug),
            ctx, ...(you ? [`present:idea=${slug}`] : []))) : h("span", { class: "muted" }, "—")),
        h("div", { class: "inv-row" }, h("span", { class: "label" }, "Inventions "),
          player.inventions.length ? player.inventions.map((slug) => clickable(look(h("span", { class: "chip inv-invention" }, name("ideas", slug)), "ideas", slug),
            ctx, ...(you ? [`chain:invention=${slug}`] : []))) : h("span", { class: "muted" }, "—")),
        h("div", { class: "inv-row" }, h("span", { class: "label" }, "Tiles display "),
          player.tiles.map((tile, i) => clickable(look(h("span", { class: `inv-slot${tile ? "" : " empty"}`,
            style: tile ? tileStyle(tile) : "", "aria-label": tile ? name("tiles", tile) : `empty space ${i + 1}` },
          tile ? tileShort(tile) : `${i + 1}`), "tiles", tile), ctx,
          ...(you ? [`build:slot=${i + 1}`] : [])))),
        h("div", { class: "inv-row" }, h("span", { class: "label" }, "Influence tokens "), tokens),
        player.private_goals ? h("div", { class: "inv-row inv-goals" }, h("span", { class: "label" }, "Private goals "),
          player.private_goals.map((g) => look(h("span", { class: "chip" }, name("goals", g)), "goals", g))) : null),
      progressMap(player, you, ctx)));
}

function progressMap(player, you, ctx) {
  const svg = s("svg", { viewBox: "-85 -72 170 144", class: "inv-hexmap", role: "img",
    "aria-label": `${seatName(player.seat)}'s Progress map` });
  const tokens = new Set(player.economy_token_hexes || []);
  const used = new Set(player.economy_used || []);
  for (let q = -2; q <= 2; q++) {
    for (let r = -2; r <= 2; r++) {
      if (Math.abs(q + r) > 2) continue;
      const id = `${q},${r}`;
      const x = HEX_SIZE * Math.sqrt(3) * (q + r / 2), y = HEX_SIZE * 1.5 * r;
      const tile = player.progress_map[id];
      const g = s("g", { class: "inv-hex", "data-hex": id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
      const points = Array.from({ length: 6 }, (_, k) => {
        const a = Math.PI / 180 * (60 * k - 30);
        return `${(HEX_SIZE * Math.cos(a)).toFixed(1)},${(HEX_SIZE * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      const flipped = tile && tile.includes("(flipped)");
      g.append(s("polygon", { points, fill: tile ? tileFill(tile) : "#f3ecdd", stroke: "#8a7b63", "stroke-width": 1,
        opacity: flipped ? 0.55 : 1 }));
      if (tile) g.append(text(0, 4, tileShort(tile), { class: "inv-hex-text", "text-anchor": "middle" }));
      if (tokens.has(id)) {
        g.append(s("circle", { cx: 0, cy: tile ? -9 : 0, r: 4.5, fill: used.has(id) ? "#bbb" : "#e0b43a", stroke: "#6b5510" }));
      }
      const tileId = tile ? tile.replace(" (flipped)", "") : null;
      g.setAttribute("aria-label", `${name("hexes", id)}: ${tile ? name("tiles", tileId) : "empty"}${flipped ? " (flipped)" : ""}${tokens.has(id) ? " · Economy token" : ""}`);
      svg.append(clickable(tile ? look(g, "tiles", tileId) : look(g, "hexes", id), ctx, ...(you ? [`build:hex=${id}`] : [])));
    }
  }
  return h("div", { class: "inv-hexwrap" }, h("span", { class: "label" }, "Progress map"), svg);
}

function tileType(tile) {
  if (tile.startsWith("Wealth")) return "wealth";
  if (tile.includes("Aspiration")) return "aspiration";
  return TYPES.find((t) => tile.startsWith(t)) || "other";
}

function tileFill(tile) {
  const type = tileType(tile);
  return TYPE_COLORS[type] || (type === "wealth" ? "#6b8f3a" : "#7c6f9c");
}

function tileStyle(tile) {
  return `background:${tileFill(tile)};color:#fff`;
}

function tileShort(tile) {
  const type = tileType(tile);
  if (type === "wealth") return `W${tile.split(" ")[1]}`;
  if (type === "aspiration") return `A${tile[0].toUpperCase()}`;
  const m = /_(\d+)/.exec(tile);
  return `${TYPE_SHORT[type] || "?"}${m ? m[1] : ""}`;
}

// -- Chronos (2-Player Rules) ---------------------------------------------------------------------
function chronosPanel(table) {
  const c = table.chronos_opponent;
  if (!c) return null;
  const onMap = c.citizens_on_map.map((n, r) => (n ? `${n} in ${r + 1}` : null)).filter(Boolean).join(", ");
  const row = (label, ...content) => h("div", { class: "inv-row" }, h("span", { class: "label" }, `${label} `), ...content);
  return h("section", { class: "inv-chronos-opponent panel", "aria-label": "Chronos",
    style: `--seat:${seatColor(c.colour)}` },
    h("h3", {}, h("span", { class: "seat-dot" }), " Chronos"),
    row("Season pillar", c.region ? `region ${c.region}` : "—"),
    row("Citizens", `supply ${c.supply}`, onMap ? ` · map: ${onMap}` : ""),
    row("Milestone", c.milestone ? look(h("b", {}, name("milestones", c.milestone)), "milestones", c.milestone) : "—", c.era ? ` (era ${c.era}, ${name("era_spaces", c.era_space, "no era space")})` : ""),
    row("Influence tokens", `regions ${c.influence_token_regions.join(", ") || "—"} · Era track ${c.influence_tokens_era_track}`
      + ` · supply ${c.influence_tokens_supply}`),
    row("Discarded tiles", c.discarded_tiles.length
      ? c.discarded_tiles.map((tile) => look(h("span", { class: "inv-slot", style: tileStyle(tile),
        "aria-label": name("tiles", tile) }, tileShort(tile)), "tiles", tile))
      : h("span", { class: "muted" }, "—")));
}

/** A colour slot's name: Chronos' slot, or the seat's name. */
function who(seat, table) {
  return seat === table.chronos_colour ? "Chronos" : seatName(seat);
}

// -- names and inspection (set from the glossary at each render) ---------------------------------
let name = namer({});
let look = (element) => element;

