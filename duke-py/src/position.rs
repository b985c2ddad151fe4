//! Positions.

use duke_engine::encode::{observation_len, planes, write_legal_mask, write_observation};
use duke_engine::perft::{divide_until, perft_until};
use duke_engine::render::{svg, text_board, SvgFlags, SvgOptions};
use duke_engine::{perft, Bitboard, Limit, Position as EnginePosition};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyType};

use crate::classes::{Action, Outcome, Position};
use crate::convert::{square, square_list, square_object, square_option};
use crate::errors::{Error, Result};
use crate::tile::Tile;

pub fn bag_dict<'py>(py: Python<'py>, bag: duke_engine::Bag) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (troop, n) in bag.iter() {
        d.set_item(troop.char().to_string(), n)?;
    }
    Ok(d)
}

pub fn svg_text(
    pos: &EnginePosition,
    highlights: Option<Vec<Bound<'_, PyAny>>>,
    last: Option<duke_engine::Action>,
    from_dark: bool,
    flags: Option<u8>,
    size: i64,
) -> PyResult<String> {
    let mut hl = Bitboard::EMPTY;
    for sq in highlights.unwrap_or_default() {
        hl |= square(&sq)?;
    }
    let mut flags = match flags {
        None => SvgOptions::default().flags,
        Some(bits) => SvgFlags::from_bits(bits).ok_or_else(|| {
            Error::Value(format!(
                "flags {bits}: the SvgFlag bits are FROM_DARK (1) and COORDINATES (2)"
            ))
        })?,
    };
    flags.set(
        SvgFlags::FROM_DARK,
        from_dark || flags.contains(SvgFlags::FROM_DARK),
    );
    Ok(svg(
        pos,
        &SvgOptions {
            square: Limit::SvgSquare.check(size).map_err(Error::from)?,
            highlights: hl,
            forbidden: Bitboard::EMPTY,
            last_action: last,
            flags,
        },
    ))
}

/// An observation under `rules` as a numpy array of shape (planes, 6, 6):
/// PLANES under the standard rules, EXPANDED_PLANES under any other.
pub fn observation_array<'py>(
    py: Python<'py>,
    rules: duke_engine::Rules,
    fill: impl FnOnce(&mut [u8]),
) -> Bound<'py, PyArray3<u8>> {
    let mut buf = vec![0u8; observation_len(rules)];
    fill(&mut buf);
    PyArray1::from_vec(py, buf)
        .reshape([planes(rules), 6, 6])
        .expect("an observation is planes * 36 bytes")
}

pub fn mask_array<'py>(
    py: Python<'py>,
    rules: duke_engine::Rules,
    fill: impl FnOnce(&mut [u8]),
) -> Bound<'py, PyArray1<bool>> {
    let mut buf = vec![0u8; duke_engine::encode::action_space(rules)];
    fill(&mut buf);
    PyArray1::from_vec(py, buf.into_iter().map(|b| b != 0).collect())
}

impl Position {
    /// perft at a depth the engine checks; Ctrl-C stops a deep one.
    pub fn perft_inner(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth: u32 = Limit::PerftDepth.check(depth).map_err(Error::from)?;
        let pos = self.inner;
        if depth < 3 {
            return Ok(perft(&pos, depth));
        }
        let n = crate::interrupt::with_stop(py, move |stop| perft_until(&pos, depth, &stop))?;
        Ok(n.expect("perft stops only when interrupted, which raised"))
    }

    /// divide at a depth the engine checks; Ctrl-C stops a deep one.
    pub fn divide_inner(&self, py: Python<'_>, depth: i64) -> PyResult<Vec<(Action, u64)>> {
        let depth: u32 = Limit::PerftDepth.check(depth).map_err(Error::from)?;
        let pos = self.inner;
        let counts = crate::interrupt::with_stop(py, move |stop| divide_until(&pos, depth, &stop))?
            .expect("divide stops only when interrupted, which raised");
        Ok(counts
            .into_iter()
            .map(|(a, n)| (Action::of(py, a), n))
            .collect())
    }
}

#[pymethods]
impl Position {
    /// A position from DPN text, or the standard start position.
    #[new]
    #[pyo3(signature = (dpn = None))]
    fn new(dpn: Option<&str>) -> Result<Position> {
        Ok(Position {
            inner: match dpn {
                Some(text) => text.parse()?,
                None => EnginePosition::standard(),
            },
        })
    }

    /// The standard start position.
    #[classmethod]
    fn standard(_cls: &Bound<'_, PyType>) -> Position {
        Position {
            inner: EnginePosition::standard(),
        }
    }

    /// The position as DPN text (what `Position(dpn)` reads).
    fn dpn(&self) -> String {
        self.inner.to_string()
    }

    /// The Tile on a square (index or name), or None when it is empty.
    fn tile_at(&self, sq: &Bound<'_, PyAny>) -> PyResult<Option<Tile>> {
        Ok(self.inner.tile_at(square(sq)?).map(|t| Tile { inner: t }))
    }

    /// The side to move: "light" or "dark".
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().as_str()
    }

    /// A side's bag (the tiles it may still levy) as {troop letter:
    /// count}.
    fn bag<'py>(&self, py: Python<'py>, side_: &str) -> PyResult<Bound<'py, PyDict>> {
        bag_dict(
            py,
            self.inner
                .bag(crate::convert::parse::<duke_engine::Side>(side_)?),
        )
    }

    /// The turns played since the last capture or levy.
    #[getter]
    fn quiet(&self) -> u32 {
        self.inner.quiet()
    }

    /// Turns played since the game started.
    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn()
    }

    /// The Zobrist key, a 64-bit hash of the board, the bags and the side
    /// to move (stable across versions).
    #[getter]
    fn key(&self) -> u64 {
        self.inner.key()
    }

    /// The square of a side's Duke, or None once it is captured.
    fn duke<'py>(&self, py: Python<'py>, side_: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let side = crate::convert::parse::<duke_engine::Side>(side_)?;
        square_option(py, self.inner.duke(side))
    }

    /// The rules of the game this position belongs to, as text:
    /// "standard", or Expanded Play's, such as "coup+mountain".
    #[getter]
    fn rules(&self) -> String {
        self.inner.rules().to_string()
    }

    /// The size of the action space under this position's rules, the
    /// length of its masks: ACTION_SPACE under the standard rules,
    /// EXPANDED_ACTION_SPACE under any other.
    #[getter]
    fn action_space(&self) -> usize {
        duke_engine::encode::action_space(self.inner.rules())
    }

    /// The Mountain's square (Expanded Play), or None when the rules have
    /// no Mountain or it is not on the board yet.
    #[getter]
    fn mountain<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        square_option(py, self.inner.mountain())
    }

    /// The Fort's square (Expanded Play), or None when the rules have no
    /// Fort or it is not on the board yet.
    #[getter]
    fn fort<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        square_option(py, self.inner.fort())
    }

    /// The square of a side's Flag, the one that side keeps from the
    /// opponent (Counting Coup and Other Objective), or None when the
    /// rules have no Flags or it is not placed yet.
    fn flag<'py>(&self, py: Python<'py>, side_: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let side = crate::convert::parse::<duke_engine::Side>(side_)?;
        square_option(py, self.inner.flag(side))
    }

    /// A side's points in Counting Coup (0 to 3; 3 wins), DPN's `score=`;
    /// 0 under other rules.
    fn points(&self, side_: &str) -> PyResult<u32> {
        Ok(self
            .inner
            .score(crate::convert::parse::<duke_engine::Side>(side_)?))
    }

    /// Whether the side to move may first relocate its Flag (Counting
    /// Coup, after a point scored against it): `flag@<square>` among the
    /// legal actions, DPN's `relocate`.
    #[getter]
    fn relocation_pending(&self) -> bool {
        self.inner.relocation_pending()
    }

    /// Dark Rider's frozen Pikemen: the squares (`duke.Square`, A1 first)
    /// of Light's Pikemen on rank 6, which take no action and cannot be
    /// captured; empty under other rules.
    #[getter]
    fn frozen<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        square_list(py, self.inner.frozen())
    }

    /// Every legal action as an ActionList (an immutable sequence of
    /// Action); a levy once per (troop kind, square), the way perft counts
    /// it.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list: arrayvec::ArrayVec<duke_engine::Decision, { duke_engine::MAX_ACTIONS }> = self
            .inner
            .legal_actions()
            .iter()
            .map(|&a| duke_engine::Decision::Act(a))
            .collect();
        crate::action_list::action_list(py, &list)
    }

    /// Whether an action (Action or text) is legal here. Raises ParseError
    /// for text that is not an action.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_legal(Action::from_arg(action)?))
    }

    /// Reads action text and checks it here. Raises ParseError for bad
    /// text and IllegalActionError saying why an action is not legal.
    fn parse_action(&self, py: Python<'_>, text: &str) -> Result<Action> {
        Ok(Action::of(py, self.inner.parse_action(text)?))
    }

    /// The position after a legal action (Action or text); this position
    /// is unchanged. Raises IllegalActionError saying why when the action
    /// is not legal.
    fn play(&self, action: &Bound<'_, PyAny>) -> PyResult<Position> {
        let a = Action::from_arg(action)?;
        let next = self.inner.play(a).map_err(Error::from)?;
        Ok(Position { inner: next })
    }

    /// The number of action sequences of `depth` turns from here (perft;
    /// a levy counted once per troop kind and square). Releases the GIL.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        self.perft_inner(py, depth)
    }

    /// Each legal action with the perft of the position after it at
    /// `depth - 1`, as a list of (Action, count). Releases the GIL.
    fn divide(&self, py: Python<'_>, depth: i64) -> PyResult<Vec<(Action, u64)>> {
        self.divide_inner(py, depth)
    }

    /// The result by the rules that need no history (a captured Duke, no
    /// legal action, too many quiet turns, and Expanded Play's ends), or
    /// None.
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(|o| Outcome { inner: o })
    }

    /// The possible levy draws of the side to move as a list of (troop
    /// letter, probability).
    fn levy_chances(&self) -> Vec<(String, f64)> {
        self.inner
            .levy_chances()
            .map(|c| (c.troop.char().to_string(), c.probability()))
            .collect()
    }

    /// Why the side to move's tile on a square cannot act, in the
    /// engine's words ("the Footman on B1 cannot act: it shields the Duke
    /// on A1 from the Duke on F1"); None when it can act or is not the
    /// mover's.
    fn why_idle(&self, sq: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.inner.why_idle(square(sq)?).map(|i| i.to_string()))
    }

    /// The hand-tuned static evaluation for the side to move, in
    /// centi-Footmen (the engine's `search::evaluate`): what the search
    /// scores a quiet leaf with, and what a Network whose base is
    /// "hand-tuned" corrects.
    fn evaluate(&self) -> i32 {
        duke_engine::search::evaluate(&self.inner)
    }

    /// The learned evaluation's active features of this position seen by
    /// `side` ("light" or "dark"), as a sorted list of ints below
    /// `duke.NNUE_FEATURES` (the engine's `search::nnue::active_features`:
    /// tiles by owner, troop, face and square, then the bags).
    fn nnue_features(&self, side_: &str) -> PyResult<Vec<u32>> {
        let mut out = Vec::with_capacity(48);
        duke_engine::search::nnue::active_features(
            &self.inner,
            crate::convert::parse::<duke_engine::Side>(side_)?,
            |f| out.push(f as u32),
        );
        out.sort_unstable();
        Ok(out)
    }

    /// The legal actions of the tile on a square, each with the mark of its
    /// chart that it uses ("move", "jump", "slide", "jump_slide", "strike",
    /// "command"), as a list of (Action, mark). An action that uses no mark
    /// is not listed: under Other Objective, a carrier's Flag pass
    /// (legal_actions lists it).
    fn targets(
        &self,
        py: Python<'_>,
        sq: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(Action, &'static str)>> {
        let s = square(sq)?;
        Ok(self
            .inner
            .targets(s)
            .map(|(a, mark)| (Action::of(py, a), mark.as_str()))
            .collect())
    }

    /// The squares the mover's Duke reaches by its chart but may not enter,
    /// each with the squares of the enemy tiles that would capture it there.
    #[allow(clippy::type_complexity)]
    fn duke_dangers<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Vec<Bound<'py, PyAny>>)>> {
        self.inner
            .duke_dangers()
            .map(|(sq, by)| Ok((square_object(py, sq)?, square_list(py, by)?)))
            .collect()
    }

    /// Every square on which a side could capture an enemy tile, as a list
    /// of `duke.Square` (A1 first).
    ///
    /// >>> duke.Position().attacks("light")
    /// [Square('A1'), Square('E1'), Square('B2'), Square('D2')]
    fn attacks<'py>(&self, py: Python<'py>, side_: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let side = crate::convert::parse::<duke_engine::Side>(side_)?;
        square_list(py, self.inner.attacks(side))
    }

    /// The squares of a side's tiles that could capture on a square.
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        side_: &str,
        sq: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let side = crate::convert::parse::<duke_engine::Side>(side_)?;
        square_list(py, self.inner.attackers(side, square(sq)?))
    }

    /// Whether a side's Duke could be captured now.
    fn is_duke_attacked(&self, side_: &str) -> PyResult<bool> {
        Ok(self
            .inner
            .is_duke_attacked(crate::convert::parse::<duke_engine::Side>(side_)?))
    }

    /// The observation planes for machine learning: a numpy uint8 array of
    /// shape (PLANES, 6, 6). `perspective` is "absolute", "mover", "light"
    /// or "dark" (the board as that side sees it). The book's format
    /// chapter lists the planes.
    #[pyo3(signature = (perspective = "absolute"))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        perspective: &str,
    ) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        Ok(observation_array(py, self.inner.rules(), |buf| {
            write_observation(&self.inner, p, buf)
        }))
    }

    /// The legal actions as a numpy bool mask of length `action_space`
    /// (ACTION_SPACE under the standard rules, EXPANDED_ACTION_SPACE under
    /// any other), indexed as `Action.index` numbers them from the same
    /// `perspective`.
    #[pyo3(signature = (perspective = "absolute"))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        perspective: &str,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        Ok(mask_array(py, self.inner.rules(), |buf| {
            write_legal_mask(&self.inner, p, buf)
        }))
    }

    /// An SVG drawing: every tile with the chart of its face that is up,
    /// Dark's turned 180°. `highlights` is a list of squares to mark,
    /// `last_action` an action to draw, `from_dark` turns the board for
    /// Dark, `size` is a square's width in pixels (16 to 1024), `flags` a
    /// `SvgFlag` set (default `SvgFlag.COORDINATES`; `from_dark=True` adds
    /// `SvgFlag.FROM_DARK`).
    #[pyo3(signature = (highlights = None, last_action = None, from_dark = false, size = 72, flags = None))]
    fn svg(
        &self,
        highlights: Option<Vec<Bound<'_, PyAny>>>,
        last_action: Option<&Bound<'_, PyAny>>,
        from_dark: bool,
        size: i64,
        flags: Option<u8>,
    ) -> PyResult<String> {
        let last = last_action.map(Action::from_arg).transpose()?;
        svg_text(&self.inner, highlights, last, from_dark, flags, size)
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, None, false, 72, None)
    }

    /// The board as text (Unicode), rank 6 on top.
    #[pyo3(signature = (from_dark = false))]
    fn board_text(&self, from_dark: bool) -> String {
        text_board(&self.inner, from_dark)
    }

    /// The same position mirrored left-right (file A swaps with F); perft
    /// is the same.
    fn mirrored(&self) -> Position {
        Position {
            inner: self.inner.mirrored(),
        }
    }

    /// The same position with colours swapped: the board turned 180°,
    /// owners and bags swapped; perft is the same.
    fn colour_swapped(&self) -> Position {
        Position {
            inner: self.inner.colour_swapped(),
        }
    }

    /// A copy (positions are immutable, so this is the same value).
    fn copy(&self) -> Position {
        *self
    }

    fn __copy__(&self) -> Position {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        *self
    }

    /// The position in a compact binary form, as bytes (it also holds
    /// positions after a Duke capture, which DPN does not).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// Reads the bytes `to_bytes` writes; raises DukeError for bytes that
    /// are not a position.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> Result<Position> {
        Ok(Position {
            inner: EnginePosition::from_bytes(data)?,
        })
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let from_bytes = py.get_type::<Position>().getattr("from_bytes")?;
        Ok((from_bytes, (self.to_bytes(py),)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        // Equal positions have equal keys; the counters only refine equality.
        self.inner.key()
            ^ u64::from(self.inner.turn()).rotate_left(32)
            ^ u64::from(self.inner.quiet())
    }

    /// The board as text, what `print(position)` shows (`board_text()`);
    /// `repr()` and `dpn()` give the DPN.
    fn __str__(&self) -> String {
        text_board(&self.inner, false).trim_end().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.inner)
    }
}
