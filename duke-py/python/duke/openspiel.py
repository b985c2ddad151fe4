"""The Duke as an OpenSpiel game.

Needs the extra ``duke-engine[openspiel]``. Importing this module registers
the game under the short name ``python_duke``:

>>> import pyspiel
>>> import duke.openspiel
>>> game = pyspiel.load_game("python_duke")
>>> state = game.new_initial_state()
>>> [state.action_to_string(0, a) for a in state.legal_actions()]
['B1-A1', 'B1-B2', 'D1-E1', 'D1-D2', 'levy']

The game is sequential, two-player, zero-sum, with perfect information and
explicit chance nodes: a player who decides to levy plays the engine's draw
index (``duke.DRAW``); the state then becomes a chance node whose outcomes
are the troops in the bag (outcome ``i`` is troop ``duke.TROOPS[i]``) with
the bag's probabilities (``Game.levy_chances``); after it the same player
places the drawn troop. Player 0 is Light, player 1 Dark. Actions are the
engine's action indices (``duke.ACTION_SPACE`` of them) from the mover's
perspective, so the legal actions are the nonzero entries of
``Game.legal_mask("mover")``, and a player's observation tensor is the
engine's observation planes (``duke.PLANES`` × 6 × 6) from that player's
side, which matches the mover's view when the player is to move. A win is
+1, a loss −1, a draw 0. Every rule is the engine's: the state holds a
``duke.Game`` and asks it.

The parameter ``rules`` plays Expanded Play (``pyspiel.load_game(
"python_duke", {"rules": "coup+mountain"})``; ``"standard"`` by default).
Under it the actions are ``duke.EXPANDED_ACTION_SPACE`` indices (Flag
passes, relocations) and the observation tensor ``duke.EXPANDED_PLANES``
planes. The initial state is in play: its start (the draft's picks, the
setups and the Flags as the engine suggests them, the terrain drawn from
seed 0) is the same in every state, so the terrain is not a chance node.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("duke.openspiel needs OpenSpiel: pip install 'duke-engine[openspiel]'") from e

import duke

SHORT_NAME = "python_duke"
"""The name ``pyspiel.load_game`` knows the game by."""

PERSPECTIVE = "mover"
"""The perspective of the action indices."""

SIDES = ("light", "dark")
"""The side of each player: player 0 is Light, player 1 Dark."""


def _start(rules: str) -> "duke.Game":
    """The initial game under `rules`: in play, its start made by the engine
    from seed 0 (the standard start under the standard rules)."""
    return duke.Game(seed=0, rules=rules)


def _max_game_length(rules: str = "standard") -> int:
    """An upper bound on the decisions of a game: a capture or a levy resets
    the quiet counter, a game ends after QUIET_LIMIT turns without either,
    levies come from the bags and captures take tiles that came onto the
    board; a levy is two decisions (the draw, then the placement). Counting
    Coup adds at most one relocation for each point, three a side."""
    start = _start(rules).position
    bags = sum(sum(start.bag(s).values()) for s in SIDES)
    tiles = sum(1 for sq in duke.SQUARES if start.tile_at(sq) is not None)
    resets = bags + (tiles + bags)
    turns = (resets + 1) * duke.QUIET_LIMIT + resets
    return turns + bags + (6 if rules != "standard" else 0)


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="The Duke (duke-engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "standard"},
)


def _game_info(rules: str) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=_start(rules).action_space,
        max_chance_outcomes=len(duke.TROOPS),
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=_max_game_length(rules),
    )


class DukeGame(pyspiel.Game):
    """The Duke from the standard start position (both fixed setups), or
    under the rules of the parameter ``rules``."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        params = dict(params or {})
        # A bad rules text raises the engine's error here.
        rules = duke.Game(rules=str(params.get("rules", "standard"))).rules
        params["rules"] = rules
        super().__init__(_GAME_TYPE, _game_info(rules), params)
        self.rules = rules

    def new_initial_state(self) -> "DukeState":
        """The start in play: the standard start, Light to decide, under
        the standard rules."""
        return DukeState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer of observation tensors and strings (the engine's
        planes); information states, which need the history, come from
        OpenSpiel's observer for public-information games."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            planes = _start(self.rules).observation().shape[0]
            return DukeObserver(params, planes)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class DukeState(pyspiel.State):
    """A state: a ``duke.Game`` and whether a levy's draw is pending."""

    def __init__(self, game: DukeGame) -> None:
        super().__init__(game)
        self.game = _start(game.rules)
        self._levying = False

    def current_player(self) -> int:
        """0 (Light) or 1 (Dark) to decide, CHANCE while the bag decides a
        levy's troop, TERMINAL once the game is over."""
        if self.game.outcome is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._levying:
            return int(pyspiel.PlayerId.CHANCE)
        return SIDES.index(self.game.side_to_decide)

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal decisions as indices, ascending."""
        return np.flatnonzero(self.game.legal_mask(PERSPECTIVE)).tolist()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The troops the bag may give, with the engine's probabilities."""
        return [(duke.TROOPS.index(t), p) for t, p in self.game.levy_chances()]

    def _apply_action(self, action: int) -> None:
        """A chance outcome draws its troop; the draw index starts a levy;
        any other index is applied by the engine, which refuses an illegal one."""
        if self._levying:
            self.game.draw(troop=duke.TROOPS[action])
            self._levying = False
        elif action == duke.DRAW:
            if not self.game.legal_mask(PERSPECTIVE)[duke.DRAW]:
                raise duke.IllegalActionError("the side to move cannot levy now")
            self._levying = True
        else:
            self.game.apply_index(int(action), PERSPECTIVE)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {duke.TROOPS[action]}"
        if action == duke.DRAW:
            return "levy"
        a = duke.Action.from_index(int(action), self.game.position, PERSPECTIVE)
        return str(a) if a is not None else f"index {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game.outcome is not None

    def returns(self) -> list[float]:
        """+1 for the winner, −1 for the loser, 0 each for a draw or an
        unfinished game."""
        outcome = self.game.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == "light" else [-1.0, 1.0]

    def __str__(self) -> str:
        """The DPN, and the levy in progress."""
        text = self.game.position.dpn()
        if self._levying:
            return text + " (levy: the bag decides)"
        if self.game.pending_draw is not None:
            return text + f" (drawn: {self.game.pending_draw})"
        return text


class DukeObserver:
    """Observation tensors and strings (OpenSpiel's PyObserver interface)."""

    def __init__(self, params: Any, planes: int = duke.PLANES) -> None:
        if params:
            raise ValueError(f"duke.openspiel observations take no parameters, not {params}")
        self.tensor = np.zeros(planes * 36, np.float32)
        self.dict = {"observation": self.tensor.reshape(planes, 6, 6)}

    def set_from(self, state: DukeState, player: int) -> None:
        """The engine's planes of `state` from `player`'s side."""
        self.tensor[:] = state.game.observation(SIDES[player]).reshape(-1)

    def string_from(self, state: DukeState, player: int) -> str:
        """The state as text (the same for both players: perfect information)."""
        return str(state)


pyspiel.register_game(_GAME_TYPE, DukeGame)

__all__ = ["DukeGame", "DukeObserver", "DukeState", "PERSPECTIVE", "SHORT_NAME", "SIDES"]
