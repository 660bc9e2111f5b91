//! Unsigned upper bounds of bit-vector terms, read off their structure: a quotient by a
//! constant, a remainder, a mask, a right shift, a zero extension. The simplifier uses them to
//! decide comparisons with constants that Z3 would otherwise have to bit-blast: the value of
//! `v` after twenty `v /= 10` on a 64-bit `v` is 0 whatever `v` was, so the loop
//! `do … while (v /= 10)` ends within 20 iterations and its unwinding claim folds to true
//! (Z3 did not decide that chain of 64-bit divisions within 20 s).
//!
//! Every rule gives a bound that holds for every value of the operands, so a comparison
//! decided by it is decided exactly.

use super::{Op, TermStore, T};

/// Terms visited per question (an `ite` visits both sides).
const VISITS: u32 = 256;

impl TermStore {
    /// An upper bound of `t` read as an unsigned number (None for wider than 128 bits).
    pub(crate) fn unsigned_max(&self, t: T) -> Option<u128> {
        let mut visits = VISITS;
        self.umax(t, &mut visits)
    }

    fn umax(&self, t: T, visits: &mut u32) -> Option<u128> {
        let w = self.width(t);
        if w > 128 {
            return None;
        }
        let all = if w == 128 { u128::MAX } else { (1u128 << w) - 1 };
        if *visits == 0 {
            return Some(all);
        }
        *visits -= 1;
        let arg = |i: usize| self.arg(t, i);
        let m = match self.op(t) {
            Op::BvConst(c) => c.to_u128().unwrap_or(all),
            Op::BvUdiv => match self.as_bv(arg(1)).and_then(|c| c.to_u128()) {
                // (division by zero gives all ones in SMT-LIB)
                Some(d) if d > 0 => self.umax(arg(0), visits)? / d,
                _ => all,
            },
            Op::BvUrem => {
                let x = self.umax(arg(0), visits)?;
                match self.as_bv(arg(1)).and_then(|c| c.to_u128()) {
                    Some(d) if d > 0 => x.min(d - 1),
                    // (x mod 0 is x)
                    _ => x,
                }
            }
            Op::BvLshr => match self.as_bv(arg(1)).and_then(|c| c.to_u128()) {
                Some(s) if s < 128 => self.umax(arg(0), visits)? >> s,
                Some(_) => 0,
                None => self.umax(arg(0), visits)?,
            },
            Op::BvAnd => {
                let a = self.umax(arg(0), visits)?;
                a.min(self.umax(arg(1), visits)?)
            }
            Op::ZeroExt(_) => self.umax(arg(0), visits)?,
            Op::Extract(_, lo) => (self.umax(arg(0), visits)? >> lo).min(all),
            Op::Concat => {
                let lw = self.width(arg(1));
                let hi = self.umax(arg(0), visits)?;
                let lo = self.umax(arg(1), visits)?;
                if lw >= 128 {
                    all
                } else {
                    (hi.checked_shl(lw).unwrap_or(all) | lo).min(all)
                }
            }
            Op::Ite => {
                let a = self.umax(arg(1), visits)?;
                a.max(self.umax(arg(2), visits)?)
            }
            _ => all,
        };
        Some(m.min(all))
    }
}

#[cfg(test)]
mod tests {
    use crate::term::TermStore;

    #[test]
    fn twenty_divisions_by_ten_leave_nothing_of_64_bits() {
        let mut s = TermStore::new();
        let v = s.fresh_symbol("v", crate::term::Sort::Bv(64));
        let ten = s.bv_u(64, 10);
        let zero = s.bv_zero(64);
        let mut x = v;
        for k in 1..=20 {
            x = s.bvudiv(x, ten);
            let gone = s.eq(x, zero);
            // 2^64 - 1 has 20 decimal digits: only after the 20th division is x surely 0
            assert_eq!(s.as_bool(gone), if k == 20 { Some(true) } else { None }, "after {k} divisions");
        }
    }

    #[test]
    fn a_remainder_or_mask_bounds_a_comparison() {
        let mut s = TermStore::new();
        let v = s.fresh_symbol("v", crate::term::Sort::Bv(32));
        let eight = s.bv_u(32, 8);
        let r = s.bvurem(v, eight);
        let lt8 = s.bvult(r, eight);
        assert_eq!(s.as_bool(lt8), Some(true));
        let seven = s.bv_u(32, 7);
        let lt7 = s.bvult(r, seven);
        assert_eq!(s.as_bool(lt7), None, "v % 8 may be 7");
        let mask = s.bv_u(32, 0xff);
        let m = s.bvand(v, mask);
        let big = s.bv_u(32, 256);
        let eq = s.eq(m, big);
        assert_eq!(s.as_bool(eq), Some(false));
        let le = s.bvule(big, m);
        assert_eq!(s.as_bool(le), Some(false));
    }
}
