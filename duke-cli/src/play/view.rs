//! What `duke play` shows: the board with its marks, the bags, a tile's
//! charts and targets, and actions in words.

use super::*;

/// The glyph of a mark, as the charts and the board draw it; a Slide or
/// Jump Slide points the way (`ux`, `uy`) it goes on the screen, up
/// being `uy > 0`.
pub(super) fn mark_glyph(mark: Mark, ux: i8, uy: i8) -> char {
    const SLIDE: [[char; 3]; 3] = [['↖', '↑', '↗'], ['←', ' ', '→'], ['↙', '↓', '↘']];
    const JUMP_SLIDE: [[char; 3]; 3] = [['⇖', '⇑', '⇗'], ['⇐', ' ', '⇒'], ['⇙', '⇓', '⇘']];
    let arrow = ((1 - uy.signum()) as usize, (ux.signum() + 1) as usize);
    match mark {
        Mark::Move => '●',
        Mark::Jump => '○',
        Mark::Slide => SLIDE[arrow.0][arrow.1],
        Mark::JumpSlide => JUMP_SLIDE[arrow.0][arrow.1],
        Mark::Strike => '✦',
        Mark::Command => '⌘',
    }
}

/// The 5×5 grid of one face's chart, one glyph and a space per cell, as
/// a viewer on `from_dark`'s side sees it (a tile of the other side is
/// turned around, as across a table).
pub fn chart_grid(tile: Tile, face: Face, from_dark: bool) -> Vec<String> {
    let mut cells = [['·'; 5]; 5];
    let turn = (tile.side == Side::Dark) != from_dark;
    for m in chart(tile.troop, face) {
        let (ux, uy) = if turn { (-m.dx, -m.dy) } else { (m.dx, m.dy) };
        let (dx, dy) = match m.mark {
            Mark::JumpSlide => (2 * ux, 2 * uy),
            _ => (ux, uy),
        };
        let (col, row) = ((dx + 2) as usize, (2 - dy) as usize);
        let glyph = mark_glyph(m.mark, ux, uy);
        cells[row][col] = match (cells[row][col], glyph) {
            ('●', '⌘') | ('⌘', '●') => '◉',
            _ => glyph,
        };
    }
    cells[2][2] = '◇';
    cells
        .iter()
        .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>())
        .map(|s| s.trim_end().to_string())
        .collect()
}

impl Session {
    pub(super) fn tiles_named(&self, pos: &Position, squares: Bitboard) -> String {
        let names: Vec<String> = squares
            .into_iter()
            .filter_map(|sq| {
                pos.tile_at(sq)
                    .map(|t| format!("{} {} on {sq}", self.owner(t.side), t.troop))
            })
            .collect();
        names.join(" and ")
    }

    /// The levy squares that would leave the player's Duke in Guard, when
    /// it is the player's turn to levy or to choose (the engine decides).
    pub(super) fn exposed(&self, pos: &Position) -> Bitboard {
        if pos.side_to_move() != self.me || self.auto {
            return Bitboard::EMPTY;
        }
        match self.game.phase() {
            Phase::Play | Phase::Levy { .. } => pos.exposed_levy_squares(),
            _ => Bitboard::EMPTY,
        }
    }

    /// The board, the viewer's side at the bottom. Each square is three
    /// columns: `+` for a flipped tile, the letter (or `·`), and a mark
    /// of the square itself right after it: `!` where the Duke may not
    /// go, `?` a levy square that leaves the Duke in Guard, or the glyph
    /// of the mark by which the selected tile reaches it (`targets`).
    /// Expanded Play: `▲` the Mountain, `□` the empty Fort, `⚑` a Flag
    /// alone on its square; a Flag under a tile, or a tile in the Fort,
    /// is told by the line under the board.
    pub(super) fn board_text(
        &self,
        pos: &Position,
        dangers: Bitboard,
        exposed: Bitboard,
        targets: &[(Square, char)],
    ) -> Vec<String> {
        let from_dark = self.viewer_is_dark();
        let mut lines = Vec::new();
        for row in 0..6u8 {
            let rank = if from_dark { row } else { 5 - row };
            let mut line = format!("{} ", rank + 1);
            for col in 0..6u8 {
                let file = if from_dark { 5 - col } else { col };
                let sq = Square::from_coords(file, rank).expect("on the board");
                let bit = Bitboard::from(sq);
                let target = targets.iter().find(|&&(t, _)| t == sq).map(|&(_, g)| g);
                let flag = if !(dangers & bit).is_empty() {
                    Some(format!("{DANGER}!{DANGER:#}"))
                } else if !(exposed & bit).is_empty() {
                    Some(format!("{DANGER}?{DANGER:#}"))
                } else {
                    target.map(|g| format!("{NOTE}{g}{NOTE:#}"))
                };
                let cell = match pos.tile_at(sq) {
                    Some(t) => {
                        let style = if t.side == self.me { MINE } else { THEIRS };
                        let plus = if t.face == Face::Flipped { '+' } else { ' ' };
                        let after = flag.unwrap_or_else(|| " ".to_string());
                        format!("{plus}{style}{}{style:#}{after}", t.char())
                    }
                    None => {
                        let ground = if pos.mountain() == Some(sq) {
                            "▲"
                        } else if pos.fort() == Some(sq) {
                            "□"
                        } else if pos.flag(Side::Light) == Some(sq)
                            || pos.flag(Side::Dark) == Some(sq)
                        {
                            "⚑"
                        } else {
                            "·"
                        };
                        format!(" {} ", flag.unwrap_or_else(|| ground.to_string()))
                    }
                };
                line.push_str(&cell);
                if col < 5 {
                    line.push(' ');
                }
            }
            lines.push(line.trim_end().to_string());
        }
        let mut files = String::from("  ");
        for col in 0..6u8 {
            let file = if from_dark { 5 - col } else { col };
            files.push_str(&format!(" {}  ", (b'A' + file) as char));
        }
        lines.push(files.trim_end().to_string());
        lines
    }

    /// The selected tile's targets as board marks: each target square
    /// with the glyph of the mark that reaches it, pointing the way it
    /// goes on the screen.
    pub(super) fn target_marks(&self, pos: &Position, sq: Square) -> Vec<(Square, char)> {
        let turn = if self.viewer_is_dark() { -1 } else { 1 };
        pos.actions_from(sq)
            .iter()
            .filter_map(|&a| {
                let to = match a.view() {
                    ActionView::Relocate { to, .. } | ActionView::Command { to, .. } => to,
                    ActionView::Strike { target, .. } => target,
                    _ => return None,
                };
                let mark = pos.mark_of(a)?;
                let ux = (to.file() as i8 - sq.file() as i8).signum() * turn;
                let uy = (to.rank() as i8 - sq.rank() as i8).signum() * turn;
                Some((to, mark_glyph(mark, ux, uy)))
            })
            .collect()
    }

    pub(super) fn bag_line(&self, side: Side) -> String {
        let bag = self.game.bag(side);
        let who = if self.auto {
            format!("{side}'s bag")
        } else if side == self.me {
            "your bag".to_string()
        } else {
            "AI's bag".to_string()
        };
        let mut line = format!("{who} ({}):", bag.total());
        // The engine's counts and chances (a drawn tile waiting to be
        // placed is out of the bag).
        for c in bag.chances() {
            // A no-break space keeps the entry whole when the line wraps.
            line.push_str(&format!(
                " {}×{}\u{a0}{:.0}%",
                c.troop.char(),
                c.count,
                100.0 * c.probability()
            ));
        }
        if bag.is_empty() {
            line.push_str(" empty");
        }
        line
    }

    pub(super) fn show(&mut self) -> io::Result<()> {
        let pos = *self.game.position();
        let me = self.me;
        let my_turn = pos.side_to_move() == me && !self.auto;
        let in_play = matches!(self.game.phase(), Phase::Play);
        // `!` on the squares the player's Duke reaches but may not enter.
        let dangers: Vec<(Square, Bitboard)> = if my_turn && in_play {
            pos.duke_dangers().collect()
        } else {
            Vec::new()
        };
        let danger_squares: Bitboard = dangers.iter().map(|&(sq, _)| sq).collect();
        let exposed = if pos.is_duke_attacked(me) {
            self.exposed(&pos)
        } else {
            Bitboard::EMPTY
        };
        self.say("")?;
        // The draft fills the bags, and the board is empty: the bags alone.
        let drafting = matches!(self.game.phase(), Phase::Draft { .. });
        if !drafting {
            for line in self.board_text(&pos, danger_squares, exposed, &[]) {
                self.say(line)?;
            }
            if let Some(line) = self.ground_line(&pos) {
                self.say(line)?;
            }
        }
        let sides = if self.auto {
            [Side::Light, Side::Dark]
        } else {
            [me, !me]
        };
        for side in sides {
            let line = self.bag_line(side);
            self.say(line)?;
        }
        for (sq, by) in &dangers {
            let names: Vec<String> = by
                .into_iter()
                .filter_map(|a| pos.tile_at(a).map(|t| format!("the {} on {a}", t.troop)))
                .collect();
            self.say(format!(
                "  {DANGER}!{DANGER:#} your Duke may not enter {sq}: {} would capture it",
                names.join(" and ")
            ))?;
        }
        let mover = pos.side_to_move();
        if matches!(self.game.phase(), Phase::Play | Phase::Levy { .. })
            && pos.is_duke_attacked(mover)
        {
            if let Some(duke) = pos.duke(mover) {
                let by = self.tiles_named(&pos, pos.attackers(!mover, duke));
                let line = if mover == me && !self.auto {
                    format!(
                        "{DANGER}Guard:{DANGER:#} your Duke on {duke} is attacked by {by}: save it"
                    )
                } else {
                    format!("Guard: {mover}'s Duke on {duke} is attacked by {by}")
                };
                self.say(line)?;
                if !exposed.is_empty() {
                    let squares: Vec<String> = exposed.into_iter().map(|s| s.to_string()).collect();
                    self.say(format!(
                        "  {DANGER}?{DANGER:#} a levy on {} would leave your Duke in Guard",
                        or_list(&squares)
                    ))?;
                }
            }
        }
        if self.game.outcome().is_some() || in_setup(self.game.phase()) {
            return Ok(());
        }
        if my_turn && in_play && pos.relocation_pending() {
            let squares: Vec<String> = pos
                .legal_actions()
                .iter()
                .filter(|a| a.kind() == duke_engine::ActionKind::Flag)
                .map(|a| a.target().to_string())
                .collect();
            if !squares.is_empty() {
                self.say(format!(
                    "  {NOTE}a point was scored against your Flag:{NOTE:#} you may first move it \
                     next to one of your tiles (relocate <square>: {}), or just play your turn",
                    or_list(&squares)
                ))?;
            }
        }
        self.say(format!(
            // The turn to be played, numbered as the record numbers it
            // (and as the page's status line does).
            "turn {}, {} to move{}",
            pos.turn() + 1,
            mover,
            if mover == me && !self.auto {
                " (you)"
            } else {
                ""
            }
        ))
    }

    /// Expanded Play's line under the board: the terrain, the Flags and
    /// who holds them, the points; `None` in the standard game.
    pub(super) fn ground_line(&self, pos: &Position) -> Option<String> {
        let mut items = Vec::new();
        if let Some(sq) = pos.mountain() {
            items.push(format!("▲ Mountain {sq}"));
        }
        if let Some(sq) = pos.fort() {
            let inside = pos
                .tile_at(sq)
                .map(|t| format!(" (held by {} {})", self.owner(t.side), t.troop))
                .unwrap_or_default();
            items.push(format!("□ Fort {sq}{inside}"));
        }
        for side in [self.me, !self.me] {
            if let Some(sq) = pos.flag(side) {
                let whose = if self.is_yours(side) {
                    "your".to_string()
                } else {
                    format!("{side}'s")
                };
                let holder = pos
                    .tile_at(sq)
                    .map(|t| format!(" under {} {}", self.owner(t.side), t.troop))
                    .unwrap_or_default();
                items.push(format!("⚑ {whose} Flag {sq}{holder}"));
            }
        }
        if pos.rules().objective() == Objective::Coup {
            let name = |side: Side| {
                if self.is_yours(side) {
                    "you".to_string()
                } else {
                    side.to_string()
                }
            };
            items.push(format!(
                "points: {} {}, {} {} (3 win)",
                name(self.me),
                pos.score(self.me),
                name(!self.me),
                pos.score(!self.me)
            ));
        }
        (!items.is_empty()).then(|| items.join(" · "))
    }

    pub(super) fn show_charts(&mut self, tile: Tile, header: &str, second: &str) -> io::Result<()> {
        let now = chart_grid(tile, tile.face, self.viewer_is_dark());
        let next = chart_grid(tile, tile.face.flip(), self.viewer_is_dark());
        self.say(format!("{header}      {second}"))?;
        for (a, b) in now.iter().zip(&next) {
            self.say(format!("  {a:<9}        {b}").trim_end())?;
        }
        Ok(())
    }

    pub(super) fn select(&mut self, sq: Square) -> io::Result<()> {
        let pos = *self.game.position();
        let Some(tile) = pos.tile_at(sq) else {
            return self.say(format!("{sq} is empty"));
        };
        let header = format!(
            "{} {} on {sq} ({} face up)",
            if tile.side == self.me {
                "your".to_string()
            } else {
                format!("the AI's ({})", tile.side)
            },
            tile.troop,
            if tile.face == Face::Starting {
                "starting"
            } else {
                "other"
            }
        );
        let movable = tile.side == pos.side_to_move() && matches!(self.game.phase(), Phase::Play);
        if movable {
            // The board with the targets marked on their squares.
            let marks = self.target_marks(&pos, sq);
            for line in self.board_text(&pos, Bitboard::EMPTY, Bitboard::EMPTY, &marks) {
                self.say(line)?;
            }
        }
        self.show_charts(tile, &header, "flips to")?;
        if movable {
            let targets: Vec<String> = pos
                .actions_from(sq)
                .iter()
                .map(|&a| format!("{a} ({})", pos.mark_of(a).map_or("?", |m| m.name())))
                .collect();
            if let Some(idle) = pos.why_idle(sq) {
                // The engine says why: a shield, a Guard, a hemmed Duke.
                self.say(format!("  no legal action: {}", idle.reason_text()))?;
            } else if targets.is_empty() {
                self.say("  no legal action")?;
            } else {
                self.say(format!(
                    "  targets (marked on the board): {}",
                    targets.join(", ")
                ))?;
            }
        }
        Ok(())
    }

    /// An action in words, from the position before it.
    pub(super) fn describe(&self, before: &Position, a: Action) -> String {
        let tile_name = |sq: Square| {
            before
                .tile_at(sq)
                .map(|t| (self.owner(t.side), t.troop.name()))
                .unwrap_or_default()
        };
        match a.view() {
            ActionView::Relocate { from, to } => {
                let (o, t) = tile_name(from);
                match before.tile_at(to) {
                    Some(_) => {
                        let (vo, vt) = tile_name(to);
                        format!("{o} {t} {from} takes {vo} {vt} on {to}")
                    }
                    None => {
                        let verb = match before.mark_of(a) {
                            Some(Mark::Jump) => "jumps",
                            Some(Mark::Slide) => "slides",
                            Some(Mark::JumpSlide) => "jump-slides",
                            _ => "moves",
                        };
                        format!("{o} {t} {from} {verb} to {to}")
                    }
                }
            }
            ActionView::Strike { from, target } => {
                let (o, t) = tile_name(from);
                let (vo, vt) = tile_name(target);
                format!("{o} {t} {from} strikes {vo} {vt} on {target}")
            }
            ActionView::Command {
                commander,
                from,
                to,
            } => {
                let (o, t) = tile_name(commander);
                let (_, ct) = tile_name(from);
                let its = if self.is_yours(before.side_to_move()) {
                    "your"
                } else {
                    "its"
                };
                match before.tile_at(to) {
                    Some(_) => {
                        let (vo, vt) = tile_name(to);
                        format!("{o} {t} {commander} commands {its} {ct} {from} to take {vo} {vt} on {to}")
                    }
                    None => format!("{o} {t} {commander} commands {its} {ct} {from} to {to}"),
                }
            }
            ActionView::Place { troop, to } => {
                let troop = troop.with_article();
                if self.is_yours(before.side_to_move()) {
                    format!("you levy: you draw {troop} and place it on {to}")
                } else {
                    let side = before.side_to_move();
                    format!("{side} levies: it draws {troop} and places it on {to}")
                }
            }
            ActionView::Pass { holder, to } => {
                let (o, t) = tile_name(holder);
                let (_, nt) = tile_name(to);
                format!("{o} {t} {holder} passes the Flag to the {nt} on {to}")
            }
            ActionView::Flag { to } => {
                // In play, a Flag action is a relocation (Counting Coup).
                let side = before.side_to_move();
                if self.is_yours(side) {
                    format!("you move your Flag to {to}")
                } else {
                    format!("{side} moves its Flag to {to}")
                }
            }
            ActionView::Terrain { terrain, to } => format!("the {terrain} stands on {to}"),
            ActionView::Pick { troop } => {
                format!("{} picks the {}", before.side_to_move(), troop.name())
            }
        }
    }
}
