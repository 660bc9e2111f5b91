//! `--data-races-check` in symbolic execution (docs/threads.md §4): a thread announces the
//! bytes it is about to write (`__verdiff_race_announce(p, n)`, put before the write by
//! instrument::races, with a possible context switch between the announcement and the
//! write) and withdraws them after the write (`__verdiff_race_clear()`). An access by another
//! thread to announced bytes is a race: the two accesses can happen at the same time.

use super::{State, Symex};
use crate::term::T;

/// The intrinsics the race instrumentation calls.
pub(crate) fn is_race_intrinsic(name: &str) -> bool {
    matches!(name, "__verdiff_race_announce" | "__verdiff_race_clear")
}

impl Symex<'_> {
    /// Carries out a race intrinsic of the running thread.
    pub(crate) fn race_intrinsic(&mut self, st: &mut State, name: &str, vals: &[T]) {
        let t = st.active;
        st.threads[t].announced = match (name, vals) {
            ("__verdiff_race_announce", [p, n, ..]) => {
                let n = self.s.resize(*n, self.memory.off_bits, false);
                Some((*p, n))
            }
            _ => None,
        };
    }

    /// Whether no other thread has announced a write to a byte of `[p, p + n)`.
    pub(crate) fn race_free(&mut self, st: &State, p: T, n: T) -> T {
        let n = self.s.resize(n, self.memory.off_bits, false);
        let mut free = Vec::new();
        for (t, ts) in st.threads.iter().enumerate() {
            let Some((q, m)) = ts.announced else { continue };
            if t == st.active || ts.frames.is_empty() {
                continue;
            }
            let (o1, o2) = (self.obj_of(p), self.obj_of(q));
            let same = self.s.eq(o1, o2);
            let (a, b) = (self.off_of(p), self.off_of(q));
            // [a, a + n) and [b, b + m) meet (offsets inside objects do not wrap)
            let a_end = self.s.bvadd(a, n);
            let b_end = self.s.bvadd(b, m);
            let before_b_end = self.s.bvult(a, b_end);
            let after_b = self.s.bvult(b, a_end);
            let meet = self.s.and_n(&[same, before_b_end, after_b]);
            free.push(self.s.not(meet));
        }
        self.s.and_n(&free)
    }
}
