//! Reading values out of a Z3 model.

use z3::ast::{Ast, Dynamic};
use z3_sys::*;

use super::Smt;
use crate::term::{Bits, Sort, TermStore, T};

/// A non-negative decimal numeral as `width` bits (truncated).
pub fn parse_decimal(s: &str, width: u32) -> Option<Bits> {
    let mut acc = Bits::zero(width);
    let ten = Bits::from_u128(width, 10);
    for ch in s.trim().chars() {
        let d = ch.to_digit(10)?;
        let mul = if width <= 128 {
            acc.mul(&ten)?
        } else {
            // ×10 = ×8 + ×2 for wide vectors
            let a8 = acc.shl(&Bits::from_u128(width, 3));
            let a2 = acc.shl(&Bits::from_u128(width, 1));
            a8.add(&a2)
        };
        acc = mul.add(&Bits::from_u128(width, d as u128));
    }
    Some(acc)
}

/// A model of a satisfiable check. Stages above `smt` hold models and ask for values
/// through [`Smt::value`] and the queries that fix terms to a model, without naming Z3.
pub struct Model(pub(super) z3::Model);

impl std::fmt::Display for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Smt {
    /// The value of a term in a model: bits for bit-vectors and floats (IEEE image, NaN
    /// canonical), width-1 bits for booleans. None for arrays or if Z3 gives no numeral.
    pub fn value(&mut self, s: &mut TermStore, model: &Model, t: T) -> Option<Bits> {
        match s.sort(t).clone() {
            Sort::Bool => {
                let d = self.encode(s, t);
                let v = model.0.eval(&d, true)?;
                Some(Bits::from_bool(v.as_bool()?.as_bool()?))
            }
            Sort::Bv(w) => {
                let d = self.encode(s, t);
                let v = model.0.eval(&d, true)?;
                numeral_bits(self, &v, w)
            }
            Sort::Fp(e, sb) => {
                let b = s.fp_to_bits(t);
                let d = self.encode(s, b);
                let v = model.0.eval(&d, true)?;
                numeral_bits(self, &v, e + sb)
            }
            Sort::Array(..) => None,
        }
    }
}

fn numeral_bits(smt: &Smt, v: &Dynamic, w: u32) -> Option<Bits> {
    let c = smt.ctx().get_z3_context();
    unsafe {
        if !Z3_is_numeral_ast(c, v.get_z3_ast()) {
            return None;
        }
        let p = Z3_get_numeral_string(c, v.get_z3_ast());
        if p.is_null() {
            return None;
        }
        let text = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
        parse_decimal(&text, w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_numerals_of_any_width() {
        assert_eq!(parse_decimal("255", 8), Some(Bits::from_u128(8, 255)));
        let big = parse_decimal("340282366920938463463374607431768211457", 130).unwrap();
        // 2^128 + 1
        assert!(big.bit(128));
        assert!(big.bit(0));
        assert!(!big.bit(1));
    }

    #[test]
    fn z3_agrees_with_the_term_layer_on_a_small_formula() {
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Bv(32));
        let seven = s.bv_u(32, 7);
        let three = s.bv_u(32, 3);
        let sum = s.bvadd(x, seven);
        let goal = s.eq(sum, three);
        let mut smt = Smt::new(Some(10_000));
        smt.assert(&s, goal);
        assert_eq!(smt.check(&s, &[]), crate::smt::Answer::Sat);
        let m = smt.model().unwrap();
        let v = smt.value(&mut s, &m, x).unwrap();
        // x + 7 = 3 (mod 2^32)  →  x = 2^32 - 4
        assert_eq!(v.to_u128(), Some(0xFFFF_FFFC));
    }
}
