// Forced choices: when a human's decision offers a single option, the page plays it for them
// (after a moment, so the board is seen) and notes it in their log: "Played for you (the only
// choice): …". A per-browser switch turns this off.

import { h } from "./dom.js";

const KEY = "ingenium.autoplay";
const DELAY_MS = 400;

/** Whether this browser plays forced choices by itself (on unless turned off). */
export const autoplayWanted = () => localStorage.getItem(KEY) !== "off";

/** The only option of the seat's decision, when it is its turn and there is just one. */
export function forcedOption(p) {
  const decision = p.your_turn ? p.view.decision : null;
  return decision && decision.forced ? decision.options[0] : null;
}

/** Play `option` soon through `choose`, and remember the log note at `notes`. Returns a
 *  function that calls it off: a page being left must not play a move after it is gone. */
export function playForced(option, p, choose, notes) {
  const timer = setTimeout(() => {
    notes.push({ after: p.events.length, text: `Played for you (the only choice): ${option.label}` });
    choose(option.id);
  }, DELAY_MS);
  return () => clearTimeout(timer);
}

/** The opt-out switch for the top bar. */
export function autoplaySwitch(onChange) {
  const box = h("input", { type: "checkbox", class: "autoplay-switch", checked: autoplayWanted() });
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "on" : "off");
    onChange();
  });
  return h("label", { class: "notify", title: "Play a decision with only one option by itself" },
    box, " auto-play forced moves");
}
