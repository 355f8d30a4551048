// Civolution board helpers: which offered options an element stands for, and making it
// clickable with the shared popup (popup.js) saying both what it is and what a click does. A
// component's popup is its entry in the game's glossary (GET /api/games/civolution/glossary,
// written by glossary.py from the records the rules run), as on the other games' boards.

import { clickable, h } from "../dom.js";
import { popupOn, tipEntry } from "../popup.js";

const ID_WORD = /\b[a-z]+_\d+\b/;
// the glossary's kind (glossary.py) of each kind of chip or card the board draws
export const GLOSSARY_KIND = { card: "cards", goal: "goal_chips", income: "income_chips",
  attribute: "attribute_chips", start: "starting_chip_cards" };

/** The ids of the offered options that `test` accepts, in offer order. */
export function matching(ctx, test) {
  return [...ctx.options.keys()].filter(test);
}

/** The glossary entry of component `id` of glossary kind `kind` ("cards", "modules",
 * "goal_chips", ...), or null when the glossary has none. */
export function entryOf(ctx, kind, id) {
  return (id !== null && id !== undefined && ctx.glossary?.[kind]?.[id]) || null;
}

/** The popup text of a glossary entry: its name, then each fact as "label: text". */
function entryText(entry) {
  return [entry.name, ...(entry.facts || []).map(([label, value]) => `${label}: ${value}`)].join("\n");
}

/** Make `element` send the first of `ids` (if any is offered); its popup is the glossary entry
 * of `inspect` ([kind, id]) when there is one, else `tip` (first line: the name), with the
 * option's label when clicking does something. */
export function offer(element, ctx, ids, tip, inspect = null) {
  clickable(element, ctx, ...ids);
  const chosen = element.getAttribute("data-option");
  const label = chosen ? ctx.options.get(chosen).label : "";
  // a label naming a component by its internal id (goal_26) is not shown: the tip names it
  const said = ID_WORD.test(label) ? "Click to choose it" : label ? `Click: ${label}` : "";
  // the popup says it all: no browser tooltip (hover-only, unreadable on a phone)
  element.removeAttribute("title");
  element.querySelectorAll(":scope > title").forEach((t) => t.remove());
  const entry = inspect ? entryOf(ctx, ...inspect) : null;
  if (entry) {
    element.dataset.inspect = inspect.join(":");
    element.dataset.tip = [said, entryText(entry)].filter(Boolean).join("\n"); // what the popup says
    popupOn(element, () => ({ ...entry, lines: said ? [said] : [] }));
  } else if (tip || said) {
    element.dataset.tip = [said, tip].filter(Boolean).join("\n"); // what the popup says
    popupOn(element, () => tipEntry(tip || label, said));
  }
  return element;
}

/** A research card as a chip whose popup is its glossary entry (its printed content). */
export function cardChip(card, ctx, ...ids) {
  const tip = [`${card.name} (${cap(card.deck)} ${card.id})`, card.ability ? `Ability: ${card.ability}` : "",
    `Costs: ${card.costs.filter(Boolean).join(" | ") || "none"}`, card.bonus ? `Bonus: ${card.bonus}` : "",
    card.special ? `Special bonus: ${card.special}` : ""].filter(Boolean).join("\n");
  return offer(h("span", { class: `civ-card deck-${card.letter}`, "data-card": card.id }, card.name),
    ctx, matching(ctx, (id) => ids.includes(id)), tip, ["cards", card.id]);
}

/** A word with its first letter upper case. */
export function cap(word) {
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : "";
}
