//! The game's help, legend and rules page: text of this project, in its
//! own words, built into the program.

use duke_engine::{Objective, Rules, Square, Troop};

const COMMANDS: &str = "\
commands:
  <square>       select a tile (e.g. {b1}): its two charts and its targets
  <action>       act: {b1}-{b2} (move), {c3}x{c5} (capture), {c3}*{b5} (strike),
                 {e4}:{d5}-{e5} (the tile on {e4} commands its {d5} tile to {e5})
  levy           draw a tile from your bag, then type a square to place it
  undo / redo    take back your last turn and the AI's reply / play it again
  hint           the strongest level's advice (level 5, about a second)
  board          show the board again        record       the game record
  save <file>    save the game               load <file>  load a saved game
  new [seed]     start a new game            resign       give up
  help rules     the rules on one page       quit         leave";

/// The commands, with example squares on the player's own side of the
/// board (turned around for Dark).
pub fn commands(you_light: bool) -> String {
    let mut out = String::new();
    let mut rest = COMMANDS;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('}').expect("a closing brace");
        let sq: Square = rest[open + 1..close].parse().expect("an example square");
        let shown = if you_light {
            sq
        } else {
            Square::from_coords(5 - sq.file(), 5 - sq.rank()).expect("on the board")
        };
        out.push_str(&shown.to_string().to_ascii_lowercase());
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The legend of the board and the charts; `you_light` says which case is yours.
pub fn legend(you_light: bool) -> String {
    let mut out = String::from("the board (your side at the bottom):\n");
    out.push_str(&format!(
        "  UPPERCASE letters are Light's tiles, lowercase Dark's: yours are {}\n",
        if you_light { "UPPERCASE" } else { "lowercase" }
    ));
    out.push_str(
        "  + before a letter   the tile shows its other face (it has flipped)\n\
         \x20 ·                   an empty square\n\
         \x20 ! (after a letter)  your Duke reaches it but may not go there: an enemy\n\
         \x20                     tile would take it (the lines below the board say which)\n\
         \x20 ?                   a levy square that leaves your Duke in Guard\n\
         \x20 ● ↑ ✦ ... (after)  a target of the selected tile, by that mark\n\
         the bags: P×3 19% means 3 Pikemen in the bag, a 19% chance to draw one\n\
         the troops:\n",
    );
    let mut troops = Troop::ALL;
    troops.sort_by_key(|t| t.char());
    for row in troops.chunks(5) {
        let cells: Vec<String> = row
            .iter()
            .map(|t| format!("{} {:<12}", t.char(), t.name()))
            .collect();
        out.push_str(&format!("  {}\n", cells.concat().trim_end()));
    }
    out.push_str(
        "the charts: 5 by 5 squares, the tile (◇) in the middle, as you see the board\n\
         \x20 ● Move    ○ Jump    ✦ Strike    ⌘ Command square    ◉ Move and Command\n\
         \x20 ↑ ↗ → ↘ ↓ ↙ ← ↖   Slide that way (drawn on the first square of the line)\n\
         \x20 ⇑ ⇗ ⇒ ⇘ ⇓ ⇙ ⇐ ⇖   Jump Slide that way (drawn two squares away)\n\
         \x20 ·   no mark",
    );
    out
}

pub const RULES: &str = "\
The Duke: the rules on one page

The board has 6 by 6 squares, files A to F and ranks 1 to 6. Light sits at
rank 1 and Dark at rank 6. Each side owns 19 tiles: a Duke, 3 Footmen, 3
Pikemen and one each of twelve other troops.

Setup: Light puts its Duke on C1 or D1, then two Footmen, each on an empty
square left of, right of or in front of its Duke. Dark does the same on C6
or D6. The other 16 tiles of each side wait in its bag. Light moves first.

A turn is one of these (passing is not allowed):
- a maneuver: one of your tiles acts by a mark of the face that is up, then
  turns over to its other face; or
- a levy: draw a tile at random from your bag and put it, starting face up,
  on an empty square beside your Duke (left, right, ahead or behind). You can
  levy when your bag is not empty and such a square is free.

The marks of a face (forward is toward the opponent; type a square to see a
tile's charts, `help` explains the glyphs):
- Move: to the marked square. A mark two squares away needs the square in
  between empty.
- Jump: to the marked square, over anything.
- Slide: any distance that way over empty squares, stopping on an empty
  square or on the first enemy tile.
- Jump Slide: a Slide that starts beyond the first square of its line.
- Strike: take the enemy tile on the marked square; the striker stays put.
- Command: move one of your tiles from a Command square to another Command
  square of the same commander, empty or holding an enemy. The commander
  stays put and turns over; the commanded tile does not.
A tile that ends its action on an enemy tile takes it out of the game. No
tile ends on a tile of its own side.

Guard: no maneuver may leave your Duke where the enemy could take it next
turn. When your Duke is attacked (in Guard), save it. A levy is never
stopped by this rule, so a levy that leaves your Duke attacked is allowed,
and the enemy may then take your Duke. Taking the enemy Duke always counts.

The end: you win by taking the enemy Duke, or when the enemy has no
maneuver and cannot levy on its turn. The game is drawn when the same
position (tiles, bags and the side to move) comes up for the third time,
or after 200 turns in a row without a capture or a levy.";

/// Wraps a line to `width` columns between words; continuation lines get
/// the line's own indent and two more spaces. ANSI colour codes take no
/// width.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let visible = |s: &str| {
        let mut n = 0;
        let mut in_escape = false;
        for c in s.chars() {
            if in_escape {
                in_escape = c != 'm';
            } else if c == '\x1b' {
                in_escape = true;
            } else {
                n += 1;
            }
        }
        n
    };
    if visible(line) <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let pad = " ".repeat(indent + 2);
    let mut out = Vec::new();
    let mut current = " ".repeat(indent);
    // Words are split at plain spaces only: a no-break space (U+00A0)
    // keeps a token such as a bag entry whole.
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        let fresh = current.trim().is_empty();
        if !fresh && visible(&current) + 1 + visible(word) > width {
            out.push(current);
            current = pad.clone();
            current.push_str(word);
        } else {
            if !fresh {
                current.push(' ');
            }
            current.push_str(word);
        }
    }
    out.push(current);
    out
}

/// The commands and the board's signs of Expanded Play, for a game under
/// `rules` (none for the standard game).
pub fn expanded_help(rules: Rules) -> Option<String> {
    if rules.is_standard() {
        return None;
    }
    let mut out = format!("under the rules {rules}:\n");
    if rules.draft() {
        out.push_str(
            "  pick <troop>   in the draft, take a troop kind for your bag (pick K, or K)\n",
        );
    }
    if rules.has_flags() {
        out.push_str(
            "  flag@<square>  place a Flag at the start, when asked (or type its square)\n\
             \x20 pass <a> <b>   pass your Flag from its holder on <a> to your tile on <b>,\n\
             \x20                next to it (the action text is a^b)\n",
        );
    }
    if rules.objective() == Objective::Coup {
        out.push_str(
            "  relocate <sq>  after a point against you, move your Flag first to an empty\n\
             \x20                square next to one of your tiles (playing on declines)\n",
        );
    }
    if rules.mountain() {
        out.push_str("  ▲              the Mountain: nothing stands on it or passes it\n");
    }
    if rules.fort() {
        out.push_str(
            "  □              the Fort: one tile may stand on it, nothing passes it, and\n\
             \x20                its tile cannot be struck\n",
        );
    }
    if rules.has_flags() {
        out.push_str(
            "  ⚑              a Flag: yours, or your opponent's (named under the board)\n",
        );
    }
    if rules.objective() == Objective::Rider {
        out.push_str(
            "  P on rank 6    a Light Pikeman there is frozen: no action, never captured\n",
        );
    }
    Some(out.trim_end().to_string())
}

/// What the rules change, in a few lines, after the basic game's page
/// (none for the standard game).
pub fn expanded_rules(rules: Rules) -> Option<String> {
    if rules.is_standard() {
        return None;
    }
    let mut out = format!("Expanded Play: the rules {rules}\n");
    if rules.draft() {
        out.push_str(
            "\nThe draft (Logistical Nightmare): before setup the sides pick the thirteen\n\
             kinds other than the Duke and the Footman in turn, Dark first. A pick puts\n\
             all the picker's tiles of that kind in its bag and takes the opponent's out\n\
             of the game; then each side adds one Footman to its bag. Dark sets up\n\
             first; Light moves first.\n",
        );
    }
    match rules.objective() {
        Objective::Coup => out.push_str(
            "\nCounting Coup: after setup each side places its Flag on an empty square of\n\
             file A or F. The opponent's Flag square is closed: no action of yours ends\n\
             there, no Move or Slide goes through it, no levy places there. You score a\n\
             point when the tile that changed squares on your turn (moved, commanded or\n\
             levied) ends next to the opponent's Flag (left, right, ahead or behind)\n\
             and did not start there; three points win. After a point against it, a\n\
             side may first relocate its Flag next to one of its tiles. Taking a Duke\n\
             does not win, the guard rule is lifted, and a side with no tile left loses.\n",
        ),
        Objective::Flag => out.push_str(
            "\nOther Objective: each side's Flag starts on its own home rank, placed by the\n\
             opponent. End an action on the opponent's Flag to pick it up; its holder\n\
             carries it and may pass it to a tile of yours next to it (a turn). You win\n\
             when the opponent's Flag stands on your home rank after your action. No\n\
             tile of yours ends on your own Flag's square. Taking a Duke does not win,\n\
             and the guard rule is lifted.\n",
        ),
        Objective::Rider => out.push_str(
            "\nDark Rider: no Dukes, bags or levies. Light sets up five Pikemen on rank 1,\n\
             Dark one Knight on rank 6, and Dark moves first. A Light Pikeman that\n\
             reaches rank 6 is frozen: no action, never captured. Light wins by taking\n\
             the Knight, or with three Pikemen on rank 6 while Dark has taken at most\n\
             one; Dark wins on taking its third Pikeman.\n",
        ),
        _ => {}
    }
    if rules.mountain() || rules.fort() {
        out.push_str(
            "\nTerrain is drawn onto empty squares after setup, and nothing passes it:\n\
             a Slide stops before it, and a Jump, Strike or Command whose line\n\
             crosses it is not made.",
        );
        if rules.mountain() {
            out.push_str(" Nothing stands on the Mountain.");
        }
        if rules.fort() {
            out.push_str("\nOne tile may stand on the Fort, and it cannot be struck there.");
        }
        out.push('\n');
    }
    Some(out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_fits_80_columns() {
        for text in [
            &commands(true),
            &commands(false),
            RULES,
            &legend(true),
            &legend(false),
        ] {
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{line}");
            }
        }
    }

    #[test]
    fn examples_on_the_players_side() {
        assert!(commands(true).contains("(e.g. b1)") && commands(true).contains("e4:d5-e5"));
        assert!(commands(false).contains("(e.g. e6)") && commands(false).contains("b3:c2-b2"));
        assert!(!commands(false).contains('{'));
    }

    #[test]
    fn articles() {}

    #[test]
    fn wrapping_keeps_tokens_whole() {
        let line = format!("your bag (16):{}", " P×3\u{a0}19%".repeat(14));
        let lines = wrap(&line, 40);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(l.chars().count() <= 40, "{l}");
            assert!(
                !l.ends_with("P×3") && !l.trim_start().starts_with("19%"),
                "{l}"
            );
        }
        let words = |s: &str| {
            s.split(' ')
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(words(&lines.join(" ")), words(&line));
    }
}
