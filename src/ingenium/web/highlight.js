// What just happened, shown on the board: the elements the latest log events name (a region,
// a Milestone, a hex, an inventor, an invention...) get the "last-move" outline, and the
// events themselves are marked in the log. Boards need nothing special: an event's data
// {key: value} finds the board's elements with data-key="value" (or data-key-index="value",
// or an inspectable component of kind "keys"), inside the acting seat's panel when it has one.

/** The events of the latest move: those new since the previous payload, or on a first load
 *  the trailing run of events by the same seat. */
export function latestEvents(events, previousCount) {
  if (previousCount !== null && previousCount < events.length) return events.slice(previousCount);
  if (previousCount !== null) return [];
  let start = events.length - 1;
  while (start > 0 && events[start - 1].seat === events[events.length - 1]?.seat) start--;
  return events.slice(Math.max(0, start));
}

/** Outline the board elements named by `events`. */
export function highlightEvents(board, events) {
  for (const event of events) {
    const scope = event.seat === null || event.seat === undefined ? null
      : board.querySelector(`[data-seat="${event.seat}"]`);
    for (const [key, value] of Object.entries(event.data || {})) {
      if (value === null || typeof value === "object") continue;
      const v = CSS.escape(String(value));
      const selector = `[data-${key}="${v}"], [data-${key}-index="${v}"], [data-inspect="${key}s:${v}"]`;
      let found = scope ? [...scope.querySelectorAll(selector)] : [];
      if (!found.length) found = [...board.querySelectorAll(selector)];
      for (const element of found) element.classList.add("last-move");
    }
  }
}
