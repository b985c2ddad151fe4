import copy
import pickle

import numpy as np
import pytest

import duke
from conftest import perft_cases, random_walk

CASES = perft_cases()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_perft_matches_the_shared_vectors(case):
    pos = duke.Position(case["dpn"])
    assert pos.dpn() == case["dpn"]
    for depth, count in case["perft"]:
        if count <= 2_000_000:
            assert pos.perft(depth) == count, (case["id"], depth)


def test_divide_sums_to_perft():
    pos = duke.Position()
    rows = pos.divide(3)
    assert len(rows) == 18
    assert sum(n for _, n in rows) == 4694


def test_standard_position_basics():
    pos = duke.Position()
    assert pos == duke.Position.standard()
    assert pos.dpn() == "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0"
    assert repr(pos) == f"Position('{pos.dpn()}')"
    assert pos.side_to_move == "light"
    assert pos.bag("light")["P"] == 3
    assert sum(pos.bag("dark").values()) == 16
    assert pos.duke("light") == duke.C1
    tile = pos.tile_at("C1")
    assert (tile.troop, tile.side, tile.face, tile.letter) == ("Duke", "light", "starting", "D")
    assert tile.chart() == [("slide", -1, 0), ("slide", 1, 0)]
    assert tile.flips_to() == [("slide", 0, 1), ("slide", 0, -1)]
    assert pos.tile_at(duke.A3) is None
    assert duke.square_name(duke.C2) == "C2" and duke.parse_square("c2") == duke.C2


def test_print_shows_the_board_and_repr_the_dpn(capsys):
    # As python-chess's print(board): the board; repr() keeps the DPN.
    game = duke.Game(seed=3)
    game.play("B1-B2")
    board = game.position.board_text().rstrip("\n")
    assert str(game) == str(game.position) == board
    print(game)
    print(game.position)
    assert capsys.readouterr().out == f"{board}\n{board}\n"
    assert board.splitlines()[-1].split() == list("ABCDEF") and "+F" in board
    assert repr(game) == f"<Game play '{game.position.dpn()}'>"
    assert repr(game.position) == f"Position('{game.position.dpn()}')"
    assert duke.Position(game.position.dpn()) == game.position


def test_squares_are_returned_with_their_names():
    pos = duke.Position("D4d/5W/6/6/6/6 l P/- 0 0")
    attacks = pos.attacks("light")
    assert attacks and all(type(s) is duke.Square for s in attacks)
    assert [s.name for s in attacks] == [duke.square_name(s) for s in attacks]
    assert repr(attacks[:2]) == "[Square('E4'), Square('F4')]"
    assert [str(s) for s in pos.attackers("light", "F6")] == ["F5", "A6"]
    assert pos.duke("light") == duke.A6 and str(pos.duke("light")) == "A6"
    sq, by = pos.duke_dangers()[0]
    assert type(sq) is duke.Square and all(type(s) is duke.Square for s in by)
    a = duke.Action("C3xC5")
    assert (a.actor, a.from_square, a.to_square) == (duke.C3, duke.C3, duke.C5)
    assert repr(a.to_square) == "Square('C5')" and duke.Action("P@C2").from_square is None
    # Still ints: equal, hashed and indexing as before, taken everywhere.
    c3 = duke.Square("c3")
    assert c3 == 14 == duke.C3 and hash(c3) == hash(14) and {14: "x"}[c3] == "x"
    assert duke.Square(14) is not None and duke.Square(duke.C3) == duke.C3
    assert np.zeros(36)[c3] == 0 and list(range(36))[c3] == 14 and c3 + 1 == 15
    assert f"{c3}" == "C3" and f"{c3:d}" == "14" and f"{c3:>3}" == " C3" and "%d" % c3 == "14"
    assert pos.tile_at(duke.A6).letter == "D" and duke.square_name(c3) == "C3"
    assert duke.parse_square("f6") == duke.F6 and type(duke.parse_square("f6")) is duke.Square
    assert duke.SQUARES == list(range(36)) and duke.SQUARES[35] is duke.F6
    assert pickle.loads(pickle.dumps(c3)) == c3 and type(pickle.loads(pickle.dumps(c3))) is duke.Square
    coup = duke.Position("3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate")
    assert repr(coup.flag("light")) == "Square('F1')"
    for bad in (36, -1, "G7", "", 1.5, None):
        with pytest.raises((duke.DukeError, TypeError)):
            duke.Square(bad)


def test_play_returns_a_new_position_and_leaves_the_old():
    pos = duke.Position()
    nxt = pos.play("B1-B2")
    assert pos.turn == 0 and nxt.turn == 1
    assert nxt.side_to_move == "dark"
    assert nxt.tile_at("B2").face == "flipped"


def test_dpn_round_trip_over_random_games():
    for seed in range(30):
        for pos in random_walk(duke, seed, 120):
            if pos.duke("light") is None or pos.duke("dark") is None:
                continue
            back = duke.Position(pos.dpn())
            assert back == pos and hash(back) == hash(pos) and back.key == pos.key


def test_pickle_copy_and_bytes():
    for pos in random_walk(duke, 5, 200)[::10]:
        assert pickle.loads(pickle.dumps(pos)) == pos
        assert copy.copy(pos) == pos and copy.deepcopy(pos) == pos and pos.copy() == pos
        assert duke.Position.from_bytes(pos.to_bytes()) == pos


def test_a_position_after_a_duke_capture_pickles():
    pos = duke.Position("D4d/5W/6/6/6/6 l P/- 0 0").play("F5xF6")
    assert pos.duke("dark") is None
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert pos.outcome().winner == "light"
    assert pos.outcome().reason == "duke-captured"
    assert pos.legal_actions() == []


START = "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw"


@pytest.mark.parametrize("quiet", [201, 202, 230, 255])
def test_bytes_and_pickles_refuse_the_quiet_counts_dpn_refuses(quiet):
    # DPN's quiet counter is 0 to 200 (duke.QUIET_LIMIT); the one byte of
    # to_bytes() that holds it takes any value, and must be refused as DPN
    # refuses the number, by from_bytes and by unpickling alike.
    assert duke.QUIET_LIMIT == 200
    with pytest.raises(duke.ParseError) as e:
        duke.Position(f"{START} {quiet} 0")
    assert e.value.code == "dpn.quiet"
    zero = duke.Position(f"{START} 0 0").to_bytes()
    top = duke.Position(f"{START} 200 0")
    at = [i for i, (a, b) in enumerate(zip(zero, top.to_bytes())) if a != b]
    assert len(at) == 1 and top.to_bytes()[at[0]] == 200
    bad = bytearray(top.to_bytes())
    bad[at[0]] = quiet
    with pytest.raises(duke.ParseError) as e:
        duke.Position.from_bytes(bytes(bad))
    assert e.value.code == "position.bytes" and "quiet" in str(e.value)
    blob = pickle.dumps(top)
    assert blob.count(top.to_bytes()) == 1
    with pytest.raises(duke.ParseError) as e:
        pickle.loads(blob.replace(top.to_bytes(), bytes(bad)))
    assert e.value.code == "position.bytes"
    assert pickle.loads(blob) == top


def test_interface_queries():
    # Dark's flipped Pikeman on C3 strikes B1 and D1.
    pos = duke.Position("5d/6/6/2+p3/6/2D3 l -/- 0 0")
    assert [str(a) for a, _ in pos.targets("C1")] == ["C1-A1", "C1-E1", "C1-F1"]
    assert {m for _, m in pos.targets("C1")} == {"slide"}
    assert pos.duke_dangers() == [(duke.B1, [duke.C3]), (duke.D1, [duke.C3])]
    assert pos.attackers("dark", "D1") == [duke.C3]
    assert duke.B1 in pos.attacks("dark")
    assert not pos.is_duke_attacked("light")
    assert duke.troop_chart("Longbowman", "flipped") == [
        ("strike", 0, 1), ("strike", 0, 2), ("move", -1, -1), ("move", 1, -1)]


def test_observation_planes_follow_the_documented_layout():
    pos = duke.Position()
    obs = pos.observation()
    assert obs.shape == (duke.PLANES, 6, 6) and obs.dtype == np.uint8
    # Light's Duke (troop 0, face 0, owner 0) on C1: plane 0, row 0, column 2.
    assert obs[0, 0, 2] == 1 and obs[0].sum() == 1
    # Dark's Duke (owner 1): plane 1 at D6.
    assert obs[1, 5, 3] == 1
    assert obs[60].min() == 1  # Light to move
    assert obs[61 + 2, 0, 0] == 3  # three Pikemen in Light's bag
    # From Dark's side after one turn, the mover's Duke is owner 0 and the board turned.
    mover = pos.play("B1-B2").observation("mover")
    assert mover[0, 0, 2] == 1  # Dark's Duke on D6 turned to C1
    assert mover[60].max() == 0


def test_action_index_bijection_over_random_positions():
    for seed in range(20):
        for pos in random_walk(duke, 100 + seed, 150)[::7]:
            mask = pos.legal_mask()
            legal = pos.legal_actions()
            assert mask.sum() == len(legal)
            for persp in ("absolute", "mover"):
                for a in legal:
                    i = a.index(pos, persp)
                    assert 0 <= i < duke.ACTION_SPACE
                    assert duke.Action.from_index(i, pos, persp) == a
            idx = sorted(a.index(pos) for a in legal)
            assert list(np.flatnonzero(mask)) == idx


def test_svg_and_text():
    pos = duke.Position()
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="tile"') == 6
    assert pos.svg(highlights=["B2", duke.A1], last_action="B1-B2").count('class="highlight"') == 2
    text = pos.board_text()
    assert text.splitlines()[0] == "6   ·   ·   f   d   f   ·"


def test_svg_flags_are_the_engines():
    pos = duke.Position()
    default = pos.svg()
    assert ">A</text>" in default
    assert pos.svg(flags=duke.SvgFlag.COORDINATES) == default
    assert ">A</text>" not in pos.svg(flags=0)
    assert pos.svg(from_dark=True) == pos.svg(flags=duke.SvgFlag.COORDINATES | duke.SvgFlag.FROM_DARK)
    with pytest.raises(duke.DukeError):
        pos.svg(flags=4)
    with pytest.raises(duke.DukeError) as e:
        pos.svg(size=10_000)
    assert e.value.code == "svg.size"
