//! Limits that hold inside a single term construction.
//!
//! Symbolic execution checks its time and term budgets between instructions, but one
//! instruction can build millions of terms (a read through a long chain of merged stores). The
//! store therefore checks its budget as it interns: past the term bound, or past the deadline
//! (looked at every [`CLOCK_EVERY`] new terms), it unwinds with a [`Limit`] payload, which
//! [`guard`] turns back into a value at the phase boundary that can report it. The store is
//! consistent when that happens (the node being interned is not added).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

/// New terms between two looks at the clock.
pub const CLOCK_EVERY: usize = 1 << 16;

/// Which budget a term construction ran out of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The term bound (derived from the memory budget) was reached.
    Terms(usize),
    /// The deadline passed.
    Time,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Terms(n) => write!(f, "memory limit: more than {n} terms"),
            Limit::Time => write!(f, "time limit"),
        }
    }
}

/// Unwinds with `limit` (the store's budget is spent).
pub(crate) fn hit(limit: Limit) -> ! {
    quiet_hook();
    std::panic::panic_any(limit)
}

/// Runs `f`; a budget hit inside it comes back as `Err`. Any other panic goes on unwinding.
pub fn guard<R>(f: impl FnOnce() -> R) -> Result<R, Limit> {
    quiet_hook();
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => Ok(r),
        Err(payload) => match payload.downcast::<Limit>() {
            Ok(limit) => Err(*limit),
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}

/// The limit a caught panic payload carries, if it is one.
pub fn of_panic(payload: &(dyn std::any::Any + Send)) -> Option<Limit> {
    payload.downcast_ref::<Limit>().cloned()
}

/// A budget hit is not a crash: the panic hook stays silent for it (other panics print as
/// before).
fn quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<Limit>().is_none() {
                previous(info);
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Sort, TermStore};

    #[test]
    fn term_bound_unwinds_to_the_guard_and_the_store_stays_usable() {
        let mut s = TermStore::new();
        s.max_terms = 50;
        let x = s.fresh_symbol("x", Sort::Bv(32));
        let r = guard(|| {
            let mut acc = x;
            for i in 0..100u64 {
                let c = s.bv_u(32, u128::from(i) + 1000);
                acc = s.bvadd(acc, c);
            }
            acc
        });
        assert_eq!(r, Err(Limit::Terms(50)));
        assert!(s.len() <= 50);
        s.max_terms = usize::MAX;
        let c = s.bv_u(32, 7);
        let y = s.bvadd(x, c);
        assert!(y.0 as usize >= 1);
    }

    #[test]
    fn a_passed_deadline_unwinds_as_time() {
        let mut s = TermStore::new();
        s.deadline = Some(std::time::Instant::now());
        let x = s.fresh_symbol("x", Sort::Bv(64));
        let r = guard(|| {
            let mut acc = x;
            for i in 0..(2 * CLOCK_EVERY as u64) {
                let c = s.bv_u(64, u128::from(i) + 3);
                acc = s.bvmul(acc, c);
            }
            acc
        });
        assert_eq!(r, Err(Limit::Time));
    }

    #[test]
    fn work_that_makes_no_new_terms_still_looks_at_the_clock() {
        // (a read through a long chain of merged stores can find every term it needs made)
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Bv(64));
        let y = s.fresh_symbol("y", Sort::Bv(64));
        let first = s.eq(x, y);
        s.deadline = Some(std::time::Instant::now());
        let terms = s.len();
        let r = guard(|| {
            for _ in 0..(2 * CLOCK_EVERY) {
                assert_eq!(s.eq(x, y), first);
            }
        });
        assert_eq!(r, Err(Limit::Time));
        assert_eq!(s.len(), terms, "no term was made");
    }

    #[test]
    fn other_panics_pass_through() {
        let r = std::panic::catch_unwind(|| guard(|| panic!("boom")));
        assert!(r.is_err());
    }
}
