//! What a strategy of the claim loop may do. The loop (`claims.rs`) asks one question over and
//! over — "is some remaining claim violated?" — and files the answers; a strategy shapes that
//! question and reads what came of it:
//! - it may settle a claim without the solver (a concrete run that violates it, confirmed);
//! - it may replace the loop's incremental query by one of its own (a ground query);
//! - it may narrow the incremental query with assumption literals;
//! - it hears the events of a query it shaped, and says whether the loop asks again or leaves
//!   the pass open.
//!
//! The loop holds its strategies in order and gives each event to the first that claims it;
//! an event no strategy claims gets the loop's own handling (UNSAT proves the claims, UNKNOWN
//! is the verdict, a spurious model is unknown).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::Pass;
use crate::engine::replay::Solving;
use crate::engine::result::{RunStats, Timings, Trace};
use crate::smt::Answer;
use crate::term::T;

/// What the loop asks: the violation of some claim among `remaining` (`goal`).
pub(super) struct Query<'a> {
    pub(super) pass: &'a Pass<'a>,
    pub(super) shared: &'a Rc<RefCell<Solving>>,
    pub(super) goal: T,
    pub(super) remaining: &'a [usize],
    pub(super) deadline: Option<Instant>,
}

/// The answer to a strategy's own query, with the claims its model violates when the
/// strategy read them off its own solver (the shared solver's model is then set).
pub(super) struct Asked {
    pub(super) answer: Answer,
    pub(super) violates: Option<Vec<usize>>,
}

/// What happened to a query a strategy shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Event {
    Unsat,
    Unknown,
    /// SAT, but the model violates no remaining claim.
    NoViolation,
    /// SAT, and the model's violation did not replay (or is not robust): a spurious candidate.
    Spurious,
}

/// What the loop does after an event a strategy claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// Ask again: the strategy changed what it asks.
    Ask,
    /// Leave the claims still open to the next pass.
    Open,
}

pub(super) trait Strategy {
    /// A remaining claim this strategy shows violated without the solver, with its trace.
    fn settle(&mut self, _q: &Query) -> Option<(usize, Trace)> {
        None
    }

    /// Its own query in place of the loop's incremental one; None: the loop asks.
    fn ground(&mut self, _q: &Query, _timings: &mut Timings, _stats: &mut RunStats) -> Option<Asked> {
        None
    }

    /// Assumption literals narrowing the loop's incremental query (appended to `lits`). An
    /// UNSAT answer under them proves nothing of the inputs they leave out.
    fn narrow(&self, _lits: &mut Vec<T>) {}

    /// What the loop does after `e`; None: not this strategy's concern.
    fn heard(&mut self, e: Event, shared: &Rc<RefCell<Solving>>) -> Option<Next>;
}

/// The first strategy that claims `e`, in order, and what it says.
pub(super) fn dispatch(strategies: &mut [&mut dyn Strategy], e: Event, shared: &Rc<RefCell<Solving>>) -> Option<Next> {
    strategies.iter_mut().find_map(|s| s.heard(e, shared))
}

/// The assumption literals of all strategies.
pub(super) fn narrowing(strategies: &[&mut dyn Strategy]) -> Vec<T> {
    let mut lits = Vec::new();
    // (the float abstraction's exclusions before its preference, as the literals were always
    // given to the solver)
    for s in strategies.iter().rev() {
        s.narrow(&mut lits);
    }
    lits
}
