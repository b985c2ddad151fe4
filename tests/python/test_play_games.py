"""duke.play_games (every game at once, at most duke.MAX_GAMES) and
duke.iter_games (one game at a time, any number): the engine's limits on
their counts, and the stream's memory, which does not grow with the number
of games."""

import itertools
import os
import subprocess
import sys
import weakref

import numpy as np
import pytest

import duke

GAMES = [(3, "level1", "random"), (4, "random", "greedy"), (5, "random", "random")]


@pytest.mark.parametrize("top", [-1, duke.MAX_HINTS + 1, 10**9])
def test_a_count_of_best_decisions_outside_a_hints_range_is_refused(top):
    for play in (duke.play_games, duke.iter_games):
        with pytest.raises(duke.DukeError) as e:
            play(GAMES[:1], top=top)
        assert e.value.code == "hint.count", play
    duke.play_games([], top=duke.MAX_HINTS)  # the most is taken


def test_a_list_longer_than_a_batch_is_refused_before_it_is_read():
    # The last entry names no player: reading the list would find it first.
    games = [(k, "random", "random") for k in range(duke.MAX_GAMES)] + [(0, "nobody", "random")]
    with pytest.raises(duke.DukeError) as e:
        duke.play_games(games)
    assert e.value.code == "batch.size"
    assert f"{duke.MAX_GAMES}" in str(e.value) and "iter_games" in str(e.value)
    with pytest.raises(duke.ParseError) as e:
        duke.play_games(games[-2:])
    assert e.value.code == "player.name"


def test_the_stream_gives_the_lists_games_one_at_a_time():
    g, d = duke.play_games(GAMES, observe=True, mask=True, top=2)
    items = list(duke.iter_games(iter(GAMES), observe=True, mask=True, top=2))
    assert len(items) == len(GAMES)
    for k, (gk, dk) in enumerate(items):
        assert all(len(v) == 1 for v in gk.values())
        assert set(dk["game"]) == {k}
    for key, column in g.items():
        assert list(column) == [x for gk, _ in items for x in gk[key]], key
    for key, column in d.items():
        parts = [dk[key] for _, dk in items]
        if isinstance(column, np.ndarray):
            assert np.array_equal(column, np.concatenate(parts)), key
        else:
            assert column == [x for p in parts for x in p], key


def test_the_stream_plays_a_game_only_when_asked():
    asked = []

    def endless():
        for seed in itertools.count():
            asked.append(seed)
            yield (seed, "random", "random")

    stream = duke.iter_games(endless(), observe=True)
    assert asked == []  # nothing is read before the first step
    first = next(stream)
    assert asked == [0]
    obs = weakref.ref(first[1]["observation"])
    del first
    second = next(stream)
    assert asked == [1] or asked == [0, 1]
    assert obs() is None  # the stream keeps nothing of an earlier game
    assert set(second[1]["game"]) == {1}


def test_the_stream_ends_after_an_error_and_refuses_reentry():
    stream = duke.iter_games([(1, "random", "random"), (2, "nobody", "random"), (3, "random", "random")])
    next(stream)
    with pytest.raises(duke.ParseError):
        next(stream)
    assert list(stream) == []

    def asks_itself():
        yield (1, "random", "random")
        next(inner)

    inner = duke.iter_games(asks_itself())
    next(inner)
    with pytest.raises(duke.DukeError, match="already playing") as e:
        next(inner)
    assert e.value.code == "value"


PEAK = """
import sys, duke

def peak_kib():
    # The process's own peak (VmHWM; ru_maxrss also counts the parent's at fork).
    with open("/proc/self/status") as f:
        return int(next(l for l in f if l.startswith("VmHWM:")).split()[1])

form, n = sys.argv[1], int(sys.argv[2])
games = ((s, "random", "random") for s in range(n))
base = peak_kib()
if form == "stream":
    for g, d in duke.iter_games(games, observe=True, mask=True):
        pass
else:
    g, d = duke.play_games(list(games), observe=True, mask=True)
print(peak_kib() - base)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads VmHWM (Linux)")
def test_the_streams_memory_does_not_grow_with_the_number_of_games():
    def grown_mib(form, n):
        out = subprocess.run([sys.executable, "-c", PEAK, form, str(n)], capture_output=True,
                             text=True, check=True, env=dict(os.environ))
        return int(out.stdout) / 1024

    n = 10
    listed = grown_mib("list", 4 * n) - grown_mib("list", n)
    streamed = grown_mib("stream", 4 * n) - grown_mib("stream", n)
    # With observations and masks a game holds about 1.3 MB: the list of 40
    # holds 30 games more than the list of 10; the stream holds one or two.
    assert listed > 20, listed
    assert streamed < 12, (streamed, listed)
