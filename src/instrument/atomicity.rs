//! `--atomicity-check` (ESBMC's flag; the thesis's Fig. 4.14): an assignment of a
//! multi-threaded program reads its shared operands one by one, so another thread may write
//! one of them before the assignment completes, and the assignment then combines values that
//! never coexisted (`x = y + z` with `z` written between the reads of `y` and `z`; `x++` with
//! `x` written between the read and the write). As ESBMC does, every shared place the
//! right-hand side reads is copied first, with a possible context switch after the copies,
//! and a claim right before the assignment states that each still has the copied value:
//!
//! ```text
//! $snap1 = y; $snap2 = z;                  -- each a step of its own
//! assert y == $snap1 && z == $snap2        -- with the assignment, one step
//! x = y + z;
//! ```
//!
//! A violation is an interleaving in which another thread wrote one of the operands while the
//! assignment was under way (a write of the same value goes unnoticed, as in ESBMC). Only
//! scalar operands are watched: an assignment with a struct or union operand is UNKNOWN
//! when reached (no claim compares them member by member yet). Runs before the shared updates are split (instrument::threads), so `x = x + 1`
//! is one assignment here.

use super::accesses::reads;
use crate::ir::build::new_var;
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, ClaimKind, Expr, ExprKind, Instr, InstrKind, Program, Type, UnOp, VarKind};

/// Adds the atomicity claims to a program that creates threads.
pub fn add_atomicity_claims(p: &mut Program) {
    if !super::threads::creates_threads(p) {
        return;
    }
    for fi in 0..p.funcs.len() {
        if p.funcs[fi].model || p.funcs[fi].body.is_none() {
            continue;
        }
        let Some(body) = p.funcs[fi].body.take() else { continue };
        let f = crate::ir::FuncId(fi as u32);
        let mut temps: Vec<(String, Type, crate::ir::Loc)> = Vec::new();
        let base = p.vars.len();
        let body = rewrite(body, |ins| {
            let InstrKind::Assign { lhs, rhs } = &ins.kind else { return (vec![], None) };
            let mut operands = Vec::new();
            reads(p, rhs, None, &mut operands);
            let int = p.target.int_t();
            let mut before = Vec::new();
            let mut same = Vec::new();
            if operands.iter().any(|a| !a.place.ty.is_scalar()) {
                // (a struct operand would need a comparison member by member: not checked, so
                // a run that reaches it cannot be called atomic)
                let why = "--atomicity-check: an assignment with a shared struct or union operand is not checked";
                before.push(Instr::new(InstrKind::Unsupported(why.into()), ins.loc));
            }
            for a in operands.iter().filter(|a| a.place.ty.is_scalar()) {
                let ty = a.place.ty.clone();
                // (named after the operand: the claim reads `y == y$before`)
                let name = format!("{}$before", crate::ir::display::expr_to_c(p, &a.place));
                temps.push((name, ty.clone(), ins.loc));
                let snap = Expr::var(crate::ir::VarId((base + temps.len() - 1) as u32), ty.clone());
                // (a read under a short circuit is copied under the same condition)
                let value = match &a.guard {
                    None => a.place.clone(),
                    Some(g) => Expr::new(
                        ExprKind::Cond(
                            Box::new(g.clone()),
                            Box::new(a.place.clone()),
                            Box::new(Expr::new(ExprKind::Zero, ty.clone())),
                        ),
                        ty.clone(),
                    ),
                };
                before.push(Instr::new(InstrKind::Assign { lhs: snap.clone(), rhs: value }, ins.loc));
                let mut unchanged = Expr::binary(BinOp::Eq, a.place.clone(), snap.clone(), int.clone());
                if matches!(ty, Type::Float(_)) {
                    // a NaN operand is unchanged if it is still a NaN
                    let nan_now = Expr::binary(BinOp::Ne, a.place.clone(), a.place.clone(), int.clone());
                    let nan_then = Expr::binary(BinOp::Ne, snap.clone(), snap, int.clone());
                    let both = Expr::binary(BinOp::LogAnd, nan_now, nan_then, int.clone());
                    unchanged = Expr::binary(BinOp::LogOr, unchanged, both, int.clone());
                }
                if let Some(g) = &a.guard {
                    let not_g = Expr::unary(UnOp::LogNot, g.clone(), int.clone());
                    unchanged = Expr::binary(BinOp::LogOr, not_g, unchanged, int.clone());
                }
                same.push(unchanged);
            }
            let Some(first) = same.first().cloned() else { return (before, None) };
            let cond = same[1..].iter().fold(first, |acc, c| Expr::binary(BinOp::LogAnd, acc, c.clone(), int.clone()));
            let msg = format!("atomicity violation on assignment to {}", crate::ir::display::expr_to_c(p, lhs));
            before.push(Instr::new(InstrKind::Assert { cond, kind: ClaimKind::Atomicity, msg }, ins.loc));
            (before, None)
        });
        for (name, ty, loc) in temps {
            new_var(p, &name, ty, VarKind::Temp(f), loc, false);
        }
        p.funcs[fi].body = Some(body);
    }
}
