import os
import pathlib

DATA = pathlib.Path(__file__).resolve().parents[1] / "data"


def perft_cases():
    """The positions of tests/data/*.perft, shared with the Rust suite."""
    cases = []
    for name in ("spec.perft", "positions.perft"):
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
