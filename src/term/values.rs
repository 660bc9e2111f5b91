//! Finite value sets of bit-vector terms that choose between constants.
//!
//! A loop that picks an index (`min = j` under a data-dependent condition, unrolled N times)
//! leaves a chain of choices `ite(c_N, N, ite(c_N-1, N-1, ...))` whose leaves are all
//! constants. Comparing such a term with a bound (`min < N` of an array-bounds claim) is
//! decided by its leaves alone; the solver never needs to see it. This module computes the
//! (small) set of values such a term can take, and the comparison constructors fold a
//! comparison that has the same answer for every pair of values.

use std::rc::Rc;

use super::{Bits, Op, TermStore, T};

/// Largest value set kept; larger choices are left to the solver.
pub(super) const MAX_VALUES: usize = 256;

/// Largest value set a read index is split over (see [`TermStore::as_choice`]).
pub(super) const CHOICE_VALUES: usize = 64;

/// Entries the value-set memo may hold before it starts over.
const MEMO_LIMIT: usize = 1_000_000;

pub(super) type Values = Option<Rc<[Bits]>>;

/// Operations a value set is computed through (each folds on constant operands).
fn is_value_op(op: &Op) -> bool {
    matches!(
        op,
        Op::ZeroExt(_)
            | Op::SignExt(_)
            | Op::Extract(..)
            | Op::Concat
            | Op::BvNot
            | Op::BvNeg
            | Op::BvAdd
            | Op::BvMul
            | Op::BvAnd
            | Op::BvOr
            | Op::BvXor
            | Op::BvShl
            | Op::BvLshr
            | Op::BvAshr
    )
}

impl TermStore {
    /// Every value `t` can take, when `t` is built from constants by choices (ite), width
    /// changes (extensions, extracts), concatenations and sums, and there are at most
    /// [`MAX_VALUES`] of them; None otherwise (a symbol, a read, too many values).
    pub(super) fn value_set(&mut self, t: T) -> Values {
        if !(matches!(self.op(t), Op::Ite | Op::BvConst(_)) || is_value_op(self.op(t))) || !self.sort(t).is_bv() {
            return None;
        }
        if let Some(v) = self.values_memo.get(&t) {
            return v.clone();
        }
        let r = self.value_set_uncached(t);
        if self.values_memo.len() >= MEMO_LIMIT {
            self.values_memo.clear();
        }
        self.values_memo.insert(t, r.clone());
        r
    }

    fn value_set_uncached(&mut self, t: T) -> Values {
        if let Some(b) = self.as_bv(t) {
            return Some(Rc::from(vec![b.clone()]));
        }
        let op = self.op(t).clone();
        if let Op::Ite = op {
            let (x, y) = (self.arg(t, 1), self.arg(t, 2));
            let xs = self.value_set(x)?;
            let ys = self.value_set(y)?;
            let (big, small) = if xs.len() >= ys.len() { (xs, ys) } else { (ys, xs) };
            let seen: std::collections::HashSet<&Bits> = big.iter().collect();
            let mut all: Vec<Bits> = big.iter().cloned().collect();
            for v in small.iter() {
                if !seen.contains(v) {
                    all.push(v.clone());
                }
            }
            return (all.len() <= MAX_VALUES).then(|| Rc::from(all));
        }
        // an operation on operands with value sets: every combination, folded
        let args: Vec<T> = self.args(t).to_vec();
        let mut sets = Vec::with_capacity(args.len());
        let mut combos = 1usize;
        for &a in &args {
            let vs = self.value_set(a)?;
            combos = combos.saturating_mul(vs.len());
            sets.push(vs);
        }
        if combos > MAX_VALUES * 4 {
            return None;
        }
        let mut out: Vec<Bits> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut pick = vec![0usize; sets.len()];
        loop {
            let consts: Vec<T> = pick.iter().zip(&sets).map(|(&i, vs)| self.bv(vs[i].clone())).collect();
            let r = self.apply_bv(&op, &consts)?;
            let b = self.as_bv(r)?.clone();
            if seen.insert(b.clone()) {
                out.push(b);
                if out.len() > MAX_VALUES {
                    return None;
                }
            }
            // the next combination (odometer order)
            let mut k = 0;
            loop {
                if k == pick.len() {
                    return Some(Rc::from(out));
                }
                pick[k] += 1;
                if pick[k] < sets[k].len() {
                    break;
                }
                pick[k] = 0;
                k += 1;
            }
        }
    }

    /// `op(args)` through the simplifying constructors (constant arguments fold), for the
    /// operations value sets go through.
    fn apply_bv(&mut self, op: &Op, a: &[T]) -> Option<T> {
        Some(match (op, a) {
            (Op::ZeroExt(n), [x]) => self.zext(*n, *x),
            (Op::SignExt(n), [x]) => self.sext(*n, *x),
            (Op::Extract(h, l), [x]) => self.extract(*h, *l, *x),
            (Op::BvNot, [x]) => self.bvnot(*x),
            (Op::BvNeg, [x]) => self.bvneg(*x),
            (Op::Concat, [x, y]) => self.concat(*x, *y),
            (Op::BvAdd, [x, y]) => self.bvadd(*x, *y),
            (Op::BvMul, [x, y]) => self.bvmul(*x, *y),
            (Op::BvAnd, [x, y]) => self.bvand(*x, *y),
            (Op::BvOr, [x, y]) => self.bvor(*x, *y),
            (Op::BvXor, [x, y]) => self.bvxor(*x, *y),
            (Op::BvShl, [x, y]) => self.bvshl(*x, *y),
            (Op::BvLshr, [x, y]) => self.bvlshr(*x, *y),
            (Op::BvAshr, [x, y]) => self.bvashr(*x, *y),
            _ => return None,
        })
    }

    /// `t` as an explicit choice between its values, when it has a small value set
    /// ([`CHOICE_VALUES`]): a tree of `ite` whose leaves are constants, equal to `t`. Width
    /// changes and operations with a constant are pushed down to the leaves
    /// (`concat(obj, ite(c, 4, 8))` becomes `ite(c, concat(obj, 4), concat(obj, 8))`), so that
    /// a read at `t` can be split into reads at constant indices that share their structure.
    pub fn as_choice(&mut self, t: T) -> Option<T> {
        if self.is_const(t) {
            return Some(t);
        }
        if self.value_set(t).is_none_or(|v| v.len() > CHOICE_VALUES) {
            return None;
        }
        if let Some(&r) = self.choice_memo.get(&t) {
            return r;
        }
        let r = self.as_choice_uncached(t);
        if self.choice_memo.len() >= MEMO_LIMIT {
            self.choice_memo.clear();
        }
        self.choice_memo.insert(t, r);
        r
    }

    fn as_choice_uncached(&mut self, t: T) -> Option<T> {
        let op = self.op(t).clone();
        if let Op::Ite = op {
            let (c, x, y) = (self.arg(t, 0), self.arg(t, 1), self.arg(t, 2));
            let cx = self.as_choice(x)?;
            let cy = self.as_choice(y)?;
            return Some(self.ite(c, cx, cy));
        }
        // an operation on one choice (the other operand constant): pushed into its branches
        let args: Vec<T> = self.args(t).to_vec();
        let open: Vec<usize> = (0..args.len()).filter(|&i| !self.is_const(args[i])).collect();
        let [k] = open[..] else { return None };
        let inner = self.as_choice(args[k])?;
        self.map_choice(t, &op, &args, k, inner)
    }

    /// `op(args)` (the term `t`) with `args[k]` replaced by each leaf of the choice `inner`.
    /// Memoised per (t, subtree): a choice is a DAG whose branches share subtrees, and a
    /// walk of it as a tree is exponential.
    fn map_choice(&mut self, t: T, op: &Op, args: &[T], k: usize, inner: T) -> Option<T> {
        if let Some(&r) = self.map_memo.get(&(t, inner)) {
            return r;
        }
        let r = if let Op::Ite = self.op(inner) {
            let (c, x, y) = (self.arg(inner, 0), self.arg(inner, 1), self.arg(inner, 2));
            match (self.map_choice(t, op, args, k, x), self.map_choice(t, op, args, k, y)) {
                (Some(mx), Some(my)) => Some(self.ite(c, mx, my)),
                _ => None,
            }
        } else {
            let mut a = args.to_vec();
            a[k] = inner;
            self.apply_bv(op, &a).filter(|&r| self.is_const(r))
        };
        if self.map_memo.len() >= MEMO_LIMIT {
            self.map_memo.clear();
        }
        self.map_memo.insert((t, inner), r);
        r
    }

    /// The answer of `pred` when it is the same for every pair of values `a` and `b` can
    /// take (their value sets are known and small); None otherwise.
    pub(super) fn decided_by_values(&mut self, a: T, b: T, pred: impl Fn(&Bits, &Bits) -> bool) -> Option<bool> {
        // (only a choice has more than one value: without one, constants were folded before)
        let choice = |s: &Self, t: T| matches!(s.op(t), Op::Ite) || (is_value_op(s.op(t)) && !s.is_const(t));
        if !choice(self, a) && !choice(self, b) {
            return None;
        }
        let xs = self.value_set(a)?;
        let ys = self.value_set(b)?;
        if xs.len() * ys.len() > MAX_VALUES * 4 {
            return None;
        }
        let mut answer = None;
        for x in xs.iter() {
            for y in ys.iter() {
                let r = pred(x, y);
                match answer {
                    None => answer = Some(r),
                    Some(prev) if prev != r => return None,
                    _ => {}
                }
            }
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use crate::term::TermStore;

    #[test]
    fn a_bound_check_on_a_choice_of_constant_indices_folds() {
        let mut s = TermStore::new();
        let c1 = s.fresh_symbol("c1", crate::term::Sort::Bool);
        let c2 = s.fresh_symbol("c2", crate::term::Sort::Bool);
        let (k1, k2, k3) = (s.bv_u(32, 1), s.bv_u(32, 2), s.bv_u(32, 3));
        let inner = s.ite(c2, k2, k1);
        let min = s.ite(c1, k3, inner);
        let wide = s.sext(32, min);
        let n = s.bv_u(64, 4);
        // every value (1, 2, 3) is below 4: the claim's violation `!(min < 4)` is false
        let ok = s.bvslt(wide, n);
        assert_eq!(s.as_bool(ok), Some(true));
        // 2 is not below 2 but 1 is: left to the solver
        let two = s.bv_u(64, 2);
        let open = s.bvslt(wide, two);
        assert_eq!(s.as_bool(open), None);
        // unsigned and signed disagree on a negative choice
        let m1 = s.bv_u(32, u32::MAX as u128);
        let neg = s.ite(c1, m1, k1);
        let z = s.bv_u(32, 0);
        let s_neg = s.bvsle(z, neg);
        assert_eq!(s.as_bool(s_neg), None);
        let u_neg = s.bvule(z, neg);
        assert_eq!(s.as_bool(u_neg), Some(true));
    }

    #[test]
    fn a_symbol_among_the_choices_leaves_the_comparison_open() {
        let mut s = TermStore::new();
        let c = s.fresh_symbol("c", crate::term::Sort::Bool);
        let x = s.fresh_symbol("x", crate::term::Sort::Bv(8));
        let k = s.bv_u(8, 1);
        let t = s.ite(c, x, k);
        let big = s.bv_u(8, 200);
        let r = s.bvult(t, big);
        assert_eq!(s.as_bool(r), None);
    }

    fn has_select(s: &TermStore, t: crate::term::T) -> bool {
        matches!(s.op(t), crate::term::Op::Select) || s.args(t).iter().any(|&a| has_select(s, a))
    }

    #[test]
    fn reads_and_writes_at_a_choice_of_indices_leave_no_array_read() {
        use crate::term::Sort;
        let mut s = TermStore::new();
        let (x0, x1, x2) =
            (s.fresh_symbol("x0", Sort::Bv(8)), s.fresh_symbol("x1", Sort::Bv(8)), s.fresh_symbol("x2", Sort::Bv(8)));
        let z = s.bv_u(8, 0);
        let mut a = s.const_array(Sort::Bv(16), z);
        for (i, x) in [x0, x1, x2].into_iter().enumerate() {
            let k = s.bv_u(16, i as u128);
            a = s.store(a, k, x);
        }
        // min = x1 < x0 ? 1 : 0, then a[min] = x2 and a read of a[min] and of a[0]
        let c = s.bvult(x1, x0);
        let (one, zero) = (s.bv_u(16, 1), s.bv_u(16, 0));
        let min = s.ite(c, one, zero);
        let read = s.select(a, min);
        assert!(!has_select(&s, read), "a read at a choice splits into reads at constants");
        let expect = s.ite(c, x1, x0);
        assert_eq!(read, expect);
        let b = s.store(a, min, x2);
        let r0 = s.select(b, zero);
        assert!(!has_select(&s, r0), "a constant read under a write at a choice is a case split");
        // a[0] is x2 exactly when min == 0, i.e. when !c
        let want = s.ite(c, x0, x2);
        assert_eq!(r0, want);
        // a[2] is untouched by a write at 0 or 1
        let two = s.bv_u(16, 2);
        let r2 = s.select(b, two);
        assert_eq!(r2, x2);
    }

    #[test]
    fn a_choice_whose_branches_share_subtrees_is_rewritten_in_linear_time() {
        // X_i = ite(c_i, X_i-1, ite(d_i, X_i-1, 3)): as a tree 2^40 leaves, as a DAG 80 nodes
        use crate::term::Sort;
        let mut s = TermStore::new();
        let c0 = s.fresh_symbol("c0", Sort::Bool);
        let (one, two, three) = (s.bv_u(8, 1), s.bv_u(8, 2), s.bv_u(8, 3));
        let mut x = s.ite(c0, one, two);
        for i in 0..40 {
            let c = s.fresh_symbol(format!("c{}", i + 1), Sort::Bool);
            let d = s.fresh_symbol(format!("d{}", i + 1), Sort::Bool);
            let inner = s.ite(d, x, three);
            x = s.ite(c, x, inner);
        }
        let wide = s.zext(24, x);
        let before = s.len();
        let ch = s.as_choice(wide).expect("three values");
        assert!(s.len() - before < 1_000, "linear in the DAG: {} new terms", s.len() - before);
        // the rewritten choice has the same values, as 32-bit constants
        let vs = s.value_set(ch).expect("values");
        assert_eq!(vs.len(), 3);
        assert!(vs.iter().all(|b| b.width() == 32));
    }
}
