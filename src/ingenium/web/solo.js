// A solo game against an automated rival (Civolution's V.I.C.I): the rival holds no seat, so
// its name and score come from the view's public `vici` block; the result says who won.

/** The rival's public block of a solo view, or null in a game of several seats. */
export function rivalOf(view) {
  const block = view?.table?.vici || view?.vici;
  return block && typeof block === "object" ? block : null;
}

/** "You win" / "V.I.C.I wins" with both scores; `player` names the seat for others. */
export function soloResult(rival, winners, score, player) {
  const level = `${rival.level.charAt(0).toUpperCase()}${rival.level.slice(1)}${rival.extra_tough ? ", extra tough" : ""}`;
  const won = (winners || []).includes(0);
  const head = won ? (player ? `${player} wins` : "You win") : `${rival.name} wins`;
  return `${head}: ${player || "you"} ${score}, ${rival.name} ${rival.score} (${level})`;
}
