//! Values known on a path: a branch settles the allocation outcomes it decides (through `¬`,
//! `∧` and `∨`: `malloc_succeeds` after `if (p)`), and with them every register and the
//! memory whose value chooses on one of them. `p = malloc(n)` is `ite(succeeds, obj, NULL)`;
//! inside `if (p)` it is `obj`, so the branch's `memset(p, 0, n)` writes one known object, and
//! a later read of `p->next` is 0 instead of a choice the rest of the path cannot shake off
//! (cJSON's `cJSON_Delete` after a failed `strdup` unrolled its list walk to the bound on
//! such a choice).
//!
//! A branch also settles the memory merged from the paths it tells apart: after `if (add(l,
//! it))`, the memory at the return of `add` chooses between the paths inside it, and on the
//! branch where it returned 0 only the memory of the paths that returned 0 is left (decided
//! by `TermStore::decided_under` from the branch condition and the choices on the way to a
//! merge). Without it a read of `it->next` on the failure branch still chose on the paths
//! that linked `it` into the caller's list, and freeing `it` walked that choice to the bound,
//! with the recursion over `it->child` inside each iteration (cJSON_AddTrueToObject:
//! 58 000 steps of `cJSON_Delete` and a symbolic-execution timeout; now one iteration).

use super::{State, Symex};
use crate::term::{Op, T};

/// How many writes above a merge [`Symex::take_branch`] looks through.
const SETTLE_DEPTH: u32 = 64;
/// How many merge choices one branch looks at, and how many nodes of the branch condition
/// one decision looks at (a branch is taken at every `if`: this must stay cheap).
const CHOICE_BUDGET: u32 = 16;
const EVAL_BUDGET: u32 = 256;

impl Symex<'_> {
    /// Adds the branch condition `c` to the path's guard and settles the values it decides.
    pub(crate) fn take_branch(&mut self, st: &mut State, c: T) {
        if self.s.is_true(c) {
            // (nothing to add, nothing merged to tell apart: a concrete run's every branch)
            return;
        }
        st.guard.add(&mut self.s, c);
        // memory merged from paths the branch tells apart (after `if (add(…))` the paths
        // inside `add` that returned 0 or 1) is the memory of the paths the branch goes on with
        let mut budget = CHOICE_BUDGET;
        st.mem = self.memory_under(st.mem, c, &mut Vec::new(), SETTLE_DEPTH, &mut budget);
        st.alive = self.memory_under(st.alive, c, &mut Vec::new(), SETTLE_DEPTH, &mut budget);
        if self.approx.alloc_outcomes.is_empty() {
            return;
        }
        let mut facts = Vec::new();
        self.settled(c, &mut facts);
        // only choices on an allocation's outcome: settling every decided condition made
        // the solver case-split this path's terms against the other paths' (cJSON's
        // skip_utf8_bom went from 0.6 s to a solver timeout)
        facts.retain(|&(t, _)| self.about_allocation(t));
        if facts.is_empty() {
            return;
        }
        for v in st.regs.values_mut() {
            *v = settle(&self.s, *v, &facts);
        }
        // memory merged after `if (p) memset(p, …)` in a callee is `ite(succeeds, …, …)`
        // under the writes made since
        st.mem = self.settle_memory(st.mem, &facts, SETTLE_DEPTH);
        st.alive = self.settle_memory(st.alive, &facts, SETTLE_DEPTH);
    }

    /// Whether `t` is malloc's success, or a negation, conjunction or disjunction with it
    /// among its parts (`fits ∧ succeeds`).
    fn about_allocation(&self, t: T) -> bool {
        self.approx.alloc_outcomes.contains(&t)
            || (matches!(self.s.op(t), Op::Not | Op::And | Op::Or)
                && self.s.args(t).iter().any(|a| self.approx.alloc_outcomes.contains(a)))
    }

    /// An array term with the choices on settled conditions made, looking through at most
    /// `depth` updates above them (the writes rebuilt on the chosen memory).
    fn settle_memory(&mut self, m: T, facts: &[(T, bool)], depth: u32) -> T {
        match self.s.op(m).clone() {
            Op::Ite => {
                let v = settle(&self.s, m, facts);
                if v == m {
                    return m;
                }
                self.settle_memory(v, facts, depth)
            }
            Op::Store | Op::MemRange(..) if depth > 0 => {
                let base = self.s.arg(m, 0);
                let b = self.settle_memory(base, facts, depth - 1);
                self.write_over(m, base, b)
            }
            _ => m,
        }
    }

    /// The write `m` (a store or a memory range over `base`) made over `rebuilt` instead; `m`
    /// itself when the memory below it did not change.
    fn write_over(&mut self, m: T, base: T, rebuilt: T) -> T {
        if rebuilt == base {
            return m;
        }
        let args = self.s.args(m).to_vec();
        match self.s.op(m).clone() {
            Op::Store => self.s.store(rebuilt, args[1], args[2]),
            Op::MemRange(kind, off_bits) => self.s.mem_range(kind, off_bits, rebuilt, args[1], args[2], &args[3..]),
            _ => m,
        }
    }

    /// The array term `m` on the paths where `c` holds: each choice `ite(k, x, y)` among its
    /// merges (looking through at most `depth` updates above them) whose one side contradicts
    /// `c` — given the choices made on the way to it — is replaced by its other side.
    /// `known` holds those choices; `budget` bounds the choices looked at.
    fn memory_under(&mut self, m: T, c: T, known: &mut Vec<(T, bool)>, depth: u32, budget: &mut u32) -> T {
        match self.s.op(m).clone() {
            Op::Ite if *budget > 0 => {
                *budget -= 1;
                let (k, x, y) = (self.s.arg(m, 0), self.s.arg(m, 1), self.s.arg(m, 2));
                let mut side = |sx: &mut Self, b: bool| {
                    known.push((k, b));
                    let possible = sx.s.decided_under(c, known, EVAL_BUDGET) != Some(false);
                    known.pop();
                    possible
                };
                let (then_ok, else_ok) = (side(self, true), side(self, false));
                let mut under = |sx: &mut Self, b: bool, t: T, budget: &mut u32| {
                    known.push((k, b));
                    let r = sx.memory_under(t, c, known, depth, budget);
                    known.pop();
                    r
                };
                match (then_ok, else_ok) {
                    (true, false) => under(self, true, x, budget),
                    (false, true) => under(self, false, y, budget),
                    (true, true) => {
                        let x2 = under(self, true, x, budget);
                        let y2 = under(self, false, y, budget);
                        if (x2, y2) == (x, y) {
                            m
                        } else {
                            self.s.ite(k, x2, y2)
                        }
                    }
                    // neither side: the path itself is infeasible; its memory does not matter
                    (false, false) => m,
                }
            }
            Op::Store | Op::MemRange(..) if depth > 0 => {
                let base = self.s.arg(m, 0);
                let b = self.memory_under(base, c, known, depth - 1, budget);
                self.write_over(m, base, b)
            }
            _ => m,
        }
    }

    /// The conditions `c` settles: itself true, and through `¬`, `∧` (true) and `∨` (false)
    /// its parts (`¬(¬fits ∨ ¬succeeds)`, malloc's success, settles `succeeds`).
    fn settled(&self, c: T, out: &mut Vec<(T, bool)>) {
        self.facts(c, true, out, 0);
    }

    fn facts(&self, c: T, val: bool, out: &mut Vec<(T, bool)>, depth: u32) {
        if depth > 8 || out.len() > 64 || self.s.as_bool(c).is_some() {
            return;
        }
        out.push((c, val));
        match (self.s.op(c), val) {
            (Op::Not, _) => self.facts(self.s.arg(c, 0), !val, out, depth + 1),
            (Op::And, true) | (Op::Or, false) => {
                for i in 0..self.s.args(c).len() {
                    self.facts(self.s.arg(c, i), val, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// `v` with its outer choices on settled conditions made.
fn settle(s: &crate::term::TermStore, mut v: T, facts: &[(T, bool)]) -> T {
    while let Op::Ite = s.op(v) {
        let c = s.arg(v, 0);
        let known = |t: T| facts.iter().find(|(l, _)| *l == t).map(|&(_, b)| b);
        let value = match s.op(c) {
            Op::Not => known(s.arg(c, 0)).map(|b| !b),
            _ => known(c),
        };
        match value {
            Some(true) => v = s.arg(v, 1),
            Some(false) => v = s.arg(v, 2),
            None => break,
        }
    }
    v
}
