//! Which expressions touch what more than one thread can reach: the objects of statics, of
//! variables whose address is taken, and anything behind a pointer (with the allocation
//! state of objects, which `free` in another thread changes). Taking an address reads
//! nothing; a subscript inside it is still read.
//!
//! Used by the instrumentation (instrument::threads) and by the scheduler (symex::schedule)
//! to find the instructions before which another thread may run.

use super::{Expr, ExprKind, VarId};

/// Whether evaluating `e` (or writing to it, for an lvalue) touches shared memory.
/// `shared_var` says which variables live where another thread can reach them.
pub fn touches_shared(e: &Expr, shared_var: &dyn Fn(VarId) -> bool) -> bool {
    match &e.kind {
        ExprKind::Var(v) => shared_var(*v),
        ExprKind::Deref(_) => true,
        ExprKind::AddrOf(x) => address_reads(x, shared_var),
        ExprKind::Builtin(_, args) => args.iter().any(|a| {
            // a question about the object a pointer points to (alive, its size) reads the
            // allocation state, except about a static's address
            (a.ty.is_pointer() && !static_address(a, shared_var)) || touches_shared(a, shared_var)
        }),
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) | ExprKind::Member(a, _) => touches_shared(a, shared_var),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
            touches_shared(a, shared_var) || touches_shared(b, shared_var)
        }
        ExprKind::Cond(c, a, b) => {
            touches_shared(c, shared_var) || touches_shared(a, shared_var) || touches_shared(b, shared_var)
        }
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Func(_) | ExprKind::Str(_) => false,
        ExprKind::Nondet | ExprKind::Zero => false,
    }
}

/// What computing the address of the place `x` reads: the pointers and indices on the way.
fn address_reads(x: &Expr, shared_var: &dyn Fn(VarId) -> bool) -> bool {
    match &x.kind {
        ExprKind::Var(_) | ExprKind::Str(_) | ExprKind::Func(_) => false,
        ExprKind::Member(b, _) => address_reads(b, shared_var),
        ExprKind::Index(b, i) => address_reads(b, shared_var) || touches_shared(i, shared_var),
        ExprKind::Deref(p) => touches_shared(p, shared_var),
        _ => touches_shared(x, shared_var),
    }
}

/// `&s…` of a static `s` at constant positions (under conversions): an object that always
/// exists.
fn static_address(e: &Expr, shared_var: &dyn Fn(VarId) -> bool) -> bool {
    match &e.kind {
        ExprKind::Cast(x, _) => static_address(x, shared_var),
        ExprKind::AddrOf(x) => !address_reads(x, shared_var) && root_is_static(x),
        _ => false,
    }
}

fn root_is_static(x: &Expr) -> bool {
    match &x.kind {
        ExprKind::Str(_) | ExprKind::Func(_) => true,
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => root_is_static(b),
        // (the caller's shared_var does not say static; a named variable's object lives as
        // long as its scope, which outlasts any claim about it in that scope)
        ExprKind::Var(_) => true,
        _ => false,
    }
}
