//! What an instruction of a multi-threaded program reads and writes of shared memory, place by
//! place (lvalues), each under the condition of its evaluation: the data-race claims
//! (instrument::races) and the atomicity claims (instrument::atomicity) are stated about them.

use crate::ir::{BinOp, ClaimKind, Expr, ExprKind, InstrKind, Program, Type, UnOp};

/// One shared place an instruction accesses, under the condition that it is evaluated
/// (None: always).
pub(super) struct Access {
    pub(super) place: Expr,
    pub(super) write: bool,
    pub(super) guard: Option<Expr>,
    /// The access covers everything from the place to the end of its object (a library call's
    /// `void *` or `char *` argument, whose extent the type does not tell).
    pub(super) to_end: bool,
}

/// The shared places an instruction reads and writes (its generated claims excluded: their
/// questions about objects are not accesses of the program's).
pub(super) fn accesses(p: &Program, k: &InstrKind) -> Vec<Access> {
    let mut out = Vec::new();
    match k {
        InstrKind::Assign { lhs, rhs } => {
            reads(p, rhs, None, &mut out);
            address_reads(p, lhs, None, &mut out);
            if shared(p, lhs) && watched(p, lhs) {
                out.push(Access { place: lhs.clone(), write: true, guard: None, to_end: false });
            }
        }
        InstrKind::Call { lhs, func, args } => {
            reads(p, func, None, &mut out);
            for a in args {
                reads(p, a, None, &mut out);
            }
            if let Some(l) = lhs {
                address_reads(p, l, None, &mut out);
            }
            library_accesses(p, func, args, &mut out);
        }
        InstrKind::Assume(c) | InstrKind::Assert { cond: c, kind: ClaimKind::Assertion, .. } => {
            reads(p, c, None, &mut out)
        }
        InstrKind::Goto { cond: Some(c), .. } => reads(p, c, None, &mut out),
        InstrKind::Return(Some(e)) => reads(p, e, None, &mut out),
        _ => {}
    }
    out
}

/// What a call of a library function (a model or a function without a body) reads and writes
/// through its pointer arguments, as far as the pointer's type tells: the pointed-to object
/// of that type (`scanf("%d", &g)` writes `g`), or for a `void *` or `char *` buffer the rest
/// of its object. A `const` pointee is read; a variadic argument is written only by the scanf
/// family. The thread library and the verifier's intrinsics are not accesses.
fn library_accesses(p: &Program, func: &Expr, args: &[Expr], out: &mut Vec<Access>) {
    let ExprKind::Func(f) = &func.kind else { return };
    let fun = p.func(*f);
    if !(fun.model || fun.body.is_none()) {
        return;
    }
    let n = fun.name.as_str();
    let runtime =
        ["pthread_", "thrd_", "mtx_", "cnd_", "sem_", "atomic_", "__VERIFIER_", "__ESBMC_", "__CPROVER_", "__verdiff_"];
    if runtime.iter().any(|r| n.starts_with(r)) || matches!(n, "free" | "realloc") {
        return;
    }
    let scanf = n.ends_with("scanf");
    for (i, a) in args.iter().enumerate() {
        let Some(pointee) = a.ty.pointee() else { continue };
        if pointee.is_function() {
            continue;
        }
        // a buffer (`memcpy(dst, …)`, `strcpy`, `fgets`): all of the object from the pointer
        // on, more than the call may touch (a race it shows may be a false one; none is missed)
        let buffer = matches!(pointee, Type::Void) || p.size_of(pointee) == Some(1);
        let write = match fun.ty.const_pointee.get(i) {
            Some(&c) if i < fun.ty.params.len() => !c,
            _ => scanf,
        };
        let place = if buffer {
            Expr::deref(Expr::cast(a.clone(), Type::ptr(p.target.int(crate::ir::IntName::UChar))))
        } else {
            Expr::deref(a.clone())
        };
        if watched(p, &place) {
            out.push(Access { place, write, guard: None, to_end: buffer });
        }
    }
}

/// The shared places evaluating `e` reads, each under the condition of its evaluation.
pub(super) fn reads(p: &Program, e: &Expr, guard: Option<&Expr>, out: &mut Vec<Access>) {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Member(..) | ExprKind::Index(..) | ExprKind::Deref(_) => {
            address_reads(p, e, guard, out);
            if !matches!(e.ty, Type::Array(..)) && shared(p, e) && watched(p, e) {
                out.push(Access { place: e.clone(), write: false, guard: guard.cloned(), to_end: false });
            }
        }
        ExprKind::AddrOf(x) => address_reads(p, x, guard, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) => reads(p, a, guard, out),
        ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
            reads(p, a, guard, out);
            let int = p.target.int_t();
            let when = match op {
                BinOp::LogAnd => (**a).clone(),
                _ => Expr::unary(UnOp::LogNot, (**a).clone(), int.clone()),
            };
            let g = both(guard, when, &int);
            reads(p, b, Some(&g), out);
        }
        ExprKind::Binary(_, a, b) => {
            reads(p, a, guard, out);
            reads(p, b, guard, out);
        }
        ExprKind::Cond(c, a, b) => {
            reads(p, c, guard, out);
            let int = p.target.int_t();
            let ga = both(guard, (**c).clone(), &int);
            reads(p, a, Some(&ga), out);
            let not_c = Expr::unary(UnOp::LogNot, (**c).clone(), int.clone());
            let gb = both(guard, not_c, &int);
            reads(p, b, Some(&gb), out);
        }
        ExprKind::Builtin(_, args) => args.iter().for_each(|a| reads(p, a, guard, out)),
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Nondet | ExprKind::Zero => {}
    }
}

/// What computing the address of the place `x` reads: the pointers and indices on the way.
fn address_reads(p: &Program, x: &Expr, guard: Option<&Expr>, out: &mut Vec<Access>) {
    match &x.kind {
        ExprKind::Member(b, _) => address_reads(p, b, guard, out),
        ExprKind::Index(b, i) => {
            address_reads(p, b, guard, out);
            reads(p, i, guard, out);
        }
        ExprKind::Deref(q) => reads(p, q, guard, out),
        ExprKind::Var(_) | ExprKind::Str(_) | ExprKind::Func(_) => {}
        _ => reads(p, x, guard, out),
    }
}

fn both(guard: Option<&Expr>, c: Expr, int: &Type) -> Expr {
    match guard {
        None => c,
        Some(g) => Expr::binary(BinOp::LogAnd, g.clone(), c, int.clone()),
    }
}

/// Whether the place `e` lives where another thread can reach it.
pub(super) fn shared(p: &Program, e: &Expr) -> bool {
    crate::ir::shared::touches_shared(e, &|v| {
        let var = p.var(v);
        (var.is_static() && !var.thread_local) || var.addressed
    })
}

/// Whether accesses to the place are checked: not `_Atomic` objects (each access to one is
/// atomic), not string literals (read-only) and not places of unknown size.
pub(super) fn watched(p: &Program, e: &Expr) -> bool {
    p.size_of(&e.ty).is_some_and(|n| n > 0) && !in_string(e) && !atomic(p, e)
}

/// Whether the place is an `_Atomic` object, as far as the declarations tell (a pointer
/// variable's pointee, a member, an array's elements; not through casts or calls).
fn atomic(p: &Program, e: &Expr) -> bool {
    let a = &p.atomic;
    match &e.kind {
        ExprKind::Var(v) => a.vars.contains(v),
        ExprKind::Member(b, f) => match &b.ty {
            Type::Struct(c) | Type::Union(c) => a.fields.contains(&(*c, *f)),
            _ => false,
        },
        ExprKind::Index(b, _) if matches!(b.ty, Type::Array(..)) => atomic(p, b),
        ExprKind::Index(b, _) | ExprKind::Deref(b) => pointer_to_atomic(p, b),
        _ => false,
    }
}

/// Whether a pointer expression points to `_Atomic` objects (a declared pointer variable, with
/// arithmetic and conversions on it).
fn pointer_to_atomic(p: &Program, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(v) => p.atomic.pointees.contains(v),
        ExprKind::Cast(x, false) => pointer_to_atomic(p, x),
        ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, x, _) => pointer_to_atomic(p, x),
        ExprKind::AddrOf(x) => atomic(p, x),
        _ => false,
    }
}

fn in_string(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Str(_) => true,
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => in_string(b),
        _ => false,
    }
}
