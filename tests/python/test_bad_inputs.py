"""The shared bad-input corpus (tests/data/bad_inputs.txt): every entry is
refused with an exception carrying the code the corpus gives, and a game
given a bad action is unchanged. The Rust and C suites read the same file.
A rules text is read the way users give one, `duke.Game(rules=text)`."""

import pathlib

import pytest

import duke

CORPUS = pathlib.Path(__file__).resolve().parents[1] / "data" / "bad_inputs.txt"


def unescape(s: str) -> str:
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"n": "\n", "t": "\t"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def entries():
    for n, line in enumerate(CORPUS.read_text(encoding="utf-8").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        fields[-1] = unescape(fields[-1])
        yield pytest.param(fields, id=f"line{n}")


@pytest.mark.parametrize("fields", list(entries()))
def test_bad_input_gives_its_code(fields):
    kind, code, *args = fields
    if kind == "dpn":
        with pytest.raises(duke.ParseError) as e:
            duke.Position(args[0])
    elif kind == "square":
        with pytest.raises(duke.ParseError) as e:
            duke.parse_square(args[0])
    elif kind == "action":
        pos = duke.Position(args[0])
        game = duke.Game.from_position(pos, seed=1)
        before = (game.record(with_seed=True), game.position, game.phase, game.legal_actions())
        with pytest.raises(duke.DukeError) as g:
            # A whole levy goes through the call for a troop from outside.
            game.play_levy(args[1])
        assert g.value.code == code
        assert (game.record(with_seed=True), game.position, game.phase, game.legal_actions()) == before
        with pytest.raises(duke.DukeError) as e:
            pos.parse_action(args[1])
        assert pos == duke.Position(args[0])
    elif kind == "play":
        game = duke.Game.from_position(duke.Position(args[0]), seed=1)
        before = (game.record(with_seed=True), game.position, game.phase, game.legal_actions())
        with pytest.raises(duke.DukeError) as e:
            game.play(args[1])
        assert (game.record(with_seed=True), game.position, game.phase, game.legal_actions()) == before
    elif kind == "record":
        with pytest.raises(duke.RecordError) as e:
            duke.Game.from_record(args[0])
    elif kind == "rules":
        with pytest.raises(duke.ParseError) as e:
            duke.Game(rules=args[0])
    else:
        pytest.fail(f"unknown kind {kind}")
    assert e.value.code == code, str(e.value)
    # The class follows the code's family.
    family = code.split(".")[0]
    expected = {
        "dpn": duke.ParseError,
        "square": duke.ParseError,
        "action": duke.ParseError,
        "illegal": duke.IllegalActionError,
        "levy": duke.IllegalActionError,
        "phase": duke.PhaseError,
        "record": duke.RecordError,
        "rules": duke.ParseError,
    }[family]
    assert isinstance(e.value, expected)


def test_corpus_has_every_kind():
    kinds = [p.values[0][0] for p in entries()]
    every = ("dpn", "square", "action", "play", "record", "rules")
    assert {k: kinds.count(k) >= 3 for k in every} == dict.fromkeys(every, True)
