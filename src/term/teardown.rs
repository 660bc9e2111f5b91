//! Freeing a large verification after its time is up.
//!
//! A store of millions of terms, its memo tables and the SMT solver's encoding take seconds
//! to free one allocation at a time (seen on cJSON_Minify: over 2 s after the 20 s limit, so
//! `verdiff run`'s watchdog ended the process instead of the verification answering). A process
//! that exits once its verification is answered — `verdiff check`, the child process `verdiff
//! run` forks per function — says so with [`leak_after`]; once that deadline has passed, the
//! large containers are left to the operating system ([`abandon`]) instead of freed. A process
//! that goes on verifying (worker threads, `verdiff diff`) never calls it and frees as usual.

use std::sync::OnceLock;
use std::time::Instant;

static LEAK_AFTER: OnceLock<Instant> = OnceLock::new();

/// This process exits soon after `deadline`: past it, large structures need not be freed.
/// The first call counts.
pub fn leak_after(deadline: Instant) {
    let _ = LEAK_AFTER.set(deadline);
}

/// Whether large structures are left unfreed now.
pub fn abandoning() -> bool {
    LEAK_AFTER.get().is_some_and(|d| Instant::now() >= *d)
}

/// Leaves `v` to the operating system when [`abandoning`], else drops it.
pub fn abandon<V: Default>(v: &mut V) {
    if abandoning() {
        std::mem::forget(std::mem::take(v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_abandoned_unless_the_process_said_it_exits() {
        // (the test process never calls leak_after: abandoning stays false)
        assert!(!abandoning());
        let mut v = vec![1u8; 16];
        abandon(&mut v);
        assert_eq!(v.len(), 16, "the value is left in place to be dropped as usual");
    }
}
