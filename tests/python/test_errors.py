import pytest

import duke


def test_hierarchy():
    for cls in (duke.ParseError, duke.IllegalActionError, duke.PhaseError, duke.RecordError):
        assert issubclass(cls, duke.DukeError)
    assert issubclass(duke.DukeError, ValueError)


@pytest.mark.parametrize("dpn,message", [
    ("nonsense", 'dpn: expected 5 space-separated fields (6 under Expanded Play), found 1'),
    ("2fdf1/6/6/6/6/1FDF2 x -/- 0 0", "dpn field \"side\": expected 'l' or 'd', found \"x\""),
    ("2fdf1/6/6/6/6/1FDF3 l -/- 0 0", 'dpn field "board": rank 1 has 7 squares, not 6'),
    ("2fdf1/6/6/6/6/1FDF2 l p/- 0 0", "dpn field \"bags\": 'p' in Light's bag has the wrong case (Light is written in uppercase)"),
    ("2fdf1/6/6/6/6/1FDF2 l -/- 201 0", 'dpn field "quiet": "201" is not a whole number from 0 to 200'),
])
def test_bad_dpn(dpn, message):
    with pytest.raises(duke.ParseError) as e:
        duke.Position(dpn)
    assert str(e.value) == message


def test_illegal_actions_say_why_and_change_nothing():
    game = duke.Game(seed=1)
    before = (game.record(with_seed=True), game.position, game.phase)
    cases = [
        ("C1-C2", duke.IllegalActionError, "C1-C2: the Duke on C1 has no mark that reaches C2"),
        ("D6-D5", duke.IllegalActionError, "D6-D5: the Duke on D6 is Dark's, and Light is to move"),
        ("B1-B3", duke.IllegalActionError, "B1-B3: the Footman on B1 has no mark that reaches B3"),
        ("Q@C2", duke.ParseError, "action \"Q@C2\": 'Q' is not a troop letter"),
        ("", duke.ParseError, 'action "": empty text'),
        ("B1~B2", duke.ParseError, "action \"B1~B2\": expected '-', 'x', '*', ':' or '^' after B1"),
    ]
    for text, cls, message in cases:
        with pytest.raises(cls) as e:
            game.play(text)
        assert str(e.value) == message
    with pytest.raises(duke.DukeError):
        game.play(42)
    with pytest.raises(duke.DukeError):
        game.place(99)
    assert (game.record(with_seed=True), game.position, game.phase) == before


def test_wrong_phase():
    game = duke.Game(seed=2, setup=True)
    with pytest.raises(duke.PhaseError) as e:
        game.play("B1-B2")
    assert str(e.value) == "B1-B2: Light sets up its Duke first, on C1 or D1"
    with pytest.raises(duke.PhaseError):
        game.draw()
    game = duke.Game(seed=2)
    troop = game.draw()
    before = game.position
    with pytest.raises(duke.PhaseError) as e:
        game.play("B1-B2")
    assert f"a drawn {dict(zip(duke.TROOPS, ['Duke','Footman','Pikeman','Knight','Wizard','Ranger','Seer','General','Priest','Champion','Marshall','Bowman','Dragoon','Assassin','Longbowman']))[troop]} is waiting" in str(e.value)
    assert game.position == before and game.pending_draw == troop


def test_bad_records_name_line_and_turn():
    text = "duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n2. B2-B4\n"
    with pytest.raises(duke.RecordError) as e:
        duke.Game.from_record(text)
    assert str(e.value) == "record line 4 (turn 2): B2-B4: the Footman on B2 is Light's, and Dark is to move"


def test_bad_arguments_are_exceptions():
    pos = duke.Position()
    with pytest.raises(duke.DukeError):
        pos.tile_at(36)
    with pytest.raises(duke.DukeError):
        pos.tile_at("Z9")
    with pytest.raises(duke.DukeError):
        pos.bag("purple")
    with pytest.raises(duke.DukeError):
        pos.observation("sideways")
    with pytest.raises(duke.DukeError):
        duke.Position.from_bytes(b"\xff" * 58)
    with pytest.raises(duke.DukeError):
        duke.VecGame(0)
    v = duke.VecGame(2)
    with pytest.raises(duke.DukeError):
        v.step([0])
    with pytest.raises(duke.DukeError) as e:
        v.step([0, 0])
    assert "not a legal decision" in str(e.value)
