"""Every game package; importing this registers them all with the engine."""

from ingenium.games import legendary_inventors as legendary_inventors
from ingenium.games.civolution import registration as _civolution  # noqa: F401 - `civolution`
from ingenium.games.inventions import registration as registration  # registers `inventions`
