//! Reading input whose size the program does not control (a record file,
//! standard input, a weights file, a protocol line) without ever holding
//! more than its limit: at most `limit + 1` bytes are read, and files
//! that are not regular files (directories, FIFOs, devices such as
//! `/dev/zero`) are refused before they are opened, so nothing waits on
//! them forever.

use std::io::{self, BufRead, Read};

/// The bytes of the regular file `path`, or of standard input for `-`,
/// when there are at most `limit`; otherwise an error naming `what`, the
/// path and the limit, after reading at most `limit + 1` bytes.
pub fn read_file(path: &str, limit: usize, what: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        let meta = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
        if !meta.is_file() {
            return Err(format!(
                "{path}: not a regular file (a {what} is read from a file, or from standard input as -)"
            ));
        }
        std::fs::File::open(path).and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "{path}: more than {limit} bytes: a {what} is at most {limit} bytes"
        ));
    }
    Ok(bytes)
}

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text, without its end.
    Text(String),
    /// A line longer than the limit: its length in bytes (the rest was
    /// read and dropped, never held).
    TooLong(u64),
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line of `input` (up to `\n`, a final `\r` dropped),
/// holding at most `limit` bytes of it; `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut len = 0u64;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = (limit as u64).saturating_sub(len) as usize;
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        len += chunk.len() as u64;
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if len > limit as u64 {
        return Ok(Some(Line::TooLong(len)));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_typed() {
        let mut input: &[u8] = b"isready\r\nabcdefghij\n\xff\xfe\nlast";
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Some(Line::Text("isready".into()))
        );
        assert_eq!(read_line(&mut input, 8).unwrap(), Some(Line::TooLong(10)));
        assert_eq!(read_line(&mut input, 8).unwrap(), Some(Line::NotUtf8));
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Some(Line::Text("last".into()))
        );
        assert_eq!(read_line(&mut input, 8).unwrap(), None);
        // A huge line through a small buffer holds at most the limit.
        let long = vec![b'x'; 5_000_000];
        let mut r = io::BufReader::with_capacity(4096, &long[..]);
        assert_eq!(
            read_line(&mut r, 100).unwrap(),
            Some(Line::TooLong(5_000_000))
        );
    }

    #[test]
    fn files_that_are_not_regular_are_refused_unread() {
        let err = read_file("/dev/zero", 1 << 20, "record").unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        let err = read_file("/", 1 << 20, "record").unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        let dir = std::env::temp_dir().join(format!("duke-bounded-{}", std::process::id()));
        std::fs::write(&dir, vec![b'a'; 11]).unwrap();
        let path = dir.to_str().unwrap();
        assert_eq!(read_file(path, 11, "record").unwrap().len(), 11);
        let err = read_file(path, 10, "record").unwrap_err();
        assert!(err.contains("at most 10 bytes"), "{err}");
        std::fs::remove_file(&dir).ok();
    }
}
