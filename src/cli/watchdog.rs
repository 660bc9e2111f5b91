//! Hard time limit for a command. Z3 does not stop inside some long operations when it is
//! interrupted (seen while bit-blasting float arithmetic), so a `--timeout` passed to the
//! solver alone can be overrun by minutes. The watchdog waits until the deadline plus a
//! grace period; if the command has not started reporting by then, it reports UNKNOWN
//! itself (through the command's own fallback, so text and JSON stay well-formed) and ends
//! the process.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Set once somebody (the command or the watchdog) has started writing the final report.
static REPORTING: Mutex<bool> = Mutex::new(false);

/// Time allowed beyond the deadline for the command to notice it and report on its own.
/// (as `verdiff run`'s kill grace: a twentieth of the limit in whole seconds, 1–30 s).
pub fn grace(limit: Duration) -> Duration {
    Duration::from_secs(limit.as_secs().div_ceil(20).clamp(1, 30))
}

/// Arms the watchdog: `fallback` writes the UNKNOWN report and returns the exit status.
pub fn arm(deadline: Instant, grace: Duration, fallback: impl FnOnce() -> i32 + Send + 'static) {
    let spawned = std::thread::Builder::new().name("verdiff-watchdog".into()).spawn(move || {
        std::thread::sleep((deadline + grace).saturating_duration_since(Instant::now()));
        let mut reporting = REPORTING.lock().unwrap_or_else(|e| e.into_inner());
        if *reporting {
            return;
        }
        *reporting = true;
        let code = fallback();
        // (the lock is held until the process ends: the command cannot start a report now)
        super::exit_now(code);
    });
    if let Err(e) = spawned {
        eprintln!("verdiff: cannot start the time-limit watchdog: {e}");
    }
}

/// Called by the command before it writes its final report. When the watchdog has already
/// taken over, this blocks until the watchdog ends the process.
pub fn begin_report() {
    let mut reporting = REPORTING.lock().unwrap_or_else(|e| e.into_inner());
    *reporting = true;
}

/// The reason the watchdog gives.
pub fn reason(limit: Duration) -> String {
    format!(
        "time limit of {:.0}s reached (the SMT solver did not stop when asked; the watchdog ended the run)",
        limit.as_secs_f64()
    )
}
