//! The Python classes that name one another, declared here so that the
//! files of their methods (action.rs, position.rs, outcome.rs, game.rs)
//! import them from below rather than from each other.

use duke_engine::{Decision, Outcome as EngineOutcome, Position as EnginePosition};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// What a player decides, read from or written as action text. It is one
/// of:
///
/// - a relocation: `B1-B2`, or `C3xC5` when it captures;
/// - a strike: `C3*B5`;
/// - a command: `E4:D5-E5` (the tile on E4 moves the one on D5 to E5);
/// - a placement: `P@C2` (the drawn troop's square, a setup placement, or
///   a whole levy from a record);
/// - `levy`: the decision to levy, after which the bag decides the troop
///   (its `kind` is "levy");
///
/// and in Expanded Play (see `Game(rules=...)`):
///
/// - a Flag's pass: `B3^B4` (kind "pass");
/// - a Flag placed in setup or relocated: `flag@A4` (kind "flag");
/// - the terrain drawn: `mountain@C3`, `fort@D4` (kind "terrain", a chance
///   outcome that the game plays itself);
/// - a draft's pick: `pick:W` (kind "pick").
///
/// `Action(text)` checks the syntax only; `Position.parse_action(text)`
/// also checks that it is legal there. Actions are immutable, hashable and
/// compare by value; `str()` gives the text back. Methods that take an
/// action accept an Action or its text.
///
/// >>> a = duke.Action("C3xC5")
/// >>> (a.kind, duke.square_name(a.to_square), a.is_capture)
/// ('relocate', 'C5', True)
#[pyclass(
    module = "duke._duke",
    name = "Action",
    skip_from_py_object,
    frozen,
    eq,
    hash
)]
pub struct Action {
    pub inner: Decision,
    /// The kind, the engine's word: "relocate", "strike", "command",
    /// "place" or "levy", and Expanded Play's "pass", "flag", "terrain"
    /// and "pick".
    // A field read by Python itself (a member of a frozen class): the loop
    // that compares kinds calls no getter and creates no string.
    #[pyo3(get)]
    pub(crate) kind: Py<PyString>,
}

impl PartialEq for Action {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl Eq for Action {}

impl std::hash::Hash for Action {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.inner.hash(state);
    }
}

/// A position between turns: the board, both bags, the side to move and
/// the quiet and turn counters, read from and written as DPN text.
/// `Position()` is the standard start; `Position(dpn)` reads DPN and raises
/// ParseError naming the field and the problem. Under Expanded Play's
/// rules the DPN has a sixth field, the state (the rules, the terrain, the
/// Flags, the points, a pending relocation), read back by `rules`,
/// `mountain`, `fort`, `flag(side)`, `points(side)` and
/// `relocation_pending`.
///
/// Positions are immutable (`play` returns a new one), hashable, compare by
/// value and pickle. Squares are indices (0-35) or names ("C2"); sides are
/// "light" or "dark". The rules that need a game's history (repetition)
/// are Game's.
///
/// >>> pos = duke.Position()
/// >>> len(pos.legal_actions()), pos.side_to_move
/// (18, 'light')
/// >>> pos.play("B1-B2").side_to_move
/// 'dark'
/// >>> coup = duke.Position("3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate")
/// >>> coup.rules, duke.square_name(coup.flag("light")), coup.points("light"), coup.relocation_pending
/// ('coup', 'F1', 1, True)
#[pyclass(module = "duke._duke", name = "Position", skip_from_py_object, frozen)]
#[derive(Clone, Copy)]
pub struct Position {
    pub inner: EnginePosition,
}

/// How a game ended: the winner (None for a draw) and the reason. Read it
/// from `Game.outcome` or `Position.outcome()`.
#[pyclass(
    module = "duke._duke",
    name = "Outcome",
    skip_from_py_object,
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub inner: EngineOutcome,
}
