//! Callees shared by both versions become one uninterpreted function (regression
//! verification, thesis §6.2): equal arguments give equal results, without inlining the
//! callee twice.
//!
//! Soundness: only *pure* callees are abstracted — scalar parameters and result, no pointer
//! dereference or address-of, no access to globals or static locals, no exit, no external
//! calls, and every callee they reach is pure too. Such a function's result depends only on
//! its arguments, so one uninterpreted function stands for it in both versions. Everything
//! else (side effects on globals or memory) is inlined. Library functions count as pure when
//! verdiff computes them as IEEE operations ([`PURE_NATIVE`]: sqrt, fabs, rounding, ...).
//! Modelled ones (sin, exp, ...) are not: their models' bounds on the result are what makes a
//! difference robust (docs/equivalence.md), and an uninterpreted caller would drop them.
//!
//! A callee is shared when its deep fingerprint (its body and everything it calls, normalised)
//! is the same in both versions. The compared function itself, when pure and recursive, has
//! its recursive calls abstracted the same way in both versions — the proof rule of
//! regression verification for recursion: if the bodies agree whenever the recursive calls
//! agree on equal arguments, the functions agree (on terminating runs).

use std::collections::{HashMap, HashSet};

use super::product::declare;
use crate::ir::fingerprint::{base_name, deep_fingerprint};
use crate::ir::{Expr, ExprKind, FuncId, InstrKind, Program, VarKind};
use crate::symex::product::ProductHooks;

/// Whether `f` computes a function of its scalar arguments only.
pub fn is_pure(p: &Program, f: FuncId, memo: &mut HashMap<FuncId, bool>) -> bool {
    if let Some(&r) = memo.get(&f) {
        return r;
    }
    // recursion: assume pure while checking (a cycle of pure bodies is pure)
    memo.insert(f, true);
    let r = check_pure(p, f, memo);
    memo.insert(f, r);
    r
}

/// Library functions without a body that verdiff computes as IEEE operations of their
/// arguments (also with the `f`/`l` suffixes and the `__builtin_` prefix), and the values
/// library models ask for (`__verdiff_approx_fn_*`: uninterpreted functions of the arguments;
/// only reached from models, which are not abstracted themselves).
const PURE_NATIVE: &[&str] = &[
    "fabs",
    "sqrt",
    "floor",
    "ceil",
    "trunc",
    "round",
    "rint",
    "nearbyint",
    "fmin",
    "fmax",
    "fma",
    "copysign",
    "inf",
    "nan",
    "signbit",
    "isnan",
    "isinf",
    "isfinite",
    "isnormal",
    "fpclassify",
    "huge_val",
];

fn pure_native(name: &str) -> bool {
    if name.starts_with("__verdiff_approx_fn") {
        return true;
    }
    let base = name.strip_prefix("__builtin_").unwrap_or(name);
    PURE_NATIVE.iter().any(|&n| base == n || base.strip_prefix(n).is_some_and(|s| s == "f" || s == "l"))
}

fn check_pure(p: &Program, f: FuncId, memo: &mut HashMap<FuncId, bool>) -> bool {
    let fun = p.func(f);
    let Some(body) = &fun.body else { return pure_native(&fun.name) && !fun.ty.variadic };
    if fun.model || fun.ty.variadic || !fun.ty.ret.is_arith() || !fun.ty.params.iter().all(|t| t.is_arith()) {
        return false;
    }
    let local = |v: crate::ir::VarId| matches!(p.var(v).kind, VarKind::Local(g) | VarKind::Param(g) | VarKind::Temp(g) if g == f);
    let constant = |v: crate::ir::VarId| {
        let var = p.var(v);
        var.is_const && var.is_static() && !var.external && var.ty.is_arith()
    };
    let mut ok = true;
    let mut calls = Vec::new();
    let check = |e: &Expr, ok: &mut bool| {
        e.visit(&mut |x| match &x.kind {
            // (a constant's value is its initialiser: reading it is pure)
            ExprKind::Var(v) if !local(*v) && !constant(*v) => *ok = false,
            ExprKind::Deref(_) | ExprKind::AddrOf(_) | ExprKind::Str(_) | ExprKind::Nondet => *ok = false,
            _ => {}
        })
    };
    for ins in body {
        match &ins.kind {
            InstrKind::Assign { lhs, rhs } => {
                check(lhs, &mut ok);
                check(rhs, &mut ok);
            }
            InstrKind::Call { lhs, func, args } => {
                if let Some(l) = lhs {
                    check(l, &mut ok);
                }
                // (a string literal argument of a native: `__builtin_nan("")`)
                let native = matches!(func.kind, ExprKind::Func(g) if p.func(g).body.is_none());
                args.iter()
                    .filter(|a| {
                        let literal = match &a.kind {
                            ExprKind::AddrOf(s) => matches!(s.kind, ExprKind::Str(_)),
                            k => matches!(k, ExprKind::Str(_)),
                        };
                        !(native && literal)
                    })
                    .for_each(|a| check(a, &mut ok));
                match func.kind {
                    ExprKind::Func(g) => calls.push(g),
                    _ => ok = false,
                }
            }
            InstrKind::Assume(c) | InstrKind::Assert { cond: c, .. } => check(c, &mut ok),
            InstrKind::Goto { cond: Some(c), .. } => check(c, &mut ok),
            InstrKind::Return(Some(e)) => check(e, &mut ok),
            InstrKind::EndPath | InstrKind::Unsupported(_) => ok = false,
            _ => {}
        }
        if !ok {
            if std::env::var_os("VERDIFF_DEBUG").is_some() {
                eprintln!("not pure: {} at {:?}", fun.name, ins.kind);
            }
            return false;
        }
    }
    calls.into_iter().all(|g| is_pure(p, g, memo))
}

/// Replaces calls to shared pure callees (and pure recursion of the compared functions) by
/// calls to uninterpreted-function stubs. Returns the names of the abstracted functions.
pub fn abstract_callees(p: &mut Program, old_f: FuncId, new_f: FuncId, hooks: &mut ProductHooks) -> Vec<String> {
    let mut memo = HashMap::new();
    // (real function) → stub
    let mut stub_of: HashMap<FuncId, FuncId> = HashMap::new();
    let mut names = Vec::new();
    let by_name: HashMap<String, FuncId> = p.func_by_name.clone().into_iter().collect();
    let mut candidates: Vec<(String, FuncId, FuncId)> = Vec::new();
    for (name, &fo) in &by_name {
        let Some(base) = name.strip_suffix("@old") else { continue };
        let Some(&fnw) = by_name.get(&format!("{base}@new")) else { continue };
        if fo == old_f || fnw == new_f || p.func(fo).body.is_none() || p.func(fnw).body.is_none() {
            continue;
        }
        candidates.push((base.to_string(), fo, fnw));
    }
    candidates.sort();
    for (base, fo, fnw) in candidates {
        if deep_fingerprint(p, fo) == deep_fingerprint(p, fnw) && is_pure(p, fo, &mut memo) {
            add_stubs(p, &base, fo, fnw, &mut stub_of, hooks);
            names.push(base);
        }
    }
    // recursion of the compared functions
    let recursive = |p: &Program, f: FuncId| crate::ir::fingerprint::callees(p, f).contains(&f);
    if (recursive(p, old_f) || recursive(p, new_f)) && is_pure(p, old_f, &mut memo) && is_pure(p, new_f, &mut memo) {
        let base = base_name(&p.func(old_f).name).to_string();
        add_stubs(p, &format!("{base}$rec"), old_f, new_f, &mut stub_of, hooks);
        names.push(format!("{base} (recursive calls)"));
    }
    if stub_of.is_empty() {
        return names;
    }
    // rewrite the calls in both versions' functions (not the harness, not the stubs' bodies
    // in replay: those run the real functions)
    let versioned: HashSet<FuncId> = (0..p.funcs.len() as u32)
        .map(FuncId)
        .filter(|&f| {
            let n = &p.func(f).name;
            n.ends_with("@old") || n.ends_with("@new")
        })
        .collect();
    for f in versioned {
        let Some(body) = p.funcs[f.0 as usize].body.as_mut() else { continue };
        for ins in body.iter_mut() {
            if let InstrKind::Call { func, .. } = &mut ins.kind {
                if let ExprKind::Func(g) = func.kind {
                    if let Some(&s) = stub_of.get(&g) {
                        func.kind = ExprKind::Func(s);
                    }
                }
            }
        }
    }
    names
}

fn add_stubs(
    p: &mut Program,
    key: &str,
    fo: FuncId,
    fnw: FuncId,
    stub_of: &mut HashMap<FuncId, FuncId>,
    hooks: &mut ProductHooks,
) {
    for (side, real) in [("old", fo), ("new", fnw)] {
        let ty = p.func(real).ty.clone();
        let s = declare(p, &format!("__verdiff_uf${key}@{side}"), ty.ret.clone(), ty.params.clone());
        stub_of.insert(real, s);
        hooks.uf_bodies.insert(s, real);
    }
}
