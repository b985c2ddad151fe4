//! Status codes, the last error message, the panic guard and the pointer
//! and text helpers every function uses.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What a function reports. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum duke_status {
    /// Success.
    DukeOk = 0,
    /// A required pointer was NULL.
    DukeNullPointer = 1,
    /// Text that is not UTF-8.
    DukeInvalidUtf8 = 2,
    /// Text that could not be read: DPN, action text or a record header.
    DukeParseError = 3,
    /// An action that is not legal; the message says why.
    DukeIllegalAction = 4,
    /// A request that does not fit the game's phase (setup, a draw waiting, over).
    DukeWrongPhase = 5,
    /// A game record that could not be read; the message names the line and turn.
    DukeRecordError = 6,
    /// A caller buffer is too small; `*out_len` holds the length needed.
    DukeBufferTooSmall = 7,
    /// An argument out of range (a square, a perspective, an index).
    DukeInvalidArgument = 8,
    /// An internal failure was caught at the boundary (please report it).
    DukePanic = 255,
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
    static LAST_CODE: RefCell<&'static str> = const { RefCell::new("") };
}

/// An error on its way out: a status, a message and a stable code.
pub struct Error {
    pub status: duke_status,
    pub message: String,
    pub code: &'static str,
}

impl Error {
    /// An error whose code follows from its status (`null-pointer`, ...).
    pub fn new(status: duke_status, message: impl Into<String>) -> Error {
        let code = match status {
            duke_status::DukeOk => "",
            duke_status::DukeNullPointer => "null-pointer",
            duke_status::DukeInvalidUtf8 => "utf8",
            duke_status::DukeParseError => "parse",
            duke_status::DukeIllegalAction => "illegal",
            duke_status::DukeWrongPhase => "phase",
            duke_status::DukeRecordError => "record",
            duke_status::DukeBufferTooSmall => "buffer-too-small",
            duke_status::DukeInvalidArgument => "invalid-argument",
            duke_status::DukePanic => "panic",
        };
        Error {
            status,
            message: message.into(),
            code,
        }
    }

    /// The same error with the engine's code for it.
    pub fn with_code(self, code: &'static str) -> Error {
        Error { code, ..self }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Any engine error, through the engine's one `duke_engine::Error`: its
/// kind gives the status, and its code and message go along.
impl<E: Into<duke_engine::Error>> From<E> for Error {
    fn from(e: E) -> Error {
        let e = e.into();
        Error::new(status_of(e.kind()), e.to_string()).with_code(e.code())
    }
}

/// The status of an engine error's kind: one exhaustive match, so a new
/// kind is a compile error here rather than a different status.
pub fn status_of(kind: duke_engine::ErrorKind) -> duke_status {
    match kind {
        duke_engine::ErrorKind::Parse => duke_status::DukeParseError,
        duke_engine::ErrorKind::Illegal => duke_status::DukeIllegalAction,
        duke_engine::ErrorKind::Phase => duke_status::DukeWrongPhase,
        duke_engine::ErrorKind::Record => duke_status::DukeRecordError,
        duke_engine::ErrorKind::Range => duke_status::DukeInvalidArgument,
    }
}

fn set_last_error(message: &str, code: &'static str) {
    LAST_ERROR.with(|m| {
        let mut m = m.borrow_mut();
        m.clear();
        m.push_str(message);
    });
    LAST_CODE.with(|c| *c.borrow_mut() = code);
}

/// Runs a function body: catches any panic, records the message of an
/// error, and turns the result into a status.
pub fn guard(f: impl FnOnce() -> Result<()>) -> duke_status {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => duke_status::DukeOk,
        Ok(Err(e)) => {
            set_last_error(&e.message, e.code);
            e.status
        }
        Err(_) => {
            set_last_error(
                "internal error: a panic was caught at the C boundary",
                "panic",
            );
            duke_status::DukePanic
        }
    }
}

/// A reference from a pointer that must not be NULL.
///
/// # Safety
///
/// `ptr` is NULL or points to a live `T`.
pub unsafe fn obj<'a, T>(ptr: *const T, what: &str) -> Result<&'a T> {
    // SAFETY: the caller promises NULL or a live T; NULL is checked here.
    unsafe { ptr.as_ref() }
        .ok_or_else(|| Error::new(duke_status::DukeNullPointer, format!("{what} is NULL")))
}

/// A mutable reference from a pointer that must not be NULL.
///
/// # Safety
///
/// `ptr` is NULL or points to a live `T` used by no one else now.
pub unsafe fn obj_mut<'a, T>(ptr: *mut T, what: &str) -> Result<&'a mut T> {
    // SAFETY: as above, with exclusive use promised by the caller.
    unsafe { ptr.as_mut() }
        .ok_or_else(|| Error::new(duke_status::DukeNullPointer, format!("{what} is NULL")))
}

/// Checks an out-pointer before any work is done.
pub fn out_ptr<T>(ptr: *mut T, what: &str) -> Result<()> {
    if ptr.is_null() {
        Err(Error::new(
            duke_status::DukeNullPointer,
            format!("{what} is NULL"),
        ))
    } else {
        Ok(())
    }
}

/// Writes an out-parameter (checked non-NULL by `out_ptr` before).
///
/// # Safety
///
/// `ptr` is non-NULL, aligned and writable.
pub unsafe fn write<T>(ptr: *mut T, value: T) {
    // SAFETY: checked by the caller with `out_ptr`; writable by contract.
    unsafe { ptr.write(value) }
}

/// UTF-8 text from a pointer and a length.
///
/// # Safety
///
/// `ptr` is NULL or points to `len` readable bytes.
pub unsafe fn text_in<'a>(ptr: *const c_char, len: usize, what: &str) -> Result<&'a str> {
    if ptr.is_null() {
        return Err(Error::new(
            duke_status::DukeNullPointer,
            format!("{what} is NULL"),
        ));
    }
    // SAFETY: non-NULL and `len` readable bytes by contract.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| {
        Error::new(
            duke_status::DukeInvalidUtf8,
            format!(
                "{what} is not UTF-8 (invalid byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// Bytes from a pointer and a length.
///
/// # Safety
///
/// `ptr` is NULL or points to `len` readable bytes.
pub unsafe fn bytes_in<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8]> {
    if ptr.is_null() {
        return Err(Error::new(
            duke_status::DukeNullPointer,
            format!("{what} is NULL"),
        ));
    }
    // SAFETY: non-NULL and `len` readable bytes by contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// A mutable slice from a caller buffer of `len` elements.
///
/// # Safety
///
/// `ptr` is NULL or points to `len` writable elements.
pub unsafe fn buf_out<'a, T>(ptr: *mut T, len: usize, what: &str) -> Result<&'a mut [T]> {
    if ptr.is_null() {
        if len == 0 {
            return Ok(&mut []);
        }
        return Err(Error::new(
            duke_status::DukeNullPointer,
            format!("{what} is NULL"),
        ));
    }
    // SAFETY: non-NULL and `len` writable elements by contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// Copies `text` and a NUL into a caller buffer, reporting its length
/// (without the NUL) in `*out_len`; when the buffer is too small, reports
/// the length needed and fails.
///
/// # Safety
///
/// `buf` is NULL or points to `len` writable bytes; `out_len` is NULL or writable.
pub unsafe fn text_out(
    text: &str,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<()> {
    out_ptr(out_len, "out_len")?;
    let needed = text.len();
    if len < needed + 1 {
        // SAFETY: checked non-NULL above.
        unsafe { write(out_len, needed) };
        return Err(Error::new(
            duke_status::DukeBufferTooSmall,
            format!("the buffer holds {len} bytes; {} are needed", needed + 1),
        ));
    }
    // SAFETY: `len` writable bytes by contract, and len >= needed + 1 > 0.
    let dst = unsafe { buf_out(buf.cast::<u8>(), len, "buf")? };
    dst[..needed].copy_from_slice(text.as_bytes());
    dst[needed] = 0;
    // SAFETY: checked non-NULL above.
    unsafe { write(out_len, needed) };
    Ok(())
}

/// Copies the message of the last error on this thread into `buf` (up to
/// `len - 1` bytes and a NUL, cut at a character boundary) and returns its
/// full length without the NUL, so a caller can size its buffer. With
/// `buf` NULL or `len` 0 nothing is copied. An empty message means no error yet.
#[no_mangle]
pub unsafe extern "C" fn duke_last_error_message(buf: *mut c_char, len: usize) -> usize {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: passed on from the caller's contract.
        LAST_ERROR.with(|m| unsafe { copy_cut(&m.borrow(), buf, len) })
    }))
    .unwrap_or(0)
}

/// Copies the stable code of the last error on this thread into `buf`
/// like `duke_last_error_message` and returns its length: the same codes
/// as the Rust errors' `code()` and the Python exceptions' `.code`
/// (`dpn.board`, `action.syntax`, `illegal.blocked`, `record.header`, ...;
/// `null-pointer`, `utf8`, `buffer-too-small`, `invalid-argument` for the
/// C API's own). Empty when no error happened yet.
#[no_mangle]
pub unsafe extern "C" fn duke_last_error_code(buf: *mut c_char, len: usize) -> usize {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: passed on from the caller's contract.
        LAST_CODE.with(|c| unsafe { copy_cut(&c.borrow(), buf, len) })
    }))
    .unwrap_or(0)
}

/// Copies up to `len - 1` bytes of `text` (cut at a character boundary)
/// and a NUL into `buf`; returns the full length of `text`.
///
/// # Safety
///
/// `buf` is NULL or points to `len` writable bytes.
unsafe fn copy_cut(text: &str, buf: *mut c_char, len: usize) -> usize {
    if !buf.is_null() && len > 0 {
        let mut n = text.len().min(len - 1);
        while n > 0 && !text.is_char_boundary(n) {
            n -= 1;
        }
        // SAFETY: non-NULL, `len` writable bytes by contract, n < len.
        let dst = unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), len) };
        dst[..n].copy_from_slice(&text.as_bytes()[..n]);
        dst[n] = 0;
    }
    text.len()
}
