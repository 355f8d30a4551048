"""Fixed integer codes for options: each kind of option owns a contiguous block of codes.

>>> space = ActionSpace([("use", 4), ("refresh", 1)])
>>> space.code("use", 2), space.code("refresh"), space.size
(2, 4, 5)
>>> space.decode(4)
('refresh', 0)
"""

from __future__ import annotations


class ActionSpace:
    """Named blocks of codes laid end to end; the total is the game's num_actions."""

    def __init__(self, blocks: list[tuple[str, int]]) -> None:
        self.base: dict[str, int] = {}
        self.width: dict[str, int] = {}
        start = 0
        for name, width in blocks:
            self.base[name] = start
            self.width[name] = width
            start += width
        self.size = start
        self._decoded = tuple((name, index) for name, width in blocks for index in range(width))

    def code(self, kind: str, index: int = 0) -> int:
        """The code of entry `index` of block `kind`."""
        if not 0 <= index < self.width[kind]:
            raise IndexError(f"{kind} index {index} outside 0..{self.width[kind] - 1}")
        return self.base[kind] + index

    def decode(self, code: int) -> tuple[str, int]:
        """The (block, index) of a code."""
        if 0 <= code < self.size:
            return self._decoded[code]
        raise IndexError(f"code {code} outside 0..{self.size - 1}")
