"""Speed of the Python package, measured in one run on one machine:
random playouts through the per-action API and through VecGame, beside
python-chess playing random chess games with the same loop; then the
per-turn loops taking turns with cshogi's per-ply random loop, per
CPU-second of this process, in rounds (the median of the per-round ratios).

Run: python tools/bench.py [--quick]
(python-chess and cshogi are optional: pip install chess cshogi)
"""

import random
import sys
import time

import duke

QUICK = "--quick" in sys.argv


def timed(label, fn, runs=1 if QUICK else 5):
    # Each figure from several runs: the best, and the median beside it. On
    # a shared machine other work only ever slows a run down, so the best is
    # the machine's speed and the median shows how much the runs moved.
    results = []
    for _ in range(runs):
        t = time.perf_counter()
        turns = fn()
        results.append((turns / (time.perf_counter() - t), turns))
    rates = sorted(rate for rate, _ in results)
    best, median = rates[-1], rates[len(rates) // 2]
    print(f"{label:48} {results[0][1]:>10} turns {best:>12,.0f} turns/s best (median {median:>12,.0f})", flush=True)
    return best

def duke_per_action(games, first=0):
    rng = random.Random(1 + first)
    turns = 0
    for g in range(first, first + games):
        game = duke.Game(seed=g)
        while game.outcome is None:
            action = rng.choice(game.legal_actions())
            game.play(action)  # "levy" draws; the placement is the next decision
            turns += action.kind != "levy"  # a levy's turn ends with its placement
    return turns


def duke_per_index(games, first=0):
    # The fast per-turn loop: the legal decisions as a small index array, one
    # chosen, applied by index. A levy is two decisions (the draw index, then
    # a placement index) and one turn.
    rng = random.Random(1 + first)
    turns = 0
    for g in range(first, first + games):
        game = duke.Game(seed=g)
        while game.outcome is None:
            legal = game.legal_indices()
            if game.apply_index(legal[rng.randrange(len(legal))]) is None:
                turns += 1
    return turns


def cshogi_per_ply(games, first=0):
    # cshogi's per-ply random loop: list the legal moves, choose one, push;
    # until no move is left or 512 plies (no repetition test: cshogi's
    # is_draw() would make its loop slower).
    import cshogi

    rng = random.Random(1 + first)
    plies = 0
    board = cshogi.Board()
    for _ in range(games):
        board.reset()
        while not board.is_game_over() and board.move_number <= 512:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def in_turns(contenders, rounds, chunks):
    """Runs the contenders in turn, each timed in CPU time of this process,
    and returns each one's rate per round. A round is `chunks` turns of
    every contender, the order rotating: `fn(c)` runs chunk c (the same
    chunks every round), so a slow spell of the machine falls on all of
    them alike rather than on one contender's whole round."""
    rates = {name: [] for name, _ in contenders}
    for r in range(rounds):
        work = {name: 0 for name, _ in contenders}
        spent = {name: 0.0 for name, _ in contenders}
        for c in range(chunks):
            k = (r + c) % len(contenders)
            for name, fn in contenders[k:] + contenders[:k]:
                t = time.process_time()
                work[name] += fn(c)
                spent[name] += time.process_time() - t
        for name in rates:
            rates[name].append(work[name] / spent[name])
    return rates


def duke_vec(steps, observe, n=1024):
    # Created (and numpy's C API loaded) before the clock starts.
    vec = duke.VecGame(n, seed=1)

    def run():
        for _ in range(steps):
            vec.step(vec.random_actions(), observe=observe)
        return steps * n

    return run


def chess_per_move(games):
    import chess

    rng = random.Random(1)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def main():
    scale = 0.1 if QUICK else 1.0
    print("duke-engine", duke.__version__, "| one process, one core; figures from this run, best of",
          1 if QUICK else 5, flush=True)
    per_action = timed("duke: per-action API (Game, random decisions)", lambda: duke_per_action(int(200 * scale) or 1))
    vec = timed("duke: VecGame n=1024, no observations", duke_vec(int(500 * scale) or 1, False))
    vec_obs = timed("duke: VecGame n=1024, obs + masks to numpy", duke_vec(int(500 * scale) or 1, True))
    try:
        chess_rate = timed("python-chess: random games, same loop", lambda: chess_per_move(int(20 * scale) or 1))
    except ImportError:
        chess_rate = None
        print("python-chess is not installed: pip install chess")
    if chess_rate:
        print()
        print(f"per-action API / python-chess: {per_action / chess_rate:8.1f}x")
        print(f"VecGame (no obs) / python-chess: {vec / chess_rate:8.1f}x")
        print(f"VecGame (obs + masks) / python-chess: {vec_obs / chess_rate:8.1f}x")
    try:
        import cshogi  # noqa: F401
    except ImportError:
        print("cshogi is not installed: pip install cshogi")
        return
    rounds, chunks = (1, 1) if QUICK else (7, 10)
    # A round: 100 games of each duke loop and 40 of cshogi's, in chunks.
    duke_games, cshogi_games = int(100 * scale / chunks) or 1, int(40 * scale / chunks) or 1
    contenders = [
        ("duke index loop", lambda c: duke_per_index(duke_games, c * duke_games)),
        ("duke object loop", lambda c: duke_per_action(duke_games, c * duke_games)),
        ("cshogi per-ply loop", lambda c: cshogi_per_ply(cshogi_games, c * cshogi_games)),
    ]
    rates = in_turns(contenders, rounds, chunks)
    print()
    print(f"per CPU-second of this process, {rounds} round(s) of {chunks} chunk(s) taking turns; "
          "turns (plies for cshogi):")
    for name, _ in contenders:
        rs = sorted(rates[name])
        print(f"{name:48} {rs[len(rs) // 2]:>12,.0f} /s median (min {rs[0]:,.0f}, max {rs[-1]:,.0f})")
    base = rates["cshogi per-ply loop"]
    for name in ("duke index loop", "duke object loop"):
        ratios = sorted(a / b for a, b in zip(rates[name], base))
        print(f"{name + ' / cshogi':48} {ratios[len(ratios) // 2]:8.2f}x median of per-round ratios "
              f"({ratios[0]:.2f}-{ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
