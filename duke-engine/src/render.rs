//! Pictures of a position: an SVG drawing with every tile's current chart
//! in the spec's marks, and a text board for terminals.

use alloc::string::String;
use core::fmt::Write as _;

use crate::charts::{chart, ChartMark, Mark};
use crate::{Action, Bitboard, Face, Position, Side, Square, Tile, Troop};

bitflags::bitflags! {
    /// The drawing's switches ([`SvgOptions::flags`]); C has them as
    /// `DUKE_SVG_*`, Python as `duke.SvgFlag`.
    ///
    /// ```
    /// use duke_engine::render::{svg, SvgFlags, SvgOptions};
    /// use duke_engine::Position;
    /// let plain = SvgOptions { flags: SvgFlags::empty(), ..SvgOptions::default() };
    /// assert!(!svg(&Position::standard(), &plain).contains(">A</text>"));
    /// assert!(svg(&Position::standard(), &SvgOptions::default()).contains(">A</text>"));
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct SvgFlags: u8 {
        /// Draw the board from Dark's side (rank 1 on top).
        const FROM_DARK = 1;
        /// Draw file letters and rank numbers (on by default).
        const COORDINATES = 2;
    }
}

/// How to draw a position as SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Side of one square, in pixels; the faces take
    /// [`Limit::SvgSquare`](crate::Limit::SvgSquare)'s range (16 to 1,024).
    pub square: u32,
    /// Squares to highlight with a green dot (say, the targets of a
    /// selected tile): squares a tile may go to.
    pub highlights: Bitboard,
    /// Squares to mark with a red cross: squares a tile may not go to
    /// (say, the squares the guard rule forbids the Duke).
    pub forbidden: Bitboard,
    /// The last action, whose squares are marked.
    pub last_action: Option<Action>,
    /// The switches: [`SvgFlags::COORDINATES`] by default.
    pub flags: SvgFlags,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            square: 72,
            highlights: Bitboard::EMPTY,
            forbidden: Bitboard::EMPTY,
            last_action: None,
            flags: SvgFlags::COORDINATES,
        }
    }
}

const LIGHT_TILE: &str = "#f4e6c8";
const DARK_TILE: &str = "#5b4030";
const LIGHT_INK: &str = "#2b2118";
const DARK_INK: &str = "#f4e6c8";

/// Draws `pos` as an SVG document: the 6×6 board, each tile with its
/// current chart on a 5×5 grid in the spec's marks (● Move, ○ Jump,
/// ▲ Slide, △ Jump Slide, ✦ Strike, ⌘ Command as a square frame), its name,
/// and a `+` when its other face is up. Dark's tiles are turned 180°, as
/// across a real table.
///
/// ```
/// use duke_engine::render::{svg, SvgOptions};
/// use duke_engine::Position;
/// let text = svg(&Position::standard(), &SvgOptions::default());
/// assert!(text.starts_with("<svg"));
/// assert_eq!(text.matches("class=\"tile\"").count(), 6);
/// ```
pub fn svg(pos: &Position, opts: &SvgOptions) -> String {
    let s = opts.square as f32;
    let from_dark = opts.flags.contains(SvgFlags::FROM_DARK);
    let coordinates = opts.flags.contains(SvgFlags::COORDINATES);
    let margin = if coordinates { s * 0.3 } else { 0.0 };
    let size = s * 6.0 + 2.0 * margin;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\" font-family=\"sans-serif\">"
    );
    let _ = write!(
        out,
        "<rect width=\"{size}\" height=\"{size}\" fill=\"#d9c9a3\"/>"
    );
    // Screen position of a square's top-left corner.
    let corner = |sq: Square| -> (f32, f32) {
        let (col, row) = if from_dark {
            (5 - sq.file(), sq.rank())
        } else {
            (sq.file(), 5 - sq.rank())
        };
        (margin + col as f32 * s, margin + row as f32 * s)
    };
    let last: Bitboard = match opts.last_action {
        Some(a) => {
            let mut bb = Bitboard::from(a.target());
            if let Some(actor) = a.actor() {
                bb |= actor;
            }
            if let crate::ActionView::Command { from, .. } = a.view() {
                bb |= from;
            }
            bb
        }
        None => Bitboard::EMPTY,
    };
    for sq in Square::ALL {
        let (x, y) = corner(sq);
        let fill = if (sq.file() + sq.rank()) % 2 == 0 {
            "#c8b488"
        } else {
            "#e3d3ab"
        };
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\"/>"
        );
        if last.contains(sq) {
            let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"#f2d14a\" fill-opacity=\"0.55\"/>");
        }
    }
    // Expanded Play's terrain under the tiles: the Mountain's peaks (no
    // tile ever stands there), the Fort's walls (a tile may stand inside).
    if let Some(sq) = pos.mountain() {
        let (x, y) = corner(sq);
        draw_mountain(&mut out, x, y, s);
    }
    if let Some(sq) = pos.fort() {
        let (x, y) = corner(sq);
        draw_fort(&mut out, x, y, s);
    }
    for sq in Square::ALL {
        if let Some(tile) = pos.tile_at(sq) {
            let (x, y) = corner(sq);
            draw_tile(&mut out, tile, x, y, s, from_dark);
        }
    }
    // The Flags over the tiles, in a corner of their square: each side's in
    // its tiles' colour.
    for side in Side::ALL {
        if let Some(sq) = pos.flag(side) {
            let (x, y) = corner(sq);
            draw_flag(&mut out, side, x, y, s);
        }
    }
    for sq in opts.highlights {
        let (x, y) = corner(sq);
        let r = s * 0.16;
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"#2e8b57\" fill-opacity=\"0.7\" class=\"highlight\"/>",
            x + s / 2.0,
            y + s / 2.0
        );
    }
    for sq in opts.forbidden {
        let (x, y) = corner(sq);
        let (cx, cy, d) = (x + s / 2.0, y + s / 2.0, s * 0.14);
        let _ = write!(
            out,
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#c0392b\" stroke-width=\"{}\" stroke-linecap=\"round\" class=\"forbidden\"/>",
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx - d,
            cy + d,
            cx + d,
            cy - d,
            s * 0.06
        );
    }
    if coordinates {
        for i in 0..6u8 {
            let file = if from_dark { 5 - i } else { i };
            let rank = if from_dark { i } else { 5 - i };
            let fx = margin + (f32::from(i) + 0.5) * s;
            let _ = write!(
                out,
                "<text x=\"{fx}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#3a2c1c\">{}</text>",
                size - margin * 0.3,
                margin * 0.7,
                (b'A' + file) as char
            );
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#3a2c1c\">{}</text>",
                margin / 2.0,
                margin + (f32::from(i) + 0.62) * s,
                margin * 0.7,
                rank + 1
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// Draws one face of a troop's chart as an SVG document. It shows the 5×5
/// grid of the game's tiles seen from the owner's side (forward is up),
/// with the troop in the middle cell. Every mark of [`chart`] is drawn in
/// the same symbols as [`svg`]:
///
/// | symbol | mark |
/// |---|---|
/// | ● | Move |
/// | ○ | Jump |
/// | ▲ | Slide |
/// | △ | Jump Slide, two cells out, where its line begins |
/// | ✦ | Strike |
/// | ⌘ (a square frame) | Command |
///
/// `cell` is the side of one cell in pixels (at least 24).
///
/// ```
/// use duke_engine::render::chart_svg;
/// use duke_engine::{Face, Troop};
/// let text = chart_svg(Troop::Footman, Face::Starting, 40);
/// assert!(text.starts_with("<svg"));
/// // The Footman's starting face: four Moves, one per orthogonal neighbour.
/// assert_eq!(text.matches("class=\"mark move\"").count(), 4);
/// ```
pub fn chart_svg(troop: Troop, face: Face, cell: u32) -> String {
    let c = cell.max(24) as f32;
    let size = c * 5.0;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\" font-family=\"sans-serif\">"
    );
    let _ = write!(
        out,
        "<rect width=\"{size}\" height=\"{size}\" fill=\"{LIGHT_TILE}\"/>"
    );
    for i in 0..=5u8 {
        let t = f32::from(i) * c;
        let _ = write!(
            out,
            "<path d=\"M{t} 0 L{t} {size} M0 {t} L{size} {t}\" stroke=\"#b59b6a\" stroke-width=\"{}\"/>",
            c * 0.03
        );
    }
    // The tile's own cell.
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{c}\" height=\"{c}\" fill=\"#d9c9a3\"/>",
        2.0 * c,
        2.0 * c
    );
    let name = troop.name();
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{LIGHT_INK}\">{}{name}</text>",
        2.5 * c,
        2.6 * c,
        c * 0.26 * (7.0 / (name.len() as f32 + 1.0)).min(1.0),
        if face == Face::Flipped { "+" } else { "" }
    );
    for m in chart(troop, face) {
        let (dx, dy) = match m.mark {
            Mark::JumpSlide => (m.dx * 2, m.dy * 2),
            _ => (m.dx, m.dy),
        };
        let px = (f32::from(dx) + 2.5) * c;
        let py = (2.5 - f32::from(dy)) * c;
        // The cell size of a board tile's chart is 0.13 of a square; here
        // the marks are drawn at twice that scale for a cell of `c`.
        draw_mark(&mut out, m, px, py, c * 0.5, LIGHT_INK);
    }
    out.push_str("</svg>");
    out
}

/// One tile as an SVG document of `size` pixels, drawn as on the board
/// (its current chart on a 5×5 grid, its name, `+` when flipped), turned
/// 180° when its owner sits across from the viewer (`from_dark` is the
/// viewer's side). The page draws its squares and panels with it.
///
/// ```
/// use duke_engine::render::tile_svg;
/// use duke_engine::{Face, Side, Tile, Troop};
/// let svg = tile_svg(Tile::new(Troop::Footman, Side::Light, Face::Starting), false, 80);
/// assert!(svg.starts_with("<svg") && svg.contains("aria-label=\"Light Footman, starting face\""));
/// assert_eq!(svg.matches("class=\"mark move\"").count(), 4);
/// ```
pub fn tile_svg(tile: Tile, from_dark: bool, size: u32) -> String {
    let s = size as f32;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {s} {s}\" width=\"{s}\" height=\"{s}\" font-family=\"sans-serif\" role=\"img\" aria-label=\"{} {}, {} face\">",
        tile.side,
        tile.troop,
        tile.face.as_str()
    );
    draw_tile(&mut out, tile, 0.0, 0.0, s, from_dark);
    out.push_str("</svg>");
    out
}

/// One mark's symbol as a small SVG document of `size` pixels (a Slide
/// points forward, up), in the renderer's ink: for legends.
///
/// ```
/// use duke_engine::render::mark_svg;
/// use duke_engine::Mark;
/// assert!(mark_svg(Mark::JumpSlide, 20).contains("class=\"mark jump-slide\""));
/// ```
pub fn mark_svg(mark: Mark, size: u32) -> String {
    let s = size as f32;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {s} {s}\" width=\"{s}\" height=\"{s}\" role=\"img\" aria-label=\"{}\">",
        mark.name()
    );
    let m = ChartMark { mark, dx: 0, dy: 1 };
    draw_mark(&mut out, &m, s / 2.0, s / 2.0, s, LIGHT_INK);
    out.push_str("</svg>");
    out
}

/// The Mountain on the square at (`x`, `y`): two grey peaks, snow-capped.
fn draw_mountain(out: &mut String, x: f32, y: f32, s: f32) {
    let p = |fx: f32, fy: f32| (x + fx * s, y + fy * s);
    let (a, b, c, d, e) = (
        p(0.08, 0.86),
        p(0.38, 0.22),
        p(0.55, 0.52),
        p(0.68, 0.36),
        p(0.92, 0.86),
    );
    let _ = write!(
        out,
        "<g class=\"mountain\"><rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"#9a948a\"/><path d=\"M{} {}L{} {}L{} {}L{} {}L{} {}Z\" fill=\"#6d675e\" stroke=\"#3d3a35\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
        a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1, e.0, e.1,
        s * 0.025
    );
    let (l, r) = (p(0.30, 0.37), p(0.46, 0.37));
    let _ = write!(
        out,
        "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"#f4f1ea\"/><title>Mountain</title></g>",
        b.0, b.1, l.0, l.1, r.0, r.1
    );
}

/// The Fort on the square at (`x`, `y`): a crenellated wall round the
/// square, so a tile inside it stays in view.
fn draw_fort(out: &mut String, x: f32, y: f32, s: f32) {
    let w = s * 0.07;
    let _ = write!(
        out,
        "<g class=\"fort\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#7a5a3a\" stroke-width=\"{w}\"/>",
        x + w / 2.0,
        y + w / 2.0,
        s - w,
        s - w
    );
    // Merlons along the top and bottom walls.
    for i in 0..4 {
        let mx = x + s * (0.1 + 0.24 * i as f32);
        for my in [y, y + s - w * 1.6] {
            let _ = write!(
                out,
                "<rect x=\"{mx}\" y=\"{my}\" width=\"{}\" height=\"{}\" fill=\"#7a5a3a\"/>",
                s * 0.1,
                w * 1.6
            );
        }
    }
    out.push_str("<title>Fort</title></g>");
}

/// `side`'s Flag in the top-left corner of the square at (`x`, `y`): a
/// pennant on a pole, in the side's tile colour with an outline.
fn draw_flag(out: &mut String, side: Side, x: f32, y: f32, s: f32) {
    let (fill, name) = match side {
        Side::Light => (LIGHT_TILE, "light"),
        Side::Dark => (DARK_TILE, "dark"),
    };
    let (px, top, foot) = (x + s * 0.1, y + s * 0.05, y + s * 0.42);
    let _ = write!(
        out,
        "<g class=\"flag {name}\"><path d=\"M{px} {foot}L{px} {top}\" stroke=\"#2b2118\" stroke-width=\"{}\" stroke-linecap=\"round\"/><path d=\"M{px} {top}L{} {}L{px} {}Z\" fill=\"{fill}\" stroke=\"#2b2118\" stroke-width=\"{}\" stroke-linejoin=\"round\"/><title>{} Flag</title></g>",
        s * 0.03,
        px + s * 0.26,
        top + s * 0.09,
        top + s * 0.18,
        s * 0.02,
        side.name()
    );
}

fn draw_tile(out: &mut String, tile: Tile, x: f32, y: f32, s: f32, from_dark: bool) {
    let (fill, ink) = match tile.side {
        Side::Light => (LIGHT_TILE, LIGHT_INK),
        Side::Dark => (DARK_TILE, DARK_INK),
    };
    // A tile faces its owner: upright when the viewer sits on its side.
    let upright = (tile.side == Side::Light) != from_dark;
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    let _ = write!(
        out,
        "<g class=\"tile\"{}>",
        if upright {
            String::new()
        } else {
            alloc::format!(" transform=\"rotate(180 {cx} {cy})\"")
        }
    );
    let pad = s * 0.05;
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{fill}\" stroke=\"{ink}\" stroke-width=\"{}\"/>",
        x + pad,
        y + pad,
        s - 2.0 * pad,
        s - 2.0 * pad,
        s * 0.08,
        s * 0.015
    );
    // The chart: a 5×5 grid in the top of the tile, the tile itself in the middle.
    let c = s * 0.13;
    let gx = cx - 2.5 * c;
    let gy = y + pad * 1.6;
    let center = |dx: i8, dy: i8| -> (f32, f32) {
        (
            gx + (f32::from(dx) + 2.5) * c,
            gy + (2.5 - f32::from(dy)) * c,
        )
    };
    let (mx, my) = center(0, 0);
    let d = c * 0.32;
    let _ = write!(
        out,
        "<path d=\"M{mx} {} L{} {my} L{mx} {} L{} {my} Z\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{}\"/>",
        my - d,
        mx + d,
        my + d,
        mx - d,
        c * 0.08
    );
    for m in chart(tile.troop, tile.face) {
        let (dx, dy) = match m.mark {
            Mark::JumpSlide => (m.dx * 2, m.dy * 2),
            _ => (m.dx, m.dy),
        };
        let (px, py) = center(dx, dy);
        draw_mark(out, m, px, py, c, ink);
    }
    let flipped = if tile.face == crate::Face::Flipped {
        "+"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<text x=\"{cx}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{flipped}{}</text></g>",
        y + s - pad * 2.2,
        s * 0.15 * (8.0 / (tile.troop.name().len() as f32 + 1.0)).min(1.0),
        tile.troop.name()
    );
}

/// Draws one chart mark centred on `(px, py)` in a cell of side `c`.
fn draw_mark(out: &mut String, m: &ChartMark, px: f32, py: f32, c: f32, ink: &str) {
    let r = c * 0.3;
    let w = c * 0.09;
    match m.mark {
        Mark::Move => {
            let _ = write!(
                out,
                "<circle class=\"mark move\" cx=\"{px}\" cy=\"{py}\" r=\"{r}\" fill=\"{ink}\"/>"
            );
        }
        Mark::Jump => {
            let _ = write!(
                out,
                "<circle class=\"mark jump\" cx=\"{px}\" cy=\"{py}\" r=\"{r}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{w}\"/>"
            );
        }
        Mark::Slide | Mark::JumpSlide => {
            // A triangle pointing along the direction (screen y grows downward).
            let angle = libm_atan2(-f32::from(m.dy), f32::from(m.dx));
            let pts = [0.0f32, 2.2, -2.2].map(|a| {
                let t = angle + a;
                (px + r * 1.2 * cos(t), py + r * 1.2 * sin(t))
            });
            let class = if m.mark == Mark::Slide {
                "slide"
            } else {
                "jump-slide"
            };
            let style = if m.mark == Mark::Slide {
                alloc::format!("fill=\"{ink}\"")
            } else {
                alloc::format!("fill=\"none\" stroke=\"{ink}\" stroke-width=\"{w}\"")
            };
            let _ = write!(
                out,
                "<path class=\"mark {class}\" d=\"M{} {} L{} {} L{} {} Z\" {style}/>",
                pts[0].0, pts[0].1, pts[1].0, pts[1].1, pts[2].0, pts[2].1
            );
        }
        Mark::Strike => {
            let (a, b) = (r * 1.15, r * 0.3);
            let _ = write!(
                out,
                "<path class=\"mark strike\" d=\"M{px} {} L{} {} L{} {py} L{} {} L{px} {} L{} {} L{} {py} L{} {} Z\" fill=\"{ink}\"/>",
                py - a,
                px + b,
                py - b,
                px + a,
                px + b,
                py + b,
                py + a,
                px - b,
                py + b,
                px - a,
                px - b,
                py - b
            );
        }
        Mark::Command => {
            // A square frame around the cell (it may also hold a Move dot).
            let h = c * 0.44;
            let _ = write!(
                out,
                "<rect class=\"mark command\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{w}\"/>",
                px - h,
                py - h,
                2.0 * h,
                2.0 * h
            );
        }
    }
}

// Small float helpers so the core stays no_std without libm: the angles
// are multiples of 45° plus ±2.2 rad, where these series are accurate to
// well under a pixel.
fn libm_atan2(y: f32, x: f32) -> f32 {
    use core::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    match (x.partial_cmp(&0.0), y.partial_cmp(&0.0)) {
        (Some(core::cmp::Ordering::Greater), Some(core::cmp::Ordering::Equal)) => 0.0,
        (Some(core::cmp::Ordering::Less), Some(core::cmp::Ordering::Equal)) => PI,
        (Some(core::cmp::Ordering::Equal), Some(core::cmp::Ordering::Greater)) => FRAC_PI_2,
        (Some(core::cmp::Ordering::Equal), Some(core::cmp::Ordering::Less)) => -FRAC_PI_2,
        _ => {
            // Diagonals only (unit directions).
            let base = if y > 0.0 { FRAC_PI_4 } else { -FRAC_PI_4 };
            if x > 0.0 {
                base
            } else if y > 0.0 {
                PI - FRAC_PI_4
            } else {
                -PI + FRAC_PI_4
            }
        }
    }
}

fn sin(x: f32) -> f32 {
    // Reduce to [-π, π] then a 9th-order Taylor series.
    let pi = core::f32::consts::PI;
    let mut x = x % (2.0 * pi);
    if x > pi {
        x -= 2.0 * pi;
    } else if x < -pi {
        x += 2.0 * pi;
    }
    // Fold to [-π/2, π/2] where the series is accurate.
    if x > pi / 2.0 {
        x = pi - x;
    } else if x < -pi / 2.0 {
        x = -pi - x;
    }
    let x2 = x * x;
    x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0))))
}

fn cos(x: f32) -> f32 {
    sin(x + core::f32::consts::FRAC_PI_2)
}

/// The board as text, rank 6 on top (rank 1 on top with `from_dark`):
/// letters uppercase for Light, lowercase for Dark, `+` before a tile
/// whose other face is up, `·` for an empty square.
///
/// ```
/// use duke_engine::render::text_board;
/// use duke_engine::Position;
/// let text = text_board(&Position::standard(), false);
/// assert_eq!(text.lines().next().unwrap(), "6   ·   ·   f   d   f   ·");
/// assert_eq!(text.lines().last().unwrap(), "    A   B   C   D   E   F");
/// ```
pub fn text_board(pos: &Position, from_dark: bool) -> String {
    let mut out = String::new();
    for row in 0..6u8 {
        let rank = if from_dark { row } else { 5 - row };
        let _ = write!(out, "{} ", rank + 1);
        for col in 0..6u8 {
            let file = if from_dark { 5 - col } else { col };
            let sq = Square::from_coords(file, rank).unwrap_or(Square::A1);
            match pos.tile_at(sq) {
                Some(t) => {
                    let plus = if t.face == crate::Face::Flipped {
                        '+'
                    } else {
                        ' '
                    };
                    let _ = write!(out, " {plus}{}", t.char());
                }
                None => out.push_str("  ·"),
            }
            if col < 5 {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for col in 0..6u8 {
        let file = if from_dark { 5 - col } else { col };
        let _ = write!(out, " {}", (b'A' + file) as char);
        if col < 5 {
            out.push_str("  ");
        }
    }
    // Expanded Play: what the board's letters do not show, on one line.
    let mut items: alloc::vec::Vec<String> = alloc::vec::Vec::new();
    if let Some(sq) = pos.mountain() {
        items.push(alloc::format!("Mountain {sq}"));
    }
    if let Some(sq) = pos.fort() {
        items.push(alloc::format!("Fort {sq}"));
    }
    for side in Side::ALL {
        if let Some(sq) = pos.flag(side) {
            items.push(alloc::format!("{} Flag {sq}", side.name()));
        }
    }
    if pos.rules().objective() == crate::Objective::Coup {
        items.push(alloc::format!(
            "points Light {}, Dark {}",
            pos.score(Side::Light),
            pos.score(Side::Dark)
        ));
    }
    if pos.relocation_pending() {
        items.push(alloc::format!(
            "{} may first relocate its Flag",
            pos.side_to_move().name()
        ));
    }
    if !items.is_empty() {
        out.push_str("\n    ");
        out.push_str(&items.join(" · "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trig_helpers_are_close() {
        for i in -20..20 {
            let x = i as f32 * 0.37;
            let (s, c) = (sin(x), cos(x));
            assert!((s * s + c * c - 1.0).abs() < 2e-3, "{x}");
        }
        assert!((sin(core::f32::consts::FRAC_PI_2) - 1.0).abs() < 1e-3);
    }

    #[test]
    fn chart_pictures_draw_every_mark_of_the_table() {
        for troop in Troop::ALL {
            for face in Face::ALL {
                let text = chart_svg(troop, face, 40);
                assert!(text.starts_with("<svg") && text.ends_with("</svg>"));
                assert!(text.contains(troop.name()), "{troop}");
                for mark in Mark::ALL {
                    let class = match mark {
                        Mark::Move => "move",
                        Mark::Jump => "jump",
                        Mark::Slide => "slide",
                        Mark::JumpSlide => "jump-slide",
                        Mark::Strike => "strike",
                        Mark::Command => "command",
                    };
                    let want = chart(troop, face).iter().filter(|m| m.mark == mark).count();
                    let drawn = text
                        .matches(&alloc::format!("class=\"mark {class}\""))
                        .count();
                    assert_eq!(drawn, want, "{troop} {face:?} {mark}");
                }
            }
        }
        // Forward is up: the Footman's flipped face has a Move two cells
        // above the middle cell (x 2.5 cells, y 0.5 cells at 40 px).
        let text = chart_svg(Troop::Footman, Face::Flipped, 40);
        assert!(
            text.contains("class=\"mark move\" cx=\"100\" cy=\"20\""),
            "{text}"
        );
    }

    #[test]
    fn expanded_play_draws_the_terrain_and_the_flags() {
        let pos: Position = "3d2/6/6/6/2F3/3D2 l -/- 0 0 coup+mountain+fort,mountain=C4,fort=E2,flags=A1/F6,score=1/0"
            .parse()
            .unwrap();
        let text = svg(&pos, &SvgOptions::default());
        assert_eq!(text.matches("class=\"mountain\"").count(), 1);
        assert_eq!(text.matches("class=\"fort\"").count(), 1);
        assert_eq!(text.matches("class=\"flag light\"").count(), 1);
        assert_eq!(text.matches("class=\"flag dark\"").count(), 1);
        // The standard game has none of them.
        let plain = svg(&Position::standard(), &SvgOptions::default());
        assert!(!plain.contains("mountain") && !plain.contains("fort") && !plain.contains("flag"));
        let board = text_board(&pos, false);
        assert_eq!(
            board.lines().last().unwrap(),
            "    Mountain C4 · Fort E2 · Light Flag A1 · Dark Flag F6 · points Light 1, Dark 0"
        );
        assert_eq!(text_board(&Position::standard(), false).lines().count(), 7);
    }

    #[test]
    fn dark_tiles_are_turned() {
        let text = svg(&Position::standard(), &SvgOptions::default());
        assert_eq!(text.matches("rotate(180").count(), 3);
        let from_dark = svg(
            &Position::standard(),
            &SvgOptions {
                flags: SvgFlags::COORDINATES | SvgFlags::FROM_DARK,
                ..SvgOptions::default()
            },
        );
        assert_eq!(from_dark.matches("rotate(180").count(), 3);
    }
}
