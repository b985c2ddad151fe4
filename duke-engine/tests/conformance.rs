//! The conformance vectors every face runs (`tests/data/conformance/`):
//! for fixed positions, the decisions a game offers in order (as text and
//! as action indices) and the decision `best_action()` gives with no
//! arguments (`decisions.txt`); the first decisions of each of the
//! engine's players at fixed seeds (`players.txt`); and every word of the
//! vocabulary (`names.txt`). Rust checks them against the engine here; the
//! Python, C and JavaScript suites read the same files through their
//! bindings. Run with `DUKE_BLESS=1` to rewrite them from the engine.

use duke_engine::encode::game_indices;

use duke_engine::search::{Driver, Level, Player, Request};
use duke_engine::Perspective;
use duke_engine::{
    Action, ActionKind, BySide, DrawReason, Face, Game, Mark, Outcome, Phase, Position, Reason,
    Side, Troop,
};

const DECISIONS: &str = include_str!("../../tests/data/conformance/decisions.txt");
const PLAYERS: &str = include_str!("../../tests/data/conformance/players.txt");
const NAMES: &str = include_str!("../../tests/data/conformance/names.txt");
const RANGES: &str = include_str!("../../tests/data/conformance/ranges.txt");

/// Writes `want` over the vector file `name` with `DUKE_BLESS=1`; checks it
/// equals the file otherwise.
fn bless_or_check(name: &str, have: &str, want: &str) {
    if std::env::var_os("DUKE_BLESS").is_some() {
        let path = format!(
            "{}/../tests/data/conformance/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::write(path, want).unwrap();
        return;
    }
    assert!(
        have == want,
        "tests/data/conformance/{name} differs from the engine: run `DUKE_BLESS=1 cargo test -p duke-engine --test conformance` and look at the diff"
    );
}
const POSITIONS: &str = include_str!("../../tests/data/positions.perft");

/// One line: the DPN, the decisions' texts, their indices (mover's view),
/// and the default decision, tab-separated.
fn line(dpn: &str) -> String {
    let game = Game::from_position(dpn.parse::<Position>().unwrap(), 1);
    let texts: Vec<String> = game.decisions().map(|d| d.to_string()).collect();
    let mut indices = Vec::new();
    game_indices(&game, Perspective::Mover, |i| indices.push(i.to_string()));
    let best = Request::new()
        .decide(&game)
        .map_or("-".to_string(), |a| a.decision.to_string());
    format!("{dpn}\t{}\t{}\t{best}", texts.join(" "), indices.join(" "))
}

fn dpns() -> Vec<String> {
    let mut out = vec![Position::standard().to_string()];
    out.extend(
        POSITIONS
            .lines()
            .filter_map(|l| l.strip_prefix("dpn "))
            .map(str::to_string),
    );
    // A position where no levy is possible and one with a bag of one troop.
    out.push("3d2/6/6/6/6/2D3 l -/- 0 0".into());
    out.push("3d2/6/6/6/6/2D3 l P/- 0 0".into());
    out
}

#[test]
fn decision_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # A game from each DPN (seed 1): its decisions in order as text, the same as action\n\
         # indices from the mover's point of view, and the decision best_action() gives with no\n\
         # arguments (the default level). Tab-separated; lists space-separated.\n",
    );
    for dpn in dpns() {
        want.push_str(&line(&dpn));
        want.push('\n');
    }
    bless_or_check("decisions.txt", DECISIONS, &want);
    assert!(DECISIONS.lines().filter(|l| !l.starts_with('#')).count() >= 15);
    assert!(DECISIONS.contains("\tlevy "), "no vector offers the levy");
}

/// The players and seeds of `players.txt`.
const PLAYER_SEEDS: [u64; 3] = [1, 2, 3];
/// How many decisions of each game `players.txt` gives.
const PLAYER_DECISIONS: usize = 40;

#[test]
fn player_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # A standard game with seed S, both sides played by one of the engine's players: its\n\
         # first 40 decisions, decision t made with the player's seed S + t (what the engine's\n\
         # driver and Python's play_games do). Tab-separated: player, S, the decisions\n\
         # space-separated (`levy` for a draw, then the drawn troop's placement).\n",
    );
    for name in ["random", "greedy", "level1", "level2", "depth2"] {
        let player: Player = name.parse().unwrap();
        assert_eq!(player.to_string(), name);
        for seed in PLAYER_SEEDS {
            let mut driver = Driver::new(Game::standard(seed), BySide::new(player, player), seed);
            let mut texts = Vec::new();
            while texts.len() < PLAYER_DECISIONS {
                let Some(step) = driver.step() else { break };
                texts.push(step.decision.to_string());
            }
            want.push_str(&format!("{name}\t{seed}\t{}\n", texts.join(" ")));
        }
    }
    bless_or_check("players.txt", PLAYERS, &want);
    assert!(PLAYERS.contains(" levy "), "no player vector levies");
}

#[test]
fn name_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # Every word of the vocabulary, in the engine's order. Tab-separated: the kind, the word\n\
         # (what the bindings write and read, in any case), the engine's text for people (or -),\n\
         # and a short form the bindings also read (or -): a side's letter, a troop's DPN letter,\n\
         # or for an action kind an action of that kind.\n",
    );
    let mut row = |kind: &str, word: &str, text: &str, short: &str| {
        want.push_str(&format!("{kind}\t{word}\t{text}\t{short}\n"));
    };
    for s in Side::ALL {
        assert_eq!(s.as_str().parse(), Ok(s));
        row("side", s.as_str(), &s.to_string(), &s.char().to_string());
    }
    for t in Troop::ALL {
        assert_eq!(t.as_str().parse(), Ok(t));
        row("troop", t.as_str(), &t.to_string(), &t.char().to_string());
    }
    for f in Face::ALL {
        assert_eq!(f.as_str().parse(), Ok(f));
        row("face", f.as_str(), &f.to_string(), "-");
    }
    for m in Mark::ALL {
        assert_eq!(m.as_str().parse(), Ok(m));
        row("mark", m.as_str(), &m.to_string(), "-");
    }
    for p in [
        Perspective::Absolute,
        Perspective::Mover,
        Perspective::Of(Side::Light),
        Perspective::Of(Side::Dark),
    ] {
        assert_eq!(p.as_str().parse(), Ok(p));
        row("perspective", p.as_str(), &p.to_string(), "-");
    }
    for (k, sample) in ActionKind::ALL.into_iter().zip([
        "B1-A1",
        "D4*D2",
        "F6:E5-F5",
        "P@B2",
        "B3^B4",
        "flag@A4",
        "mountain@C3",
        "pick:W",
    ]) {
        assert_eq!(k.as_str().parse(), Ok(k));
        assert_eq!(sample.parse::<Action>().unwrap().kind(), k);
        row("action_kind", k.as_str(), "-", sample);
    }
    row(
        "decision",
        &duke_engine::Decision::Levy.to_string(),
        "-",
        "-",
    );
    for phase in [
        Phase::Setup {
            side: Side::Light,
            troop: Troop::Duke,
        },
        Phase::Play,
        Phase::Levy {
            troop: Troop::Pikeman,
        },
        Phase::Over(Outcome::Draw(DrawReason::Repetition)),
        Phase::Draft { side: Side::Dark },
        Phase::Flags {
            side: Side::Dark,
            flag: Side::Dark,
        },
    ] {
        row("phase", phase.as_str(), "-", "-");
    }
    for reason in Reason::ALL {
        assert_eq!(reason.as_str().parse(), Ok(reason));
        row("reason", reason.as_str(), "-", "-");
    }
    bless_or_check("names.txt", NAMES, &want);
}

#[test]
fn range_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # Each limit's smallest value (accepted: code -) and the values just outside its range\n\
         # (refused with the code given, never clamped). Tab-separated: the limit, the value, the\n\
         # code. Every face passes each value where it takes that number: a level, search\n\
         # threads, a search's depth, nodes or millis, a perft depth, a hint's k, an SVG\n\
         # square's size, a score given to the score text.\n",
    );
    for limit in duke_engine::Limit::ALL {
        let (lo, hi) = limit.bounds();
        let mut probes = vec![lo - 1, lo];
        if hi < i128::from(u64::MAX) {
            probes.push(hi + 1);
        }
        for v in probes {
            let code = match limit.check::<i128>(v) {
                Ok(_) => "-",
                Err(e) => e.code(),
            };
            want.push_str(&format!("{}\t{v}\t{code}\n", limit.as_str()));
        }
    }
    bless_or_check("ranges.txt", RANGES, &want);
    // The engine's own entry points agree with the table.
    assert_eq!(Level::new(0).unwrap_err().code(), "level.range");
    assert_eq!(
        duke_engine::search::Searcher::new()
            .set_threads(0)
            .unwrap_err()
            .code(),
        "threads.range"
    );
    assert_eq!(
        duke_engine::search::Limits::depth(0)
            .check()
            .unwrap_err()
            .code(),
        "limits.depth"
    );
}

const REQUESTS: &str = include_str!("../../tests/data/conformance/requests.txt");

/// The games and requests of `requests.txt`: the game (`setup`, `standard`
/// or a DPN, seed 1), the decisions applied to it first (`-` for none), and
/// the request (`-` for the default).
const REQUEST_ROWS: &[(&str, &str, &str)] = &[
    // In setup: the engine's suggested placement, whatever the request.
    ("setup", "-", "-"),
    ("setup", "-", "level=5"),
    ("setup", "-", "depth=2"),
    ("setup", "D@C1 F@B1", "level=1 seed=4"),
    ("setup", "-", "hint top=2"),
    // In play: the default level, levels (the noise seeded), limits, a
    // level with limits (the level within them), the evaluation.
    ("standard", "-", "-"),
    ("standard", "-", "level=1 seed=3"),
    ("standard", "-", "level=1 seed=4"),
    ("standard", "-", "level=2 seed=5"),
    ("standard", "-", "level=3"),
    ("standard", "-", "level=4"),
    ("standard", "-", "depth=2"),
    ("standard", "-", "depth=3"),
    ("standard", "-", "nodes=5000"),
    ("standard", "-", "level=5 depth=2"),
    ("standard", "-", "level=4 depth=1"),
    ("standard", "-", "level=1 depth=2 seed=9"),
    ("standard", "-", "depth=2 evaluation=hand-tuned"),
    ("standard", "-", "level=3 evaluation=builtin"),
    ("standard", "-", "hint level=3"),
    ("standard", "-", "hint level=3 top=5"),
    ("standard", "-", "hint level=1 top=1"),
    ("standard", "-", "hint level=2 top=2 evaluation=hand-tuned"),
    // A drawn troop waiting: its square.
    ("standard", "levy", "-"),
    ("standard", "levy", "level=1 seed=2"),
    ("standard", "levy", "hint level=3 top=2"),
    ("standard", "B1-B2 E6-E5", "level=3"),
    ("standard", "B1-B2 E6-E5", "nodes=20000"),
    (
        "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
        "-",
        "level=3",
    ),
    (
        "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
        "-",
        "hint level=3 top=4",
    ),
    (
        "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
        "-",
        "level=2 seed=11",
    ),
    // Once the game is over (drawn by 200 quiet turns): the phase error.
    ("2fdf1/6/6/6/6/1FDF2 l -/- 200 300", "-", "-"),
    ("2fdf1/6/6/6/6/1FDF2 l -/- 200 300", "-", "level=2"),
    ("2fdf1/6/6/6/6/1FDF2 l -/- 200 300", "-", "hint"),
    ("2fdf1/6/6/6/6/1FDF2 l -/- 200 300", "-", "player=random"),
    // Numbers out of range, bad names: the same code in every face (no
    // row passes 0, which C reads as "unset").
    ("standard", "-", "level=6"),
    ("standard", "-", "depth=65"),
    ("standard", "-", "millis=86400001"),
    ("standard", "-", "hint top=1000"),
    ("standard", "-", "hint level=7"),
    ("standard", "-", "evaluation=nnue"),
    ("standard", "-", "evaluation="),
    ("standard", "-", "player=grumpy"),
    ("standard", "-", "player=level9"),
    ("standard", "-", "player=depth0"),
    ("setup", "-", "player=random"),
];

/// The game of a row: its start, then its decisions.
fn request_game(start: &str, decisions: &str) -> Game {
    let mut game = match start {
        "setup" => Game::new(1),
        "standard" => Game::standard(1),
        dpn => Game::from_position(dpn.parse().unwrap(), 1),
    };
    for d in decisions.split_whitespace().filter(|&d| d != "-") {
        game.apply(d.parse().unwrap()).unwrap();
    }
    game
}

/// What the engine answers for one row: the decision (and for a request
/// with alternatives, `top` and each of them), or `error` and the code.
fn request_answer(game: &Game, request: &str) -> String {
    let answer = (|| -> Result<String, duke_engine::Error> {
        let mut r = Request::new();
        let mut player = None;
        for word in request.split_whitespace().filter(|&w| w != "-") {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            let n = || value.parse::<i128>().unwrap();
            r = match key {
                "hint" => Request::hint(),
                "level" => r.with_level(n())?,
                "depth" => r.with_depth(n())?,
                "nodes" => r.with_nodes(n())?,
                "millis" => r.with_millis(n())?,
                "seed" => r.with_seed(value.parse().unwrap()),
                "top" => r.with_top(n())?,
                "evaluation" => {
                    r.with_evaluation(duke_engine::search::nnue::Evaluation::by_name(value)?)
                }
                "player" => {
                    player = Some(value.parse::<Player>()?);
                    r
                }
                _ => panic!("unknown key {key}"),
            };
        }
        if let Some(p) = player {
            let mut searcher = duke_engine::search::Searcher::new();
            return Ok(p.decide(game, &mut searcher, 0)?.0.to_string());
        }
        let a = r.decide(game)?;
        let mut text = a.decision.to_string();
        if r.top() > 0 {
            text.push_str(" top");
            for (d, _) in &a.top {
                text.push_str(&format!(" {d}"));
            }
            // A hint's answer is the first of its list.
            if r.is_hint() {
                assert_eq!(a.top[0], (a.decision, a.score), "{request}");
            }
        }
        Ok(text)
    })();
    answer.unwrap_or_else(|e| format!("error {}", e.code()))
}

#[test]
fn request_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # A request to the AI and its answer, the same in every face. Tab-separated: the game\n\
         # (`setup`: a new game in setup; `standard`: the standard start; or a DPN; seed 1), the\n\
         # decisions applied first (`-`: none), the request (`-`: the default; words key=value:\n\
         # level, depth, nodes, millis, seed, top, evaluation; `hint` asks for a hint, which\n\
         # lists 3 decisions unless top says otherwise; `player=NAME` asks one of the engine's\n\
         # players with seed 0), and the answer: the decision, then `top` and the listed\n\
         # decisions when the request lists some; or `error` and the engine's code.\n",
    );
    // Rows that apply their keys in order: `hint` first where it appears.
    for &(start, decisions, request) in REQUEST_ROWS {
        let game = request_game(start, decisions);
        let answer = request_answer(&game, request);
        want.push_str(&format!("{start}\t{decisions}\t{request}\t{answer}\n"));
    }
    bless_or_check("requests.txt", REQUESTS, &want);
    // Every kind of answer is there.
    for needle in [
        "\terror phase\n",
        "\terror level.range\n",
        "\terror player.name\n",
        "\terror nnue.name\n",
        " top ",
    ] {
        assert!(REQUESTS.contains(needle), "no row answers {needle:?}");
    }
}
