"""A Gymnasium environment for The Duke (install the extra:
``pip install "duke-engine[gymnasium]"``).

The agent plays one side against an opponent (a random player by default,
or any callable ``opponent(game) -> action index``), or both sides when
``opponent=None``. Observations are the engine's planes (uint8, shape
(107, 6, 6)); actions are indices of the engine's action space (5437), with
the mask of accepted decisions in ``info["action_mask"]``. A levy is two
decisions by the same player: the draw index, then a placement.

Importing this module registers the environment as ``duke/Duke-v0``::

    import gymnasium
    import duke.gym

    env = gymnasium.make("duke/Duke-v0", opponent="random", agent_side="dark")
    # or, without the import: gymnasium.make("duke.gym:duke/Duke-v0")
"""

from typing import Any, Callable, Optional, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import duke
from duke import _duke

Opponent = Union[str, None, Callable[["duke.Game"], int]]


ENV_ID = "duke/Duke-v0"
"""The id under which importing this module registers :class:`DukeEnv`."""


class DukeEnv(gym.Env):  # type: ignore[misc]
    """The Duke as a Gymnasium environment: the agent plays one side of a
    game from the standard start, or under Expanded Play's rules
    (registered as ``duke/Duke-v0``).

    Arguments:

    - ``opponent``: who plays the other side: ``"random"`` (default, a
      uniformly random accepted decision from the environment's seeded
      generator), a callable ``opponent(game) -> action index`` given the
      ``duke.Game``, or ``None`` for the agent to play both sides.
    - ``agent_side``: ``"light"`` (default) or ``"dark"``.
    - ``rules``: the rules of each game, a rules text (``"standard"``, the
      default, or Expanded Play's, such as ``"coup+mountain"``; see
      ``duke.RULES``). Under Expanded Play a game starts in play, its start
      (the draft, the setups, the terrain, the Flags) made by the engine
      from the game's seed; observations have ``duke.EXPANDED_PLANES``
      planes and the action space is ``duke.EXPANDED_ACTION_SPACE``.
    - ``perspective``: how observations and action indices are encoded:
      ``"mover"`` (default: as the side to decide sees the board),
      ``"absolute"``, ``"light"`` or ``"dark"``.
    - ``render_mode``: ``None``, ``"ansi"`` (the board as text) or
      ``"svg"`` (an SVG drawing, as a string).
    - ``illegal_action``: what a decision the game does not accept does:
      ``"lose"`` (default) ends the episode with reward -1 and
      ``info["illegal_action"] = True``, so any index of the action space is
      a valid input; ``"raise"`` raises :class:`duke.IllegalActionError`
      instead and leaves the game unchanged (for debugging an agent that
      should use the mask).

    Once the game is over (``terminated``), ``info`` also holds its
    outcome in the engine's words: ``info["outcome"]`` (the
    ``duke.Outcome``), ``info["winner"]`` (``"light"``, ``"dark"`` or None
    for a draw), ``info["reason"]`` (``"duke-captured"``, ``"repetition"``,
    ...) and ``info["result"]`` (``"Dark wins: it captured the opposing
    Duke"``). An episode lost by an illegal index (``illegal_action="lose"``)
    has no outcome of the game: its ``info["winner"]`` is the other side
    and its ``info["reason"]`` is ``"illegal-action"`` (the environment's
    word, not a rule's), ``info["outcome"]`` and ``info["result"]`` None.

    Spaces: observations are the engine's planes, ``Box(0, 255, (PLANES, 6,
    6), uint8)`` (``EXPANDED_PLANES`` under Expanded Play); actions are
    indices of the engine's action space, ``Discrete(ACTION_SPACE)``
    (``EXPANDED_ACTION_SPACE`` under Expanded Play); ``info["action_mask"]`` is the bool mask of
    the accepted decisions. A levy is two decisions by the same player: the
    draw index (``duke.DRAW``), then a placement. The reward is +1 when the
    agent's side wins, -1 when it loses and 0 otherwise; ``terminated`` is
    True when the game is over (the environment never truncates).

    The current game is ``env.game`` (a ``duke.Game``).
    """

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4}

    def __init__(
        self,
        opponent: Opponent = "random",
        agent_side: str = "light",
        perspective: str = "mover",
        render_mode: Optional[str] = None,
        illegal_action: str = "lose",
        rules: str = "standard",
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise _duke._value_error(f'render_mode is None, "ansi" or "svg", not "{render_mode}"')
        if illegal_action not in ("raise", "lose"):
            raise _duke._value_error(f'illegal_action is "raise" or "lose", not "{illegal_action}"')
        self.illegal_action = illegal_action
        if agent_side not in ("light", "dark"):
            raise _duke._value_error(f'"{agent_side}" is not a side ("light" or "dark")')
        self.opponent = opponent
        self.agent_side = agent_side
        self.perspective = perspective
        self.render_mode = render_mode
        self.rules = rules
        self.game = duke.Game(rules=rules)  # raises DukeError for a bad rules text
        self.game.legal_mask(perspective)  # raises DukeError for an unknown perspective
        planes = self.game.observation(perspective).shape[0]
        self.observation_space = spaces.Box(0, 255, (planes, 6, 6), np.uint8)
        self._actions = int(self.game.action_space)
        self.action_space = spaces.Discrete(self._actions)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.game.legal_mask(self.perspective)}
        outcome = self.game.outcome
        if outcome is not None:
            info.update(outcome=outcome, winner=outcome.winner, reason=outcome.reason,
                        result=str(outcome))
        return info

    def _opponent_index(self) -> int:
        if callable(self.opponent):
            return int(self.opponent(self.game))
        legal = np.flatnonzero(self.game.legal_mask(self.perspective))
        return int(self.np_random.choice(legal))

    def _opponent_turns(self) -> float:
        """Lets the opponent decide until it is the agent's turn; returns
        the agent's reward if the game ended meanwhile."""
        while (
            self.opponent is not None
            and self.game.outcome is None
            and self.game.side_to_decide != self.agent_side
        ):
            self.game.apply_index(self._opponent_index(), self.perspective)
        return self._reward(self.agent_side)

    def _reward(self, side: str) -> float:
        outcome = self.game.outcome
        if outcome is None or outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == side else -1.0

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a new game (its draws seeded from the environment's
        generator, which ``seed`` reseeds) and lets the opponent act first
        if the agent plays Dark. Returns ``(observation, info)``."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = duke.Game(seed=game_seed, rules=self.rules)
        self._opponent_turns()
        return self.game.observation(self.perspective), self._info()

    def step(self, action: int):
        """Applies the agent's decision (an index of the action space), then
        lets the opponent decide until it is the agent's turn again or the
        game ends. Returns ``(observation, reward, terminated, truncated,
        info)`` with the reward for the agent's side."""
        action = int(action)
        if not 0 <= action < self._actions:
            raise _duke._value_error(
                f"action {action} is outside the action space (0 to {self._actions - 1})"
            )
        mover = self.game.side_to_decide
        if self.illegal_action == "lose" and not self.game.legal_mask(self.perspective)[action]:
            # The agent forfeits: the game ends with its loss.
            obs = self.game.observation(self.perspective)
            info = self._info()
            other = "dark" if mover == "light" else "light"
            info.update(illegal_action=True, outcome=None, winner=other, reason="illegal-action",
                        result=None)
            return obs, -1.0, True, False, info
        self.game.apply_index(action, self.perspective)
        reward = self._reward(mover)
        if self.opponent is not None and self.game.outcome is None:
            reward = self._opponent_turns()
        terminated = self.game.outcome is not None
        obs = self.game.observation(self.perspective)
        return obs, reward, terminated, False, self._info()

    def render(self) -> Optional[str]:
        """The current position as text (``render_mode="ansi"``) or as an SVG
        drawing (``render_mode="svg"``); None without a render mode."""
        if self.render_mode == "ansi":
            return self.game.position.board_text()
        if self.render_mode == "svg":
            return self.game.svg()
        return None


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point="duke.gym:DukeEnv")
