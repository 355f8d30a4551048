// The one popup of every board: what a card, chip, module or token says. A tap, a click or
// Enter on an element that only shows something opens it until a tap elsewhere or Escape; a
// mouse resting on an element opens it while the pointer stays there (so an element whose
// click chooses an option can still be read before choosing), and leaving closes it.

import { h, mount } from "./dom.js";

const HOVER_DELAY_MS = 250; // a pointer passing over the board opens nothing
let current = null; // { anchor, pinned }
let hoverTimer = null;

/** Make `element` show the popup built by `content()` ({ kind, name, facts: [[label, text]],
 *  lines: [text] }); returns the element. */
export function popupOn(element, content) {
  box(); // the popup exists (hidden) from the first board on
  element.classList.add("inspectable");
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
  element.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => openPopup(element, content(), false), HOVER_DELAY_MS);
  });
  element.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(hoverTimer);
    if (current && current.anchor === element && !current.pinned) closePopup();
  });
  // a tap or click: elements that choose an option (or lie inside one) keep their click
  element.addEventListener("click", (event) => {
    if (element.closest(".clickable")) return;
    event.stopPropagation();
    clearTimeout(hoverTimer);
    if (current && current.anchor === element && current.pinned) closePopup();
    else openPopup(element, content(), true);
  });
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !element.closest(".clickable")) {
      event.preventDefault();
      openPopup(element, content(), true);
    }
  });
  element.addEventListener("blur", () => {
    if (current && current.anchor === element && !current.pinned) closePopup();
  });
  return element;
}

function box() {
  let popup = document.getElementById("inspector");
  if (!popup) {
    popup = h("div", { id: "inspector", role: "dialog", "aria-live": "polite", hidden: true });
    document.body.append(popup);
    document.addEventListener("click", (event) => {
      if (!event.target.closest?.("#inspector")) closePopup();
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") closePopup();
    });
  }
  return popup;
}

/** Open the popup beside `anchor`; `pinned`: it stays until a tap elsewhere or Escape. */
export function openPopup(anchor, entry, pinned = true) {
  const popup = box();
  mount(popup,
    entry.kind ? h("div", { class: "inspector-kind" }, entry.kind) : null,
    h("div", { class: "inspector-name" }, entry.name),
    entry.facts && entry.facts.length
      ? h("dl", {}, entry.facts.map(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])) : null,
    (entry.lines || []).map((line) => h("p", { class: "inspector-line" }, line)),
    pinned ? h("button", { class: "inspector-close", type: "button", "aria-label": "Close", onClick: closePopup }, "×") : null);
  popup.hidden = false;
  popup.classList.toggle("pinned", pinned);
  current = { anchor, pinned };
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  popup.style.width = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, rect.left));
  const below = rect.bottom + 6;
  const top = below + popup.offsetHeight > window.innerHeight ? Math.max(8, rect.top - popup.offsetHeight - 6) : below;
  popup.style.left = `${left + window.scrollX}px`;
  popup.style.top = `${top + window.scrollY}px`;
}

/** Close the popup (if open). */
export function closePopup() {
  clearTimeout(hoverTimer);
  current = null;
  const popup = document.getElementById("inspector");
  if (popup) popup.hidden = true;
}

/** A multi-line tip ("Name\nline\nline") as a popup entry. */
export function tipEntry(tip, action = "") {
  let [name, ...lines] = tip.split("\n");
  const colon = name.indexOf(": ");
  if (!lines.length && colon > 0) [name, lines] = [name.slice(0, colon), [name.slice(colon + 2)]];
  return { name, lines: action ? [action, ...lines] : lines };
}

/** Turn every browser tooltip inside `root` (a `title` attribute, an SVG <title>) into the
 *  shared popup: tooltips show only under a mouse, never on a phone. */
export function popupTitles(root) {
  for (const element of root.querySelectorAll("[title]")) {
    const tip = element.getAttribute("title");
    element.removeAttribute("title");
    if (tip && !element.classList.contains("inspectable")) {
      element.dataset.tip = tip; // what the popup says, for reading the page without opening it
      popupOn(element, () => tipEntry(tip));
    }
  }
  for (const title of root.querySelectorAll("svg title")) {
    const element = title.parentNode;
    const tip = title.textContent;
    title.remove();
    if (tip && element && !element.classList.contains("inspectable")) {
      element.dataset.tip = tip;
      popupOn(element, () => tipEntry(tip));
    }
  }
}
