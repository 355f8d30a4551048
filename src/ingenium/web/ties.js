// How ties were broken, for end screens: which seats tied on points and the game's
// tie-breakers, as its glossary states them (rules.tie_breakers).

import { seatName } from "./dom.js";

/** "Player 1 and Player 3 tied on 23 points: …; Player 3 ranks ahead." (null without a tie). */
export function tieText(ranking, scores, glossary) {
  const groups = new Map();
  for (const seat of ranking) groups.set(scores[seat], [...(groups.get(scores[seat]) || []), seat]);
  const ties = [...groups.entries()].filter(([, seats]) => seats.length > 1);
  if (!ties.length) return null;
  const rule = glossary?.rules?.tie_breakers;
  const how = rule ? rule.facts.map(([, text]) => text).join(", then ") : "the game's tie-breakers";
  return ties.map(([points, seats]) => `${seats.map(seatName).join(" and ")} tied on ${points} points; ` +
    `ties are broken by ${how}: ${seats.map(seatName).join(" ahead of ")}.`).join(" ");
}
