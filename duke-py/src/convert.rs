//! Conversions between Python values and the engine's types.

use duke_engine::{Bitboard, Square, Troop};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use crate::errors::{Error, Result};

/// A square from an index (0–35) or a name (`"c2"`).
pub fn square(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(i) = obj.extract::<i64>() {
        return u8::try_from(i)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| {
                Error::Value(format!("square index {i} is out of range (0 to 35)")).into()
            });
    }
    let text: String = obj.extract().map_err(|_| {
        PyErr::from(Error::Value(
            "a square is an index from 0 to 35 or a name like \"C2\"".into(),
        ))
    })?;
    Ok(text.parse::<Square>().map_err(Error::from)?)
}

/// The Python value of a square: a `duke.Square` (an int that prints as
/// its name), one object per square made once.
pub fn square_object(py: Python<'_>, sq: Square) -> PyResult<Bound<'_, PyAny>> {
    static SQUARES: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
    let all = SQUARES.get_or_try_init(py, || {
        let all = py.import("duke._square")?.getattr("SQUARES")?;
        Square::ALL
            .iter()
            .map(|s| all.get_item(s.index()).map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(all[sq.index()].bind(py).clone())
}

/// The Python value of a square or None.
pub fn square_option(py: Python<'_>, sq: Option<Square>) -> PyResult<Option<Bound<'_, PyAny>>> {
    sq.map(|s| square_object(py, s)).transpose()
}

/// The squares of a set, as a list of `duke.Square`, A1 first.
pub fn square_list(py: Python<'_>, bb: Bitboard) -> PyResult<Vec<Bound<'_, PyAny>>> {
    bb.into_iter().map(|s| square_object(py, s)).collect()
}

/// A word the engine reads (a side, a troop, a perspective, ...), its
/// error turned into Python's.
pub fn parse<T>(text: &str) -> Result<T>
where
    T: std::str::FromStr,
    T::Err: Into<duke_engine::Error>,
{
    text.parse::<T>().map_err(|e| Error::from(e.into()))
}

/// The letter of a troop as a Python string, one object per troop made
/// once (a draw, every levy, returns it without creating a string).
pub fn troop_letter(py: Python<'_>, t: Troop) -> Bound<'_, PyString> {
    static LETTERS: [PyOnceLock<Py<PyString>>; 15] = [const { PyOnceLock::new() }; 15];
    LETTERS[t as usize]
        .get_or_init(py, || {
            PyString::new(py, t.char().encode_utf8(&mut [0; 4])).unbind()
        })
        .bind(py)
        .clone()
}

/// The value of an exact Python int that fits a `Py_ssize_t`, read
/// directly (no `__index__` call, no int object made); None for any other
/// object or an int out of range (the read's error cleared: the caller's
/// general path raises its own).
pub fn exact_int(obj: &Bound<'_, PyAny>) -> Option<isize> {
    use pyo3::ffi;
    let p = obj.as_ptr();
    // SAFETY: `p` is a live object; PyLong_AsSsize_t only reads an exact
    // int, and an error it sets is cleared before returning.
    unsafe {
        if ffi::PyLong_CheckExact(p) == 0 {
            return None;
        }
        let i = ffi::PyLong_AsSsize_t(p);
        if i == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(i)
    }
}

/// An index of the action space from a Python int or a NumPy integer
/// scalar (what indexing `legal_indices()` gives). These two kinds are
/// what the per-turn loop passes: they are read without the `__index__`
/// call and the int object it makes. Anything else is extracted as
/// before, and so is a negative value, so that the error is the one a
/// `usize` argument raises.
pub fn index_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    use numpy::npyffi::{NpyTypes, PY_ARRAY_API};
    use pyo3::ffi;
    if let Some(i) = exact_int(obj) {
        if let Ok(i) = usize::try_from(i) {
            return Ok(i);
        }
        return obj.extract();
    }
    let py = obj.py();
    let p = obj.as_ptr();
    // SAFETY: `p` is a live object; a NumPy scalar of the two types checked
    // is NumPy's public scalar struct, the header then the 64-bit value.
    unsafe {
        let tp = ffi::Py_TYPE(p);
        let int64 = tp == PY_ARRAY_API.get_type_object(py, NpyTypes::PyLongLongArrType_Type)
            || (size_of::<std::ffi::c_long>() == 8
                && tp == PY_ARRAY_API.get_type_object(py, NpyTypes::PyLongArrType_Type));
        if int64 {
            // NumPy's PyArrayScalar_VAL: the value follows the header.
            #[repr(C)]
            struct Int64Scalar {
                head: ffi::PyObject,
                value: i64,
            }
            if let Ok(i) = usize::try_from((*p.cast::<Int64Scalar>()).value) {
                return Ok(i);
            }
        }
    }
    obj.extract()
}
