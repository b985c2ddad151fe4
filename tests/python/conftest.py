import os
import pathlib

DATA = pathlib.Path(__file__).resolve().parents[1] / "data"


def perft_cases():
    """The positions of tests/data/*.perft, shared with the Rust suite."""
    cases = []
    for name in ("spec.perft", "positions.perft", "expanded.perft"):
        for line in (DATA / name).read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, rest = line.split(" ", 1)
            if word == "id":
                cases.append({"id": rest, "dpn": None, "perft": []})
            elif word == "dpn":
                cases[-1]["dpn"] = rest
            elif word == "perft":
                d, n = rest.split()
                cases[-1]["perft"].append((int(d), int(n)))
    return cases


def random_walk(duke, seed, turns):
    """A seeded random game on Position: every position reached."""
    import random

    rng = random.Random(seed)
    pos = duke.Position()
    out = [pos]
    for _ in range(turns):
        actions = pos.legal_actions()
        if not actions:
            break
        pos = pos.play(rng.choice(actions))
        out.append(pos)
    return out


SLOW = os.environ.get("DUKE_SLOW_TESTS") == "1"


def play_random(game, rng, turns, on_turn=None):
    """Random decisions through the levy as draw-then-place; `on_turn(game)`
    after each."""
    for _ in range(turns):
        if game.outcome is not None:
            break
        a = rng.choice(game.legal_actions())
        if a.kind == "place" and game.phase == "play":
            game.draw()
            game.place(a.to_square)
        else:
            game.play(a)
        if on_turn is not None:
            on_turn(game)

