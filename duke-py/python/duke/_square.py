"""duke.Square: a square of the board as the package returns it."""

from __future__ import annotations

import operator
from typing import Union

from duke import _duke

_NAMES = tuple(_duke.square_name(i) for i in range(36))


class Square(int):
    """A square of the board: an int from 0 to 35 (A1 = 0 ... F6 = 35,
    index = 6 * (rank - 1) + file, file A = 0) that reads and prints as
    its name. Every method that returns a square returns one
    (`Position.attacks`, `Action.to_square`, ...), and `duke.A1` ...
    `duke.F6` are the 36 of them; being an int, a Square equals, hashes and
    indexes as its index, and every method that takes a square takes it.

    `Square(14)` and `Square("c3")` are the same square (the name read by
    the engine, `duke.parse_square`); anything else raises DukeError.

    >>> duke.Square("C3"), duke.Square(14) == duke.C3 == 14
    (Square('C3'), True)
    >>> print(duke.C3), duke.C3.name, f"{duke.C3} is {duke.C3:d}"
    C3
    (None, 'C3', 'C3 is 14')
    """

    __slots__ = ()
    __module__ = "duke"

    def __new__(cls, square: Union[int, str]) -> "Square":
        index: int
        if isinstance(square, str):
            index = int(_duke.parse_square(square))
        else:
            index = operator.index(square)
            _duke.square_name(index)  # DukeError outside 0 to 35
        return super().__new__(cls, index)

    @property
    def name(self) -> str:
        """The square's name, such as "C3" (`duke.square_name`)."""
        return _NAMES[self]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Square('{_NAMES[self]}')"

    def __format__(self, spec: str) -> str:
        # As its name ("{:>4}"), or as its index for an integer format ("{:d}").
        try:
            return format(_NAMES[self], spec)
        except ValueError:
            return int.__format__(self, spec)

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Square, (int(self),))


SQUARES = tuple(Square(i) for i in range(36))
"""The 36 squares, A1 first."""
