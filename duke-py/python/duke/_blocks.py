"""Blocks of games on Ray, shared by ``duke.selfplay`` and ``duke.tournament``.

A run is a list of games, each (game_id, seed, light, dark), cut into
blocks of consecutive ids. Each block is one Ray task that plays its games
with the engine (``duke.data.play_block``: ``duke.play_games`` with the GIL
released) and returns its two tables as Parquet bytes; the driver writes
them as ``OUT/decisions/block-NNNNNN.parquet`` and then
``OUT/games/block-NNNNNN.parquet``, each atomically (a temporary name, then
a rename). So:

- a block's rows depend only on its games' seeds and players, never on the
  number of workers or on which worker ran it;
- a worker that dies mid-block loses nothing: Ray runs the task again
  (``max_retries``) and the driver writes the block once, when a try
  succeeds;
- a stopped run started again with the same arguments skips the blocks
  whose games file exists (``OUT/run.json`` keeps the arguments, and a
  different set is refused).
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "duke.selfplay and duke.tournament need Ray: pip install 'duke-engine[ray]'"
    ) from e

import pyarrow as pa
import pyarrow.parquet as pq

import duke.data as dd
from duke._progress import Progress

RETRIES = 4
"""How many times Ray runs a block again after its worker died."""


@dataclass
class Plan:
    """The games of a run and how they are recorded."""

    kind: str
    run_seed: int
    seed_policy: str
    game_ids: list[int]
    seeds: list[int]
    pairs: list[tuple[str, str]]
    block: int
    observe: bool = False
    mask: bool = False
    top: int = 3
    perspective: str = "mover"
    network: Union[bytes, str, None] = None
    """A weights file's bytes or an evaluation's name: the level players
    search with it (the built-in network when None)."""
    arguments: dict[str, Any] = field(default_factory=dict)

    def blocks(self) -> list[range]:
        n = len(self.game_ids)
        return [range(s, min(s + self.block, n)) for s in range(0, n, self.block)]


@ray.remote(max_retries=RETRIES)
def play_block_task(
    plan_part: dict[str, Any], network: Union[bytes, str, None] = None
) -> tuple[bytes, bytes, int, float]:
    """Plays one block in a Ray worker; returns its tables as Parquet bytes
    (compressed in the worker), its number of decisions and the worker's
    CPU seconds for it. `network` (a weights file, put in Ray's object
    store once per run) is what the level players evaluate with."""
    cpu = time.process_time()
    games, decisions = dd.play_block(
        plan_part["game_ids"],
        plan_part["run_seed"],
        plan_part["pairs"],
        seeds=plan_part["seeds"],
        seed_policy=plan_part["seed_policy"],
        observe=plan_part["observe"],
        mask=plan_part["mask"],
        top=plan_part["top"],
        perspective=plan_part["perspective"],
        network=network,
    )
    out = dd.table_bytes(games), dd.table_bytes(decisions)
    return out[0], out[1], decisions.num_rows, time.process_time() - cpu


def connect(address: Optional[str], workers: Optional[int]) -> None:
    """Joins the cluster at `address` ("auto", "ray://host:port", ...) or,
    without one, starts a local cluster with `workers` CPUs (all by default)
    that listens on 127.0.0.1 only. Does nothing when Ray is already
    initialised in this process."""
    if ray.is_initialized():
        return
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, configure_logging=False,
                 _node_ip_address="127.0.0.1")
    else:
        ray.init(address=address, configure_logging=False)


MANIFEST_MAX = 1 << 20
"""The most bytes of ``OUT/run.json`` read (it holds a run's arguments, a
few hundred bytes): a longer file is refused, not read whole."""


def _check_manifest(out: str, arguments: dict[str, Any]) -> None:
    path = os.path.join(out, "run.json")
    if os.path.lexists(path):
        # A regular file only: a FIFO or a device (/dev/zero) is never opened.
        if not os.path.isfile(path):
            raise ValueError(f"{path}: not a regular file (a run's manifest, written by the run)")
        with open(path, "rb") as f:
            text = f.read(MANIFEST_MAX + 1)
        if len(text) > MANIFEST_MAX:
            raise ValueError(f"{path}: more than {MANIFEST_MAX} bytes, not a run's manifest")
        try:
            there = json.loads(text)
        except ValueError as e:
            raise ValueError(f"{path}: not a run's manifest ({e})") from None
        if not isinstance(there, dict):
            raise ValueError(f"{path}: not a run's manifest (not a JSON object)")
        if there != arguments:
            diff = [
                f"{k}: {there.get(k)!r} there, {arguments.get(k)!r} here"
                for k in sorted(set(there) | set(arguments))
                if there.get(k) != arguments.get(k)
            ]
            raise ValueError(
                f"{out} holds a run with other arguments ({'; '.join(diff)}): "
                "give the same arguments to resume it, or another --out"
            )
        return
    os.makedirs(out, exist_ok=True)
    dd.write_file(path, json.dumps(arguments, indent=1, sort_keys=True).encode())


def block_name(b: int) -> str:
    return f"block-{b:06d}"



def run(
    plan: Plan,
    out: Optional[str],
    *,
    address: Optional[str] = None,
    workers: Optional[int] = None,
    progress: bool = True,
    label: str = "",
    on_block: Optional[Callable[[pa.Table], None]] = None,
    extra: Optional[Callable[[], str]] = None,
    stats: Optional[dict[str, float]] = None,
) -> pa.Table:
    """Plays the plan's missing blocks on Ray, at most `workers` at a time,
    writes each finished block under `out` (when given) and returns the
    run's whole *games* table. `on_block` sees each block's games table as
    it arrives (the done blocks of a resumed run first). `stats`, when
    given, gains the played blocks' "decisions" and "worker_cpu" seconds."""
    connect(address, workers)
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    blocks = plan.blocks()
    done: dict[int, pa.Table] = {}
    if out is not None:
        _check_manifest(out, plan.arguments)
        for b in range(len(blocks)):
            path = os.path.join(out, "games", block_name(b) + ".parquet")
            if os.path.exists(path):
                done[b] = dd.read_games(path)
    bar = Progress(len(plan.game_ids), label, progress, extra)
    for b in sorted(done):
        if on_block is not None:
            on_block(done[b])
        bar.update(done[b].num_rows, 0)
    bar.games = 0
    bar.start = time.monotonic()
    todo = [b for b in range(len(blocks)) if b not in done]
    pending: dict[Any, int] = {}
    network = None if plan.network is None else ray.put(plan.network)

    def submit(b: int) -> None:
        r = blocks[b]
        part = {
            "game_ids": plan.game_ids[r.start : r.stop],
            "seeds": plan.seeds[r.start : r.stop],
            "pairs": plan.pairs[r.start : r.stop],
            "run_seed": plan.run_seed,
            "seed_policy": plan.seed_policy,
            "observe": plan.observe,
            "mask": plan.mask,
            "top": plan.top,
            "perspective": plan.perspective,
        }
        pending[play_block_task.remote(part, network)] = b

    queue = list(reversed(todo))
    try:
        while queue or pending:
            while queue and len(pending) < workers:
                submit(queue.pop())
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                b = pending.pop(ref)
                games_bytes, decisions_bytes, n_decisions, cpu = ray.get(ref)
                if stats is not None:
                    stats["decisions"] = stats.get("decisions", 0) + n_decisions
                    stats["worker_cpu"] = stats.get("worker_cpu", 0.0) + cpu
                table = pq.read_table(pa.BufferReader(games_bytes))
                if out is not None:
                    name = block_name(b) + ".parquet"
                    dd.write_file(os.path.join(out, "decisions", name), decisions_bytes)
                    dd.write_file(os.path.join(out, "games", name), games_bytes)
                done[b] = table
                if on_block is not None:
                    on_block(table)
                bar.update(table.num_rows, n_decisions)
    finally:
        bar.finish()
        for ref in pending:
            ray.cancel(ref, force=True)
    if not done:
        return dd.GAMES_SCHEMA.empty_table()
    return pa.concat_tables(done[b] for b in sorted(done))


def add_ray_arguments(parser: Any) -> None:
    """The arguments every Ray command takes."""
    parser.add_argument("--address", default=None,
                        help="the Ray cluster to join (auto, ray://host:10001, ...); "
                        "without it a local cluster is started")
    parser.add_argument("--workers", type=int, default=None,
                        help="blocks played at once (default: the cluster's CPUs); "
                        "the output does not depend on it")
    parser.add_argument("--block", type=int, default=None, help="games per block (per Ray task and file)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def positive(name: str, value: Optional[int]) -> None:
    if value is not None and value < 1:
        raise SystemExit(f"{name} takes a whole number of at least 1, not {value}")


def check_players(names: Sequence[str]) -> list[str]:
    try:
        return [dd.player_name(n) for n in names]
    except ValueError as e:
        raise SystemExit(str(e)) from None
