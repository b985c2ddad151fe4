import numpy as np
import pytest

import duke


def test_vecgame_matches_single_games_with_the_same_seeds():
    n, seed = 16, 42
    vec = duke.VecGame(n, seed=seed, perspective="mover")
    singles = [duke.Game(seed=duke.VecGame.episode_seed(seed, k)) for k in range(n)]
    episode = n
    finished = 0
    for _ in range(1500):
        actions = vec.random_actions().copy()
        for i in range(n):
            assert vec.mask[i, actions[i]] == 1
            assert (vec.mask[i].astype(bool) == singles[i].legal_mask("mover")).all()
            assert (vec.obs[i] == singles[i].observation("mover")).all()
        vec.step(actions)
        for i, game in enumerate(singles):
            mover = game.side_to_decide
            game.apply_index(int(actions[i]), "mover")
            if game.outcome is not None:
                assert vec.dones[i] == 1
                want = 0.0 if game.outcome.winner is None else (1.0 if game.outcome.winner == mover else -1.0)
                assert vec.rewards[i] == want
                singles[i] = duke.Game(seed=duke.VecGame.episode_seed(seed, episode))
                episode += 1
                finished += 1
            else:
                assert vec.dones[i] == 0 and vec.rewards[i] == 0.0
            assert vec.game(i).position == singles[i].position
    assert finished >= 5


def test_step_accepts_integer_arrays_and_lists():
    vec = duke.VecGame(4, seed=1)
    a = vec.random_actions()
    vec.step(np.asarray(a, dtype=np.int64))
    vec.step(list(map(int, vec.random_actions())))
    vec.step(vec.random_actions(), observe=False)
    vec.refresh()
    assert vec.obs.dtype == np.uint8 and vec.mask.dtype == np.uint8
    assert vec.mask.view(bool).dtype == bool


def test_refused_step_moves_nothing():
    vec = duke.VecGame(3, seed=5)
    before = [vec.game(i).position for i in range(3)]
    actions = vec.random_actions().copy()
    actions[1] = duke.ACTION_SPACE + 5
    with pytest.raises(duke.DukeError) as e:
        vec.step(actions)
    assert "env 1" in str(e.value)
    assert [vec.game(i).position for i in range(3)] == before


def test_same_seed_same_run():
    def run():
        vec = duke.VecGame(8, seed=9)
        total = 0.0
        for _ in range(300):
            vec.step(vec.random_actions())
            total += float(np.abs(vec.rewards).sum())
        return total, [vec.game(i).record() for i in range(8)]

    assert run() == run()


def test_arrays_are_read_only_and_kept_exact_step_by_step():
    vec = duke.VecGame(32, seed=12)
    with pytest.raises(ValueError):
        vec.obs[0, 0, 0, 0] = 5
    with pytest.raises(ValueError):
        vec.mask[0, 0] = 1
    for _ in range(300):
        vec.step(vec.random_actions())
        if _ % 50 == 0:
            obs, mask = vec.obs.copy(), vec.mask.copy()
            vec.refresh()  # a whole rewrite gives the same bytes
            assert np.array_equal(obs, vec.obs) and np.array_equal(mask, vec.mask)
    # Steps without observing, then one that observes: still exact.
    for _ in range(7):
        vec.step(vec.random_actions(), observe=False)
    vec.step(vec.random_actions())
    obs, mask = vec.obs.copy(), vec.mask.copy()
    vec.refresh()
    assert np.array_equal(obs, vec.obs) and np.array_equal(mask, vec.mask)


RULES = ["coup", "flag+mountain", "rider", "fort+draft"]


@pytest.mark.parametrize("rules", RULES)
def test_vecgame_under_rules_matches_single_games(rules):
    # Each game against Game(rules=..., seed=episode seed) given the same
    # indices: shapes of the rules, masks and observations as the single
    # game encodes them, episodes that end with the same rewards and
    # restart with the next episode's seed.
    n, seed = 6, 17
    vec = duke.VecGame(n, seed=seed, rules=rules)
    assert vec.rules == duke.Game(rules=rules).rules
    assert vec.obs.shape == (n, duke.EXPANDED_PLANES, 6, 6)
    assert vec.mask.shape == (n, duke.EXPANDED_ACTION_SPACE)
    singles = [duke.Game(rules=rules, seed=duke.VecGame.episode_seed(seed, k)) for k in range(n)]
    episode, finished = n, 0
    for step in range(600):
        actions = vec.random_actions().copy()
        for i in range(n):
            assert vec.mask[i, actions[i]] == 1
            assert (vec.mask[i].astype(bool) == singles[i].legal_mask("mover")).all()
            assert (vec.obs[i] == singles[i].observation("mover")).all()
        vec.step(actions)
        for i, game in enumerate(singles):
            mover = game.side_to_decide
            game.apply_index(int(actions[i]), "mover")
            if game.outcome is not None:
                assert vec.dones[i] == 1
                winner = game.outcome.winner
                assert vec.rewards[i] == (0.0 if winner is None else (1.0 if winner == mover else -1.0))
                singles[i] = duke.Game(rules=rules, seed=duke.VecGame.episode_seed(seed, episode))
                episode += 1
                finished += 1
            else:
                assert vec.dones[i] == 0 and vec.rewards[i] == 0.0
            assert vec.game(i).record() == singles[i].record()
        if step % 100 == 0:
            obs, mask = vec.obs.copy(), vec.mask.copy()
            vec.refresh()
            assert np.array_equal(obs, vec.obs) and np.array_equal(mask, vec.mask)
    assert finished >= 5, finished


def test_vecgame_under_rules_repeats_by_seed_and_refuses_bad_indices():
    def run(seed):
        vec = duke.VecGame(4, seed=seed, perspective="absolute", rules="coup+mountain")
        for _ in range(200):
            vec.step(vec.random_actions())
        return [vec.game(i).record() for i in range(4)]

    assert run(3) == run(3) != run(4)
    vec = duke.VecGame(3, seed=5, rules="coup")
    before = [vec.game(i).record() for i in range(3)]
    actions = vec.random_actions().copy()
    actions[2] = duke.EXPANDED_ACTION_SPACE + 5
    with pytest.raises(duke.DukeError) as e:
        vec.step(actions)
    assert e.value.code == "step.illegal" and "env 2" in str(e.value)
    assert [vec.game(i).record() for i in range(3)] == before


def test_vecgame_rules_text():
    assert duke.VecGame(2).rules == "standard"
    assert duke.VecGame(2, rules="fort+coup").rules == "coup+fort"
    assert duke.VecGame(2, rules="standard").obs.shape == (2, duke.PLANES, 6, 6)
    for bad in ["coup+flag", "rain", "rider+draft", ""]:
        with pytest.raises(duke.ParseError) as e:
            duke.VecGame(2, rules=bad)
        with pytest.raises(duke.ParseError) as single:
            duke.Game(rules=bad)
        assert e.value.code == single.value.code == "rules.text"
        assert str(e.value) == str(single.value)
