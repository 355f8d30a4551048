// Component names and inspection. The server's glossary (GET /api/games/{game}/glossary) holds
// every component's name, kind and facts (era, type, requirements, costs, effect text) written
// from the records the rules run; boards name things through it and make them inspectable:
// hovering, focusing or tapping an inspectable element opens one shared card beside it.

import { api } from "./api.js";
import { h, mount } from "./dom.js";

const loaded = new Map();

/** The glossary of `game` (fetched once per page; {} if the server has none). */
export function loadGlossary(game) {
  if (!loaded.has(game)) {
    loaded.set(game, api(`/api/games/${encodeURIComponent(game)}/glossary`).catch(() => ({})));
  }
  return loaded.get(game);
}

/** A naming helper bound to a glossary: name(kind, id) is the component's name, never its id. */
export function namer(glossary) {
  return (kind, id, fallback = "") => {
    if (id === null || id === undefined) return fallback;
    const entry = glossary?.[kind]?.[id];
    return entry ? entry.name : fallback || "?";
  };
}

/** Make `element` inspectable as component `id` of `kind`; returns it. */
export function inspectable(element, glossary, kind, id) {
  const entry = glossary?.[kind]?.[id];
  if (!entry) return element;
  element.classList.add("inspectable");
  element.dataset.inspect = `${kind}:${id}`;
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
  const show = () => openCard(element, entry);
  element.addEventListener("mouseenter", show);
  element.addEventListener("focus", show);
  element.addEventListener("mouseleave", closeCard);
  element.addEventListener("blur", closeCard);
  // a tap on a phone: elements that choose an option (or lie inside one) keep their click;
  // others open the card
  element.addEventListener("click", (event) => {
    if (!element.closest(".clickable")) {
      event.stopPropagation();
      show();
    }
  });
  return element;
}

function card() {
  let box = document.getElementById("inspector");
  if (!box) {
    box = h("div", { id: "inspector", role: "tooltip", hidden: true });
    document.body.append(box);
    document.addEventListener("click", (event) => {
      if (!event.target.closest?.(".inspectable")) closeCard();
    });
  }
  return box;
}

function openCard(element, entry) {
  const box = card();
  mount(box, h("div", { class: "inspector-kind" }, entry.kind),
    h("div", { class: "inspector-name" }, entry.name),
    entry.facts.length ? h("dl", {}, entry.facts.map(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])) : null);
  box.hidden = false;
  const rect = element.getBoundingClientRect();
  const width = Math.min(300, window.innerWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, rect.left));
  const below = rect.bottom + 6;
  const top = below + box.offsetHeight > window.innerHeight ? Math.max(8, rect.top - box.offsetHeight - 6) : below;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

function closeCard() {
  const box = document.getElementById("inspector");
  if (box) box.hidden = true;
}
