"""OpenSpiel's MCTS bot against a random bot on The Duke, through duke.openspiel.

    python examples/python/openspiel_mcts.py --games 4 --simulations 50

Needs the extra: pip install 'duke-engine[openspiel]'.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

import duke.openspiel  # noqa: F401 (registers "python_duke")


def play(game, bots, rng) -> tuple[list[float], int]:
    """One game: chance nodes sampled with the bag's probabilities."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
            decisions += 1
    return state.returns(), decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--simulations", type=int, default=50)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    game = pyspiel.load_game("python_duke")
    rng = np.random.RandomState(a.seed)
    score = 0.0
    for i in range(a.games):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(a.seed + i))
        bot = mcts.MCTSBot(game, 2.0, a.simulations, evaluator, random_state=np.random.RandomState(a.seed + i))
        rand = uniform_random.UniformRandomBot(1 - i % 2, np.random.RandomState(a.seed + 1000 + i))
        bots = [bot, rand] if i % 2 == 0 else [rand, bot]
        returns, decisions = play(game, bots, rng)
        mine = returns[i % 2]
        score += (mine + 1) / 2
        side = "light" if i % 2 == 0 else "dark"
        print(f"game {i + 1}: MCTS ({side}) {'wins' if mine > 0 else 'loses' if mine < 0 else 'draws'} in {decisions} decisions")
    print(f"MCTS ({a.simulations} simulations) scored {score:g} of {a.games} against the random bot")


if __name__ == "__main__":
    main()
