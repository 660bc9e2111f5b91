//! Branches on constant conditions are decided, and code no path reaches is removed.
//!
//! `if (false) dum = dum + 10;` (EqBench's bess/bessi) or `if (DEBUG) { … }` with `DEBUG`
//! defined as 0 leaves a jump on a constant condition and code behind it that never runs.
//! After this pass the version that wrote the dead branch has the IR of the one that did not.
//! The pass keeps every behaviour:
//! - a jump whose condition is a constant expression (literals under casts, `!`,
//!   comparisons, `&&` and `||`; evaluated exactly, floating comparisons as IEEE does) always
//!   or never jumps, so it becomes an unconditional jump or goes;
//! - an unconditional jump to the next instruction does nothing;
//! - an instruction no path from the function's start reaches never runs.
//!
//! Jumps to a removed instruction land on the next kept one. The function's last instruction
//! is always kept (it ends the body).

use super::flow;
use crate::ir::{BinOp, Expr, ExprKind, InstrKind, Program, Type, UnOp};

/// Decides constant branches and removes unreachable code in every function with a body
/// (models aside); returns how many instructions changed or went.
pub fn fold_constant_branches(p: &mut Program) -> usize {
    flow::each_body(p, |_, _, body| {
        let mut n = 0;
        let mut drop = vec![false; body.len()];
        for (i, ins) in body.iter_mut().enumerate() {
            if let InstrKind::Goto { cond: Some(c), target } = &ins.kind {
                match constant_truth(c) {
                    Some(true) => ins.kind = InstrKind::Goto { cond: None, target: *target },
                    Some(false) => {
                        ins.kind = InstrKind::Skip;
                        drop[i] = true;
                    }
                    None => continue,
                }
                n += 1;
            }
        }
        let reach = flow::reachable(body);
        for (i, ins) in body.iter().enumerate() {
            let no_op = matches!(ins.kind, InstrKind::Goto { cond: None, target } if target == i + 1);
            if !drop[i] && (no_op || !reach[i]) {
                drop[i] = true;
                n += 1;
            }
        }
        // (the last instruction ends the body: kept, as a `skip` if it was a false jump)
        if let Some(d) = drop.last_mut() {
            *d = false;
        }
        if drop.iter().any(|&d| d) {
            *body = flow::remove_marked(std::mem::take(body), &drop);
        }
        n
    })
}

/// A constant's value: an integer (of its type, sign-extended) or a floating value.
#[derive(Clone, Copy)]
enum Literal {
    Int(i128),
    Float(f64),
}

impl Literal {
    fn truth(self) -> bool {
        match self {
            Literal::Int(v) => v != 0,
            // (NaN is not zero: true)
            Literal::Float(v) => v != 0.0,
        }
    }
}

/// Whether a constant condition holds, when it is one.
fn constant_truth(e: &Expr) -> Option<bool> {
    literal(e).map(Literal::truth)
}

fn literal(e: &Expr) -> Option<Literal> {
    match &e.kind {
        ExprKind::Int(bits) => int_value(*bits, &e.ty).map(Literal::Int),
        ExprKind::Float(v) => matches!(e.ty, Type::Float(crate::ir::FloatKind::Double | crate::ir::FloatKind::Float))
            .then_some(Literal::Float(*v)),
        ExprKind::Cast(a, _) => {
            let v = literal(a)?;
            match (&e.ty, v) {
                (Type::Bool, v) => Some(Literal::Int(v.truth() as i128)),
                // (an integer converted to an integer type that holds it keeps its value)
                (t, Literal::Int(x)) if t.is_int() => fits(x, t).then_some(Literal::Int(x)),
                _ => None,
            }
        }
        ExprKind::Unary(UnOp::LogNot, a) => Some(Literal::Int(!literal(a)?.truth() as i128)),
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (literal(a)?, literal(b)?);
            let r = match op {
                BinOp::LogAnd => x.truth() && y.truth(),
                BinOp::LogOr => x.truth() || y.truth(),
                _ => compare(*op, x, y)?,
            };
            Some(Literal::Int(r as i128))
        }
        _ => None,
    }
}

fn compare(op: BinOp, x: Literal, y: Literal) -> Option<bool> {
    use std::cmp::Ordering;
    let ord = match (x, y) {
        (Literal::Int(a), Literal::Int(b)) => Some(a.cmp(&b)),
        // (IEEE: NaN is unordered, so only != holds)
        (Literal::Float(a), Literal::Float(b)) => a.partial_cmp(&b),
        _ => return None,
    };
    Some(match op {
        BinOp::Eq => ord == Some(Ordering::Equal),
        BinOp::Ne => ord != Some(Ordering::Equal),
        BinOp::Lt => ord == Some(Ordering::Less),
        BinOp::Le => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
        BinOp::Gt => ord == Some(Ordering::Greater),
        BinOp::Ge => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
        _ => return None,
    })
}

/// The value of integer bits in type `t` (sign-extended when signed).
fn int_value(bits: u128, t: &Type) -> Option<i128> {
    let w = match t {
        Type::Bool => 1,
        _ => t.int_width()?,
    };
    if w == 0 || w > 127 {
        return None;
    }
    let mask = (1u128 << w) - 1;
    let v = bits & mask;
    let signed = t.is_signed();
    Some(if signed && (v >> (w - 1)) & 1 == 1 { v as i128 - (1i128 << w) } else { v as i128 })
}

/// Whether `t` holds the integer `x`.
fn fits(x: i128, t: &Type) -> bool {
    let Some(w) = (match t {
        Type::Bool => Some(1),
        _ => t.int_width(),
    }) else {
        return false;
    };
    if w == 0 || w > 127 {
        return false;
    }
    if t.is_signed() {
        let half = 1i128 << (w - 1);
        (-half..half).contains(&x)
    } else {
        (0..(1i128 << w)).contains(&x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{IntName, IntTy};

    fn int(v: i128) -> Expr {
        Expr::int(v, Type::Int(IntTy { width: 32, signed: true, name: IntName::Int }))
    }

    #[test]
    fn constant_conditions_are_evaluated_exactly() {
        let t = int(0).ty.clone();
        assert_eq!(constant_truth(&Expr::unary(UnOp::LogNot, int(0), t.clone())), Some(true));
        assert_eq!(constant_truth(&Expr::binary(BinOp::Lt, int(-1), int(0), t.clone())), Some(true));
        assert_eq!(constant_truth(&Expr::binary(BinOp::Gt, int(-1), int(0), t.clone())), Some(false));
        let d = Type::Float(crate::ir::FloatKind::Double);
        let fl = |v: f64| Expr::new(ExprKind::Float(v), d.clone());
        // -0.0 == 0.0, NaN compares unordered
        assert_eq!(constant_truth(&Expr::binary(BinOp::Eq, fl(-0.0), fl(0.0), t.clone())), Some(true));
        assert_eq!(constant_truth(&Expr::binary(BinOp::Eq, fl(f64::NAN), fl(f64::NAN), t.clone())), Some(false));
        assert_eq!(constant_truth(&Expr::binary(BinOp::Ne, fl(f64::NAN), fl(f64::NAN), t.clone())), Some(true));
        // a variable is no constant
        let x = Expr::var(crate::ir::VarId(0), t.clone());
        assert_eq!(constant_truth(&Expr::binary(BinOp::LogAnd, int(0), x, t.clone())), None);
        // a conversion that would change the value is not evaluated
        let uchar = Type::Int(IntTy { width: 8, signed: false, name: IntName::UChar });
        assert_eq!(constant_truth(&Expr::cast(int(256), uchar)), None);
    }
}
