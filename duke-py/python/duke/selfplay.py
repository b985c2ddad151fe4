"""Self-play on Ray, written as Parquet.

    python -m duke.selfplay --games N --players level3,level3 --out DIR
        [--address ray://...|auto] [--workers K] [--seed S] [--block B]
        [--observe] [--mask] [--top K] [--perspective mover]
        [--network net.nnue|builtin|hand-tuned] [--rules coup+mountain]

Needs the extra ``duke-engine[ray]``. The games are cut into blocks of
``--block`` games; each block is a Ray task that plays its games with the
engine (the GIL released) and becomes one Parquet file per table under
``DIR/games`` and ``DIR/decisions`` (see ``duke.data`` for the schema).
Game k's seed is ``VecGame.episode_seed(seed, k)``, so the rows are the
same whatever the number of workers. A worker lost mid-block has its block
run again and written once; a stopped run started again with the same
arguments plays only the missing blocks. The level players search with
the built-in network; ``--network`` gives them another evaluation: a
weights file of ``python -m duke.train`` (so that a network's own games
can train the next one; the run's arguments keep the file's SHA-256) or
``hand-tuned``. ``--rules`` plays Expanded Play (each game's start made
by the engine from its seed); the rules are in ``run.json`` and in a
column of every row. Without ``--address`` Ray starts
a local cluster, so the same command works on a laptop and on a cluster
(where ``DIR`` is on the machine that runs the command).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import TYPE_CHECKING, Optional, Sequence, Union

import duke
import duke.data as dd
from duke import _blocks

if TYPE_CHECKING:
    import pyarrow as pa


def plan(
    games: int,
    players: Sequence[str],
    seed: int = 0,
    block: int = 20,
    observe: bool = False,
    mask: bool = False,
    top: int = 3,
    perspective: str = "mover",
    network: Union[bytes, str, None] = None,
    rules: str = "standard",
) -> _blocks.Plan:
    """The plan of a self-play run (what the command line builds).
    `network` is a weights file's bytes or an evaluation's name
    (``duke.NNUE_FORMAT["evaluations"]``), for the level players; None is
    the built-in network. `games` is 1 to ``_blocks.MAX_RUN_GAMES``,
    `block` 1 to ``duke.MAX_GAMES`` and `top` 0 to ``duke.MAX_HINTS``
    (code "hint.count") and `rules` a rules text (code "rules.text");
    anything else raises DukeError before any game."""
    light, dark = _blocks.check_players(players)
    _blocks.check_run(games, block, None)
    ids = range(games)
    arguments: dict[str, object] = {}
    if network is None:
        arguments["network"] = duke.NNUE_FORMAT["default_evaluation"]
    elif isinstance(network, str):
        if network not in duke.NNUE_FORMAT["evaluations"]:
            raise ValueError(f"network {network!r}: not a weights file's bytes nor one of "
                             f"{duke.NNUE_FORMAT['evaluations']}")
        arguments["network"] = network
    else:
        arguments["network"] = hashlib.sha256(network).hexdigest()
    # The engine's checks of top, perspective and network (a file it cannot
    # read), here rather than in a worker.
    _blocks.check_options(observe, mask, top, perspective, network, rules)
    rules = duke.Game(rules=rules).rules
    return _blocks.Plan(
        kind="selfplay",
        run_seed=seed,
        seed_policy=dd.SELFPLAY_SEEDS,
        game_ids=ids,
        seeds=_blocks.Computed(games, lambda k: duke.VecGame.episode_seed(seed, k)),
        pairs=_blocks.Computed(games, lambda k: (light, dark)),
        block=block,
        observe=observe,
        mask=mask,
        top=top,
        perspective=perspective,
        network=network,
        rules=rules,
        arguments={
            **arguments,
            "kind": "selfplay",
            "format": dd.FORMAT,
            "games": games,
            "players": [light, dark],
            "seed": seed,
            "block": block,
            "observe": observe,
            "mask": mask,
            "top": top,
            "perspective": perspective,
            "rules": rules,
        },
    )


def run(
    games: int,
    players: Sequence[str] = ("level3", "level3"),
    out: str = "selfplay",
    *,
    seed: int = 0,
    address: Optional[str] = None,
    workers: Optional[int] = None,
    block: int = 20,
    observe: bool = False,
    mask: bool = False,
    top: int = 3,
    perspective: str = "mover",
    progress: bool = True,
    stats: Optional[dict[str, float]] = None,
    network: Union[bytes, str, None] = None,
    rules: str = "standard",
) -> "pa.Table":
    """Plays (or finishes) a self-play run on Ray and returns its *games*
    table; the data set is under `out` (see ``duke.data``). `stats`, when
    given, gains the played blocks' "decisions" and "worker_cpu" seconds.
    `network` is the level players' evaluation and `rules` the games'
    rules (see `plan`)."""
    pl = plan(games, players, seed, block, observe, mask, top, perspective, network, rules)
    return _blocks.run(pl, out, address=address, workers=workers, progress=progress,
                       label=f"{pl.pairs[0][0]} vs {pl.pairs[0][1]}", stats=stats)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (``python -m duke.selfplay``); returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m duke.selfplay", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, required=True, help="how many games")
    p.add_argument("--players", default="level3,level3",
                   help="light,dark: random, greedy, level1 ... level5 or limits like depth4 (default level3,level3)")
    p.add_argument("--out", required=True, help="the data set's directory")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--observe", action="store_true", help="store each decision's observation planes")
    p.add_argument("--mask", action="store_true", help="store each decision's legal mask (bit-packed)")
    p.add_argument("--top", type=int, default=3,
                   help=f"a level's best decisions kept with scores, 0 to {duke.MAX_HINTS} (default 3)")
    p.add_argument("--perspective", default="mover", choices=["mover", "absolute"],
                   help="of the index, observation and mask columns (default mover)")
    p.add_argument("--network", metavar="FILE|NAME", default=None,
                   help="the level players search with this evaluation: a weights file of "
                   "python -m duke.train, or " + " or ".join(duke.NNUE_FORMAT["evaluations"])
                   + "; default: the built-in network")
    p.add_argument("--rules", default="standard",
                   help="the games' rules: standard, or Expanded Play's words joined by + "
                   "(coup, flag, rider, mountain, fort, draft), as coup+mountain (default standard)")
    _blocks.add_ray_arguments(p)
    a = p.parse_args(argv)
    block = 20 if a.block is None else a.block
    _blocks.refused(p, lambda: _blocks.check_run(a.games, block, a.workers))
    network: Union[bytes, str, None] = None
    if a.network in duke.NNUE_FORMAT["evaluations"]:
        network = a.network
    elif a.network is not None:
        # The engine's reader: a regular file only, at most one byte past a
        # weights file's length (never a whole device such as /dev/zero).
        try:
            network = duke.Network.from_file(a.network).to_bytes()
        except (OSError, duke.DukeError) as e:
            p.error(f"argument --network: {e}")
    players = a.players.split(",")
    if len(players) != 2:
        raise SystemExit(f'--players takes two players separated by a comma, not "{a.players}"')
    # The whole plan checked (the engine's ranges: --top is a hint's count)
    # before a cluster starts.
    _blocks.refused(p, lambda: plan(a.games, players, a.seed, block, a.observe, a.mask, a.top,
                                    a.perspective, network, a.rules))
    games = run(a.games, players, a.out, seed=a.seed, address=a.address, workers=a.workers,
                block=block, observe=a.observe, mask=a.mask, top=a.top,
                perspective=a.perspective, progress=not a.quiet, network=network,
                rules=a.rules)
    results = games.column("result").to_pylist()
    print(
        f"{games.num_rows} games in {a.out}: light {results.count('light')}, "
        f"dark {results.count('dark')}, draws {results.count('draw')}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
