import numpy as np
import pytest

import duke

gymnasium = pytest.importorskip("gymnasium")


def test_gymnasium_check_env_passes_with_default_arguments():
    from gymnasium.utils.env_checker import check_env

    from duke.gym import DukeEnv

    # The checker steps with random indices of the action space: with the
    # default arguments an illegal one ends the episode instead of raising.
    check_env(DukeEnv())


def test_gymnasium_make_registered_env_checks_without_warnings():
    import warnings

    from gymnasium.utils.env_checker import check_env

    import duke.gym  # noqa: F401  (registers duke/Duke-v0)

    env = gymnasium.make("duke/Duke-v0")
    assert env.spec is not None and env.spec.id == "duke/Duke-v0"
    assert env.metadata["render_fps"] > 0
    with warnings.catch_warnings():
        # With a spec, the checker also renders each declared mode; any
        # warning of the checker fails the test.
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    # Options pass through gymnasium.make; the module-prefixed id works too.
    dark = gymnasium.make("duke.gym:duke/Duke-v0", agent_side="dark", render_mode="ansi")
    obs, info = dark.reset(seed=5)
    assert dark.unwrapped.game.side_to_decide == "dark"
    assert isinstance(dark.render(), str)


def test_gymnasium_illegal_action_loses_by_default_and_raises_on_request():
    from duke.gym import DukeEnv

    env = DukeEnv()
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.position.dpn()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert env.game.position.dpn() == before
    # The forfeit is the environment's, not an outcome of the game.
    assert (info["winner"], info["reason"], info["outcome"], info["result"]) == (
        "dark", "illegal-action", None, None)

    strict = DukeEnv(illegal_action="raise")
    obs, info = strict.reset(seed=1)
    before = strict.game.position.dpn()
    with pytest.raises(duke.DukeError):
        strict.step(illegal)
    assert strict.game.position.dpn() == before
    with pytest.raises(duke.DukeError, match="outside the action space"):
        env.step(duke.ACTION_SPACE)
    with pytest.raises(duke.DukeError, match="perspective"):
        DukeEnv(perspective="sideways")
    with pytest.raises(duke.DukeError, match="render_mode") as e:
        DukeEnv(render_mode="human")
    assert e.value.code == "value"


def test_gymnasium_env_plays_full_games_against_random():
    from duke.gym import DukeEnv

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


@pytest.mark.parametrize("opponent", ["random", None])
def test_gymnasium_last_step_gives_the_outcome_in_info(opponent):
    from duke.gym import DukeEnv

    env = DukeEnv(opponent=opponent)
    rng = np.random.default_rng(4)
    obs, info = env.reset(seed=4)
    assert "winner" not in info and "outcome" not in info
    reasons = set()
    for _ in range(3):
        terminated = False
        while not terminated:
            assert "outcome" not in info  # only once the game is over
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
        outcome = env.game.outcome
        assert outcome is not None and info["outcome"] == outcome
        assert info["winner"] == outcome.winner and info["reason"] == outcome.reason
        assert info["result"] == str(outcome)  # the engine's words: "Dark wins: ..."
        assert info["winner"] in ("light", "dark", None) and "action_mask" in info
        if opponent is not None and info["winner"] is not None:
            assert reward == (1.0 if info["winner"] == env.agent_side else -1.0)
        reasons.add(info["reason"])
        obs, info = env.reset()
    assert reasons <= {"duke-captured", "no-action", "repetition", "quiet-turns"}


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


# Expanded Play: one rules of each objective, terrain and the draft.
EXPANDED = ["coup", "flag", "rider", "mountain+fort", "coup+mountain+draft"]


@pytest.mark.parametrize("rules", EXPANDED)
def test_gymnasium_check_env_passes_under_every_objective(rules):
    from gymnasium.utils.env_checker import check_env

    from duke.gym import DukeEnv

    env = DukeEnv(rules=rules)
    assert env.observation_space.shape == (duke.EXPANDED_PLANES, 6, 6)
    assert env.action_space.n == duke.EXPANDED_ACTION_SPACE
    check_env(env)


@pytest.mark.parametrize("rules", EXPANDED)
def test_gymnasium_plays_games_of_expanded_play_to_their_end(rules):
    from duke.gym import DukeEnv

    env = DukeEnv(rules=rules)
    obs, info = env.reset(seed=3)
    assert env.game.rules == rules and obs.shape == (duke.EXPANDED_PLANES, 6, 6)
    rng = np.random.default_rng(1)
    for _ in range(20_000):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated:
            break
    assert terminated and "illegal_action" not in info
    assert info["outcome"] == env.game.outcome and reward in (-1.0, 0.0, 1.0)


def test_gymnasium_refuses_a_bad_rules_text():
    from duke.gym import DukeEnv

    with pytest.raises(duke.DukeError) as e:
        DukeEnv(rules="coup+flag")
    assert e.value.code == "rules.text"


@pytest.mark.parametrize("rules", EXPANDED)
def test_pettingzoo_aec_api_under_every_objective(rules):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from duke.pettingzoo import env

    e = env(rules=rules)
    assert e.observation_space("light")["observation"].shape == (duke.EXPANDED_PLANES, 6, 6)
    assert e.action_space("dark").n == duke.EXPANDED_ACTION_SPACE
    api_test(e, num_cycles=200, verbose_progress=False)
