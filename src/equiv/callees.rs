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

use crate::ir::build::declare;
use crate::ir::fingerprint::{base_name, deep_fingerprint};
use crate::ir::{Expr, ExprKind, FuncId, InstrKind, Program, VarKind};
use crate::symex::product::ProductHooks;

/// Whether `f` computes a function of its scalar arguments only.
pub fn is_pure(p: &Program, f: FuncId, memo: &mut HashMap<FuncId, bool>) -> bool {
    if let Some(&r) = memo.get(&f) {
        return r;
    }
    // recursion: assume pure while checking (a cycle of pure bodies is pure)
    let before: HashSet<FuncId> = memo.keys().copied().collect();
    memo.insert(f, true);
    let r = check_pure(p, f, memo, None);
    settle(memo, &before, f, r);
    r
}

/// Records `f`'s answer. When it is no, answers found while `f` was assumed yes (a callee
/// that calls `f` back) are dropped: they may rest on that assumption.
fn settle(memo: &mut HashMap<FuncId, bool>, before: &HashSet<FuncId>, f: FuncId, r: bool) {
    if !r {
        memo.retain(|g, _| before.contains(g));
    }
    memo.insert(f, r);
}

/// Whether `f` is *deterministic with output*: pure but for calls to output functions
/// (`printf` of its scalar arguments and string literals) and to the math library's models,
/// anywhere in what it calls. Everything such a run does — its result and the calls it logs
/// — is a function of its arguments and of the external calls' results, which are in turn
/// functions of their position in the call log and their arguments (`src/symex/product.rs`).
/// So a call of it is logged as one external call of its own, and its result is an
/// uninterpreted function of (position in the log, arguments). Why that is sound: when both
/// versions' abstract logs agree, each position is preceded by the same calls in both, so
/// the real runs behind it expand to the same real calls at the same real positions, and give
/// the same result; and a difference found with the abstraction is replayed with the real
/// callee before it is reported.
pub fn is_deterministic(p: &Program, f: FuncId, memo: &mut HashMap<FuncId, bool>) -> bool {
    if let Some(&r) = memo.get(&f) {
        return r;
    }
    let before: HashSet<FuncId> = memo.keys().copied().collect();
    memo.insert(f, true);
    let mut pure_memo = HashMap::new();
    let r = check_pure(p, f, &mut pure_memo, Some(memo));
    settle(memo, &before, f, r);
    r
}

/// Math library models a deterministic callee may call: the C library's functions with
/// floating result and arithmetic parameters (sin, log, pow, fmod, hypot, …). The real
/// functions' results are functions of their arguments, and the models write no global, not
/// even errno. (Not the models' own helpers, `__verdiff_approx_*`: those stand for values.)
fn math_model(p: &Program, g: FuncId) -> bool {
    let fun = p.func(g);
    fun.model
        && !fun.name.starts_with("__")
        && fun.ty.ret.is_float()
        && fun.ty.params.iter().all(|t| t.is_arith())
        && !fun.ty.variadic
}

/// A library math function a computation may drop when its result is unused: a model of
/// the C library with floating result and arithmetic parameters ([`math_model`]), or a
/// function verdiff computes as an IEEE operation with such a type. Each is total and,
/// as verdiff models it, writes nothing.
pub(super) fn math_function(p: &Program, g: FuncId) -> bool {
    let fun = p.func(g);
    let native = fun.body.is_none()
        && !fun.name.starts_with("__verdiff")
        && pure_native(&fun.name)
        && fun.ty.ret.is_float()
        && fun.ty.params.iter().all(|t| t.is_arith())
        && !fun.ty.variadic;
    native || math_model(p, g)
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

/// `det`: with the memo of [`is_deterministic`], the deterministic-with-output check
/// instead of purity.
fn check_pure(
    p: &Program,
    f: FuncId,
    memo: &mut HashMap<FuncId, bool>,
    det: Option<&mut HashMap<FuncId, bool>>,
) -> bool {
    let fun = p.func(f);
    let Some(body) = &fun.body else { return pure_native(&fun.name) && !fun.ty.variadic };
    if det.is_some() && math_model(p, f) {
        return true;
    }
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
                // (a string literal argument of a native: `__builtin_nan("")`; of an output
                // function when output is allowed: `printf("%s\n", "x < 0")`)
                let native = matches!(func.kind, ExprKind::Func(g) if p.func(g).body.is_none()
                    || (det.is_some() && crate::symex::product::is_output_function(&p.func(g).name)));
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
            // (a user assertion stops the run when it fails: how a run ends is behaviour that
            // an uninterpreted function would hide)
            InstrKind::Assert { kind: crate::ir::ClaimKind::Assertion, .. } => ok = false,
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
    match det {
        None => calls.into_iter().all(|g| is_pure(p, g, memo)),
        Some(d) => calls.into_iter().all(|g| {
            let name = &p.func(g).name;
            // (output functions: their arguments are checked above — scalars, locals and
            // string literals; a stream is a global, which is not allowed)
            crate::symex::product::is_output_function(name) || is_deterministic(p, g, d)
        }),
    }
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
    let mut det_memo = HashMap::new();
    for (base, fo, fnw) in candidates {
        if deep_fingerprint(p, fo) != deep_fingerprint(p, fnw) {
            continue;
        }
        if is_pure(p, fo, &mut memo) {
            add_stubs(p, &base, fo, fnw, &mut stub_of, hooks);
            names.push(base);
        } else if p.func(fo).ty.ret.is_arith() && is_deterministic(p, fo, &mut det_memo) {
            // (numbered after every external function: its calls are logged under its own
            // number)
            let id = hooks.external_ids.values().copied().max().unwrap_or(0) + 1;
            hooks.external_ids.insert(format!("uf:{base}"), id);
            hooks.logged.insert(base.clone());
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
