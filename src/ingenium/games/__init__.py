"""Every game package; importing this registers them all with the engine (each package's
`registration` module registers its game by name). Civolution is not registered yet: its rules
are incomplete (issue #8), so the lobby, the CLI and the conformance suite do not offer it."""

import ingenium.games.civolution.registration
import ingenium.games.inventions.registration
import ingenium.games.legendary_inventors.registration  # noqa: F401
