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
import operator
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, TypeVar, Union, overload

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "duke.selfplay and duke.tournament need Ray: pip install 'duke-engine[ray]'"
    ) from e

import pyarrow as pa
import pyarrow.parquet as pq

import duke
import duke.data as dd
from duke import _duke
from duke._progress import Progress

RETRIES = 4
"""How many times Ray runs a block again after its worker died."""

MAX_RUN_GAMES = 2**63 - 1
"""The most games of a run: a ``game_id`` is an int64 of the tables. A
run's games are numbered, seeded and paired as they are played, so a
large count holds no memory before its games."""

T = TypeVar("T")


class Computed(Sequence[T]):
    """The sequence ``f(0), ..., f(n - 1)``, each computed when read (a
    run's seeds and pairs: nothing held per game before it is played)."""

    def __init__(self, n: int, f: Callable[[int], T]) -> None:
        self.n = n
        self.f = f

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: Union[int, slice]) -> Union[T, list[T]]:
        if isinstance(i, slice):
            return [self.f(k) for k in range(self.n)[i]]
        return self.f(range(self.n)[i])


def count(what: str, value: Any, lo: int, hi: Optional[int] = None) -> int:
    """`value` when it is a whole number from `lo` to `hi` (no most when
    None); DukeError (code "value") naming the range otherwise."""
    try:
        if isinstance(value, bool):
            raise TypeError
        n = operator.index(value)
    except TypeError:
        n = None
    if n is None or n < lo or (hi is not None and n > hi):
        most = f" and at most {hi:,}" if hi is not None else ""
        raise _duke._value_error(f"{what} {value!r}: a whole number of at least {lo}{most}")
    return n


def check_options(observe: bool, mask: bool, top: int, perspective: str,
                  network: Union[bytes, str, None], rules: str = "standard") -> None:
    """Refuses what a block's ``duke.play_games`` would refuse (a `top`
    outside a hint's range, code "hint.count"; a perspective; a network; a
    rules text, code "rules.text"), here rather than in a worker: the
    engine checks them on an empty list of games."""
    evaluation = duke.Network(bytes(network)) if isinstance(network, (bytes, bytearray)) else network
    duke.play_games([], observe=observe, mask=mask, top=top, perspective=perspective,
                    network=evaluation, rules=rules)


@dataclass
class Plan:
    """The games of a run and how they are recorded."""

    kind: str
    run_seed: int
    seed_policy: str
    game_ids: Sequence[int]
    seeds: Sequence[int]
    pairs: Sequence[tuple[str, str]]
    block: int
    observe: bool = False
    mask: bool = False
    top: int = 3
    perspective: str = "mover"
    network: Union[bytes, str, None] = None
    """A weights file's bytes or an evaluation's name: the level players
    search with it (the built-in network when None)."""
    arguments: dict[str, Any] = field(default_factory=dict)
    rules: str = "standard"
    """The rules of every game, as a rules text."""

    def blocks(self) -> Sequence[range]:
        n = len(self.game_ids)
        return Computed(-(-n // self.block), lambda b: range(b * self.block, min((b + 1) * self.block, n)))


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
        rules=plan_part.get("rules", "standard"),
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


def block_number(file_name: str) -> Optional[int]:
    """The block of a games file's name (``block-000003.parquet``), None for
    another file (a temporary one, say)."""
    stem, ext = os.path.splitext(file_name)
    digits = stem[len("block-"):]
    if ext != ".parquet" or not stem.startswith("block-") or not digits.isdigit():
        return None
    return int(digits) if block_name(int(digits)) == stem else None



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
        # The blocks written by an earlier try: its games files.
        games_dir = os.path.join(out, "games")
        for name in sorted(os.listdir(games_dir)) if os.path.isdir(games_dir) else []:
            b = block_number(name)
            if b is not None and b < len(blocks):
                done[b] = dd.read_games(os.path.join(games_dir, name))
    bar = Progress(len(plan.game_ids), label, progress, extra)
    for b in sorted(done):
        if on_block is not None:
            on_block(done[b])
        bar.update(done[b].num_rows, 0)
    bar.games = 0
    bar.start = time.monotonic()
    pending: dict[Any, int] = {}
    network = None if plan.network is None else ray.put(plan.network)

    def submit(b: int) -> None:
        r = blocks[b]
        part = {
            "game_ids": list(plan.game_ids[r.start : r.stop]),
            "seeds": list(plan.seeds[r.start : r.stop]),
            "pairs": list(plan.pairs[r.start : r.stop]),
            "run_seed": plan.run_seed,
            "seed_policy": plan.seed_policy,
            "observe": plan.observe,
            "mask": plan.mask,
            "top": plan.top,
            "perspective": plan.perspective,
            "rules": plan.rules,
        }
        pending[play_block_task.remote(part, network)] = b

    # The blocks still to play, in order, drawn as workers free up.
    queue = (b for b in range(len(blocks)) if b not in done)
    more = True
    try:
        while more or pending:
            while more and len(pending) < workers:
                b = next(queue, None)
                if b is None:
                    more = False
                else:
                    submit(b)
            if not pending:
                break
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
                        help="blocks played at once, at least 1 (default: the cluster's CPUs); "
                        "the output does not depend on it")
    parser.add_argument("--block", type=int, default=None,
                        help=f"games per block (per Ray task and file), 1 to {duke.MAX_GAMES:,}")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def check_run(games: int, block: int, workers: Optional[int]) -> None:
    """A run's counts: games 1 to MAX_RUN_GAMES, a block 1 to
    ``duke.MAX_GAMES`` games (one ``play_games`` list), workers at least 1;
    DukeError (code "value") naming the range otherwise."""
    count("games", games, 1, MAX_RUN_GAMES)
    count("block", block, 1, duke.MAX_GAMES)
    if workers is not None:
        count("workers", workers, 1)


def refused(parser: Any, check: Callable[[], T]) -> T:
    """`check()`'s value, or the command's usage error with the message
    of the DukeError it raised."""
    try:
        return check()
    except duke.DukeError as e:
        parser.error(str(e))
        raise  # parser.error exits


def check_players(names: Sequence[str]) -> list[str]:
    try:
        return [dd.player_name(n) for n in names]
    except ValueError as e:
        raise SystemExit(str(e)) from None
