"""Speed of self-play on Ray written as Parquet (a benchmark, not a test).

    python tools/bench_ray.py --games 1000

Level-1 self-play with observations on a local Ray cluster of 2 CPUs with 1
and then 2 workers (the scaling ratio), against the same games played in
this process without Ray: by duke.play_games (the engine's block player)
and by a Python loop over duke.Game (best_index, observation, legal_mask,
apply_index) (the overhead ratios); and the bytes per decision of the
Parquet files with and without observations. All figures come from one run.
Ray's start-up is not timed. Needs the extra duke-engine[ray].
"""

import argparse
import os
import tempfile
import time

import ray

import duke
import duke.data as dd
from duke import selfplay


def folder_bytes(path: str) -> int:
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs
               if f.endswith(".parquet"))


def python_loop(seeds, level: int = 1) -> tuple[list[str], int]:
    """The same games through duke.Game one decision at a time."""
    records, decisions = [], 0
    for s in seeds:
        g = duke.Game(seed=s)
        t = 0
        while g.outcome is None:
            g.observation("mover")
            g.legal_mask("mover")
            g.apply_index(g.best_index(level=level, seed=s + t, perspective="mover"), "mover")
            t += 1
        records.append(g.record())
        decisions += t
    return records, decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--block", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    players = ("level1", "level1")
    ids = list(range(a.games))
    seeds = [duke.VecGame.episode_seed(a.seed, k) for k in ids]
    rows = []

    t, c = time.perf_counter(), time.process_time()
    g, d = dd.play_block(ids, a.seed, players, observe=True, top=0)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    inproc = (a.games / dt, d.num_rows / dt)
    rows.append(("duke.play_games, one process, no Parquet", dt, *inproc, 1000 * cpu / d.num_rows))
    inproc_cpu = cpu / d.num_rows
    want = g.column("record").to_pylist()

    t, c = time.perf_counter(), time.process_time()
    records, n = python_loop(seeds)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    assert records == want, "the Python loop played other games"
    rows.append(("duke.Game loop, one process, no Parquet", dt, a.games / dt, n / dt, 1000 * cpu / n))

    ray.init(num_cpus=2, include_dashboard=False, configure_logging=False)
    rates = {}
    sizes = {}
    with tempfile.TemporaryDirectory() as tmp:
        # Warm up: both worker processes started, duke and pyarrow imported.
        selfplay.run(4, players, os.path.join(tmp, "warm"), workers=2, block=2, progress=False)
        for workers in (1, 2):
            out = os.path.join(tmp, f"w{workers}")
            stats: dict[str, float] = {}
            t, c = time.perf_counter(), time.process_time()
            games = selfplay.run(a.games, players, out, seed=a.seed, workers=workers, block=a.block,
                                 observe=True, top=0, progress=False, stats=stats)
            dt, cpu = time.perf_counter() - t, time.process_time() - c
            assert games.column("record").to_pylist() == want
            n = dd.read_decisions(out, columns=["game_id"]).num_rows
            rates[workers] = (a.games / dt, n / dt)
            ray_cpu = (stats["worker_cpu"] + cpu) / n
            rows.append((f"Ray, {workers} worker{'s' if workers > 1 else ''}, Parquet with observations",
                         dt, *rates[workers], 1000 * ray_cpu))
            sizes["observations"] = (folder_bytes(out), n)
        for name, obs, mask in (("no observations", False, False), ("observations and masks", True, True)):
            out = os.path.join(tmp, name.replace(" ", "-"))
            selfplay.run(a.games, players, out, seed=a.seed, workers=2, block=a.block,
                         observe=obs, mask=mask, top=0, progress=False)
            sizes[name] = (folder_bytes(out), dd.read_decisions(out, columns=["game_id"]).num_rows)
    ray.shutdown()

    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"level-1 self-play, {a.games} games, blocks of {a.block}, seed {a.seed}, {os.cpu_count()} CPUs, "
          f"load average at the end {load} (other work on the machine slows every row)")
    print("  (CPU ms per 1000 decisions: this process, plus the Ray workers' own count for their blocks)")
    for name, dt, gps, dps, cms in rows:
        print(f"  {name:<48} {dt:7.2f} s  {gps:8.1f} games/s  {dps:10.0f} decisions/s  {cms * 1000:7.1f} CPU ms")
    print(f"  scaling, 2 workers / 1 worker (wall clock): {rates[2][0] / rates[1][0]:.2f}x")
    print(f"  overhead, play_games in one process / Ray with 1 worker (wall clock): {inproc[0] / rates[1][0]:.2f}x")
    print(f"  overhead in CPU time, Ray with 2 workers / play_games in one process: {rows[-1][4] / (1000 * inproc_cpu):.2f}x")
    for name in ("no observations", "observations", "observations and masks"):
        b, n = sizes[name]
        print(f"  Parquet (zstd), {name}: {b / n:.1f} bytes per decision ({b} bytes, {n} decisions)")


if __name__ == "__main__":
    main()
