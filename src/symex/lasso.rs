//! Lassos (docs/ltl.md §5): an infinite run found within the bound.
//!
//! At every arrival at a loop's back-edge the state is recorded as a [`LassoMark`]. At arrival
//! j, for each earlier arrival i of the same loop entry, one claim of kind `ltl-lasso` says
//! "not a lasso from i to j", violated when
//! - the path passed arrival i (its guard there holds),
//! - the program state at j is the state at i: every register-resident variable of the live
//!   frames and the statics, the addresses of memory-resident ones, all of memory and the
//!   alive flags (the monitor's state and status bits among them), and
//! - the monitor moved into an accepting state between i and j; or it did not step at all and
//!   accepts the stutter extension of its current letter (the loop observes nothing: the
//!   infinite run's word is the last letter repeated).
//!
//! From a state equal to the one at i, the program can run the same iterations again (its
//! inputs chosen the same; everything else it reads is in the compared state), forever: an
//! infinite run whose word the monitor of ¬φ accepts, a definitive violation of φ. Comparing
//! more than the program could observe only loses lassos, never makes one up. Each mark
//! carries the guard of its arrival, so marks kept when paths merge are sound for either.

use std::rc::Rc;

use super::state::{State, VarKey};
use super::Symex;
use crate::ir::{ClaimKind, Loc};
use crate::term::{Op, T};

/// The state at one arrival at a back-edge.
#[derive(Debug)]
pub struct LassoMark {
    /// The arrival's number in this entry of the loop (1 for the first).
    arrival: u32,
    guard: T,
    regs: Vec<(VarKey, T)>,
    addrs: Vec<(VarKey, T)>,
    mem: T,
    alive: T,
    accepted: T,
    steps: T,
}

/// The marks of one loop entry, by back-edge.
pub type LassoMarks = std::collections::HashMap<usize, Vec<Rc<LassoMark>>>;

/// Claim keys of lassos: the back-edge and the pair of arrivals.
fn key(func: Option<crate::ir::FuncId>, pc: usize, i: u32, j: u32) -> super::ClaimKey {
    let f = func.map_or(u32::MAX, |f| f.0);
    (f, (pc << 24) | ((i as usize & 0xfff) << 12) | (j as usize & 0xfff), 4)
}

impl Symex<'_> {
    /// Arrival number `count` at the back-edge at `pc` with state `st`: the lasso claims
    /// against the earlier arrivals, then this arrival's mark.
    pub(crate) fn lasso_arrival(&mut self, st: &mut State, pc: usize, count: u32, loc: Loc) {
        let Some(spec) = self.o.lasso.clone() else { return };
        let (Some(&accepted), Some(&steps)) = (st.regs.get(&(spec.accepted, 0)), st.regs.get(&(spec.steps, 0))) else {
            return;
        };
        let live: std::collections::HashSet<u64> = st.frames().iter().map(|f| f.id).chain([0]).collect();
        let own = |k: &VarKey| live.contains(&k.1) && k.0 != spec.accepted && k.0 != spec.steps;
        let mut regs: Vec<(VarKey, T)> = st.regs.iter().filter(|(k, _)| own(k)).map(|(k, v)| (*k, *v)).collect();
        regs.sort_unstable();
        let mut addrs: Vec<(VarKey, T)> = st.addrs.iter().filter(|(k, _)| own(k)).map(|(k, v)| (*k, *v)).collect();
        addrs.sort_unstable();
        let guard = st.guard.term(&mut self.s);
        let here = LassoMark { arrival: count, guard, regs, addrs, mem: st.mem, alive: st.alive, accepted, steps };
        let earlier = st.top().lasso.get(&pc).cloned().unwrap_or_default();
        if !earlier.is_empty() {
            let stutter = self.eval_cond(st, &spec.stutter, loc);
            let func = st.top().func;
            for m in &earlier {
                let Some(same) = self.same_state(m, &here) else { continue };
                let moved = {
                    let e = self.s.eq(m.accepted, here.accepted);
                    self.s.not(e)
                };
                let still = {
                    let e = self.s.eq(m.steps, here.steps);
                    self.s.and(e, stutter)
                };
                let repeats = self.s.or(moved, still);
                let lasso = self.s.and_n(&[m.guard, same, repeats]);
                if self.s.is_false(lasso) {
                    continue;
                }
                let not_lasso = self.s.not(lasso);
                let msg = crate::ir::LassoSpec::claim_message(m.arrival, count);
                self.claim(
                    st,
                    key(func, pc, m.arrival, count),
                    ClaimKind::LtlLasso,
                    msg,
                    String::new(),
                    loc,
                    not_lasso,
                );
            }
        }
        st.top_mut().lasso.entry(pc).or_default().push(Rc::new(here));
    }

    /// The condition that the states of two marks are equal; None when they cannot be (a
    /// variable lives in one and not the other).
    fn same_state(&mut self, a: &LassoMark, b: &LassoMark) -> Option<T> {
        let mut parts = Vec::new();
        for (xs, ys) in [(&a.regs, &b.regs), (&a.addrs, &b.addrs)] {
            if xs.len() != ys.len() {
                return None;
            }
            for ((kx, x), (ky, y)) in xs.iter().zip(ys.iter()) {
                if kx != ky {
                    return None;
                }
                parts.push(self.s.eq(*x, *y));
            }
        }
        let mem = self.same_array(a.mem, b.mem);
        let alive = self.same_array(a.alive, b.alive);
        parts.extend([mem, alive]);
        Some(self.s.and_n(&parts))
    }

    /// The array `new` (memory or the alive flags at a later arrival) equals `old` (at an
    /// earlier one). `new` is `old` after stores (on every path: stores and merges of paths
    /// down to `old`), so the two can differ only at the stored addresses, and they are equal
    /// exactly when each of those holds the same value in both — no equality of arrays for the
    /// solver, and in a replay the same question folds to a constant. Anything else between
    /// them (a range write, as `memset` does, or too many stores) gives false: that lasso is
    /// not looked for, never made up.
    fn same_array(&mut self, old: T, new: T) -> T {
        const MOST_ADDRESSES: usize = 512;
        if old == new {
            return self.s.tru();
        }
        let mut addresses: Vec<T> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![new];
        while let Some(t) = stack.pop() {
            if t == old || !seen.insert(t) {
                continue;
            }
            match self.s.op(t) {
                Op::Store => {
                    addresses.push(self.s.arg(t, 1));
                    stack.push(self.s.arg(t, 0));
                }
                Op::Ite => stack.extend([self.s.arg(t, 1), self.s.arg(t, 2)]),
                _ => return self.s.fals(),
            }
            if addresses.len() > MOST_ADDRESSES {
                return self.s.fals();
            }
        }
        addresses.sort_unstable();
        addresses.dedup();
        let mut parts = Vec::with_capacity(addresses.len());
        for a in addresses {
            let now = self.s.select(new, a);
            let then = self.s.select(old, a);
            parts.push(self.s.eq(now, then));
        }
        self.s.and_n(&parts)
    }
}
