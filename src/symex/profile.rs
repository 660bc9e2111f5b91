//! A developer's profile of symbolic execution: where the time and the terms go, by source
//! line. Off unless `VERDIFF_DEBUG_SYMEX` is set; then printed to stderr when the run ends
//! (also when it ends on a limit), the 25 costliest lines first.

use std::collections::HashMap;
use std::time::{Duration, Instant};

#[derive(Default)]
struct Cost {
    time: Duration,
    terms: usize,
    steps: u64,
}

/// Cost per (function, line).
#[derive(Default)]
pub(crate) struct Profile {
    by_line: HashMap<(String, u32), Cost>,
}

impl Profile {
    /// A profile when the environment asks for one.
    pub(crate) fn from_env() -> Option<Profile> {
        std::env::var_os("VERDIFF_DEBUG_SYMEX").map(|_| Profile::default())
    }

    pub(crate) fn add(&mut self, func: &str, line: u32, since: Instant, terms: usize) {
        let c = self.by_line.entry((func.to_string(), line)).or_default();
        c.time += since.elapsed();
        c.terms += terms;
        c.steps += 1;
    }

    pub(crate) fn print(&self) {
        let mut rows: Vec<_> = self.by_line.iter().collect();
        rows.sort_by_key(|r| std::cmp::Reverse(r.1.time));
        eprintln!("symex profile (function:line  time  terms made  steps):");
        for ((f, line), c) in rows.iter().take(25) {
            eprintln!("  {f}:{line}  {:.3}s  {}  {}", c.time.as_secs_f64(), c.terms, c.steps);
        }
    }
}
