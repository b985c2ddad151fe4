"""The Python guide of the book, as a program CI runs: positions, actions,
errors, a game with a levy, records, the AI and Expanded Play.

Run: python examples/python/basics.py
"""

import random

import duke

# ANCHOR: positions
pos = duke.Position()  # the standard start; duke.Position("<DPN>") for any other
assert pos.dpn() == "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0"
# ActionList([Action('F@C2'), ..., Action('B1-B2'), ...])
assert len(pos.legal_actions()) == 18
assert "B1-B2" in pos.legal_actions()  # an Action, or its text
assert pos.perft(4) == 66854
nxt = pos.play("B1-B2")  # positions are immutable values (hashable, picklable)
assert nxt.side_to_move == "dark" and pos.side_to_move == "light"
print(pos.targets("B1"))  # [(Action('B1-A1'), 'move'), (Action('B1-B2'), 'move')]
duke_tile = pos.tile_at("C1")  # a Tile, or None on an empty square
assert duke_tile is not None and duke_tile.troop == "Duke"
# its marks: [('slide', -1, 0), ('slide', 1, 0)]; .flips_to() for the other face
print(duke_tile.chart())
print(pos.duke_dangers())  # squares the Duke may not enter, with their attackers
# Squares are duke.Square values: ints (duke.C5 == 26) that print as their names.
print(pos.attacks("dark"), pos.is_duke_attacked("light"))  # [Square('C5'), ...] False
print(pos)  # the board (board_text()); repr(pos) is Position('<DPN>')
# ANCHOR_END: positions

# ANCHOR: errors
try:
    pos.play("C1-C2")
    raise AssertionError("C1-C2 is not legal in the start position")
except duke.IllegalActionError as e:
    assert e.code == "illegal.no-mark"
    print(e)  # C1-C2: the Duke on C1 has no mark that reaches C2
try:
    duke.Position("2fdf1/6/6/6/6/1FDF2 x -/- 0 0")
    raise AssertionError("'x' is not a side")
except duke.ParseError as e:
    assert e.code == "dpn.side"
# ANCHOR_END: errors

# ANCHOR: game
# The standard start; duke.Game(seed, setup=True) to set up by hand.
game = duke.Game(seed=7)
game.play("B1-B2")
print(game.levy_chances())  # [('F', 0.0625), ('P', 0.1875), ...]
troop = game.draw()  # the levy: draw, then place
assert game.pending_draw == troop
game.place("D5")
game.undo()
game.redo()
assert game.outcome is None  # later Outcome(winner='light', reason='duke-captured')
text = game.record()  # replays without the seed
assert duke.Game.from_record(text).position == game.position
# ANCHOR_END: game

# ANCHOR: ai
action = game.best_action()  # level 3, the default in every language
# An action, or Action('levy'): play it, then ask for the square.
print("level 3 plays", action)
hint = game.hint(level=3, k=3)  # the best decision, its score, the line, the top 3
print(sorted(hint))
# ANCHOR_END: ai

# ANCHOR: expanded
print(len(duke.RULES), duke.RULES[:4])  # 28 ('standard', 'coup', 'flag', 'rider')
coup = duke.Game(rules="coup+mountain", seed=3)  # set up, ready for the first turn
print(coup.position.dpn())  # a sixth field: coup+mountain,mountain=...,flags=.../...,score=0/0
assert coup.rules == "coup+mountain" and coup.position.mountain is not None
print(coup.position.flag("light"), coup.position.points("light"))  # a square, 0
assert coup.action_space == duke.EXPANDED_ACTION_SPACE == len(coup.legal_mask())
rng = random.Random(3)
while coup.outcome is None:
    coup.play(rng.choice(coup.legal_actions()))  # passes and relocations included
print(coup.outcome)  # Dark wins: it scored three points next to the opposing Flag
assert duke.Game.from_record(coup.record()).position == coup.position

# The start as decisions: the draft's picks, the setups, then the Flags.
draft = duke.Game(rules="flag+draft", setup=True)
assert draft.phase == "draft" and draft.side_to_decide == "dark"
while draft.phase != "play":
    draft.play(rng.choice(draft.legal_actions()))  # pick:W, ..., D@C6, ..., flag@B1, ...
assert [a.kind for a in draft.actions()].count("pick") == 13

# The terrain on given squares rather than drawn.
board = duke.Game(rules="mountain+fort", mountain="C3", fort="D4")
assert (board.position.mountain, board.position.fort) == (duke.C3, duke.D4)
try:
    duke.Game(rules="coup+rain")
    raise AssertionError("'rain' is not a word of the rules")
except duke.ParseError as e:
    assert e.code == "rules.text"
    print(e)  # rules "coup+rain": "rain" is not a word of the rules (...)
# ANCHOR_END: expanded
