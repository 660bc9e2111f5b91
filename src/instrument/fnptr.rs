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

use std::collections::BTreeSet;

use crate::ir::display::expr_to_c;
use crate::ir::rewrite::{original, rewrite};
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, FuncId, FuncType, Instr, InstrKind, Program, Type, UnOp};

fn address_taken_functions(p: &Program) -> BTreeSet<FuncId> {
    let mut out = BTreeSet::new();
    let mut note = |e: &Expr| {
        e.visit(&mut |x| {
            if let ExprKind::AddrOf(inner) = &x.kind {
                if let ExprKind::Func(f) = inner.kind {
                    out.insert(f);
                }
            }
        })
    };
    let bodies = p.funcs.iter().filter_map(|f| f.body.as_ref()).chain(std::iter::once(&p.init));
    for body in bodies {
        for ins in body {
            match &ins.kind {
                InstrKind::Assign { lhs, rhs } => {
                    note(lhs);
                    note(rhs);
                }
                InstrKind::Assume(e) | InstrKind::Assert { cond: e, .. } => note(e),
                InstrKind::Goto { cond: Some(e), .. } => note(e),
                InstrKind::Call { lhs, func, args } => {
                    if let Some(l) = lhs {
                        note(l);
                    }
                    if !matches!(func.kind, ExprKind::Func(_)) {
                        note(func);
                    }
                    args.iter().for_each(&mut note);
                }
                InstrKind::Return(Some(e)) => note(e),
                _ => {}
            }
        }
    }
    out
}

/// Whether a function of type `f` may be called through a pointer of type `want`.
fn fits(f: &FuncType, want: &FuncType) -> bool {
    let same_ret = f.ret == want.ret
        || (f.ret.is_pointer() && want.ret.is_pointer())
        || (f.ret.is_int() && want.ret.is_int() && f.ret.int_width() == want.ret.int_width());
    if !same_ret {
        return false;
    }
    if !f.prototyped || !want.prototyped {
        return true;
    }
    if f.params.len() != want.params.len() && !(f.variadic && want.params.len() >= f.params.len()) {
        return false;
    }
    f.params.iter().zip(&want.params).all(|(a, b)| {
        a == b || (a.is_pointer() && b.is_pointer()) || (a.is_int() && b.is_int() && a.int_width() == b.int_width())
    })
}

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
    for fi in 0..p.funcs.len() {
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
