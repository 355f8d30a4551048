// Tiny helpers to build HTML and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      element.textContent = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: h("button", {class: "x", onClick}, "label"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** SVG text helper. */
export function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** Run `redraw`, then give the keyboard focus and caret back to the element that had them if
 *  it is on the page again (the chat's input, kept across a table's redraws, is moved into the
 *  new tree, which takes its focus): the other seat's move must not cut a message being typed. */
export function keepingFocus(redraw) {
  const focused = document.activeElement;
  const caret = typeof focused?.selectionStart === "number"
    ? [focused.selectionStart, focused.selectionEnd, focused.selectionDirection] : null;
  redraw();
  if (focused && focused !== document.body && focused.isConnected && document.activeElement !== focused) {
    focused.focus({ preventScroll: true });
    if (caret) focused.setSelectionRange(...caret);
  }
}

/** Replace all children of an element. */
export function mount(element, ...children) {
  element.replaceChildren();
  return fill(element, {}, children);
}

export const SEAT_COLORS = ["#d64545", "#3b7dd8", "#2f9e5b", "#e09a1f", "#8e5cc4"];

/** A seat's color (cubes, names). */
export const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];

let tableNames = []; // the names of the seats of the table (or replay) on screen

/** The seat names of the table on screen (from its payload's `seats`). */
export function setSeatNames(seats) {
  tableNames = (seats || []).map((s) => s.name);
}

/** How people name a seat: its name at this table (`names`, else the table on screen). */
export const seatName = (seat, names = tableNames) => names[seat] || `Player ${seat + 1}`;

const NAME_KEY = "ingenium.name";
/** The name this browser plays under (remembered from the last time one was typed). */
export const myName = () => localStorage.getItem(NAME_KEY) || "";
export const rememberName = (name) => name && localStorage.setItem(NAME_KEY, name.trim());

/** A short toast message at the bottom of the page. */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), 5000);
}

/** Make `element` choose the first of `optionIds` that is offered. */
export function clickable(element, ctx, ...optionIds) {
  const optionId = optionIds.find((id) => ctx.options.has(id));
  if (!optionId) return element;
  const option = ctx.options.get(optionId);
  element.classList.add("clickable");
  element.setAttribute("data-option", optionId);
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  if (element instanceof SVGElement) element.append(s("title", {}, option.label));
  else element.setAttribute("title", option.label);
  if (ctx.choose) {
    const go = (event) => {
      event.stopPropagation();
      ctx.choose(optionId);
    };
    element.addEventListener("click", go);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") go(event);
    });
  }
  return element;
}
