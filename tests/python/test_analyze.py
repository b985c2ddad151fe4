"""duke.analyze: the engine's game analysis, the same as `duke analyze`."""

import pytest

import duke

# The start of a random game (`duke selfplay --seed 4`): on turn 3 Light had
# a win in one and played D1-E1 instead.
RECORD = """duke-record 1
setup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6
1. P@C2
2. F@D5
3. D1-E1
4. E6-F6
5. G@D1
"""


def test_every_turn_is_scored_and_the_blunder_marked():
    turns = duke.analyze(RECORD, level=3)
    assert [t["played"] for t in turns] == ["P@C2", "F@D5", "D1-E1", "E6-F6", "G@D1"]
    assert [t["side"] for t in turns] == ["light", "dark", "light", "dark", "light"]
    for t in turns:
        cap = lambda s: max(-2000, min(2000, s))
        assert t["drop"] == max(0, cap(t["before"]) - cap(t["after"]))
        want = "blunder" if t["drop"] >= 300 else "mistake" if t["drop"] >= 100 else "good"
        assert t["mark"] == want
    assert turns[2]["mark"] == "blunder" and turns[2]["before"] > 90000
    # Level 3 searches to depth 2 and no marked turn is searched again.
    assert {t["depth"] for t in turns} == {2}


def test_a_game_played_by_the_ai_has_no_mark():
    game = duke.Game(seed=3)
    while len(game.turns()) < 6:
        game.play(game.best_action(level=3))  # a levy is two decisions: "levy", then a square
    turns = duke.analyze(game.record(), level=3)
    assert len(turns) >= 6
    assert all(t["mark"] == "good" for t in turns), turns


def test_bad_input():
    with pytest.raises(duke.RecordError, match="B1-B4"):
        duke.analyze(RECORD.replace("3. D1-E1", "3. B1-B4"))
    with pytest.raises(duke.DukeError, match="level 9: levels are 1 to 5"):
        duke.analyze(RECORD, level=9)
