//! Actions.

use duke_engine::encode::{action_from_index, action_index};

use duke_engine::Action as EngineAction;
use duke_engine::Decision;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyType};
use std::sync::{Mutex, TryLockError};

use crate::classes::{Action, Position};
use crate::errors::{Error, Result};

impl Action {
    /// The Python value of an engine action.
    pub fn of(py: Python<'_>, a: EngineAction) -> Action {
        Action::of_decision(py, Decision::Act(a))
    }

    /// The Python value of a decision (the levy included).
    pub fn of_decision(py: Python<'_>, d: Decision) -> Action {
        // The engine's words, one interned string per kind, made once: a
        // slot for each of the engine's action kinds, then the levy's.
        const SLOTS: usize = duke_engine::ActionKind::ALL.len() + 1;
        static KINDS: [pyo3::sync::PyOnceLock<Py<PyString>>; SLOTS] =
            [const { pyo3::sync::PyOnceLock::new() }; SLOTS];
        let slot = match d {
            Decision::Act(a) => a.kind() as usize,
            Decision::Levy => SLOTS - 1,
        };
        let kind = KINDS[slot]
            .get_or_init(py, || PyString::intern(py, d.kind_str()).unbind())
            .clone_ref(py);
        Action { inner: d, kind }
    }

    /// The decision an argument names: an Action, or its text (`levy`
    /// included).
    pub fn decision_arg(obj: &Bound<'_, PyAny>) -> PyResult<Decision> {
        if let Ok(a) = obj.cast::<Action>() {
            return Ok(a.get().inner);
        }
        let text: String = obj.extract().map_err(|_| {
            PyErr::from(Error::Value(
                "an action is an Action or action text like \"B1-B2\" or \"levy\"".into(),
            ))
        })?;
        Ok(text.parse::<Decision>().map_err(Error::from)?)
    }

    /// The action an argument names; the levy decision is refused (a
    /// position lists each levy with its troop).
    pub fn from_arg(obj: &Bound<'_, PyAny>) -> PyResult<EngineAction> {
        match Action::decision_arg(obj)? {
            Decision::Act(a) => Ok(a),
            Decision::Levy => Err(Error::Value(
                "levy: a Position takes a whole levy with its troop (like \"P@C2\"); the levy decision is a Game's".into(),
            )
            .into()),
        }
    }
}

#[pymethods]
impl Action {
    /// Reads action text (or `levy`); the syntax only: check it against
    /// a position with `Position.parse_action`. Raises ParseError naming
    /// the problem.
    #[new]
    fn new(py: Python<'_>, text: &str) -> Result<Action> {
        Ok(Action::of_decision(py, text.parse()?))
    }

    /// Reads action text (the same as the constructor).
    #[classmethod]
    fn parse(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> Result<Action> {
        Action::new(py, text)
    }

    /// The action at an index of the action space (0 to ACTION_SPACE - 1)
    /// in `position`, seen from `perspective` ("absolute", "mover",
    /// "light" or "dark"): the levy decision for the levy index (DRAW),
    /// None for an index that names no action there.
    #[classmethod]
    #[pyo3(signature = (index, position, perspective = "absolute"))]
    fn from_index(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        index: usize,
        position: &Position,
        perspective: &str,
    ) -> Result<Option<Action>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        Ok(action_from_index(index, &position.inner, p).map(|d| Action::of_decision(py, d)))
    }

    /// The index of this action in the action space, in `position`, seen
    /// from `perspective` ("absolute", "mover", "light" or "dark").
    #[pyo3(signature = (position, perspective = "absolute"))]
    fn index(&self, position: &Position, perspective: &str) -> Result<usize> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        Ok(action_index(self.inner, &position.inner, p))
    }

    /// The square of the tile that acts (the commander for a command), or
    /// None for a placement or the levy.
    #[getter]
    fn actor<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        crate::convert::square_option(py, self.inner.action().and_then(|a| a.actor()))
    }

    /// The square a tile leaves or strikes from (for a command, the square
    /// the commanded tile leaves; for a Flag's pass, its holder's); None for
    /// a placement.
    #[getter]
    fn from_square<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        crate::convert::square_option(py, self.inner.action().and_then(|a| a.origin()))
    }

    /// The square where a tile lands, is struck or is placed; None for
    /// the levy (the square is the next decision).
    #[getter]
    fn to_square<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        crate::convert::square_option(py, self.inner.action().and_then(|a| a.to_square()))
    }

    /// The troop letter of a placement (or of a draft's pick), None
    /// otherwise.
    #[getter]
    fn troop(&self) -> Option<String> {
        Some(self.inner.action()?.troop()?.char().to_string())
    }

    /// What the action does, as a `duke.ActionFlag` (an enum.IntFlag:
    /// CAPTURE, FLIP, STRIKE, COMMAND, PLACE); empty for the levy.
    ///
    /// >>> duke.Action("C3xC5").flags
    /// <ActionFlag.CAPTURE|FLIP: 3>
    #[getter]
    fn flags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bits = self.inner.action().map_or(0, |a| a.flags().bits());
        py.import("duke")?.getattr("ActionFlag")?.call1((bits,))
    }

    /// Whether the action was read or generated as a capture (`x`, or a
    /// strike).
    #[getter]
    fn is_capture(&self) -> bool {
        self.inner.action().is_some_and(|a| a.is_capture())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        action_repr(self.inner)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let cls = py.get_type::<Action>().into_any().unbind();
        Ok((cls, (self.inner.to_string(),)))
    }
}

/// The text `repr()` gives an Action: `Action('B1-B2')`, `Action('levy')`.
pub fn action_repr(a: Decision) -> String {
    format!("Action('{a}')")
}

/// The Action objects handed out, one per engine action seen. They sit in
/// a table with one slot for every action there can be (its `key()`). So
/// listing the legal actions of a turn creates no Python object once the
/// process has seen them, and a lookup is one load with no comparison.
/// Actions are immutable, so sharing one object is invisible to callers.
static CACHE: Mutex<Option<Box<Table>>> = Mutex::new(None);

/// The table: a slot per action, empty until the action is first listed.
type Table = [Option<Py<Action>>];

/// The shared Action object of `a` from the table `table`, created on a
/// miss; a new object when there is no table (see [`with_cache`]).
#[inline(always)]
fn shared(py: Python<'_>, table: Option<&mut Table>, a: EngineAction) -> PyResult<Py<Action>> {
    match table.and_then(|t| t.get_mut(a.key())) {
        Some(Some(obj)) => Ok(obj.clone_ref(py)),
        Some(entry) => {
            let obj = Py::new(py, Action::of(py, a))?;
            *entry = Some(obj.clone_ref(py));
            Ok(obj)
        }
        None => Py::new(py, Action::of(py, a)),
    }
}

/// Runs `f` with the table (allocated on first use), or with none when it
/// is in use: `f` creates Python objects, which can start the garbage
/// collector, which can run any Python code, and that code may list
/// actions again on this thread. It then makes new objects instead of
/// waiting for a lock its own thread holds.
fn with_cache<R>(f: impl FnOnce(Option<&mut Table>) -> R) -> R {
    fn table(guard: &mut Option<Box<Table>>) -> &mut Table {
        guard.get_or_insert_with(|| (0..EngineAction::KEYS).map(|_| None).collect())
    }
    match CACHE.try_lock() {
        Ok(mut guard) => f(Some(table(&mut guard))),
        // A poisoned lock only means a panic elsewhere; the table stays valid.
        Err(TryLockError::Poisoned(e)) => f(Some(table(&mut e.into_inner()))),
        Err(TryLockError::WouldBlock) => f(None),
    }
}

/// The Action object of `a` (shared with earlier listings).
pub fn action_object(py: Python<'_>, a: EngineAction) -> PyResult<Py<Action>> {
    with_cache(|table| shared(py, table, a))
}

/// The Action object of a decision (shared with earlier listings; the
/// levy is one object for the process).
pub fn decision_object(py: Python<'_>, d: Decision) -> PyResult<Py<Action>> {
    match d {
        Decision::Act(a) => action_object(py, a),
        Decision::Levy => levy_object(py),
    }
}

/// The one `Action("levy")` that listings hand out.
fn levy_object(py: Python<'_>) -> PyResult<Py<Action>> {
    static LEVY: pyo3::sync::PyOnceLock<Py<Action>> = pyo3::sync::PyOnceLock::new();
    LEVY.get_or_try_init(py, || Py::new(py, Action::of_decision(py, Decision::Levy)))
        .map(|o| o.clone_ref(py))
}

/// A Python list of the Action objects of `list` (shared with earlier
/// listings: only reference counts change once they have been seen).
pub fn actions<'py>(py: Python<'py>, list: &[Decision]) -> PyResult<Bound<'py, PyList>> {
    with_cache(|mut table| {
        let len = ffi::Py_ssize_t::try_from(list.len()).expect("a legal list is short");
        // SAFETY: PyList_New returns a new reference to a list of `len`
        // empty (NULL) slots, or NULL with an exception set.
        let out = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len))? };
        for (i, &d) in (0..len).zip(list) {
            let obj = match d {
                Decision::Act(a) => shared(py, table.as_deref_mut(), a)?,
                Decision::Levy => levy_object(py)?,
            };
            // SAFETY: `out` is a list of `len` slots and `i < len`;
            // PyList_SetItem takes over the reference `into_ptr` gives up. A
            // list dropped with slots still empty (after an error) is valid.
            unsafe { ffi::PyList_SetItem(out.as_ptr(), i, obj.into_ptr()) };
        }
        // SAFETY: PyList_New made a list.
        Ok(unsafe { out.cast_into_unchecked() })
    })
}
