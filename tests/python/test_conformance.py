"""The conformance vectors every face runs (tests/data/conformance/): the
decisions a game offers, in order, as text and as indices, and the decision
best_action() gives with no arguments. Rust, C and JavaScript read the same
file; a changed vector fails all four."""

from pathlib import Path

import pytest

import duke

DATA = Path(__file__).resolve().parents[1] / "data" / "conformance"


def vectors():
    for n, line in enumerate((DATA / "decisions.txt").read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            yield pytest.param(line.split("\t"), id=f"line{n}")


@pytest.mark.parametrize("fields", list(vectors()))
def test_decisions_and_the_default_choice(fields):
    dpn, texts, indices, best = fields
    game = duke.Game.from_position(duke.Position(dpn), seed=1)
    assert [str(a) for a in game.legal_actions()] == texts.split()
    assert game.legal_indices("mover").tolist() == [int(i) for i in indices.split()]
    assert [a.index(game.position, "mover") for a in game.legal_actions()] == [int(i) for i in indices.split()]
    assert str(game.best_action()) == best


def test_there_are_vectors():
    assert len(list(vectors())) >= 15
