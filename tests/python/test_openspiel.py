"""duke.openspiel: The Duke as an OpenSpiel game."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the extra duke-engine[openspiel] is not installed")

import duke  # noqa: E402
import duke.openspiel  # noqa: E402,F401 (registers the game)
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game("python_duke")


def test_registered_and_described(game):
    assert "duke" in duke.openspiel.SHORT_NAME
    assert any("duke" in g.short_name for g in pyspiel.registered_games())
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == duke.ACTION_SPACE
    assert game.max_chance_outcomes() == len(duke.TROOPS)
    assert game.observation_tensor_shape() == [duke.PLANES, 6, 6]


def test_openspiel_random_simulation_test(game):
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_levy_is_a_chance_node_with_the_bags_probabilities(game):
    state = game.new_initial_state()
    engine = duke.Game()
    assert state.legal_actions() == np.flatnonzero(engine.legal_mask("mover")).tolist()
    assert duke.DRAW in state.legal_actions()
    assert state.action_to_string(0, duke.DRAW) == "levy"
    state.apply_action(duke.DRAW)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [(duke.TROOPS[i], p) for i, p in outcomes] == engine.levy_chances()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    pikeman = duke.TROOPS.index("P")
    assert dict(outcomes)[pikeman] == pytest.approx(3 / 16)
    state.apply_action(pikeman)
    assert state.current_player() == 0
    engine.draw(troop="P")
    assert state.legal_actions() == np.flatnonzero(engine.legal_mask("mover")).tolist()
    texts = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert texts and all(t.startswith("P@") for t in texts)
    obs = np.asarray(state.observation_tensor(0)).reshape(duke.PLANES, 6, 6)
    assert np.array_equal(obs, engine.observation("light"))
    # A state survives pickling and cloning with its drawn troop.
    assert str(state.clone()) == str(state)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    dark = np.asarray(state.observation_tensor(1)).reshape(duke.PLANES, 6, 6)
    engine.play(texts[0])
    assert np.array_equal(dark, engine.observation("dark"))
    assert np.array_equal(dark, engine.observation("mover"))


def test_an_illegal_action_is_refused(game):
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(Exception, match="not a legal|illegal|legal"):
        state.apply_action(0)
    assert str(state) == before


def test_mcts_plays_whole_games_against_a_random_bot(game):
    total = 0.0
    for i in range(2):
        bot = mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                           random_state=np.random.RandomState(i))
        rand = uniform_random.UniformRandomBot(1 - i % 2, np.random.RandomState(100 + i))
        bots = [bot, rand] if i % 2 == 0 else [rand, bot]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(i))
        assert sum(returns) == 0.0
        total += returns[i % 2]
    # With these seeds MCTS (10 simulations) beats the random bot in both games.
    assert total == 2.0


@pytest.mark.parametrize("rules", ["coup", "flag", "rider", "coup+mountain+fort+draft"])
def test_openspiel_plays_expanded_play_by_its_rules_parameter(rules):
    game = pyspiel.load_game("python_duke", {"rules": rules})
    assert game.num_distinct_actions() == duke.EXPANDED_ACTION_SPACE
    assert game.observation_tensor_shape() == [duke.EXPANDED_PLANES, 6, 6]
    state = game.new_initial_state()
    assert state.game.rules == rules
    engine = duke.Game(seed=0, rules=rules)
    assert state.legal_actions() == np.flatnonzero(engine.legal_mask("mover")).tolist()
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_refuses_a_bad_rules_text():
    with pytest.raises(duke.DukeError):
        pyspiel.load_game("python_duke", {"rules": "rider+draft"})
