"""Game data as Apache Parquet: a *games* table and a *decisions* table.

Needs the extra ``duke-engine[data]`` (pyarrow). The schema is written out
in the book (``docs/src/data.md``) and in :data:`GAMES_SCHEMA` and
:data:`DECISIONS_SCHEMA`. Every value comes from the engine: the games are
played by :func:`duke.play_games` (the engine's players, with the GIL
released), the observation planes and legal masks are the engine's
encoders, and :func:`replay` walks a record with :class:`duke.Game`.

>>> import duke.data
>>> games, decisions = duke.data.play_block([0, 1], run_seed=7, players=("level1", "random"))
>>> games.num_rows, decisions.num_rows > 0
(2, True)
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Optional, Sequence, Union

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

import duke
from duke import _duke

FORMAT = "2"
"""The version of the tables' layout, kept in each file's metadata (2: the
``rules`` column of both tables)."""

SELFPLAY_SEEDS = "episode_seed(run_seed, game_id)"
"""The seed policy of self-play: game k's seed is ``VecGame.episode_seed(run_seed, k)``."""

TOURNAMENT_SEEDS = "pair(run_seed * 1000003 + game_id // 2), A light when game_id is even"
"""The seed policy of a tournament, the same as ``duke tournament``'s."""

GAMES_SCHEMA = pa.schema(
    [
        pa.field("game_id", pa.int64(), nullable=False),
        pa.field("seed_policy", pa.string(), nullable=False),
        pa.field("run_seed", pa.uint64(), nullable=False),
        pa.field("seed", pa.uint64(), nullable=False),
        pa.field("light", pa.string(), nullable=False),
        pa.field("dark", pa.string(), nullable=False),
        pa.field("light_level", pa.int8()),
        pa.field("dark_level", pa.int8()),
        pa.field("record", pa.string(), nullable=False),
        pa.field("result", pa.string(), nullable=False),
        pa.field("reason", pa.string(), nullable=False),
        pa.field("turns", pa.int32(), nullable=False),
        pa.field("decisions", pa.int32(), nullable=False),
        pa.field("rules", pa.string(), nullable=False),
    ]
)
"""The *games* table: one row per game."""

DECISIONS_SCHEMA = pa.schema(
    [
        pa.field("game_id", pa.int64(), nullable=False),
        pa.field("ply", pa.int32(), nullable=False),
        pa.field("turn", pa.int32(), nullable=False),
        pa.field("side", pa.string(), nullable=False),
        pa.field("dpn", pa.string(), nullable=False),
        pa.field("action", pa.string(), nullable=False),
        pa.field("index", pa.int32(), nullable=False),
        pa.field("drawn", pa.string()),
        pa.field("score", pa.int32()),
        pa.field("top_actions", pa.list_(pa.string()), nullable=False),
        pa.field("top_scores", pa.list_(pa.int32()), nullable=False),
        pa.field("result", pa.int8(), nullable=False),
        pa.field("observation", pa.binary(duke.OBS_LEN)),
        pa.field("mask", pa.binary((duke.ACTION_SPACE + 7) // 8)),
        pa.field("rules", pa.string(), nullable=False),
    ]
)
"""The *decisions* table: one row per decision of a player (a levy is two:
the draw, then the placement), under the standard rules; under Expanded
Play its observation and mask columns are wider (``decisions_schema``)."""


def decisions_schema(rules: str = "standard") -> pa.Schema:
    """The *decisions* table's schema under `rules`: the observation rows are
    ``duke.OBS_LEN`` bytes under the standard rules and
    ``duke.EXPANDED_OBS_LEN`` under any other, the bit-packed masks as wide
    as the rules' action space."""
    if rules == "standard":
        return DECISIONS_SCHEMA
    obs = DECISIONS_SCHEMA.get_field_index("observation")
    mask = DECISIONS_SCHEMA.get_field_index("mask")
    return (
        DECISIONS_SCHEMA.set(obs, pa.field("observation", pa.binary(duke.EXPANDED_OBS_LEN)))
        .set(mask, pa.field("mask", pa.binary((duke.EXPANDED_ACTION_SPACE + 7) // 8)))
    )

PathLike = Union[str, "os.PathLike[str]"]


def player_level(player: str) -> Optional[int]:
    """The level of a player name (``"level3"`` -> 3), None for ``"random"``,
    ``"greedy"`` or a name that is no player."""
    try:
        name = player_name(player)
    except ValueError:
        return None
    return int(name[len("level"):]) if name.startswith("level") else None


def player_name(player: str) -> str:
    """The normal name of a player, as the engine reads it: ``"random"``,
    ``"greedy"`` or ``"level1"`` ... ``"level5"``.

    Raises ValueError (a DukeError) naming the player otherwise.
    """
    return _duke.player_name(player)


def _metadata(perspective: str, rules: str = "standard") -> dict[bytes, bytes]:
    return {
        b"duke.format": FORMAT.encode(),
        b"duke.version": duke.__version__.encode(),
        b"duke.perspective": perspective.encode(),
        b"duke.rules": rules.encode(),
    }


def play_block(
    game_ids: Sequence[int],
    run_seed: int = 0,
    players: Union[tuple[str, str], Sequence[tuple[str, str]]] = ("level1", "level1"),
    *,
    seeds: Optional[Sequence[int]] = None,
    seed_policy: str = SELFPLAY_SEEDS,
    observe: bool = False,
    mask: bool = False,
    top: int = 3,
    perspective: str = "mover",
    network: Union[bytes, str, None] = None,
    rules: str = "standard",
) -> tuple[pa.Table, pa.Table]:
    """Plays the games `game_ids` and returns their *games* and *decisions* tables.

    `players` is one (light, dark) pair for every game or one pair per game.
    Without `seeds`, game k's seed is ``VecGame.episode_seed(run_seed, k)``,
    so a game depends only on (run_seed, k). `observe` and `mask` add the
    observation planes and the legal mask (in `perspective`) to each
    decision; `top` is how many of a level's best decisions are kept with
    their scores. Every level player searches with `network`: the
    built-in network by default, a weights file's bytes (``python -m
    duke.train``), or a name of ``duke.NNUE_FORMAT["evaluations"]``
    ("builtin", "hand-tuned"). `rules` is the rules text of every game
    (Expanded Play's, such as "coup+mountain", or "standard"), in a column
    of both tables and in the files' metadata.
    """
    rules = duke.Game(rules=rules).rules  # the engine's text; a bad one raises
    ids = [int(k) for k in game_ids]
    if players and isinstance(players[0], str):
        pairs = [(str(players[0]), str(players[1]))] * len(ids)
    else:
        pairs = [(str(p[0]), str(p[1])) for p in players]
    if len(pairs) != len(ids):
        raise ValueError(f"{len(pairs)} player pairs for {len(ids)} games")
    pairs = [(player_name(a), player_name(b)) for a, b in pairs]
    if seeds is None:
        seeds = [duke.VecGame.episode_seed(run_seed, k) for k in ids]
    elif len(seeds) != len(ids):
        raise ValueError(f"{len(seeds)} seeds for {len(ids)} games")
    g, d = duke.play_games(
        [(int(s), a, b) for s, (a, b) in zip(seeds, pairs)],
        observe=observe,
        mask=mask,
        top=top,
        perspective=perspective,
        network=network if network is None or isinstance(network, str) else duke.Network(network),
        rules=rules,
    )
    winners = g["winner"]
    games = pa.Table.from_pydict(
        {
            "game_id": ids,
            "seed_policy": [seed_policy] * len(ids),
            "run_seed": [run_seed] * len(ids),
            "seed": [int(s) for s in seeds],
            "light": [a for a, _ in pairs],
            "dark": [b for _, b in pairs],
            "light_level": [player_level(a) for a, _ in pairs],
            "dark_level": [player_level(b) for _, b in pairs],
            "record": g["record"],
            "result": ["draw" if w is None else w for w in winners],
            "reason": g["reason"],
            "turns": g["turns"].astype(np.int32),
            "decisions": g["decisions"].astype(np.int32),
            "rules": [rules] * len(ids),
        },
        schema=GAMES_SCHEMA.with_metadata(_metadata(perspective, rules)),
    )
    n = len(d["side"])
    obs = d["observation"]
    masks = d["mask"]
    schema = decisions_schema(rules)
    obs_width = schema.field("observation").type.byte_width
    mask_width = schema.field("mask").type.byte_width
    decisions = pa.Table.from_pydict(
        {
            "game_id": np.asarray(ids, dtype=np.int64)[d["game"]] if n else np.zeros(0, np.int64),
            "ply": d["ply"].astype(np.int32),
            "turn": d["turn"].astype(np.int32),
            "side": d["side"],
            "dpn": d["dpn"],
            "action": d["action"],
            "index": d["index"].astype(np.int32),
            "drawn": d["drawn"],
            "score": d["score"],
            "top_actions": d["top_actions"],
            "top_scores": d["top_scores"],
            "result": d["result"],
            "observation": _fixed_binary(obs, obs_width) if obs is not None else pa.nulls(n, pa.binary(obs_width)),
            "mask": _fixed_binary(np.packbits(masks, axis=1), mask_width)
            if masks is not None
            else pa.nulls(n, pa.binary(mask_width)),
            "rules": [rules] * n,
        },
        schema=schema.with_metadata(_metadata(perspective, rules)),
    )
    return games, decisions


def _fixed_binary(rows: np.ndarray, width: int) -> pa.Array:
    """Rows of a 2-D uint8 array as a fixed-size binary column (no copy per row)."""
    flat = np.ascontiguousarray(rows, dtype=np.uint8).reshape(-1)
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(width), len(rows), [None, pa.py_buffer(flat)])


def table_bytes(table: pa.Table, compression: str = "zstd") -> bytes:
    """A table written as one Parquet file, in memory."""
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression=compression)
    return sink.getvalue().to_pybytes()


def write_file(path: PathLike, data: Union[bytes, pa.Table], compression: str = "zstd") -> None:
    """Writes a Parquet file atomically: to a temporary name, then renamed,
    so a reader (or a resumed run) never sees half a file."""
    path = os.fspath(path)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    if isinstance(data, pa.Table):
        pq.write_table(data, tmp, compression=compression)
    else:
        with open(tmp, "wb") as f:
            f.write(data)
    os.replace(tmp, path)


def write(
    directory: PathLike,
    games: pa.Table,
    decisions: pa.Table,
    name: str = "part-000000",
    compression: str = "zstd",
) -> None:
    """Writes the two tables as ``directory/decisions/<name>.parquet`` and
    ``directory/games/<name>.parquet`` (the games last: a block is complete
    when its games file exists)."""
    d = os.fspath(directory)
    write_file(os.path.join(d, "decisions", f"{name}.parquet"), decisions, compression)
    write_file(os.path.join(d, "games", f"{name}.parquet"), games, compression)


def _read(path: PathLike, table: str, columns: Optional[Sequence[str]], schema: pa.Schema) -> pa.Table:
    p = os.fspath(path)
    if os.path.isdir(os.path.join(p, table)):
        p = os.path.join(p, table)
    if os.path.isdir(p):
        files = sorted(
            os.path.join(p, f) for f in os.listdir(p) if f.endswith(".parquet")
        )
        if not files:
            return schema.empty_table() if columns is None else schema.empty_table().select(list(columns))
        return pa.concat_tables(pq.read_table(f, columns=columns) for f in files)
    return pq.read_table(p, columns=columns)


def read_games(path: PathLike, columns: Optional[Sequence[str]] = None) -> pa.Table:
    """The *games* table of a file, a directory of files, or a run's directory."""
    return _read(path, "games", columns, GAMES_SCHEMA).sort_by("game_id")


def read_decisions(path: PathLike, columns: Optional[Sequence[str]] = None) -> pa.Table:
    """The *decisions* table of a file, a directory of files, or a run's directory."""
    t = _read(path, "decisions", columns, DECISIONS_SCHEMA)
    keys = [k for k in ("game_id", "ply") if k in t.column_names]
    return t.sort_by([(k, "ascending") for k in keys]) if keys else t


def observations(decisions: pa.Table) -> np.ndarray:
    """The observation planes of a decisions table, uint8 (n, PLANES, 6, 6)
    (EXPANDED_PLANES under Expanded Play: the column's width says which)."""
    col = decisions.column("observation").combine_chunks()
    if col.null_count:
        raise ValueError("the table has no observations (written without observe=True)")
    width = col.type.byte_width
    buf = np.frombuffer(col.buffers()[1], dtype=np.uint8)
    start = col.offset * width
    return buf[start : start + len(col) * width].reshape(len(col), width // 36, 6, 6)


def masks(decisions: pa.Table) -> np.ndarray:
    """The legal masks of a decisions table, bool (n, ACTION_SPACE)
    (EXPANDED_ACTION_SPACE under Expanded Play: the column's width says
    which)."""
    col = decisions.column("mask").combine_chunks()
    if col.null_count:
        raise ValueError("the table has no masks (written without mask=True)")
    width = col.type.byte_width
    count = duke.ACTION_SPACE if width == (duke.ACTION_SPACE + 7) // 8 else duke.EXPANDED_ACTION_SPACE
    buf = np.frombuffer(col.buffers()[1], dtype=np.uint8)
    start = col.offset * width
    packed = buf[start : start + len(col) * width].reshape(len(col), width)
    return np.unpackbits(packed, axis=1, count=count).astype(bool)


def replay(record: str) -> list[tuple[int, str]]:
    """Replays a record with the engine: the (turn, DPN) of the position
    before each turn, then of the final position."""
    game = duke.Game.from_record(record)
    for _ in range(len(game.turns())):
        game.undo()
    out = [(game.position.turn, game.position.dpn())]
    while game.redo() is not None:
        out.append((game.position.turn, game.position.dpn()))
    return out


def iter_games(decisions: pa.Table) -> Iterable[tuple[int, dict[str, list[Any]]]]:
    """The decisions grouped by game, as (game_id, columns) in game order."""
    cols = decisions.to_pydict()
    ids = cols["game_id"]
    start = 0
    for i in range(1, len(ids) + 1):
        if i == len(ids) or ids[i] != ids[start]:
            yield ids[start], {k: v[start:i] for k, v in cols.items()}
            start = i


__all__ = [
    "DECISIONS_SCHEMA",
    "FORMAT",
    "GAMES_SCHEMA",
    "SELFPLAY_SEEDS",
    "TOURNAMENT_SEEDS",
    "decisions_schema",
    "iter_games",
    "masks",
    "observations",
    "play_block",
    "player_level",
    "player_name",
    "read_decisions",
    "read_games",
    "replay",
    "table_bytes",
    "write",
    "write_file",
]
