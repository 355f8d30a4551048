// V.I.C.I's play area in a Civolution solo game (rulebook: Solo Mode): its score, level and last
// action, the action stack, the revealed and discarded action cards, the reset icons, the
// Evolution and Prosperity grids, its provision markers per territory and its dice. Drawn from
// the view's public `vici` block, which names everything.

import { h, seatColor } from "../dom.js";

const VICI_SEAT = 1; // its tribes and discs on the boards are seat 1's

/** V.I.C.I's last action: the card, the half it used, the roll, what it did. */
export function lastAction(v) {
  const act = v.last_action;
  if (!act) return h("span", { class: "muted" }, "none yet");
  return h("span", {}, h("b", {}, act.card), ` (${act.half} half${act.roll ? `, roll ${act.roll}` : ""}): ${act.did}`);
}

/** V.I.C.I's area, laid out like a console. */
export function viciArea(v) {
  const level = `${v.level.charAt(0).toUpperCase()}${v.level.slice(1)}${v.extra_tough ? ", extra tough" : ""}`;
  const stat = (label, value, tip) => h("span", { class: "civ-stat", title: tip ? `${label}: ${tip}` : label }, `${label} `, h("b", {}, value));
  const provision = Object.entries(v.provision).filter(([, n]) => n > 0);
  return h("article", { class: "civ-console civ-vici", style: `--seat:${seatColor(VICI_SEAT)}`, "aria-label": `${v.name}'s play area` },
    h("header", {}, h("span", { class: "seat-dot" }), h("b", {}, v.name), h("span", { class: "muted" }, ` (automated rival, ${level})`),
      stat("Score", v.score, "success points"), stat("Favor", v.favor, "Favor of Agera"),
      stat("Tribes on the continent", v.tribes),
      v.tribe_supply !== undefined ? stat("Tribes in supply", v.tribe_supply) : null,
      v.statues ? stat("Statues", v.statues, "its statues on building grounds") : null,
      stat("Markers", v.supply, "markers in its supply"),
      stat("Dice", v.dice, "activation dice in its play area"), v.fate ? stat("Fate dice", v.fate) : null),
    h("p", { class: "civ-vici-last" }, h("span", { class: "label" }, "Last action "), lastAction(v)),
    h("div", { class: "civ-console-body" },
      h("div", {},
        h("div", {}, stat("Action stack", v.stack, "face-down action cards"), " ",
          stat("Discarded", v.discard, "action cards on the discard pile"), " ",
          stat("Reset icons", `${v.reset_icons.blue} blue · ${v.reset_icons.red} red`, "reset icons on the revealed cards")),
        h("ul", { class: "civ-vici-revealed", "aria-label": "Revealed action cards" },
          v.revealed.length ? v.revealed.map((c) => h("li", { class: `civ-vici-card ${c.half}`, title: c.text },
            h("b", {}, c.name), ` (${c.half} half) — ${c.text}`)) : h("li", { class: "muted" }, "no action card revealed"))),
      h("div", {},
        h("div", {}, stat("Evolution grid", v.evolution, "markers on its Evolution grid"), " ",
          stat("Prosperity grid", v.prosperity, "markers on its Prosperity grid")),
        h("div", { class: "civ-vici-provision" }, h("span", { class: "label" }, "Provision "),
          provision.length ? provision.map(([name, n]) => h("span", { class: "badge", title: `${n} provision marker${n > 1 ? "s" : ""} in ${name}` }, `${name} ×${n}`))
            : h("span", { class: "muted" }, "none on the continent")))));
}
