import numpy as np
import pytest

import duke

gymnasium = pytest.importorskip("gymnasium")


def test_gymnasium_env_plays_full_games_against_random():
    from gymnasium.utils.env_checker import check_env

    from duke.gym import DukeEnv

    check_env(DukeEnv(illegal_action="lose"), skip_render_check=True)
    env = DukeEnv(opponent="random", agent_side="dark")
    rng = np.random.default_rng(0)
    finished = 0
    obs, info = env.reset(seed=3)
    for _ in range(3000):
        assert obs.shape == (duke.PLANES, 6, 6)
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated:
            assert reward in (-1.0, 0.0, 1.0)
            finished += 1
            obs, info = env.reset()
    assert finished >= 3
    assert isinstance(DukeEnv(render_mode="ansi").render(), str)


def test_gymnasium_env_is_reproducible():
    from duke.gym import DukeEnv

    def run():
        env = DukeEnv()
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(1)
        seen = []
        for _ in range(200):
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, r, term, trunc, info = env.step(a)
            seen.append((a, r, int(obs.sum())))
            if term:
                obs, info = env.reset()
        return seen

    assert run() == run()


def test_pettingzoo_aec_api():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from duke.pettingzoo import env

    api_test(env(), num_cycles=300, verbose_progress=False)


def test_pettingzoo_game_to_the_end():
    pytest.importorskip("pettingzoo")
    from duke.pettingzoo import env

    e = env()
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    final = {}
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    assert e.game.outcome is not None
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])
