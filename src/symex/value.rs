//! How C values are represented as terms, and C's conversions between them.
//!
//! integers, `_Bool` (one byte), enums → bit-vectors of their width; pointers → bit-vectors of
//! the pointer width (object number in the high bits, offset in the low bits); floats → IEEE
//! floating-point sorts; structs and unions → one flat bit-vector of their size (byte `i` is
//! bits `8i..8i+7`, the little-endian image of memory); arrays held in variables → SMT arrays
//! indexed by `size_t`.

use super::{State, Symex};
use crate::ir::{ArrayLen, FloatKind, Loc, Type};
use crate::term::{Rm, Sort, T};

impl Symex<'_> {
    pub(crate) fn idx_sort(&self) -> Sort {
        Sort::Bv(self.memory.ptr_w)
    }

    /// Size in bytes of a complete type (0 when unknown).
    pub(crate) fn size(&self, t: &Type) -> u64 {
        self.p.size_of(t).unwrap_or(0)
    }

    /// The sort that represents a value of type `t` held in a variable.
    pub(crate) fn sort_of(&self, t: &Type) -> Sort {
        match t {
            Type::Bool => Sort::Bv(8),
            Type::Int(i) => Sort::Bv(i.width),
            Type::Float(k) => {
                let (e, s) = k.format();
                Sort::Fp(e, s)
            }
            Type::Pointer(_) | Type::Function(_) => Sort::Bv(self.memory.ptr_w),
            Type::Struct(_) | Type::Union(_) => Sort::Bv((self.size(t) * 8).max(8) as u32),
            Type::Array(e, _) => Sort::Array(Box::new(self.idx_sort()), Box::new(self.sort_of(e))),
            Type::Void => Sort::Bv(8),
        }
    }

    /// Width in bits of the memory image of `t`.
    pub(crate) fn bits_of(&self, t: &Type) -> u32 {
        match t {
            Type::Struct(_) | Type::Union(_) => (self.size(t) * 8).max(8) as u32,
            _ => (self.size(t) * 8) as u32,
        }
    }

    /// A nondeterministic value of type `t` (an input of the run). `_Bool` is 0 or 1.
    pub(crate) fn nondet_of(&mut self, st: &State, t: &Type, what: &str) -> T {
        if matches!(t, Type::Bool) {
            let b = self.input(st, Sort::Bv(1), what);
            return self.s.zext(7, b);
        }
        let sort = self.sort_of(t);
        if t.pointee().is_some_and(|to| !to.is_function()) {
            return self.pointer_input(st, sort, what);
        }
        self.input(st, sort, what)
    }

    pub(crate) fn zero(&mut self, t: &Type) -> T {
        let sort = self.sort_of(t);
        super::state::zero_of_sort(&mut self.s, &sort)
    }

    /// The memory image of a value (not for arrays).
    #[allow(clippy::wrong_self_convention)] // a method of the executor, converting terms
    pub(crate) fn to_bits(&mut self, v: T, t: &Type) -> T {
        match t {
            Type::Float(k) => {
                let b = self.s.fp_to_bits(v);
                let w = self.bits_of(t);
                let bw = self.s.width(b);
                if *k == FloatKind::LongDouble && w > bw {
                    self.s.zext(w - bw, b)
                } else {
                    b
                }
            }
            _ => v,
        }
    }

    /// The value of a memory image of type `t`.
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn from_bits(&mut self, b: T, t: &Type) -> T {
        match t {
            Type::Float(k) => {
                let (e, s) = k.format();
                let b = if self.s.width(b) > e + s { self.s.extract(e + s - 1, 0, b) } else { b };
                self.s.bits_to_fp(b, e, s)
            }
            _ => b,
        }
    }

    /// `v != 0` as a boolean term.
    pub(crate) fn truth(&mut self, v: T, t: &Type) -> T {
        match t {
            Type::Float(_) => {
                let z = self.zero(t);
                let eq = self.s.fp_cmp(crate::term::Op::FpEq, v, z);
                self.s.not(eq)
            }
            _ => {
                if self.s.sort(v).is_bool() {
                    return v;
                }
                let w = self.s.width(v);
                let z = self.s.bv_zero(w);
                let eq = self.s.eq(v, z);
                self.s.not(eq)
            }
        }
    }

    /// A boolean as the C int 0/1 of type `t`.
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn from_bool(&mut self, b: T, t: &Type) -> T {
        let w = match self.sort_of(t) {
            Sort::Bv(w) => w,
            _ => 32,
        };
        self.s.bool_to_bv(b, w)
    }

    /// C conversion of `v` from type `from` to type `to`.
    pub(crate) fn convert(&mut self, st: &mut State, v: T, from: &Type, to: &Type, loc: Loc) -> T {
        if from == to {
            return v;
        }
        match (from, to) {
            (_, Type::Void) => v,
            (_, Type::Bool) => {
                let t = self.truth(v, from);
                self.s.bool_to_bv(t, 8)
            }
            (Type::Float(_), Type::Float(k)) => {
                let (e, s) = k.format();
                self.s.fp_to_fp(Rm::Rne, v, e, s)
            }
            (Type::Float(_), _) => {
                let Sort::Bv(w) = self.sort_of(to) else {
                    return v;
                };
                let signed = to.is_signed();
                self.float_to_int(st, v, w, signed, loc)
            }
            (_, Type::Float(k)) => {
                let (e, s) = k.format();
                self.s.bv_to_fp(Rm::Rne, v, from.is_signed(), e, s)
            }
            (Type::Struct(_), _) | (Type::Union(_), _) | (_, Type::Struct(_)) | (_, Type::Union(_)) => {
                let w = self.bits_of(to);
                let vw = self.s.width(v);
                if w == vw {
                    v
                } else {
                    self.s.resize(v, w, false)
                }
            }
            (Type::Array(..), _) | (_, Type::Array(..)) => v,
            (Type::Pointer(_), t) if t.is_int() => {
                let a = self.address_value(st, v);
                let Sort::Bv(w) = self.sort_of(to) else {
                    return a;
                };
                self.s.resize(a, w, false)
            }
            (f, Type::Pointer(_)) if f.is_int() => {
                let i = self.s.resize(v, self.memory.ptr_w, f.is_signed());
                self.pointer_from_address(i)
            }
            _ => {
                // integers and pointers: truncate or extend by the source's signedness
                let Sort::Bv(w) = self.sort_of(to) else {
                    return v;
                };
                if !self.s.sort(v).is_bv() {
                    return v;
                }
                self.s.resize(v, w, from.is_signed())
            }
        }
    }

    /// Float to integer: truncation toward zero; NaN, infinities and out-of-range values give
    /// an unspecified value (a fresh input), as C leaves them undefined and ESBMC does not
    /// check explicit casts. In a product program the value depends only on the converted
    /// value, as with every real implementation (x86 gives INT_MIN, ARM saturates): both
    /// versions converting the same value get the same result. That result is then indeterminate
    /// like an approximated library result: a difference some platform's result avoids is not
    /// a proven difference (engine::bmc's robustness check leaves it free, with the ties as
    /// facts: fixing the symbol but not the function would let the check avoid a difference
    /// by contradicting the tie, i.e. by declaring the path infeasible).
    fn float_to_int(&mut self, st: &mut State, v: T, w: u32, signed: bool, _loc: Loc) -> T {
        let r = self.s.fp_to_bv(Rm::Rtz, v, w, signed);
        if self.s.is_const(r) {
            return r;
        }
        let in_range = self.float_in_int_range(v, w, signed);
        if self.s.is_true(in_range) {
            return r;
        }
        let mut unspecified = self.input(st, Sort::Bv(w), "unspecified_conversion");
        if self.o.product.is_some() {
            let key = format!("conversion:{w}:{signed}");
            let mut syms = Vec::new();
            super::models::collect_symbols(&self.s, unspecified, &mut syms);
            if let Some((tie, app)) = self.tie_to_uf(st, unspecified, &key, "unspecified_conversion", &[v]) {
                self.approx.symbols.extend(syms);
                self.approx.facts.push(tie);
                self.approx.funcs.insert("float-to-integer conversions (their result when out of range)".into());
                let (shared, also) = self.shared_result(st, unspecified, app);
                unspecified = shared;
                if let Some(ties) = also {
                    self.approx.facts.push(ties);
                }
            } else if self.replay.oracle.as_ref().is_some_and(|o| o.borrow().random_inputs())
                && !self.s.is_true(in_range)
            {
                // (a concrete run on inputs no solver chose took some value for it: one
                // choice, which it must say it used)
                self.approx.funcs.insert("float-to-integer conversions (their result when out of range)".into());
            }
        }
        self.s.ite(in_range, r, unspecified)
    }

    /// Whether trunc(v) fits in a (signed) integer of width w (false for NaN and infinities).
    pub(crate) fn float_in_int_range(&mut self, v: T, w: u32, signed: bool) -> T {
        let Sort::Fp(e, s) = self.s.sort(v).clone() else {
            return self.s.fals();
        };
        let konst = |sx: &mut Self, x: f64| {
            let t = sx.s.fp_f64(x);
            sx.s.fp_to_fp(Rm::Rne, t, e, s)
        };
        let lower = if signed {
            let m = -(2f64.powi(w as i32 - 1));
            if w - 1 < s.min(53) {
                // -2^(w-1) - 1 is exact: trunc(v) >= -2^(w-1) iff v > -2^(w-1) - 1
                let lo = konst(self, m - 1.0);
                self.s.fp_cmp(crate::term::Op::FpLt, lo, v)
            } else {
                let lo = konst(self, m);
                self.s.fp_cmp(crate::term::Op::FpLe, lo, v)
            }
        } else {
            let lo = konst(self, -1.0);
            self.s.fp_cmp(crate::term::Op::FpLt, lo, v)
        };
        let hi = konst(self, if signed { 2f64.powi(w as i32 - 1) } else { 2f64.powi(w as i32) });
        let upper = self.s.fp_cmp(crate::term::Op::FpLt, v, hi);
        self.s.and(lower, upper)
    }

    /// The size in bytes of a type as a pointer-width term, evaluating the lengths of
    /// variable-length arrays (`void` and functions count 1, as in GNU C).
    pub(crate) fn size_term(&mut self, st: &mut State, t: &Type, loc: Loc) -> T {
        match t {
            Type::Array(e, ArrayLen::Var(v)) => {
                let vt = self.p.var(*v).ty.clone();
                let ve = crate::ir::Expr::var(*v, vt.clone());
                let n = self.eval(st, &ve, loc);
                let n = self.s.resize(n, self.memory.ptr_w, vt.is_signed());
                let es = self.size_term(st, e, loc);
                self.s.bvmul(n, es)
            }
            Type::Array(e, ArrayLen::Fixed(n)) if self.p.size_of(t).is_none() => {
                let es = self.size_term(st, e, loc);
                let k = self.s.bv_u(self.memory.ptr_w, *n as u128);
                self.s.bvmul(k, es)
            }
            Type::Void | Type::Function(_) => self.s.bv_u(self.memory.ptr_w, 1),
            _ => {
                let n = self.size(t);
                self.s.bv_u(self.memory.ptr_w, n as u128)
            }
        }
    }
}
