//! A plain, slow generator written straight from SPEC §3–4 and the chart
//! offsets in `tests/data/charts.txt`. It shares no code with the engine:
//! its own board, its own DPN reader, its own chart reader. Every action is
//! played on a copy, and an action is legal when no opponent action in the
//! result (guard rule ignored for the opponent) captures the mover's Duke.

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

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: [Option<Piece>; 36],
    pub bags: [Vec<char>; 2],
    pub dark_to_move: bool,
}

fn sq_name(i: usize) -> String {
    format!("{}{}", (b'A' + (i % 6) as u8) as char, i / 6 + 1)
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
        Board {
            cells,
            bags: [bag(l), bag(d)],
            dark_to_move: fields[1] == "d",
        }
    }

    fn duke(&self, dark: bool) -> Option<usize> {
        (0..36).find(|&i| {
            self.cells[i]
                == Some(Piece {
                    letter: 'D',
                    dark,
                    flipped: false,
                })
                || self.cells[i]
                    == Some(Piece {
                        letter: 'D',
                        dark,
                        flipped: true,
                    })
        })
    }

    /// Every action of `dark` by the marks alone (no guard rule): (text,
    /// result, captured square or None). Levies are not included.
    fn maneuvers(&self, dark: bool) -> Vec<(String, Board, Option<usize>)> {
        let mut out = Vec::new();
        let own = |b: &Board, i: usize| b.cells[i].is_some_and(|p| p.dark == dark);
        let foe = |b: &Board, i: usize| b.cells[i].is_some_and(|p| p.dark != dark);
        for from in 0..36 {
            let Some(piece) = self.cells[from] else {
                continue;
            };
            if piece.dark != dark {
                continue;
            }
            let sign = if dark { -1 } else { 1 };
            let marks = &charts()[&(piece.letter, piece.flipped)];
            let relocate = |to: usize, out: &mut Vec<_>| {
                let mut b = self.clone();
                let cap = foe(self, to).then_some(to);
                let mut p = piece;
                p.flipped = !p.flipped;
                b.cells[from] = None;
                b.cells[to] = Some(p);
                let sep = if cap.is_some() { 'x' } else { '-' };
                out.push((format!("{}{sep}{}", sq_name(from), sq_name(to)), b, cap));
            };
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
                            if self.cells[mid].is_some() {
                                continue;
                            }
                        }
                        relocate(to, &mut out);
                    }
                    Kind::Slide | Kind::JumpSlide => {
                        let mut cur = from;
                        if kind == Kind::JumpSlide {
                            match offset(cur, dx, dy) {
                                Some(n) => cur = n,
                                None => continue,
                            }
                        }
                        while let Some(next) = offset(cur, dx, dy) {
                            cur = next;
                            if own(self, next) {
                                break;
                            }
                            relocate(next, &mut out);
                            if foe(self, next) {
                                break;
                            }
                        }
                    }
                    Kind::Strike => {
                        let Some(to) = offset(from, dx, dy) else {
                            continue;
                        };
                        if foe(self, to) {
                            let mut b = self.clone();
                            b.cells[to] = None;
                            let mut p = piece;
                            p.flipped = !p.flipped;
                            b.cells[from] = Some(p);
                            out.push((format!("{}*{}", sq_name(from), sq_name(to)), b, Some(to)));
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
                if !own(self, f) {
                    continue;
                }
                for &t in &area {
                    if t == f || own(self, t) {
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

    /// Every legal action with its result.
    pub fn legal(&self) -> Vec<(String, Board)> {
        let dark = self.dark_to_move;
        let (Some(k), Some(ek)) = (self.duke(dark), self.duke(!dark)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let side = dark as usize;
        let mut kinds = self.bags[side].clone();
        kinds.sort();
        kinds.dedup();
        for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let Some(sq) = offset(k, dx, dy) else {
                continue;
            };
            if self.cells[sq].is_some() {
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
                b.dark_to_move = !dark;
                out.push((format!("{letter}@{}", sq_name(sq)), b));
            }
        }
        for (text, mut b, cap) in self.maneuvers(dark) {
            b.dark_to_move = !dark;
            if cap == Some(ek) {
                out.push((text, b));
                continue;
            }
            let my_duke = b.duke(dark).unwrap();
            let exposed = b
                .maneuvers(!dark)
                .iter()
                .any(|(_, _, c)| *c == Some(my_duke));
            if !exposed {
                out.push((text, b));
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
