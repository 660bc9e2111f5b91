//! What symbolic execution knows about a byte walk a library model summarises (string.c's
//! `__vd_strlen` over an object whose size is not known): the bytes memory's recorded writes
//! put into the skipped range. A walk that skips `[p, p + len)` saw no terminator there, so
//! every byte a write left in that range is nonzero: a fact that follows from the walk's real
//! semantics (only impossible runs are cut), which ties the summary to the writes a function
//! made (`s[len] = 0` after a copy bounds the length of `s`).

use super::{State, Symex};
use crate::term::{MemKind, Op, TermStore, T};

/// A byte range a library model's walk skipped (string.c's summaries past the 8th byte):
/// symbolic execution took the walk's stop position from the summary, while a replay walks
/// every byte up to it. The summary leaves the position free up to the end of the object, so
/// a solver's model may put it where no replay gets (2^46 bytes on: `copy_short` of
/// tests/preconditions.rs, whose input symbols took other names once more library models
/// were compiled in, and Z3 another model). The engine asks for a stop position a replay can
/// follow when the first model did not replay (engine::bmc, confirm.rs); the ranges only
/// shape that question and never stand in for a replay.
#[derive(Clone, Copy, Debug)]
pub struct SkippedRange {
    /// The path condition under which the walk was summarised.
    pub guard: T,
    /// Memory at the summary.
    pub mem: T,
    /// Object number and offset of the first byte skipped.
    pub obj: T,
    pub off: T,
    /// Bytes skipped (offset width).
    pub len: T,
}

/// How a replayable skipped range looks ([`SkippedRange::replayable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replayable {
    /// Nothing skipped: the walk stops where the summary starts. The model's stop condition
    /// there is then exactly the one a replay's walk tests.
    Empty,
    /// At most [`SHORT_WALK`] bytes skipped, none of them 0 (a replay's string walk stops at
    /// the first 0): a replay walks to the same stop position unless another stop condition
    /// of the walk (a differing byte in strcmp, `c` in strchr) holds earlier.
    Short,
}

/// The most bytes a [`Replayable::Short`] range skips: far below the iterations a replay
/// follows over a caller's data (`SymexOptions::unbounded_limit`).
pub const SHORT_WALK: u32 = 56;

impl SkippedRange {
    /// On the path that took the summary, the range is `how` replayable.
    pub fn replayable(&self, s: &mut TermStore, how: Replayable) -> T {
        let w = s.width(self.len);
        let cond = match how {
            Replayable::Empty => {
                let zero = s.bv_zero(w);
                s.eq(self.len, zero)
            }
            Replayable::Short => {
                let most = s.bv_u(w, SHORT_WALK as u128);
                let mut conds = vec![s.bvule(self.len, most)];
                for j in 0..SHORT_WALK {
                    let j = s.bv_u(w, j as u128);
                    let inside = s.bvult(j, self.len);
                    let off = s.bvadd(self.off, j);
                    let addr = s.concat(self.obj, off);
                    let byte = s.select(self.mem, addr);
                    let zero = s.bv_zero(8);
                    let is_zero = s.eq(byte, zero);
                    let nonzero = s.not(is_zero);
                    conds.push(s.implies(inside, nonzero));
                }
                s.and_n(&conds)
            }
        };
        s.implies(self.guard, cond)
    }
}

/// Memory nodes looked at, newest first (stores, range updates, merges).
const WALK_NODES: usize = 256;

impl Symex<'_> {
    /// Every byte in `[p, p + len)` that one of memory's recorded writes addresses is nonzero
    /// in the current memory (a necessary condition for "no zero byte in the range").
    pub(crate) fn no_zero_written(&mut self, st: &State, p: T, len: T) -> T {
        let len = self.s.resize(len, self.memory.off_bits, false);
        let (po, poff) = (self.obj_of(p), self.off_of(p));
        let end = self.s.bvadd(poff, len);
        // the range as offsets: [poff, end) without wrap-around (a range that wraps is not
        // described here, so its addresses give no fact)
        let no_wrap = self.s.bvule(poff, end);
        let mut addrs = vec![p];
        let mut todo = vec![st.mem];
        let mut seen = std::collections::HashSet::new();
        while let Some(m) = todo.pop() {
            if seen.len() >= WALK_NODES || !seen.insert(m) {
                continue;
            }
            match self.s.op(m).clone() {
                Op::Store => {
                    addrs.push(self.s.arg(m, 1));
                    todo.push(self.s.arg(m, 0));
                }
                Op::MemRange(kind, _) => {
                    if kind == MemKind::Fill {
                        addrs.push(self.s.arg(m, 1));
                    }
                    todo.push(self.s.arg(m, 0));
                }
                Op::Ite => {
                    todo.push(self.s.arg(m, 1));
                    todo.push(self.s.arg(m, 2));
                }
                _ => {}
            }
        }
        if !self.is_concrete() {
            let guard = st.guard.term(&mut self.s);
            self.approx.skipped.push(SkippedRange { guard, mem: st.mem, obj: po, off: poff, len });
        }
        addrs.sort_unstable();
        addrs.dedup();
        let mut facts = Vec::new();
        for a in addrs {
            let ao = self.obj_of(a);
            let aoff = self.off_of(a);
            let same = self.s.eq(ao, po);
            let from = self.s.bvuge(aoff, poff);
            let to = self.s.bvult(aoff, end);
            let inside = self.s.and_n(&[no_wrap, same, from, to]);
            let byte = self.s.select(st.mem, a);
            let zero = self.s.bv_zero(8);
            let is_zero = self.s.eq(byte, zero);
            let nonzero = self.s.not(is_zero);
            facts.push(self.s.implies(inside, nonzero));
        }
        self.s.and_n(&facts)
    }
}
