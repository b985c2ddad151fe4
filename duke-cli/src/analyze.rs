//! `duke analyze <record>`: every turn of a game scored by the AI
//! (`duke_engine::search::analyze`), as text, JSON or an SVG graph.

use std::fmt::Write as _;

use duke_engine::search::{
    analysis_depth, analyze, confirm_depth, level as level_of, Assessment, TurnAnalysis, BLUNDER,
    CONFIRM_NODES, MISTAKE, SCORE_CAP,
};
use duke_engine::{Game, Side};
use serde_json::json;

use crate::protocol::score_text;

/// Reads a record and analyses it.
pub fn run(record: &str, level: u8) -> Result<(Game, Vec<TurnAnalysis>), String> {
    let game = Game::from_record(record).map_err(|e| e.to_string())?;
    let turns = analyze(&game, level_of(level));
    Ok((game, turns))
}

fn footmen(cents: i32) -> String {
    score_text(cents)
}

/// The analysis as text: one line a turn, then a count of the marks.
pub fn text(turns: &[TurnAnalysis], level: u8) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# level {level}, every decision searched to depth {}{}; scores in Footmen for the side that played",
        analysis_depth(level_of(level)),
        confirm_text(level)
    );
    let _ = writeln!(
        out,
        "# ? mistake: a drop of {} or more; ?? blunder: a drop of {} or more",
        footmen(MISTAKE),
        footmen(BLUNDER)
    );
    let _ = writeln!(
        out,
        "{:>4}  {:<5}  {:<9} {:>9} {:>9} {:>7} {:>5}  best",
        "turn", "side", "played", "before", "after", "drop", "depth"
    );
    for t in turns {
        let played = format!("{}{}", t.played, t.assessment.symbol());
        let _ = writeln!(
            out,
            "{:>4}  {:<5}  {:<9} {:>9} {:>9} {:>7} {:>5}  {}",
            t.number,
            t.side.name(),
            played,
            footmen(t.before),
            footmen(t.after),
            footmen(t.drop),
            t.depth,
            best_text(t)
        );
    }
    for side in Side::ALL {
        let count = |a: Assessment| {
            turns
                .iter()
                .filter(|t| t.side == side && t.assessment == a)
                .count()
        };
        let _ = writeln!(
            out,
            "{}: {} mistakes, {} blunders",
            side.name(),
            count(Assessment::Mistake),
            count(Assessment::Blunder)
        );
    }
    out
}

/// How marked turns are searched again, if they are.
fn confirm_text(level: u8) -> String {
    confirm_depth(level_of(level)).map_or(String::new(), |d| {
        format!(
            ", and a marked turn's best and played decisions again, up to depth {d} within {CONFIRM_NODES} nodes (depth column)"
        )
    })
}

fn best_text(t: &TurnAnalysis) -> String {
    t.best.to_string()
}

/// The analysis as JSON.
pub fn to_json(game: &Game, turns: &[TurnAnalysis], level: u8) -> String {
    let list: Vec<_> = turns
        .iter()
        .map(|t| {
            json!({
                "turn": t.number,
                "side": t.side.as_str(),
                "played": t.played.to_string(),
                "before": t.before,
                "after": t.after,
                "drop": t.drop,
                "best": best_text(t),
                "mark": t.assessment.name(),
                "depth": t.depth,
            })
        })
        .collect();
    let value = json!({
        "level": level,
        "depth": analysis_depth(level_of(level)),
        "confirm_depth": confirm_depth(level_of(level)),
        "units": "centi-Footmen, for the side that played the turn",
        "mistake": MISTAKE,
        "blunder": BLUNDER,
        "result": game.outcome().map(|o| o.to_string()),
        "turns": list,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// The score over the game from Light's side as an SVG line graph, with
/// the mistakes and blunders marked.
pub fn svg(turns: &[TurnAnalysis]) -> String {
    const W: f64 = 720.0;
    const H: f64 = 300.0;
    const LEFT: f64 = 48.0;
    const TOP: f64 = 24.0;
    const PLOT_W: f64 = W - LEFT - 16.0;
    const PLOT_H: f64 = H - TOP - 40.0;
    // Light's score after each turn, capped for the picture.
    let cap = f64::from(SCORE_CAP) / 100.0 / 2.0; // ±10 Footmen
    let light = |t: &TurnAnalysis| {
        let s = f64::from(t.after.clamp(-SCORE_CAP, SCORE_CAP)) / 100.0;
        let s = if t.side == Side::Light { s } else { -s };
        s.clamp(-cap, cap)
    };
    let n = turns.len().max(1) as f64;
    let x = |i: f64| LEFT + PLOT_W * i / n;
    let y = |s: f64| TOP + PLOT_H * (cap - s) / (2.0 * cap);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r##"<rect width="{W}" height="{H}" fill="#ffffff"/>"##);
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="16">Score for Light after each turn (Footmen; above 0 Light is better)</text>"##
    );
    for s in [-cap, -cap / 2.0, 0.0, cap / 2.0, cap] {
        let yy = y(s);
        let (stroke, label) = if s == 0.0 {
            ("#444444", "0".to_string())
        } else {
            ("#dddddd", format!("{s:+.0}"))
        };
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{stroke}"/><text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text>"##,
            LEFT + PLOT_W,
            LEFT - 6.0,
            yy + 4.0
        );
    }
    let mut points = vec![format!("{:.1},{:.1}", x(0.0), y(0.0))];
    for (i, t) in turns.iter().enumerate() {
        points.push(format!("{:.1},{:.1}", x(i as f64 + 1.0), y(light(t))));
    }
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="#1f5fbf" stroke-width="2"/>"##,
        points.join(" ")
    );
    for (i, t) in turns.iter().enumerate() {
        let colour = match t.assessment {
            Assessment::Good => continue,
            Assessment::Mistake => "#e69500",
            Assessment::Blunder => "#cc0000",
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{:.1}" cy="{:.1}" r="5" fill="{colour}"><title>turn {} {} {}{} (drop {})</title></circle>"##,
            x(i as f64 + 1.0),
            y(light(t)),
            t.number,
            t.side.name(),
            t.played,
            t.assessment.symbol(),
            footmen(t.drop)
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="{:.1}">turn 0 to {}</text><circle cx="{:.1}" cy="{:.1}" r="5" fill="#e69500"/><text x="{:.1}" y="{:.1}">mistake</text><circle cx="{:.1}" cy="{:.1}" r="5" fill="#cc0000"/><text x="{:.1}" y="{:.1}">blunder</text>"##,
        H - 12.0,
        turns.len(),
        W - 190.0,
        H - 16.0,
        W - 180.0,
        H - 12.0,
        W - 100.0,
        H - 16.0,
        W - 90.0,
        H - 12.0
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_has_a_point_a_turn_and_marks() {
        let mut game = Game::standard(2);
        for _ in 0..8 {
            let request = duke_engine::search::Request::new().with_level(1).unwrap();
            let d = request.decide(&game).unwrap().decision;
            game.apply(d).unwrap();
        }
        let turns = analyze(&game, level_of(2));
        let picture = svg(&turns);
        let line = picture
            .lines()
            .find(|l| l.starts_with("<polyline"))
            .unwrap();
        let points = line.split('"').nth(1).unwrap().split(' ').count();
        assert_eq!(points, turns.len() + 1);
        let marked = turns
            .iter()
            .filter(|t| t.assessment != Assessment::Good)
            .count();
        assert_eq!(picture.matches("<circle cx").count(), marked + 2);
    }
}
