//! Solving the claims of one symbolic execution: the claim-by-claim loop (`claims.rs`), the
//! confirmation of a model by replay (`confirm.rs`, `robust.rs`), and the strategies that
//! shape the loop's queries (`probes.rs`, `abstraction.rs`, `reach_zero.rs`).

use std::time::Instant;

use crate::engine::EngineOptions;
use crate::ir::{ClaimKind, FuncId, Program};
use crate::smt::Smt;
use crate::symex::SymexOptions;
use crate::term::T;

mod abstraction;
mod claims;
mod confirm;
mod probes;
mod reach_zero;
mod robust;
mod strategy;

pub(super) use claims::solve;

/// Milliseconds to `deadline` (at least 1), None without one.
pub(crate) fn remaining_ms(deadline: Option<Instant>) -> Option<u64> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis().max(1) as u64)
}

/// A solver holding the axioms every path satisfies; `abstract_floats`: see
/// [`Smt::abstract_float_arithmetic`].
pub(super) fn solver(store: &crate::term::TermStore, axioms: T, ms: Option<u64>, abstract_floats: bool) -> Smt {
    let mut smt = Smt::new(ms);
    if abstract_floats {
        smt = smt.abstract_float_arithmetic();
    }
    if !store.is_true(axioms) {
        smt.assert(store, axioms);
    }
    smt
}

/// What one solving pass works on.
#[derive(Clone, Copy)]
pub(super) struct Pass<'a> {
    pub(super) p: &'a Program,
    pub(super) entry: FuncId,
    pub(super) so: &'a SymexOptions,
    pub(super) o: &'a EngineOptions,
    pub(super) viol: &'a [Option<T>],
    pub(super) kinds: &'a [ClaimKind],
    pub(super) keys: &'a [crate::symex::ClaimKey],
    pub(super) approx: &'a std::collections::HashSet<u32>,
    pub(super) approx_funcs: &'a [String],
    /// What the library models assume of the approximated results.
    pub(super) approx_facts: &'a [T],
    /// The byte ranges library models' walks skipped (see [`crate::symex::SkippedRange`]).
    pub(super) skipped: &'a [crate::symex::SkippedRange],
    pub(super) off_bits: u32,
    pub(super) deadline: Option<Instant>,
    /// The solver abstracts float arithmetic ([`Smt::abstract_float_arithmetic`]): UNSAT
    /// proves, SAT is a candidate only replay can confirm, and whatever the pass cannot
    /// decide is left unchecked for an exact pass.
    pub(super) abstracted: bool,
}

pub(super) enum Outcome {
    /// Every claim the pass was given is decided.
    Finished,
    /// Verification stops here (a violation in single-property mode, or reachability shown).
    Stopped,
    /// The solver could not decide; the reason.
    Unknown(String),
    /// An abstract pass leaves the claims still unchecked to the exact pass.
    Open,
}
