"""A PettingZoo AEC environment for The Duke (install the extra:
``pip install "duke-engine[pettingzoo]"``).

Agents are "light" and "dark". Each observation is a dict with the
engine's planes ("observation", uint8 (107, 6, 6), from the observing
agent's point of view) and the mask of its accepted decisions
("action_mask", int8 (5437,), all zero when it is not its turn); under
Expanded Play's rules (``env(rules="coup")``) 119 planes and 5704 indices. After a
draw (action 5436) the same agent decides again: where to place the troop.
"""

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import duke


def env(**kwargs: Any) -> "DukeAECEnv":
    """A new ``DukeAECEnv`` (PettingZoo's usual constructor function);
    keyword arguments go to the class."""
    return DukeAECEnv(**kwargs)


class DukeAECEnv(AECEnv):  # type: ignore[misc]
    """The Duke as a PettingZoo AEC environment: two agents, ``"light"``
    and ``"dark"``, decide in turn (``agent_selection``).

    Each agent's observation is a dict: ``"observation"``, the engine's
    planes from that agent's point of view (uint8, (PLANES, 6, 6)), and
    ``"action_mask"``, its accepted decisions (int8, (ACTION_SPACE,), all
    zero when it is not its turn). Actions are indices of the engine's
    action space; after a draw (``duke.DRAW``) the same agent decides again
    where to place the troop. When the game ends each agent's reward is +1
    for a win, -1 for a loss and 0 for a draw, and ``infos[agent]
    ["outcome"]`` gives the reason. ``render_mode="ansi"`` renders the board
    as text; the current game is ``env.game``.

    ``rules`` is the rules text of every game (``"standard"`` by default, or
    Expanded Play's, such as ``"coup"``): under Expanded Play a game starts
    in play, its start made by the engine from the game's seed, the planes
    are ``EXPANDED_PLANES`` and the action space ``EXPANDED_ACTION_SPACE``.
    """

    metadata = {"render_modes": ["ansi"], "name": "duke_v0", "is_parallelizable": False}

    def __init__(self, render_mode: Optional[str] = None, rules: str = "standard") -> None:
        super().__init__()
        self.render_mode = render_mode
        self.rules = rules
        self.game = duke.Game(rules=rules)  # raises DukeError for a bad rules text
        self.possible_agents = ["light", "dark"]
        planes = self.game.observation().shape[0]
        self._actions = self.game.action_space
        obs = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, (planes, 6, 6), np.uint8),
                "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of an agent (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of an agent: ``Discrete(ACTION_SPACE)``
        (``EXPANDED_ACTION_SPACE`` under Expanded Play)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation of an agent, always from its own point of view:
        ``{"observation": planes, "action_mask": mask}``."""
        obs = self.game.observation(agent)
        if agent == self.game.side_to_decide and self.game.outcome is None:
            mask = self.game.legal_mask(agent).astype(np.int8)
        else:
            mask = np.zeros(self._actions, np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game under the environment's rules; ``seed`` decides
        its draws (and its start under Expanded Play)."""
        rng = np.random.default_rng(seed)
        self.game = duke.Game(seed=int(rng.integers(0, 2**63 - 1)), rules=self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.game.side_to_decide

    def step(self, action: Optional[int]) -> None:
        """Applies the selected agent's decision (an index of the action
        space) and selects the agent that decides next; ``None`` for an
        agent whose game is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_index(int(action), agent)  # type: ignore[arg-type]
        outcome = self.game.outcome
        if outcome is not None:
            for a in self.agents:
                self.rewards[a] = 0.0 if outcome.winner is None else (1.0 if outcome.winner == a else -1.0)
                self.terminations[a] = True
            self.infos = {a: {"outcome": outcome.reason} for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.game.side_to_decide
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text with ``render_mode="ansi"``, else None."""
        if self.render_mode == "ansi":
            return self.game.position.board_text()
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass
