"""Trains the engine's learned evaluation (NNUE) on self-play data.

    python -m duke.train --data DIR --out net.nnue [--force]
        [--base hand-tuned|none] [--epochs N] [--batch B] [--lr LR]
        [--blend L] [--holdout F] [--seed S]

Needs the extra ``duke-engine[train]`` (JAX and optax, CPU). ``DIR`` is a
data set written by ``python -m duke.selfplay``. Each quiet decision row
with a search score becomes one example: the position's features for both
sides (``Position.nnue_features``), and a target that blends the search's
score with the game's result (by default the score alone). Skipped are:

- a levy's placement row: its position waits for a drawn troop, which the
  features do not show;
- a position whose best action captures: the search's quiescence resolves
  captures, so a static evaluation that learned them would count them
  twice;
- a position with a forced win or loss (``duke.MATE_BOUND``): a tactic,
  not a judgement of the position.

The network is the engine's (see the AI chapter of the book): per view, a
sparse first layer of ``duke.NNUE_FEATURES`` inputs to 64, clamped to 0..1;
the two views side by side into 16, clamped; then one output in Footmen.
By default (``--base hand-tuned``) the output is added to the hand-tuned
evaluation (``Position.evaluate``), so the network learns a correction to
it and starts, untrained, as the hand-tuned evaluation; ``--base none``
learns the whole score. The trainer fits it in floats and writes the
engine's quantized weights file, which ``duke engine --eval-file`` and
``duke.Network`` read.

Games are split by ``game_id``: a held-out fraction of the games is never
trained on, and its loss is printed after each epoch. Runs are seeded: the
same data and arguments give the same file.

The arguments are checked before any data is read: ``--lr`` is a number
in (0, 10] (``LR_MAX``), ``--epochs`` and ``--batch`` are at least 1,
``--holdout`` is in [0, 1) and ``--blend`` in [0, 1]; ``--out``'s
directory must exist and take a new file, and an existing ``--out`` is
replaced only with ``--force`` (never a directory, a FIFO or a device).
The file is written once the engine has read the trained weights back
(``duke.Network.from_bytes``), to a temporary file in the same directory
renamed over ``--out``: a failed run leaves ``--out`` as it was.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import numpy as np

import duke
from duke._progress import Progress

# The weights file's numbers are the engine's (duke.NNUE_FORMAT).
_FORMAT = duke.NNUE_FORMAT
HIDDEN: int = _FORMAT["hidden"]
L2: int = _FORMAT["l2"]
QA: int = _FORMAT["qa"]
QB: int = _FORMAT["qb"]
FEATURE_SET: str = _FORMAT["feature_set"]
VERSION: int = _FORMAT["version"]
"""The weights file's version (the engine's ``search::nnue::VERSION``)."""
BASES: dict[str, int] = dict(_FORMAT["bases"])
"""What the network's output is added to, by name, with its number in the file."""
MAX_ACTIVE: int = _FORMAT["max_active"]
"""The most features one view has at once; the examples are padded to it
(a padding slot stands for none)."""
FIRST_LAYER_LIMIT = (32767 // (MAX_ACTIVE + 1)) / QA
"""The largest first-layer weight or bias, in floats: with it no sum of a
bias and MAX_ACTIVE weights leaves the engine's 16-bit accumulators."""
SCORE_SCALE = 200.0
"""Centi-Footmen per unit of the sigmoid that turns a score into a win chance."""
B2_LIMIT = _FORMAT["max_b2"] / (QA * QB)
"""The largest second-layer bias, in floats: the engine refuses a file whose
quantized bias is past ``NNUE_FORMAT["max_b2"]``."""
B3_LIMIT = _FORMAT["max_b3"] / (QA * QB)
"""The largest output bias, in floats (``NNUE_FORMAT["max_b3"]``)."""
LR_MAX = 10.0
"""The largest learning rate ``train`` and ``--lr`` take (Adam's steps are
about the rate in size: past it every weight is clipped at once); the
rate is a finite number above 0."""


def check_lr(lr: float) -> float:
    """``lr`` when it is a learning rate ``train`` takes (finite, above 0, at
    most ``LR_MAX``); ValueError naming the range otherwise."""
    if not (isinstance(lr, (int, float)) and math.isfinite(lr) and 0.0 < lr <= LR_MAX):
        raise ValueError(f"learning rate {lr!r}: a number above 0 and at most {LR_MAX:g}")
    return float(lr)


@dataclass
class Examples:
    """Training examples: padded feature indices of each view, and targets."""

    us: np.ndarray  # int32 (n, MAX_ACTIVE), duke.NNUE_FEATURES marks padding
    them: np.ndarray
    score: np.ndarray  # float32 (n,), centi-Footmen for the side to move
    result: np.ndarray  # float32 (n,), 1 win, 0 draw, -1 loss for the side to move
    game: np.ndarray  # int64 (n,)
    hand: np.ndarray  # float32 (n,), Position.evaluate: the hand-tuned base, centi-Footmen

    def __len__(self) -> int:
        return len(self.score)

    def take(self, idx: np.ndarray) -> "Examples":
        return Examples(self.us[idx], self.them[idx], self.score[idx], self.result[idx],
                        self.game[idx], self.hand[idx])


def _padded(features: list[int]) -> list[int]:
    if len(features) > MAX_ACTIVE:
        raise ValueError(f"{len(features)} active features, more than {MAX_ACTIVE}")
    return features + [duke.NNUE_FEATURES] * (MAX_ACTIVE - len(features))


def features_of(dpn: str) -> tuple[list[int], list[int]]:
    """The padded features of a position seen by its side to move, then by
    the other side (the first layer's two views)."""
    pos = duke.Position(dpn)
    us = pos.side_to_move
    them = "dark" if us == "light" else "light"
    return _padded(pos.nnue_features(us)), _padded(pos.nnue_features(them))


def quiet(action: str, score: Optional[int], top: Sequence[str]) -> bool:
    """Whether a decision row trains the network: it has a search score, it
    is not a levy's placement, its best action does not capture
    (``Action.is_capture``), and its score is not a forced win or loss."""
    if score is None or "@" in action or abs(score) >= duke.MATE_BOUND:
        return False
    return not duke.Action(top[0] if top else action).is_capture


def load(*data: str) -> Examples:
    """The examples of one or more self-play data sets' *decisions* tables.
    A game is known by its data set and its ``game_id``, so sets played
    with different seeds can be read together."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols = ["game_id", "dpn", "action", "score", "result", "top_actions"]
    us, them, score, result, game, hand = [], [], [], [], [], []
    for k, d in enumerate(data):
        files = sorted(glob.glob(os.path.join(d, "decisions", "*.parquet")))
        if not files:
            raise SystemExit(f"{d}: no decisions/*.parquet (write one with python -m duke.selfplay)")
        for f in files:
            # A regular file only: a FIFO or a device is never opened.
            if not os.path.isfile(f):
                raise SystemExit(f"{f}: not a regular file (a decisions table of python -m duke.selfplay)")
            try:
                t = pq.read_table(f, columns=cols)
            except (pa.ArrowException, OSError) as e:
                raise SystemExit(
                    f"{f}: not a decisions table of python -m duke.selfplay ({e})"
                ) from None
            rows = zip(*(t.column(c).to_pylist() for c in cols))
            for row, (g, dpn, action, s, r, top) in enumerate(rows):
                try:
                    if not quiet(action, s, top):
                        continue
                    a, b = features_of(dpn)
                    h = float(duke.Position(dpn).evaluate())
                except (duke.DukeError, TypeError, ValueError) as e:
                    raise SystemExit(f"{f}: row {row}: {e}") from None
                us.append(a)
                them.append(b)
                score.append(float(s))
                result.append(float(r))
                game.append((k << 40) | g)
                hand.append(h)
    return Examples(
        np.asarray(us, dtype=np.int32).reshape(-1, MAX_ACTIVE),
        np.asarray(them, dtype=np.int32).reshape(-1, MAX_ACTIVE),
        np.asarray(score, dtype=np.float32),
        np.asarray(result, dtype=np.float32),
        np.asarray(game, dtype=np.int64),
        np.asarray(hand, dtype=np.float32),
    )


def split(ex: Examples, holdout: float, seed: int) -> tuple[Examples, Examples]:
    """Training and held-out examples, split by game."""
    games = np.unique(ex.game)
    rng = np.random.default_rng(seed)
    held = set(rng.choice(games, size=int(round(len(games) * holdout)), replace=False).tolist())
    mask = np.array([g in held for g in ex.game], dtype=bool)
    return ex.take(np.flatnonzero(~mask)), ex.take(np.flatnonzero(mask))


def init(seed: int, base: str = "hand-tuned") -> dict[str, Any]:
    """A network's float parameters, small and seeded. On the hand-tuned
    base the output layer starts at zero: the untrained network adds
    nothing to the hand-tuned evaluation."""
    import jax

    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(seed), 3)
    w1 = jax.random.normal(k1, (duke.NNUE_FEATURES + 1, HIDDEN)) * 0.05
    w1 = w1.at[duke.NNUE_FEATURES].set(0.0)  # the padding slot adds nothing
    return {
        "b1": jax.numpy.full((HIDDEN,), 0.1),
        "w1": w1,
        "w2": jax.random.normal(k2, (L2, 2 * HIDDEN)) * (1.0 / np.sqrt(2 * HIDDEN)),
        "b2": jax.numpy.zeros((L2,)),
        "w3": jax.random.normal(k3, (L2,)) * (0.0 if base == "hand-tuned" else 1.0 / np.sqrt(L2)),
        "b3": jax.numpy.zeros(()),
    }


def forward(params: dict[str, Any], us: Any, them: Any) -> Any:
    """The network in floats: its output in Footmen for the side to move
    (without the base)."""
    import jax.numpy as jnp

    acc_us = params["b1"] + params["w1"][us].sum(axis=-2)
    acc_them = params["b1"] + params["w1"][them].sum(axis=-2)
    x = jnp.clip(jnp.concatenate([acc_us, acc_them], axis=-1), 0.0, 1.0)
    h = jnp.clip(x @ params["w2"].T + params["b2"], 0.0, 1.0)
    return h @ params["w3"] + params["b3"]


def _target(score: Any, result: Any, blend: float) -> Any:
    import jax

    return blend * jax.nn.sigmoid(score / SCORE_SCALE) + (1.0 - blend) * (result + 1.0) / 2.0


def _loss(params: dict[str, Any], us: Any, them: Any, base: Any, target: Any) -> Any:
    import jax

    out = forward(params, us, them) * 100.0 + base
    return ((jax.nn.sigmoid(out / SCORE_SCALE) - target) ** 2).mean()


def _clip(params: dict[str, Any]) -> dict[str, Any]:
    """Keeps every weight inside what its quantized type holds."""
    import jax.numpy as jnp

    lim = 127 / QB
    p = dict(params)
    p["w2"] = jnp.clip(p["w2"], -lim, lim)
    p["w3"] = jnp.clip(p["w3"], -lim, lim)
    lim1 = FIRST_LAYER_LIMIT
    p["w1"] = jnp.clip(p["w1"], -lim1, lim1).at[duke.NNUE_FEATURES].set(0.0)
    p["b1"] = jnp.clip(p["b1"], -lim1, lim1)
    p["b2"] = jnp.clip(p["b2"], -B2_LIMIT, B2_LIMIT)
    p["b3"] = jnp.clip(p["b3"], -B3_LIMIT, B3_LIMIT)
    return p


def train(
    ex: Examples,
    held: Examples,
    *,
    epochs: int = 1,
    batch: int = 1024,
    lr: float = 1e-3,
    blend: float = 1.0,
    seed: int = 0,
    base: str = "hand-tuned",
    progress: bool = True,
) -> dict[str, Any]:
    """Fits a network to the examples with Adam; prints the held-out loss
    after each epoch. Returns the float parameters. ``base`` is what the
    network's output is added to: ``"hand-tuned"`` or ``"none"``."""
    import jax
    import optax

    if base not in BASES:
        raise ValueError(f"base {base!r}: one of {', '.join(BASES)}")
    check_lr(lr)
    params = init(seed, base)
    opt = optax.adam(lr)
    state = opt.init(params)

    @jax.jit
    def step(params: Any, state: Any, us: Any, them: Any, b: Any, target: Any) -> Any:
        loss, grads = jax.value_and_grad(_loss)(params, us, them, b, target)
        updates, state = opt.update(grads, state, params)
        return _clip(optax.apply_updates(params, updates)), state, loss

    loss_of = jax.jit(_loss)
    rng = np.random.default_rng(seed)
    n = len(ex)
    if n == 0:
        raise SystemExit("no examples with a search score (play with levels, not random players)")
    steps = max(1, -(-n // batch))
    hand = base == "hand-tuned"

    def base_of(e: Examples, idx: Any = slice(None)) -> np.ndarray:
        return e.hand[idx] if hand else np.zeros_like(e.hand[idx])

    for epoch in range(epochs):
        bar = Progress(steps, f"epoch {epoch + 1}/{epochs}", progress, unit="steps")
        order = rng.permutation(n)
        total = 0.0
        for k in range(steps):
            idx = order[k * batch:(k + 1) * batch]
            target = _target(ex.score[idx], ex.result[idx], blend)
            params, state, loss = step(params, state, ex.us[idx], ex.them[idx],
                                       base_of(ex, idx), target)
            total += float(loss) * len(idx)
            bar.update(1, len(idx))
        bar.finish()
        line = f"epoch {epoch + 1}: train loss {total / n:.5f}"
        if len(held):
            h = float(loss_of(params, held.us, held.them, base_of(held),
                              _target(held.score, held.result, blend)))
            line += f", held-out loss {h:.5f} ({len(held)} positions)"
        print(line, file=sys.stderr)
    return params


def export(params: dict[str, Any], base: str = "hand-tuned") -> bytes:
    """The engine's weights file of float parameters, added to ``base``:
    the parameters quantized here, the file checked and packed by the
    engine (``duke.Network.from_arrays``)."""

    def q(a: Any, scale: float, lo: int, hi: int, dtype: Any) -> np.ndarray:
        return np.clip(np.rint(np.asarray(a, dtype=np.float64) * scale), lo, hi).astype(dtype)

    net = duke.Network.from_arrays(
        q(params["b1"], QA, -32768, 32767, np.int16),
        q(params["w1"][: duke.NNUE_FEATURES], QA, -32768, 32767, np.int16),
        q(params["w2"], QB, -128, 127, np.int8),
        q(params["b2"], QA * QB, -(2**31), 2**31 - 1, np.int32),
        q(params["w3"], QB, -128, 127, np.int8),
        int(q(np.reshape(params["b3"], (1,)), QA * QB, -(2**31), 2**31 - 1, np.int32)[0]),
        base,
    )
    return net.to_bytes()


def float_score(params: dict[str, Any], dpn: str, base: str = "hand-tuned") -> float:
    """The trained model's score of a position in centi-Footmen (floats),
    with its base."""
    us, them = features_of(dpn)
    add = duke.Position(dpn).evaluate() if base == "hand-tuned" else 0
    return float(forward(params, np.asarray(us), np.asarray(them))) * 100.0 + add


def check_out(path: str, force: bool = False) -> str:
    """The directory that takes the weights file `path`, checked before any
    work: it exists and takes a new file, and `path` is not there yet
    (or, with `force`, is a regular file to replace). ValueError naming
    the problem otherwise."""
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ValueError(f"{path} is a directory: give the weights file's name")
    if not os.path.isdir(directory):
        raise ValueError(f"{path}: the directory {directory} does not exist")
    if os.path.lexists(path):
        if not os.path.isfile(path):
            raise ValueError(f"{path}: exists and is not a regular file (never replaced)")
        if not force:
            raise ValueError(f"{path} exists: --force replaces it")
    try:
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as e:
        raise ValueError(f"{path}: cannot write in {directory} ({e.strerror or e})") from None
    return directory


def write_weights(path: str, data: bytes) -> None:
    """Writes a weights file once the engine reads it back
    (``duke.Network.from_bytes``: DukeError, code "nnue.file", and nothing
    written, when it does not): to a temporary file in `path`'s
    directory, then renamed over `path`, so `path` is the old file or the
    whole new one, never a part."""
    duke.Network.from_bytes(data)
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _lr_argument(text: str) -> float:
    try:
        return check_lr(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a learning rate is a number above 0 and at most {LR_MAX:g}"
        ) from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (``python -m duke.train``); returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m duke.train", description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True, nargs="+",
                   help="one or more data sets of python -m duke.selfplay, read as one")
    p.add_argument("--out", required=True, help="the weights file to write (its directory must exist)")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    p.add_argument("--base", choices=list(BASES), default="hand-tuned",
                   help="what the output is added to: the hand-tuned evaluation, which the "
                   "network corrects, or none (default hand-tuned)")
    p.add_argument("--epochs", type=int, default=2, help="passes over the data (default 2)")
    p.add_argument("--batch", type=int, default=1024, help="examples per step (default 1024)")
    p.add_argument("--lr", type=_lr_argument, default=1e-3,
                   help=f"Adam's learning rate, above 0 and at most {LR_MAX:g} (default 0.001)")
    p.add_argument("--blend", type=float, default=1.0,
                   help="the search score's share of the target, the result's the rest (default 1.0)")
    p.add_argument("--holdout", type=float, default=0.1, help="the games held out (default 0.1)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    a = p.parse_args(argv)
    if a.epochs < 1 or a.batch < 1 or not 0.0 <= a.holdout < 1.0 or not 0.0 <= a.blend <= 1.0:
        p.error("--epochs and --batch are at least 1, --holdout is in [0, 1), --blend in [0, 1]")
    try:
        check_out(a.out, a.force)
    except ValueError as e:
        p.error(f"argument --out: {e}")
    t0 = time.monotonic()
    ex = load(*a.data)
    tr, held = split(ex, a.holdout, a.seed)
    games = len(np.unique(ex.game))
    print(f"{len(ex)} positions from {games} games "
          f"({len(tr)} to train, {len(held)} held out), read in {time.monotonic() - t0:.1f} s",
          file=sys.stderr)
    if len(ex) and not len(tr):
        raise SystemExit(f"--holdout {a.holdout:g} holds out all {games} games (the split is by "
                         "game): none is left to train on; play more games or lower --holdout")
    params = train(tr, held, epochs=a.epochs, batch=a.batch, lr=a.lr, blend=a.blend,
                   seed=a.seed, base=a.base, progress=not a.quiet)
    try:
        data = export(params, a.base)
        write_weights(a.out, data)
    except duke.DukeError as e:
        raise SystemExit(f"the engine refuses the trained weights ({e}): {a.out} not written") from None
    print(f"wrote {a.out} ({len(data)} bytes) in {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
