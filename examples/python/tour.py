"""A tour of the duke package: play a game, render it, print the encodings.

Run: python examples/python/tour.py [output.svg]
"""

import random
import sys

import numpy as np

import duke

game = duke.Game(seed=2024)
rng = random.Random(7)

# A few turns: maneuvers by text, and a levy as draw-then-place.
game.play("B1-B2")
game.play("E6-F6")
print("levy chances:", ", ".join(f"{t} {p:.3f}" for t, p in game.levy_chances()))
troop = game.draw()
print("drew", troop, "-> may go on", [str(a) for a in game.legal_actions()])
game.place("C2")

# Then random decisions until turn 30 or the end.
while game.outcome is None and game.position.turn < 30:
    # The maneuvers and "levy", or the drawn troop's squares.
    action = rng.choice(game.legal_actions())
    # "levy": the bag draws the troop; its square is the next decision.
    game.play(action)

pos = game.position
print()
print(pos.board_text())
print("DPN:", pos.dpn())
side = pos.side_to_move
print("side to move:", side, "| Duke attacked:", pos.is_duke_attacked(side))
duke_sq = pos.duke(pos.side_to_move)
# duke() is None once the Duke is captured.
duke_targets = pos.targets(duke_sq) if duke_sq is not None else []
print("Duke targets:", [(str(a), mark) for a, mark in duke_targets])
dangers = [(duke.square_name(s), [duke.square_name(a) for a in by])
           for s, by in pos.duke_dangers()]
print("squares the Duke may not enter:", dangers)

# Encodings for ML.
obs = game.observation("mover")
mask = game.legal_mask("mover")
print()
planes = sorted(set(np.nonzero(obs)[0].tolist()))
print("observation", obs.shape, obs.dtype, "nonzero planes:", planes[:12], "...")
print("legal decisions:", int(mask.sum()), "of", duke.ACTION_SPACE)
print("draw allowed:", bool(mask[duke.DRAW]))
first = int(np.flatnonzero(mask)[0])
print("first legal index", first, "->", duke.Action.from_index(first, pos, "mover"))

# The record replays without the seed.
record = game.record()
print()
print(record)
assert duke.Game.from_record(record).position == pos

# A picture for notebooks (Jupyter shows it through _repr_svg_), written
# where the command line says (nothing is written without a path).
targets = [a.to_square for a, _ in duke_targets if a.to_square is not None]
if len(sys.argv) > 1:
    duke.save_svg(game, sys.argv[1], highlights=targets)
    print("wrote", sys.argv[1])
else:
    svg = game.svg(highlights=targets)
    print(f"an SVG of {len(svg)} characters (give a path to write it)")
