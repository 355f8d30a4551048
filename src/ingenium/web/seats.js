// Seats that belong to their player. A seat opened from its invitation link is remembered in
// this browser (the lobby's "Your tables"). A hotseat table (several people at one screen) keeps
// all its human seats here: the page plays as the human to move, and between two humans' turns
// it shows only a "pass the device" screen, so nobody sees the others' secrets.

import { hotseatTokens, mySeats, rememberSeat } from "./api.js";
import { h, mount, seatColor, seatName } from "./dom.js";

/** The token a table page plays with: the one given, or at a hotseat table the held seat
 *  asked for (else the first held). */
export function pageToken(id, token, { hotseat = false, seat = null } = {}) {
  if (!hotseat) return token;
  const held = hotseatTokens(id);
  return held[seat] ?? Object.values(held)[0] ?? token;
}

/** Remember the seat a payload was shown for, once per page (invitation links). */
export function rememberOpenedSeat(id, token, payload) {
  if (!token || payload.seat === null) return;
  const known = mySeats().some((s) => s.tableId === id && s.seat === payload.seat && s.token === token);
  if (!known) rememberSeat(id, payload.seat, token, payload.title, false, payload.seats[payload.seat].name);
}

/** At a hotseat table, when another held human seat is to move: replace the page with the
 *  pass-the-device screen (nothing of any seat's view stays in it) and return true. */
export function handOver(page, id, payload) {
  const held = hotseatTokens(id);
  const next = payload.to_move;
  if (next === null || next === payload.seat || !(next in held)) return false;
  page.dataset.handover = String(next);
  page.dataset.yourTurn = "false";
  document.title = `Pass the device to ${seatName(next)} — ${payload.title}`;
  mount(page, h("section", { class: "panel pass-device" },
    h("h2", {}, h("span", { class: "seat-dot", style: `background:${seatColor(next)}` }), `Pass the device to ${seatName(next)}`),
    h("p", {}, `${seatName(payload.seat)}'s turn is over. Only ${seatName(next)} should look at the screen now.`),
    h("a", { class: "button primary show-seat", href: `#/table/${id}?hotseat=1&seat=${next}` },
      `I am ${seatName(next)}: show my board`)));
  return true;
}
