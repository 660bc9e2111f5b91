//! What symbolic execution knows about a byte walk a library model summarises (string.c's
//! `__vd_strlen` over an object whose size is not known): the bytes memory's recorded writes
//! put into the skipped range. A walk that skips `[p, p + len)` saw no terminator there, so
//! every byte a write left in that range is nonzero: a fact that follows from the walk's real
//! semantics (only impossible runs are cut), which ties the summary to the writes a function
//! made (`s[len] = 0` after a copy bounds the length of `s`).

use super::{State, Symex};
use crate::term::{MemKind, Op, T};

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
