//! Loop invariants (`__ESBMC_loop_invariant(c);` just before a loop, docs/contracts.md §3):
//! the loop is proved for every number of iterations instead of unwound. On entry the
//! invariant is asserted (base case); everything the loop assigns is given an arbitrary value
//! and the invariant assumed, which stands for the state at the start of any iteration; one
//! iteration runs, and where it would jump back the invariant is asserted again (inductive
//! step) and the path ends. Exits of the loop continue with the invariant and the exit
//! condition. A loop whose effects cannot be havocked exactly (writes through pointers, calls
//! of functions with bodies) is unsupported (UNKNOWN when reached), so a result never rests
//! on an incomplete havoc.

use std::collections::BTreeSet;

use crate::ir::rewrite::rewrite;
use crate::ir::{ClaimKind, Expr, ExprKind, FuncId, Instr, InstrKind, Program, Type, VarId};

/// The verification API's invariant statements.
fn is_invariant(p: &Program, ins: &Instr) -> Option<Expr> {
    let InstrKind::Call { func, args, .. } = &ins.kind else { return None };
    let ExprKind::Func(g) = func.kind else { return None };
    let name = p.func(g).name.as_str();
    if !matches!(name, "__ESBMC_loop_invariant" | "__CPROVER_loop_invariant") || p.func(g).body.is_some() {
        return None;
    }
    args.first().cloned()
}

/// Applies every loop invariant of `p`; returns how many loops now use one.
pub fn apply(p: &mut Program) -> usize {
    let mut n = 0;
    for fi in 0..p.funcs.len() {
        if p.funcs[fi].body.is_none() || p.funcs[fi].model {
            continue;
        }
        n += apply_in(p, FuncId(fi as u32));
    }
    n
}

/// What to do at one original instruction.
enum Edit {
    /// The loop head: before it, the base case, havoc and assumption (or the reason the
    /// loop's effects cannot be havocked). After a `for` loop's initialisation, which comes
    /// between the statement and the head.
    Entry(Vec<Instr>),
    /// An invariant statement (read into the head's code).
    Drop,
    /// The loop's back-edge: the inductive step.
    Step(Vec<Instr>),
}

fn apply_in(p: &mut Program, f: FuncId) -> usize {
    let Some(body) = p.func(f).body.clone() else { return 0 };
    let int = p.target.int_t();
    let mut edits: Vec<Option<Edit>> = (0..body.len()).map(|_| None).collect();
    let mut count = 0;
    let mut k = 0;
    while k < body.len() {
        let Some(first) = is_invariant(p, &body[k]) else {
            k += 1;
            continue;
        };
        // consecutive invariant statements are one conjunction
        let mut invs = vec![first];
        let mut last = k;
        while let Some(next) = body.get(last + 1).and_then(|i| is_invariant(p, i)) {
            invs.push(next);
            last += 1;
        }
        let loc = body[k].loc;
        // the loop: the nearest head after the statements (within a few instructions), with
        // its last back-edge
        let found = (last + 1..(last + 12).min(body.len())).find_map(|h| {
            let be = body
                .iter()
                .enumerate()
                .filter(|(i, ins)| *i > h && matches!(ins.kind, InstrKind::Goto { target, .. } if target == h))
                .map(|(i, _)| i)
                .max()?;
            Some((h, be))
        });
        let Some((head, back)) = found else {
            // no loop follows: the statement has no effect
            for e in edits.iter_mut().take(last + 1).skip(k) {
                *e = Some(Edit::Drop);
            }
            k = last + 1;
            continue;
        };
        let inv = invs
            .into_iter()
            .map(|e| Expr::cast(e, int.clone()))
            .reduce(|a, b| Expr::binary(crate::ir::BinOp::LogAnd, a, b, int.clone()))
            .unwrap_or_else(|| Expr::int(1, int.clone()));
        // an invariant that reads a value computed before the statement (a function's result)
        // would not be computed again for the inductive step
        let mut stale = None;
        inv.visit(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                if p.var(v).name.starts_with('$') {
                    stale = Some(v);
                }
            }
        });
        let entry = match havoc_set(p, &body[head..=back]) {
            _ if stale.is_some() => {
                vec![Instr::new(InstrKind::Unsupported("loop invariant: it calls a function".into()), loc)]
            }
            Err(why) => vec![Instr::new(InstrKind::Unsupported(format!("loop invariant: {why}")), loc)],
            Ok(vars) => {
                let mut code = vec![Instr::new(
                    InstrKind::Assert {
                        cond: inv.clone(),
                        kind: ClaimKind::Assertion,
                        msg: "loop invariant base case".into(),
                    },
                    loc,
                )];
                for v in vars {
                    havoc_var(p, v, loc, &mut code);
                }
                code.push(Instr::new(InstrKind::Assume(inv.clone()), loc));
                code
            }
        };
        for e in edits.iter_mut().take(last + 1).skip(k) {
            *e = Some(Edit::Drop);
        }
        edits[head] = Some(Edit::Entry(entry));
        // the back-edge: a conditional one (`do … while (c)`) leaves the loop when c is false
        let bloc = body[back].loc;
        let mut step = Vec::new();
        if let InstrKind::Goto { cond: Some(c), .. } = &body[back].kind {
            let not = Expr::unary(crate::ir::UnOp::LogNot, c.clone(), int.clone());
            step.push(Instr::new(InstrKind::Goto { cond: Some(not), target: usize::MAX - (back + 1) }, bloc));
        }
        step.push(Instr::new(
            InstrKind::Assert { cond: inv, kind: ClaimKind::Assertion, msg: "loop invariant inductive step".into() },
            bloc,
        ));
        step.push(Instr::new(InstrKind::Assume(Expr::int(0, int.clone())), bloc));
        edits[back] = Some(Edit::Step(step));
        count += 1;
        k = last + 1;
    }
    if count == 0 && edits.iter().all(Option::is_none) {
        return 0;
    }
    let mut i = 0;
    let new = rewrite(body, |_| {
        let e = edits.get_mut(i).and_then(Option::take);
        i += 1;
        match e {
            None => (vec![], None),
            Some(Edit::Drop) => (vec![], Some(vec![])),
            // (before the head: the back-edge that jumped to it is gone)
            Some(Edit::Entry(code)) => (code, None),
            Some(Edit::Step(code)) => (vec![], Some(code)),
        }
    });
    p.funcs[f.0 as usize].body = Some(new);
    count
}

/// The variables a loop assigns (its own declarations left out), or why its effects cannot
/// be havocked exactly.
fn havoc_set(p: &Program, region: &[Instr]) -> Result<Vec<VarId>, String> {
    let declared: BTreeSet<VarId> =
        region.iter().filter_map(|i| if let InstrKind::Decl(v) = i.kind { Some(v) } else { None }).collect();
    let mut out = BTreeSet::new();
    let mut note = |lhs: &Expr| -> Result<(), String> {
        match root(lhs) {
            Some(v) if !declared.contains(&v) => {
                out.insert(v);
                Ok(())
            }
            Some(_) => Ok(()),
            None => Err("the loop writes memory through a pointer".into()),
        }
    };
    for ins in region {
        match &ins.kind {
            InstrKind::Assign { lhs, .. } => note(lhs)?,
            InstrKind::Call { lhs, func, .. } => {
                if let ExprKind::Func(g) = func.kind {
                    if !harmless(p, g) {
                        return Err(format!("the loop calls `{}`, whose effects it cannot havoc", p.func(g).name));
                    }
                } else {
                    return Err("the loop calls a function through a pointer".into());
                }
                if let Some(l) = lhs {
                    note(l)?;
                }
            }
            _ => {}
        }
    }
    // a variable whose address is taken may be written through a pointer elsewhere
    if let Some(v) = out.iter().find(|v| p.var(**v).addressed && p.var(**v).ty.is_pointer()) {
        return Err(format!("`{}` is reached through pointers", p.var(*v).name));
    }
    Ok(out.into_iter().collect())
}

/// Body-less functions without effects on the program's state: the verification API
/// (assumptions, assertions, invariant statements) and nondeterministic values.
pub(super) fn harmless(p: &Program, g: FuncId) -> bool {
    let gf = p.func(g);
    gf.body.is_none()
        && (gf.name.starts_with("__VERIFIER_nondet")
            || gf.name.starts_with("nondet_")
            || matches!(
                gf.name.as_str(),
                "__VERIFIER_assume"
                    | "__ESBMC_assume"
                    | "__CPROVER_assume"
                    | "__VERIFIER_assert"
                    | "__ESBMC_assert"
                    | "__CPROVER_assert"
                    | "assert"
                    | "__assert_fail"
                    | "__ESBMC_loop_invariant"
                    | "__CPROVER_loop_invariant"
                    | "reach_error"
                    | "abort"
            ))
}

/// The variable an lvalue writes (None when it writes through a pointer).
pub(super) fn root(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => root(b),
        _ => None,
    }
}

/// `v = nondet` (an array element by element).
pub(super) fn havoc_var(p: &Program, v: VarId, loc: crate::ir::Loc, out: &mut Vec<Instr>) {
    fn go(p: &Program, e: Expr, loc: crate::ir::Loc, out: &mut Vec<Instr>) {
        match e.ty.clone() {
            Type::Array(elem, crate::ir::ArrayLen::Fixed(n)) if n <= 4096 => {
                for i in 0..n {
                    let idx = Expr::int(i as i128, p.target.size_t());
                    go(p, Expr::new(ExprKind::Index(Box::new(e.clone()), Box::new(idx)), (*elem).clone()), loc, out);
                }
            }
            Type::Array(..) => {
                out.push(Instr::new(InstrKind::Unsupported("loop invariant: an array too large to havoc".into()), loc))
            }
            t => out.push(Instr::new(InstrKind::Assign { lhs: e, rhs: Expr::new(ExprKind::Nondet, t) }, loc)),
        }
    }
    go(p, Expr::var(v, p.var(v).ty.clone()), loc, out);
}
