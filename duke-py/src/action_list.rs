//! `ActionList`: the legal actions (decisions) of a turn as an immutable sequence.
//!
//! `legal_actions()` is called once a turn by every playing loop, and most
//! loops look at one entry (the one they choose). A list made every entry
//! a Python object reference (a reference count and a store each, and as
//! many again when the list is freed); an `ActionList` keeps the engine's
//! packed actions and makes the Python object of an entry only when it is
//! read. Its hot slots (`len()` and indexing) are plain C functions: each
//! call through pyo3's wrappers costs more than the whole lookup.
//!
//! The type is made with `PyType_FromSpec` (the limited API): a variable
//! size object, like a tuple, whose items are engine actions.

use std::ffi::{c_int, c_void, CStr};
use std::mem::{align_of, size_of};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use duke_engine::Decision;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyTuple};

use crate::action::{action_repr, actions, decision_object};
use crate::convert::exact_int;

/// The object: a variable-size header (its size is the number of
/// actions) followed by the actions.
#[repr(C)]
struct RawList {
    head: ffi::PyVarObject,
    items: [Decision; 0],
}

/// The type, made once by [`make_type`] and kept for the process.
static TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

const DOC: &CStr = c"The legal actions of a turn (what `legal_actions()` returns): an
immutable sequence of Action, a snapshot that playing does not change.

It has len(), indexing (negative indices too; a slice gives a list),
iteration, `in`, reversed(), index() and count(), like a tuple, and
random.choice() takes it as it is. `in`, index() and count() take an
Action or its text, read as the engine reads action text (`'B1-B2' in
actions`; `'C3-C5'` finds the capture `C3xC5`, as the Actions compare).
The Action object of an entry is made only when the entry is read. It
compares equal to a list or tuple of the same actions, is not hashable
(like a list) and pickles as a list; use list() for a list of your own.

>>> actions = duke.Position().legal_actions()
>>> len(actions), actions[0], actions[-1]
(18, Action('F@C2'), Action('D1-D2'))
>>> actions[:2]
[Action('F@C2'), Action('P@C2')]
>>> duke.Action('B1-B2') in actions, 'B1-B2' in actions, 'B1-B3' in actions
(True, True, False)";

/// Makes the type (at module import).
pub fn make_type(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    const _: () = assert!(align_of::<Decision>() <= align_of::<ffi::PyVarObject>());
    let mut slots = [
        slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
        slot(ffi::Py_tp_doc, DOC.as_ptr() as *mut c_void),
        slot(ffi::Py_tp_repr, repr as *mut c_void),
        slot(ffi::Py_tp_richcompare, richcompare as *mut c_void),
        slot(
            ffi::Py_tp_hash,
            ffi::PyObject_HashNotImplemented as *mut c_void,
        ),
        slot(ffi::Py_sq_length, length as *mut c_void),
        slot(ffi::Py_sq_contains, contains as *mut c_void),
        slot(ffi::Py_sq_item, sq_item as *mut c_void),
        slot(ffi::Py_mp_length, length as *mut c_void),
        slot(ffi::Py_mp_subscript, subscript as *mut c_void),
        slot(ffi::Py_tp_methods, METHODS.0.as_ptr() as *mut c_void),
        slot(0, ptr::null_mut()),
    ];
    let mut spec = ffi::PyType_Spec {
        name: c"duke._duke.ActionList".as_ptr(),
        basicsize: c_int::try_from(size_of::<RawList>()).expect("a small header"),
        itemsize: c_int::try_from(size_of::<Decision>()).expect("a small item"),
        flags: (ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_DISALLOW_INSTANTIATION) as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec and its slots are valid for the call (CPython
    // copies what it keeps; the doc and name are static); the slot
    // functions have the signatures their slots require.
    let tp = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(&mut spec))? };
    // One reference is kept for the process, in TYPE.
    TYPE.store(tp.clone().into_ptr().cast(), Ordering::Release);
    Ok(tp)
}

/// The methods, ended by an empty entry. CPython keeps pointers into the
/// table, so it is static; it is only read.
struct Methods([ffi::PyMethodDef; 4]);

// SAFETY: the table holds pointers to static strings and functions only,
// and nothing writes to it.
unsafe impl Sync for Methods {}

static METHODS: Methods = Methods([
    ffi::PyMethodDef {
        ml_name: c"index".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFast: index_method,
        },
        ml_flags: ffi::METH_FASTCALL,
        ml_doc: c"index($self, value, start=0, stop=sys.maxsize, /)
--

The position of the first entry equal to `value` (from `start`, before
`stop`, counted as slices count); raises ValueError when there is none."
            .as_ptr(),
    },
    ffi::PyMethodDef {
        ml_name: c"count".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: count_method,
        },
        ml_flags: ffi::METH_O,
        ml_doc: c"count($self, value, /)
--

How many entries equal `value`."
            .as_ptr(),
    },
    ffi::PyMethodDef {
        ml_name: c"__reduce__".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: reduce_method,
        },
        ml_flags: ffi::METH_NOARGS,
        ml_doc: c"__reduce__($self, /)
--

Pickles (and copies) the list as a list of its Actions."
            .as_ptr(),
    },
    ffi::PyMethodDef::zeroed(),
]);

fn slot(slot: c_int, pfunc: *mut c_void) -> ffi::PyType_Slot {
    ffi::PyType_Slot { slot, pfunc }
}

/// The `ActionList` of `list`.
pub fn action_list<'py>(py: Python<'py>, list: &[Decision]) -> PyResult<Bound<'py, PyAny>> {
    let tp = TYPE.load(Ordering::Acquire);
    assert!(!tp.is_null(), "the module made the ActionList type");
    let len = ffi::Py_ssize_t::try_from(list.len()).expect("a legal list is short");
    let size = size_of::<RawList>() + size_of_val(list);
    // SAFETY: PyObject_Malloc gives `size` bytes aligned for any object
    // (or NULL); PyObject_InitVar writes the header (type, one reference,
    // size `len`) and takes a reference to the heap type; the actions are
    // copied right after the header, where `items` starts, inside the
    // allocation. The type's dealloc frees it with PyObject_Free.
    unsafe {
        let op = ffi::PyObject_Malloc(size).cast::<RawList>();
        if op.is_null() {
            return Err(pyo3::exceptions::PyMemoryError::new_err(()));
        }
        ffi::PyObject_InitVar(op.cast(), tp, len);
        ptr::copy_nonoverlapping(
            list.as_ptr(),
            ptr::addr_of_mut!((*op).items).cast::<Decision>(),
            list.len(),
        );
        Ok(Bound::from_owned_ptr(py, op.cast()))
    }
}

/// The actions of an `ActionList` object.
///
/// # Safety
/// `op` is an `ActionList`, alive for `'a`.
unsafe fn items<'a>(op: *mut ffi::PyObject) -> &'a [Decision] {
    let op = op.cast::<RawList>();
    // SAFETY: an ActionList holds `ob_size` actions from `items` on (see
    // `action_list`), immutable while it lives.
    unsafe {
        let len = usize::try_from((*op).head.ob_size).unwrap_or(0);
        std::slice::from_raw_parts(ptr::addr_of!((*op).items).cast::<Decision>(), len)
    }
}

/// Runs a slot's body with the interpreter attached (CPython calls slots
/// with it), turning an error into a raised exception and `err` as the
/// return value; a panic (a bug) raises RuntimeError instead of aborting.
fn slot_body<R>(err: R, f: impl FnOnce(Python<'_>) -> PyResult<R>) -> R {
    // SAFETY: CPython calls type slots with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let result = catch_unwind(AssertUnwindSafe(|| f(py))).unwrap_or_else(|_| {
        Err(PyRuntimeError::new_err(
            "duke: internal error in ActionList (please report it)",
        ))
    });
    match result {
        Ok(r) => r,
        Err(e) => {
            e.restore(py);
            err
        }
    }
}

/// Frees an ActionList (CPython calls it when the last reference goes).
unsafe extern "C" fn dealloc(op: *mut ffi::PyObject) {
    // SAFETY: `op` is an ActionList, allocated by PyObject_Malloc and no
    // longer referenced; instances of a heap type hold a reference to it.
    unsafe {
        let tp = ffi::Py_TYPE(op);
        ffi::PyObject_Free(op.cast());
        ffi::Py_DECREF(tp.cast());
    }
}

/// `len(list)`.
unsafe extern "C" fn length(op: *mut ffi::PyObject) -> ffi::Py_ssize_t {
    // SAFETY: CPython passes an ActionList.
    unsafe { (*op.cast::<RawList>()).head.ob_size }
}

/// The object of entry `i`, which must be in range.
fn entry(py: Python<'_>, list: &[Decision], i: usize) -> PyResult<*mut ffi::PyObject> {
    match list.get(i) {
        Some(&a) => Ok(decision_object(py, a)?.into_ptr()),
        None => Err(PyIndexError::new_err("ActionList index out of range")),
    }
}

/// `list[i]` through the sequence protocol (iteration, `in`, reversed()):
/// CPython has already added the length to a negative `i`.
unsafe extern "C" fn sq_item(op: *mut ffi::PyObject, i: ffi::Py_ssize_t) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        // SAFETY: CPython passes an ActionList, alive during the call.
        let list = unsafe { items(op) };
        entry(py, list, usize::try_from(i).unwrap_or(usize::MAX))
    })
}

/// `list[key]`: an integer (anything with `__index__`) or a slice.
unsafe extern "C" fn subscript(
    op: *mut ffi::PyObject,
    key: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        // SAFETY: CPython passes an ActionList and a key object, both
        // alive during the call.
        let (list, key) = unsafe { (items(op), Bound::from_borrowed_ptr(py, key)) };
        let i = match index(py, &key)? {
            Some(i) => i,
            None => return slice(py, list, &key),
        };
        let len = list.len() as ffi::Py_ssize_t;
        let i = if i < 0 { i + len } else { i };
        entry(py, list, usize::try_from(i).unwrap_or(usize::MAX))
    })
}

extern "C" {
    // pyo3-ffi 0.28 links its limited-API declaration to PyPy's name
    // (PyPyIndex_Check), so it is declared here. Stable ABI since 3.8.
    fn PyIndex_Check(o: *mut ffi::PyObject) -> c_int;
}

/// The index `key` names, or None for a slice: a plain int first, the way
/// every chooser indexes, then anything with `__index__` (numpy's
/// integers). Raises IndexError for an int too large (as a list does) and
/// TypeError for other keys.
fn index(py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Option<ffi::Py_ssize_t>> {
    if let Some(i) = exact_int(key) {
        return Ok(Some(i));
    }
    let k = key.as_ptr();
    // SAFETY: `k` is a live object; these calls only read it.
    unsafe {
        if PyIndex_Check(k) == 0 {
            if ffi::PySlice_Check(k) != 0 {
                return Ok(None);
            }
            return Err(PyTypeError::new_err(format!(
                "ActionList indices must be integers or slices, not {}",
                key.get_type().name()?
            )));
        }
        let i = ffi::PyNumber_AsSsize_t(k, ffi::PyExc_IndexError);
        if i == -1 && !ffi::PyErr_Occurred().is_null() {
            return Err(PyErr::fetch(py));
        }
        Ok(Some(i))
    }
}

/// `list[start:stop:step]`, as a list.
fn slice(
    py: Python<'_>,
    list: &[Decision],
    key: &Bound<'_, PyAny>,
) -> PyResult<*mut ffi::PyObject> {
    let (mut start, mut stop, mut step) = (0, 0, 0);
    // SAFETY: `key` is a slice; the outputs are valid locals.
    let n = unsafe {
        if ffi::PySlice_Unpack(key.as_ptr(), &mut start, &mut stop, &mut step) < 0 {
            return Err(PyErr::fetch(py));
        }
        ffi::PySlice_AdjustIndices(list.len() as ffi::Py_ssize_t, &mut start, &mut stop, step)
    };
    // PySlice_AdjustIndices leaves every picked index inside the list.
    let picked: Vec<Decision> = (0..n).map(|k| list[(start + k * step) as usize]).collect();
    Ok(actions(py, &picked)?.into_ptr())
}

/// `repr(list)`: `ActionList([Action('B1-B2'), ...])`.
unsafe extern "C" fn repr(op: *mut ffi::PyObject) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        // SAFETY: CPython passes an ActionList, alive during the call.
        let list = unsafe { items(op) };
        let inner: Vec<String> = list.iter().map(|&a| action_repr(a)).collect();
        let text = format!("ActionList([{}])", inner.join(", "));
        Ok(pyo3::types::PyString::new(py, &text).into_ptr())
    })
}

/// `==` and `!=`: equal to another ActionList, list or tuple of equal
/// actions in the same order (as Actions compare: the capture mark aside).
unsafe extern "C" fn richcompare(
    op: *mut ffi::PyObject,
    other: *mut ffi::PyObject,
    cmp: c_int,
) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        if cmp != ffi::Py_EQ && cmp != ffi::Py_NE {
            return Ok(py.NotImplemented().into_ptr());
        }
        // SAFETY: CPython passes an ActionList and another live object.
        let (list, other) = unsafe { (items(op), Bound::from_borrowed_ptr(py, other)) };
        let equal = if other.get_type().as_ptr() == TYPE.load(Ordering::Acquire).cast() {
            // SAFETY: `other` is an ActionList.
            let theirs = unsafe { items(other.as_ptr()) };
            list.len() == theirs.len() && list.iter().zip(theirs).all(|(a, b)| a == b)
        } else if other.is_instance_of::<PyList>() || other.is_instance_of::<PyTuple>() {
            let mut equal = other.len()? == list.len();
            for (i, &a) in list.iter().enumerate() {
                if !equal {
                    break;
                }
                let ours = decision_object(py, a)?.into_bound(py);
                equal = ours.eq(other.get_item(i)?)?;
            }
            equal
        } else {
            return Ok(py.NotImplemented().into_ptr());
        };
        let result = if cmp == ffi::Py_EQ { equal } else { !equal };
        Ok(PyBool::new(py, result).to_owned().into_ptr())
    })
}

/// The decision `value` names for `in`, index() and count(): an Action's,
/// or text's as the engine reads it (`Some(None)` for text that is no
/// action, equal to no entry); None for any other object, compared with
/// `==`.
fn named(value: &Bound<'_, PyAny>) -> Option<Option<Decision>> {
    if let Ok(a) = value.cast::<crate::classes::Action>() {
        return Some(Some(a.get().inner));
    }
    let text = value.cast::<pyo3::types::PyString>().ok()?;
    Some(text.to_str().ok().and_then(|t| t.parse::<Decision>().ok()))
}

/// Whether entry `a` equals `value`: the decision it names (see
/// [`named`]), else as `==` says, after an identity test.
fn entry_equals(py: Python<'_>, a: Decision, value: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Some(d) = named(value) {
        return Ok(d == Some(a));
    }
    let ours = decision_object(py, a)?.into_bound(py);
    Ok(ours.is(value) || ours.eq(value)?)
}

/// `value in list`: an Action or action text, found without making an
/// object per entry; any other object is compared with `==`.
unsafe extern "C" fn contains(op: *mut ffi::PyObject, value: *mut ffi::PyObject) -> c_int {
    slot_body(-1, |py| {
        // SAFETY: CPython passes an ActionList and a live object.
        let (list, value) = unsafe { (items(op), Bound::from_borrowed_ptr(py, value)) };
        if let Some(d) = named(&value) {
            return Ok(c_int::from(d.is_some_and(|d| list.contains(&d))));
        }
        for &a in list {
            if entry_equals(py, a, &value)? {
                return Ok(1);
            }
        }
        Ok(0)
    })
}

/// `list.index(value, start=0, stop=sys.maxsize, /)`, as a tuple's.
unsafe extern "C" fn index_method(
    op: *mut ffi::PyObject,
    args: *mut *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        if !(1..=3).contains(&nargs) {
            return Err(PyTypeError::new_err(format!(
                "index expected 1 to 3 arguments, got {nargs}"
            )));
        }
        // SAFETY: CPython passes an ActionList and `nargs` live arguments.
        let (list, args) = unsafe { (items(op), std::slice::from_raw_parts(args, nargs as usize)) };
        let len = list.len() as ffi::Py_ssize_t;
        // A bound as a slice takes it: negative counts from the end, then
        // clamped to the list.
        let bound = |k: usize, default: ffi::Py_ssize_t| -> PyResult<usize> {
            let Some(&arg) = args.get(k) else {
                return Ok(default as usize);
            };
            // SAFETY: `arg` is a live argument.
            let i = unsafe { ffi::PyNumber_AsSsize_t(arg, ptr::null_mut()) };
            if i == -1 && unsafe { !ffi::PyErr_Occurred().is_null() } {
                return Err(PyErr::fetch(py));
            }
            let i = if i < 0 { (i + len).max(0) } else { i.min(len) };
            Ok(i as usize)
        };
        let (start, stop) = (bound(1, 0)?, bound(2, len)?);
        // SAFETY: a live argument.
        let value = unsafe { Bound::from_borrowed_ptr(py, args[0]) };
        for (i, &a) in list.iter().enumerate().take(stop).skip(start) {
            if entry_equals(py, a, &value)? {
                return Ok(i.into_pyobject(py)?.into_ptr());
            }
        }
        Err(pyo3::exceptions::PyValueError::new_err(
            "ActionList.index(x): x not in the list",
        ))
    })
}

/// `list.count(value)`.
unsafe extern "C" fn count_method(
    op: *mut ffi::PyObject,
    value: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        // SAFETY: CPython passes an ActionList and a live argument.
        let (list, value) = unsafe { (items(op), Bound::from_borrowed_ptr(py, value)) };
        let mut n = 0usize;
        for &a in list {
            n += usize::from(entry_equals(py, a, &value)?);
        }
        Ok(n.into_pyobject(py)?.into_ptr())
    })
}

/// `list.__reduce__()`: `(list, ([actions],))`.
unsafe extern "C" fn reduce_method(
    op: *mut ffi::PyObject,
    _: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    slot_body(ptr::null_mut(), |py| {
        // SAFETY: CPython passes an ActionList.
        let list = unsafe { items(op) };
        let entries = actions(py, list)?;
        let args = PyTuple::new(py, [entries])?;
        let reduced = PyTuple::new(py, [py.get_type::<PyList>().into_any(), args.into_any()])?;
        Ok(reduced.into_ptr())
    })
}
