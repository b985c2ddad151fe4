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


def rows(name):
    for line in (DATA / name).read_text().splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


@pytest.mark.parametrize("player,seed,decisions", list(rows("players.txt")))
def test_the_engines_players(player, seed, decisions):
    # play_games drives both sides with the engine's player, decision t
    # with the seed + t, as the vector says.
    games, table = duke.play_games([(int(seed), player, player)])
    mine = [a for a, g in zip(table["action"], table["game"]) if g == 0][:40]
    assert mine == decisions.split()
    assert duke.player_name(player) == player


def names():
    out = {}
    for kind, word, text, short in rows("names.txt"):
        out.setdefault(kind, []).append((word, text, short))
    return out


def test_every_name_reads_and_writes_as_the_engine_says():
    n = names()
    pos = duke.Position()
    # Sides: the word, the text and the letter all read; the word is written.
    for word, text, short in n["side"]:
        assert pos.bag(word) == pos.bag(text) == pos.bag(short) == pos.bag(word.upper())
    assert pos.side_to_move == n["side"][0][0]
    assert pos.tile_at("C1").side == n["side"][0][0]
    with pytest.raises(duke.ParseError) as e:
        pos.bag("purple")
    assert e.value.code == "name.side"
    # Troops: the letters in order; every form reads; a tile names its troop by the text.
    assert duke.TROOPS == "".join(short for _, _, short in n["troop"])
    for word, text, short in n["troop"]:
        assert duke.troop_marks(word) == duke.troop_marks(text) == duke.troop_marks(short)
    assert pos.tile_at("C1").troop == n["troop"][0][1]
    assert set(pos.bag("light")) <= {short for _, _, short in n["troop"]}
    # Faces and marks: every face reads, and the charts use exactly the mark words.
    faces = [w for w, _, _ in n["face"]]
    assert pos.tile_at("C1").face == faces[0]
    seen = set()
    for troop, _, _ in n["troop"]:
        for face in faces:
            seen |= {m for m, _, _ in duke.troop_chart(troop, face)}
    assert seen == {w for w, _, _ in n["mark"]}
    assert [f.name.lower() for f in duke.MarkFlag] == [w for w, _, _ in n["mark"]]
    # Perspectives.
    for word, _, _ in n["perspective"]:
        assert pos.observation(word).shape == pos.observation().shape
    with pytest.raises(duke.ParseError) as e:
        pos.observation("sideways")
    assert e.value.code == "name.perspective"
    # Action kinds, and the levy decision.
    for word, _, sample in n["action_kind"]:
        assert duke.Action(sample).kind == word
    [(levy, _, _)] = n["decision"]
    assert str(duke.Action(levy)) == levy and duke.Action(levy).kind == levy
    # Phases: setup, play, levy and over, as a game goes; then Expanded
    # Play's draft and the Flags' placements, as its start goes.
    phases = [w for w, _, _ in n["phase"]]
    game = duke.Game(seed=2)
    seen = [duke.Game(setup=True).phase, game.phase]
    game.play(levy)
    seen.append(game.phase)
    games, _ = duke.play_games([(2, "level2", "level2")])
    over = duke.Game.from_record(games["record"][0])
    seen.append(over.phase)
    seen.append(duke.Game(rules="draft", setup=True).phase)
    coup = duke.Game(rules="coup", setup=True)
    while coup.phase == "setup":
        coup.play(coup.setup_suggestion())
    seen.append(coup.phase)
    assert seen == phases
    # Reasons: what a finished game and play_games say is one of the words.
    reasons = {w for w, _, _ in n["reason"]}
    assert over.outcome.reason in reasons and games["reason"][0] in reasons


def call_with(limit, value):
    """Python's entry point for each limit of ranges.txt."""
    game = duke.Game(seed=1)
    if limit == "level":
        return game.best_action(level=value)
    if limit == "threads":
        return game.best_action(threads=value)
    if limit in ("depth", "nodes", "millis"):
        return game.best_action(**{limit: value})
    if limit == "perft_depth":
        return duke.Position().perft(value)
    if limit == "hints":
        return game.hint(level=1, k=value)
    if limit == "svg_square":
        return duke.Position().svg(size=value)
    if limit == "score":
        return duke.score_text(value)
    raise AssertionError(f"no Python call for {limit}")


@pytest.mark.parametrize("limit,value,code", list(rows("ranges.txt")))
def test_every_limit_is_checked_not_clamped(limit, value, code):
    if code == "-":
        call_with(limit, int(value))
    else:
        with pytest.raises(duke.DukeError) as e:
            call_with(limit, int(value))
        assert e.value.code == code


def request_rows():
    for n, line in enumerate((DATA / "requests.txt").read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            yield pytest.param(*line.split("\t"), id=f"line{n}")


def answer(game, request):
    """The answer to one row's request through the Python API, as the
    vector writes it."""
    kwargs, hint, player = {}, False, None
    for word in request.split():
        if word == "-":
            continue
        key, _, value = word.partition("=")
        if key == "hint":
            hint = True
        elif key == "evaluation":
            kwargs["network"] = value
        elif key == "player":
            player = value
        elif key == "top":
            kwargs["k"] = int(value)
        else:
            kwargs[key] = int(value)
    try:
        if player is not None:
            return str(game.player_decision(player, seed=0))
        if hint:
            h = game.hint(**kwargs)
            return " ".join([h["best"], "top"] + [d for d, _ in h["top"]])
        return str(game.best_action(**kwargs))
    except duke.DukeError as e:
        return f"error {e.code}"


@pytest.mark.parametrize("start,decisions,request_,want", list(request_rows()))
def test_the_ai_answers_each_request_as_every_face(start, decisions, request_, want):
    if start == "setup":
        game = duke.Game(seed=1, setup=True)
    elif start == "standard":
        game = duke.Game(seed=1)
    else:
        game = duke.Game.from_position(duke.Position(start), seed=1)
    for d in decisions.split():
        if d != "-":
            game.play(d)
    before = game.position
    assert answer(game, request_) == want
    assert game.position == before  # asking the AI changes nothing


def test_there_are_request_vectors():
    assert len(list(request_rows())) >= 40
