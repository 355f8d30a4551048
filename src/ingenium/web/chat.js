// The table chat: messages stored with the table (GET/POST /api/tables/{id}/chat), shown as
// plain text (never markup), written by the seats, read by spectators. Polled every few
// seconds while the table is open, and right after sending.

import { api } from "./api.js";
import { h, mount, seatColor, seatName, toast } from "./dom.js";

const POLL_MS = 4000;
const MAX_CHARS = 300;

/** A chat panel for table `id` as the seat of `token` (read-only without); the table's own
 *  notices (seat -1: a seat taken over by a bot) also go to `onNotice(text)`. Returns
 *  { element, close() }. The element keeps its content across redraws of the page. */
export function chatPanel(id, token, onNotice = () => {}) {
  const list = h("ol", { class: "chat-list", "aria-live": "polite" });
  const messages = [];
  let last = -1;
  let alive = true;

  const show = () => {
    mount(list, messages.length ? messages.map((m) => h("li", { class: "chat-line", "data-seq": m.seq,
      style: m.seat < 0 ? "" : `--seat:${seatColor(m.seat)}` }, h("b", {}, m.seat < 0 ? "Table: " : `${seatName(m.seat)}: `), m.text))
      : h("li", { class: "muted" }, "No message yet."));
    list.scrollTop = list.scrollHeight;
  };

  const fetchNew = async () => {
    try {
      const fresh = await api(`/api/tables/${encodeURIComponent(id)}/chat?after=${last}`);
      if (!alive || !fresh.length) return;
      for (const m of fresh) {
        if (m.seq <= last) continue;
        messages.push(m);
        if (m.seat < 0) onNotice(m.text);
      }
      last = messages[messages.length - 1].seq;
      show();
    } catch {
      // offline: the table's banner says so; the next poll catches up
    }
  };

  const input = h("input", { type: "text", class: "chat-input", maxlength: MAX_CHARS,
    placeholder: "Say something to the table", "aria-label": "Chat message" });
  const send = async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api(`/api/tables/${encodeURIComponent(id)}/chat`, { method: "POST", body: { token, text } });
      input.value = "";
      await fetchNew();
    } catch (error) {
      toast(error.message);
    }
  };
  const form = token
    ? h("form", { class: "chat-form", onSubmit: send }, input, h("button", { type: "submit" }, "Send"))
    : h("p", { class: "muted" }, "Spectators read the chat; the players write in it.");
  const element = h("section", { class: "panel chat" }, h("h3", {}, "Chat"), list, form);
  show();
  fetchNew();
  const timer = setInterval(fetchNew, POLL_MS);
  return {
    element,
    /** Draw the lines again (the seats' names arrived or changed after they were drawn). */
    renamed: show,
    close() {
      alive = false;
      clearInterval(timer);
    },
  };
}
