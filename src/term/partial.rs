//! Partial evaluation: what a condition comes to where some conditions are known. A branch
//! on a merged return value (`if (add(…))`, `ret = ite(k1, 0, ite(k2, 0, 1))`) decides which
//! of the merged paths the branch goes on with; `symex::refine` uses this to drop the others'
//! memory. The evaluation looks only at `¬ ∧ ∨ ite =` and constants; anything else it leaves
//! as it is, so an answer is exact and the absence of one means "not decided by these facts".

use super::{Op, TermStore, T};
use std::collections::HashMap;

/// The value of a subterm under the facts: a truth value, or a term it equals (a constant, or
/// the subterm itself when the facts do not reach inside it).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Val {
    B(bool),
    Same(T),
}

impl TermStore {
    /// Whether the Boolean term `c` is true or false wherever each `(t, b)` of `facts` holds
    /// (`t` has the truth value `b`); None when the facts do not decide it, or when deciding
    /// it would look at more than `budget` nodes.
    pub fn decided_under(&self, c: T, facts: &[(T, bool)], budget: u32) -> Option<bool> {
        // what each fact says of its parts: `¬a` false is `a` true, `a ∧ b` true is both
        // true, `a ∨ b` false is both false
        let mut known = Vec::with_capacity(facts.len());
        for &(t, b) in facts {
            self.implied(t, b, &mut known, 0);
        }
        let mut ev = Eval { s: self, facts: &known, budget, memo: HashMap::new() };
        ev.truth(c)
    }
}

impl TermStore {
    fn implied(&self, t: T, b: bool, out: &mut Vec<(T, bool)>, depth: u32) {
        if depth > 6 || out.len() >= 128 {
            return;
        }
        out.push((t, b));
        match (self.op(t), b) {
            (Op::Not, _) => self.implied(self.arg(t, 0), !b, out, depth + 1),
            (Op::And, true) | (Op::Or, false) => {
                for i in 0..self.args(t).len() {
                    self.implied(self.arg(t, i), b, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

struct Eval<'a> {
    s: &'a TermStore,
    facts: &'a [(T, bool)],
    budget: u32,
    memo: HashMap<T, Option<Val>>,
}

impl Eval<'_> {
    fn val(&mut self, t: T) -> Option<Val> {
        if let Some(v) = self.memo.get(&t) {
            return *v;
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let v = self.compute(t);
        self.memo.insert(t, v);
        v
    }

    fn truth(&mut self, t: T) -> Option<bool> {
        // (a truth value is always `B`: `Same` holds non-Boolean constants and undecided terms)
        match self.val(t)? {
            Val::B(b) => Some(b),
            Val::Same(_) => None,
        }
    }

    fn compute(&mut self, t: T) -> Option<Val> {
        if let Some(&(_, b)) = self.facts.iter().find(|(f, _)| *f == t) {
            return Some(Val::B(b));
        }
        let s = self.s;
        match s.op(t) {
            Op::BoolConst(b) => Some(Val::B(*b)),
            Op::Not => self.truth(s.arg(t, 0)).map(|b| Val::B(!b)),
            Op::And | Op::Or => {
                let absorbing = matches!(s.op(t), Op::Or);
                let mut all = true;
                for i in 0..s.args(t).len() {
                    match self.truth(s.arg(t, i)) {
                        Some(b) if b == absorbing => return Some(Val::B(absorbing)),
                        Some(_) => {}
                        None => all = false,
                    }
                }
                all.then_some(Val::B(!absorbing))
            }
            Op::Ite => match self.truth(s.arg(t, 0)) {
                Some(true) => self.val(s.arg(t, 1)),
                Some(false) => self.val(s.arg(t, 2)),
                None => {
                    let x = self.val(s.arg(t, 1))?;
                    let y = self.val(s.arg(t, 2))?;
                    (x == y).then_some(x)
                }
            },
            Op::Eq => {
                let a = self.val(s.arg(t, 0))?;
                let b = self.val(s.arg(t, 1))?;
                match (a, b) {
                    (Val::B(x), Val::B(y)) => Some(Val::B(x == y)),
                    // constants are interned: equal values are one term
                    (Val::Same(x), Val::Same(y)) if x == y => Some(Val::B(true)),
                    (Val::Same(x), Val::Same(y)) if s.is_const(x) && s.is_const(y) => Some(Val::B(false)),
                    _ => None,
                }
            }
            _ => Some(Val::Same(t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::term::{Sort, TermStore};

    #[test]
    fn a_merged_return_value_compared_with_zero_is_decided_by_the_merge_conditions() {
        let mut s = TermStore::new();
        let (k1, k2) = (s.fresh_symbol("k1", Sort::Bool), s.fresh_symbol("k2", Sort::Bool));
        let (zero, one) = (s.bv_u(32, 0), s.bv_u(32, 1));
        let inner = s.ite(k2, zero, one);
        let ret = s.ite(k1, zero, inner);
        let failed = s.eq(ret, zero);
        // k1 or k2 returned 0; with both false the add succeeded
        assert_eq!(s.decided_under(failed, &[(k1, true)], 100), Some(true));
        assert_eq!(s.decided_under(failed, &[(k1, false), (k2, false)], 100), Some(false));
        assert_eq!(s.decided_under(failed, &[(k1, false)], 100), None);
        let ok = s.not(failed);
        assert_eq!(s.decided_under(ok, &[(k1, false), (k2, false)], 100), Some(true));
    }

    #[test]
    fn what_the_facts_do_not_reach_stays_undecided() {
        let mut s = TermStore::new();
        let k = s.fresh_symbol("k", Sort::Bool);
        let (x, y) = (s.fresh_symbol("x", Sort::Bv(8)), s.fresh_symbol("y", Sort::Bv(8)));
        let e = s.eq(x, y);
        let c = s.and(k, e);
        assert_eq!(s.decided_under(c, &[(k, false)], 100), Some(false));
        assert_eq!(s.decided_under(c, &[(k, true)], 100), None);
        // a choice between the same value is that value whatever the condition
        let v = s.ite(k, x, x);
        let same = s.eq(v, x);
        assert_eq!(s.decided_under(same, &[], 100), Some(true));
        // a budget too small to look at the term decides nothing
        assert_eq!(s.decided_under(c, &[(k, false)], 0), None);
    }

    #[test]
    fn a_fact_speaks_for_its_parts() {
        // the early return `if (!a || !b) return 0;` not taken: a and b both hold
        let mut s = TermStore::new();
        let (a, b) = (s.fresh_symbol("a", Sort::Bool), s.fresh_symbol("b", Sort::Bool));
        let (na, nb) = (s.not(a), s.not(b));
        let early = s.or(na, nb);
        let x = s.fresh_symbol("x", Sort::Bool);
        let later = s.and(na, x);
        assert_eq!(s.decided_under(later, &[(early, false)], 100), Some(false));
        assert_eq!(s.decided_under(b, &[(early, false)], 100), Some(true));
        assert_eq!(s.decided_under(x, &[(early, false)], 100), None);
    }
}
