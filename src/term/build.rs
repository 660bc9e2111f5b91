//! Simplifying constructors. Each rule here is an equivalence in the SMT-LIB semantics of the
//! operator; constant arguments are always folded (except where SMT-LIB leaves the result
//! unspecified), which is what makes concrete replay produce constants.

use std::cmp::Ordering;

use super::float::{self, canon, decode, encode, is_nan_bits, F};
use super::{Bits, MemKind, Op, Rm, Sort, TermStore, T};

/// What is known about whether two bit-vector terms are equal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Same {
    Yes,
    No,
    Unknown,
}

/// Entries a simplification memo may hold before it starts over (a bound on its memory: about
/// 100 MB per memo).
const MEMO_LIMIT: usize = 4_000_000;

impl TermStore {
    // ----------------------------------------------------------------- leaves

    pub fn bool_const(&mut self, b: bool) -> T {
        self.intern(Op::BoolConst(b), &[], Sort::Bool)
    }
    pub fn tru(&mut self) -> T {
        self.bool_const(true)
    }
    pub fn fals(&mut self) -> T {
        self.bool_const(false)
    }
    pub fn bv(&mut self, b: Bits) -> T {
        let w = b.width();
        self.intern(Op::BvConst(b), &[], Sort::Bv(w))
    }
    pub fn bv_u(&mut self, width: u32, v: u128) -> T {
        self.bv(Bits::from_u128(width, v))
    }
    pub fn bv_i(&mut self, width: u32, v: i128) -> T {
        self.bv(Bits::from_i128(width, v))
    }
    pub fn bv_zero(&mut self, width: u32) -> T {
        self.bv(Bits::zero(width))
    }
    pub fn fp(&mut self, e: u32, s: u32, bits: Bits) -> T {
        assert_eq!(bits.width(), e + s);
        self.intern(Op::FpConst(canon(e, s, bits)), &[], Sort::Fp(e, s))
    }
    /// The constant of a scalar sort with these bits; None for arrays or a width mismatch.
    pub fn constant(&mut self, sort: &Sort, bits: Bits) -> Option<T> {
        if sort.scalar_width() != Some(bits.width()) {
            return None;
        }
        Some(match sort {
            Sort::Bool => self.bool_const(!bits.is_zero()),
            Sort::Bv(_) => self.bv(bits),
            Sort::Fp(e, s) => self.fp(*e, *s, bits),
            Sort::Array(..) => return None,
        })
    }
    pub fn fp_f64(&mut self, x: f64) -> T {
        self.fp(11, 53, Bits::from_u128(64, x.to_bits() as u128))
    }
    pub fn fp_f32(&mut self, x: f32) -> T {
        self.fp(8, 24, Bits::from_u128(32, x.to_bits() as u128))
    }
    pub fn const_array(&mut self, index: Sort, elem: T) -> T {
        let es = self.sort(elem).clone();
        self.intern(Op::ConstArray, &[elem], Sort::Array(Box::new(index), Box::new(es)))
    }

    fn fp_parts(&self, t: T) -> (u32, u32) {
        match self.sort(t) {
            Sort::Fp(e, s) => (*e, *s),
            s => panic!("not a float sort: {s:?}"),
        }
    }

    fn fconst(&self, t: T) -> Option<F> {
        let (e, s) = self.fp_parts(t);
        decode(e, s, self.as_fp(t)?)
    }

    fn bv2(&self, a: T, b: T) -> Option<(Bits, Bits)> {
        Some((self.as_bv(a)?.clone(), self.as_bv(b)?.clone()))
    }

    // ---------------------------------------------------------------- boolean

    pub fn not(&mut self, a: T) -> T {
        if let Some(b) = self.as_bool(a) {
            return self.bool_const(!b);
        }
        if let Op::Not = self.op(a) {
            return self.arg(a, 0);
        }
        self.intern(Op::Not, &[a], Sort::Bool)
    }

    pub fn and(&mut self, a: T, b: T) -> T {
        self.and_n(&[a, b])
    }
    pub fn or(&mut self, a: T, b: T) -> T {
        self.or_n(&[a, b])
    }
    pub fn implies(&mut self, a: T, b: T) -> T {
        let na = self.not(a);
        self.or(na, b)
    }

    pub fn and_n(&mut self, xs: &[T]) -> T {
        self.junction(xs, true)
    }
    pub fn or_n(&mut self, xs: &[T]) -> T {
        self.junction(xs, false)
    }

    /// n-ary and (`is_and`) / or: flattened, deduplicated, sorted; absorbing constants and
    /// complementary pairs decide it.
    fn junction(&mut self, xs: &[T], is_and: bool) -> T {
        let (unit, zero) = (is_and, !is_and);
        let mut out: Vec<T> = Vec::with_capacity(xs.len());
        let mut stack: Vec<T> = xs.iter().rev().copied().collect();
        while let Some(x) = stack.pop() {
            match self.op(x) {
                Op::BoolConst(c) if *c == unit => continue,
                Op::BoolConst(_) => return self.bool_const(zero),
                Op::And if is_and => stack.extend(self.args(x).iter().rev()),
                Op::Or if !is_and => stack.extend(self.args(x).iter().rev()),
                _ => out.push(x),
            }
        }
        out.sort();
        out.dedup();
        // complementary literals
        for &x in &out {
            if let Op::Not = self.op(x) {
                let inner = self.arg(x, 0);
                if out.binary_search(&inner).is_ok() {
                    return self.bool_const(zero);
                }
            }
        }
        match out.len() {
            0 => self.bool_const(unit),
            1 => out[0],
            _ => self.intern(if is_and { Op::And } else { Op::Or }, &out, Sort::Bool),
        }
    }

    pub fn ite(&mut self, c: T, a: T, b: T) -> T {
        if let Some(cv) = self.as_bool(c) {
            return if cv { a } else { b };
        }
        if a == b {
            return a;
        }
        if let Op::Not = self.op(c) {
            let inner = self.arg(c, 0);
            return self.ite(inner, b, a);
        }
        if self.sort(a).is_bool() {
            match (self.as_bool(a), self.as_bool(b)) {
                (Some(true), Some(false)) => return c,
                (Some(false), Some(true)) => return self.not(c),
                (Some(true), None) => return self.or(c, b),
                (Some(false), None) => {
                    let nc = self.not(c);
                    return self.and(nc, b);
                }
                (None, Some(true)) => {
                    let nc = self.not(c);
                    return self.or(nc, a);
                }
                (None, Some(false)) => return self.and(c, a),
                _ => {}
            }
        }
        // ite(c, ite(c, x, y), z) = ite(c, x, z); ite(c, x, ite(c, y, z)) = ite(c, x, z)
        if let Op::Ite = self.op(a) {
            if self.arg(a, 0) == c {
                let x = self.arg(a, 1);
                return self.ite(c, x, b);
            }
        }
        if let Op::Ite = self.op(b) {
            if self.arg(b, 0) == c {
                let z = self.arg(b, 2);
                return self.ite(c, a, z);
            }
        }
        let s = self.sort(a).clone();
        self.intern(Op::Ite, &[c, a, b], s)
    }

    pub fn eq(&mut self, a: T, b: T) -> T {
        if a == b {
            return self.tru();
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        match self.sort(a).clone() {
            Sort::Bool => {
                if let Some(x) = self.as_bool(a) {
                    return if x { b } else { self.not(b) };
                }
                if let Some(x) = self.as_bool(b) {
                    return if x { a } else { self.not(a) };
                }
            }
            Sort::Bv(_) => match self.bv_same(a, b) {
                Same::Yes => return self.tru(),
                Same::No => return self.fals(),
                Same::Unknown => {
                    if let Some(t) = self.eq_bv_rewrite(a, b) {
                        return t;
                    }
                }
            },
            Sort::Fp(..) => {
                if let (Some(x), Some(y)) = (self.as_fp(a), self.as_fp(b)) {
                    let r = x == y;
                    return self.bool_const(r);
                }
            }
            Sort::Array(..) => {}
        }
        // eq(ite(c, k1, k2), k3) with constants — or with one branch constant, which makes the
        // comparison with that branch a constant too (a C condition `r >= 0 && !neg(r)`
        // compared with 0 becomes the conditions themselves, which interval reasoning reads)
        for (x, y) in [(a, b), (b, a)] {
            if let Op::Ite = self.op(x) {
                let (c, t, e) = (self.arg(x, 0), self.arg(x, 1), self.arg(x, 2));
                if self.is_const(y) && (self.is_const(t) || self.is_const(e)) {
                    let et = self.eq(t, y);
                    let ee = self.eq(e, y);
                    return self.ite(c, et, ee);
                }
            }
        }
        self.intern(Op::Eq, &[a, b], Sort::Bool)
    }

    fn eq_bv_rewrite(&mut self, a: T, b: T) -> Option<T> {
        // Pointer-like concatenations compare part-wise.
        for (x, y) in [(a, b), (b, a)] {
            if let Op::Concat = self.op(x) {
                let (xh, xl) = (self.arg(x, 0), self.arg(x, 1));
                let lw = self.width(xl);
                let w = self.width(x);
                let parts = match self.op(y) {
                    Op::Concat if self.width(self.arg(y, 1)) == lw => Some((self.arg(y, 0), self.arg(y, 1))),
                    Op::BvConst(c) => {
                        let c = c.clone();
                        let yh = self.bv(c.extract(w - 1, lw));
                        let yl = self.bv(c.extract(lw - 1, 0));
                        Some((yh, yl))
                    }
                    _ => None,
                };
                if let Some((yh, yl)) = parts {
                    let e1 = self.eq(xh, yh);
                    let e2 = self.eq(xl, yl);
                    return Some(self.and(e1, e2));
                }
            }
        }
        // x + c1 = c2  →  x = c2 - c1
        for (x, y) in [(a, b), (b, a)] {
            if let (Op::BvAdd, Some(c2)) = (self.op(x), self.as_bv(y)) {
                let c2 = c2.clone();
                if let Some(c1) = self.as_bv(self.arg(x, 1)).cloned() {
                    let base = self.arg(x, 0);
                    let k = self.bv(c2.sub(&c1));
                    return Some(self.eq(base, k));
                }
            }
        }
        // zext/sext against constants
        for (x, y) in [(a, b), (b, a)] {
            let Some(c) = self.as_bv(y).cloned() else {
                continue;
            };
            match *self.op(x) {
                Op::ZeroExt(n) => {
                    let inner = self.arg(x, 0);
                    let iw = self.width(inner);
                    let low = c.extract(iw - 1, 0);
                    if low.zext(n) == c {
                        let k = self.bv(low);
                        return Some(self.eq(inner, k));
                    }
                    return Some(self.fals());
                }
                Op::SignExt(n) => {
                    let inner = self.arg(x, 0);
                    let iw = self.width(inner);
                    let low = c.extract(iw - 1, 0);
                    if low.sext(n) == c {
                        let k = self.bv(low);
                        return Some(self.eq(inner, k));
                    }
                    return Some(self.fals());
                }
                _ => {}
            }
        }
        None
    }

    // ------------------------------------------------------------ bit-vectors

    /// Splits `t` into a symbolic base and a constant addend (`None` base for constants; a
    /// `None` addend is zero). Borrows the constant: this runs for every read over every
    /// store, and copying bits allocates.
    fn split_add(&self, t: T) -> (Option<T>, Option<&Bits>) {
        match self.op(t) {
            Op::BvConst(c) => (None, Some(c)),
            Op::BvAdd => match self.as_bv(self.arg(t, 1)) {
                Some(c) => (Some(self.arg(t, 0)), Some(c)),
                None => (Some(t), None),
            },
            _ => (Some(t), None),
        }
    }

    /// Decides equality of two bit-vector terms where the structure allows it: identical terms,
    /// constants, a common base plus distinct constants, and part-wise for concatenations
    /// (packed pointers: distinct object numbers never alias).
    pub fn bv_same(&mut self, a: T, b: T) -> Same {
        self.bv_same_depth(a, b, 0)
    }

    fn bv_same_depth(&mut self, a: T, b: T, depth: u32) -> Same {
        if a == b {
            return Same::Yes;
        }
        // (two constants: decided without the memo — concrete runs compare constant indices
        // along long store chains, where hashing the pair cost more than the comparison)
        if let (Some(x), Some(y)) = (self.as_bv(a), self.as_bv(b)) {
            return if x == y { Same::Yes } else { Same::No };
        }
        let key = if a < b { (a, b, depth) } else { (b, a, depth) };
        if let Some(&s) = self.same_memo.get(&key) {
            return s;
        }
        let r = self.bv_same_uncached(a, b, depth);
        if self.same_memo.len() >= MEMO_LIMIT {
            self.same_memo.clear();
        }
        self.same_memo.insert(key, r);
        r
    }

    fn bv_same_uncached(&mut self, a: T, b: T, depth: u32) -> Same {
        self.tick();
        // two choices between constants: equal or different for every pair of values
        match self.decided_by_values(a, b, |x, y| x == y) {
            Some(true) => return Same::Yes,
            Some(false) => return Same::No,
            None => {}
        }
        // a choice between values: decided when every choice agrees
        if depth < 6 {
            for (x, y) in [(a, b), (b, a)] {
                if let Op::Ite = self.op(x) {
                    let (t, e) = (self.arg(x, 1), self.arg(x, 2));
                    return match (self.bv_same_depth(t, y, depth + 1), self.bv_same_depth(e, y, depth + 1)) {
                        (Same::No, Same::No) => Same::No,
                        (Same::Yes, Same::Yes) => Same::Yes,
                        _ => Same::Unknown,
                    };
                }
            }
        }
        // a constant beyond what the other side can be (x / 10 on 8 bits is never 26)
        for (x, y) in [(a, b), (b, a)] {
            if let Some(k) = self.as_bv(y).and_then(|c| c.to_u128()) {
                match self.unsigned_max(x) {
                    Some(m) if m < k => return Same::No,
                    Some(0) if k == 0 => return Same::Yes,
                    _ => {}
                }
            }
        }
        let (ba, ca) = self.split_add(a);
        let (bb, cb) = self.split_add(b);
        if ba == bb {
            let same = match (ca, cb) {
                (None, None) => true,
                (Some(x), None) | (None, Some(x)) => x.is_zero(),
                (Some(x), Some(y)) => x == y,
            };
            return if same { Same::Yes } else { Same::No };
        }
        if let (Op::Concat, Op::Concat) = (self.op(a), self.op(b)) {
            let (ah, al) = (self.arg(a, 0), self.arg(a, 1));
            let (bh, bl) = (self.arg(b, 0), self.arg(b, 1));
            if self.width(al) == self.width(bl) {
                return match self.bv_same_depth(ah, bh, depth) {
                    Same::No => Same::No,
                    Same::Yes => self.bv_same_depth(al, bl, depth),
                    Same::Unknown => match self.bv_same_depth(al, bl, depth) {
                        Same::No => Same::No,
                        _ => Same::Unknown,
                    },
                };
            }
        }
        for (x, y) in [(a, b), (b, a)] {
            if let (Op::Concat, Some(c)) = (self.op(x), self.as_bv(y)) {
                let (xh, xl) = (self.arg(x, 0), self.arg(x, 1));
                let lw = self.width(xl);
                let w = self.width(x);
                let (ch, cl) = (c.extract(w - 1, lw), c.extract(lw - 1, 0));
                let hs = match self.as_bv(xh) {
                    Some(h) => {
                        if *h == ch {
                            Same::Yes
                        } else {
                            Same::No
                        }
                    }
                    None => Same::Unknown,
                };
                let ls = match self.as_bv(xl) {
                    Some(l) => {
                        if *l == cl {
                            Same::Yes
                        } else {
                            Same::No
                        }
                    }
                    None => Same::Unknown,
                };
                return match (hs, ls) {
                    (Same::No, _) | (_, Same::No) => Same::No,
                    (Same::Yes, Same::Yes) => Same::Yes,
                    _ => Same::Unknown,
                };
            }
        }
        Same::Unknown
    }

    fn mk_bv(&mut self, op: Op, args: &[T]) -> T {
        let w = self.width(args[0]);
        self.intern(op, args, Sort::Bv(w))
    }

    pub fn bvneg(&mut self, a: T) -> T {
        if let Some(x) = self.as_bv(a) {
            let r = x.neg();
            return self.bv(r);
        }
        if let Op::BvNeg = self.op(a) {
            return self.arg(a, 0);
        }
        // -(x + c) = (-x) + (-c)
        if let Op::BvAdd = self.op(a) {
            if let Some(c) = self.as_bv(self.arg(a, 1)).cloned() {
                let x = self.arg(a, 0);
                let nx = self.bvneg(x);
                let nc = self.bv(c.neg());
                return self.bvadd(nx, nc);
            }
        }
        self.mk_bv(Op::BvNeg, &[a])
    }

    pub fn bvnot(&mut self, a: T) -> T {
        if let Some(x) = self.as_bv(a) {
            let r = x.not();
            return self.bv(r);
        }
        if let Op::BvNot = self.op(a) {
            return self.arg(a, 0);
        }
        self.mk_bv(Op::BvNot, &[a])
    }

    pub fn bvadd(&mut self, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            return self.bv(x.add(&y));
        }
        // constant to the right
        let (a, b) = if self.as_bv(a).is_some() { (b, a) } else { (a, b) };
        if let Some(c) = self.as_bv(b).cloned() {
            if c.is_zero() {
                return a;
            }
            if let Op::BvAdd = self.op(a) {
                if let Some(c1) = self.as_bv(self.arg(a, 1)).cloned() {
                    let base = self.arg(a, 0);
                    let k = self.bv(c1.add(&c));
                    return self.bvadd(base, k);
                }
            }
            return self.mk_bv(Op::BvAdd, &[a, b]);
        }
        // (x + c) + y  →  (x + y) + c, keeping constants outermost
        for (p, q) in [(a, b), (b, a)] {
            if let Op::BvAdd = self.op(p) {
                if let Some(c) = self.as_bv(self.arg(p, 1)).cloned() {
                    let base = self.arg(p, 0);
                    let s = self.bvadd(base, q);
                    let k = self.bv(c);
                    return self.bvadd(s, k);
                }
            }
        }
        // x + (-x) = 0
        for (p, q) in [(a, b), (b, a)] {
            if let Op::BvNeg = self.op(q) {
                if self.arg(q, 0) == p {
                    let w = self.width(p);
                    return self.bv_zero(w);
                }
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.mk_bv(Op::BvAdd, &[a, b])
    }

    pub fn bvsub(&mut self, a: T, b: T) -> T {
        if a == b {
            let w = self.width(a);
            return self.bv_zero(w);
        }
        let nb = self.bvneg(b);
        self.bvadd(a, nb)
    }

    pub fn bvmul(&mut self, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            if let Some(r) = x.mul(&y) {
                return self.bv(r);
            }
        }
        // operands with known-zero high bits (zero-extended narrow values, small constants):
        // the product fits in sa + sb bits, so multiply at that width and zero-extend (a much
        // smaller multiplier circuit when bit-blasted, e.g. for uchar * uchar promoted to int)
        let w = self.width(a);
        if let (Some(sa), Some(sb)) = (self.significant_bits(a), self.significant_bits(b)) {
            let k = (sa + sb).max(1);
            if k < w && (matches!(self.op(a), Op::ZeroExt(_)) || matches!(self.op(b), Op::ZeroExt(_))) {
                let na = self.extract(k - 1, 0, a);
                let nb = self.extract(k - 1, 0, b);
                let p = self.bvmul(na, nb);
                return self.zext(w - k, p);
            }
        }
        let (a, b) = if self.as_bv(a).is_some() { (b, a) } else { (a, b) };
        if let Some(c) = self.as_bv(b).cloned() {
            if c.is_zero() {
                return b;
            }
            if c.is_one() {
                return a;
            }
            if c.is_ones() {
                return self.bvneg(a);
            }
            if let Op::BvMul = self.op(a) {
                if let Some(c1) = self.as_bv(self.arg(a, 1)).cloned() {
                    if let Some(k) = c1.mul(&c) {
                        let base = self.arg(a, 0);
                        let k = self.bv(k);
                        return self.bvmul(base, k);
                    }
                }
            }
            return self.mk_bv(Op::BvMul, &[a, b]);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.mk_bv(Op::BvMul, &[a, b])
    }

    fn divrem(&mut self, op: Op, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            let r = match op {
                Op::BvUdiv => x.udiv(&y),
                Op::BvSdiv => x.sdiv(&y),
                Op::BvUrem => x.urem(&y),
                Op::BvSrem => x.srem(&y),
                _ => None,
            };
            if let Some(r) = r {
                return self.bv(r);
            }
        }
        if let Some(c) = self.as_bv(b) {
            if c.is_one() {
                return match op {
                    Op::BvUdiv | Op::BvSdiv => a,
                    _ => {
                        let w = self.width(a);
                        self.bv_zero(w)
                    }
                };
            }
        }
        self.mk_bv(op, &[a, b])
    }
    pub fn bvudiv(&mut self, a: T, b: T) -> T {
        self.divrem(Op::BvUdiv, a, b)
    }
    pub fn bvsdiv(&mut self, a: T, b: T) -> T {
        self.divrem(Op::BvSdiv, a, b)
    }
    pub fn bvurem(&mut self, a: T, b: T) -> T {
        self.divrem(Op::BvUrem, a, b)
    }
    pub fn bvsrem(&mut self, a: T, b: T) -> T {
        self.divrem(Op::BvSrem, a, b)
    }

    pub fn bvand(&mut self, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            return self.bv(x.and(&y));
        }
        if a == b {
            return a;
        }
        let (a, b) = if self.as_bv(a).is_some() { (b, a) } else { (a, b) };
        if let Some(c) = self.as_bv(b) {
            if c.is_zero() {
                return b;
            }
            if c.is_ones() {
                return a;
            }
            return self.mk_bv(Op::BvAnd, &[a, b]);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.mk_bv(Op::BvAnd, &[a, b])
    }

    pub fn bvor(&mut self, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            return self.bv(x.or(&y));
        }
        if a == b {
            return a;
        }
        let (a, b) = if self.as_bv(a).is_some() { (b, a) } else { (a, b) };
        if let Some(c) = self.as_bv(b) {
            if c.is_zero() {
                return a;
            }
            if c.is_ones() {
                return b;
            }
            return self.mk_bv(Op::BvOr, &[a, b]);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.mk_bv(Op::BvOr, &[a, b])
    }

    pub fn bvxor(&mut self, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            return self.bv(x.xor(&y));
        }
        if a == b {
            let w = self.width(a);
            return self.bv_zero(w);
        }
        let (a, b) = if self.as_bv(a).is_some() { (b, a) } else { (a, b) };
        if let Some(c) = self.as_bv(b) {
            if c.is_zero() {
                return a;
            }
            if c.is_ones() {
                return self.bvnot(a);
            }
            return self.mk_bv(Op::BvXor, &[a, b]);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.mk_bv(Op::BvXor, &[a, b])
    }

    fn shift(&mut self, op: Op, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            let r = match op {
                Op::BvShl => x.shl(&y),
                Op::BvLshr => x.lshr(&y),
                _ => x.ashr(&y),
            };
            return self.bv(r);
        }
        if let Some(c) = self.as_bv(b) {
            if c.is_zero() {
                return a;
            }
            let w = self.width(a);
            let n = c.to_u128().unwrap_or(u128::MAX);
            if n >= w as u128 && op != Op::BvAshr {
                return self.bv_zero(w);
            }
            if n < w as u128 {
                let n = n as u32;
                // Express constant shifts structurally so extracts can see through them.
                match op {
                    Op::BvShl => {
                        let lo = self.extract(w - 1 - n, 0, a);
                        let z = self.bv_zero(n);
                        return self.concat(lo, z);
                    }
                    Op::BvLshr => {
                        let hi = self.extract(w - 1, n, a);
                        return self.zext(n, hi);
                    }
                    _ => {
                        let hi = self.extract(w - 1, n, a);
                        return self.sext(n, hi);
                    }
                }
            }
        }
        if let Some(x) = self.as_bv(a) {
            if x.is_zero() {
                return a;
            }
        }
        self.mk_bv(op, &[a, b])
    }
    pub fn bvshl(&mut self, a: T, b: T) -> T {
        self.shift(Op::BvShl, a, b)
    }
    pub fn bvlshr(&mut self, a: T, b: T) -> T {
        self.shift(Op::BvLshr, a, b)
    }
    pub fn bvashr(&mut self, a: T, b: T) -> T {
        self.shift(Op::BvAshr, a, b)
    }

    fn cmp(&mut self, op: Op, a: T, b: T) -> T {
        if let Some((x, y)) = self.bv2(a, b) {
            let r = match op {
                Op::BvUlt => x.ucmp(&y) == Ordering::Less,
                Op::BvUle => x.ucmp(&y) != Ordering::Greater,
                Op::BvSlt => x.scmp(&y) == Ordering::Less,
                _ => x.scmp(&y) != Ordering::Greater,
            };
            return self.bool_const(r);
        }
        if a == b {
            let r = matches!(op, Op::BvUle | Op::BvSle);
            return self.bool_const(r);
        }
        // a choice between constants compared with a bound: decided when every choice agrees
        let decided = self.decided_by_values(a, b, |x, y| match op {
            Op::BvUlt => x.ucmp(y) == Ordering::Less,
            Op::BvUle => x.ucmp(y) != Ordering::Greater,
            Op::BvSlt => x.scmp(y) == Ordering::Less,
            _ => x.scmp(y) != Ordering::Greater,
        });
        if let Some(r) = decided {
            return self.bool_const(r);
        }
        // an unsigned comparison with a constant the other side's upper bound decides
        if matches!(op, Op::BvUlt | Op::BvUle) {
            if let Some(k) = self.as_bv(b).and_then(|c| c.to_u128()) {
                if self.unsigned_max(a).is_some_and(|m| m < k || (op == Op::BvUle && m == k)) {
                    return self.tru();
                }
            }
            if let Some(k) = self.as_bv(a).and_then(|c| c.to_u128()) {
                if self.unsigned_max(b).is_some_and(|m| m < k || (op == Op::BvUlt && m == k)) {
                    return self.fals();
                }
            }
        }
        let w = self.width(a);
        match op {
            Op::BvUlt => {
                if self.as_bv(b).is_some_and(|c| c.is_zero()) {
                    return self.fals();
                }
                if self.as_bv(b).is_some_and(|c| c.is_one()) {
                    let z = self.bv_zero(w);
                    return self.eq(a, z);
                }
            }
            Op::BvUle if (self.as_bv(a).is_some_and(|c| c.is_zero()) || self.as_bv(b).is_some_and(|c| c.is_ones())) => {
                return self.tru();
            }
            _ => {}
        }
        // zero-extended operands compare as their narrower selves when both are extended.
        if matches!(op, Op::BvUlt | Op::BvUle) {
            if let (Op::ZeroExt(n1), Op::ZeroExt(n2)) = (self.op(a), self.op(b)) {
                if n1 == n2 {
                    let (x, y) = (self.arg(a, 0), self.arg(b, 0));
                    return self.cmp(op, x, y);
                }
            }
        }
        self.intern(op, &[a, b], Sort::Bool)
    }
    pub fn bvult(&mut self, a: T, b: T) -> T {
        self.cmp(Op::BvUlt, a, b)
    }
    pub fn bvule(&mut self, a: T, b: T) -> T {
        self.cmp(Op::BvUle, a, b)
    }
    pub fn bvslt(&mut self, a: T, b: T) -> T {
        self.cmp(Op::BvSlt, a, b)
    }
    pub fn bvsle(&mut self, a: T, b: T) -> T {
        self.cmp(Op::BvSle, a, b)
    }
    pub fn bvugt(&mut self, a: T, b: T) -> T {
        self.bvult(b, a)
    }
    pub fn bvuge(&mut self, a: T, b: T) -> T {
        self.bvule(b, a)
    }
    pub fn bvsgt(&mut self, a: T, b: T) -> T {
        self.bvslt(b, a)
    }
    pub fn bvsge(&mut self, a: T, b: T) -> T {
        self.bvsle(b, a)
    }

    /// `hi` becomes the most significant part.
    pub fn concat(&mut self, hi: T, lo: T) -> T {
        if let Some((x, y)) = self.bv2(hi, lo) {
            return self.bv(Bits::concat(&x, &y));
        }
        // the bytes of one value chosen under one condition are that choice of whole values:
        // concat(ite(c, a1, b1), ite(c, a2, b2)) = ite(c, concat(a1, a2), concat(b1, b2))
        // (a word read byte by byte from memory merged on a branch comes back as one choice)
        // (memoised: the branches of merged memory share their subterms, and lifting them
        // again at every read would revisit the shared part once per path through it)
        if let (Op::Ite, Op::Ite) = (self.op(hi), self.op(lo)) {
            if self.arg(hi, 0) == self.arg(lo, 0) {
                if let Some(&r) = self.concat_memo.get(&(hi, lo)) {
                    return r;
                }
                let c = self.arg(hi, 0);
                let (a1, b1, a2, b2) = (self.arg(hi, 1), self.arg(hi, 2), self.arg(lo, 1), self.arg(lo, 2));
                let a = self.concat(a1, a2);
                let b = self.concat(b1, b2);
                let r = self.ite(c, a, b);
                if self.concat_memo.len() >= MEMO_LIMIT {
                    self.concat_memo.clear();
                }
                self.concat_memo.insert((hi, lo), r);
                return r;
            }
        }
        // adjacent extracts of the same term merge
        if let (Op::Extract(h1, l1), Op::Extract(h2, l2)) = (self.op(hi).clone(), self.op(lo).clone()) {
            if self.arg(hi, 0) == self.arg(lo, 0) && l1 == h2 + 1 {
                let x = self.arg(hi, 0);
                return self.extract(h1, l2, x);
            }
        }
        // re-associate to the right: concat(concat(a, b), c) = concat(a, concat(b, c)) keeps
        // the low part adjacent to its neighbour for the rule above.
        if let Op::Concat = self.op(hi) {
            let (a, b) = (self.arg(hi, 0), self.arg(hi, 1));
            if let (Op::Extract(h1, l1), Op::Extract(h2, _)) = (self.op(b).clone(), self.op(lo).clone()) {
                if self.arg(b, 0) == self.arg(lo, 0) && l1 == h2 + 1 {
                    let _ = h1;
                    let bc = self.concat(b, lo);
                    return self.concat(a, bc);
                }
            }
        }
        let w = self.width(hi) + self.width(lo);
        self.intern(Op::Concat, &[hi, lo], Sort::Bv(w))
    }

    pub fn extract(&mut self, hi: u32, lo: u32, a: T) -> T {
        let w = self.width(a);
        assert!(hi >= lo && hi < w, "extract [{hi}:{lo}] of width {w}");
        if lo == 0 && hi == w - 1 {
            return a;
        }
        if let Some(x) = self.as_bv(a) {
            let r = x.extract(hi, lo);
            return self.bv(r);
        }
        match self.op(a).clone() {
            Op::Concat => {
                let (h, l) = (self.arg(a, 0), self.arg(a, 1));
                let lw = self.width(l);
                if hi < lw {
                    return self.extract(hi, lo, l);
                }
                if lo >= lw {
                    return self.extract(hi - lw, lo - lw, h);
                }
                let top = self.extract(hi - lw, 0, h);
                let bot = self.extract(lw - 1, lo, l);
                return self.concat(top, bot);
            }
            Op::Extract(_, l0) => {
                let x = self.arg(a, 0);
                return self.extract(hi + l0, lo + l0, x);
            }
            Op::ZeroExt(_) => {
                let x = self.arg(a, 0);
                let xw = self.width(x);
                if hi < xw {
                    return self.extract(hi, lo, x);
                }
                if lo >= xw {
                    return self.bv_zero(hi - lo + 1);
                }
                let part = self.extract(xw - 1, lo, x);
                return self.zext(hi - xw + 1, part);
            }
            Op::SignExt(_) => {
                let x = self.arg(a, 0);
                let xw = self.width(x);
                if hi < xw {
                    return self.extract(hi, lo, x);
                }
                if lo < xw {
                    let part = self.extract(xw - 1, lo, x);
                    return self.sext(hi - xw + 1, part);
                }
            }
            Op::Ite => {
                let (c, t, e) = (self.arg(a, 0), self.arg(a, 1), self.arg(a, 2));
                if self.is_const(t) || self.is_const(e) {
                    let et = self.extract(hi, lo, t);
                    let ee = self.extract(hi, lo, e);
                    return self.ite(c, et, ee);
                }
            }
            Op::BvAnd | Op::BvOr | Op::BvXor => {
                let (x, y) = (self.arg(a, 0), self.arg(a, 1));
                if self.as_bv(y).is_some() {
                    let ex = self.extract(hi, lo, x);
                    let ey = self.extract(hi, lo, y);
                    return match self.op(a) {
                        Op::BvAnd => self.bvand(ex, ey),
                        Op::BvOr => self.bvor(ex, ey),
                        _ => self.bvxor(ex, ey),
                    };
                }
            }
            Op::BvNot => {
                let x = self.arg(a, 0);
                let ex = self.extract(hi, lo, x);
                return self.bvnot(ex);
            }
            // The low bits of a sum or product depend only on the low bits of the operands.
            Op::BvAdd | Op::BvMul if lo == 0 => {
                let (x, y) = (self.arg(a, 0), self.arg(a, 1));
                let ex = self.extract(hi, 0, x);
                let ey = self.extract(hi, 0, y);
                return if let Op::BvAdd = self.op(a) { self.bvadd(ex, ey) } else { self.bvmul(ex, ey) };
            }
            Op::BvNeg if lo == 0 => {
                let x = self.arg(a, 0);
                let ex = self.extract(hi, 0, x);
                return self.bvneg(ex);
            }
            _ => {}
        }
        self.intern(Op::Extract(hi, lo), &[a], Sort::Bv(hi - lo + 1))
    }

    /// How many low bits can be non-zero: a zero-extended value's inner width, a constant's
    /// width without leading zeros; None when nothing is known.
    fn significant_bits(&self, t: T) -> Option<u32> {
        if let Some(c) = self.as_bv(t) {
            return Some(c.width() - c.leading_zeros());
        }
        match *self.op(t) {
            Op::ZeroExt(m) => Some(self.width(t) - m),
            _ => None,
        }
    }

    pub fn zext(&mut self, n: u32, a: T) -> T {
        if n == 0 {
            return a;
        }
        if let Some(x) = self.as_bv(a) {
            let r = x.zext(n);
            return self.bv(r);
        }
        if let Op::ZeroExt(m) = *self.op(a) {
            let x = self.arg(a, 0);
            return self.zext(n + m, x);
        }
        let w = self.width(a) + n;
        self.intern(Op::ZeroExt(n), &[a], Sort::Bv(w))
    }

    pub fn sext(&mut self, n: u32, a: T) -> T {
        if n == 0 {
            return a;
        }
        if let Some(x) = self.as_bv(a) {
            let r = x.sext(n);
            return self.bv(r);
        }
        match *self.op(a) {
            Op::SignExt(m) => {
                let x = self.arg(a, 0);
                return self.sext(n + m, x);
            }
            Op::ZeroExt(m) if m > 0 => {
                // the sign bit of a zero-extension is zero
                let x = self.arg(a, 0);
                return self.zext(n + m, x);
            }
            _ => {}
        }
        let w = self.width(a) + n;
        self.intern(Op::SignExt(n), &[a], Sort::Bv(w))
    }

    /// Resize a bit-vector to `width`, extending by sign or zero.
    pub fn resize(&mut self, a: T, width: u32, signed: bool) -> T {
        let w = self.width(a);
        match width.cmp(&w) {
            Ordering::Equal => a,
            Ordering::Less => self.extract(width - 1, 0, a),
            Ordering::Greater => {
                if signed {
                    self.sext(width - w, a)
                } else {
                    self.zext(width - w, a)
                }
            }
        }
    }

    /// Boolean to a bit-vector 0/1 of the given width.
    pub fn bool_to_bv(&mut self, c: T, width: u32) -> T {
        let one = self.bv_u(width, 1);
        let zero = self.bv_zero(width);
        self.ite(c, one, zero)
    }

    // ------------------------------------------------------------------ float

    fn fp_unary_sort(&self, a: T) -> Sort {
        self.sort(a).clone()
    }

    pub fn fp_arith(&mut self, op: Op, a: T, b: T) -> T {
        let rm = match op {
            Op::FpAdd(rm) | Op::FpSub(rm) | Op::FpMul(rm) | Op::FpDiv(rm) => rm,
            _ => panic!("fp_arith: {op:?}"),
        };
        if rm == Rm::Rne {
            if let (Some(x), Some(y)) = (self.fconst(a), self.fconst(b)) {
                let name = match op {
                    Op::FpAdd(_) => "add",
                    Op::FpSub(_) => "sub",
                    Op::FpMul(_) => "mul",
                    _ => "div",
                };
                if let Some(r) = float::binop(name, x, y) {
                    let (e, s) = self.fp_parts(a);
                    return self.fp(e, s, encode(r));
                }
            }
        }
        if let Some(r) = self.fp_identity(op.clone(), a, b) {
            return r;
        }
        let s = self.fp_unary_sort(a);
        self.intern(op, &[a, b], s)
    }

    /// IEEE identities that hold for every operand, NaN, infinities and signed zeros included:
    /// x * 1 = 1 * x = x / 1 = x and x * -1 = -1 * x = x / -1 = -x (exact, so in every rounding
    /// mode), x + -0 = -0 + x = x - +0 = x (except when rounding toward -inf, where
    /// +0 + -0 = -0). x + +0 is not x (-0 + +0 = +0).
    fn fp_identity(&mut self, op: Op, a: T, b: T) -> Option<T> {
        let value = |t: T, s: &Self| s.fconst(t).map(float::as_f64);
        let (ca, cb) = (value(a, self), value(b, self));
        let is = |c: Option<f64>, v: f64| c.is_some_and(|x| x == v && x.is_sign_negative() == v.is_sign_negative());
        match op {
            Op::FpMul(_) if is(cb, 1.0) => Some(a),
            Op::FpMul(_) if is(ca, 1.0) => Some(b),
            Op::FpDiv(_) if is(cb, 1.0) => Some(a),
            Op::FpMul(_) if is(cb, -1.0) => Some(self.fp_neg(a)),
            Op::FpMul(_) if is(ca, -1.0) => Some(self.fp_neg(b)),
            Op::FpDiv(_) if is(cb, -1.0) => Some(self.fp_neg(a)),
            Op::FpAdd(rm) if rm != Rm::Rtn && is(cb, -0.0) => Some(a),
            Op::FpAdd(rm) if rm != Rm::Rtn && is(ca, -0.0) => Some(b),
            Op::FpSub(rm) if rm != Rm::Rtn && is(cb, 0.0) => Some(a),
            _ => None,
        }
    }

    pub fn fp_rem(&mut self, a: T, b: T) -> T {
        let s = self.fp_unary_sort(a);
        self.intern(Op::FpRem, &[a, b], s)
    }

    pub fn fp_sqrt(&mut self, rm: Rm, a: T) -> T {
        if rm == Rm::Rne {
            match self.fconst(a) {
                Some(F::S(x)) => return self.fp_f32(x.sqrt()),
                Some(F::D(x)) => return self.fp_f64(x.sqrt()),
                None => {}
            }
        }
        let s = self.fp_unary_sort(a);
        self.intern(Op::FpSqrt(rm), &[a], s)
    }

    pub fn fp_fma(&mut self, rm: Rm, a: T, b: T, c: T) -> T {
        if rm == Rm::Rne {
            match (self.fconst(a), self.fconst(b), self.fconst(c)) {
                (Some(F::D(x)), Some(F::D(y)), Some(F::D(z))) => return self.fp_f64(x.mul_add(y, z)),
                (Some(F::S(x)), Some(F::S(y)), Some(F::S(z))) => return self.fp_f32(x.mul_add(y, z)),
                _ => {}
            }
        }
        let s = self.fp_unary_sort(a);
        self.intern(Op::FpFma(rm), &[a, b, c], s)
    }

    pub fn fp_round_int(&mut self, rm: Rm, a: T) -> T {
        if let Some(x) = self.fconst(a) {
            let (e, s) = self.fp_parts(a);
            let r = encode(float::round_int(rm, x));
            return self.fp(e, s, r);
        }
        let s = self.fp_unary_sort(a);
        self.intern(Op::FpRoundInt(rm), &[a], s)
    }

    pub fn fp_neg(&mut self, a: T) -> T {
        let (e, s) = self.fp_parts(a);
        if let Some(b) = self.as_fp(a).cloned() {
            if is_nan_bits(e, s, &b) {
                return a;
            }
            let sign = Bits::from_u128(e + s, 1).shl(&Bits::from_u128(e + s, (e + s - 1) as u128));
            return self.fp(e, s, b.xor(&sign));
        }
        if let Op::FpNeg = self.op(a) {
            return self.arg(a, 0);
        }
        self.intern(Op::FpNeg, &[a], Sort::Fp(e, s))
    }

    pub fn fp_abs(&mut self, a: T) -> T {
        let (e, s) = self.fp_parts(a);
        if let Some(b) = self.as_fp(a).cloned() {
            let r = b.extract(e + s - 2, 0).zext(1);
            return self.fp(e, s, r);
        }
        self.intern(Op::FpAbs, &[a], Sort::Fp(e, s))
    }

    pub fn fp_minmax(&mut self, is_min: bool, a: T, b: T) -> T {
        if let (Some(x), Some(y)) = (self.fconst(a), self.fconst(b)) {
            let (x, y) = (float::as_f64(x), float::as_f64(y));
            let mixed_zeros = x == 0.0 && y == 0.0 && x.is_sign_negative() != y.is_sign_negative();
            if !mixed_zeros {
                // SMT-LIB: if one is NaN, the other is returned.
                let pick_a = if x.is_nan() {
                    false
                } else if y.is_nan() {
                    true
                } else if is_min {
                    x <= y
                } else {
                    x >= y
                };
                return if pick_a { a } else { b };
            }
        }
        let s = self.fp_unary_sort(a);
        self.intern(if is_min { Op::FpMin } else { Op::FpMax }, &[a, b], s)
    }

    pub fn fp_cmp(&mut self, op: Op, a: T, b: T) -> T {
        if let (Some(x), Some(y)) = (self.fconst(a), self.fconst(b)) {
            let (x, y) = (float::as_f64(x), float::as_f64(y));
            let r = match op {
                Op::FpEq => x == y,
                Op::FpLt => x < y,
                Op::FpLe => x <= y,
                _ => panic!("fp_cmp: {op:?}"),
            };
            return self.bool_const(r);
        }
        if a == b {
            // x == x and x <= x hold unless x is NaN; x < x never does
            if op == Op::FpLt {
                return self.fals();
            }
            let nan = self.fp_class(Op::FpIsNan, a);
            return self.not(nan);
        }
        self.intern(op, &[a, b], Sort::Bool)
    }

    pub fn fp_class(&mut self, op: Op, a: T) -> T {
        let (e, s) = self.fp_parts(a);
        if let Some(b) = self.as_fp(a).cloned() {
            let exp = b.extract(e + s - 2, s - 1);
            let frac = b.extract(s - 2, 0);
            let r = match op {
                Op::FpIsNan => exp.is_ones() && !frac.is_zero(),
                Op::FpIsInf => exp.is_ones() && frac.is_zero(),
                Op::FpIsZero => exp.is_zero() && frac.is_zero(),
                Op::FpIsNormal => !exp.is_zero() && !exp.is_ones(),
                Op::FpIsSubnormal => exp.is_zero() && !frac.is_zero(),
                Op::FpIsNeg => b.msb() && (!exp.is_ones() || frac.is_zero()),
                _ => panic!("fp_class: {op:?}"),
            };
            return self.bool_const(r);
        }
        self.intern(op, &[a], Sort::Bool)
    }

    pub fn fp_to_bv(&mut self, rm: Rm, a: T, width: u32, signed: bool) -> T {
        if let Some(x) = self.fconst(a) {
            if let Some(r) = float::to_int(rm, x, width, signed) {
                return self.bv(r);
            }
        }
        let op = if signed { Op::FpToSbv(rm, width) } else { Op::FpToUbv(rm, width) };
        self.intern(op, &[a], Sort::Bv(width))
    }

    pub fn bv_to_fp(&mut self, rm: Rm, a: T, signed: bool, e: u32, s: u32) -> T {
        if rm == Rm::Rne {
            if let Some(x) = self.as_bv(a).cloned() {
                if let Some(r) = float::from_int(&x, signed, e, s) {
                    return self.fp(e, s, encode(r));
                }
            }
        }
        let op = if signed { Op::SbvToFp(rm) } else { Op::UbvToFp(rm) };
        self.intern(op, &[a], Sort::Fp(e, s))
    }

    pub fn fp_to_fp(&mut self, rm: Rm, a: T, e: u32, s: u32) -> T {
        if self.sort(a) == &Sort::Fp(e, s) {
            return a;
        }
        if rm == Rm::Rne {
            if let Some(x) = self.fconst(a) {
                if let Some(r) = float::convert(x, e, s) {
                    return self.fp(e, s, encode(r));
                }
            }
        }
        self.intern(Op::FpToFp(rm), &[a], Sort::Fp(e, s))
    }

    /// Reinterprets IEEE interchange bits as a float.
    pub fn bits_to_fp(&mut self, a: T, e: u32, s: u32) -> T {
        if let Some(x) = self.as_bv(a).cloned() {
            return self.fp(e, s, x);
        }
        self.intern(Op::BitsToFp, &[a], Sort::Fp(e, s))
    }

    /// IEEE interchange bits of a float; NaN gives the canonical quiet NaN.
    pub fn fp_to_bits(&mut self, a: T) -> T {
        let (e, s) = self.fp_parts(a);
        if let Some(b) = self.as_fp(a).cloned() {
            return self.bv(b);
        }
        self.intern(Op::FpToBits, &[a], Sort::Bv(e + s))
    }

    // ----------------------------------------------------------------- arrays

    pub fn select(&mut self, arr: T, idx: T) -> T {
        if let Some(&r) = self.select_memo.get(&(arr, idx)) {
            return r;
        }
        let r = self.select_uncached(arr, idx);
        if self.select_memo.len() >= MEMO_LIMIT {
            self.select_memo.clear();
        }
        self.select_memo.insert((arr, idx), r);
        r
    }

    /// The object an address term names when its high bits are constant (memory addresses are
    /// object ‖ offset): a key that differs between two indices only when they differ.
    fn addr_key(&self, idx: T) -> Option<u64> {
        if let Some((obj_bits, off_bits)) = self.address_split {
            if self.width(idx) == obj_bits + off_bits {
                // a memory address: the object is its top `obj_bits` bits, whether the address
                // is a constant (a global's field; every address of a concrete run) or
                // `concat(object, offset)` — or a concatenation whose constant high part
                // covers the object bits; otherwise no key (the read walks every store)
                let object = match self.op(idx) {
                    Op::Concat => {
                        let hi = self.arg(idx, 0);
                        let w = self.width(hi);
                        if w < obj_bits {
                            return None;
                        }
                        self.as_bv(hi)?.to_u128()? >> (w - obj_bits)
                    }
                    _ => self.as_bv(idx)?.to_u128()? >> off_bits,
                };
                return Some((object as u64).wrapping_mul(64).wrapping_add(obj_bits as u64));
            }
        }
        if let Op::Concat = self.op(idx) {
            let hi = self.arg(idx, 0);
            let b = self.as_bv(hi)?;
            let v = b.to_u64()?;
            // (keys of different widths never meet: the width is folded in)
            return Some(v.wrapping_mul(64).wrapping_add(self.width(hi) as u64));
        }
        None
    }

    /// The first node at or below `a` that is not an update of another object than `key`'s
    /// (a store or a memory range whose address names a different constant object). Memoised
    /// per (start node, key): a later read from a newer memory crosses the new stores and
    /// then jumps. The memo is bounded ([`MEMO_LIMIT`]).
    fn skip_to(&mut self, a: T, key: u64) -> T {
        let mut n = a;
        let stop = loop {
            if let Some(&r) = self.skip_memo.get(&(n, key)) {
                break r;
            }
            let other = match self.op(n) {
                Op::Store => self.addr_key(self.arg(n, 1)).is_some_and(|k| k != key),
                Op::MemRange(kind, _) if *kind != MemKind::FreshObjects => {
                    self.addr_key(self.arg(n, 1)).is_some_and(|k| k != key)
                }
                _ => false,
            };
            if !other {
                break n;
            }
            n = self.arg(n, 0);
        };
        if self.skip_memo.len() >= MEMO_LIMIT {
            self.skip_memo.clear();
        }
        self.skip_memo.insert((a, key), stop);
        stop
    }

    fn select_uncached(&mut self, arr: T, idx: T) -> T {
        self.tick();
        // a read at a choice between a few indices is a choice between reads at constant
        // indices, which the store chain answers (see `term::values`)
        if !self.is_const(idx) {
            if let Some(ch) = self.as_choice(idx) {
                if let Op::Ite = self.op(ch) {
                    let (c, x, y) = (self.arg(ch, 0), self.arg(ch, 1), self.arg(ch, 2));
                    let sx = self.select(arr, x);
                    let sy = self.select(arr, y);
                    return self.ite(c, sx, sy);
                }
            }
        }
        let key = self.addr_key(idx);
        let mut a = arr;
        loop {
            if let Some(k) = key {
                a = self.skip_to(a, k);
            }
            match self.op(a).clone() {
                Op::ConstArray => return self.arg(a, 0),
                Op::Store => {
                    let (base, j, v) = (self.arg(a, 0), self.arg(a, 1), self.arg(a, 2));
                    match self.index_same(j, idx) {
                        Same::Yes => return v,
                        Same::No => a = base,
                        Same::Unknown => {
                            // a constant read under a write at one of a few indices: a case
                            // split on the write's index (no array left for the solver)
                            if self.is_const(idx) {
                                if let Some(cj) = self.as_choice(j) {
                                    let e = self.eq(cj, idx);
                                    let rest = self.select(base, idx);
                                    return self.ite(e, v, rest);
                                }
                            }
                            // read-over-write as a case split, while the chain below may hold
                            // memory-range updates (lambdas are costly for the solver)
                            if self.has_range(base) {
                                let e = self.eq(j, idx);
                                let rest = self.select(base, idx);
                                return self.ite(e, v, rest);
                            }
                            break;
                        }
                    }
                }
                Op::Ite => {
                    let (c, x, y) = (self.arg(a, 0), self.arg(a, 1), self.arg(a, 2));
                    let sx = self.select(x, idx);
                    let sy = self.select(y, idx);
                    return self.ite(c, sx, sy);
                }
                Op::MemRange(kind, off_bits) => match self.mem_range_covers(a, idx, off_bits) {
                    Some(true) => return self.mem_range_value(a, kind, idx, off_bits),
                    Some(false) => a = self.arg(a, 0),
                    None if kind == MemKind::FreshObjects && self.is_input_object(a, idx, off_bits) => {
                        // a read through a pointer loaded from the caller's memory reads the
                        // caller's memory; where the pointer is NULL instead (a violation of
                        // its own), the caller's memory there (free, read by nothing else) is
                        // what the memory below holds, so the value stays exact
                        let cond = self.mem_range_cond(a, idx, off_bits);
                        let inside = self.mem_range_value(a, kind, idx, off_bits);
                        let base = self.arg(a, 0);
                        let outside = self.select(base, idx);
                        let same = self.eq(inside, outside);
                        let fact = self.or(cond, same);
                        if !self.is_true(fact) {
                            self.input_read_axioms.push(fact);
                        }
                        return inside;
                    }
                    None => {
                        // undecided: the read becomes a case split instead of a lambda
                        let cond = self.mem_range_cond(a, idx, off_bits);
                        let inside = self.mem_range_value(a, kind, idx, off_bits);
                        let base = self.arg(a, 0);
                        let outside = self.select(base, idx);
                        return self.ite(cond, inside, outside);
                    }
                },
                _ => break,
            }
        }
        if let Some(v) = self.oracle_value(a, idx) {
            return v;
        }
        self.select_raw(a, idx)
    }

    /// During concrete replay: the content of an array symbol (possibly nested) at constant
    /// indices, from the oracle.
    fn oracle_value(&mut self, arr: T, idx: T) -> Option<T> {
        let mut path = vec![self.as_bv(idx)?.clone()];
        let mut inner = arr;
        while let Op::Select = self.op(inner) {
            path.push(self.as_bv(self.arg(inner, 1))?.clone());
            inner = self.arg(inner, 0);
        }
        let Op::Sym(id) = *self.op(inner) else {
            return None;
        };
        path.reverse();
        let v = self.oracle_select(id, &path)?;
        match self.sort(arr).array_parts().1.clone() {
            Sort::Bv(w) if v.width() == w => Some(self.bv(v)),
            Sort::Fp(e, s) if v.width() == e + s => Some(self.fp(e, s, v)),
            Sort::Bool => {
                let b = !v.is_zero();
                Some(self.bool_const(b))
            }
            _ => None,
        }
    }

    fn select_raw(&mut self, arr: T, idx: T) -> T {
        let es = self.sort(arr).array_parts().1.clone();
        self.intern(Op::Select, &[arr, idx], es)
    }

    fn index_same(&mut self, a: T, b: T) -> Same {
        match self.sort(a) {
            Sort::Bv(_) => self.bv_same(a, b),
            _ => {
                if a == b {
                    Same::Yes
                } else if self.is_const(a) && self.is_const(b) {
                    Same::No
                } else {
                    Same::Unknown
                }
            }
        }
    }

    pub fn store(&mut self, arr: T, idx: T, val: T) -> T {
        // store(store(A, i, v1), i, v2) = store(A, i, v2)
        if let Op::Store = self.op(arr) {
            if self.arg(arr, 1) == idx {
                let base = self.arg(arr, 0);
                return self.store(base, idx, val);
            }
        }
        // store(A, i, select(A, i)) = A
        if let Op::Select = self.op(val) {
            if self.arg(val, 0) == arr && self.arg(val, 1) == idx {
                return arr;
            }
        }
        let s = self.sort(arr).clone();
        self.intern(Op::Store, &[arr, idx, val], s)
    }

    /// A memory range update. `args` after the base are: dst pointer, length (offset width),
    /// and the kind's operands (fresh array | fill byte | source memory, source pointer).
    pub fn mem_range(&mut self, kind: MemKind, off_bits: u32, base: T, dst: T, len: T, rest: &[T]) -> T {
        if self.as_bv(len).is_some_and(|l| l.is_zero()) {
            return base;
        }
        let mut args = vec![base, dst, len];
        args.extend_from_slice(rest);
        let s = self.sort(base).clone();
        self.intern(Op::MemRange(kind, off_bits), &args, s)
    }

    /// The condition that address `a` lies in the range of the MemRange node `m`.
    pub fn mem_range_cond(&mut self, m: T, a: T, off_bits: u32) -> T {
        let (dst, len) = (self.arg(m, 1), self.arg(m, 2));
        let w = self.width(a);
        let ao = self.extract(w - 1, off_bits, a);
        let d_o = self.extract(w - 1, off_bits, dst);
        if let Op::MemRange(MemKind::FreshObjects, _) = self.op(m) {
            return self.bvuge(ao, d_o);
        }
        let same_obj = self.eq(ao, d_o);
        let aoff = self.extract(off_bits - 1, 0, a);
        let doff = self.extract(off_bits - 1, 0, dst);
        let rel = self.bvsub(aoff, doff);
        let inside = self.bvult(rel, len);
        self.and(same_obj, inside)
    }

    fn mem_range_covers(&mut self, m: T, a: T, off_bits: u32) -> Option<bool> {
        let c = self.mem_range_cond(m, a, off_bits);
        self.as_bool(c)
    }

    /// The new content at address `a` of a MemRange node, assuming `a` is in range.
    pub fn mem_range_value(&mut self, m: T, kind: MemKind, a: T, off_bits: u32) -> T {
        match kind {
            MemKind::Fresh | MemKind::FreshObjects => {
                let fresh = self.arg(m, 3);
                self.select(fresh, a)
            }
            MemKind::Fill => self.arg(m, 3),
            MemKind::Copy => {
                let (dst, src_mem, src) = (self.arg(m, 1), self.arg(m, 3), self.arg(m, 4));
                let w = self.width(a);
                let aoff = self.extract(off_bits - 1, 0, a);
                let doff = self.extract(off_bits - 1, 0, dst);
                let rel = self.bvsub(aoff, doff);
                let rel = self.zext(w - off_bits, rel);
                let sa = self.bvadd(src, rel);
                self.select(src_mem, sa)
            }
        }
    }

    /// Whether `a * b` is representable (as signed or unsigned numbers of their width).
    pub fn bvmul_no_overflow(&mut self, a: T, b: T, signed: bool) -> T {
        let w = self.width(a);
        if let (Some(x), Some(y)) = (self.as_bv(a).cloned(), self.as_bv(b).cloned()) {
            if w <= 64 {
                let fits = if signed {
                    let p = x.to_i128().unwrap_or(0) * y.to_i128().unwrap_or(0);
                    p >= -(1i128 << (w - 1)) && p < (1i128 << (w - 1))
                } else {
                    let p = x.to_u128().unwrap_or(0) * y.to_u128().unwrap_or(0);
                    p < (1u128 << w)
                };
                return self.bool_const(fits);
            }
        }
        for (x, y) in [(a, b), (b, a)] {
            if let Some(c) = self.as_bv(x) {
                if c.is_zero() || c.is_one() {
                    return self.tru();
                }
            }
            let _ = y;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.intern(Op::BvMulNoOverflow(signed), &[a, b], Sort::Bool)
    }

    // -------------------------------------------------------------------- UFs

    pub fn apply(&mut self, f: u32, args: &[T]) -> T {
        let range = self.func(f).range.clone();
        self.intern(Op::Apply(f), args, range)
    }
}

impl TermStore {
    /// Records that `o`, an object number read from the caller's memory (a pointer the
    /// input heap constrained), is a caller's object or NULL (0). A read through such a
    /// pointer is a read of the caller's memory: when it is NULL the dereference is itself a
    /// violation (symex marks objects only while pointer checks are on), so what it reads
    /// there decides no verdict.
    pub fn mark_input_object(&mut self, o: T) {
        self.input_objects.insert(o);
    }

    /// Whether address `idx` lies in an object [`Self::mark_input_object`] recorded (or in
    /// a choice between such objects, the input region's own constant objects and NULL's),
    /// for the fresh-objects range `m` of the caller's memory.
    fn is_input_object(&self, m: T, idx: T, off_bits: u32) -> bool {
        if self.input_objects.is_empty() {
            return false;
        }
        let Some(first) = self.as_bv(self.arg(m, 1)).and_then(|b| b.to_u128()).map(|b| b >> off_bits) else {
            return false;
        };
        let mut budget = 64;
        self.in_input_region(idx, off_bits, first, &mut budget)
    }

    /// [`Self::is_input_object`] of an address (`concat(object, offset)`, or a choice of them)
    /// or, with `off_bits` 0, of an object number.
    fn in_input_region(&self, t: T, off_bits: u32, first: u128, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        match self.op(t) {
            Op::Ite => {
                let (x, y) = (self.arg(t, 1), self.arg(t, 2));
                self.in_input_region(x, off_bits, first, budget) && self.in_input_region(y, off_bits, first, budget)
            }
            Op::Concat if off_bits > 0 => {
                let (o, off) = (self.arg(t, 0), self.arg(t, 1));
                self.width(off) == off_bits && self.in_input_region(o, 0, first, budget)
            }
            _ if off_bits > 0 => false,
            // (NULL's object too: a read there is a violation of its own, and the fact pushed
            // with the read keeps its value exact)
            _ => {
                self.input_objects.contains(&t)
                    || self.as_bv(t).and_then(|b| b.to_u128()).is_some_and(|b| b >= first || b == 0)
            }
        }
    }

    /// Whether an array term contains a memory-range update (memoised).
    pub fn has_range(&mut self, t: T) -> bool {
        if let Some(&b) = self.range_memo.get(&t) {
            return b;
        }
        let r = match self.op(t) {
            Op::MemRange(..) => true,
            Op::Store => {
                let b = self.arg(t, 0);
                self.has_range(b)
            }
            Op::Ite => {
                let (x, y) = (self.arg(t, 1), self.arg(t, 2));
                self.has_range(x) || self.has_range(y)
            }
            _ => false,
        };
        self.range_memo.insert(t, r);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_identities_hold_for_every_special_operand_and_no_others_are_taken() {
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Fp(11, 53));
        let one = s.fp_f64(1.0);
        let minus_one = s.fp_f64(-1.0);
        let minus_zero = s.fp_f64(-0.0);
        let zero = s.fp_f64(0.0);
        let neg_x = s.fp_neg(x);
        assert_eq!(s.fp_arith(Op::FpMul(Rm::Rne), one, x), x);
        assert_eq!(s.fp_arith(Op::FpDiv(Rm::Rtz), x, one), x);
        assert_eq!(s.fp_arith(Op::FpMul(Rm::Rne), x, minus_one), neg_x);
        assert_eq!(s.fp_arith(Op::FpAdd(Rm::Rne), minus_zero, x), x);
        assert_eq!(s.fp_arith(Op::FpSub(Rm::Rne), x, zero), x);
        // -0 + +0 = +0, and +0 + -0 = -0 when rounding toward -inf: not identities.
        assert_ne!(s.fp_arith(Op::FpAdd(Rm::Rne), x, zero), x);
        assert_ne!(s.fp_arith(Op::FpAdd(Rm::Rtn), x, minus_zero), x);
        assert_ne!(s.fp_arith(Op::FpDiv(Rm::Rne), one, x), x);
        // The rules agree with IEEE arithmetic on the operands where identities usually break.
        for v in [f64::NAN, -0.0, 0.0, f64::INFINITY, f64::NEG_INFINITY, 5e-324, -1.5] {
            let c = s.fp_f64(v);
            let cases = [
                (v * 1.0, Op::FpMul(Rm::Rne), c, one),
                (v / -1.0, Op::FpDiv(Rm::Rne), c, minus_one),
                (v + -0.0, Op::FpAdd(Rm::Rne), c, minus_zero),
                (v - 0.0, Op::FpSub(Rm::Rne), c, zero),
            ];
            for (want, op, a, b) in cases {
                let folded = s.fp_arith(op.clone(), a, b);
                let sym = s.fp_arith(op, x, b);
                let got = if sym == x { c } else { s.fp_neg(c) };
                let want = s.fp_f64(want);
                assert_eq!(folded, want, "{v} {b:?}");
                assert_eq!(got, want, "{v} {b:?} through the identity");
            }
        }
    }

    #[test]
    fn constants_fold_through_every_layer() {
        let mut s = TermStore::new();
        let a = s.bv_i(32, 7);
        let b = s.bv_i(32, -3);
        let sum = s.bvadd(a, b);
        assert_eq!(s.as_bv(sum).and_then(|x| x.to_i128()), Some(4));
        let q = s.bvsdiv(b, a);
        assert_eq!(s.as_bv(q).and_then(|x| x.to_i128()), Some(0));
        let lt = s.bvslt(b, a);
        assert!(s.is_true(lt));
        let ult = s.bvult(b, a);
        assert!(s.is_false(ult));
    }

    #[test]
    fn add_chains_reassociate_and_equalities_solve_constants() {
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Bv(32));
        let c1 = s.bv_u(32, 5);
        let c2 = s.bv_u(32, 10);
        let a = s.bvadd(x, c1);
        let b = s.bvadd(a, c2);
        assert_eq!(s.op(b), &Op::BvAdd);
        assert_eq!(s.as_bv(s.arg(b, 1)).and_then(|k| k.to_u128()), Some(15));
        let e = s.eq(b, c2);
        // x + 15 = 10  →  x = -5
        assert_eq!(s.op(e), &Op::Eq);
        let x_minus = s.bvsub(b, a);
        assert_eq!(s.as_bv(x_minus).and_then(|k| k.to_u128()), Some(10));
    }

    #[test]
    fn select_skips_stores_to_other_objects() {
        let mut s = TermStore::new();
        let mem = s.fresh_symbol("M", Sort::Array(Box::new(Sort::Bv(64)), Box::new(Sort::Bv(8))));
        let i = s.fresh_symbol("i", Sort::Bv(48));
        let o1 = s.bv_u(16, 3);
        let o2 = s.bv_u(16, 4);
        let a1 = s.concat(o1, i);
        let zero48 = s.bv_zero(48);
        let a2 = s.concat(o2, zero48);
        let v = s.bv_u(8, 42);
        let m1 = s.store(mem, a2, v);
        let r = s.select(m1, a1);
        // different objects: read goes straight to the old memory
        assert_eq!(s.op(r), &Op::Select);
        assert_eq!(s.arg(r, 0), mem);
        let r2 = s.select(m1, a2);
        assert_eq!(s.as_bv(r2).and_then(|x| x.to_u128()), Some(42));
    }

    #[test]
    fn a_constant_address_names_its_object_as_a_concatenation_does() {
        let mut s = TermStore::new();
        s.address_split = Some((16, 48));
        let mem = s.fresh_symbol("M", Sort::Array(Box::new(Sort::Bv(64)), Box::new(Sort::Bv(8))));
        // object 4 at offset 0 and object 3 at offset 5, written as constants
        let a4 = s.bv_u(64, 4 << 48);
        let a3 = s.bv_u(64, (3 << 48) + 5);
        let v = s.bv_u(8, 42);
        let m1 = s.store(mem, a4, v);
        // another object's constant address skips the store
        let r = s.select(m1, a3);
        assert_eq!((s.op(r), s.arg(r, 0)), (&Op::Select, mem));
        // object 3 at a symbolic offset skips it too (the store's object is 4)
        let i = s.fresh_symbol("i", Sort::Bv(48));
        let o3 = s.bv_u(16, 3);
        let a3i = s.concat(o3, i);
        let r = s.select(m1, a3i);
        assert_eq!((s.op(r), s.arg(r, 0)), (&Op::Select, mem));
        // object 4 at a symbolic offset may be the stored byte: not skipped
        let o4 = s.bv_u(16, 4);
        let a4i = s.concat(o4, i);
        let r = s.select(m1, a4i);
        assert!(!(s.op(r) == &Op::Select && s.arg(r, 0) == mem), "a read of object 4 skipped its store");
        // a concatenation whose constant part is narrower than the object number may name
        // object 4: not skipped
        let hi = s.bv_zero(8);
        let j = s.fresh_symbol("j", Sort::Bv(56));
        let open = s.concat(hi, j);
        let r = s.select(m1, open);
        assert!(!(s.op(r) == &Op::Select && s.arg(r, 0) == mem), "a read of an unknown object skipped a store");
        // and a constant store is found by a read of its own constant address
        let r = s.select(m1, a4);
        assert_eq!(s.as_bv(r).and_then(|x| x.to_u128()), Some(42));
    }

    #[test]
    fn extract_sees_through_concat_and_constant_shifts() {
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Bv(8));
        let y = s.fresh_symbol("y", Sort::Bv(8));
        let xy = s.concat(x, y);
        let hi = s.extract(15, 8, xy);
        assert_eq!(hi, x);
        let eight = s.bv_u(16, 8);
        let sh = s.bvlshr(xy, eight);
        let low = s.extract(7, 0, sh);
        assert_eq!(low, x);
    }

    #[test]
    fn junctions_detect_complements_and_absorb() {
        let mut s = TermStore::new();
        let p = s.fresh_symbol("p", Sort::Bool);
        let q = s.fresh_symbol("q", Sort::Bool);
        let np = s.not(p);
        let c = s.and_n(&[p, q, np]);
        assert!(s.is_false(c));
        let d = s.or_n(&[p, q, np]);
        assert!(s.is_true(d));
        let i = s.ite(p, q, q);
        assert_eq!(i, q);
    }

    #[test]
    fn float_folding_matches_ieee_double() {
        let mut s = TermStore::new();
        let a = s.fp_f64(0.1);
        let b = s.fp_f64(0.2);
        let sum = s.fp_arith(Op::FpAdd(Rm::Rne), a, b);
        let c = s.fp_f64(0.3);
        let e = s.fp_cmp(Op::FpEq, sum, c);
        assert!(s.is_false(e), "0.1 + 0.2 != 0.3 in binary64");
        let z = s.fp_f64(0.0);
        let nan = s.fp_arith(Op::FpDiv(Rm::Rne), z, z);
        let self_eq = s.fp_cmp(Op::FpEq, nan, nan);
        assert!(s.is_false(self_eq));
        let is_nan = s.fp_class(Op::FpIsNan, nan);
        assert!(s.is_true(is_nan));
    }

    #[test]
    fn mem_range_resolves_constant_addresses() {
        let mut s = TermStore::new();
        let msort = Sort::Array(Box::new(Sort::Bv(64)), Box::new(Sort::Bv(8)));
        let zero8 = s.bv_zero(8);
        let mem = s.const_array(Sort::Bv(64), zero8);
        let fresh = s.fresh_symbol("fresh", msort);
        let obj = s.bv_u(16, 7);
        let off0 = s.bv_zero(48);
        let dst = s.concat(obj, off0);
        let len = s.bv_u(48, 4);
        let m = s.mem_range(MemKind::Fresh, 48, mem, dst, len, &[fresh]);
        let off2 = s.bv_u(48, 2);
        let a_in = s.concat(obj, off2);
        let r = s.select(m, a_in);
        assert_eq!(s.op(r), &Op::Select);
        assert_eq!(s.arg(r, 0), fresh);
        let off4 = s.bv_u(48, 4);
        let a_out = s.concat(obj, off4);
        let r2 = s.select(m, a_out);
        assert!(s.as_bv(r2).is_some_and(|b| b.is_zero()));
    }
}
