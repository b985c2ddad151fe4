"""duke-engine for Python: the rules of The Duke (2013 core set) from the
Rust engine, with encoders for machine learning and SVG pictures.

`Position` is a position between turns (immutable, read from DPN);
`Game` plays a whole game with setup, levies, undo, the AI and records,
under the standard rules or Expanded Play's (`Game(rules="coup+mountain")`,
`duke.RULES`);
`VecGame` steps many games at once for reinforcement learning;
`duke.gym` and `duke.pettingzoo` hold the Gymnasium and PettingZoo
environments. Every error is a `DukeError` (a ValueError).

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
>>> duke.Game(rules="coup+mountain").rules
'coup+mountain'
"""

import enum as _enum
from collections.abc import Sequence as _Sequence

from duke import _duke

from duke._duke import (
    ACTION_SPACE,
    DEFAULT_LEVEL,
    HINT_LEVEL,
    ANALYSIS_LEVEL,
    NNUE_FEATURES,
    NNUE_FORMAT,
    MATE_BOUND,
    DRAW,
    EXPANDED_ACTION_SPACE,
    EXPANDED_OBS_LEN,
    EXPANDED_PLANES,
    LEVELS,
    MAX_GAMES,
    MAX_DEPTH,
    MAX_HINTS,
    MAX_MILLIS,
    MAX_PERFT_DEPTH,
    MAX_THREADS,
    OBS_LEN,
    PLANES,
    Action,
    ActionList,
    DukeError,
    Game,
    GameStream,
    Network,
    IllegalActionError,
    Outcome,
    ParseError,
    PhaseError,
    Position,
    QUIET_LIMIT,
    RULES,
    RecordError,
    TROOPS,
    Tile,
    VecGame,
    __version__,
    analyze,
    iter_games,
    parse_square,
    play_games,
    player_name,
    score_text,
    square_name,
    troop_chart,
    troop_marks,
)
from duke._square import Square, SQUARES as _SQUARES

# The squares, A1 = Square(0) ... F6 = Square(35): ints that print as names.
A1, B1, C1, D1, E1, F1 = _SQUARES[0:6]
A2, B2, C2, D2, E2, F2 = _SQUARES[6:12]
A3, B3, C3, D3, E3, F3 = _SQUARES[12:18]
A4, B4, C4, D4, E4, F4 = _SQUARES[18:24]
A5, B5, C5, D5, E5, F5 = _SQUARES[24:30]
A6, B6, C6, D6, E6, F6 = _SQUARES[30:36]
if [int(s) for s in _SQUARES] != [getattr(_duke, s.name) for s in _SQUARES]:  # pragma: no cover
    raise ImportError("duke: the squares differ from the engine's (a broken build)")

class ActionFlag(_enum.IntFlag):
    """What an action does (`Action.flags`), the engine's flag set:
    CAPTURE, FLIP (the acting tile turns over), STRIKE, COMMAND, PLACE."""

    CAPTURE = 1
    FLIP = 2
    STRIKE = 4
    COMMAND = 8
    PLACE = 16


class MarkFlag(_enum.IntFlag):
    """The kinds of marks a face has (`troop_marks`), the engine's flag set:
    MOVE, JUMP, SLIDE, JUMP_SLIDE, STRIKE, COMMAND."""

    MOVE = 1
    JUMP = 2
    SLIDE = 4
    JUMP_SLIDE = 8
    STRIKE = 16
    COMMAND = 32


class SvgFlag(_enum.IntFlag):
    """The switches of an SVG drawing (`svg(flags=...)`), the engine's flag
    set: FROM_DARK (rank 1 on top), COORDINATES (file letters and rank
    numbers, on by default)."""

    FROM_DARK = 1
    COORDINATES = 2


# Written out for type checkers; the engine owns the values, and a package
# whose copy differs from the engine's refuses to import.
if (
    {f.name: f.value for f in ActionFlag} != _duke._ACTION_FLAGS
    or {f.name: f.value for f in MarkFlag} != _duke._MARK_FLAGS
    or {f.name: f.value for f in SvgFlag} != _duke._SVG_FLAGS
):  # pragma: no cover
    raise ImportError("duke: the flag sets differ from the engine's (a broken build)")

SQUARES = list(_SQUARES)
"""Every square, A1 = Square(0) ... F6 = Square(35) (index = 6 * (rank - 1) + file, file A = 0)."""



# ActionList (what legal_actions() returns) is a native sequence: an
# instance of collections.abc.Sequence too.
_Sequence.register(ActionList)


def save_svg(obj, path, **kwargs):
    """Writes the SVG drawing of a Position or Game to the file `path`;
    keyword arguments go to its `svg()` method."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(obj.svg(**kwargs))


__all__ = [
    "ACTION_SPACE", "DEFAULT_LEVEL", "HINT_LEVEL", "ANALYSIS_LEVEL", "NNUE_FEATURES", "NNUE_FORMAT", "MATE_BOUND", "DRAW", "EXPANDED_ACTION_SPACE", "EXPANDED_OBS_LEN", "EXPANDED_PLANES", "LEVELS", "MAX_GAMES", "MAX_HINTS", "OBS_LEN", "PLANES",
    "MAX_DEPTH", "MAX_MILLIS", "MAX_PERFT_DEPTH", "MAX_THREADS",
    "SQUARES", "Square", "TROOPS",
    "Action", "ActionFlag", "ActionList", "MarkFlag", "SvgFlag", "DukeError", "Game", "GameStream", "IllegalActionError", "Network", "Outcome", "ParseError",
    "PhaseError", "Position", "QUIET_LIMIT", "RULES", "RecordError", "Tile", "VecGame",
    "analyze", "iter_games", "parse_square", "play_games", "player_name", "save_svg", "score_text", "square_name", "troop_chart", "troop_marks", "__version__",
    "A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2", "E2", "F2",
    "A3", "B3", "C3", "D3", "E3", "F3", "A4", "B4", "C4", "D4", "E4", "F4",
    "A5", "B5", "C5", "D5", "E5", "F5", "A6", "B6", "C6", "D6", "E6", "F6",
]
