//! Long calls that Ctrl-C stops: the work runs on its own thread with the
//! GIL released, while the calling thread checks for signals every 50 ms.
//! A KeyboardInterrupt sets the work's stop flag, waits for it to stop and
//! raises.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use duke_engine::search::Searcher;
use pyo3::prelude::*;

/// Runs `work` with a stop flag that Ctrl-C sets; raises KeyboardInterrupt
/// (after the work has stopped) when it was set.
pub fn with_stop<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || work(flag));
        loop {
            let finished = py.detach(|| {
                for _ in 0..50 {
                    if worker.is_finished() {
                        return true;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                worker.is_finished()
            });
            if finished {
                break;
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                py.detach(|| worker.join().ok());
                return Err(e);
            }
        }
        worker.join().map_err(|_| {
            pyo3::exceptions::PyRuntimeError::new_err("duke: the work failed (please report it)")
        })
    })
}

/// Runs a search that Ctrl-C stops (see [`with_stop`]).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    searcher: Searcher,
    search: impl FnOnce(&mut Searcher) -> T + Send,
) -> PyResult<T> {
    interruptible_keeping(py, searcher, search).map(|(t, _)| t)
}

/// [`interruptible`] that gives the searcher back, for the game's next
/// request (a levy's placement after its decision).
pub fn interruptible_keeping<T: Send>(
    py: Python<'_>,
    mut searcher: Searcher,
    search: impl FnOnce(&mut Searcher) -> T + Send,
) -> PyResult<(T, Searcher)> {
    with_stop(py, move |stop| {
        searcher.set_stop_flag(Some(stop));
        let t = search(&mut searcher);
        searcher.set_stop_flag(None);
        (t, searcher)
    })
}
