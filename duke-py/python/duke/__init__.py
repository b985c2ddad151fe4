"""duke-engine for Python: the rules of The Duke (2013 core set) from the
Rust engine, with encoders for machine learning and SVG pictures.

>>> import duke
>>> pos = duke.Position()
>>> len(pos.legal_actions())
18
>>> pos.perft(3)
4694
>>> game = duke.Game(seed=7)
>>> game.play("B1-B2")
Action('B1-B2')
>>> game.position.turn
1
"""

from duke._duke import (
    ACTION_SPACE,
    DRAW,
    OBS_LEN,
    PLANES,
    Action,
    DukeError,
    Game,
    IllegalActionError,
    Outcome,
    ParseError,
    PhaseError,
    Position,
    RecordError,
    Tile,
    VecGame,
    __version__,
    analyze,
    parse_square,
    square_name,
    troop_chart,
)
from duke._duke import (  # the squares, as indices 0 to 35
    A1, B1, C1, D1, E1, F1,
    A2, B2, C2, D2, E2, F2,
    A3, B3, C3, D3, E3, F3,
    A4, B4, C4, D4, E4, F4,
    A5, B5, C5, D5, E5, F5,
    A6, B6, C6, D6, E6, F6,
)

SQUARES = list(range(36))
"""Every square index, A1 = 0 ... F6 = 35 (index = rank * 6 + file)."""

TROOPS = "DFPKWRSGICMBNAL"
"""The troop letters, in the engine's order (Duke, Footman, Pikeman, ...)."""


def save_svg(obj, path, **kwargs):
    """Writes the SVG drawing of a Position or Game to `path`."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(obj.svg(**kwargs))


__all__ = [
    "ACTION_SPACE", "DRAW", "OBS_LEN", "PLANES", "SQUARES", "TROOPS",
    "Action", "DukeError", "Game", "IllegalActionError", "Outcome", "ParseError",
    "PhaseError", "Position", "RecordError", "Tile", "VecGame",
    "analyze", "parse_square", "save_svg", "square_name", "troop_chart", "__version__",
    "A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2", "E2", "F2",
    "A3", "B3", "C3", "D3", "E3", "F3", "A4", "B4", "C4", "D4", "E4", "F4",
    "A5", "B5", "C5", "D5", "E5", "F5", "A6", "B6", "C6", "D6", "E6", "F6",
]
