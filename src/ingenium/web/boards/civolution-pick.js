// Civolution board helpers: which offered options an element stands for, and making it
// clickable with the shared popup (popup.js) saying both what it is and what a click does.

import { clickable, h } from "../dom.js";
import { popupOn, tipEntry } from "../popup.js";

const ID_WORD = /\b[a-z]+_\d+\b/;

/** The ids of the offered options that `test` accepts, in offer order. */
export function matching(ctx, test) {
  return [...ctx.options.keys()].filter(test);
}

/** Make `element` send the first of `ids` (if any is offered); its popup is `tip` (first line:
 * the name), with the option's label when clicking does something. */
export function offer(element, ctx, ids, tip) {
  clickable(element, ctx, ...ids);
  const chosen = element.getAttribute("data-option");
  const label = chosen ? ctx.options.get(chosen).label : "";
  // a label naming a component by its internal id (goal_26) is not shown: the tip names it
  const said = ID_WORD.test(label) ? "Click to choose it" : label ? `Click: ${label}` : "";
  // the popup says it all: no browser tooltip (hover-only, unreadable on a phone)
  element.removeAttribute("title");
  element.querySelectorAll(":scope > title").forEach((t) => t.remove());
  if (tip || said) {
    element.dataset.tip = [said, tip].filter(Boolean).join("\n"); // what the popup says
    popupOn(element, () => tipEntry(tip || label, said));
  }
  return element;
}

/** A research card as a chip whose tooltip is its printed content. */
export function cardChip(card, ctx, ...ids) {
  const tip = [`${card.name} (${cap(card.deck)} ${card.id})`, card.ability ? `Ability: ${card.ability}` : "",
    `Costs: ${card.costs.filter(Boolean).join(" | ") || "none"}`, card.bonus ? `Bonus: ${card.bonus}` : "",
    card.special ? `Special bonus: ${card.special}` : ""].filter(Boolean).join("\n");
  return offer(h("span", { class: `civ-card deck-${card.letter}`, "data-card": card.id }, card.name),
    ctx, matching(ctx, (id) => ids.includes(id)), tip);
}

/** A word with its first letter upper case. */
export function cap(word) {
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : "";
}
