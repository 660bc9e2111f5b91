//! Calls through function pointers become a dispatch over the functions that can be targets:
//! those whose address is taken somewhere in the program and whose type fits the call. A
//! pointer to none of them violates a `function-pointer` claim and ends the path.
//!
//! Where the entry's inputs are the caller's heap (`caller_preconditions`), a function pointer
//! read from the caller's memory (cJSON's `hooks->allocate`, with `hooks` a parameter) is what
//! the caller put there: a valid function is one of the function's needs of its caller (a
//! precondition claim, as for the bounds of the caller's objects), not a violation of its own.
//! A pointer that is not the caller's (a local never set, a global of the function's own) still
//! violates the `function-pointer` claim.
//!
//! In an equivalence product (both versions lowered side by side, `f@old` and `f@new`), a
//! pointer to either version's `f` means "function `f`": the new version calls `f@new`
//! through it and the old one `f@old`. The two runs share their inputs, and the new run's
//! globals start as copies of the old run's, so a pointer the new run finds in memory is
//! often the old version's (cJSON's `global_hooks.allocate = internal_malloc`); calling the
//! old body there would compare the old code with itself.

use crate::ir::display::expr_to_c;
use crate::ir::rewrite::{original, rewrite};
use crate::ir::targets::{address_taken_functions, fits, other_version, version};
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, FuncId, FuncType, Instr, InstrKind, Program, Type, UnOp};

/// Whether the lvalue `e` is read through a pointer (`hooks->allocate`, `t->ops[i]`).
fn read_through_pointer(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Deref(_) => true,
        ExprKind::Member(inner, _) | ExprKind::Index(inner, _) => read_through_pointer(inner),
        _ => false,
    }
}

pub fn dispatch_function_pointers(p: &mut Program, caller_preconditions: bool) {
    let targets = address_taken_functions(p);
    let snapshot_funcs: Vec<(FuncId, FuncType)> = targets.iter().map(|&f| (f, p.func(f).ty.clone())).collect();
    let int = p.target.int_t();
    // (in a product: each candidate's counterpart in the other version, which a caller of
    // that version calls instead; a changed signature has none: the pointer's type fits one)
    let mut counterpart: std::collections::HashMap<FuncId, FuncId> = Default::default();
    for &(f, _) in &snapshot_funcs {
        if let Some((base, tag)) = version(&p.func(f).name) {
            let same_type = |g: &FuncId| p.func(*g).ty == p.func(f).ty;
            if let Some(g) = p.func_named(&format!("{base}@{}", other_version(tag))).filter(same_type) {
                counterpart.insert(f, g);
            }
        }
    }
    for fi in 0..p.funcs.len() {
        let caller_tag = version(&p.funcs[fi].name).map(|(_, tag)| tag);
        let Some(body) = p.funcs[fi].body.take() else {
            continue;
        };
        let body = rewrite(body, |ins| {
            let InstrKind::Call { lhs, func, args } = &ins.kind else {
                return (vec![], None);
            };
            if matches!(func.kind, ExprKind::Func(_)) {
                return (vec![], None);
            }
            let want = match &func.ty {
                Type::Pointer(t) => match &**t {
                    Type::Function(ft) => (**ft).clone(),
                    _ => return (vec![], None),
                },
                _ => return (vec![], None),
            };
            let loc = ins.loc;
            let cands: Vec<&(FuncId, FuncType)> = snapshot_funcs.iter().filter(|(_, t)| fits(t, &want)).collect();
            // Layout: for each candidate k: [test_k: if (fp != &f_k) goto test_{k+1}; call f_k; goto end]
            // then: assert(false) function-pointer; end-path; end:
            let mut code = Vec::new();
            let n = cands.len();
            let block = 3;
            let tail = n * block;
            // (the tail: the claim(s) of a pointer to none of them, then the end of the path)
            let theirs_slot = caller_preconditions && read_through_pointer(func);
            let end = tail + if theirs_slot { 3 } else { 2 };
            for (k, (f, fty)) in cands.iter().enumerate() {
                let fexpr = Expr::new(ExprKind::Func(*f), Type::Function(std::rc::Rc::new(fty.clone())));
                let faddr = Expr::new(ExprKind::AddrOf(Box::new(fexpr.clone())), func.ty.clone());
                // (the caller's version of the function the pointer names)
                let other_side = caller_tag.is_some_and(|t| version(&p.func(*f).name).is_some_and(|(_, v)| v != t));
                let called = counterpart.get(f).copied().filter(|_| other_side).unwrap_or(*f);
                let fexpr = Expr::new(ExprKind::Func(called), fexpr.ty.clone());
                let ne = Expr::binary(BinOp::Ne, func.clone(), faddr, int.clone());
                code.push(Instr::new(InstrKind::Goto { cond: Some(ne), target: (k + 1) * block }, loc));
                let conv_args: Vec<Expr> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| match fty.params.get(i) {
                        Some(t) if fty.prototyped && *t != a.ty && t.is_scalar() && a.ty.is_scalar() => {
                            Expr::cast(a.clone(), t.clone())
                        }
                        _ => a.clone(),
                    })
                    .collect();
                let call_lhs = match lhs {
                    Some(l) if fty.ret != l.ty && !fty.ret.is_void() => {
                        // the candidate returns a type of the same width; convert through a cast
                        Some(l.clone())
                    }
                    Some(l) if fty.ret.is_void() => {
                        let _ = l;
                        None
                    }
                    other => other.clone(),
                };
                code.push(Instr::new(InstrKind::Call { lhs: call_lhs, func: fexpr, args: conv_args }, loc));
                code.push(Instr::new(InstrKind::Goto { cond: None, target: end }, loc));
            }
            let msg = if n == 0 {
                "function pointer call: no function of a matching type has its address taken".to_string()
            } else {
                "function pointer call: the pointer is not a valid function".to_string()
            };
            if theirs_slot {
                // the slot the pointer was read from is in the caller's object
                let slot = Expr::new(ExprKind::AddrOf(Box::new(func.clone())), Type::ptr(func.ty.clone()));
                let theirs = Expr::builtin(Builtin::IsInputObject, vec![slot], int.clone());
                let not_theirs = Expr::unary(UnOp::LogNot, theirs.clone(), int.clone());
                let what = expr_to_c(&*p, func);
                code.push(Instr::new(
                    InstrKind::Assert { cond: theirs, kind: ClaimKind::FunctionPointer, msg: msg.clone() },
                    loc,
                ));
                code.push(Instr::new(
                    InstrKind::Assert {
                        cond: not_theirs,
                        kind: ClaimKind::Precondition,
                        msg: format!(
                            "function pointer call: not a function whose address the code takes, through `{what}` (the caller's object)"
                        ),
                    },
                    loc,
                ));
            } else {
                code.push(Instr::new(
                    InstrKind::Assert { cond: Expr::int(0, int.clone()), kind: ClaimKind::FunctionPointer, msg },
                    loc,
                ));
            }
            code.push(Instr::new(InstrKind::EndPath, loc));
            let _ = original(0);
            (vec![], Some(code))
        });
        p.funcs[fi].body = Some(body);
    }
}
