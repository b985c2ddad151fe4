import pickle
import random
import threading

import numpy as np
import pytest

import duke
from conftest import play_random


def test_levy_is_draw_then_place_and_undo_never_rerolls():
    game = duke.Game(seed=11)
    chances = dict(game.levy_chances())
    assert chances["P"] == 3 / 16 and abs(sum(chances.values()) - 1) < 1e-12
    troop = game.draw()
    assert game.phase == "levy" and game.pending_draw == troop
    assert [str(a) for a in game.legal_actions()] == [f"{troop}@C2"]
    game.place("C2")
    assert game.position.tile_at("C2").letter == troop
    assert game.undo()
    assert game.draw() == troop


def test_setup_by_placements_and_fixed():
    game = duke.Game(seed=1, setup=True)
    assert game.phase == "setup"
    assert [str(a) for a in game.legal_actions()] == ["D@C1", "D@D1"]
    for a in ("D@D1", "F@D2", "F@E1"):
        game.play(a)
    game.setup_fixed()
    assert game.phase == "play"
    assert game.position.dpn() == "2fdf1/6/6/6/3F2/3DF1 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0"


def test_undo_redo_and_records():
    rng = random.Random(3)
    game = duke.Game(seed=99)
    play_random(game, rng, 150)
    record = game.record()
    assert "seed" not in record
    back = duke.Game.from_record(record)
    assert back.position == game.position and back.record() == record
    positions = [game.position]
    n = len(game.turns())
    for _ in range(n):
        assert game.undo()
        positions.append(game.position)
    assert game.position == duke.Position()
    for expected in reversed(positions[:-1]):
        assert game.redo() is not None
        assert game.position == expected
    assert game.redo() is None


def test_game_pickles_with_its_seed():
    game = duke.Game(seed=1234)
    play_random(game, random.Random(1), 40)
    other = pickle.loads(pickle.dumps(game))
    assert other.position == game.position
    assert other.record(with_seed=True) == game.record(with_seed=True)
    if game.phase == "play" and any(a.kind == "place" for a in game.legal_actions()):
        assert other.draw() == game.draw()


def test_outcome_and_repetition():
    game = duke.Game(seed=5)
    cycle = ["B1-B2", "E6-E5", "B2-A1", "E5-F6", "A1-A2", "F6-F5", "A2-B1", "F5-E6"]
    for a in cycle * 2:
        assert game.outcome is None
        game.play(a)
    assert game.repetitions() == 3
    assert game.outcome.winner is None and game.outcome.reason == "repetition"
    assert game.phase == "over"


def test_different_seeds_same_decisions_same_everything_public():
    a, b = duke.Game(seed=1), duke.Game(seed=2)
    for g in (a, b):
        g.play("B1-B2")
        g.play_levy("P@D5")  # a troop from outside, the same in both
    assert a.record() == b.record()
    assert a.position == b.position
    assert (a.observation() == b.observation()).all()


def test_game_encoders_offer_the_draw_then_the_placements():
    game = duke.Game(seed=4)
    mask = game.legal_mask()
    assert mask[duke.DRAW]
    assert not mask[duke.DRAW + 1 - 540 :duke.DRAW].any()  # no placements before the draw
    troop = game.apply_index(duke.DRAW)
    assert troop == game.pending_draw
    mask = game.legal_mask()
    assert mask.sum() == 1 and not mask[duke.DRAW]
    obs = game.observation()
    assert obs[92 + duke.TROOPS.index(troop)].min() == 1
    (idx,) = np.flatnonzero(mask)
    game.apply_index(int(idx))
    assert game.position.tile_at("C2").letter == troop


def test_threads_each_with_their_own_game():
    results = {}

    def worker(seed):
        game = duke.Game(seed=seed)
        play_random(game, random.Random(seed), 300)
        results[seed] = (game.record(), game.position.perft(2))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for seed in range(8):
        game = duke.Game(seed=seed)
        play_random(game, random.Random(seed), 300)
        assert results[seed] == (game.record(), game.position.perft(2))


def test_threads_sharing_a_position():
    pos = duke.Position("2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40")
    out = []
    threads = [threading.Thread(target=lambda: out.append(pos.perft(3))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [173601] * 4


def test_ai_best_action_and_hint():
    # Light wins at once: by taking Dark's Duke, or by F5-E6, after which
    # Dark has no legal action. Every level finds a winning action.
    game = duke.Game.from_position(duke.Position("D4d/5W/6/6/6/6 l P/- 0 0"))
    for kwargs in [{"level": n} for n in range(1, 6)] + [{"depth": 2}]:
        action = game.best_action(**kwargs)
        after = game.copy()
        after.play(action)
        assert after.outcome is not None and after.outcome.winner == "light", (kwargs, action)
    hint = game.hint(level=3, k=2)
    assert hint["best"] in ("F5xF6", "A6xF6", "F5-E6") and hint["score"] > 90000
    assert len(hint["top"]) == 2 and hint["pv"][0] == hint["best"]
    # A hint's best is the first of its own list, with its score.
    assert hint["top"][0] == (hint["best"], hint["score"])
    first = duke.Game(seed=1).hint(level=3)
    assert first["top"][0] == (first["best"], first["score"])
    # From the start, a levy is a decision (Action("levy")), then the AI
    # places the troop.
    start = duke.Game(seed=3)
    choice = start.best_action(depth=2)
    assert choice is not None
    if choice.kind == "levy":
        assert start.best_index(depth=2) == duke.DRAW
        start.play(choice)
        placed = start.best_action(depth=2)
        assert placed is not None and placed.kind == "place"
    # With no arguments: the default level, the same in every face.
    assert duke.DEFAULT_LEVEL == 3
    assert duke.Game(seed=3).best_action() == duke.Game(seed=3).best_action(level=duke.DEFAULT_LEVEL)
    for bad in (0, 6, 99, -1):
        with pytest.raises(duke.DukeError) as e:
            duke.Game(seed=3).best_action(level=bad)
        assert e.value.code == "level.range"
    # The AI's choice does not depend on the game's seed.
    a, b = duke.Game(seed=1), duke.Game(seed=2)
    assert a.best_index(level=4) == b.best_index(level=4)
    over = duke.Game.from_position(duke.Position("D4d/5W/6/6/6/6 l P/- 0 0"))
    over.play("F5xF6")
    # Once the game is over the AI has nothing to decide: PhaseError, the
    # same code in every face.
    for call in (lambda: over.best_action(level=1), over.best_action, over.hint):
        with pytest.raises(duke.PhaseError) as e:
            call()
        assert e.value.code == "phase"
        assert str(e.value).startswith("the AI's decision: the game is over")


def test_a_levy_turn_at_a_time_limit_decides_then_places():
    # Loss 2's position before its levy: a timed decision to levy, then the
    # drawn troop's square (the game keeps the decision's searcher for it,
    # as every face does), on the game and on a copy made after the draw.
    dpn = "1+f2f1/6/4+P1/s1m1+B1/+d2+r1D/1F4 l ACFGIKLMPPRSW/abcfgiklnpppw 0 16"
    game = duke.Game.from_position(duke.Position(dpn))
    assert game.best_action(depth=4, millis=600000).kind == "levy"
    game.draw()
    copy = game.copy()
    placed = game.best_action(depth=3, millis=600000)
    assert placed.kind == "place" and game.is_legal(placed)
    assert copy.is_legal(copy.best_action(depth=3, millis=600000))
    # The turn is over once the troop is placed: the next decision is the
    # opponent's, from a new search.
    game.play(placed)
    assert game.is_legal(game.best_action(depth=2, millis=600000))


def test_listed_actions_are_shared_objects_that_compare_by_value():
    # legal_actions() hands out one immutable object per action (no new
    # object per listing); they still compare, hash and print by value.
    game = duke.Game(seed=5)
    first, again = game.legal_actions(), game.legal_actions()
    assert all(a is b for a, b in zip(first, again))
    assert first == [duke.Action(str(a)) for a in first]
    assert len({hash(a) for a in first}) == len(first)
    assert first[0].kind == "levy" and duke.Position.standard().legal_actions()[14:] == first[1:]
    relocation = next(a for a in first if a.kind == "relocate")
    with pytest.raises(AttributeError):
        relocation.kind = "strike"  # type: ignore[misc]
    played = game.play(relocation)
    # Played as it was listed: the same object comes back.
    assert played is relocation and played.kind == "relocate"
    # Captures keep their flag: the listed object prints "x".
    rng = random.Random(3)
    seen_capture = False
    for _ in range(400):
        if game.outcome is not None:
            break
        a = rng.choice(game.legal_actions())
        if a.kind in ("levy", "place"):
            game.play(a)
            continue
        if a.is_capture and a.kind == "relocate":
            assert "x" in str(a)
            seen_capture = True
            # Written without the capture mark, it is returned as played.
            played = game.play(str(a).replace("x", "-"))
            assert played == a and str(played) == str(a) and played.is_capture
            continue
        game.play(a)
    assert seen_capture


def test_shared_action_objects_are_the_listed_actions_in_long_games():
    # Every listed object is the action the engine listed (checked through
    # the action space, which does not go through the shared objects), for
    # every kind, commands and captures included, over whole random games.
    rng = random.Random(11)
    kinds = set()
    for seed in range(30):
        game = duke.Game(seed=seed)
        while game.outcome is None:
            listed = game.legal_actions()
            pos = game.position
            assert [a.index(pos) for a in listed] == game.legal_indices().tolist()
            assert all(duke.Action(str(a)) == a for a in listed)
            kinds.update(a.kind for a in listed)
            a = rng.choice(listed)
            if a.kind in ("levy", "place"):
                game.play(a)
                continue
            # An Action written without its capture mark comes back as
            # played, with the mark.
            played = game.play(duke.Action(str(a).replace("x", "-")))
            assert played == a and str(played) == str(a)
    assert kinds == {"relocate", "strike", "command", "levy", "place"}


def test_listing_actions_from_a_finalizer_during_a_listing():
    # Creating the list can start the garbage collector, whose finalizers
    # may list actions again on the same thread: that must neither deadlock
    # nor give different actions.
    import gc

    game = duke.Game(seed=4)
    expected = [str(a) for a in game.legal_actions()]
    seen = []

    class Cycle:
        def __init__(self):
            self.me = self

        def __del__(self):
            seen.append([str(a) for a in game.legal_actions()])

    old = gc.get_threshold()
    gc.set_threshold(1)
    try:
        for _ in range(200):
            Cycle()
            assert [str(a) for a in game.legal_actions()] == expected
    finally:
        gc.set_threshold(*old)
        gc.collect()
    assert seen and all(s == expected for s in seen)


def test_ai_with_threads():
    # Helper threads (Lazy SMP): still the winning action, and a legal
    # decision within a node or time limit; one thread is the default and
    # answers the same every time.
    game = duke.Game.from_position(duke.Position("D4d/5W/6/6/6/6 l P/- 0 0"))
    for kwargs in [{"level": 5}, {"depth": 3}, {"nodes": 20000}, {"millis": 100}]:
        action = game.best_action(threads=2, **kwargs)
        after = game.copy()
        after.play(action)
        assert after.outcome is not None and after.outcome.winner == "light", (kwargs, action)
    assert game.hint(level=3, k=2, threads=2)["score"] > 90000
    middle = duke.Game.from_position(
        duke.Position("2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40")
    )
    legal = set(middle.legal_indices().tolist())
    assert middle.best_index(nodes=30000, threads=2) in legal
    ones = {middle.best_index(nodes=30000, threads=1) for _ in range(3)}
    assert ones == {middle.best_index(nodes=30000)}
    for bad in [0, -1, 65]:
        with pytest.raises(duke.DukeError, match="the search takes 1 to 64 threads") as e:
            middle.best_action(depth=1, threads=bad)
        assert e.value.code == "threads.range"
        with pytest.raises(duke.DukeError, match="the search takes 1 to 64 threads"):
            middle.hint(threads=bad)


def test_flag_sets_are_the_engines_as_int_flags():
    import enum

    assert issubclass(duke.ActionFlag, enum.IntFlag) and issubclass(duke.MarkFlag, enum.IntFlag)
    assert duke.Action("C3xC5").flags == duke.ActionFlag.CAPTURE | duke.ActionFlag.FLIP
    assert duke.Action("C3*B5").flags & duke.ActionFlag.STRIKE
    assert duke.Action("E4:D5-E5").flags == duke.ActionFlag.FLIP | duke.ActionFlag.COMMAND
    assert duke.Action("P@C2").flags == duke.ActionFlag.PLACE
    assert duke.Action("levy").flags == 0
    assert duke.troop_marks("Duke") == duke.MarkFlag.SLIDE
    general = duke.troop_marks("G", "flipped")
    assert duke.MarkFlag.COMMAND in general
    # The same kinds as the chart lists.
    for letter in duke.TROOPS:
        for face in ("starting", "flipped"):
            kinds = {m for m, _, _ in duke.troop_chart(letter, face)}
            flags = duke.troop_marks(letter, face)
            assert {f.name.lower() for f in duke.MarkFlag if f in flags} == kinds


def test_why_idle_and_the_bag_without_the_waiting_draw():
    # Light's flipped Footman on B1 shields its Duke on A1 from Dark's on F1.
    pos = duke.Position("6/6/6/F5/6/D+F3d l -/- 0 0")
    assert pos.why_idle("B1") == (
        "the Footman on B1 cannot act: it shields the Duke on A1 from the Duke on F1"
    )
    assert pos.why_idle("A3") is None and pos.why_idle("F1") is None
    game = duke.Game(seed=4)
    before = game.bag("light")
    assert sum(before.values()) == 16
    drawn = game.draw()
    after = game.bag("light")
    assert after.get(drawn, 0) == before[drawn] - 1
    assert sum(game.position.bag("light").values()) == 16
    assert game.bag("dark") == game.position.bag("dark")


def test_nnue_features_and_a_weights_file_that_is_refused():
    pos = duke.Position()
    light, dark = pos.nnue_features("light"), pos.nnue_features("dark")
    # Six tiles and 16 + 16 bag tiles (three Pikemen count three times each).
    assert len(light) == len(dark) == 38
    assert light == sorted(light) and all(0 <= f < duke.NNUE_FEATURES for f in light)
    # The start is symmetric: each side sees the same features.
    assert light == dark
    with pytest.raises(duke.ParseError) as e:
        duke.Network(b"not a network")
    assert e.value.code == "nnue.file"


def test_the_searches_use_the_builtin_network_unless_told_otherwise():
    game = duke.Game(seed=4)
    game.play("B1-B2")

    def score(**kw):
        return game.hint(level=3, k=1, **kw)["score"]

    builtin = duke.Network.builtin()
    assert builtin.base == "hand-tuned"
    assert duke.NNUE_FORMAT["default_evaluation"] == "builtin"
    assert score() == score(network="builtin") == score(network=builtin)
    hand = score(network="hand-tuned")
    assert hand != score()
    # The built-in network corrects the hand-tuned evaluation.
    assert builtin.evaluate(game.position) != game.position.evaluate()
    with pytest.raises(duke.ParseError) as e:
        game.best_action(depth=1, network="nnue")
    assert e.value.code == "nnue.name" and "hand-tuned" in str(e.value)
    with pytest.raises(TypeError):
        game.best_action(depth=1, network=3)
