"""A match between two players on Ray, reported as ``duke tournament`` does.

    python -m duke.tournament A B [--games N] [--seed S] [--out DIR]
        [--address ray://...|auto] [--workers K] [--block B]

Needs the extra ``duke-engine[ray]``. A and B are ``random`` or a level
(``level1`` ... ``level5``). Games are paired as ``duke tournament`` pairs
them: game i has the seed ``seed * 1000003 + i // 2`` and A plays Light in
the even games, Dark in the odd ones, so the two programs play the same
games and print the same win/draw/loss and Elo (95% interval), then A's
win/draw/loss as Light and as Dark. With ``--out`` the games are also written as Parquet (see ``duke.data``) and a
stopped match started again plays only its missing blocks.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Optional, Sequence

import duke
import duke.data as dd
from duke import _blocks

MASK64 = (1 << 64) - 1


def plan(a: str, b: str, games: int = 200, seed: int = 1, block: int = 10, top: int = 0,
         observe: bool = False, mask: bool = False) -> _blocks.Plan:
    """The plan of a match (what the command line builds): ceil(games / 2)
    pairs of games with colours swapped. `games` is at least 1 (rounded up
    to pairs), `block` 1 to ``duke.MAX_GAMES`` and `top` 0 to
    ``duke.MAX_HINTS``; anything else raises DukeError before any game."""
    a, b = _blocks.check_players([a, b])
    _blocks.count("games", games, 1, _blocks.MAX_RUN_GAMES - 1)
    total = 2 * ((max(games, 2) + 1) // 2)
    _blocks.check_run(total, block, None)
    _blocks.check_options(observe, mask, top, "mover", None)
    ids = range(total)
    return _blocks.Plan(
        kind="tournament",
        run_seed=seed,
        seed_policy=dd.TOURNAMENT_SEEDS,
        game_ids=ids,
        seeds=_blocks.Computed(total, lambda i: (seed * 1_000_003 + i // 2) & MASK64),
        pairs=_blocks.Computed(total, lambda i: (a, b) if i % 2 == 0 else (b, a)),
        block=block,
        observe=observe,
        mask=mask,
        top=top,
        arguments={
            "kind": "tournament",
            "format": dd.FORMAT,
            "players": [a, b],
            "games": total,
            "seed": seed,
            "block": block,
            "observe": observe,
            "mask": mask,
            "top": top,
        },
    )


def scores(games, a: str) -> list[float]:
    """Player A's score in each game of a games table (1, 0.5 or 0), in game order."""
    rows = games.sort_by("game_id").select(["game_id", "light", "result"]).to_pylist()
    out = []
    for r in rows:
        a_side = "light" if r["game_id"] % 2 == 0 else "dark"
        out.append(0.5 if r["result"] == "draw" else (1.0 if r["result"] == a_side else 0.0))
    return out


def elo(p: float) -> float:
    """The Elo difference for a score fraction."""
    p = min(max(p, 1e-4), 1.0 - 1e-4)
    return -400.0 * math.log10(1.0 / p - 1.0)


def wdl(s: Sequence[float]) -> tuple[int, int, int]:
    """Wins, draws and losses of A from its scores."""
    wins = sum(1 for x in s if x > 0.75)
    losses = sum(1 for x in s if x < 0.25)
    return wins, len(s) - wins - losses, losses


def report(a: str, b: str, s: Sequence[float], seconds: float) -> str:
    """The two lines ``duke tournament`` prints, from A's scores in game
    order (A plays Light in the even games): the match, then A by colour."""
    wins, draws, losses = wdl(s)
    n = len(s)
    p = sum(s) / n
    var = sum((x - p) ** 2 for x in s) / n
    se = math.sqrt(var / n)

    def bound(q: float) -> str:
        if q <= 0.0:
            return "-inf"
        if q >= 1.0:
            return "+inf"
        return f"{elo(q):+.0f}"

    lo, hi = bound(p - 1.96 * se), bound(p + 1.96 * se)
    light, dark = wdl(s[0::2]), wdl(s[1::2])
    return (
        f"{a} vs {b}: {n} games (paired seeds, colours swapped): +{wins} ={draws} -{losses}, "
        f"score {100.0 * p:.1f}%, Elo {bound(p)} (95% interval {lo} to {hi}), {seconds:.1f} s\n"
        f"{a} as Light: +{light[0]} ={light[1]} -{light[2]}; as Dark: +{dark[0]} ={dark[1]} -{dark[2]}"
    )


def run(a: str, b: str, games: int = 200, seed: int = 1, *, out: Optional[str] = None,
        address: Optional[str] = None, workers: Optional[int] = None, block: int = 10,
        top: int = 0, observe: bool = False, mask: bool = False, progress: bool = True) -> str:
    """Plays the match on Ray and returns the report line."""
    pl = plan(a, b, games, seed, block, top, observe, mask)
    a, b = pl.arguments["players"]
    start = time.monotonic()
    seen: list[float] = []

    def on_block(t) -> None:
        seen.extend(scores(t, a))

    def extra() -> str:
        w, d, l_ = wdl(seen)
        return f"+{w} ={d} -{l_}"

    games_table = _blocks.run(pl, out, address=address, workers=workers, progress=progress,
                              label=f"{a} vs {b}:", on_block=on_block, extra=extra)
    return report(a, b, scores(games_table, a), time.monotonic() - start)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (``python -m duke.tournament``); returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m duke.tournament", description=__doc__.split("\n")[0])
    p.add_argument("a", help="player A: random, greedy, level1 ... level5 or limits like depth4")
    p.add_argument("b", help="player B")
    p.add_argument("--games", type=int, default=200, help="games, rounded up to pairs (default 200)")
    p.add_argument("--seed", type=int, default=1, help="the match's seed (default 1, as duke tournament)")
    p.add_argument("--out", default=None, help="also write the games as Parquet here (and resume from it)")
    p.add_argument("--observe", action="store_true", help="with --out: store observation planes")
    p.add_argument("--mask", action="store_true", help="with --out: store legal masks")
    p.add_argument("--top", type=int, default=0,
                   help=f"with --out: a level's best decisions kept, 0 to {duke.MAX_HINTS} (default 0)")
    _blocks.add_ray_arguments(p)
    a = p.parse_args(argv)
    block = 10 if a.block is None else a.block
    if a.workers is not None:
        _blocks.refused(p, lambda: _blocks.count("workers", a.workers, 1))
    _blocks.refused(p, lambda: plan(a.a, a.b, a.games, a.seed, block, a.top, a.observe, a.mask))
    print(run(a.a, a.b, a.games, a.seed, out=a.out, address=a.address, workers=a.workers,
              block=block, top=a.top, observe=a.observe, mask=a.mask, progress=not a.quiet))
    return 0


if __name__ == "__main__":
    sys.exit(main())
