"""Each rules set of Expanded Play from Python, as the book's Expanded Play
chapter shows them: Counting Coup, Other Objective, Dark Rider, the draft,
the terrain, and a Gymnasium environment under the rules.

Run: python examples/python/expanded.py
"""

import numpy as np

import duke
from duke.gym import DukeEnv

# ANCHOR: coup
game = duke.Game(rules="coup+mountain", seed=7, setup=True)
while game.phase != "play":  # "setup", then "flags": the AI's, or your own ("flag@A2")
    game.play(game.best_action(level=1))
print(game.position.mountain, game.position.flag("light"), game.position.flag("dark"))
while game.outcome is None:
    action = game.best_action(level=1)
    if action.kind == "flag":  # after a point against it, a side may first move its Flag
        print(game.side_to_decide, "relocates its Flag:", action)  # then plays its turn
    game.play(action)
print(game.outcome, game.position.points("light"), game.position.points("dark"))
# ANCHOR_END: coup

# ANCHOR: flag
# Light's Footman on B3 holds Dark's Flag; Light's own Flag stands on F1.
game = duke.Game.from_position(duke.Position("3d2/6/6/1F4/1F4/2D3 l -/- 1 1 flag,flags=F1/B3"))
assert [str(a) for a in game.legal_actions() if a.kind == "pass"] == ["B3^B2"]
game.play("B3^B2")  # a pass: the turn's action, and no tile flips
game.play(game.best_action(level=1))  # Dark
game.play("B2-B1")  # Dark's Flag reaches Light's home row
print(game.outcome)  # Light wins: it carried the opposing Flag to its home row
assert game.outcome is not None and game.outcome.reason == "flag-home"
# ANCHOR_END: flag

# ANCHOR: rider
game = duke.Game(rules="rider", setup=True)
for square in ["A1", "B1", "C1", "E1", "F1"]:  # Light's five Pikemen
    game.play(f"P@{square}")
game.play("K@D6")  # Dark's Knight, on rank 6
assert game.phase == "play" and game.side_to_decide == "dark"  # Dark moves first
while game.outcome is None:
    game.play(game.best_action(level=1))
print(game.outcome)  # Light takes the Knight or gets three Pikemen home, or Dark takes three
# A Pikeman on rank 6 is frozen: no action, and it cannot be captured.
assert duke.Position("P4k/6/6/6/6/1PPPP1 l -/- 0 1 rider").frozen == [duke.A6]
# ANCHOR_END: rider

# ANCHOR: draft
game = duke.Game(rules="draft", setup=True)
assert game.phase == "draft" and game.side_to_decide == "dark"
print(game.legal_actions())  # pick:P, pick:K, ...: the thirteen kinds
game.play(game.best_action(level=1))  # Dark's pick, the AI's: pick:P
game.play("pick:W")  # Light takes the Wizard: Dark's leaves the game
print(game.position.bag("light"), game.position.bag("dark"))  # {'W': 1} {'P': 3}
while game.phase != "play":  # the other picks, then setup
    game.play(game.best_action(level=1))
assert game.position.bag("light")["F"] == 1  # one Footman added after the draft
# ANCHOR_END: draft

# ANCHOR: terrain
game = duke.Game(rules="mountain+fort", seed=3)  # drawn from the seed
print([str(a) for a in game.actions() if a.kind == "terrain"])  # ['mountain@F6', 'fort@A1']
pos = duke.Position("3d2/6/6/6/1F4/2D3 l -/- 0 1 mountain+fort,mountain=D1,fort=B2")
print(pos)  # the board, and "Mountain D1 · Fort B2" under it
try:
    pos.play("C1-E1")
except duke.IllegalActionError as e:
    assert e.code == "illegal.terrain"
    print(e)  # C1-E1: the way of the Duke from C1 to E1 is blocked by the Mountain on D1
# ANCHOR_END: terrain

# ANCHOR: env
# The agent plays Light's Pikemen against level 1, which moves first.
env = DukeEnv(rules="rider", opponent=lambda g: g.best_index(level=1, perspective="mover"))
obs, info = env.reset(seed=0)
print(obs.shape, info["action_mask"].shape)  # (119, 6, 6) (5704,)
rng = np.random.default_rng(0)
terminated = False
while not terminated:
    index = int(rng.choice(np.flatnonzero(info["action_mask"])))
    obs, reward, terminated, truncated, info = env.step(index)
print(info["result"], reward)  # such as: Dark wins: it captured three Pikemen -1.0
# ANCHOR_END: env
