// The generic board: any game's view as a readable, collapsible tree. Games without a board of
// their own stay playable through it and the decision panel's option buttons.

import { h } from "../dom.js";

/** Draw the view's table as nested lists. */
export function render(container, payload) {
  const table = payload.view.table;
  container.append(h("section", { class: "generic-board" },
    h("h3", {}, "Table"),
    tree(table, 0)));
}

function tree(value, depth) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "[]");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "leaf" }, value.map(String).join(", "));
    }
    return h("ol", { start: 0 }, value.map((item) => h("li", {}, tree(item, depth + 1))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span", { class: "muted" }, "{}");
    return h("dl", {}, entries.map(([key, item]) => {
      const nested = item !== null && typeof item === "object" &&
        !(Array.isArray(item) && item.every((v) => v === null || typeof v !== "object"));
      if (!nested) return [h("dt", {}, key), h("dd", {}, tree(item, depth + 1))];
      return [h("dt", {}, key), h("dd", {},
        h("details", { open: depth < 2 }, h("summary", {}, summary(item)), tree(item, depth + 1)))];
    }));
  }
  return h("span", { class: "leaf" }, String(value));
}

function summary(item) {
  return Array.isArray(item) ? `${item.length} items` : `${Object.keys(item).length} fields`;
}
