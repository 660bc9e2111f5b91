//! Fixed-width bit-vector constants of any width.
//!
//! Values are stored as little-endian 64-bit limbs with the bits above `width` kept at zero.
//! Arithmetic that C code needs on scalars (up to 128 bits) is exact; on wider vectors (flattened
//! structs) only the bitwise operations, shifts, comparisons, extraction and concatenation are
//! provided — the simplifier leaves wide arithmetic symbolic.

use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bits {
    width: u32,
    limbs: Box<[u64]>,
}

fn limbs_for(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

impl Bits {
    pub fn zero(width: u32) -> Bits {
        assert!(width > 0, "zero-width bit-vector");
        Bits { width, limbs: vec![0u64; limbs_for(width)].into_boxed_slice() }
    }

    pub fn ones(width: u32) -> Bits {
        let mut b = Bits { width, limbs: vec![u64::MAX; limbs_for(width)].into_boxed_slice() };
        b.normalize();
        b
    }

    /// The low `width` bits of `v`.
    pub fn from_u128(width: u32, v: u128) -> Bits {
        let mut b = Bits::zero(width);
        b.limbs[0] = v as u64;
        if b.limbs.len() > 1 {
            b.limbs[1] = (v >> 64) as u64;
        }
        b.normalize();
        b
    }

    /// Two's complement of `v` in `width` bits (sign-extended into wide vectors).
    pub fn from_i128(width: u32, v: i128) -> Bits {
        let mut b = Bits::zero(width);
        let fill = if v < 0 { u64::MAX } else { 0 };
        for (i, l) in b.limbs.iter_mut().enumerate() {
            *l = match i {
                0 => v as u64,
                1 => (v >> 64) as u64,
                _ => fill,
            };
        }
        b.normalize();
        b
    }

    pub fn from_bool(v: bool) -> Bits {
        Bits::from_u128(1, v as u128)
    }

    fn normalize(&mut self) {
        let rem = self.width % 64;
        if rem != 0 {
            let last = self.limbs.len() - 1;
            self.limbs[last] &= (1u64 << rem) - 1;
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    pub fn bit(&self, i: u32) -> bool {
        if i >= self.width {
            return false;
        }
        (self.limbs[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    fn set_bit(&mut self, i: u32, v: bool) {
        let (l, o) = ((i / 64) as usize, i % 64);
        if v {
            self.limbs[l] |= 1 << o;
        } else {
            self.limbs[l] &= !(1 << o);
        }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }

    pub fn is_ones(&self) -> bool {
        *self == Bits::ones(self.width)
    }

    pub fn is_one(&self) -> bool {
        self.limbs[0] == 1 && self.limbs[1..].iter().all(|&l| l == 0)
    }

    /// The value as an unsigned number, if it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        if self.limbs.len() > 2 && self.limbs[2..].iter().any(|&l| l != 0) {
            return None;
        }
        let lo = self.limbs[0] as u128;
        let hi = self.limbs.get(1).copied().unwrap_or(0) as u128;
        Some(lo | (hi << 64))
    }

    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    /// The value as a signed number (two's complement in `width` bits), if width ≤ 128.
    pub fn to_i128(&self) -> Option<i128> {
        if self.width > 128 {
            return None;
        }
        let v = self.to_u128()?;
        if self.width == 128 {
            return Some(v as i128);
        }
        let sign = 1u128 << (self.width - 1);
        Some(if v & sign != 0 { (v as i128) - (1i128 << self.width) } else { v as i128 })
    }

    pub fn msb(&self) -> bool {
        self.bit(self.width - 1)
    }

    fn small(&self) -> Option<u128> {
        if self.width <= 128 {
            self.to_u128()
        } else {
            None
        }
    }

    pub fn extract(&self, hi: u32, lo: u32) -> Bits {
        assert!(hi >= lo && hi < self.width, "bad extract [{hi}:{lo}] of width {}", self.width);
        let w = hi - lo + 1;
        if let Some(v) = self.small() {
            return Bits::from_u128(w, v >> lo);
        }
        let mut r = Bits::zero(w);
        for i in 0..w {
            if self.bit(lo + i) {
                r.set_bit(i, true);
            }
        }
        r
    }

    /// `hi` occupies the most significant bits of the result.
    pub fn concat(hi: &Bits, lo: &Bits) -> Bits {
        let w = hi.width + lo.width;
        if w <= 128 {
            let h = hi.to_u128().unwrap_or(0);
            let l = lo.to_u128().unwrap_or(0);
            return Bits::from_u128(w, (h << lo.width) | l);
        }
        let mut r = Bits::zero(w);
        // Copy low part limb-wise, high part bit-wise from its offset.
        r.limbs[..lo.limbs.len()].copy_from_slice(&lo.limbs);
        let off = lo.width;
        if off.is_multiple_of(64) {
            let start = (off / 64) as usize;
            r.limbs[start..start + hi.limbs.len()].copy_from_slice(&hi.limbs);
        } else {
            for i in 0..hi.width {
                if hi.bit(i) {
                    r.set_bit(off + i, true);
                }
            }
        }
        r
    }

    pub fn zext(&self, extra: u32) -> Bits {
        if extra == 0 {
            return self.clone();
        }
        Bits::concat(&Bits::zero(extra), self)
    }

    pub fn sext(&self, extra: u32) -> Bits {
        if extra == 0 {
            return self.clone();
        }
        let fill = if self.msb() { Bits::ones(extra) } else { Bits::zero(extra) };
        Bits::concat(&fill, self)
    }

    fn zip(&self, o: &Bits, f: impl Fn(u64, u64) -> u64) -> Bits {
        assert_eq!(self.width, o.width);
        let mut r = self.clone();
        for (a, b) in r.limbs.iter_mut().zip(o.limbs.iter()) {
            *a = f(*a, *b);
        }
        r.normalize();
        r
    }

    pub fn and(&self, o: &Bits) -> Bits {
        self.zip(o, |a, b| a & b)
    }
    pub fn or(&self, o: &Bits) -> Bits {
        self.zip(o, |a, b| a | b)
    }
    pub fn xor(&self, o: &Bits) -> Bits {
        self.zip(o, |a, b| a ^ b)
    }
    pub fn not(&self) -> Bits {
        let mut r = self.clone();
        for l in r.limbs.iter_mut() {
            *l = !*l;
        }
        r.normalize();
        r
    }

    pub fn add(&self, o: &Bits) -> Bits {
        assert_eq!(self.width, o.width);
        let mut r = Bits::zero(self.width);
        let mut carry = 0u64;
        for i in 0..r.limbs.len() {
            let (s1, c1) = self.limbs[i].overflowing_add(o.limbs[i]);
            let (s2, c2) = s1.overflowing_add(carry);
            r.limbs[i] = s2;
            carry = (c1 as u64) + (c2 as u64);
        }
        r.normalize();
        r
    }

    pub fn neg(&self) -> Bits {
        self.not().add(&Bits::from_u128(self.width, 1))
    }

    pub fn sub(&self, o: &Bits) -> Bits {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Bits) -> Option<Bits> {
        let (a, b) = (self.small()?, o.small()?);
        Some(Bits::from_u128(self.width, a.wrapping_mul(b)))
    }

    /// SMT-LIB `bvudiv`: division by zero gives all ones.
    pub fn udiv(&self, o: &Bits) -> Option<Bits> {
        let (a, b) = (self.small()?, o.small()?);
        Some(match a.checked_div(b) {
            Some(q) => Bits::from_u128(self.width, q),
            None => Bits::ones(self.width),
        })
    }

    /// SMT-LIB `bvurem`: remainder by zero gives the dividend.
    pub fn urem(&self, o: &Bits) -> Option<Bits> {
        let (a, b) = (self.small()?, o.small()?);
        Some(if b == 0 { self.clone() } else { Bits::from_u128(self.width, a % b) })
    }

    /// SMT-LIB `bvsdiv` (truncating), defined through `bvudiv` on magnitudes.
    pub fn sdiv(&self, o: &Bits) -> Option<Bits> {
        self.small()?;
        let (na, nb) = (self.msb(), o.msb());
        let ma = if na { self.neg() } else { self.clone() };
        let mb = if nb { o.neg() } else { o.clone() };
        let q = ma.udiv(&mb)?;
        Some(if na != nb { q.neg() } else { q })
    }

    /// SMT-LIB `bvsrem`: sign follows the dividend.
    pub fn srem(&self, o: &Bits) -> Option<Bits> {
        self.small()?;
        let (na, nb) = (self.msb(), o.msb());
        let ma = if na { self.neg() } else { self.clone() };
        let mb = if nb { o.neg() } else { o.clone() };
        let r = ma.urem(&mb)?;
        Some(if na { r.neg() } else { r })
    }

    /// Shift amount taken from `o` as an unsigned number; ≥ width gives zero.
    pub fn shl(&self, o: &Bits) -> Bits {
        let n = o.to_u128().unwrap_or(u128::MAX);
        if n >= self.width as u128 {
            return Bits::zero(self.width);
        }
        let n = n as u32;
        if let Some(v) = self.small() {
            return Bits::from_u128(self.width, v << n);
        }
        let mut r = Bits::zero(self.width);
        for i in n..self.width {
            if self.bit(i - n) {
                r.set_bit(i, true);
            }
        }
        r
    }

    pub fn lshr(&self, o: &Bits) -> Bits {
        let n = o.to_u128().unwrap_or(u128::MAX);
        if n >= self.width as u128 {
            return Bits::zero(self.width);
        }
        let n = n as u32;
        if let Some(v) = self.small() {
            return Bits::from_u128(self.width, v >> n);
        }
        let mut r = Bits::zero(self.width);
        for i in 0..self.width - n {
            if self.bit(i + n) {
                r.set_bit(i, true);
            }
        }
        r
    }

    pub fn ashr(&self, o: &Bits) -> Bits {
        let sign = self.msb();
        let n = o.to_u128().unwrap_or(u128::MAX);
        if n >= self.width as u128 {
            return if sign { Bits::ones(self.width) } else { Bits::zero(self.width) };
        }
        let n = n as u32;
        let mut r = self.lshr(o);
        if sign {
            for i in self.width - n..self.width {
                r.set_bit(i, true);
            }
        }
        r
    }

    pub fn ucmp(&self, o: &Bits) -> Ordering {
        assert_eq!(self.width, o.width);
        for i in (0..self.limbs.len()).rev() {
            match self.limbs[i].cmp(&o.limbs[i]) {
                Ordering::Equal => continue,
                x => return x,
            }
        }
        Ordering::Equal
    }

    pub fn scmp(&self, o: &Bits) -> Ordering {
        match (self.msb(), o.msb()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(o),
        }
    }

    /// Number of leading zero bits.
    pub fn leading_zeros(&self) -> u32 {
        (0..self.width).rev().take_while(|&i| !self.bit(i)).count() as u32
    }

    pub fn to_hex(&self) -> String {
        let digits = (self.width as usize).div_ceil(4);
        let mut s = String::with_capacity(digits);
        for d in (0..digits).rev() {
            let mut v = 0;
            for k in 0..4 {
                if self.bit((d * 4 + k) as u32) {
                    v |= 1 << k;
                }
            }
            s.push(std::char::from_digit(v, 16).unwrap_or('?'));
        }
        s
    }

    pub fn to_binary(&self) -> String {
        (0..self.width).rev().map(|i| if self.bit(i) { '1' } else { '0' }).collect()
    }

    /// Unsigned decimal rendering (any width).
    pub fn to_udec(&self) -> String {
        if let Some(v) = self.to_u128() {
            return v.to_string();
        }
        format!("0x{}", self.to_hex())
    }

    pub fn to_sdec(&self) -> String {
        match self.to_i128() {
            Some(v) => v.to_string(),
            None => self.to_udec(),
        }
    }
}

impl fmt::Debug for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}bv{}", self.to_udec(), self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_roundtrip_and_division_follow_smtlib() {
        let m = Bits::from_i128(32, -7);
        assert_eq!(m.to_i128(), Some(-7));
        assert_eq!(m.to_u128(), Some(0xFFFF_FFF9));
        let two = Bits::from_i128(32, 2);
        assert_eq!(m.sdiv(&two).and_then(|q| q.to_i128()), Some(-3));
        assert_eq!(m.srem(&two).and_then(|q| q.to_i128()), Some(-1));
        let zero = Bits::zero(32);
        assert!(m.udiv(&zero).map(|q| q.is_ones()).unwrap_or(false));
        assert_eq!(m.urem(&zero), Some(m.clone()));
    }

    #[test]
    fn wide_concat_extract_roundtrip() {
        let a = Bits::from_u128(100, 0xDEAD_BEEF_0123_4567_89AB);
        let b = Bits::from_u128(70, 0x3F_FFFF_FFFF_FFFF_FFFF);
        let c = Bits::concat(&a, &b);
        assert_eq!(c.width(), 170);
        assert_eq!(c.extract(69, 0), b);
        assert_eq!(c.extract(169, 70), a);
        assert_eq!(c.lshr(&Bits::from_u128(170, 70)).extract(99, 0), a);
    }

    #[test]
    fn shifts_saturate_like_smtlib() {
        let x = Bits::from_i128(8, -128);
        assert_eq!(x.ashr(&Bits::from_u128(8, 3)).to_i128(), Some(-16));
        assert!(x.shl(&Bits::from_u128(8, 8)).is_zero());
        assert!(x.ashr(&Bits::from_u128(8, 200)).is_ones());
        assert_eq!(Bits::from_u128(16, 1).leading_zeros(), 15);
    }
}
