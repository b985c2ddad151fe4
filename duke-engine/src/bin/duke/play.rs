//! `duke play`: a game against the AI in the terminal, driven by commands
//! on standard input (so a script can play it too).

use std::io::{self, BufRead, Write};

use duke_engine::encode::Decision;
use duke_engine::render::text_board;
use duke_engine::search::{level, Searcher};
use duke_engine::{chart, Action, ActionView, Game, Mark, Phase, Side, Square, Tile};

use crate::players::{apply, decide, Player};

pub struct Options {
    pub side: Side,
    pub level: u8,
    pub auto: bool,
    pub seed: u64,
}

const HELP: &str = "commands:
  <square>            select a tile (e.g. b1): its chart, what it flips to, its targets
  <action>            act: b1-b2, c3xc5, c3*b5 (strike), e4:d5-e5 (command)
  levy                draw a tile from your bag, then type the square to place it on
  undo                take back your last turn (and the AI's reply)
  hint                what the AI would play at your level, and the best alternatives
  board               show the board again
  save <file>         save the game record      load <file>   load a record
  resign              give up                   quit          leave
  help                this list";

struct Session<'a> {
    game: Game,
    opts: &'a Options,
    searcher: Searcher,
    out: io::StdoutLock<'a>,
}

fn chart_grid(tile: Tile, face_flipped: bool, from_dark: bool) -> Vec<String> {
    // 5×5 in the owner's view; turned 180° when the viewer sits opposite.
    let face = if face_flipped {
        tile.face.flip()
    } else {
        tile.face
    };
    let mut cells = [["· "; 5]; 5];
    let arrow = |dx: i8, dy: i8, jump: bool| -> &'static str {
        match (dx, dy, jump) {
            (0, 1, false) => "↑ ",
            (1, 1, false) => "↗ ",
            (1, 0, false) => "→ ",
            (1, -1, false) => "↘ ",
            (0, -1, false) => "↓ ",
            (-1, -1, false) => "↙ ",
            (-1, 0, false) => "← ",
            (-1, 1, false) => "↖ ",
            (0, 1, true) => "⇑ ",
            (1, 1, true) => "⇗ ",
            (1, 0, true) => "⇒ ",
            (1, -1, true) => "⇘ ",
            (0, -1, true) => "⇓ ",
            (-1, -1, true) => "⇙ ",
            (-1, 0, true) => "⇐ ",
            _ => "⇖ ",
        }
    };
    let turn = (tile.side == Side::Dark) != from_dark;
    for m in chart(tile.troop, face) {
        let (mut dx, mut dy) = match m.mark {
            Mark::JumpSlide => (2 * m.dx, 2 * m.dy),
            _ => (m.dx, m.dy),
        };
        let (mut ax, mut ay) = (m.dx, m.dy);
        if turn {
            dx = -dx;
            dy = -dy;
            ax = -ax;
            ay = -ay;
        }
        let (col, row) = ((dx + 2) as usize, (2 - dy) as usize);
        let glyph = match m.mark {
            Mark::Move => "● ",
            Mark::Jump => "○ ",
            Mark::Slide => arrow(ax, ay, false),
            Mark::JumpSlide => arrow(ax, ay, true),
            Mark::Strike => "✦ ",
            Mark::Command => "⌘ ",
        };
        cells[row][col] = match (cells[row][col], m.mark) {
            ("● ", Mark::Command) | ("⌘ ", Mark::Move) => "●⌘",
            _ => glyph,
        };
    }
    cells[2][2] = "◇ ";
    cells.iter().map(|r| r.concat()).collect()
}

impl Session<'_> {
    fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        writeln!(self.out, "{}", text.as_ref())
    }

    fn viewer_is_dark(&self) -> bool {
        self.opts.side == Side::Dark
    }

    fn show(&mut self) -> io::Result<()> {
        let pos = *self.game.position();
        let me = self.opts.side;
        // The board with `!` on the squares the mover's Duke may not enter.
        let dangers: Vec<(Square, duke_engine::Bitboard)> = if pos.side_to_move() == me {
            pos.duke_dangers().collect()
        } else {
            Vec::new()
        };
        let mut board = text_board(&pos, self.viewer_is_dark());
        for (sq, _) in &dangers {
            // Mark the cell: find it by rank line and column.
            let (row, col) = if self.viewer_is_dark() {
                (sq.rank() as usize, 5 - sq.file() as usize)
            } else {
                (5 - sq.rank() as usize, sq.file() as usize)
            };
            let mut lines: Vec<String> = board.lines().map(String::from).collect();
            let line: Vec<char> = lines[row].chars().collect();
            // Cells are " +X" or "  ·", four characters apart from column 2.
            let at = 2 + col * 4;
            if at + 2 < line.len() {
                let mut l = line.clone();
                if l[at + 2] == '·' {
                    l[at + 2] = '!';
                } else {
                    l[at] = '!';
                }
                lines[row] = l.into_iter().collect();
            }
            board = lines.join("\n");
        }
        self.say("")?;
        self.say(&board)?;
        for side in [me, !me] {
            let bag = pos.bag(side);
            let who = if side == me { "your bag" } else { "AI's bag" };
            let mut line = format!("{who} ({}):", bag.total());
            let total = bag.total().max(1);
            for (t, n) in bag.iter() {
                line.push_str(&format!(
                    " {}×{} {:.0}%",
                    t.char(),
                    n,
                    100.0 * f64::from(n) / f64::from(total)
                ));
            }
            if bag.is_empty() {
                line.push_str(" empty");
            }
            self.say(line)?;
        }
        for (sq, by) in &dangers {
            let attackers: Vec<String> = by
                .into_iter()
                .filter_map(|a| pos.tile_at(a).map(|t| format!("the {} on {a}", t.troop)))
                .collect();
            self.say(format!(
                "  ! your Duke may not enter {sq}: {} would capture it",
                attackers.join(" and ")
            ))?;
        }
        if pos.is_duke_attacked(me) && pos.side_to_move() == me {
            self.say("Guard: your Duke is attacked — save it")?;
        }
        self.say(format!(
            "turn {}, {} to move{}",
            pos.turn(),
            pos.side_to_move(),
            if pos.side_to_move() == me {
                " (you)"
            } else {
                ""
            }
        ))?;
        Ok(())
    }

    fn select(&mut self, sq: Square) -> io::Result<()> {
        let pos = *self.game.position();
        let Some(tile) = pos.tile_at(sq) else {
            return self.say(format!("{sq} is empty"));
        };
        let now = chart_grid(tile, false, self.viewer_is_dark());
        let next = chart_grid(tile, true, self.viewer_is_dark());
        self.say(format!(
            "{} {} on {sq} ({} face up)      flips to",
            if tile.side == self.opts.side {
                "your"
            } else {
                "the AI's"
            },
            tile.troop,
            if tile.face == duke_engine::Face::Starting {
                "starting"
            } else {
                "other"
            }
        ))?;
        for (a, b) in now.iter().zip(&next) {
            self.say(format!("  {a}        {b}"))?;
        }
        if tile.side == pos.side_to_move() {
            let targets: Vec<String> = pos
                .actions_from(sq)
                .iter()
                .map(|&a| format!("{a} ({})", pos.mark_of(a).map_or("?", |m| m.name())))
                .collect();
            if targets.is_empty() {
                self.say("  no legal action")?;
            } else {
                self.say(format!("  targets: {}", targets.join(", ")))?;
            }
        }
        Ok(())
    }

    fn ai_turns(&mut self) -> io::Result<()> {
        while self.game.outcome().is_none() && self.game.side_to_decide() != self.opts.side {
            self.ai_decide(Player::Level(self.opts.level), !self.opts.side)?;
        }
        Ok(())
    }

    fn ai_decide(&mut self, player: Player, side: Side) -> io::Result<()> {
        let seed = self.opts.seed ^ u64::from(self.game.position().turn());
        let d = decide(player, &self.game, &mut self.searcher, seed);
        let who = if self.opts.auto {
            side.name().to_string()
        } else {
            "AI".to_string()
        };
        match d {
            Decision::Draw => {
                apply(&mut self.game, d);
                let troop = self.game.pending_draw().expect("a draw waits");
                self.say(format!("{who} levies and draws a {troop}"))?;
            }
            Decision::Act(a) => {
                apply(&mut self.game, d);
                self.say(format!("{who} plays {a}"))?;
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<bool> {
        if let Some(outcome) = self.game.outcome() {
            self.show()?;
            self.say(format!("game over: {outcome}"))?;
            let verdict = match outcome.winner() {
                Some(w) if w == self.opts.side && !self.opts.auto => "you win",
                Some(_) if !self.opts.auto => "you lose",
                _ => "",
            };
            if !verdict.is_empty() {
                self.say(verdict)?;
            }
            self.say(self.game.record())?;
            return Ok(true);
        }
        Ok(false)
    }

    fn setup(&mut self, lines: &mut impl Iterator<Item = io::Result<String>>) -> io::Result<bool> {
        // Light sets up first: the AI takes the fixed setup for its side.
        self.say("setup: type 'fixed' for the fixed setup, or place your tiles: d@c1 (or d1), then f@<square> twice")?;
        while let Phase::Setup { side, troop } = self.game.phase() {
            if side != self.opts.side {
                self.game.setup_fixed().expect("the AI's fixed setup");
                self.say(format!("AI ({side}) takes the fixed setup"))?;
                continue;
            }
            write!(self.out, "place your {troop}> ")?;
            self.out.flush()?;
            let Some(line) = lines.next() else {
                return Ok(false);
            };
            let line = line?;
            let text = line.trim().to_ascii_lowercase();
            let result = if text == "fixed" {
                self.game.setup_fixed()
            } else {
                let action = if text.contains('@') {
                    text.clone()
                } else {
                    format!("{}@{text}", troop.char())
                };
                self.game.play_text(&action).map(|_| ())
            };
            if let Err(e) = result {
                self.say(format!("  {e}"))?;
            }
        }
        Ok(true)
    }

    fn command(&mut self, line: &str) -> io::Result<bool> {
        let text = line.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => self.say(HELP)?,
            "quit" | "exit" => return Ok(false),
            "board" => self.show()?,
            "resign" => {
                self.say(format!("you resign; {} wins", !self.opts.side))?;
                self.say(self.game.record())?;
                return Ok(false);
            }
            "levy" => match self.game.draw() {
                Ok(troop) => {
                    let squares: Vec<String> = self
                        .game
                        .position()
                        .levy_squares()
                        .into_iter()
                        .map(|s| s.to_string())
                        .collect();
                    self.say(format!(
                        "you draw a {troop}: place it on {}",
                        squares.join(" or ")
                    ))?;
                }
                Err(e) => self.say(format!("  {e}"))?,
            },
            "undo" => {
                // Back to the player's previous decision.
                let mut undone = false;
                while self.game.undo() {
                    undone = true;
                    if self.game.side_to_decide() == self.opts.side
                        && !matches!(self.game.phase(), Phase::Setup { .. })
                    {
                        break;
                    }
                }
                if undone {
                    self.say("taken back")?;
                    self.show()?;
                } else {
                    self.say("nothing to undo")?;
                }
            }
            "hint" => {
                let pos = *self.game.position();
                let drawn = match self.game.phase() {
                    Phase::Levy { troop } => Some(troop),
                    _ => None,
                };
                let history = self.game.history_keys();
                let h = self
                    .searcher
                    .hint(&pos, drawn, &history, &level(self.opts.level), 3);
                let show = |d: Decision| match d {
                    Decision::Act(a) => a.to_string(),
                    Decision::Draw => "levy".to_string(),
                };
                let pv: Vec<String> = h.best.pv.iter().map(|&d| show(d)).collect();
                self.say(format!(
                    "hint (level {}): {} (score {:+}, line {})",
                    self.opts.level,
                    show(h.best.decision),
                    h.best.score,
                    pv.join(" ")
                ))?;
                for (d, s) in &h.top {
                    self.say(format!("  {} {:+}", show(*d), s))?;
                }
            }
            "save" => match std::fs::write(rest.trim(), self.game.record_with_seed()) {
                Ok(()) => self.say(format!("saved to {}", rest.trim()))?,
                Err(e) => self.say(format!("  cannot save: {e}"))?,
            },
            "load" => match std::fs::read_to_string(rest.trim()) {
                Ok(text) => match Game::from_record(&text) {
                    Ok(g) => {
                        self.game = g;
                        self.say(format!("loaded {}", rest.trim()))?;
                        self.ai_turns()?;
                        self.show()?;
                    }
                    Err(e) => self.say(format!("  {e}"))?,
                },
                Err(e) => self.say(format!("  cannot read: {e}"))?,
            },
            _ => {
                if let Ok(sq) = word.parse::<Square>() {
                    if let Phase::Levy { troop } = self.game.phase() {
                        match self.game.place(sq) {
                            Ok(()) => {
                                self.say(format!("you place the {troop} on {sq}"))?;
                                self.after_move()?
                            }
                            Err(e) => self.say(format!("  {e}"))?,
                        }
                    } else {
                        self.select(sq)?;
                    }
                } else {
                    match self.game.play_text(text) {
                        Ok(a) => {
                            self.say(format!("you play {}", describe(&self.game, a)))?;
                            self.after_move()?;
                        }
                        Err(e) => self.say(format!("  {e}"))?,
                    }
                }
            }
        }
        Ok(true)
    }

    fn after_move(&mut self) -> io::Result<()> {
        if self.game.outcome().is_none() {
            self.ai_turns()?;
        }
        if self.game.outcome().is_none() {
            self.show()?;
        }
        Ok(())
    }
}

fn describe(_game: &Game, a: Action) -> String {
    match a.view() {
        ActionView::Strike { .. } => format!("{a} (strike)"),
        ActionView::Command { .. } => format!("{a} (command)"),
        _ => a.to_string(),
    }
}

pub fn run(opts: &Options) -> io::Result<()> {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut s = Session {
        game: Game::new(opts.seed),
        opts,
        searcher: Searcher::new(),
        out: io::stdout().lock(),
    };
    if opts.auto {
        s.game.setup_fixed().expect("fixed setup");
        s.game.setup_fixed().expect("fixed setup");
        s.say(format!("level {} against level {}", opts.level, opts.level))?;
        while s.game.outcome().is_none() {
            let side = s.game.side_to_decide();
            s.ai_decide(Player::Level(opts.level), side)?;
        }
        s.finish()?;
        return Ok(());
    }
    s.say(format!(
        "The Duke — you play {} against level {} (type 'help')",
        opts.side, opts.level
    ))?;
    if !s.setup(&mut lines)? {
        return Ok(());
    }
    s.ai_turns()?;
    s.show()?;
    loop {
        if s.finish()? {
            return Ok(());
        }
        let prompt = match s.game.phase() {
            Phase::Levy { troop } => format!("place your {troop}> "),
            _ => "> ".to_string(),
        };
        write!(s.out, "{prompt}")?;
        s.out.flush()?;
        let Some(line) = lines.next() else {
            s.say("")?;
            s.say("end of input: leaving the game")?;
            return Ok(());
        };
        if !s.command(&line?)? {
            return Ok(());
        }
    }
}
