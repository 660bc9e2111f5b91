//! Locals whose value is never read are removed with the computations that only fed them.
//!
//! A refactoring often drops a variable nobody read (`dum = bj / pow(2, bj);` in the old
//! version, gone in the new one). After this pass both versions have the same IR, so equal
//! texts (`super::identical`) decide them without a solver. The pass keeps every behaviour
//! the comparison observes: a local qualifies only when
//! - it is a local or temporary (not a parameter, not static) of arithmetic type;
//! - no instruction reads it: it appears only as the whole left-hand side of assignments
//!   and calls (so its address is never taken, no element or member of it is written, and
//!   it is no variable-length array's length);
//! - every value assigned to it is harmless to compute: it has no effect, cannot be
//!   undefined and always finishes. That is literals, reads of the function's own
//!   arithmetic variables, and floating-point operations on them (negation, `+ - * /`,
//!   comparisons, conversions to a floating type at least as wide); or a call of a
//!   library math function (a model or a native IEEE operation with floating result and
//!   arithmetic parameters) on such values. Integer arithmetic is never harmless here: it
//!   can overflow or divide by zero.
//!
//! Floating-point operations are IEEE operations in C with Annex F: an infinite or NaN
//! result is a value, not undefined behaviour (the comparison does not treat it as one
//! either). Math functions are total and, as verdiff models them, write nothing (not even
//! `errno`). Removing such a computation therefore removes nothing a run can observe. Its
//! declaration, every assignment and its end of scope go (jumps keep their targets). Rounds
//! repeat: removing `dum = bj / t` leaves the temporary `t = pow(2, bj)` unread.

use std::collections::{HashMap, HashSet};

use crate::instrument::rewrite::rewrite;
use crate::ir::{BinOp, Expr, ExprKind, FuncId, InstrKind, Program, Type, UnOp, VarId, VarKind};

/// Removes the unread locals of every function with a body (models aside); returns how many.
pub fn remove_unread_locals(p: &mut Program) -> usize {
    let mut total = 0;
    loop {
        let mut n = 0;
        for i in 0..p.funcs.len() {
            let f = FuncId(i as u32);
            if p.func(f).body.is_none() || p.func(f).model {
                continue;
            }
            let dead = unread_locals(p, f);
            if dead.is_empty() {
                continue;
            }
            n += dead.len();
            let Some(body) = p.funcs[i].body.take() else { continue };
            let body = rewrite(body, |ins| match &ins.kind {
                InstrKind::Decl(v) | InstrKind::Dead(v) if dead.contains(v) => (vec![], Some(vec![])),
                InstrKind::Assign { lhs, .. } | InstrKind::Call { lhs: Some(lhs), .. }
                    if super::constants::plain_var(lhs).is_some_and(|v| dead.contains(&v)) =>
                {
                    (vec![], Some(vec![]))
                }
                _ => (vec![], None),
            });
            p.funcs[i].body = Some(body);
        }
        if n == 0 {
            return total;
        }
        total += n;
    }
}

/// The locals of `f` that qualify (see the module's documentation).
fn unread_locals(p: &Program, f: FuncId) -> HashSet<VarId> {
    let Some(body) = &p.func(f).body else { return HashSet::new() };
    let mut read = super::constants::vla_lengths(p, f, body);
    // every value assigned to a plain variable is harmless
    let mut harmless: HashMap<VarId, bool> = HashMap::new();
    let read_all = |e: &Expr, read: &mut HashSet<VarId>| {
        e.visit(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                read.insert(v);
            }
        })
    };
    for ins in body {
        match &ins.kind {
            InstrKind::Assign { lhs, rhs } => {
                match super::constants::plain_var(lhs) {
                    Some(v) => {
                        let ok = harmless_value(p, f, rhs);
                        *harmless.entry(v).or_insert(true) &= ok;
                    }
                    None => read_all(lhs, &mut read),
                }
                read_all(rhs, &mut read);
            }
            InstrKind::Call { lhs, func, args } => {
                match lhs.as_ref().map(|l| (l, super::constants::plain_var(l))) {
                    Some((_, Some(v))) => {
                        let ok = math_call(p, func) && args.iter().all(|a| harmless_value(p, f, a));
                        *harmless.entry(v).or_insert(true) &= ok;
                    }
                    Some((l, None)) => read_all(l, &mut read),
                    None => {}
                }
                read_all(func, &mut read);
                args.iter().for_each(|a| read_all(a, &mut read));
            }
            _ => ins.kind.exprs().into_iter().for_each(|e| read_all(e, &mut read)),
        }
    }
    harmless
        .into_iter()
        .filter(|&(v, ok)| {
            let var = p.var(v);
            ok && !read.contains(&v)
                && matches!(var.kind, VarKind::Local(g) | VarKind::Temp(g) if g == f)
                && var.ty.is_arith()
        })
        .map(|(v, _)| v)
        .collect()
}

/// A call of a library math function: total, no effect (see [`super::callees::math_function`]).
fn math_call(p: &Program, func: &Expr) -> bool {
    matches!(func.kind, ExprKind::Func(g) if super::callees::math_function(p, g))
}

/// An expression whose evaluation has no effect, cannot be undefined and finishes.
fn harmless_value(p: &Program, f: FuncId, e: &Expr) -> bool {
    let float = |t: &Type| t.is_float();
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Float(_) => e.ty.is_arith(),
        ExprKind::Var(v) => {
            let var = p.var(*v);
            var.ty.is_arith() && !var.is_static() && var.function() == Some(f)
        }
        ExprKind::Unary(UnOp::Neg, a) => float(&e.ty) && harmless_value(p, f, a),
        ExprKind::Binary(op, a, b) => {
            let arith = matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div) && float(&e.ty);
            let cmp = matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne)
                && float(&a.ty)
                && float(&b.ty);
            (arith || cmp) && harmless_value(p, f, a) && harmless_value(p, f, b)
        }
        ExprKind::Cast(a, _) => {
            // (to a floating type from an integer, or from a floating type no wider)
            let widening = match (&e.ty, &a.ty) {
                (Type::Float(to), Type::Float(from)) => p.size_of(&Type::Float(*to)) >= p.size_of(&Type::Float(*from)),
                // (a 128-bit integer may round past the largest float)
                (Type::Float(_), from) => from.is_int() && from.int_width().is_some_and(|w| w <= 64),
                _ => false,
            };
            widening && harmless_value(p, f, a)
        }
        _ => false,
    }
}
