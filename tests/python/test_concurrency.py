"""Concurrency and secrecy: games and batches used from several threads,
games pickled across processes, and nothing public revealing the seed."""

import multiprocessing
import pickle
import random
import threading

import numpy as np
import pytest

import duke
from conftest import play_random


def run_vec(seed, steps=150, n=64):
    vec = duke.VecGame(n, seed=seed)
    total = np.zeros(n, dtype=np.float64)
    for _ in range(steps):
        vec.step(vec.random_actions())
        total += vec.rewards
    return vec.obs.copy(), vec.mask.copy(), total, [vec.game(i).record(with_seed=True) for i in range(n)]


def same(a, b):
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


def test_batches_stepped_in_parallel_threads_match_sequential_runs():
    seeds = [1, 2, 3, 4]
    results = {}
    errors = []

    def worker(s):
        try:
            results[s] = run_vec(s)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(s,)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for s in seeds:
        assert same(results[s], run_vec(s))


def test_one_batch_shared_by_threads_with_a_lock_matches_one_thread():
    lock = threading.Lock()
    vec = duke.VecGame(32, seed=9)
    steps = []

    def worker():
        for _ in range(50):
            with lock:
                actions = vec.random_actions().copy()
                vec.step(actions)
                steps.append(actions)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alone = duke.VecGame(32, seed=9)
    for actions in steps:
        assert np.array_equal(alone.random_actions(), actions)
        alone.step(actions)
    assert np.array_equal(alone.obs, vec.obs) and np.array_equal(alone.mask, vec.mask)


def test_one_batch_shared_without_a_lock_never_crashes():
    # Unsynchronised use is the caller's mistake; it must still end in a
    # consistent batch or a Python exception, never a crash.
    vec = duke.VecGame(16, seed=4)
    seen = []

    def worker():
        for _ in range(100):
            try:
                vec.step(vec.random_actions())
            except (RuntimeError, duke.DukeError) as e:
                seen.append(type(e).__name__)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in range(16):
        game = vec.game(i)
        again = duke.Game.from_record(game.record(with_seed=True))
        assert again.position == game.position


def test_one_game_shared_by_a_writer_and_readers():
    game = duke.Game(seed=5)
    positions = []
    stop = threading.Event()

    hints = []

    def reader():
        while not stop.is_set():
            pos = game.position
            positions.append(pos)
            # Whatever state it caught, it is a legal position.
            pos.legal_actions()
            try:
                # The search runs with the game free: the writer goes on.
                hints.append(game.hint(level=2, k=1)["best"])
            except duke.DukeError:
                pass  # the game ended between the check and the call

    readers = [threading.Thread(target=reader, daemon=True) for _ in range(3)]
    for t in readers:
        t.start()
    rng = random.Random(5)
    seen = {game.position}
    try:
        play_random(game, rng, 200, on_turn=lambda g: seen.add(g.position))
    finally:
        stop.set()
        for t in readers:
            t.join()
    assert positions and all(p in seen for p in positions)
    assert hints


def test_one_game_hammered_by_threads_without_a_lock():
    """Writers and readers share one Game with no lock of their own: every
    call has the game to itself (pyo3's "Already borrowed" RuntimeError
    came from this), a play that another thread made illegal is refused as
    any illegal play is, and the game stays whole. Objects whose finalizers
    use the game are collected meanwhile: a call never waits for itself."""
    import gc
    import time

    game = duke.Game(seed=11)
    errors = []
    stop = threading.Event()

    class Litter:
        def __init__(self):
            self.me = self  # a cycle: freed by the collector, inside any call

        def __del__(self):
            game.phase
            # (no sleep here: a finalizer that gives the GIL away stalls every thread)

    def writer(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            try:
                Litter()
                actions = game.legal_actions()
                if actions:
                    game.play(rng.choice(actions))
                if game.outcome is not None or rng.random() < 0.2:
                    game.undo()
            except duke.DukeError:
                pass  # another thread played first: refused, nothing changed
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(repr(e))

    def reader():
        while not stop.is_set():
            try:
                Litter()
                game.position.legal_actions()
                game.legal_mask("mover")
                game.legal_indices()
                game.observation("mover")
                game.record(with_seed=True)
                repr(game)
                game.copy()
                pickle.loads(pickle.dumps(game))
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(repr(e))

    threads = [threading.Thread(target=writer, args=(s,)) for s in (1, 2)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    thresholds = gc.get_threshold()
    gc.set_threshold(10, 10000, 10000)  # young litter collected often, no full collections
    try:
        for t in threads:
            t.start()
        time.sleep(1.5)
    finally:
        stop.set()
        for t in threads:
            t.join()
        gc.set_threshold(*thresholds)
    assert errors == [], sorted(set(errors))[:5]
    again = duke.Game.from_record(game.record(with_seed=True))
    assert again.position == game.position and again.phase == game.phase


def continue_game(game):
    """Runs in another process: plays on from the pickled game."""
    play_random(game, random.Random(game.position.key), 40)
    return game


def test_games_pickled_across_processes():
    games = []
    for s in range(6):
        g = duke.Game(seed=100 + s)
        continue_game(g)
        games.append(g)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        remote = pool.map(continue_game, games)
    local = [continue_game(pickle.loads(pickle.dumps(g))) for g in games]
    for r, l in zip(remote, local):
        assert r.record(with_seed=True) == l.record(with_seed=True)
        assert r.position == l.position


@pytest.mark.parametrize("seed", [123456789, 987654321012])
def test_nothing_public_shows_the_seed(seed):
    game = duke.Game(seed=seed)
    game.play("B1-B2")
    text = str(seed)
    public = [repr(game), str(game), game.record(), repr(game.position), game.position.dpn()]
    assert all(text not in s for s in public)
    assert not any("seed" in name for name in dir(game))
    assert text in game.record(with_seed=True)  # only when asked for


def test_different_seeds_same_decisions_same_observations():
    a, b = duke.Game(seed=1), duke.Game(seed=2)
    rng = random.Random(3)
    for _ in range(80):
        if a.outcome is not None:
            break
        assert np.array_equal(a.observation("mover"), b.observation("mover"))
        assert np.array_equal(a.legal_mask("mover"), b.legal_mask("mover"))
        assert a.record() == b.record() and a.levy_chances() == b.levy_chances()
        # Maneuvers and outside-troop levies only: the draw is the seed's.
        action = rng.choice(a.position.legal_actions())
        a.play_levy(action)
        b.play_levy(action)
