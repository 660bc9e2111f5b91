//! Stores nobody reads are removed with the computations that only fed them.
//!
//! A refactoring often drops a variable nobody read (`dum = bj / pow(2, bj);` in the old
//! version, gone in the new one) or adds an assignment no later instruction reads (`bo =
//! false;` just before the function returns). After this pass both versions have the same
//! IR, so equal texts (`super::identical`) decide them without a solver. The pass keeps
//! every behaviour the comparison observes. A store is removed when
//! - its variable is a local or temporary (not a parameter, not static) of arithmetic type
//!   whose address is never taken and which is no variable-length array's length, so only
//!   the function's own instructions read it, by name;
//! - no path from the store reads the variable before it is assigned again or goes out of
//!   scope (liveness over the function's control-flow graph; a function with code verdiff
//!   does not model is left alone);
//! - the value stored is harmless to compute: it has no effect, cannot be undefined and
//!   always finishes. That is literals, reads of the function's own arithmetic variables,
//!   and floating-point operations on them (negation, `+ - * /`, comparisons, conversions
//!   to a floating type at least as wide); or a call of a library math function (a model or
//!   a native IEEE operation with floating result and arithmetic parameters) on such
//!   values. Integer arithmetic is never harmless here: it can overflow or divide by zero.
//!
//! Floating-point operations are IEEE operations in C with Annex F: an infinite or NaN
//! result is a value, not undefined behaviour (the comparison does not treat it as one
//! either). Math functions are total and, as verdiff models them, write nothing (not even
//! `errno`). Removing such a store therefore removes nothing a run can observe. A local left
//! with no instruction but its declaration and end of scope loses those too. Jumps keep
//! their targets. Rounds repeat: removing `dum = bj / t` leaves the temporary
//! `t = pow(2, bj)` unread.

use super::flow;
use crate::ir::{BinOp, Expr, ExprKind, FuncId, Instr, InstrKind, Program, Type, UnOp};

/// Removes the unread stores and unused locals of every function with a body (see
/// `flow::each_body`); returns how many instructions went. (`equiv::normalise` repeats it.)
pub fn remove_unread_locals(p: &mut Program) -> usize {
    flow::each_body(p, |p, f, body| {
        let drop = removable(p, f, body);
        let k = drop.iter().filter(|&&d| d).count();
        if k > 0 {
            *body = flow::remove_marked(std::mem::take(body), &drop);
        }
        k
    })
}

/// For each instruction of `f`: whether it is an unread harmless store or the declaration or
/// end of scope of a local nothing else mentions.
fn removable(p: &Program, f: FuncId, body: &[Instr]) -> Vec<bool> {
    let index = flow::tracked_locals(p, f, body);
    if index.is_empty() {
        return vec![false; body.len()];
    }
    let n = body.len();
    // what each instruction reads and what it kills (assigns, declares or ends)
    let mut reads: Vec<Vec<usize>> = vec![vec![]; n];
    let mut kills: Vec<Option<usize>> = vec![None; n];
    // (mentioned: by an instruction other than a declaration or end of scope)
    let mut mentioned = vec![false; index.len()];
    for (i, ins) in body.iter().enumerate() {
        let mut read = |e: &Expr| {
            e.visit(&mut |x| {
                if let ExprKind::Var(v) = x.kind {
                    if let Some(&k) = index.get(&v) {
                        reads[i].push(k);
                    }
                }
            })
        };
        let own = |l: &Expr| super::constants::plain_var(l).and_then(|v| index.get(&v).copied());
        match &ins.kind {
            InstrKind::Decl(v) | InstrKind::Dead(v) => kills[i] = index.get(v).copied(),
            InstrKind::Assign { lhs, rhs } => {
                match own(lhs) {
                    Some(k) => kills[i] = Some(k),
                    None => read(lhs),
                }
                read(rhs);
            }
            InstrKind::Call { lhs, func, args } => {
                match lhs.as_ref().map(|l| (l, own(l))) {
                    Some((_, Some(k))) => kills[i] = Some(k),
                    Some((l, None)) => read(l),
                    None => {}
                }
                read(func);
                args.iter().for_each(&mut read);
            }
            _ => ins.kind.exprs().into_iter().for_each(read),
        }
        if !matches!(ins.kind, InstrKind::Decl(_) | InstrKind::Dead(_)) {
            reads[i].iter().chain(kills[i].iter()).for_each(|&k| mentioned[k] = true);
        }
    }
    // liveness, backwards to a fixpoint (past the end nothing is live)
    let width = index.len();
    let mut live_in = vec![vec![false; width]; n + 1];
    let mut live_out = vec![vec![false; width]; n];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).rev() {
            let mut out = vec![false; width];
            for s in flow::successors(body, i) {
                for (o, l) in out.iter_mut().zip(&live_in[s.min(n)]) {
                    *o |= *l;
                }
            }
            let mut inn = out.clone();
            if let Some(k) = kills[i] {
                inn[k] = false;
            }
            for &k in &reads[i] {
                inn[k] = true;
            }
            if inn != live_in[i] {
                live_in[i] = inn;
                changed = true;
            }
            live_out[i] = out;
        }
    }
    body.iter()
        .enumerate()
        .map(|(i, ins)| match &ins.kind {
            InstrKind::Assign { rhs, .. } => kills[i].is_some_and(|k| !live_out[i][k]) && harmless_value(p, f, rhs),
            InstrKind::Call { func, args, .. } => {
                kills[i].is_some_and(|k| !live_out[i][k])
                    && math_call(p, f, func)
                    && args.iter().all(|a| harmless_value(p, f, a))
            }
            InstrKind::Decl(_) | InstrKind::Dead(_) => kills[i].is_some_and(|k| !mentioned[k]),
            _ => false,
        })
        .collect()
}

/// A call of a library math function: total, no effect (see [`super::callees::math_function`]).
/// (Not `f` itself, whose body is out of the program while the pass runs.)
fn math_call(p: &Program, f: FuncId, func: &Expr) -> bool {
    matches!(func.kind, ExprKind::Func(g) if g != f && super::callees::math_function(p, g))
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
