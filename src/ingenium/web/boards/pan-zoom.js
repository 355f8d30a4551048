// Pan and zoom for an SVG board (Civolution's continent): drag with a finger or the mouse to
// pan, pinch or Ctrl+wheel to zoom, and the +, − and "whole map" buttons. The view is the
// SVG's viewBox, so text stays sharp; it is kept across redraws of the same board. On a narrow
// screen the map opens zoomed in far enough for its labels to be legible.

import { h } from "../dom.js";

const LEGIBLE_PX_PER_UNIT = 52; // the smallest map text (0.2 units) at about 10 px
const MAX_ZOOM = 6;
const DRAG_SLOP = 6; // pixels a pointer may move and still tap
const views = new Map(); // key -> { x, y, w } kept across redraws

/** `svg` (whose viewBox is the whole board, `full` = {x, y, w, h}) in a pannable, zoomable
 *  viewport; `key` names the board for keeping its view. Returns the viewport element. */
export function panZoom(svg, full, key) {
  const frame = h("div", { class: "pz-frame", style: `aspect-ratio: ${full.w} / ${full.h}` }, svg);
  let view = views.get(key) || null;
  const minW = full.w / MAX_ZOOM;

  const aspect = () => {
    const r = frame.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? r.height / r.width : full.h / full.w;
  };
  const apply = () => {
    const hgt = view.w * aspect();
    // keep some of the board in view: the view's centre never leaves the board
    view.x = Math.min(full.x + full.w - view.w / 2, Math.max(full.x - view.w / 2, view.x));
    view.y = Math.min(full.y + full.h - hgt / 2, Math.max(full.y - hgt / 2, view.y));
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${hgt}`);
    views.set(key, view);
    frame.dataset.zoom = (full.w / view.w).toFixed(2);
  };
  const fit = () => {
    const r = frame.getBoundingClientRect();
    const wide = Math.max(full.w, full.h / aspect());
    view = { x: full.x - (wide - full.w) / 2, y: full.y, w: wide };
    // a narrow screen: zoom in until the labels are legible, showing the top left first
    if (r.width > 0 && r.width / wide < LEGIBLE_PX_PER_UNIT) {
      view = { x: full.x, y: full.y, w: Math.max(minW, r.width / LEGIBLE_PX_PER_UNIT) };
    }
    apply();
  };
  const zoomAt = (factor, cx, cy) => { // cx, cy: the fixed point, as fractions of the frame
    const w = Math.min(full.w * 1.2, Math.max(minW, view.w / factor));
    const hgt = view.w * aspect();
    view = { x: view.x + (view.w - w) * cx, y: view.y + (hgt - w * aspect()) * cy, w };
    apply();
  };
  const start = () => {
    if (!frame.isConnected) return;
    if (view) apply();
    else fit();
  };
  requestAnimationFrame(start);

  // pointers: one pans, two pinch
  const pointers = new Map();
  let moved = 0;
  let pinch = null;
  const unitsPerPx = () => view.w / frame.getBoundingClientRect().width;
  svg.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) moved = 0;
    if (pointers.size === 2) pinch = spread(pointers);
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last || !view) return;
    const dx = event.clientX - last.x, dy = event.clientY - last.y;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    moved += Math.abs(dx) + Math.abs(dy);
    if (pointers.size === 1 && moved > DRAG_SLOP) {
      if (!svg.hasPointerCapture(event.pointerId)) svg.setPointerCapture(event.pointerId);
      view.x -= dx * unitsPerPx();
      view.y -= dy * unitsPerPx();
      apply();
    } else if (pointers.size === 2 && pinch) {
      const now = spread(pointers);
      const r = frame.getBoundingClientRect();
      zoomAt(now.d / pinch.d, (now.cx - r.left) / r.width, (now.cy - r.top) / r.height);
      pinch = now;
    }
  });
  const up = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // a drag is not a tap: the click that ends it chooses nothing and opens nothing
  svg.addEventListener("click", (event) => {
    if (moved > DRAG_SLOP) {
      event.stopPropagation();
      event.preventDefault();
      moved = 0;
    }
  }, true);
  svg.addEventListener("wheel", (event) => {
    if (!event.ctrlKey || !view) return; // the plain wheel scrolls the page
    event.preventDefault();
    const r = frame.getBoundingClientRect();
    zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, (event.clientX - r.left) / r.width, (event.clientY - r.top) / r.height);
  }, { passive: false });

  const button = (label, title, cls, act) => h("button", { type: "button", class: `pz-button ${cls}`, "aria-label": title,
    onClick: (event) => { event.stopPropagation(); if (view) act(); } }, label);
  return h("div", { class: "pz" }, frame,
    h("div", { class: "pz-controls" },
      button("+", "Zoom in", "pz-in", () => zoomAt(1.4, 0.5, 0.5)),
      button("−", "Zoom out", "pz-out", () => zoomAt(1 / 1.4, 0.5, 0.5)),
      button("⤢", "Whole map", "pz-fit", () => { view = { x: full.x, y: full.y, w: full.w }; apply(); })),
    h("p", { class: "pz-hint muted" }, "Drag to move the map; pinch, Ctrl+wheel or the buttons to zoom."));
}

function spread(pointers) {
  const [a, b] = [...pointers.values()];
  return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
}
