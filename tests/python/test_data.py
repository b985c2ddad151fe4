"""duke.data: the Parquet tables read back, replayed with the engine."""

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="the extra duke-engine[data] is not installed")

import duke  # noqa: E402
import duke.data as dd  # noqa: E402


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("data")
    games, decisions = dd.play_block(
        range(6),
        run_seed=11,
        players=[("level1", "level2"), ("random", "level1")] * 3,
        observe=True,
        mask=True,
        top=3,
    )
    dd.write(out, games, decisions)
    return out, games, decisions


def test_read_back_equals_written(written):
    out, games, decisions = written
    assert dd.read_games(out).equals(games)
    assert dd.read_decisions(out).equals(decisions)
    assert dd.read_games(out / "games" / "part-000000.parquet").num_rows == 6
    assert dd.read_games(out).schema.metadata[b"duke.perspective"] == b"mover"
    assert sorted(dd.read_games(out).column("game_id").to_pylist()) == list(range(6))


def test_replay_gives_the_stored_positions(written):
    out, _, _ = written
    games = dd.read_games(out).to_pylist()
    by_game = dict(dd.iter_games(dd.read_decisions(out)))
    assert set(by_game) == {g["game_id"] for g in games}
    for g in games:
        rows = by_game[g["game_id"]]
        positions = dict(dd.replay(g["record"]))
        assert len(positions) == g["turns"] + 1
        assert len(rows["dpn"]) == g["decisions"]
        for turn, dpn in zip(rows["turn"], rows["dpn"]):
            assert positions[turn] == dpn
        # The actions of the rows (the draws aside) are the record's turns.
        played = [a for a in rows["action"] if a != "levy"]
        assert played == [str(a) for a in duke.Game.from_record(g["record"]).turns()]
        expected = {"draw": 0, "light": 1, "dark": -1}[g["result"]]
        for side, result in zip(rows["side"], rows["result"]):
            assert result == (expected if side == "light" else -expected)


def test_observations_and_masks_are_the_engines(written):
    out, _, _ = written
    decisions = dd.read_decisions(out)
    obs = dd.observations(decisions)
    masks = dd.masks(decisions)
    assert obs.shape == (decisions.num_rows, duke.PLANES, 6, 6)
    assert masks.shape == (decisions.num_rows, duke.ACTION_SPACE)
    for gid, g in zip(dd.read_games(out).column("game_id").to_pylist(),
                      dd.read_games(out).column("record").to_pylist()):
        game = duke.Game.from_record(g)
        while game.turns():
            game.undo()
        rows = np.flatnonzero(decisions.column("game_id").to_numpy() == gid)
        for i in rows:
            row = decisions.slice(i, 1).to_pylist()[0]
            assert game.position.dpn() == row["dpn"]
            assert np.array_equal(game.observation("mover"), obs[i])
            assert np.array_equal(game.legal_mask("mover"), masks[i])
            assert masks[i][row["index"]]
            if row["action"] == "levy":
                assert row["index"] == duke.DRAW
                assert game.draw(troop=row["drawn"]) == row["drawn"]
            else:
                assert row["drawn"] is None
                game.play(row["action"])
        assert game.outcome is not None


def test_levels_have_scores_and_top_decisions(written):
    _, games, decisions = written
    players = {r["game_id"]: r for r in games.to_pylist()}
    for row in decisions.to_pylist():
        player = players[row["game_id"]][row["side"]]
        if player == "random":
            assert row["score"] is None and row["top_actions"] == []
        else:
            assert row["score"] is not None
            assert 1 <= len(row["top_actions"]) <= 3
            assert len(row["top_scores"]) == len(row["top_actions"])
            assert row["top_scores"] == sorted(row["top_scores"], reverse=True)


def test_a_game_depends_only_on_seed_and_id():
    _, one = dd.play_block([4], run_seed=5, players=("level1", "level1"))
    _, many = dd.play_block(range(6), run_seed=5, players=("level1", "level1"))
    ids = many.column("game_id").to_numpy()
    assert many.filter(pa.array(ids == 4)).equals(one)


def test_without_observations_the_columns_are_null_and_smaller(tmp_path):
    games, plain = dd.play_block(range(3), run_seed=2, players=("level1", "level1"))
    _, full = dd.play_block(range(3), run_seed=2, players=("level1", "level1"), observe=True, mask=True)
    assert plain.column("observation").null_count == plain.num_rows
    with pytest.raises(ValueError, match="no observations"):
        dd.observations(plain)
    with pytest.raises(ValueError, match="no masks"):
        dd.masks(plain)
    dd.write(tmp_path / "a", games, plain)
    dd.write(tmp_path / "b", games, full)
    a = (tmp_path / "a" / "decisions" / "part-000000.parquet").stat().st_size
    b = (tmp_path / "b" / "decisions" / "part-000000.parquet").stat().st_size
    assert a < b


def test_bad_players_are_named():
    with pytest.raises(ValueError, match='"level9" is not a player'):
        dd.play_block([0], players=("level9", "random"))
    with pytest.raises(ValueError, match='"grumpy" is not a player'):
        duke.play_games([(0, "grumpy", "random")])
    # The engine's players, named by the engine: greedy is one of them.
    games, _ = duke.play_games([(0, "greedy", "random")])
    assert games["winner"][0] in ("light", "dark", None)
    assert dd.player_name("LEVEL3") == "level3" and dd.player_level("greedy") is None
    with pytest.raises(ValueError, match="2 player pairs for 1 games"):
        dd.play_block([0], players=[("random", "random"), ("random", "random")])


def test_draw_of_a_chosen_troop():
    game = duke.Game(seed=3)
    with pytest.raises(duke.DukeError, match="not in the bag|bag"):
        game.draw(troop="D")
    assert game.phase == "play"
    assert game.draw(troop="Pikeman") == "P"
    assert game.pending_draw == "P"
    with pytest.raises(duke.PhaseError):
        game.draw(troop="F")
    assert game.pending_draw == "P"
