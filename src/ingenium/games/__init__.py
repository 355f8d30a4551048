"""Every game package; importing this registers them all with the engine (each package's
`registration` module registers its game by name)."""

import ingenium.games.civolution.registration
import ingenium.games.inventions.registration
import ingenium.games.legendary_inventors.registration  # noqa: F401
