//! Literals (integer, floating, character, string) and integer constant expressions.

use lang_c::ast::{Expression, FloatBase, FloatFormat, Integer, IntegerBase, IntegerSize};
use lang_c::span::Node;

use super::{LResult, Lowerer};
use crate::ir::{BinOp, Expr, ExprKind, FloatKind, IntName, Program, Target, Type, UnOp};

/// Value and type of an integer literal (C11 6.4.4.1).
pub fn int_literal(lit: &Integer, t: &Target) -> Result<(u128, Type), String> {
    let radix = match lit.base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    let digits: String = lit.number.chars().filter(|&c| c != '\'').collect();
    let v =
        u128::from_str_radix(&digits, radix).map_err(|_| format!("integer constant `{}` is too large", lit.number))?;
    if lit.suffix.imaginary {
        return Err("imaginary constants are not supported".into());
    }
    let decimal = radix == 10;
    let u = lit.suffix.unsigned;
    let candidates: Vec<IntName> = match (lit.suffix.size, u) {
        (IntegerSize::Int, false) if decimal => {
            vec![IntName::Int, IntName::Long, IntName::LongLong]
        }
        (IntegerSize::Int, false) => {
            vec![IntName::Int, IntName::UInt, IntName::Long, IntName::ULong, IntName::LongLong, IntName::ULongLong]
        }
        (IntegerSize::Int, true) => vec![IntName::UInt, IntName::ULong, IntName::ULongLong],
        (IntegerSize::Long, false) if decimal => vec![IntName::Long, IntName::LongLong],
        (IntegerSize::Long, false) => vec![IntName::Long, IntName::ULong, IntName::LongLong, IntName::ULongLong],
        (IntegerSize::Long, true) => vec![IntName::ULong, IntName::ULongLong],
        (IntegerSize::LongLong, false) if decimal => vec![IntName::LongLong],
        (IntegerSize::LongLong, false) => vec![IntName::LongLong, IntName::ULongLong],
        (IntegerSize::LongLong, true) => vec![IntName::ULongLong],
    };
    for name in candidates {
        let ty = t.int(name);
        let Type::Int(i) = ty else { continue };
        let max = if i.signed {
            (1u128 << (i.width - 1)) - 1
        } else if i.width == 128 {
            u128::MAX
        } else {
            (1u128 << i.width) - 1
        };
        if v <= max {
            return Ok((v, ty));
        }
    }
    // Too large for long long: gcc makes it unsigned long long (with a warning).
    if v <= u64::MAX as u128 {
        return Ok((v, t.int(IntName::ULongLong)));
    }
    Err(format!("integer constant `{}` is too large", lit.number))
}

/// A floating literal as (value, type). Long double literals are rounded to double first.
pub fn float_literal(lit: &lang_c::ast::Float) -> Result<(f64, Type), String> {
    if lit.suffix.imaginary {
        return Err("imaginary constants are not supported".into());
    }
    let kind = match &lit.suffix.format {
        FloatFormat::Float => FloatKind::Float,
        FloatFormat::Double => FloatKind::Double,
        FloatFormat::LongDouble => FloatKind::LongDouble,
        FloatFormat::TS18661Format(f) => match f.width {
            32 => FloatKind::Float,
            64 => FloatKind::Double,
            _ => FloatKind::LongDouble,
        },
    };
    let text: &str = &lit.number;
    let v = match lit.base {
        FloatBase::Decimal => {
            if kind == FloatKind::Float {
                text.parse::<f32>().map(|x| x as f64).map_err(|e| format!("bad float `{text}`: {e}"))?
            } else {
                text.parse::<f64>().map_err(|e| format!("bad float `{text}`: {e}"))?
            }
        }
        FloatBase::Hexadecimal => {
            let v = hex_float(text).ok_or_else(|| format!("bad hexadecimal float `{text}`"))?;
            if kind == FloatKind::Float {
                v as f32 as f64
            } else {
                v
            }
        }
    };
    Ok((v, Type::Float(kind)))
}

fn hex_float(text: &str) -> Option<f64> {
    let (mant, exp) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int, frac) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    let digits = format!("{int}{frac}");
    let m = u128::from_str_radix(if digits.is_empty() { "0" } else { &digits }, 16).ok()?;
    let e = exp - 4 * frac.len() as i32;
    Some((m as f64) * 2f64.powi(e))
}

/// Decodes the escapes of a character or string literal body (without quotes), producing code
/// units. `unit_bits` is 8 for plain and u8 strings, else 16 or 32.
pub fn decode_escapes(body: &str, unit_bits: u32) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            if unit_bits == 8 {
                let mut buf = [0u8; 4];
                out.extend(c.encode_utf8(&mut buf).bytes().map(|b| b as u32));
            } else if unit_bits == 16 {
                let mut buf = [0u16; 2];
                out.extend(c.encode_utf16(&mut buf).iter().map(|&u| u as u32));
            } else {
                out.push(c as u32);
            }
            continue;
        }
        let e = chars.next().ok_or("unterminated escape")?;
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            '\\' => 92,
            '\'' => 39,
            '"' => 34,
            '?' => 63,
            'x' => {
                let mut v: u64 = 0;
                let mut n = 0;
                while let Some(&d) = chars.peek() {
                    match d.to_digit(16) {
                        Some(x) => {
                            v = v.wrapping_mul(16).wrapping_add(x as u64);
                            n += 1;
                            chars.next();
                        }
                        None => break,
                    }
                }
                if n == 0 {
                    return Err("\\x with no digits".into());
                }
                v as u32
            }
            'u' | 'U' => {
                let n = if e == 'u' { 4 } else { 8 };
                let mut v = 0u32;
                for _ in 0..n {
                    let d = chars.next().and_then(|d| d.to_digit(16)).ok_or("bad universal character name")?;
                    v = v * 16 + d;
                }
                let ch = char::from_u32(v).ok_or("bad universal character name")?;
                if unit_bits == 8 {
                    let mut buf = [0u8; 4];
                    out.extend(ch.encode_utf8(&mut buf).bytes().map(|b| b as u32));
                    continue;
                }
                v
            }
            d if d.is_digit(8) => {
                let mut v = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(x) => {
                            v = v * 8 + x;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            other => other as u32,
        };
        out.push(if unit_bits >= 32 { v } else { v & ((1 << unit_bits) - 1) });
    }
    Ok(out)
}

/// Splits a literal into its prefix and body: `L"ab"` → ("L", "ab").
pub fn split_prefix(lit: &str, quote: char) -> (&str, &str) {
    let start = lit.find(quote).unwrap_or(0);
    let end = lit.rfind(quote).unwrap_or(lit.len());
    let body = if end > start { &lit[start + 1..end] } else { "" };
    (&lit[..start], body)
}

/// Evaluates an integer constant expression over lowered IR, if it is one.
pub fn fold_int(p: &Program, e: &Expr) -> Option<i128> {
    let v = fold(p, e)?;
    Some(v)
}

fn norm(v: i128, ty: &Type) -> Option<i128> {
    let (w, signed) = match ty {
        Type::Int(i) => (i.width, i.signed),
        Type::Bool => return Some((v != 0) as i128),
        Type::Pointer(_) => (64, false),
        _ => return None,
    };
    if w >= 128 {
        return Some(v);
    }
    let m = v & ((1i128 << w) - 1);
    Some(if signed && m >> (w - 1) & 1 == 1 { m - (1i128 << w) } else { m })
}

fn fold(p: &Program, e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => norm(*v as i128, &e.ty),
        ExprKind::Cast(a, _) => {
            if e.ty.is_float() || a.ty.is_float() {
                if let (ExprKind::Float(f), true) = (&a.kind, e.ty.is_int()) {
                    return norm(f.trunc() as i128, &e.ty);
                }
                return None;
            }
            let v = fold(p, a)?;
            norm(v, &e.ty)
        }
        ExprKind::Unary(op, a) => {
            let v = fold(p, a)?;
            norm(
                match op {
                    UnOp::Neg => v.wrapping_neg(),
                    UnOp::BitNot => !v,
                    UnOp::LogNot => (v == 0) as i128,
                },
                &e.ty,
            )
        }
        ExprKind::Binary(op, a, b) => {
            if *op == BinOp::LogAnd {
                let x = fold(p, a)?;
                return if x == 0 { Some(0) } else { Some((fold(p, b)? != 0) as i128) };
            }
            if *op == BinOp::LogOr {
                let x = fold(p, a)?;
                return if x != 0 { Some(1) } else { Some((fold(p, b)? != 0) as i128) };
            }
            if matches!(op, BinOp::PtrAdd | BinOp::PtrSub | BinOp::PtrDiff) {
                return None;
            }
            let (x, y) = (fold(p, a)?, fold(p, b)?);
            let unsigned = matches!(&a.ty, Type::Int(i) if !i.signed);
            let r = match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => {
                    if y == 0 {
                        return None;
                    }
                    x.wrapping_div(y)
                }
                BinOp::Rem => {
                    if y == 0 {
                        return None;
                    }
                    x.wrapping_rem(y)
                }
                BinOp::Shl => {
                    if !(0..128).contains(&y) {
                        return None;
                    }
                    x.wrapping_shl(y as u32)
                }
                BinOp::Shr => {
                    if !(0..128).contains(&y) {
                        return None;
                    }
                    x >> y
                }
                BinOp::BitAnd => x & y,
                BinOp::BitOr => x | y,
                BinOp::BitXor => x ^ y,
                BinOp::Eq => (x == y) as i128,
                BinOp::Ne => (x != y) as i128,
                BinOp::Lt => cmp(x, y, unsigned, a) as i128,
                BinOp::Gt => cmp(y, x, unsigned, a) as i128,
                BinOp::Le => (!cmp(y, x, unsigned, a)) as i128,
                BinOp::Ge => (!cmp(x, y, unsigned, a)) as i128,
                _ => return None,
            };
            norm(r, &e.ty)
        }
        ExprKind::Cond(c, a, b) => {
            if fold(p, c)? != 0 {
                fold(p, a)
            } else {
                fold(p, b)
            }
        }
        // &((T*)c)->m, the classic offsetof idiom
        ExprKind::AddrOf(lv) => address_const(p, lv),
        _ => None,
    }
}

fn cmp(x: i128, y: i128, unsigned: bool, a: &Expr) -> bool {
    if unsigned {
        let w = a.ty.int_width().unwrap_or(64);
        let m = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
        ((x as u128) & m) < ((y as u128) & m)
    } else {
        x < y
    }
}

fn address_const(p: &Program, lv: &Expr) -> Option<i128> {
    match &lv.kind {
        ExprKind::Deref(ptr) => fold(p, ptr),
        ExprKind::Member(base, f) => {
            let c = p.layout().composite(&base.ty)?.fields.get(*f as usize)?.offset as i128;
            Some(address_const(p, base)? + c)
        }
        ExprKind::Index(base, idx) => {
            let esz = p.size_of(&lv.ty)? as i128;
            Some(address_const(p, base)? + esz * fold(p, idx)?)
        }
        _ => None,
    }
}

impl Lowerer<'_> {
    /// Lowers an expression that must be an integer constant expression.
    pub fn const_int(&mut self, e: &Node<Expression>) -> LResult<i128> {
        self.try_const_int(e).ok_or_else(|| self.err(e.span.start, "expected an integer constant expression"))
    }

    pub fn try_const_int(&mut self, e: &Node<Expression>) -> Option<i128> {
        let saved = std::mem::take(&mut self.b.instrs);
        let r = self.rvalue(e);
        let emitted = std::mem::replace(&mut self.b.instrs, saved);
        if !emitted.is_empty() {
            return None;
        }
        fold_int(self.prog, &r.ok()?)
    }

    /// The type of an expression, without keeping any code it would emit (typeof).
    pub fn type_of_expr(&mut self, e: &Node<Expression>) -> LResult<Type> {
        let saved = std::mem::take(&mut self.b.instrs);
        let r = self.typed(e);
        self.b.instrs = saved;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(number: &str, base: IntegerBase, size: IntegerSize, unsigned: bool) -> Integer {
        Integer { base, number: number.into(), suffix: lang_c::ast::IntegerSuffix { size, unsigned, imaginary: false } }
    }

    #[test]
    fn integer_literal_types_follow_c11() {
        let t = Target::default();
        let (_, ty) = int_literal(&lit("2147483648", IntegerBase::Decimal, IntegerSize::Int, false), &t).unwrap();
        assert_eq!(ty, t.int(IntName::Long), "decimal 2^31 is long on LP64");
        let (_, ty) = int_literal(&lit("80000000", IntegerBase::Hexadecimal, IntegerSize::Int, false), &t).unwrap();
        assert_eq!(ty, t.int(IntName::UInt), "hex 0x80000000 is unsigned int");
        let t32 = Target { model: crate::ir::DataModel::Ilp32, ..Target::default() };
        let (_, ty) = int_literal(&lit("2147483648", IntegerBase::Decimal, IntegerSize::Int, false), &t32).unwrap();
        assert_eq!(ty, t32.int(IntName::LongLong), "decimal 2^31 is long long on ILP32");
    }

    #[test]
    fn escapes_decode_to_code_units() {
        assert_eq!(decode_escapes(r"a\n\x41\101\0", 8).unwrap(), vec![97, 10, 65, 65, 0]);
        assert_eq!(decode_escapes(r"\xff", 8).unwrap(), vec![255]);
        assert_eq!(split_prefix("L\"ab\"", '"'), ("L", "ab"));
    }

    #[test]
    fn hex_floats_are_exact() {
        assert_eq!(hex_float("1.8p3"), Some(12.0));
        assert_eq!(hex_float("0.1p-2"), Some(1.0 / 64.0));
    }
}
