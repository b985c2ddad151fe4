"""duke.selfplay and duke.tournament on a local Ray cluster (2 CPUs)."""

import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

ray = pytest.importorskip("ray", reason="the extra duke-engine[ray] is not installed")
pytest.importorskip("pyarrow", reason="the extra duke-engine[ray] is not installed")

import duke  # noqa: E402
import duke.data as dd  # noqa: E402
from duke import _blocks, selfplay, tournament  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, configure_logging=False,
             _node_ip_address="127.0.0.1")
    yield
    ray.shutdown()


def tables(out):
    return dd.read_games(out), dd.read_decisions(out)


def test_one_and_two_workers_write_the_same_rows(tmp_path):
    plan = selfplay.plan(12, ["level1", "random"], seed=4, block=3, observe=True, mask=True)
    one = _blocks.run(plan, str(tmp_path / "one"), workers=1, progress=False)
    two = _blocks.run(plan, str(tmp_path / "two"), workers=2, progress=False)
    assert one.num_rows == 12
    assert one.equals(two)
    g1, d1 = tables(tmp_path / "one")
    g2, d2 = tables(tmp_path / "two")
    assert g1.equals(g2) and d1.equals(d2)
    assert d1.num_rows == sum(g1.column("decisions").to_pylist()) > 0
    # The same rows as playing the games without Ray.
    g0, d0 = dd.play_block(range(12), 4, ("level1", "random"), observe=True, mask=True)
    assert g1.select(g0.column_names).equals(g0.replace_schema_metadata(g1.schema.metadata))
    assert d1.equals(d0.replace_schema_metadata(d1.schema.metadata))
    assert len(list((tmp_path / "one" / "games").glob("block-*.parquet"))) == 4


def descendants(pid):
    """The processes started, directly or not, by `pid` (from /proc)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                    stat = f.read()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - out
        out |= frontier
    return out


def block_workers():
    """Ray worker processes of this test's cluster running a block now (Ray
    titles a worker ray::<task> while it runs one)."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if cmd.startswith(b"ray::play_block_task"):
            found.append(pid)
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds Ray's workers through /proc (Linux)")
def test_a_killed_worker_loses_and_duplicates_no_game(tmp_path):
    plan = selfplay.plan(24, ["level3", "level3"], seed=9, block=3, top=3)
    out = str(tmp_path / "run")
    result = {}

    def go():
        result["games"] = _blocks.run(plan, out, workers=2, progress=False)

    t = threading.Thread(target=go)
    t.start()
    killed = []
    deadline = time.monotonic() + 120
    while not killed and t.is_alive() and time.monotonic() < deadline:
        for pid in block_workers():
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            break
        time.sleep(0.01)
    t.join(timeout=600)
    assert killed, "no block was seen running"
    games, decisions = tables(out)
    assert sorted(games.column("game_id").to_pylist()) == list(range(24))
    assert result["games"].sort_by("game_id").equals(games)
    ids = decisions.column("game_id").to_pylist()
    assert sorted(set(ids)) == list(range(24))
    for gid, n in zip(games.column("game_id").to_pylist(), games.column("decisions").to_pylist()):
        assert ids.count(gid) == n
    # And the games are the ones a clean run plays.
    g0, _ = dd.play_block(range(24), 9, ("level3", "level3"), top=3)
    assert games.column("record").equals(g0.column("record"))


def test_a_stopped_run_finishes_only_its_missing_blocks(tmp_path):
    plan = selfplay.plan(10, ["level1", "level1"], seed=2, block=2)
    out = tmp_path / "run"
    full = _blocks.run(plan, str(out), workers=2, progress=False)
    # Stop "during" block 3: its files are gone, a temporary file is left.
    for table in ("games", "decisions"):
        (out / table / "block-000003.parquet").unlink()
    (out / "decisions" / "block-000003.parquet.tmp123").write_bytes(b"partial")
    before = {p.name + p.parent.name: p.stat().st_mtime_ns for p in out.glob("*/block-*.parquet")}
    time.sleep(0.05)
    arrived = []
    again = _blocks.run(plan, str(out), workers=2, progress=False, on_block=arrived.append)
    assert again.equals(full)
    after = {p.name + p.parent.name: p.stat().st_mtime_ns for p in out.glob("*/block-*.parquet")}
    assert {k: after[k] for k in before} == before
    assert set(after) - set(before) == {"block-000003.parquetgames", "block-000003.parquetdecisions"}
    assert sum(t.num_rows for t in arrived) == 10
    assert dd.read_games(out).equals(full)
    other = selfplay.plan(12, ["level1", "level1"], seed=2, block=2)
    with pytest.raises(ValueError, match="games: 10 there, 12 here"):
        _blocks.run(other, str(out), workers=2, progress=False)


def test_tournament_report_format_and_scores(tmp_path):
    line = tournament.run("random", "level1", games=6, seed=3, out=str(tmp_path / "t"),
                          block=2, progress=False)
    assert line.startswith("random vs level1: 6 games (paired seeds, colours swapped): +")
    games = dd.read_games(tmp_path / "t")
    assert games.column("light").to_pylist() == ["random", "level1"] * 3
    s = tournament.scores(games, "random")
    w, d, l_ = tournament.wdl(s)
    assert f"+{w} ={d} -{l_}, score {100 * sum(s) / 6:.1f}%" in line
    assert tournament.report("a", "b", [1.0, 0.0], 1.0) == (
        "a vs b: 2 games (paired seeds, colours swapped): +1 =0 -1, score 50.0%, "
        "Elo -0 (95% interval -inf to +inf), 1.0 s\n"  # as Rust writes -0.0
        "a as Light: +1 =0 -0; as Dark: +0 =0 -1")


def duke_program():
    for p in (ROOT / "target" / "release" / "duke", ROOT / "target" / "debug" / "duke"):
        if p.exists():
            return str(p)
    return shutil.which("duke")


@pytest.mark.skipif(duke_program() is None, reason="the duke program is not built (cargo build --release)")
def test_tournament_plays_the_games_duke_tournament_plays():
    args = ["level1", "level2", "--games", "8", "--seed", "5"]
    rust = subprocess.run([duke_program(), "tournament", *args], capture_output=True, text=True, check=True)
    ours = tournament.run("level1", "level2", games=8, seed=5, block=2, progress=False)
    # The time differs; the line by colour follows it.
    strip = lambda s: re.sub(r", [0-9.]+ s\n", "\n", s.strip())  # noqa: E731
    assert strip(ours) == strip(rust.stdout) and "level1 as Light: +" in ours


def test_the_commands_as_users_run_them(tmp_path):
    """The selfplay command starts its own local cluster (no --address)."""
    out = tmp_path / "cli"
    env = dict(os.environ, RAY_ADDRESS="")
    r = subprocess.run(
        [sys.executable, "-m", "duke.selfplay", "--games", "5", "--players", "random,level1",
         "--out", str(out), "--workers", "2", "--block", "2", "--seed", "8", "--observe"],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"5 games in {out}: light ")
    assert "5/5" in r.stderr  # the progress bar
    games, decisions = tables(out)
    assert games.num_rows == 5 and decisions.column("observation").null_count == 0
    g0, _ = dd.play_block(range(5), 8, ("random", "level1"))
    assert games.column("record").equals(g0.column("record"))
    bad = subprocess.run([sys.executable, "-m", "duke.selfplay", "--games", "2", "--players", "level7,random",
                          "--out", str(tmp_path / "bad")], capture_output=True, text=True, env=env)
    assert bad.returncode != 0 and '"level7" is not a player' in bad.stderr


def test_the_tournament_command(tmp_path):
    env = dict(os.environ, RAY_ADDRESS="")
    r = subprocess.run(
        [sys.executable, "-m", "duke.tournament", "random", "level1", "--games", "4", "--seed", "3",
         "--workers", "2", "--block", "2", "--out", str(tmp_path / "t")],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    ours = tournament.run("random", "level1", games=4, seed=3, block=2, progress=False)
    strip = lambda s: s.strip().rsplit(",", 1)[0]  # noqa: E731 (the time differs)
    assert strip(r.stdout) == strip(ours)
    assert "4/4  random vs level1:  +" in r.stderr
    assert dd.read_games(tmp_path / "t").num_rows == 4


def at_most_4_gib():
    """A child's address space capped, so a reader that reads a device
    whole fails fast instead of filling the machine's memory."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def test_the_selfplay_network_is_a_regular_file_read_within_its_length(tmp_path):
    env = dict(os.environ, RAY_ADDRESS="")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out = tmp_path / "out"
    for path in ["/dev/zero", str(fifo), str(tmp_path)]:
        r = subprocess.run(
            [sys.executable, "-m", "duke.selfplay", "--games", "1", "--out", str(out),
             "--network", path],
            capture_output=True, text=True, env=env, timeout=120, preexec_fn=at_most_4_gib,
        )
        assert r.returncode == 2, r.stderr
        assert "argument --network" in r.stderr and "not a regular file" in r.stderr, r.stderr
        assert not out.exists()
    # A weights file is read and kept by its hash, as the bytes were.
    import hashlib
    import json

    good = tmp_path / "good.nnue"
    good.write_bytes(duke.Network.builtin().to_bytes())
    r = subprocess.run(
        [sys.executable, "-m", "duke.selfplay", "--games", "1", "--players", "random,random",
         "--out", str(out), "--network", str(good), "--workers", "1", "--quiet"],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["network"] == hashlib.sha256(good.read_bytes()).hexdigest()


def test_a_run_manifest_that_is_no_regular_file_is_refused(tmp_path):
    plan = selfplay.plan(2, ["random", "random"], seed=1, block=2)
    out = tmp_path / "run"
    out.mkdir()
    os.mkfifo(out / "run.json")
    with pytest.raises(ValueError, match="not a regular file"):
        _blocks.run(plan, str(out), workers=1, progress=False)
    (out / "run.json").unlink()
    (out / "run.json").write_text("[1, 2]")
    with pytest.raises(ValueError, match="not a run's manifest"):
        _blocks.run(plan, str(out), workers=1, progress=False)


def test_counts_outside_their_ranges_are_refused_before_any_game(tmp_path, capsys):
    out = str(tmp_path / "out")
    for main, args, words in [
        (selfplay.main, ["--games", "2", "--top", "-1"], "k -1: a hint lists 0 to"),
        (selfplay.main, ["--games", "2", "--top", str(10**9)], "a hint lists 0 to"),
        (selfplay.main, ["--games", "0"], "games 0: a whole number of at least 1"),
        (selfplay.main, ["--games", "2", "--block", str(duke.MAX_GAMES + 1)], "at most 65,536"),
        (selfplay.main, ["--games", "2", "--workers", "0"], "workers 0"),
        (tournament.main, ["random", "random", "--top", "-1"], "k -1: a hint lists 0 to"),
        (tournament.main, ["random", "random", "--games", "-3"], "games -3"),
        (tournament.main, ["random", "random", "--block", "0"], "block 0"),
    ]:
        extra = ["--out", out] if main is selfplay.main else []
        with pytest.raises(SystemExit) as e:
            main(args + extra)
        err = capsys.readouterr().err
        assert e.value.code == 2 and words in err, (args, err)
        assert not os.path.exists(out)
    for plan, kwargs, code in [
        (selfplay.plan, dict(games=2, players=["random", "random"], top=10**9), "hint.count"),
        (selfplay.plan, dict(games=0, players=["random", "random"]), "value"),
        (selfplay.plan, dict(games=2, players=["random", "random"], block=0), "value"),
        (tournament.plan, dict(a="random", b="random", top=-1), "hint.count"),
        (tournament.plan, dict(a="random", b="random", games=0), "value"),
    ]:
        with pytest.raises(duke.DukeError) as e:
            plan(**kwargs)
        assert e.value.code == code, (kwargs, e.value)
    with pytest.raises(duke.DukeError) as e:
        dd.play_block([0], top=-1)
    assert e.value.code == "hint.count"


def test_a_run_of_many_games_holds_nothing_per_game_before_it_plays_them():
    n = _blocks.MAX_RUN_GAMES
    start = time.monotonic()
    plan = selfplay.plan(n, ["random", "random"], seed=3, block=duke.MAX_GAMES)
    assert len(plan.game_ids) == n and plan.seeds[n - 1] == duke.VecGame.episode_seed(3, n - 1)
    assert plan.pairs[n - 1] == ("random", "random")
    assert plan.blocks()[-1] == range((len(plan.blocks()) - 1) * duke.MAX_GAMES, n)
    match = tournament.plan("random", "level1", games=n - 1, block=10)
    assert len(match.game_ids) == n - 1  # an even number: pairs
    assert match.pairs[n - 3] == ("random", "level1") and match.pairs[n - 2] == ("level1", "random")
    assert time.monotonic() - start < 5


def test_selfplay_under_expanded_play_on_two_workers(tmp_path):
    """20 games of coup+mountain on 2 workers: every game and decision once,
    the rules in run.json and every row, the records replaying, the wider
    observation and mask columns of Expanded Play."""
    import json

    out = tmp_path / "coup"
    games = selfplay.run(20, ["level1", "random"], str(out), seed=5, workers=2, block=5,
                         observe=True, mask=True, progress=False, rules="coup+mountain")
    g, d = tables(out)
    assert g.num_rows == 20 and sorted(g.column("game_id").to_pylist()) == list(range(20))
    assert d.num_rows == sum(g.column("decisions").to_pylist()) > 0
    keys = list(zip(d.column("game_id").to_pylist(), d.column("ply").to_pylist()))
    assert len(keys) == len(set(keys))
    assert set(g.column("rules").to_pylist()) == {"coup+mountain"}
    assert set(d.column("rules").to_pylist()) == {"coup+mountain"}
    assert json.loads((out / "run.json").read_text())["rules"] == "coup+mountain"
    assert g.schema.metadata[b"duke.rules"] == b"coup+mountain"
    for record in g.column("record").to_pylist():
        game = duke.Game.from_record(record)
        assert game.rules == "coup+mountain" and game.outcome is not None
        assert dd.replay(record)[-1][1] == game.position.dpn()
    obs, masks = dd.observations(d), dd.masks(d)
    assert obs.shape[1:] == (duke.EXPANDED_PLANES, 6, 6)
    assert masks.shape[1] == duke.EXPANDED_ACTION_SPACE
    # Each decision's index is marked in its mask.
    assert masks[np.arange(len(masks)), d.column("index").to_numpy()].all()
    # The same rows without Ray.
    g0, d0 = dd.play_block(range(20), 5, ("level1", "random"), observe=True, mask=True,
                           rules="coup+mountain")
    assert g.equals(g0.replace_schema_metadata(g.schema.metadata))
    assert games.num_rows == 20
    bad = subprocess.run([sys.executable, "-m", "duke.selfplay", "--games", "2", "--rules", "coup+flag",
                          "--out", str(tmp_path / "bad")], capture_output=True, text=True,
                         env=dict(os.environ, RAY_ADDRESS=""))
    assert bad.returncode == 2 and "coup+flag" in bad.stderr
