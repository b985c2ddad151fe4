"""The per-turn index path: legal_indices, legal_mask(out=...) and apply_index."""

import random

import numpy as np
import pytest

import duke


@pytest.mark.parametrize("perspective", ["absolute", "mover", "light", "dark"])
def test_indices_mask_and_apply_agree_through_whole_games(perspective):
    rng = random.Random(3)
    bools = np.zeros(duke.ACTION_SPACE, dtype=bool)
    bytes_ = np.ones(duke.ACTION_SPACE, dtype=np.uint8)  # stale contents are cleared
    levies = 0
    for seed in range(4):
        game = duke.Game(seed=seed, setup=seed % 2 == 1)
        while game.outcome is None:
            indices = game.legal_indices(perspective)
            assert indices.dtype == np.int64 and len(set(indices.tolist())) == len(indices)
            fresh = game.legal_mask(perspective)
            assert game.legal_mask(perspective, out=bools) is bools
            assert game.legal_mask(perspective, out=bytes_) is bytes_
            assert (bools == fresh).all() and (bytes_.astype(bool) == fresh).all()
            assert (np.flatnonzero(fresh) == np.sort(indices)).all()
            # An index outside the listing is refused and changes nothing.
            refused = next(i for i in range(duke.ACTION_SPACE) if not fresh[i])
            record = game.record()
            with pytest.raises(duke.DukeError, match="not a legal decision now"):
                game.apply_index(refused, perspective)
            assert game.record() == record
            choice = int(indices[rng.randrange(len(indices))])
            drawn = game.apply_index(choice, perspective)
            if choice == duke.DRAW:
                levies += 1
                assert drawn == game.pending_draw
                # Drawing again is not a decision while the troop waits.
                with pytest.raises(duke.DukeError):
                    game.apply_index(duke.DRAW, perspective)
            else:
                assert drawn is None
        assert len(game.legal_indices(perspective)) == 0
        assert not game.legal_mask(perspective, out=bools).any()
    assert levies > 0


def test_legal_mask_out_must_fit():
    game = duke.Game(seed=1)
    for bad in (
        np.zeros(5, dtype=bool),
        np.zeros(duke.ACTION_SPACE, dtype=np.int32),
        np.zeros((2, duke.ACTION_SPACE), dtype=bool)[:, 0],
        np.zeros((duke.ACTION_SPACE, 2), dtype=bool)[:, 0],
        [0] * duke.ACTION_SPACE,
    ):
        with pytest.raises(duke.DukeError, match="out must be"):
            game.legal_mask(out=bad)
    frozen = np.zeros(duke.ACTION_SPACE, dtype=bool)
    frozen.flags.writeable = False
    with pytest.raises(duke.DukeError, match="writable"):
        game.legal_mask(out=frozen)

def test_apply_index_takes_numpy_integers_as_the_loop_reads_them():
    # The documented loop passes legal[k] (a NumPy int64) without int().
    game, twin = duke.Game(seed=2), duke.Game(seed=2)
    rng = random.Random(8)
    while game.outcome is None:
        legal = game.legal_indices()
        k = rng.randrange(len(legal))
        assert isinstance(legal[k], np.int64)
        assert game.apply_index(legal[k]) == twin.apply_index(int(legal[k]))
    assert game.record() == twin.record()
    with pytest.raises(OverflowError):
        duke.Game().apply_index(np.int64(-1))


def test_apply_index_reads_every_integer_type_alike():
    # Python ints and NumPy's int64 are read directly, other integer types
    # through __index__: all must apply the same decision, and the same
    # refusals and errors must come out of each.
    kinds = [int, np.int64, np.int32, np.uint16, np.uint64, np.intp, np.longlong]
    games = [duke.Game(seed=6) for _ in kinds]
    rng = random.Random(4)
    while games[0].outcome is None:
        legal = games[0].legal_indices()
        k = int(legal[rng.randrange(len(legal))])
        results = {g.apply_index(kind(k)) for g, kind in zip(games, kinds)}
        assert len(results) == 1
        for g, kind in zip(games, kinds):
            with pytest.raises(duke.DukeError, match="not a legal decision"):
                g.apply_index(kind(5000 if 5000 not in legal else 5001))
    assert len({g.record() for g in games}) == 1
    for bad in (-1, np.int64(-1), np.int32(-3), 2**70):
        with pytest.raises(OverflowError):
            duke.Game().apply_index(bad)
    for bad in ("5", 5.0, np.float64(5), None):
        with pytest.raises(TypeError):
            duke.Game().apply_index(bad)


def test_readme_python_taste_runs():
    # The README's Python loop, run as written (it must not drift from the API).
    import pathlib
    import re

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## A taste", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["game"].outcome is not None
