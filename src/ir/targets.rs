//! The functions a call through a pointer may reach: those whose address the program takes
//! somewhere (in a body or a global's initialiser) and whose type fits the pointer's. The
//! instrumentation dispatches such a call over them (`instrument::fnptr`); fingerprints and
//! reachability count them as the calling function's callees.

use std::collections::BTreeSet;

use super::{Expr, ExprKind, FuncId, FuncType, InstrKind, Program};

/// The functions whose address the program takes (in a body or a global's initialiser).
pub fn address_taken_functions(p: &Program) -> BTreeSet<FuncId> {
    // (a function of the caller's exists to be called through a pointer)
    let mut out: BTreeSet<FuncId> = (0..p.funcs.len() as u32)
        .map(FuncId)
        .filter(|&f| p.func(f).body.is_none() && is_caller_function(&p.func(f).name))
        .collect();
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
pub fn fits(f: &FuncType, want: &FuncType) -> bool {
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

/// The version a function of a two-version program belongs to (`f@old`: `("f", "old")`,
/// `frontend::load_versions`); None for a function both versions share.
pub fn version(name: &str) -> Option<(&str, &'static str)> {
    match name.rsplit_once('@') {
        Some((base, "old")) => Some((base, "old")),
        Some((base, "new")) => Some((base, "new")),
        _ => None,
    }
}

/// The other version's tag.
pub fn other_version(tag: &str) -> &'static str {
    if tag == "old" {
        "new"
    } else {
        "old"
    }
}

/// The functions the calls through pointers in `g`'s body may reach. In a program of two
/// versions (`f@old`, `f@new`), a function of one version reaches the other version's
/// functions through no pointer: the dispatch calls the caller's version.
pub fn indirect_callees(p: &Program, g: FuncId, taken: &mut Option<BTreeSet<FuncId>>) -> BTreeSet<FuncId> {
    let mut out = BTreeSet::new();
    let other = version(&p.func(g).name).map(|(_, tag)| other_version(tag));
    for ins in p.func(g).body.iter().flatten() {
        let InstrKind::Call { func, .. } = &ins.kind else { continue };
        if matches!(func.kind, ExprKind::Func(_)) {
            continue;
        }
        let Some(super::Type::Function(want)) = func.ty.pointee() else { continue };
        let taken = taken.get_or_insert_with(|| address_taken_functions(p));
        out.extend(taken.iter().copied().filter(|&t| {
            fits(&p.func(t).ty, want) && (other.is_none() || version(&p.func(t).name).map(|v| v.1) != other)
        }));
    }
    out
}

/// The function of the caller's behind the function-pointer input `name` (a parameter, or a
/// member of a caller's object) of type `ft`: a function without a body, named `(*name)`,
/// added to `p` once. A call of it is an unknown function's: symex's default model (any
/// result; the objects its non-const pointer arguments point to may change), or in an
/// equivalence product a call logged and compared, shared by both versions (equal
/// arguments, equal results).
///
/// It counts as address-taken ([`address_taken_functions`]): declared before the
/// instrumentation, the dispatch of calls through pointers tests it.
pub fn caller_function(p: &mut Program, name: &str, ft: &FuncType) -> FuncId {
    let f = super::build::declare(p, &format!("(*{name})"), ft.ret.clone(), ft.params.clone());
    p.funcs[f.0 as usize].ty = ft.clone();
    f
}

/// Whether `name` is a function of the caller's ([`caller_function`]).
pub fn is_caller_function(name: &str) -> bool {
    name.starts_with("(*") && name.ends_with(')')
}
