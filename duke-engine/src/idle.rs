//! Why a tile cannot act: the explanation a program shows when a player
//! picks a tile of theirs that has no legal action.
//!
//! | Reason | When | Said as |
//! |---|---|---|
//! | [`IdleReason::Shields`] | it stands between its Duke and an enemy | "it shields the Duke on C1 from the Knight on C5" |
//! | [`IdleReason::InGuard`] | its Duke is attacked and none of its actions ends that | "the Duke on C1 is in Guard from the Knight on C5, and no action of this tile ends it" |
//! | [`IdleReason::DukeHemmed`] | it is the Duke, and every square it reaches is attacked | "every square the Duke reaches is attacked" |
//! | [`IdleReason::NoTarget`] | its marks reach no square it may act on | "its marks reach no square it may act on" |

use core::fmt;

use crate::{Bitboard, Position, Square, Troop};

/// Why the tile on a square has no legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdleReason {
    /// The tile shields its Duke: without it on its square, the tiles in
    /// the set would capture the Duke.
    Shields(Bitboard),
    /// The Duke is in Guard (attacked by the tiles in the set), and no
    /// action of this tile ends the Guard.
    InGuard(Bitboard),
    /// The tile is the Duke, and every square it reaches is attacked.
    DukeHemmed,
    /// The tile's marks reach no square it may act on: they are blocked,
    /// lead off the board or onto its own side's tiles.
    NoTarget,
    /// Dark Rider: a Light Pikeman on rank 6 is frozen, with no action.
    Frozen,
}

impl IdleReason {
    /// A short word for the reason: `shields`, `in-guard`, `duke-hemmed`,
    /// `no-target` or `frozen`.
    pub const fn as_str(self) -> &'static str {
        match self {
            IdleReason::Shields(_) => "shields",
            IdleReason::InGuard(_) => "in-guard",
            IdleReason::DukeHemmed => "duke-hemmed",
            IdleReason::NoTarget => "no-target",
            IdleReason::Frozen => "frozen",
        }
    }

    /// The enemy tiles the reason names (empty for the last two).
    pub const fn by(self) -> Bitboard {
        match self {
            IdleReason::Shields(by) | IdleReason::InGuard(by) => by,
            _ => Bitboard::EMPTY,
        }
    }
}

/// A tile that cannot act, and why; [`Display`](fmt::Display) says it in
/// the words a player reads.
///
/// ```
/// use duke_engine::{IdleReason, Position, Square};
/// // Light's flipped Footman on B1 steps diagonally or two ahead: every
/// // step leaves rank 1, where Dark's Duke on F1 slides to Light's on A1.
/// // (Light's Footman on A3 can act, so the game is not over.)
/// let pos: Position = "6/6/6/F5/6/D+F3d l -/- 0 0".parse().unwrap();
/// let idle = pos.why_idle(Square::B1).unwrap();
/// assert_eq!(idle.reason(), IdleReason::Shields(Square::F1.into()));
/// assert_eq!(idle.to_string(), "the Footman on B1 cannot act: it shields the Duke on A1 from the Duke on F1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Idle {
    square: Square,
    troop: Troop,
    duke: Option<Square>,
    reason: IdleReason,
    /// The troops on the squares the reason names, in square order.
    by: [Option<Troop>; 4],
}

impl Idle {
    /// The tile's square.
    pub fn square(&self) -> Square {
        self.square
    }

    /// Why it cannot act.
    pub fn reason(&self) -> IdleReason {
        self.reason
    }
}

impl fmt::Display for Idle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {} cannot act: ", self.troop, self.square)?;
        self.write_reason(f)
    }
}

/// The reason alone, without the tile (see [`Idle::reason_text`]).
pub struct ReasonText<'a>(&'a Idle);

impl fmt::Display for ReasonText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_reason(f)
    }
}

impl Idle {
    /// The reason alone, for a program that has named the tile already:
    /// "it shields the Duke on A1 from the Duke on F1".
    pub fn reason_text(&self) -> ReasonText<'_> {
        ReasonText(self)
    }

    fn write_reason(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let duke = self.duke.map_or(Square::A1, |d| d);
        match self.reason {
            IdleReason::Shields(by) => {
                write!(f, "it shields the Duke on {duke} from ")?;
                self.write_tiles(f, by)
            }
            IdleReason::InGuard(by) => {
                write!(f, "the Duke on {duke} is in Guard from ")?;
                self.write_tiles(f, by)?;
                f.write_str(", and no action of this tile ends it")
            }
            IdleReason::DukeHemmed => f.write_str("every square the Duke reaches is attacked"),
            IdleReason::NoTarget => f.write_str("its marks reach no square it may act on"),
            IdleReason::Frozen => {
                f.write_str("it stands on rank 6, where a Pikeman is frozen: no action, and it cannot be captured")
            }
        }
    }

    fn write_tiles(&self, f: &mut fmt::Formatter<'_>, by: Bitboard) -> fmt::Result {
        let n = by.count() as usize;
        for (i, (sq, troop)) in by.into_iter().zip(self.by).enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            match troop {
                Some(t) => write!(f, "the {t} on {sq}")?,
                None => write!(f, "the tile on {sq}")?,
            }
        }
        Ok(())
    }
}

impl Position {
    /// Why the side to move's tile on `sq` has no legal action; `None`
    /// when it has one, or when `sq` holds no tile of the side to move.
    /// A levy, which any tile may allow, is not the tile's action.
    pub fn why_idle(&self, sq: Square) -> Option<Idle> {
        let tile = self.tile_at(sq)?;
        if tile.side != self.side_to_move() || self.outcome().is_some() {
            return None;
        }
        if self.legal_actions().iter().any(|a| a.actor() == Some(sq)) {
            return None;
        }
        let us = self.side_to_move();
        let duke = self.duke(us);
        let guard = |pos: &Position| match pos.duke(us) {
            Some(d) => pos.attackers(!us, d),
            None => Bitboard::EMPTY,
        };
        let reason = if self.frozen_mask() & (1u64 << sq.index()) != 0 {
            IdleReason::Frozen
        } else if !guard(self).is_empty() {
            IdleReason::InGuard(guard(self))
        } else if tile.troop == Troop::Duke {
            if self.duke_dangers().next().is_some() {
                IdleReason::DukeHemmed
            } else {
                IdleReason::NoTarget
            }
        } else {
            let mut without = *self;
            without.remove_code(sq.index());
            let by = guard(&without);
            if by.is_empty() {
                IdleReason::NoTarget
            } else {
                IdleReason::Shields(by)
            }
        };
        let mut by = [None; 4];
        for (slot, s) in by.iter_mut().zip(reason.by()) {
            *slot = self.tile_at(s).map(|t| t.troop);
        }
        Some(Idle {
            square: sq,
            troop: tile.troop,
            duke,
            reason,
            by,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn idle(dpn: &str, sq: Square) -> Option<Idle> {
        dpn.parse::<Position>().unwrap().why_idle(sq)
    }

    #[test]
    fn a_tile_with_an_action_is_not_idle() {
        let pos = Position::standard();
        assert_eq!(pos.why_idle(Square::B1), None);
        // Not the mover's, and an empty square.
        assert_eq!(pos.why_idle(Square::C6), None);
        assert_eq!(pos.why_idle(Square::A3), None);
    }

    #[test]
    fn in_guard_names_the_attackers() {
        // Dark's Duke slides onto C1's file with Light's Footman off it.
        let i = idle("2+d3/6/6/6/6/F1D3 l -/- 0 0", Square::A1).unwrap();
        assert_eq!(i.reason(), IdleReason::InGuard(Square::C6.into()));
        assert_eq!(
            i.to_string(),
            "the Footman on A1 cannot act: the Duke on C1 is in Guard from the Duke on C6, and no action of this tile ends it"
        );
    }

    #[test]
    fn a_blocked_tile_has_no_target() {
        // Light's Footman on A1, walled in by its own tiles on A2 and B1.
        let i = idle("5d/6/6/6/F5/FF1D2 l -/- 0 0", Square::A1).unwrap();
        assert_eq!(i.reason(), IdleReason::NoTarget);
    }

    #[test]
    fn a_frozen_pikeman_says_so() {
        // Dark Rider: Light's Pikeman on B6 is frozen; those on rank 1 act.
        let i = idle("1P1k2/6/6/6/6/P1P1P1 l -/- 0 9 rider", Square::B6).unwrap();
        assert_eq!(i.reason(), IdleReason::Frozen);
        assert_eq!(i.reason().as_str(), "frozen");
        assert_eq!(
            i.to_string(),
            "the Pikeman on B6 cannot act: it stands on rank 6, where a Pikeman is frozen: no action, and it cannot be captured"
        );
        assert_eq!(
            idle("1P1k2/6/6/6/6/P1P1P1 l -/- 0 9 rider", Square::A1),
            None
        );
    }
}
