// Knowing it is your turn: the tab's title says so ("● Your turn — Inventions"), and, when the
// player opted in (a per-browser setting), a short sound and a browser notification when the
// turn comes back to them.

import { h } from "./dom.js";

const KEY = "ingenium.notify";

/** Whether this browser asked for a sound and a notification at its turns. */
export const notifyWanted = () => localStorage.getItem(KEY) === "on";

/** The tab title for a table payload. */
export function tabTitle(p) {
  if (p.status === "finished") return `Game over — ${p.title}`;
  return p.your_turn ? `● Your turn — ${p.title}` : `${p.title} — Ingenium`;
}

/** Tell the player their turn has come (only if they opted in). */
export function yourTurnNow(p) {
  if (!notifyWanted()) return;
  beep();
  if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
    new Notification("Your turn", { body: `${p.title}: ${p.view.decision?.prompt || ""}`, tag: p.table_id });
  }
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch {
    // no audio here: the title still says it
  }
}

/** The opt-in switch for the top bar. */
export function notifySwitch() {
  const box = h("input", { type: "checkbox", class: "notify-switch", checked: notifyWanted() });
  box.addEventListener("change", async () => {
    localStorage.setItem(KEY, box.checked ? "on" : "off");
    if (box.checked && "Notification" in window && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        // refused or unsupported: the sound and the title remain
      }
    }
  });
  return h("label", { class: "notify", title: "A sound and a notification when it is your turn" },
    box, " notify me");
}
