//! Constant folding of IEEE-754 operations for the binary32 and binary64 formats.
//!
//! Rust's `f32`/`f64` arithmetic is IEEE round-to-nearest-even, so folding is exact for that
//! rounding mode. Other formats (x87 extended) and other rounding modes are left to the solver.

use super::{Bits, Rm};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FloatFormat {
    F32,
    F64,
}

impl FloatFormat {
    pub fn of(e: u32, s: u32) -> Option<FloatFormat> {
        match (e, s) {
            (8, 24) => Some(FloatFormat::F32),
            (11, 53) => Some(FloatFormat::F64),
            _ => None,
        }
    }
}

/// The quiet NaN every NaN value is represented by.
pub fn canonical_nan(e: u32, s: u32) -> Bits {
    // sign 0, exponent all ones, top fraction bit set.
    let w = e + s;
    let exp = Bits::ones(e).zext(s);
    let exp = exp.shl(&Bits::from_u128(w, (s - 1) as u128));
    let quiet = Bits::from_u128(w, 1).shl(&Bits::from_u128(w, (s - 2) as u128));
    exp.or(&quiet)
}

pub fn is_nan_bits(e: u32, s: u32, b: &Bits) -> bool {
    let frac = b.extract(s - 2, 0);
    let exp = b.extract(e + s - 2, s - 1);
    exp.is_ones() && !frac.is_zero()
}

pub(super) fn canon(e: u32, s: u32, b: Bits) -> Bits {
    if is_nan_bits(e, s, &b) {
        canonical_nan(e, s)
    } else {
        b
    }
}

/// A folded value of a supported format.
#[derive(Clone, Copy, Debug)]
pub(super) enum F {
    S(f32),
    D(f64),
}

pub(super) fn decode(e: u32, s: u32, b: &Bits) -> Option<F> {
    match FloatFormat::of(e, s)? {
        FloatFormat::F32 => Some(F::S(f32::from_bits(b.to_u64()? as u32))),
        FloatFormat::F64 => Some(F::D(f64::from_bits(b.to_u64()?))),
    }
}

pub(super) fn encode(f: F) -> Bits {
    match f {
        F::S(x) => canon(8, 24, Bits::from_u128(32, x.to_bits() as u128)),
        F::D(x) => canon(11, 53, Bits::from_u128(64, x.to_bits() as u128)),
    }
}

pub(super) fn as_f64(f: F) -> f64 {
    match f {
        F::S(x) => x as f64,
        F::D(x) => x,
    }
}

pub(super) fn binop(op: &str, a: F, b: F) -> Option<F> {
    Some(match (a, b) {
        (F::S(x), F::S(y)) => F::S(match op {
            "add" => x + y,
            "sub" => x - y,
            "mul" => x * y,
            "div" => x / y,
            _ => return None,
        }),
        (F::D(x), F::D(y)) => F::D(match op {
            "add" => x + y,
            "sub" => x - y,
            "mul" => x * y,
            "div" => x / y,
            _ => return None,
        }),
        _ => return None,
    })
}

pub(super) fn round_int(rm: Rm, a: F) -> F {
    fn r64(rm: Rm, x: f64) -> f64 {
        match rm {
            Rm::Rne => x.round_ties_even(),
            Rm::Rna => x.round(),
            Rm::Rtp => x.ceil(),
            Rm::Rtn => x.floor(),
            Rm::Rtz => x.trunc(),
        }
    }
    fn r32(rm: Rm, x: f32) -> f32 {
        match rm {
            Rm::Rne => x.round_ties_even(),
            Rm::Rna => x.round(),
            Rm::Rtp => x.ceil(),
            Rm::Rtn => x.floor(),
            Rm::Rtz => x.trunc(),
        }
    }
    match a {
        F::S(x) => F::S(r32(rm, x)),
        F::D(x) => F::D(r64(rm, x)),
    }
}

/// Float to integer with the given rounding; `None` when NaN, infinite or out of range (the
/// SMT result is unspecified there, so the term is not folded).
pub(super) fn to_int(rm: Rm, a: F, width: u32, signed: bool) -> Option<Bits> {
    let x = as_f64(round_int(rm, a));
    if !x.is_finite() || width > 128 {
        return None;
    }
    if signed {
        let lo = -(2f64.powi(width as i32 - 1));
        let hi = 2f64.powi(width as i32 - 1);
        if x < lo || x >= hi {
            return None;
        }
        Some(Bits::from_i128(width, x as i128))
    } else {
        if x < 0.0 || x >= 2f64.powi(width as i32) {
            return None;
        }
        Some(Bits::from_u128(width, x as u128))
    }
}

/// Integer to float, round to nearest even.
pub(super) fn from_int(v: &Bits, signed: bool, e: u32, s: u32) -> Option<F> {
    let fmt = FloatFormat::of(e, s)?;
    if v.width() > 128 {
        return None;
    }
    Some(if signed {
        let i = v.to_i128()?;
        match fmt {
            FloatFormat::F32 => F::S(i as f32),
            FloatFormat::F64 => F::D(i as f64),
        }
    } else {
        let u = v.to_u128()?;
        match fmt {
            FloatFormat::F32 => F::S(u as f32),
            FloatFormat::F64 => F::D(u as f64),
        }
    })
}

pub(super) fn convert(a: F, e: u32, s: u32) -> Option<F> {
    Some(match (a, FloatFormat::of(e, s)?) {
        (F::S(x), FloatFormat::F32) => F::S(x),
        (F::S(x), FloatFormat::F64) => F::D(x as f64),
        (F::D(x), FloatFormat::F32) => F::S(x as f32),
        (F::D(x), FloatFormat::F64) => F::D(x),
    })
}

/// The value of an IEEE bit pattern of a supported format as an `f64` (for display).
pub fn fp_bits_to_f64(e: u32, s: u32, b: &Bits) -> Option<f64> {
    decode(e, s, b).map(as_f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_nan_patterns_match_ieee_quiet_nan() {
        assert_eq!(canonical_nan(8, 24).to_u128(), Some(0x7fc0_0000));
        assert_eq!(canonical_nan(11, 53).to_u128(), Some(0x7ff8_0000_0000_0000));
        assert!(is_nan_bits(8, 24, &Bits::from_u128(32, 0x7f80_0001)));
        assert!(!is_nan_bits(8, 24, &Bits::from_u128(32, 0x7f80_0000)));
    }

    #[test]
    fn double_rounding_is_avoided_for_int_to_float() {
        // 2^53 + 1 is not representable in binary64 and must round to even (2^53).
        let v = Bits::from_i128(64, (1i128 << 53) + 1);
        match from_int(&v, true, 11, 53) {
            Some(F::D(x)) => assert_eq!(x, 9007199254740992.0),
            other => panic!("{other:?}"),
        }
        // 16777217 to binary32 rounds to 16777216.
        let v = Bits::from_i128(32, 16_777_217);
        match from_int(&v, true, 8, 24) {
            Some(F::S(x)) => assert_eq!(x, 16_777_216.0),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn out_of_range_conversion_is_not_folded() {
        assert!(to_int(Rm::Rtz, F::D(3e9), 32, true).is_none());
        assert_eq!(to_int(Rm::Rtz, F::D(-2.9), 32, true).and_then(|b| b.to_i128()), Some(-2));
        assert!(to_int(Rm::Rtz, F::D(f64::NAN), 32, true).is_none());
    }
}
