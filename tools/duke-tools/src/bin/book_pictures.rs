//! Writes the book's generated pictures and tables (`docs/src/pictures`):
//! every troop's two charts from the engine's chart table, the worked
//! examples of the rules chapter as board diagrams with what the engine
//! says about them, and test vectors for the format chapters.
//!
//! Run from the repository's root:
//! `cargo run --release -p duke-tools --bin book_pictures -- docs/src/pictures`
//!
//! Everything written depends only on the engine (no seeds from the clock),
//! so a second run writes the same bytes; CI runs it and fails when the
//! committed files differ.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use duke_engine::encode::{action_index, write_observation, PLANES};

use duke_engine::render::{chart_svg, svg, SvgOptions};
use duke_engine::{chart, Bitboard, Face, Game, Mark, Position, Square, Troop};
use duke_engine::{Decision, Perspective};

/// One worked example of the rules chapter.
struct Example {
    /// File stem.
    name: &'static str,
    /// The position (DPN).
    dpn: &'static str,
    /// What to highlight.
    show: Show,
    /// Action texts to try, each reported legal or with the engine's reason.
    tries: &'static [&'static str],
}

enum Show {
    /// The targets of the tile on this square, with their marks.
    Targets(&'static str),
    /// The squares a levy may use, and the chances of each troop.
    Levy,
    /// The squares the mover's Duke may not enter, with their attackers.
    DukeDangers,
    /// Nothing highlighted: play the tries and show the position after the last.
    After,
}

const EXAMPLES: &[Example] = &[
    Example {
        name: "start",
        dpn: "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0",
        show: Show::Levy,
        tries: &["B1-B2", "C1-C2", "P@C2"],
    },
    Example {
        name: "move",
        dpn: "3d2/6/f5/3F2/2P3/2D3 l -/- 0 10",
        show: Show::Targets("C2"),
        tries: &["C2-E4", "C2-D3"],
    },
    Example {
        name: "jump",
        dpn: "3d2/3p2/1Ff3/2K3/6/4D1 l -/- 0 10",
        show: Show::Targets("C3"),
        tries: &["C3xD5", "C3-B5"],
    },
    Example {
        name: "slide",
        dpn: "3d2/6/6/1D2f1/6/6 l -/- 0 10",
        show: Show::Targets("B3"),
        tries: &["B3-F3"],
    },
    Example {
        name: "jump-slide",
        dpn: "2p2d/6/2f3/2A3/3F2/3D2 l -/- 0 10",
        show: Show::Targets("C3"),
        tries: &["C3-C4", "C3xC6"],
    },
    Example {
        name: "strike",
        dpn: "5d/2f3/1p4/2+B3/6/D5 l -/- 0 10",
        show: Show::Targets("C3"),
        tries: &["C3*C5", "C3*D4", "C3-C5"],
    },
    Example {
        name: "command",
        dpn: "3d2/6/6/1F+G3/2Dp2/6 l -/- 0 10",
        show: Show::Targets("C3"),
        tries: &["C3:C2xD2", "C3:B3-A3"],
    },
    Example {
        name: "levy",
        dpn: "3d2/6/6/2DF2/6/6 l KPP/- 0 10",
        show: Show::Levy,
        tries: &["P@C4", "K@D3", "W@C2"],
    },
    Example {
        name: "guard",
        dpn: "3d2/2r3/6/4c1/2F3/2D3 l -/- 0 10",
        show: Show::DukeDangers,
        tries: &["C2-B2", "C2-C3", "C1-E1", "C1-D1"],
    },
    Example {
        name: "end",
        dpn: "3d2/3F2/6/6/6/2D3 l -/- 7 30",
        show: Show::After,
        tries: &["D5xD6"],
    },
    // Expanded Play (docs/src/expanded.md): the rulebook's examples.
    Example {
        name: "mountain-pikeman",
        dpn: "d5/1k1f2/6/2+P3/6/5D l -/- 0 0 mountain,mountain=C4",
        show: Show::Targets("C3"),
        tries: &["C3*B5", "C3*D5"],
    },
    Example {
        name: "mountain-bowman",
        dpn: "d5/2f3/1m1i2/2+B3/6/5D l -/- 0 0 mountain,mountain=C4",
        show: Show::Targets("C3"),
        tries: &["C3*B4", "C3*D4", "C3*C5"],
    },
    Example {
        name: "general-mountain",
        dpn: "d4s/6/6/6/1P+G3/5D l -/- 0 0 mountain,mountain=C1",
        show: Show::Targets("C2"),
        tries: &["C2:B2-D2", "C2:B2-B1", "C2:B2-C1", "C2:B2-D1"],
    },
    Example {
        name: "fort-slide",
        dpn: "d5/6/6/6/6/5D l -/- 0 0 fort,fort=C1",
        show: Show::Targets("F1"),
        tries: &["F1-C1", "F1-B1"],
    },
    Example {
        name: "coup-point",
        dpn: "3d2/6/6/6/1F4/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0",
        show: Show::After,
        tries: &["B2-B3"],
    },
    Example {
        name: "flag-pass",
        dpn: "3d2/6/6/6/2FF2/3D2 l -/- 0 0 flag,flags=A1/C2",
        show: Show::Targets("C2"),
        tries: &["C2^D2", "C2-C1"],
    },
];

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).expect("create the output directory");
    }
    fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

fn file_stem(troop: Troop, face: Face) -> String {
    let face = match face {
        Face::Starting => "starting",
        Face::Flipped => "flipped",
    };
    format!("{}-{face}", troop.name().to_lowercase())
}

/// The chart pictures and a Markdown table of them for the troops chapter.
fn charts(dir: &Path) {
    let mut md = String::from(
        "| troop | letter | tiles | starting face | other face |\n|---|---|---|---|---|\n",
    );
    for troop in Troop::ALL {
        let mut cells = Vec::new();
        for face in Face::ALL {
            let stem = file_stem(troop, face);
            write(
                dir,
                &format!("charts/{stem}.svg"),
                &chart_svg(troop, face, 36),
            );
            let marks: Vec<String> = Mark::ALL
                .iter()
                .filter_map(|&mark| {
                    let n = chart(troop, face).iter().filter(|m| m.mark == mark).count();
                    (n > 0).then(|| format!("{n} {mark}"))
                })
                .collect();
            cells.push(format!(
                "![{} {}: {}](pictures/charts/{stem}.svg)",
                troop.name(),
                if face == Face::Starting {
                    "starting face"
                } else {
                    "other face"
                },
                marks.join(", ")
            ));
        }
        let _ = writeln!(
            md,
            "| {} | `{}` | {} | {} | {} |",
            troop.name(),
            troop.char(),
            troop.army_count(),
            cells[0],
            cells[1]
        );
    }
    write(dir, "charts.md", &md);

    // The offsets themselves, as a third party would transcribe them.
    let mut offsets = String::from("| troop | face | marks at (right, forward) |\n|---|---|---|\n");
    for troop in Troop::ALL {
        for face in Face::ALL {
            let mut groups = Vec::new();
            for mark in Mark::ALL {
                let list: Vec<String> = chart(troop, face)
                    .iter()
                    .filter(|m| m.mark == mark)
                    .map(|m| format!("({},{})", m.dx, m.dy))
                    .collect();
                if !list.is_empty() {
                    groups.push(format!("{mark} {}", list.join(" ")));
                }
            }
            let _ = writeln!(
                offsets,
                "| {} | {} | {} |",
                troop.name(),
                if face == Face::Starting {
                    "starting"
                } else {
                    "other"
                },
                groups.join("; ")
            );
        }
    }
    write(dir, "chart-offsets.md", &offsets);
}

fn square(text: &str) -> Square {
    text.parse().expect("a square of the example")
}

fn board(
    pos: &Position,
    highlights: Bitboard,
    forbidden: Bitboard,
    last: Option<duke_engine::Action>,
) -> String {
    svg(
        pos,
        &SvgOptions {
            square: 64,
            highlights,
            forbidden,
            last_action: last,
            ..SvgOptions::default()
        },
    )
}

/// A worked example: its diagram and a Markdown fragment of what the
/// engine says about it.
fn example(dir: &Path, ex: &Example) {
    let pos: Position = ex.dpn.parse().expect("the example's DPN");
    let mut md = format!("Position (DPN): `{}`\n\n", ex.dpn);
    let mut highlights = Bitboard::EMPTY;
    let mut forbidden = Bitboard::EMPTY;
    let mut picture_pos = pos;
    let mut last = None;
    match ex.show {
        Show::Targets(sq) => {
            let sq = square(sq);
            let tile = pos.tile_at(sq).expect("a tile on the example's square");
            let _ = writeln!(
                md,
                "The {} on {sq} ({} face up) has these actions (green dots in the diagram):\n",
                tile.troop.name(),
                if tile.face == Face::Starting {
                    "starting"
                } else {
                    "other"
                }
            );
            md.push_str("| action | mark | captures |\n|---|---|---|\n");
            for &a in pos.actions_from(sq).iter() {
                highlights |= a.target();
                let mark = match pos.mark_of(a) {
                    Some(m) => m.name(),
                    None if a.kind() == duke_engine::ActionKind::Pass => "passes the Flag",
                    None => "?",
                };
                let _ = writeln!(
                    md,
                    "| `{a}` | {mark} | {} |",
                    if a.is_capture() { "yes" } else { "no" }
                );
            }
        }
        Show::Levy => {
            highlights = pos.levy_squares();
            let squares: Vec<String> = highlights.into_iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                md,
                "{} may levy onto {} (green dots in the diagram). The draw gives:\n",
                pos.side_to_move(),
                squares.join(", ")
            );
            md.push_str("| troop | chance |\n|---|---|\n");
            for c in pos.levy_chances() {
                let _ = writeln!(md, "| {} | {}/{} |", c.troop.name(), c.count, c.total);
            }
            let levies = pos
                .legal_actions()
                .iter()
                .filter(|a| a.kind() == duke_engine::ActionKind::Place)
                .count();
            let _ = writeln!(
                md,
                "\nThe position has {} legal actions, {levies} of them levies counted as (troop, square) pairs.",
                pos.legal_actions().len()
            );
        }
        Show::DukeDangers => {
            let _ = writeln!(
                md,
                "The squares {}'s Duke could reach but may not enter, with the enemy tiles that would capture it there (red crosses in the diagram; green dots mark the squares it may go to):\n",
                pos.side_to_move()
            );
            md.push_str("| square | attacked by |\n|---|---|\n");
            // The squares the Duke may go to, as green dots beside the crosses.
            if let Some(duke) = pos.duke(pos.side_to_move()) {
                for &a in pos.actions_from(duke).iter() {
                    highlights |= a.target();
                }
            }
            for (sq, by) in pos.duke_dangers() {
                forbidden |= sq;
                let by: Vec<String> = by.into_iter().map(|s| s.to_string()).collect();
                let _ = writeln!(md, "| {sq} | {} |", by.join(", "));
            }
        }
        Show::After => {}
    }
    if !ex.tries.is_empty() {
        md.push_str("\n| tried | the engine says |\n|---|---|\n");
        for text in ex.tries {
            match pos.parse_action(text) {
                Ok(a) => {
                    let after = pos.play(a).expect("a legal action plays");
                    let outcome = after.outcome().map_or(String::new(), |o| format!("; {o}"));
                    let _ = writeln!(md, "| `{text}` | legal{outcome}; after it: `{after}` |");
                    if matches!(ex.show, Show::After) {
                        picture_pos = after;
                        last = Some(a);
                    }
                }
                Err(e) => {
                    let _ = writeln!(md, "| `{text}` | `{}`: {e} |", e.code());
                }
            }
        }
    }
    write(
        dir,
        &format!("board/{}.svg", ex.name),
        &board(&picture_pos, highlights, forbidden, last),
    );
    write(dir, &format!("board/{}.md", ex.name), &md);
}

/// The setup: where Light's Footmen may go once its Duke is on C1.
fn setup(dir: &Path) {
    let mut game = Game::new(0);
    let mut md = String::from("At the start of a game Light may place: ");
    let first: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| format!("`{a}`"))
        .collect();
    md.push_str(&first.join(", "));
    game.play_text("D@C1").expect("the Duke may go on C1");
    let mut highlights = Bitboard::EMPTY;
    let next: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| {
            highlights |= a.target();
            format!("`{a}`")
        })
        .collect();
    let _ = writeln!(
        md,
        ".\n\nAfter `D@C1`, Light's first Footman may be placed by: {} (green dots in the diagram).",
        next.join(", ")
    );
    write(
        dir,
        "board/setup.svg",
        &board(game.position(), highlights, Bitboard::EMPTY, None),
    );
    write(dir, "board/setup.md", &md);
}

/// Test vectors for the format chapters: a record, action indices and
/// observation planes.
fn vectors(dir: &Path) {
    // A record: the standard start, two maneuvers and a levy.
    let mut game = Game::standard(42);
    game.play_text("B1-B2").expect("legal");
    game.play_text("E6-F6").expect("legal");
    let troop = game.draw().expect("Light may levy");
    game.place(square("C2")).expect("C2 is next to the Duke");
    game.play_text("C6-C5").expect("legal");
    write(dir, "record.txt", &game.record());
    let mut with_seed = game.record_with_seed();
    if !with_seed.ends_with('\n') {
        with_seed.push('\n');
    }
    write(dir, "record-with-seed.txt", &with_seed);
    let _ = troop;

    // Action indices of every legal action, from both sides' point of view.
    let start = Position::standard();
    let after = start
        .play(start.parse_action("B1-B2").expect("legal"))
        .expect("legal");
    let mut md = String::new();
    for (title, pos) in [
        ("the standard start (Light to move)", start),
        ("after B1-B2 (Dark to move)", after),
    ] {
        let _ = writeln!(md, "In {title}, `{pos}`:\n");
        md.push_str("| action | index, absolute | index, mover |\n|---|---|---|\n");
        for &a in pos.legal_actions().iter() {
            let _ = writeln!(
                md,
                "| `{a}` | {} | {} |",
                action_index(Decision::Act(a), &pos, Perspective::Absolute),
                action_index(Decision::Act(a), &pos, Perspective::Mover)
            );
        }
        md.push('\n');
    }
    write(dir, "action-indices.md", &md);

    // The observation planes of the standard start that are not all zero.
    let mut obs = vec![0u8; PLANES * 36];
    write_observation(&start, Perspective::Absolute, &mut obs);
    let mut md = String::from(
        "| plane | what | value on each square, rank 1 first (A1..F1, A2..F2, ...) |\n|---|---|---|\n",
    );
    for p in 0..PLANES {
        let plane = &obs[p * 36..(p + 1) * 36];
        if plane.iter().all(|&b| b == 0) {
            continue;
        }
        let what = match p {
            0..=59 => {
                let troop = Troop::ALL[p / 4];
                let face = if (p / 2) % 2 == 0 {
                    "starting"
                } else {
                    "other"
                };
                format!("{} {face} face, owner {}", troop.name(), p % 2)
            }
            60 => "Light to move".to_string(),
            61..=75 => format!("owner 0's bag: {}", Troop::ALL[p - 61].name()),
            76..=90 => format!("owner 1's bag: {}", Troop::ALL[p - 76].name()),
            91 => "quiet counter".to_string(),
            _ => format!("drawn troop: {}", Troop::ALL[p - 92].name()),
        };
        let values = if plane.iter().all(|&b| b == plane[0]) {
            format!("{} on all 36", plane[0])
        } else {
            let v: Vec<String> = plane.iter().map(|b| b.to_string()).collect();
            v.join(" ")
        };
        let _ = writeln!(md, "| {p} | {what} | {values} |");
    }
    write(dir, "observation-start.md", &md);
}

fn main() {
    let dir: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("docs/src/pictures"));
    charts(&dir);
    setup(&dir);
    for ex in EXAMPLES {
        example(&dir, ex);
    }
    vectors(&dir);
    println!("wrote the book's pictures to {}", dir.display());
}
