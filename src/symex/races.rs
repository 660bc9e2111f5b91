//! `--data-races-check` in symbolic execution (docs/threads.md §4). The instrumentation puts a
//! claim `NO_RACE(&x, n, write)` before every shared access (instrument::races), in the same
//! scheduling step as the access. A thread another one preempted stands before such a step,
//! so the claims there are the accesses it is about to make. The running thread's access
//! races with one of them when both touch a common byte and one of the two writes: the
//! interleaving that lets the waiting thread go next puts the two accesses side by side, with
//! nothing ordering them.

use super::{State, Symex};
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, InstrKind, UnOp};
use crate::term::T;

/// An access a waiting thread is about to make: when (its guard), where, how many bytes,
/// whether it writes.
struct Pending {
    guard: T,
    addr: T,
    len: T,
    write: bool,
}

impl Symex<'_> {
    /// Whether no other thread is about to access a byte of `[p, p + n)` where it or this
    /// access (`write`) writes.
    pub(crate) fn race_free(&mut self, st: &mut State, p: T, n: T, write: bool) -> T {
        let n = self.s.resize(n, self.memory.off_bits, false);
        let mut free = Vec::new();
        for t in 0..st.threads.len() {
            if t == st.active || st.threads[t].frames.is_empty() {
                continue;
            }
            for q in self.pending_accesses(st, t) {
                if !(write || q.write) {
                    continue;
                }
                let (o1, o2) = (self.obj_of(p), self.obj_of(q.addr));
                let same = self.s.eq(o1, o2);
                let (a, b) = (self.off_of(p), self.off_of(q.addr));
                let m = self.s.resize(q.len, self.memory.off_bits, false);
                // [a, a + n) and [b, b + m) meet (offsets inside objects do not wrap)
                let a_end = self.s.bvadd(a, n);
                let b_end = self.s.bvadd(b, m);
                let before_b_end = self.s.bvult(a, b_end);
                let after_b = self.s.bvult(b, a_end);
                let meet = self.s.and_n(&[q.guard, same, before_b_end, after_b]);
                free.push(self.s.not(meet));
            }
        }
        self.s.and_n(&free)
    }

    /// The accesses thread `t` stands before: the data-race claims of the step at its program
    /// counter, evaluated in its frame (none before a step without such claims: a lock, a
    /// thread's start, a step of its own registers).
    fn pending_accesses(&mut self, st: &mut State, t: usize) -> Vec<Pending> {
        let Some(top) = st.threads[t].frames.last() else { return vec![] };
        let (func, pc) = (top.func, top.pc);
        let body = self.body(func);
        let mut claims: Vec<Expr> = Vec::new();
        for ins in body.iter().skip(pc) {
            match &ins.kind {
                InstrKind::Assert { kind: ClaimKind::DataRace, cond, .. } => claims.push(cond.clone()),
                InstrKind::Assert { kind, .. } if *kind != ClaimKind::Assertion => {}
                _ => break,
            }
        }
        let mut out = Vec::new();
        for c in claims {
            let (guard, free) = match &c.kind {
                ExprKind::Binary(BinOp::LogOr, not_g, free) => match &not_g.kind {
                    ExprKind::Unary(UnOp::LogNot, g) => (Some((**g).clone()), (**free).clone()),
                    _ => continue,
                },
                _ => (None, c.clone()),
            };
            let ExprKind::Builtin(Builtin::RaceFree, args) = &free.kind else { continue };
            let [addr, len, write] = args.as_slice() else { continue };
            let guard = match guard {
                Some(g) => {
                    let v = self.eval_in(st, t, &g);
                    self.truth(v, &g.ty)
                }
                None => self.s.tru(),
            };
            let addr = self.eval_in(st, t, addr);
            let len = self.eval_in(st, t, len);
            out.push(Pending { guard, addr, len, write: write.as_int().is_some_and(|w| w != 0) });
        }
        out
    }
}
