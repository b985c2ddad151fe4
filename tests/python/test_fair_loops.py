"""The natural loop plays by the rules: choosing uniformly among
`legal_actions()` levies as often as choosing among `legal_indices()`,
because both offer the levy once and let the bag decide the troop."""

import math
import random

import duke


def levy_rate_object_loop(games, seed):
    rng = random.Random(seed)
    levies = turns = 0
    for g in range(games):
        game = duke.Game(seed=seed * 100_000 + g)
        while game.outcome is None:
            choice = rng.choice(game.legal_actions())
            if game.phase == "play":
                turns += 1
                levies += choice.kind == "levy"
            game.play(choice)
    return levies, turns


def levy_rate_index_loop(games, seed):
    rng = random.Random(seed)
    levies = turns = 0
    for g in range(games):
        game = duke.Game(seed=seed * 100_000 + g)
        while game.outcome is None:
            legal = game.legal_indices()
            index = legal[rng.randrange(len(legal))]
            if game.phase == "play":
                turns += 1
                levies += index == duke.DRAW
            game.apply_index(index)
    return levies, turns


def test_object_loop_and_index_loop_levy_at_the_same_rate():
    (l1, n1), (l2, n2) = levy_rate_object_loop(1000, 1), levy_rate_index_loop(1000, 2)
    p1, p2 = l1 / n1, l2 / n2
    pooled = (l1 + l2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    # Four standard errors: a false alarm about once in 16,000 runs; the
    # old object loop (a levy per troop kind) levied at about twice the rate.
    assert abs(p1 - p2) < 4 * se, (p1, p2, se)
    assert 0.05 < p1 < 0.2, p1


def test_with_the_same_draws_of_the_generator_both_loops_play_the_same_games():
    # rng.choice(list) and list[rng.randrange(len(list))] take the same draw,
    # and the two lists hold the same decisions in the same order: the same
    # games, so the same levies, exactly.
    assert levy_rate_object_loop(300, 7) == levy_rate_index_loop(300, 7)


def test_the_object_loop_never_chooses_the_troop():
    # Every listed decision in play is a maneuver or the one levy; a whole
    # levy is refused with a message that says what to call.
    game = duke.Game(seed=3)
    listed = game.legal_actions()
    assert [a.kind for a in listed].count("levy") == 1
    assert not any(a.kind == "place" for a in listed)
    try:
        game.play("P@C2")
    except duke.IllegalActionError as e:
        assert e.code == "levy.bag" and "play_levy" in str(e)
    else:
        raise AssertionError("a whole levy was played where the bag decides")
    drawn = game.play("levy")
    assert drawn == duke.Action("levy") and game.phase == "levy"
    assert {a.troop for a in game.legal_actions()} == {game.pending_draw}


def test_a_long_search_stops_on_ctrl_c_within_a_fifth_of_a_second():
    # Ctrl-C is a SIGINT, which Python turns into KeyboardInterrupt in the
    # main thread; interrupt_main() raises the same flag.
    import _thread
    import threading
    import time

    import pytest

    import signal

    # A process started in the background ignores SIGINT, and then Python
    # does too; an interactive session has Python's own handler: install it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    game = duke.Game(seed=1)
    sent = []

    def press_ctrl_c():
        sent.append(time.monotonic())
        _thread.interrupt_main()

    record = duke.Game(seed=2)
    while record.outcome is None and len(record.turns()) < 60:
        record.play(record.best_action(level=1))
    text = record.record()
    calls = (
        lambda: game.best_action(millis=60_000),
        lambda: game.hint(level=5, k=3),
        lambda: duke.analyze(text, level=5),
        lambda: duke.play_games([(s, "level4", "level4") for s in range(500)]),
        lambda: duke.Position().perft(9),
        lambda: game.divide(9),
    )
    for call in calls:
        sent.clear()
        threading.Timer(0.3, press_ctrl_c).start()
        with pytest.raises(KeyboardInterrupt):
            call()
        assert time.monotonic() - sent[0] < 0.2
    # The game is untouched and the AI answers again.
    assert game.best_action() is not None
    signal.signal(signal.SIGINT, previous)
