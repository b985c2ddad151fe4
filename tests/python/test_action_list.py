"""ActionList, what legal_actions() returns: an immutable sequence that
behaves like a tuple of the listed Actions, and whose native slots keep
reference counts right."""

import collections.abc
import copy
import pickle
import random
import sys

import numpy as np
import pytest

import duke


def texts(seq):
    return [str(a) for a in seq]


def test_in_index_and_count_take_action_text():
    # As python-chess's `chess.Move.from_uci("e2e4") in board.legal_moves`,
    # and with the text itself too: "B1-B2" in game.legal_actions().
    game = duke.Game(seed=1)
    actions = game.legal_actions()
    assert "B1-B2" in actions and "levy" in actions
    assert "b1-b2" in actions  # read as the engine reads action text
    assert "B1-B3" not in actions and "not an action" not in actions and "" not in actions
    assert " B1-B2" not in actions  # nothing before or after, as everywhere
    assert actions.index("B1-B2") == actions.index(duke.Action("B1-B2"))
    assert actions.count("levy") == 1 and actions.count("B1-B3") == 0
    with pytest.raises(ValueError):
        actions.index("B1-B3")
    assert None not in actions and 3 not in actions and b"B1-B2" not in actions
    # The capture mark aside, as Actions compare: C3-C5 finds C3xC5.
    pos = duke.Position("D4d/5W/6/6/6/6 l P/- 0 0")
    captures = pos.legal_actions()
    assert "F5xF6" in captures and "F5-F6" in captures
    assert duke.Action("F5-F6") == duke.Action("F5xF6")
    # An Action is not equal to its text (an Action equals the texts of
    # both marks, which no hash could follow); str(action) gives the text.
    assert duke.Action("B1-B2") != "B1-B2" and str(duke.Action("B1-B2")) == "B1-B2"
    # A whole game played by text.
    rng = random.Random(2)
    while game.outcome is None:
        text = str(rng.choice(game.legal_actions()))
        assert text in game.legal_actions()
        game.play(text)


def test_it_is_a_sequence_of_the_listed_actions():
    pos = duke.Position()
    actions = pos.legal_actions()
    assert type(actions) is duke.ActionList
    assert isinstance(actions, collections.abc.Sequence)
    assert len(actions) == 18 and bool(actions)
    as_list = list(actions)
    assert all(isinstance(a, duke.Action) for a in as_list)
    assert [str(actions[i]) for i in range(len(actions))] == texts(as_list)
    # Negative indices, numpy integers and bools index like a list's.
    assert actions[-1] is as_list[-1] and actions[-18] is as_list[0]
    assert actions[np.int64(3)] is as_list[3] and actions[np.uint8(2)] is as_list[2]
    assert actions[True] is as_list[1]
    assert texts(reversed(actions)) == texts(reversed(as_list))
    assert duke.Action("B1-B2") in actions and duke.Action("B1-B3") not in actions
    assert "B1-B2" in actions  # text is read as the engine reads it (see below)
    assert actions.index(duke.Action("B1-B2")) == texts(as_list).index("B1-B2")
    assert actions.count(duke.Action("B1-B2")) == 1 and actions.count(duke.Action("B1-B3")) == 0
    with pytest.raises(ValueError):
        actions.index(duke.Action("B1-B3"))
    # index()'s bounds count as a list's do (negative from the end, clamped).
    for value in (as_list[0], as_list[7], as_list[-1]):
        for start in (-30, -18, -5, 0, 3, 7, 8, 17, 40):
            for stop in (-30, -1, 0, 7, 8, 18, 40):
                try:
                    want = as_list.index(value, start, stop)
                except ValueError:
                    with pytest.raises(ValueError):
                        actions.index(value, start, stop)
                else:
                    assert actions.index(value, start, stop) == want
    assert sorted(actions, key=str) == sorted(as_list, key=str)
    match actions:
        case [first, *rest]:
            assert first is as_list[0] and len(rest) == 17
        case _:
            pytest.fail("an ActionList matches a sequence pattern")


@pytest.mark.parametrize(
    "key",
    [slice(None), slice(2, 5), slice(None, None, -1), slice(-3, None), slice(1, 17, 4),
     slice(10, 2, -3), slice(50, 60), slice(-100, 100), slice(5, 5)],
)
def test_slices_give_lists_as_a_lists_slices_do(key):
    actions = duke.Position().legal_actions()
    got = actions[key]
    assert type(got) is list
    assert texts(got) == texts(list(actions)[key])


def test_bad_indices_raise_what_a_list_raises():
    actions = duke.Position().legal_actions()
    for i in (18, -19, 2**40, -(2**40)):
        with pytest.raises(IndexError, match="out of range"):
            actions[i]
    with pytest.raises(IndexError, match="cannot fit"):
        actions[2**80]
    for key in ("0", 1.0, None, (1,)):
        with pytest.raises(TypeError, match="ActionList indices must be integers or slices"):
            actions[key]
    with pytest.raises(ValueError):
        actions[::0]
    with pytest.raises(TypeError):
        hash(actions)
    with pytest.raises(TypeError):
        actions[0] = duke.Action("B1-B2")
    with pytest.raises(TypeError):
        duke.ActionList()
    assert duke.Game(seed=1).legal_actions()[0] is not None  # still usable after the errors


def test_it_compares_with_lists_tuples_and_other_listings():
    game = duke.Game(seed=4)
    actions = game.legal_actions()
    assert actions == game.legal_actions() == duke.Game(seed=5).legal_actions()
    # A game offers the levy once; a position lists each levy with its troop.
    assert actions[0] == duke.Action("levy") and actions[1:] == duke.Position.standard().legal_actions()[14:]
    assert actions == list(actions) and actions == tuple(actions)
    assert list(actions) == actions  # reflected
    assert actions != list(actions)[:-1] and actions != list(reversed(actions))
    assert actions != [str(a) for a in actions]  # texts are not Actions
    assert actions != "B1-B2" and actions != 18 and actions != set(actions)
    assert not (actions != list(actions))
    over = duke.Position("D4d/5W/6/6/6/6 l P/- 0 0").play("F5xF6")
    assert over.legal_actions() == [] and over.legal_actions() == ()
    assert len(over.legal_actions()) == 0 and not over.legal_actions()
    with pytest.raises(TypeError):
        actions < list(actions)


def test_it_is_a_snapshot():
    game = duke.Game(seed=2)
    before = game.legal_actions()
    kept = texts(before)
    game.play(next(a for a in before if a.kind == "relocate"))
    assert texts(before) == kept
    assert game.legal_actions() != before


def test_repr_pickle_and_copy():
    actions = duke.Position().legal_actions()
    assert repr(actions).startswith("ActionList([Action('F@C2'), Action('P@C2'), ")
    assert repr(actions).endswith("Action('D1-D2')])")
    assert repr(duke.Position("D4d/5W/6/6/6/6 l P/- 0 0").play("F5xF6").legal_actions()) == "ActionList([])"
    for copied in (pickle.loads(pickle.dumps(actions)), copy.copy(actions), copy.deepcopy(actions)):
        assert type(copied) is list and copied == actions


def test_reading_entries_keeps_reference_counts_right():
    # The native slots make and free objects by hand: a reference too many
    # leaks, one too few frees an object still in use. Reading entries,
    # slicing, comparing and dropping many lists must leave every count as
    # it was.
    game = duke.Game(seed=9)
    actions = game.legal_actions()
    entry = actions[0]
    counts = (sys.getrefcount(entry), sys.getrefcount(duke.ActionList))
    for _ in range(2000):
        listing = game.legal_actions()
        listing[0], listing[-1], listing[:3], listing[::-1]
        list(listing), listing == actions, listing == list(actions), entry in listing, repr(listing)
        del listing
    assert (sys.getrefcount(entry), sys.getrefcount(duke.ActionList)) == counts


def test_random_games_through_the_list_match_the_index_encoding():
    # Over whole random games (every kind of action, levies, captures), the
    # entries read from the ActionList are the actions the index encoding
    # lists, and choosing through it plays the same game as choosing from
    # a plain list of it.
    rng_a, rng_b = random.Random(8), random.Random(8)
    for seed in range(5):
        a, b = duke.Game(seed=seed), duke.Game(seed=seed)
        while a.outcome is None:
            listed = a.legal_actions()
            pos = a.position
            # The same decisions in the same order as the index loop's.
            assert [x.index(pos) for x in listed] == a.legal_indices().tolist()
            x, y = rng_a.choice(listed), rng_b.choice(list(b.legal_actions()))
            assert x == y and (x is y or x.kind == "levy")
            for game, act in ((a, x), (b, y)):
                game.play(act)
        assert a.record() == b.record()
