// Which board draws which game; every other game gets the generic renderer.

import * as civolution from "./civolution.js";
import * as generic from "./generic.js";
import * as inventions from "./inventions.js";
import * as legendaryInventors from "./legendary-inventors.js";

const BOARDS = { "legendary-inventors": legendaryInventors, inventions, civolution };

/** The board module of a game: { render(container, payload, ctx) }. */
export const boardFor = (game) => BOARDS[game] || generic;
