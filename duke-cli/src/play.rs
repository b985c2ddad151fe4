//! `duke play`: a game against the AI in the terminal, driven by commands
//! on standard input (so a script can play it too). Every rule comes from
//! the engine: legal lists, targets, dangers, attackers, outcomes.

use std::io::{self, Write};
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use duke_engine::search::{Request, Searcher, HINT_LEVEL, MATE_BOUND};
use duke_engine::Decision;
use duke_engine::{
    chart, Action, ActionView, Bitboard, Face, Game, Mark, Objective, Phase, Position, Rules, Side,
    Square, Tile, Troop,
};

mod view;

use crate::input::Input;
use crate::text::{commands, expanded_help, expanded_rules, legend, wrap, RULES};
use duke_engine::search::Player;

/// The width the game's output keeps to.
const WIDTH: usize = 80;

pub struct Options {
    pub side: Side,
    pub level: u8,
    pub auto: bool,
    pub seed: Option<u64>,
    pub delay_ms: Option<u64>,
    /// The rules (the standard game, or Expanded Play's).
    pub rules: Rules,
}

const MINE: Style = AnsiColor::Cyan.on_default().bold();
const THEIRS: Style = AnsiColor::Yellow.on_default().bold();
const DANGER: Style = AnsiColor::Red.on_default().bold();
const NOTE: Style = AnsiColor::Green.on_default();
const REFUSED: Style = AnsiColor::Red.on_default();

/// A seed for a game started without `--seed`.
fn random_seed() -> u64 {
    use std::hash::BuildHasher;
    let state = std::collections::hash_map::RandomState::new();
    state.hash_one(std::time::SystemTime::now()) % 1_000_000_000
}

struct Session {
    game: Game,
    rules: Rules,
    seed: u64,
    me: Side,
    level: u8,
    auto: bool,
    delay: Duration,
    searcher: Searcher,
    out: anstream::Stdout,
    resigned: bool,
    /// Whether the end of the game has been announced.
    announced: bool,
    /// A levy square waiting for the player's confirmation.
    confirm: Option<Square>,
    /// The phase of the start whose help was said last (said once).
    helped: Option<&'static str>,
}

impl Session {
    fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        for line in text.as_ref().split('\n') {
            for part in wrap(line, WIDTH) {
                writeln!(self.out, "{part}")?;
            }
        }
        Ok(())
    }

    fn refuse(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        self.say(format!("  {REFUSED}{}{REFUSED:#}", text.as_ref()))
    }

    fn viewer_is_dark(&self) -> bool {
        self.me == Side::Dark
    }

    /// Whether `side` is the player's (never while the AI plays itself).
    fn is_yours(&self, side: Side) -> bool {
        side == self.me && !self.auto
    }

    /// "your" or "Dark's" for a tile's owner.
    fn owner(&self, side: Side) -> String {
        if self.is_yours(side) {
            "your".to_string()
        } else {
            format!("{side}'s")
        }
    }

    fn ai_turns(&mut self) -> io::Result<()> {
        while self.game.outcome().is_none() && self.game.side_to_decide() != self.me {
            if in_setup(self.game.phase()) && !self.fixed_setup_next() {
                // Expanded Play's start (a pick, a Pikeman, the Knight, a
                // Flag): the engine's suggestion, in words.
                let before = *self.game.position();
                let phase = self.game.phase();
                let a = self
                    .game
                    .setup_suggestion()
                    .expect("a decision of setup waits");
                self.game.play(a).expect("the engine's suggestion is legal");
                let words = self.describe_setup(&before, phase, a);
                self.say(format!("AI: {words}"))?;
                continue;
            }
            if let Phase::Setup { side, .. } = self.game.phase() {
                self.game.setup_fixed().expect("the AI's fixed setup");
                let pos = self.game.position();
                let duke = pos.duke(side).expect("the fixed setup has a Duke");
                let footmen: Vec<String> = pos
                    .troops(side, Troop::Footman)
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect();
                self.say(format!(
                    "AI ({side}) takes the fixed setup: Duke {duke}, Footmen {}",
                    footmen.join(" and ")
                ))?;
                continue;
            }
            self.ai_decide(Player::Level(self.level))?;
        }
        Ok(())
    }

    /// The AI decides for the side to decide; announces its action in words.
    fn ai_decide(&mut self, player: Player) -> io::Result<()> {
        let seed = self.seed ^ u64::from(self.game.position().turn());
        let before = *self.game.position();
        let Ok((d, _)) = player.decide(&self.game, &mut self.searcher, seed) else {
            return Ok(());
        };
        self.game.apply(d).expect("players choose legal decisions");
        if let Decision::Act(a) = d {
            let text = format!("{} ({a})", self.describe(&before, a));
            self.say(text)?;
        }
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.resigned || self.game.outcome().is_some()
    }

    /// Announces the end of the game once.
    fn announce_end(&mut self) -> io::Result<()> {
        if self.announced {
            return Ok(());
        }
        let Some(outcome) = self.game.outcome() else {
            return Ok(());
        };
        self.announced = true;
        self.show()?;
        self.say(format!("game over: {outcome}"))?;
        // A Duke in Guard with no way out: say who holds it.
        let pos = *self.game.position();
        let stuck = pos.side_to_move();
        if outcome.winner() == Some(!stuck) && pos.is_duke_attacked(stuck) {
            if let Some(duke) = pos.duke(stuck) {
                let by = self.tiles_named(&pos, pos.attackers(!stuck, duke));
                let whose = self.owner(stuck);
                self.say(format!(
                    "  {whose} Duke on {duke} is attacked by {by}, and no maneuver saves it"
                ))?;
            }
        }
        if !self.auto {
            let verdict = match outcome.winner() {
                Some(w) if w == self.me => "you win",
                Some(_) => "you lose",
                None => "a draw",
            };
            self.say(format!("{NOTE}{verdict}{NOTE:#}"))?;
            self.say(
                "the game stays here: undo, record, save <file>, new for another game, or quit",
            )?;
        }
        Ok(())
    }

    fn prompt(&self) -> String {
        if self.is_over() {
            return "game over> ".to_string();
        }
        match self.game.phase() {
            Phase::Setup { troop, .. } | Phase::Levy { troop } => {
                format!("place your {troop} ({})> ", target_squares(&self.game))
            }
            Phase::Draft { .. } => {
                let letters: Vec<String> = self
                    .game
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a.view() {
                        ActionView::Pick { troop } => Some(troop.char().to_string()),
                        _ => None,
                    })
                    .collect();
                format!("pick a kind ({})> ", letters.join(" "))
            }
            Phase::Flags { flag, .. } => {
                let whose = if flag == self.me {
                    "your".to_string()
                } else {
                    format!("{flag}'s")
                };
                format!("place {whose} Flag ({})> ", target_squares(&self.game))
            }
            _ => "> ".to_string(),
        }
    }

    /// Whether the next decision of setup is the standard setup's Duke,
    /// which `fixed` places with its two Footmen (SPEC §5).
    fn fixed_setup_next(&self) -> bool {
        self.rules.objective() != Objective::Rider
            && matches!(
                self.game.phase(),
                Phase::Setup {
                    troop: Troop::Duke,
                    ..
                }
            )
    }

    /// What the player is asked to do in a phase of the start, in words.
    fn setup_help(&self) -> Option<String> {
        if self.game.side_to_decide() != self.me {
            return None;
        }
        Some(match self.game.phase() {
            Phase::Draft { .. } => "the draft (Logistical Nightmare): pick a kind for your bag, \
                 by its letter or name (pick M, or just Marshall); your opponent's tiles of \
                 that kind leave the game. 'fixed' picks the most valuable kind left"
                .to_string(),
            Phase::Setup {
                troop: Troop::Pikeman,
                ..
            } => "setup (Dark Rider): place your five Pikemen on rank 1, a square each \
                 time, or 'fixed' to have them placed for you"
                .to_string(),
            Phase::Setup {
                troop: Troop::Knight,
                ..
            } => "setup (Dark Rider): place your Knight on rank 6, or 'fixed'".to_string(),
            Phase::Flags { flag, .. } if self.rules.objective() == Objective::Coup => {
                let _ = flag;
                "Counting Coup: place your Flag on an empty square of file A or F; \
                 three points next to your opponent's Flag win. 'fixed' chooses one for you"
                    .to_string()
            }
            Phase::Flags { flag, .. } => format!(
                "Other Objective: place {flag}'s Flag on an empty square of {flag}'s home \
                 row; carry your opponent's Flag to your own home row to win. 'fixed' \
                 chooses one for you"
            ),
            _ => return None,
        })
    }

    /// A decision of the start in words.
    fn describe_setup(&self, before: &Position, phase: Phase, a: Action) -> String {
        let who = |side: Side| {
            if self.is_yours(side) {
                "you".to_string()
            } else {
                side.to_string()
            }
        };
        match (phase, a.view()) {
            (Phase::Draft { side }, ActionView::Pick { troop }) => {
                let bag = if self.is_yours(side) { "your" } else { "its" };
                let goes = if troop.army_count() > 1 {
                    format!("all {} go to {bag} bag", troop.army_count())
                } else {
                    format!("it goes to {bag} bag")
                };
                format!(
                    "{} {} the {}: {goes}",
                    who(side),
                    if self.is_yours(side) { "pick" } else { "picks" },
                    troop.name(),
                )
            }
            (Phase::Flags { side, flag }, ActionView::Flag { to }) => {
                let whose = if flag == side {
                    if self.is_yours(side) {
                        "your".to_string()
                    } else {
                        "its".to_string()
                    }
                } else if self.is_yours(flag) {
                    "your".to_string()
                } else {
                    format!("{flag}'s")
                };
                format!(
                    "{} {} {whose} Flag on {to}",
                    who(side),
                    if self.is_yours(side) {
                        "place"
                    } else {
                        "places"
                    }
                )
            }
            (Phase::Setup { side, .. }, ActionView::Place { troop, to }) => format!(
                "{} {} the {troop} on {to}",
                who(side),
                if self.is_yours(side) {
                    "place"
                } else {
                    "places"
                }
            ),
            _ => self.describe(before, a),
        }
    }

    fn new_game(&mut self, seed: u64) -> io::Result<()> {
        self.game = Game::with_rules(self.rules, seed);
        self.seed = seed;
        self.resigned = false;
        self.announced = false;
        self.confirm = None;
        self.helped = None;
        let rules = if self.rules.is_standard() {
            String::new()
        } else {
            format!(" under the rules {}", self.rules)
        };
        self.say(format!(
            "The Duke{rules}: you play {} against level {} (type 'help', or 'help rules')",
            self.me, self.level
        ))?;
        let again = if self.rules.is_standard() {
            String::new()
        } else {
            format!(" --rules {}", self.rules)
        };
        self.say(format!(
            "seed {seed} (duke play{again} --seed {seed} replays this game's draws)"
        ))?;
        self.ai_turns()?;
        if self.me == Side::Dark {
            self.show()?;
        }
        if !self.fixed_setup_next() {
            // Expanded Play's start: a pick, a Pikeman, or (after the AI's
            // setup) a Flag first.
            return self.say_setup_help();
        }
        let mut fixed = self.game.clone();
        fixed.setup_fixed().expect("setup starts with the Duke");
        let fixed = fixed.position();
        let duke = fixed.duke(self.me).expect("the fixed setup has a Duke");
        let footmen: Vec<String> = fixed
            .troops(self.me, Troop::Footman)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        let tiles = format!("Duke {duke}, Footmen {}", footmen.join(" and "));
        self.say(format!(
            "setup: place your Duke, then two Footmen next to it (left, right or in \
             front): type a square each time, or 'fixed' for {tiles}"
        ))
    }

    fn setup_place(&mut self, action: Action) -> io::Result<()> {
        let before = *self.game.position();
        let phase = self.game.phase();
        match self.game.play(action) {
            Ok(()) => {
                let words = self.describe_setup(&before, phase, action);
                self.say(words)?;
                self.setup_step_done()
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// After a setup decision: the AI's decisions and the board once the
    /// player's part of this phase is complete, and what comes next.
    fn setup_step_done(&mut self) -> io::Result<()> {
        let phase = self.game.phase();
        let same_phase = match phase {
            Phase::Setup { side, .. } => side == self.me,
            _ => false,
        };
        if !same_phase {
            self.after_action()?;
            self.say_setup_help()?;
        }
        Ok(())
    }

    /// The help of the phase of the start the player is in, once.
    fn say_setup_help(&mut self) -> io::Result<()> {
        let phase = self.game.phase();
        if !in_setup(phase) || self.helped == Some(phase.as_str()) {
            return Ok(());
        }
        if let Some(help) = self.setup_help() {
            self.helped = Some(phase.as_str());
            self.say(help)?;
        }
        Ok(())
    }

    /// `fixed`: the engine's suggestion for the player's decisions of this
    /// part of the start (the standard setup's Duke and Footmen at once).
    fn fixed(&mut self) -> io::Result<()> {
        if self.fixed_setup_next() {
            return match self.game.setup_fixed() {
                Ok(()) => self.setup_step_done(),
                Err(e) => self.refuse(e.to_string()),
            };
        }
        let Some(a) = self.game.setup_suggestion() else {
            return self.refuse("fixed: the setup is over");
        };
        // Dark Rider's Pikemen: 'fixed' places all that are left, as the
        // fixed setup places a whole army.
        if let Phase::Setup {
            troop: Troop::Pikeman,
            ..
        } = self.game.phase()
        {
            while let (
                Phase::Setup {
                    troop: Troop::Pikeman,
                    side,
                },
                Some(a),
            ) = (self.game.phase(), self.game.setup_suggestion())
            {
                if side != self.me {
                    break;
                }
                let before = *self.game.position();
                let phase = self.game.phase();
                if let Err(e) = self.game.play(a) {
                    return self.refuse(e.to_string());
                }
                let words = self.describe_setup(&before, phase, a);
                self.say(words)?;
            }
            return self.setup_step_done();
        }
        self.setup_place(a)
    }

    fn levy_place(&mut self, sq: Square, troop: Troop, confirmed: bool) -> io::Result<()> {
        let pos = *self.game.position();
        if !confirmed && !(pos.exposed_levy_squares() & Bitboard::from(sq)).is_empty() {
            let duke = pos
                .duke(self.me)
                .expect("the player's Duke is on the board");
            let by = self.tiles_named(&pos, pos.attackers(!self.me, duke));
            self.say(format!(
                "  {DANGER}?{DANGER:#} {sq} leaves your Duke on {duke} in Guard: {by} could take \
                 it next turn. Place the {troop} on {sq} anyway? (yes/no)"
            ))?;
            self.confirm = Some(sq);
            return Ok(());
        }
        match self.game.place(sq) {
            Ok(()) => {
                self.say(format!("you place the {troop} on {sq}"))?;
                self.after_action()
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    fn levy(&mut self) -> io::Result<()> {
        match self.game.draw() {
            Ok(troop) => {
                let tile = Tile::new(troop, self.me, Face::Starting);
                self.say(format!("you draw {}", troop.with_article()))?;
                self.show_charts(tile, "starting face (up when placed)", "other face")?;
                let pos = *self.game.position();
                let exposed = pos.exposed_levy_squares();
                let list: Vec<String> = pos
                    .levy_squares()
                    .into_iter()
                    .map(|s| {
                        if (exposed & Bitboard::from(s)).is_empty() {
                            s.to_string()
                        } else {
                            format!("{s}?")
                        }
                    })
                    .collect();
                self.say(format!("place it on {}", or_list(&list)))?;
                if !exposed.is_empty() {
                    self.say(format!(
                        "  {DANGER}?{DANGER:#} marks a square that leaves your Duke in Guard"
                    ))?;
                }
                Ok(())
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    fn undo(&mut self) -> io::Result<()> {
        if self.resigned {
            self.resigned = false;
            self.say("resignation taken back")?;
            return self.show();
        }
        if let Some(troop) = self.game.pending_draw() {
            self.game.undo();
            self.confirm = None;
            return self.say(format!(
                "the draw is taken back (a levy here draws the same {troop} again)"
            ));
        }
        // Back to the player's previous decision.
        let mut undone = false;
        while self.game.undo() {
            undone = true;
            if self.game.side_to_decide() == self.me && !in_setup(self.game.phase()) {
                break;
            }
        }
        if undone {
            self.announced = false;
            self.confirm = None;
            self.say("taken back")?;
            self.show()
        } else {
            self.say("nothing to undo")
        }
    }

    fn redo(&mut self) -> io::Result<()> {
        let mut redone = false;
        while let Some(a) = self.game.redo() {
            redone = true;
            self.say(format!("redo {a}"))?;
            if self.game.outcome().is_some()
                || (self.game.side_to_decide() == self.me && !in_setup(self.game.phase()))
            {
                break;
            }
        }
        if !redone {
            return self.say("nothing to redo");
        }
        if self.game.outcome().is_some() {
            return self.announce_end();
        }
        self.show()
    }

    /// The strongest level's advice ([`HINT_LEVEL`], at its own time):
    /// its decision with its score, the line it expects, and the next
    /// best choices of the same search.
    fn hint(&mut self) -> io::Result<()> {
        let request = Request::hint().with_top(4u8).expect("4 alternatives");
        let Ok(h) = self.searcher.decide(&self.game, &request) else {
            return self.refuse("no hint: the game is not in play");
        };
        let show = |d: Decision| d.to_string();
        let best = h.decision;
        let unit = if h.score.abs() < MATE_BOUND {
            " (in Footmen: 1.00 = a Footman, + is good for you)"
        } else {
            ""
        };
        self.say(format!(
            "hint (level {HINT_LEVEL}, {} turns ahead): {}, {}{unit}",
            h.depth,
            show(best),
            score_text(h.score)
        ))?;
        if h.pv.len() > 1 {
            let pv: Vec<String> = h.pv.iter().map(|&d| show(d)).collect();
            self.say(format!("  expected line: {}", pv.join(" ")))?;
        }
        let others: Vec<String> = h
            .top
            .iter()
            .filter(|&&(d, _)| d != best)
            .take(3)
            .map(|&(d, _)| show(d))
            .collect();
        if !others.is_empty() {
            self.say(format!("  also worth a look: {}", others.join(", ")))?;
        }
        Ok(())
    }

    /// Handles one line; `false` to leave.
    fn command(&mut self, line: &str) -> io::Result<bool> {
        let text = line.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let (word, rest) = (word.to_ascii_lowercase(), rest.trim());
        if let Some(sq) = self.confirm.take() {
            match word.as_str() {
                "y" | "yes" => {
                    if let Phase::Levy { troop } = self.game.phase() {
                        self.levy_place(sq, troop, true)?;
                    }
                    return Ok(true);
                }
                "n" | "no" => {
                    self.say("not placed: choose another square")?;
                    return Ok(true);
                }
                _ => self.say(format!("not placed on {sq}"))?,
            }
        }
        match word.as_str() {
            "" => {}
            "help" | "?" | "h" => {
                if rest.eq_ignore_ascii_case("rules") {
                    self.rules_page()?;
                } else {
                    self.say(commands(self.me == Side::Light))?;
                    self.say(legend(self.me == Side::Light))?;
                    if let Some(more) = expanded_help(self.rules) {
                        self.say(more)?;
                    }
                }
            }
            "rules" => self.rules_page()?,
            "quit" | "exit" | "q" => return Ok(false),
            "board" => self.show()?,
            "record" => {
                let record = self.game.record();
                self.say(record.trim_end())?;
            }
            "resign" => {
                if self.is_over() {
                    self.refuse("the game is already over")?;
                } else {
                    self.resigned = true;
                    self.say(format!("you resign; {} wins", !self.me))?;
                    self.say("type new for another game, undo to take it back, or quit")?;
                }
            }
            "new" => {
                let seed = if rest.is_empty() {
                    Some(random_seed())
                } else {
                    rest.parse().ok()
                };
                match seed {
                    Some(seed) => self.new_game(seed)?,
                    None => self.refuse("usage: new [seed] (the seed is a whole number)")?,
                }
            }
            "undo" => self.undo()?,
            "redo" => self.redo()?,
            "save" if rest.is_empty() => self.refuse("usage: save <file>")?,
            "save" => match std::fs::write(rest, self.game.record_with_seed()) {
                Ok(()) => self.say(format!("saved to {rest}"))?,
                Err(e) => self.refuse(format!("cannot save to {rest}: {e}"))?,
            },
            "load" if rest.is_empty() => self.refuse("usage: load <file>")?,
            "load" => match std::fs::read_to_string(rest) {
                Ok(text) => match Game::from_record(&text) {
                    Ok(g) => {
                        self.game = g;
                        // The record's rules are the game's from now on
                        // (`new` starts another under them).
                        self.rules = self.game.rules();
                        self.resigned = false;
                        self.announced = false;
                        self.say(format!("loaded {rest}"))?;
                        self.ai_turns()?;
                        if self.game.outcome().is_none() {
                            self.show()?;
                        }
                    }
                    Err(e) => self.refuse(e.to_string())?,
                },
                Err(e) => self.refuse(format!("cannot read {rest}: {e}"))?,
            },
            _ if self.is_over() => {
                let known = matches!(
                    word.as_str(),
                    "hint" | "levy" | "draw" | "fixed" | "pass" | "relocate" | "pick"
                );
                if !known && is_unknown(&word, rest) {
                    self.refuse(format!("unknown command '{text}': type help for the commands and how to write an action"))?;
                } else {
                    self.refuse("the game is over: undo, record, save <file>, new, or quit")?;
                }
            }
            "hint" => self.hint()?,
            "levy" | "draw" => self.levy()?,
            "fixed" => {
                if in_setup(self.game.phase()) {
                    self.fixed()?;
                } else {
                    self.refuse("fixed: the setup is over")?;
                }
            }
            "pick" if matches!(self.game.phase(), Phase::Draft { .. }) => {
                match rest.parse::<Troop>() {
                    Ok(troop) => self.setup_place(Action::pick(troop))?,
                    Err(e) => self.refuse(format!("pick: {e}"))?,
                }
            }
            // A Flag's pass: `pass b3 b4` is the action b3^b4.
            "pass" => match rest.split_whitespace().collect::<Vec<_>>()[..] {
                [from, to] => self.act(&format!("{from}^{to}"))?,
                _ => self.refuse("usage: pass <holder's square> <square next to it>")?,
            },
            // A relocation of the Flag (Counting Coup): `relocate c2` is flag@c2.
            "relocate" => match rest.parse::<Square>() {
                Ok(sq) => self.act(&format!("flag@{sq}"))?,
                Err(_) => self.refuse("usage: relocate <square>")?,
            },
            _ if matches!(self.game.phase(), Phase::Draft { .. })
                && rest.is_empty()
                && word.parse::<Troop>().is_ok() =>
            {
                let troop = word.parse::<Troop>().expect("checked");
                self.setup_place(Action::pick(troop))?;
            }
            _ => {
                if let (Ok(sq), true) = (word.parse::<Square>(), rest.is_empty()) {
                    match self.game.phase() {
                        Phase::Setup { troop, .. } => self.setup_place(Action::place(troop, sq))?,
                        Phase::Flags { .. } => self.setup_place(Action::flag(sq))?,
                        Phase::Levy { troop } => self.levy_place(sq, troop, false)?,
                        _ => self.select(sq)?,
                    }
                } else if is_unknown(&word, rest) {
                    self.refuse(format!("unknown command '{text}': type help for the commands and how to write an action"))?;
                } else {
                    self.act(text)?;
                }
            }
        }
        Ok(true)
    }

    /// The basic game's page, then what the game's rules change.
    fn rules_page(&mut self) -> io::Result<()> {
        self.say(RULES)?;
        if let Some(more) = expanded_rules(self.rules) {
            self.say("")?;
            self.say(more)?;
        }
        Ok(())
    }

    fn act(&mut self, text: &str) -> io::Result<()> {
        if in_setup(self.game.phase()) {
            return match text.parse::<Action>() {
                Ok(a) => self.setup_place(a),
                Err(e) => self.refuse(e.to_string()),
            };
        }
        let before = *self.game.position();
        match self.game.play_text(text) {
            Ok(a) => {
                if let ActionView::Place { troop, to } = a.view() {
                    self.say(format!("you place the {troop} on {to}"))?;
                } else {
                    let words = self.describe(&before, a);
                    self.say(format!("you play {a}: {words}"))?;
                }
                self.after_action()
            }
            // A whole levy (`W@C2`) would pick its troop; the engine refuses
            // it, and here the command for the levy is `levy`.
            Err(duke_engine::GameError::BagDecides(a)) => self.refuse(format!(
                "{a}: the bag chooses the troop: type levy to draw one, then its square"
            )),
            // The engine names the placement as action text (`M@<square>`);
            // here a square is enough.
            Err(duke_engine::GameError::Phase {
                phase: Phase::Levy { troop },
                ..
            }) => self.refuse(format!(
                "{text}: place the drawn {troop} first: type its square ({})",
                target_squares(&self.game)
            )),
            Err(e) => self.refuse(e.to_string()),
        }
    }

    fn after_action(&mut self) -> io::Result<()> {
        if self.game.outcome().is_none() {
            self.ai_turns()?;
        }
        if self.game.outcome().is_none() {
            self.show()?;
        }
        Ok(())
    }
}

/// Whether a phase is part of the start (the draft, the setup, the Flags).
fn in_setup(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Setup { .. } | Phase::Draft { .. } | Phase::Flags { .. }
    )
}

/// The squares the game's legal actions end on, as a list a player reads
/// ("C2", "B1, D1 or C2"): where a placement may go.
fn target_squares(game: &Game) -> String {
    let list: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| a.target().to_string())
        .collect();
    or_list(&list)
}

/// "A", "A or B", "A, B or C".
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Whether a word is neither a command nor the start of action text (a
/// square, or a troop letter and `@`).
fn is_unknown(word: &str, rest: &str) -> bool {
    let b = word.as_bytes();
    let square_start = b.len() >= 2 && matches!(b[0], b'a'..=b'f') && b[1].is_ascii_digit();
    let place = b.len() >= 2 && b[1] == b'@';
    // Expanded Play's texts: a Flag placed or relocated, a pick.
    let word_action = word.starts_with("flag@") || word.starts_with("pick:");
    !square_start && !word_action && (!place || !rest.is_empty())
}

/// A score as people read it (the engine's words).
fn score_text(score: i32) -> String {
    duke_engine::search::Score(score).to_string()
}

pub fn run(opts: &Options) -> io::Result<()> {
    let seed = opts.seed.unwrap_or_else(random_seed);
    let auto_delay = if io::IsTerminal::is_terminal(&io::stdout()) {
        700
    } else {
        0
    };
    let mut s = Session {
        game: Game::with_rules(opts.rules, seed),
        rules: opts.rules,
        seed,
        me: opts.side,
        level: opts.level,
        auto: opts.auto,
        delay: Duration::from_millis(opts.delay_ms.unwrap_or(auto_delay)),
        searcher: Searcher::new(),
        out: anstream::stdout(),
        resigned: false,
        announced: false,
        confirm: None,
        helped: None,
    };
    if opts.auto {
        while let Some(a) = s.game.setup_suggestion() {
            s.game.play(a).expect("the engine's setup");
        }
        let rules = if opts.rules.is_standard() {
            String::new()
        } else {
            format!(", rules {}", opts.rules)
        };
        s.say(format!(
            "level {} against level {}, seed {seed}{rules}",
            opts.level, opts.level
        ))?;
        let watch = !s.delay.is_zero();
        if watch {
            s.show()?;
        }
        while s.game.outcome().is_none() {
            s.ai_decide(Player::Level(opts.level))?;
            if s.game.pending_draw().is_none() && watch {
                if s.game.outcome().is_none() {
                    s.show()?;
                }
                s.out.flush()?;
                std::thread::sleep(s.delay);
            }
        }
        s.announce_end()?;
        let record = s.game.record();
        s.say(record.trim_end())?;
        return Ok(());
    }
    s.new_game(seed)?;
    let mut input = Input::new();
    loop {
        if s.game.outcome().is_some() {
            s.announce_end()?;
        }
        let prompt = s.prompt();
        s.out.flush()?;
        let Some(line) = input.read(&prompt)? else {
            s.say("")?;
            s.say("end of input: leaving the game")?;
            return Ok(());
        };
        if !s.command(&line)? {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::view::chart_grid;
    use super::*;

    #[test]
    fn one_glyph_per_chart_cell() {
        for troop in Troop::ALL {
            for side in Side::ALL {
                for face in Face::ALL {
                    for from_dark in [false, true] {
                        let grid = chart_grid(Tile::new(troop, side, face), face, from_dark);
                        assert_eq!(grid.len(), 5);
                        for row in &grid {
                            let cells: Vec<&str> = row.split(' ').collect();
                            assert_eq!(cells.len(), 5, "{troop} {face:?}: {row:?}");
                            assert!(cells.iter().all(|c| c.chars().count() == 1), "{row:?}");
                        }
                    }
                }
            }
        }
        // The Marshall's other face: Move and Command on three squares ahead.
        let m = Tile::new(Troop::Marshall, Side::Light, Face::Flipped);
        assert_eq!(chart_grid(m, Face::Flipped, false)[1], "· ◉ ◉ ◉ ·");
    }

    #[test]
    fn scores_in_footmen() {
        assert_eq!(score_text(100), "+1.00");
        assert_eq!(score_text(-35), "-0.35");
        assert_eq!(
            score_text(duke_engine::search::MATE - 3),
            "wins: takes the Duke within 3 turns"
        );
        assert_eq!(
            score_text(-duke_engine::search::MATE + 1),
            "loses: the Duke falls within 1 turn"
        );
    }

    #[test]
    fn unknown_words() {
        assert!(is_unknown("clear", ""));
        assert!(is_unknown("redo2", ""));
        assert!(!is_unknown("b1-b2", ""));
        assert!(!is_unknown("p@c2", ""));
        assert!(is_unknown("save", "x"));
    }
}
