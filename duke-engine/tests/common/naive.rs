//! A plain, slow generator written straight from SPEC §3–4, Expanded Play
//! (the spec of the rulebook's terrain, Flags and alternate games) and the
//! chart offsets in `tests/data/charts.txt`. It shares no code with the
//! engine: its own board, its own DPN reader (the sixth field too), its own
//! chart reader, its own geometry of lines (floating point, clipped square
//! by square). Every action is played on a copy; under the Duke objective
//! an action is legal when no opponent action in the result (guard rule
//! ignored for the opponent) captures the mover's Duke.

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::OnceLock;

const LETTERS: [(&str, char); 15] = [
    ("Duke", 'D'),
    ("Footman", 'F'),
    ("Pikeman", 'P'),
    ("Knight", 'K'),
    ("Wizard", 'W'),
    ("Ranger", 'R'),
    ("Seer", 'S'),
    ("General", 'G'),
    ("Priest", 'I'),
    ("Champion", 'C'),
    ("Marshall", 'M'),
    ("Bowman", 'B'),
    ("Dragoon", 'N'),
    ("Assassin", 'A'),
    ("Longbowman", 'L'),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Move,
    Jump,
    Slide,
    JumpSlide,
    Strike,
    Command,
}

type Charts = HashMap<(char, bool), Vec<(Kind, i32, i32)>>;

fn charts() -> &'static Charts {
    static CHARTS: OnceLock<Charts> = OnceLock::new();
    CHARTS.get_or_init(|| {
        let text = include_str!("../../../tests/data/charts.txt");
        let mut out = HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (head, body) = line.split_once(':').unwrap();
            let mut w = head.split_whitespace();
            let name = w.next().unwrap();
            let letter = LETTERS.iter().find(|(n, _)| *n == name).unwrap().1;
            let flipped = w.next().unwrap() == "other";
            let mut marks = Vec::new();
            for group in body.split(';') {
                let group = group.trim();
                let open = group.find('(').unwrap();
                let kind = match group[..open].trim() {
                    "Move" => Kind::Move,
                    "Jump" => Kind::Jump,
                    "Slide" => Kind::Slide,
                    "Jump Slide" => Kind::JumpSlide,
                    "Strike" => Kind::Strike,
                    "Command" => Kind::Command,
                    k => panic!("{k}"),
                };
                for p in group[open..].split_whitespace() {
                    let p = p.trim_matches(|c| c == '(' || c == ')');
                    let (x, y) = p.split_once(',').unwrap();
                    marks.push((kind, x.parse().unwrap(), y.parse().unwrap()));
                }
            }
            out.insert((letter, flipped), marks);
        }
        out
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub letter: char, // uppercase
    pub dark: bool,
    pub flipped: bool,
}

/// One action by the marks: its text, the board after it, the square of a
/// tile it captured, and the (from, to) of the tile it moved.
type Maneuver = (String, Board, Option<usize>, Option<(usize, usize)>);

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: [Option<Piece>; 36],
    pub bags: [Vec<char>; 2],
    pub dark_to_move: bool,
    /// Expanded Play: "duke", "coup", "flag" or "rider".
    pub objective: &'static str,
    pub mountain: Option<usize>,
    pub fort: Option<usize>,
    /// Light's Flag, Dark's Flag.
    pub flags: [Option<usize>; 2],
    pub score: [u8; 2],
    pub relocate: bool,
}

fn sq_name(i: usize) -> String {
    format!("{}{}", (b'A' + (i % 6) as u8) as char, i / 6 + 1)
}

fn sq_index(t: &str) -> usize {
    let b = t.as_bytes();
    (b[1] - b'1') as usize * 6 + (b[0].to_ascii_uppercase() - b'A') as usize
}

fn offset(i: usize, dx: i32, dy: i32) -> Option<usize> {
    let f = (i % 6) as i32 + dx;
    let r = (i / 6) as i32 + dy;
    if (0..6).contains(&f) && (0..6).contains(&r) {
        Some((r * 6 + f) as usize)
    } else {
        None
    }
}

/// Whether the segment between the centres of `s` and `t` passes through
/// the inside of square `u` (Liang–Barsky clipping of the segment by the
/// square; a touch at a corner or along an edge is no crossing).
pub fn crosses(s: usize, t: usize, u: usize) -> bool {
    if u == s || u == t {
        return false;
    }
    let (x0, y0) = ((s % 6) as f64 + 0.5, (s / 6) as f64 + 0.5);
    let (dx, dy) = ((t % 6) as f64 + 0.5 - x0, (t / 6) as f64 + 0.5 - y0);
    let (ux, uy) = ((u % 6) as f64, (u / 6) as f64);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, x0 - ux),
        (dx, ux + 1.0 - x0),
        (-dy, y0 - uy),
        (dy, uy + 1.0 - y0),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                lo = lo.max(r);
            } else {
                hi = hi.min(r);
            }
        }
    }
    hi - lo > 1e-9
}

const HOME: [std::ops::Range<usize>; 2] = [0..6, 30..36];

impl Board {
    pub fn from_dpn(text: &str) -> Board {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut cells = [None; 36];
        for (i, rank) in fields[0].split('/').enumerate() {
            let r = 5 - i;
            let mut f = 0;
            let mut flip = false;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else if c == '+' {
                    flip = true;
                } else {
                    cells[r * 6 + f] = Some(Piece {
                        letter: c.to_ascii_uppercase(),
                        dark: c.is_ascii_lowercase(),
                        flipped: flip,
                    });
                    flip = false;
                    f += 1;
                }
            }
        }
        let (l, d) = fields[2].split_once('/').unwrap();
        let bag = |s: &str| -> Vec<char> {
            s.chars()
                .filter(|&c| c != '-')
                .map(|c| c.to_ascii_uppercase())
                .collect()
        };
        let mut board = Board {
            cells,
            bags: [bag(l), bag(d)],
            dark_to_move: fields[1] == "d",
            objective: "duke",
            mountain: None,
            fort: None,
            flags: [None, None],
            score: [0, 0],
            relocate: false,
        };
        if let Some(state) = fields.get(5) {
            let mut items = state.split(',');
            for word in items.next().unwrap().split('+') {
                match word {
                    "coup" => board.objective = "coup",
                    "flag" => board.objective = "flag",
                    "rider" => board.objective = "rider",
                    _ => {}
                }
            }
            for item in items {
                let (name, value) = item.split_once('=').unwrap_or((item, ""));
                match name {
                    "mountain" => board.mountain = Some(sq_index(value)),
                    "fort" => board.fort = Some(sq_index(value)),
                    "flags" => {
                        let (l, d) = value.split_once('/').unwrap();
                        board.flags = [Some(sq_index(l)), Some(sq_index(d))];
                    }
                    "score" => {
                        let (l, d) = value.split_once('/').unwrap();
                        board.score = [l.parse().unwrap(), d.parse().unwrap()];
                    }
                    "relocate" => board.relocate = true,
                    _ => panic!("{item}"),
                }
            }
        }
        board
    }

    fn duke(&self, dark: bool) -> Option<usize> {
        (0..36).find(|&i| self.cells[i].is_some_and(|p| p.letter == 'D' && p.dark == dark))
    }

    fn terrain(&self, i: usize) -> bool {
        Some(i) == self.mountain || Some(i) == self.fort
    }

    /// Whether terrain stands inside the line from `s` to `t`.
    fn line_blocked(&self, s: usize, t: usize) -> bool {
        (0..36).any(|u| self.terrain(u) && crosses(s, t, u))
    }

    /// Dark Rider's frozen Pikemen: Light's on rank 6.
    fn frozen(&self, i: usize) -> bool {
        self.objective == "rider"
            && (30..36).contains(&i)
            && self.cells[i].is_some_and(|p| !p.dark && p.letter == 'P')
    }

    /// The square that `dark` may not end on besides its own tiles and
    /// the Mountain, and whether it also stops Moves and Slides through it.
    fn closed(&self, dark: bool, i: usize) -> (bool, bool) {
        let side = dark as usize;
        match self.objective {
            "coup" if self.flags[1 - side] == Some(i) => (true, true),
            "flag" if self.flags[side] == Some(i) => (true, false),
            "rider" if dark && self.frozen(i) => (true, false),
            _ => (false, false),
        }
    }

    /// Whether `dark` may end an action on `i` (an empty square or an
    /// enemy's, as the rules allow).
    fn may_land(&self, dark: bool, i: usize) -> bool {
        self.cells[i].is_none_or(|p| p.dark != dark)
            && Some(i) != self.mountain
            && !self.closed(dark, i).0
    }

    /// Every action of `dark` by the marks alone (no guard rule): (text,
    /// result, captured square or None). Levies are not included; the
    /// result's side to move, Flags and points are not yet updated.
    fn maneuvers(&self, dark: bool) -> Vec<Maneuver> {
        let mut out = Vec::new();
        let own = |b: &Board, i: usize| b.cells[i].is_some_and(|p| p.dark == dark);
        let foe = |b: &Board, i: usize| b.cells[i].is_some_and(|p| p.dark != dark);
        for from in 0..36 {
            let Some(piece) = self.cells[from] else {
                continue;
            };
            if piece.dark != dark || self.frozen(from) {
                continue;
            }
            let sign = if dark { -1 } else { 1 };
            let marks = &charts()[&(piece.letter, piece.flipped)];
            let relocate = |to: usize, out: &mut Vec<_>| {
                if !self.may_land(dark, to) {
                    return;
                }
                let mut b = self.clone();
                let cap = foe(self, to).then_some(to);
                let mut p = piece;
                p.flipped = !p.flipped;
                b.cells[from] = None;
                b.cells[to] = Some(p);
                let sep = if cap.is_some() { 'x' } else { '-' };
                out.push((
                    format!("{}{sep}{}", sq_name(from), sq_name(to)),
                    b,
                    cap,
                    Some((from, to)),
                ));
            };
            // What stops a Move of two squares and a Slide on its way.
            let stops =
                |i: usize| self.cells[i].is_some() || self.terrain(i) || self.closed(dark, i).1;
            let mut area = Vec::new();
            for &(kind, dx, dy) in marks {
                let (dx, dy) = (dx * sign, dy * sign);
                match kind {
                    Kind::Move | Kind::Jump => {
                        let Some(to) = offset(from, dx, dy) else {
                            continue;
                        };
                        if own(self, to) {
                            continue;
                        }
                        if kind == Kind::Move && (dx.abs() == 2 || dy.abs() == 2) {
                            let mid = offset(from, dx / 2, dy / 2).unwrap();
                            if stops(mid) {
                                continue;
                            }
                        }
                        if kind == Kind::Jump && self.line_blocked(from, to) {
                            continue;
                        }
                        relocate(to, &mut out);
                    }
                    Kind::Slide | Kind::JumpSlide => {
                        let mut cur = from;
                        if kind == Kind::JumpSlide {
                            match offset(cur, dx, dy) {
                                Some(n) if !self.terrain(n) => cur = n,
                                _ => continue,
                            }
                        }
                        while let Some(next) = offset(cur, dx, dy) {
                            cur = next;
                            if Some(next) == self.mountain
                                || own(self, next)
                                || self.closed(dark, next).1
                            {
                                break;
                            }
                            relocate(next, &mut out);
                            if stops(next) {
                                break;
                            }
                        }
                    }
                    Kind::Strike => {
                        let Some(to) = offset(from, dx, dy) else {
                            continue;
                        };
                        if foe(self, to)
                            && Some(to) != self.fort
                            && !self.frozen(to)
                            && !self.line_blocked(from, to)
                        {
                            let mut b = self.clone();
                            b.cells[to] = None;
                            let mut p = piece;
                            p.flipped = !p.flipped;
                            b.cells[from] = Some(p);
                            out.push((
                                format!("{}*{}", sq_name(from), sq_name(to)),
                                b,
                                Some(to),
                                None,
                            ));
                        }
                    }
                    Kind::Command => {
                        if let Some(sq) = offset(from, dx, dy) {
                            area.push(sq);
                        }
                    }
                }
            }
            for &f in &area {
                if !own(self, f) || self.frozen(f) {
                    continue;
                }
                for &t in &area {
                    if t == f || !self.may_land(dark, t) || self.line_blocked(f, t) {
                        continue;
                    }
                    let mut b = self.clone();
                    let cap = foe(self, t).then_some(t);
                    b.cells[t] = b.cells[f].take();
                    let mut c = piece;
                    c.flipped = !c.flipped;
                    b.cells[from] = Some(c);
                    let sep = if cap.is_some() { 'x' } else { '-' };
                    out.push((
                        format!("{}:{}{sep}{}", sq_name(from), sq_name(f), sq_name(t)),
                        b,
                        cap,
                        Some((f, t)),
                    ));
                }
            }
        }
        out
    }

    /// The texts of the legal actions of the position written in `dpn`,
    /// sorted: what a fast generator's list is compared with.
    pub fn legal_texts(dpn: &str) -> Vec<String> {
        let mut texts: Vec<String> = Board::from_dpn(dpn)
            .legal()
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        texts.sort();
        texts
    }

    fn count(&self, dark: bool) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.dark == dark)
            .count()
    }

    /// Whether a rule of the objective has decided the game (the side to
    /// move's opponent having just moved): no action then.
    pub fn decided(&self) -> bool {
        let mover_dark = !self.dark_to_move;
        match self.objective {
            "duke" => self.duke(false).is_none() || self.duke(true).is_none(),
            "coup" | "flag" => {
                let won = if self.objective == "coup" {
                    self.score.contains(&3)
                } else {
                    // Dark's Flag on rank 1 (Light's home), Light's on rank 6.
                    self.flags[1].is_some_and(|f| HOME[0].contains(&f))
                        || self.flags[0].is_some_and(|f| HOME[1].contains(&f))
                };
                won || self.count(false) == 0 || self.count(true) == 0
            }
            _ => {
                let pikemen = (0..36)
                    .filter(|&i| self.cells[i].is_some_and(|p| !p.dark && p.letter == 'P'))
                    .collect::<Vec<_>>();
                let captured = 5 - pikemen.len();
                let home = pikemen.iter().filter(|&&i| i >= 30).count();
                self.count(true) == 0
                    || captured >= 3
                    || (!mover_dark && home >= 3 && captured <= 1)
            }
        }
    }

    /// The end of a turn: the other side to move; under Counting Coup a
    /// point for a tile that came to stand next to the opposing Flag.
    fn end_turn(mut self, dark: bool, moved: Option<(Option<usize>, usize)>) -> Board {
        self.relocate = false;
        if self.objective == "coup" {
            if let (Some((from, to)), Some(flag)) = (moved, self.flags[1 - dark as usize]) {
                let next = |i: usize| {
                    [(0, 1), (0, -1), (1, 0), (-1, 0)]
                        .iter()
                        .any(|&(x, y)| offset(flag, x, y) == Some(i))
                };
                if next(to) && !from.is_some_and(next) {
                    self.score[dark as usize] += 1;
                    self.relocate = self.score[dark as usize] < 3;
                }
            }
        }
        self.dark_to_move = !dark;
        self
    }

    /// Every legal action with its result.
    pub fn legal(&self) -> Vec<(String, Board)> {
        if self.decided() {
            return Vec::new();
        }
        let dark = self.dark_to_move;
        let side = dark as usize;
        let guard = self.objective == "duke";
        let mut out = Vec::new();
        // The levy: next to the Duke, on no terrain and no closed square.
        if let Some(k) = self.duke(dark) {
            let mut kinds = self.bags[side].clone();
            kinds.sort();
            kinds.dedup();
            for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let Some(sq) = offset(k, dx, dy) else {
                    continue;
                };
                if self.cells[sq].is_some() || self.terrain(sq) || self.closed(dark, sq).0 {
                    continue;
                }
                for &letter in &kinds {
                    let mut b = self.clone();
                    let pos = b.bags[side].iter().position(|&c| c == letter).unwrap();
                    b.bags[side].remove(pos);
                    b.cells[sq] = Some(Piece {
                        letter,
                        dark,
                        flipped: false,
                    });
                    // A placed tile may take up the opponent's Flag.
                    out.push((
                        format!("{letter}@{}", sq_name(sq)),
                        b.end_turn(dark, Some((None, sq))),
                    ));
                }
            }
        }
        let enemy_duke = self.duke(!dark);
        for (text, mut b, cap, moved) in self.maneuvers(dark) {
            // A Flag travels with its holder.
            if let Some((from, to)) = moved {
                for f in 0..2 {
                    if b.flags[f] == Some(from) {
                        b.flags[f] = Some(to);
                    }
                }
            }
            if guard && cap != enemy_duke {
                let mine = b.duke(dark).unwrap();
                let exposed = b
                    .maneuvers(!dark)
                    .iter()
                    .any(|(_, _, c, _)| *c == Some(mine));
                if exposed {
                    continue;
                }
            }
            out.push((text, b.end_turn(dark, moved.map(|(f, t)| (Some(f), t)))));
        }
        // A Flag held by a tile of the mover passes to a neighbour.
        for f in 0..2 {
            let Some(holder) = self.flags[f] else {
                continue;
            };
            if self.cells[holder].is_none_or(|p| p.dark != dark) {
                continue;
            }
            for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let Some(to) = offset(holder, dx, dy) else {
                    continue;
                };
                if self.cells[to].is_some_and(|p| p.dark == dark) {
                    let mut b = self.clone();
                    b.flags[f] = Some(to);
                    out.push((
                        format!("{}^{}", sq_name(holder), sq_name(to)),
                        b.end_turn(dark, None),
                    ));
                }
            }
        }
        // A relocation of the mover's own Flag, listed only beside another
        // action (a relocation alone is no action).
        if self.relocate && !out.is_empty() {
            for sq in 0..36 {
                let next_to_own = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|&(x, y)| {
                    offset(sq, x, y).is_some_and(|n| self.cells[n].is_some_and(|p| p.dark == dark))
                });
                let empty = self.cells[sq].is_none()
                    && Some(sq) != self.mountain
                    && !self.flags.contains(&Some(sq));
                if next_to_own && empty {
                    let mut b = self.clone();
                    b.flags[side] = Some(sq);
                    b.relocate = false;
                    out.push((format!("flag@{}", sq_name(sq)), b));
                }
            }
        }
        out
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal().iter().map(|(_, b)| b.perft(depth - 1)).sum()
    }
}
