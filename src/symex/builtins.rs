//! Functions modelled natively because their semantics is an SMT operation: IEEE math
//! (fabs, sqrt, rounding, fmin/fmax, fma, classification), bit operations (clz, ctz,
//! popcount, parity, bswap), GCC's overflow-checking arithmetic, and uninterpreted functions.

use super::{State, Symex};
use crate::ir::{Expr, FloatKind, Loc, Type};
use crate::term::{Bits, Op, Rm, Sort, T};

/// glibc's FP_* classification values.
const FP_NAN: i128 = 0;
const FP_INFINITE: i128 = 1;
const FP_ZERO: i128 = 2;
const FP_SUBNORMAL: i128 = 3;
const FP_NORMAL: i128 = 4;

impl Symex<'_> {
    /// Evaluates a natively modelled function; None if `name` is not one.
    pub(crate) fn native(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Expr],
        vals: &[T],
        ret: &Type,
        loc: Loc,
    ) -> Option<T> {
        let base = name.strip_prefix("__builtin_").unwrap_or(name);
        let arg = |i: usize| vals.get(i).copied();
        // the precision comes from the name: f → float, l → long double
        let stems =
            ["fabs", "sqrt", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "fmin", "fmax", "fma", "copysign"];
        let (stem, kind) = stems
            .iter()
            .find_map(|&st| {
                if base == st {
                    Some((st, FloatKind::Double))
                } else if base.strip_prefix(st) == Some("f") {
                    Some((st, FloatKind::Float))
                } else if base.strip_prefix(st) == Some("l") {
                    Some((st, FloatKind::LongDouble))
                } else {
                    None
                }
            })
            .unwrap_or(("", FloatKind::Double));
        let fkind = |_: &str| kind;
        if matches!(stem, "fabs" | "sqrt" | "floor" | "ceil" | "trunc" | "round" | "rint" | "nearbyint") {
            let k = kind;
            let x = self.to_float(st, arg(0)?, &args[0].ty, k);
            let r = match stem {
                "fabs" => self.s.fp_abs(x),
                "sqrt" => self.s.fp_sqrt(Rm::Rne, x),
                "floor" => self.s.fp_round_int(Rm::Rtn, x),
                "ceil" => self.s.fp_round_int(Rm::Rtp, x),
                "trunc" => self.s.fp_round_int(Rm::Rtz, x),
                "round" => self.s.fp_round_int(Rm::Rna, x),
                _ => self.s.fp_round_int(Rm::Rne, x),
            };
            return Some(self.convert(st, r, &Type::Float(k), ret, loc));
        }
        let base = if stem.is_empty() { base } else { stem };
        match base {
            "fmin" | "fminf" | "fminl" | "fmax" | "fmaxf" | "fmaxl" => {
                let k = fkind(base);
                let x = self.to_float(st, arg(0)?, &args[0].ty, k);
                let y = self.to_float(st, arg(1)?, &args[1].ty, k);
                let r = self.s.fp_minmax(base.starts_with("fmin"), x, y);
                Some(self.convert(st, r, &Type::Float(k), ret, loc))
            }
            "fma" | "fmaf" | "fmal" => {
                let k = fkind(base);
                let x = self.to_float(st, arg(0)?, &args[0].ty, k);
                let y = self.to_float(st, arg(1)?, &args[1].ty, k);
                let z = self.to_float(st, arg(2)?, &args[2].ty, k);
                let r = self.s.fp_fma(Rm::Rne, x, y, z);
                Some(self.convert(st, r, &Type::Float(k), ret, loc))
            }
            "copysign" | "copysignf" | "copysignl" => {
                let k = fkind(base);
                let x = self.to_float(st, arg(0)?, &args[0].ty, k);
                let y = self.to_float(st, arg(1)?, &args[1].ty, k);
                let ax = self.s.fp_abs(x);
                let neg = self.s.fp_neg(ax);
                let ybits = self.s.fp_to_bits(y);
                let w = self.s.width(ybits);
                let sign = self.s.extract(w - 1, w - 1, ybits);
                let one = self.s.bv_u(1, 1);
                let is_neg = self.s.eq(sign, one);
                let r = self.s.ite(is_neg, neg, ax);
                Some(self.convert(st, r, &Type::Float(k), ret, loc))
            }
            "inf" | "inff" | "infl" | "huge_val" | "huge_valf" | "huge_vall" => {
                let r = self.s.fp_f64(f64::INFINITY);
                Some(self.convert(st, r, &Type::Float(FloatKind::Double), ret, loc))
            }
            "nan" | "nanf" | "nanl" => {
                let r = self.s.fp_f64(f64::NAN);
                Some(self.convert(st, r, &Type::Float(FloatKind::Double), ret, loc))
            }
            "isnan" | "__isnan" | "__isnanf" | "__isnanl" | "isnanf" | "isnanl" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let c = self.s.fp_class(Op::FpIsNan, x);
                Some(self.from_bool(c, ret))
            }
            "isinf" | "__isinf" | "__isinff" | "__isinfl" | "isinff" | "isinfl" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let c = self.s.fp_class(Op::FpIsInf, x);
                if base.starts_with("__isinf") {
                    // glibc: -1 for -inf, 1 for +inf
                    let n = self.s.fp_class(Op::FpIsNeg, x);
                    let Sort::Bv(w) = self.sort_of(ret) else { return None };
                    let m1 = self.s.bv_i(w, -1);
                    let p1 = self.s.bv_i(w, 1);
                    let z = self.s.bv_zero(w);
                    let sgn = self.s.ite(n, m1, p1);
                    return Some(self.s.ite(c, sgn, z));
                }
                Some(self.from_bool(c, ret))
            }
            "isinf_sign" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let c = self.s.fp_class(Op::FpIsInf, x);
                let n = self.s.fp_class(Op::FpIsNeg, x);
                let Sort::Bv(w) = self.sort_of(ret) else { return None };
                let m1 = self.s.bv_i(w, -1);
                let p1 = self.s.bv_i(w, 1);
                let z = self.s.bv_zero(w);
                let sgn = self.s.ite(n, m1, p1);
                Some(self.s.ite(c, sgn, z))
            }
            "isfinite" | "finite" | "__finite" | "__finitef" | "__finitel" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let a = self.s.fp_class(Op::FpIsNan, x);
                let b = self.s.fp_class(Op::FpIsInf, x);
                let bad = self.s.or(a, b);
                let c = self.s.not(bad);
                Some(self.from_bool(c, ret))
            }
            "isnormal" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let c = self.s.fp_class(Op::FpIsNormal, x);
                Some(self.from_bool(c, ret))
            }
            "signbit" | "__signbit" | "__signbitf" | "__signbitl" | "signbitf" | "signbitl" => {
                let x = self.float_arg(st, args, vals, 0, loc)?;
                let bits = self.s.fp_to_bits(x);
                let w = self.s.width(bits);
                let sb = self.s.extract(w - 1, w - 1, bits);
                let one = self.s.bv_u(1, 1);
                let c = self.s.eq(sb, one);
                // NaN: the sign of the canonical NaN is positive; a nondet NaN's sign is unknown
                Some(self.from_bool(c, ret))
            }
            "fpclassify" | "__fpclassify" | "__fpclassifyf" | "__fpclassifyl" => {
                // __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
                let Sort::Bv(w) = self.sort_of(ret) else { return None };
                let (vnan, vinf, vnorm, vsub, vzero, x) = if base == "fpclassify" && vals.len() == 6 {
                    let c = |sx: &mut Self, i: usize| sx.s.resize(vals[i], w, true);
                    (
                        c(self, 0),
                        c(self, 1),
                        c(self, 2),
                        c(self, 3),
                        c(self, 4),
                        self.float_arg(st, args, vals, 5, loc)?,
                    )
                } else {
                    let k = |sx: &mut Self, v: i128| sx.s.bv_i(w, v);
                    (
                        k(self, FP_NAN),
                        k(self, FP_INFINITE),
                        k(self, FP_NORMAL),
                        k(self, FP_SUBNORMAL),
                        k(self, FP_ZERO),
                        self.float_arg(st, args, vals, 0, loc)?,
                    )
                };
                let is_nan = self.s.fp_class(Op::FpIsNan, x);
                let is_inf = self.s.fp_class(Op::FpIsInf, x);
                let is_zero = self.s.fp_class(Op::FpIsZero, x);
                let is_sub = self.s.fp_class(Op::FpIsSubnormal, x);
                let r = self.s.ite(is_sub, vsub, vnorm);
                let r = self.s.ite(is_zero, vzero, r);
                let r = self.s.ite(is_inf, vinf, r);
                Some(self.s.ite(is_nan, vnan, r))
            }
            "isgreater" | "isgreaterequal" | "isless" | "islessequal" | "islessgreater" | "isunordered" => {
                let (x, y) = self.float_pair(st, args, vals, loc)?;
                let c = match base {
                    "isgreater" => self.s.fp_cmp(Op::FpLt, y, x),
                    "isgreaterequal" => self.s.fp_cmp(Op::FpLe, y, x),
                    "isless" => self.s.fp_cmp(Op::FpLt, x, y),
                    "islessequal" => self.s.fp_cmp(Op::FpLe, x, y),
                    "islessgreater" => {
                        let a = self.s.fp_cmp(Op::FpLt, x, y);
                        let b = self.s.fp_cmp(Op::FpLt, y, x);
                        self.s.or(a, b)
                    }
                    _ => {
                        let a = self.s.fp_class(Op::FpIsNan, x);
                        let b = self.s.fp_class(Op::FpIsNan, y);
                        self.s.or(a, b)
                    }
                };
                Some(self.from_bool(c, ret))
            }
            "clz" | "clzl" | "clzll" | "ctz" | "ctzl" | "ctzll" | "popcount" | "popcountl" | "popcountll"
            | "parity" | "parityl" | "parityll" | "clrsb" | "clrsbl" | "clrsbll" => {
                let x = arg(0)?;
                let w = self.s.width(x);
                let Sort::Bv(rw) = self.sort_of(ret) else { return None };
                let r = if base.starts_with("clz") {
                    self.count_leading(x, w, false)
                } else if base.starts_with("clrsb") {
                    let c = self.count_leading(x, w, true);
                    let one = self.s.bv_u(w, 1);
                    self.s.bvsub(c, one)
                } else if base.starts_with("ctz") {
                    self.count_trailing(x, w)
                } else {
                    let mut acc = self.s.bv_zero(w);
                    for i in 0..w {
                        let b = self.s.extract(i, i, x);
                        let b = self.s.zext(w - 1, b);
                        acc = self.s.bvadd(acc, b);
                    }
                    if base.starts_with("parity") {
                        let one = self.s.bv_u(w, 1);
                        self.s.bvand(acc, one)
                    } else {
                        acc
                    }
                };
                if base.starts_with("clz") || base.starts_with("ctz") {
                    // undefined for 0 (GCC): an unspecified value
                    let z = self.s.bv_zero(w);
                    let is_zero = self.s.eq(x, z);
                    let un = self.input(st, Sort::Bv(w), "clz_of_zero");
                    let r = self.s.ite(is_zero, un, r);
                    return Some(self.s.resize(r, rw, false));
                }
                Some(self.s.resize(r, rw, false))
            }
            "bswap16" | "bswap32" | "bswap64" => {
                let x = arg(0)?;
                let w = self.s.width(x);
                let mut acc: Option<T> = None;
                for i in 0..w / 8 {
                    let b = self.s.extract(8 * i + 7, 8 * i, x);
                    acc = Some(match acc {
                        None => b,
                        Some(a) => self.s.concat(a, b),
                    });
                }
                acc
            }
            "add_overflow" | "sub_overflow" | "mul_overflow" | "sadd_overflow" | "saddl_overflow"
            | "saddll_overflow" | "uadd_overflow" | "uaddl_overflow" | "uaddll_overflow" | "ssub_overflow"
            | "ssubl_overflow" | "ssubll_overflow" | "usub_overflow" | "usubl_overflow" | "usubll_overflow"
            | "smul_overflow" | "smull_overflow" | "smulll_overflow" | "umul_overflow" | "umull_overflow"
            | "umulll_overflow" => self.overflow_builtin(st, base, args, vals, ret, loc),
            n if n.starts_with("__ESBMC_uninterpreted") || n.starts_with("__CPROVER_uninterpreted") => {
                let range = self.sort_of(ret);
                Some(self.apply_uf(&format!("uf:{n}"), n, vals, range))
            }
            _ => None,
        }
    }

    #[allow(clippy::wrong_self_convention)] // a method of the executor, converting terms
    fn to_float(&mut self, st: &mut State, v: T, from: &Type, k: FloatKind) -> T {
        let ft = Type::Float(k);
        self.convert(st, v, from, &ft, Loc::default())
    }

    fn float_arg(&mut self, st: &mut State, args: &[Expr], vals: &[T], i: usize, loc: Loc) -> Option<T> {
        let v = *vals.get(i)?;
        let t = &args.get(i)?.ty;
        if t.is_float() {
            return Some(v);
        }
        Some(self.convert(st, v, t, &Type::Float(FloatKind::Double), loc))
    }

    fn float_pair(&mut self, st: &mut State, args: &[Expr], vals: &[T], loc: Loc) -> Option<(T, T)> {
        let x = self.float_arg(st, args, vals, 0, loc)?;
        let y = self.float_arg(st, args, vals, 1, loc)?;
        // compare in the wider format
        let (Sort::Fp(e1, s1), Sort::Fp(e2, s2)) = (self.s.sort(x).clone(), self.s.sort(y).clone()) else {
            return None;
        };
        if (e1, s1) == (e2, s2) {
            return Some((x, y));
        }
        if s1 >= s2 {
            let y = self.s.fp_to_fp(Rm::Rne, y, e1, s1);
            Some((x, y))
        } else {
            let x = self.s.fp_to_fp(Rm::Rne, x, e2, s2);
            Some((x, y))
        }
    }

    /// Leading zeros (or, with `sign`, leading copies of the sign bit) of a w-bit value.
    fn count_leading(&mut self, x: T, w: u32, sign: bool) -> T {
        // from the lowest bit up: the count is determined by the highest differing bit
        let mut r = self.s.bv_u(w, w as u128);
        let top = self.s.extract(w - 1, w - 1, x);
        for i in 0..w {
            let b = self.s.extract(i, i, x);
            let differs = if sign {
                let e = self.s.eq(b, top);
                self.s.not(e)
            } else {
                let one = self.s.bv_u(1, 1);
                self.s.eq(b, one)
            };
            let k = self.s.bv_u(w, (w - 1 - i) as u128);
            r = self.s.ite(differs, k, r);
        }
        r
    }

    fn count_trailing(&mut self, x: T, w: u32) -> T {
        let mut r = self.s.bv_u(w, w as u128);
        for i in (0..w).rev() {
            let b = self.s.extract(i, i, x);
            let one = self.s.bv_u(1, 1);
            let set = self.s.eq(b, one);
            let k = self.s.bv_u(w, i as u128);
            r = self.s.ite(set, k, r);
        }
        r
    }

    /// `__builtin_*_overflow(a, b, &r)`: r = a op b (wrapped to r's type); true if the exact
    /// result does not fit.
    fn overflow_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Expr],
        vals: &[T],
        ret: &Type,
        loc: Loc,
    ) -> Option<T> {
        let (a, b, p) = (*vals.first()?, *vals.get(1)?, *vals.get(2)?);
        let rty = match &args.get(2)?.ty {
            Type::Pointer(t) => (**t).clone(),
            _ => return None,
        };
        let rt = rty.int_ty()?;
        const W: u32 = 130;
        let ea = self.s.resize(a, W, args[0].ty.is_signed());
        let eb = self.s.resize(b, W, args[1].ty.is_signed());
        let exact = if name.contains("add") {
            self.s.bvadd(ea, eb)
        } else if name.contains("sub") {
            self.s.bvsub(ea, eb)
        } else {
            // 130 bits hold the product of two 64-bit values exactly
            self.s.bvmul(ea, eb)
        };
        let low = self.s.extract(rt.width - 1, 0, exact);
        let back = self.s.resize(low, W, rt.signed);
        let same = self.s.eq(back, exact);
        let overflow = self.s.not(same);
        st.mem = self.store(st.mem, p, low, &rty);
        let _ = Bits::zero(1);
        let _ = loc;
        Some(self.from_bool(overflow, ret))
    }
}
