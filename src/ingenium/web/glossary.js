// Component names and inspection. The server's glossary (GET /api/games/{game}/glossary) holds
// every component's name, kind and facts (era, type, requirements, costs, effect text) written
// from the records the rules run; boards name things through it and make them inspectable:
// tapping or pointing at an inspectable element opens the one shared popup (popup.js).

import { api } from "./api.js";
import { popupOn } from "./popup.js";

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

/** Make `element` inspectable as component `id` of `kind` (the shared popup); returns it. */
export function inspectable(element, glossary, kind, id) {
  const entry = glossary?.[kind]?.[id];
  if (!entry) return element;
  element.dataset.inspect = `${kind}:${id}`;
  return popupOn(element, () => entry);
}
