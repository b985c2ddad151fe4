"""Expanded Play from Python, called as users call it: `duke.Game(rules=...)`
with default arguments, the terrain given by `mountain=` / `fort=`, the
position's state (terrain, Flags, points, a pending relocation), the new
action kinds, the longer action space, records and pickles, and the start
of a game as decisions (the draft, setup, the Flags)."""

import pickle
import random

import numpy as np
import pytest

import duke

# A few rules that between them use every part of Expanded Play.
SOME_RULES = ["coup+mountain", "flag+fort", "rider", "draft", "coup+mountain+fort+draft"]

# The book's example of the sixth DPN field (docs/src/expanded.md).
COUP_DPN = "3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate"


def play_to_the_end(game, rng):
    """Random decisions until the game is over, as the book's loop plays
    them; checks each turn's mask against the decisions listed."""
    turns = 0
    while game.outcome is None:
        actions = game.legal_actions()
        mask = game.legal_mask()
        assert mask.shape == (game.action_space,)
        assert int(mask.sum()) == len(actions)
        game.play(rng.choice(actions))
        turns += 1
        assert turns < 5000, "a random game should end within the quiet-turn limit"
    return turns


def test_the_rules_texts_come_from_the_engine():
    assert len(duke.RULES) == 28
    assert duke.RULES[0] == "standard"
    assert {"coup", "flag", "rider", "draft", "mountain+fort"} <= set(duke.RULES)
    for text in duke.RULES:
        game = duke.Game(rules=text, seed=1)
        assert game.rules == text
        assert game.position.rules == text
    # Readers take the words in any order; the text written is the engine's.
    assert duke.Game(rules="fort+coup+mountain").rules == "coup+mountain+fort"


def test_the_default_game_is_the_standard_game_unchanged():
    game = duke.Game()
    assert game.rules == "standard" and game.position.rules == "standard"
    assert game.position == duke.Position()
    assert game.action_space == duke.ACTION_SPACE == game.position.action_space
    assert game.legal_mask().shape == (duke.ACTION_SPACE,)
    assert duke.Game(seed=3).record(with_seed=True) == duke.Game(seed=3, rules="standard").record(
        with_seed=True
    )
    setup = duke.Game(setup=True)
    assert setup.phase == "setup" and setup.position.rules == "standard"


def test_a_bad_rules_text_raises_the_engines_error():
    with pytest.raises(duke.ParseError) as e:
        duke.Game(rules="coup+rain")
    assert e.value.code == "rules.text"
    assert '"rain" is not a word of the rules' in str(e.value)
    with pytest.raises(duke.ParseError) as e:
        duke.Game(rules="rider+draft", setup=True)
    assert e.value.code == "rules.text"


@pytest.mark.parametrize("rules", SOME_RULES)
def test_a_random_game_under_the_rules_plays_to_its_end(rules):
    game = duke.Game(rules=rules)
    assert game.phase == "play"
    assert game.action_space == duke.EXPANDED_ACTION_SPACE
    play_to_the_end(game, random.Random(rules))
    assert game.phase == "over"
    assert game.outcome.reason in {
        "duke-captured", "no-action", "repetition", "quiet-turns", "points", "flag-home",
        "no-tiles", "knight-captured", "pikemen-home", "pikemen-captured",
    }
    # The record replays, with no seed needed, and the game pickles.
    again = duke.Game.from_record(game.record())
    assert again.position == game.position and again.rules == rules
    assert again.outcome == game.outcome
    assert pickle.loads(pickle.dumps(game)).record() == game.record()


@pytest.mark.parametrize("rules", ["coup", "flag+mountain", "rider"])
def test_the_index_loop_plays_under_the_rules(rules):
    game = duke.Game(rules=rules, seed=5)
    rng = random.Random(5)
    while game.outcome is None:
        legal = game.legal_indices()
        assert all(0 <= i < duke.EXPANDED_ACTION_SPACE for i in legal)
        game.apply_index(legal[rng.randrange(len(legal))])
    assert game.phase == "over"


def test_the_ai_plays_under_the_rules():
    for rules in ("coup+fort", "rider"):
        game = duke.Game(rules=rules, seed=2)
        action = game.best_action(level=1)
        assert game.is_legal(action)
        game.play(action)


def start_phases(game, rng):
    """Plays the start of a game by random decisions; the phases met."""
    phases = []
    while game.phase not in ("play", "over"):
        phases.append(game.phase)
        suggestion = game.setup_suggestion()
        actions = game.legal_actions()
        assert suggestion in actions
        assert {a.kind for a in actions} <= {"place", "pick", "flag"}
        game.play(rng.choice(actions))
    return phases


def test_the_draft_runs_as_decisions():
    game = duke.Game(rules="draft", setup=True, seed=4)
    assert game.phase == "draft" and game.side_to_decide == "dark"
    assert game.position.bag("light") == {} and game.position.bag("dark") == {}
    phases = start_phases(game, random.Random(4))
    assert phases == ["draft"] * 13 + ["setup"] * 6
    picks = [a for a in game.actions() if a.kind == "pick"]
    assert len(picks) == 13 and all(a.troop for a in picks)
    # Dark set up first, Light moves first.
    assert game.actions()[13].troop == "D" and game.actions()[13].to_square >= duke.A6
    assert game.side_to_decide == "light"
    assert game.setup_suggestion() is None


def test_counting_coup_sets_up_then_places_the_flags():
    game = duke.Game(rules="coup+mountain", setup=True, seed=8)
    phases = start_phases(game, random.Random(8))
    assert phases == ["setup"] * 6 + ["flags"] * 2
    kinds = [a.kind for a in game.actions()]
    assert kinds == ["place"] * 6 + ["terrain", "flag", "flag"]
    pos = game.position
    assert pos.mountain is not None and pos.fort is None
    assert pos.flag("light") is not None and pos.flag("dark") is not None
    assert pos.points("light") == pos.points("dark") == 0 and not pos.relocation_pending
    assert duke.square_name(pos.flag("light"))[0] in "AF"


def test_dark_rider_sets_up_pikemen_and_a_knight():
    game = duke.Game(rules="rider", setup=True, seed=6)
    assert game.phase == "setup" and game.side_to_decide == "light"
    phases = start_phases(game, random.Random(6))
    assert phases == ["setup"] * 6
    assert [a.troop for a in game.actions()] == ["P"] * 5 + ["K"]
    assert game.side_to_decide == "dark"  # Dark moves first
    assert game.position.duke("light") is None


def test_the_terrain_is_given_by_square():
    game = duke.Game(rules="mountain+fort", mountain="C3", fort=duke.D4)
    assert game.phase == "play"
    assert (game.position.mountain, game.position.fort) == (duke.C3, duke.D4)
    assert "mountain=C3" in game.position.dpn() and "fort=D4" in game.position.dpn()
    setup = duke.Game(rules="mountain", setup=True, mountain="b4")
    start_phases(setup, random.Random(1))
    assert setup.position.mountain == duke.B4 and setup.position.fort is None


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"rules": "coup", "mountain": "C3"}, "setup"),
        ({"mountain": "C3"}, "setup"),
        ({"rules": "mountain+fort", "mountain": "C3", "fort": "C3"}, "setup"),
        ({"rules": "mountain", "mountain": "Z9"}, "square.syntax"),
    ],
)
def test_terrain_that_cannot_be_given_is_refused(kwargs, code):
    with pytest.raises(duke.DukeError) as e:
        duke.Game(**kwargs)
    assert e.value.code == code


def test_a_six_field_dpn_reads_and_writes_back():
    pos = duke.Position(COUP_DPN)
    assert pos.dpn() == COUP_DPN
    assert pos.rules == "coup"
    assert (pos.flag("light"), pos.flag("dark")) == (duke.F1, duke.A3)
    assert (pos.points("light"), pos.points("dark")) == (1, 0)
    assert pos.relocation_pending
    assert pos.mountain is None and pos.fort is None
    assert pos.action_space == duke.EXPANDED_ACTION_SPACE
    # The relocation comes before the turn: its Flag squares are listed.
    kinds = {a.kind for a in pos.legal_actions()}
    assert "flag" in kinds
    standard = duke.Position()
    assert standard.flag("light") is None and standard.points("dark") == 0
    assert not standard.relocation_pending and standard.rules == "standard"


def test_the_new_action_kinds_are_the_engines_words():
    assert duke.Action("B3^B4").kind == "pass"
    assert duke.Action("flag@A4").kind == "flag"
    assert duke.Action("mountain@C3").kind == "terrain"
    assert duke.Action("fort@D4").kind == "terrain"
    assert duke.Action("pick:W").kind == "pick"
    assert duke.Action("levy").kind == "levy"
    assert duke.Action("pick:W").troop == "W"
    assert duke.Action("flag@A4").to_square == duke.A4
    assert duke.Action("B3^B4").from_square == duke.B3


def test_masks_and_indices_have_the_engines_size():
    pos = duke.Position(COUP_DPN)
    mask = pos.legal_mask()
    assert mask.shape == (duke.EXPANDED_ACTION_SPACE,)
    legal = pos.legal_actions()
    assert int(mask.sum()) == len(legal)
    for a in legal:
        i = a.index(pos)
        assert mask[i] and duke.Action.from_index(i, pos) == a
    game = duke.Game(rules="flag")
    out = game.legal_mask(out=np.zeros(duke.EXPANDED_ACTION_SPACE, dtype=bool))
    assert out.sum() == len(game.legal_actions())
    with pytest.raises(duke.DukeError) as e:
        game.legal_mask(out=np.zeros(duke.ACTION_SPACE, dtype=bool))
    assert e.value.code == "value"


@pytest.mark.xfail(
    strict=True,
    reason="engine gap: a record does not carry terrain squares given to Game::with_terrain "
    "before they are placed, so a game pickled (as its record) in setup draws them again",
)
def test_given_terrain_survives_a_pickle_in_setup():
    game = duke.Game(rules="mountain", mountain="C3", setup=True, seed=2)
    again = pickle.loads(pickle.dumps(game))
    for g in (game, again):
        while g.phase != "play":
            g.play(g.legal_actions()[0])
    assert again.position.mountain == game.position.mountain == duke.C3


def test_observations_under_expanded_play_show_the_terrain_flags_and_points():
    # The planes after the standard game's 107 (encoding.md): the Mountain,
    # the Fort, each Flag, the points, a pending relocation, frozen Pikemen
    # and the rules.
    pos = duke.Position(
        "2+k+d+f1/1f4/D+F4/5F/6/6 d ABCFGIKLMNPPPRSW/abcfgilmnppprsw 7 13 "
        "coup+mountain,mountain=E4,flags=B1/F4,score=1/1,relocate"
    )
    obs = pos.observation("absolute")
    assert obs.shape == (duke.EXPANDED_PLANES, 6, 6)
    planes = duke.PLANES

    def at(plane):
        return [duke.Square(int(r * 6 + f)) for r, f in zip(*np.nonzero(obs[plane]))]

    assert at(planes) == [duke.E4]
    assert at(planes + 1) == []
    assert at(planes + 2) == [duke.B1] and at(planes + 3) == [duke.F4]
    assert (obs[planes + 4] == 1).all() and (obs[planes + 5] == 1).all()
    assert (obs[planes + 6] == 1).all()
    assert [int(obs[planes + k, 0, 0]) for k in (8, 9, 10, 11)] == [1, 0, 0, 0]
    # The standard planes are the standard encoder's.
    plain = duke.Position("2+k+d+f1/1f4/D+F4/5F/6/6 d ABCFGIKLMNPPPRSW/abcfgilmnppprsw 7 13")
    assert (obs[:planes] == plain.observation("absolute")).all()
    # A game's observation has the rules' planes from the first decision on.
    for rules in ("coup", "flag+fort", "rider", "mountain+draft"):
        g = duke.Game(seed=4, rules=rules)
        assert g.observation("mover").shape == (duke.EXPANDED_PLANES, 6, 6)
    assert duke.Game().observation().shape == (duke.PLANES, 6, 6)


def test_frozen_pikemen_come_from_the_engine():
    pos = duke.Position("1P1k2/6/6/6/6/P1P1P1 d -/- 0 9 rider")
    assert pos.frozen == [duke.B6]
    assert duke.Position().frozen == []
