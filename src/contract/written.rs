//! Written contracts (docs/contracts.md §3), as ESBMC applies them:
//!
//! - **enforce** F: F's body is checked against its contract. On entry the `requires` are
//!   assumed, the parameters and `old(e)` values are saved; every `return` goes to an exit
//!   that asserts the `ensures` and, when an `assigns` clause was written, that no global
//!   (and no object behind a struct-pointer parameter) outside the listed targets changed.
//! - **replace** F: F's body becomes its contract, so every call of F asserts `requires`,
//!   havocs what F may assign (every global and the first element behind each pointer
//!   parameter when no `assigns` clause was written), gives the return value a nondeterministic
//!   value and assumes `ensures`.

use std::collections::HashMap;

use crate::ir::build::{declare, FnBuilder};
use crate::ir::rewrite::rewrite;
use crate::ir::{
    BinOp, Builtin, ClaimKind, Contract, Expr, ExprKind, FuncId, Instr, InstrKind, Loc, Program, Type, UnOp, VarId,
    VarKind,
};

/// Which functions' contracts to enforce and to use in place of their bodies.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Function names, or `*` for every function with a contract.
    pub enforce: Vec<String>,
    /// Every function marked `__ESBMC_contract`.
    pub enforce_all: bool,
    pub replace: Vec<String>,
    pub replace_all: bool,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.enforce.is_empty() && !self.enforce_all && self.replace.is_empty() && !self.replace_all
    }
}

/// What [`apply`] did.
#[derive(Clone, Debug, Default)]
pub struct Applied {
    pub enforced: Vec<FuncId>,
    pub replaced: Vec<FuncId>,
}

/// The functions a selection names: `*` is every function with a body and a contract,
/// `all_annotated` every function marked `__ESBMC_contract`. An unknown name is an error.
pub fn select(p: &Program, names: &[String], all_annotated: bool) -> Result<Vec<FuncId>, String> {
    let mut out: Vec<FuncId> = Vec::new();
    for name in names {
        let name = name.trim_matches('"');
        if name == "*" {
            out.extend((0..p.funcs.len() as u32).map(FuncId).filter(|&f| p.func(f).has_contract()));
            continue;
        }
        if name.contains(',') {
            return Err(format!(
                "cannot use '{name}': no function of that name, or the name is ambiguous (names are not comma-separated; repeat the flag)"
            ));
        }
        match p.func_named(name).filter(|&f| p.func(f).body.is_some()) {
            Some(f) => out.push(f),
            None => return Err(format!("cannot use '{name}': no function of that name, or the name is ambiguous")),
        }
    }
    if all_annotated {
        let marked: Vec<FuncId> = (0..p.funcs.len() as u32)
            .map(FuncId)
            .filter(|&f| p.func(f).body.is_some() && p.func(f).contract.as_ref().is_some_and(|c| c.annotated))
            .collect();
        if marked.is_empty() {
            return Err("no function with a contract to act on (none is marked __ESBMC_contract)".into());
        }
        out.extend(marked);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Applies the selection to `p` (before instrumentation). Enforcement comes first; a function
/// both enforced and replaced is checked against its contract where it is the entry and
/// replaced in its callers.
pub fn apply(p: &mut Program, sel: &Selection) -> Result<Applied, String> {
    let enforce = select(p, &sel.enforce, sel.enforce_all)?;
    let replace = select(p, &sel.replace, sel.replace_all)?;
    Ok(apply_to(p, &enforce, &replace))
}

/// [`apply`] to functions named by id (sorted).
pub fn apply_to(p: &mut Program, enforce: &[FuncId], replace: &[FuncId]) -> Applied {
    let mut done = Applied::default();
    for &f in enforce {
        enforce_in_place(p, f);
        done.enforced.push(f);
    }
    for &f in replace {
        if enforce.contains(&f) {
            continue;
        }
        replace_body(p, f);
        done.replaced.push(f);
    }
    done
}

/// The contract of `f`, or an empty one (a function named by `--enforce-contract` that has
/// none: `requires(1)`, `ensures(1)`).
fn contract_of(p: &Program, f: FuncId) -> Contract {
    p.func(f).contract.as_deref().cloned().unwrap_or_default()
}

/// Replaces every use of the variables in `map` inside `e`.
fn substitute(e: &mut Expr, map: &HashMap<VarId, VarId>) {
    e.visit_mut(&mut |x| {
        if let ExprKind::Var(v) = &mut x.kind {
            if let Some(&w) = map.get(v) {
                *v = w;
            }
        }
    });
}

fn claim(cond: Expr, msg: String, loc: Loc) -> Instr {
    Instr::new(InstrKind::Assert { cond, kind: ClaimKind::Assertion, msg }, loc)
}

/// The top-level conjuncts of a condition.
fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Binary(BinOp::LogAnd, a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![e],
    }
}

/// A new local of `f`.
fn new_local(p: &mut Program, f: FuncId, name: String, ty: Type, loc: Loc) -> VarId {
    let v = VarId(p.vars.len() as u32);
    p.vars.push(crate::ir::Var {
        name,
        ty,
        kind: VarKind::Local(f),
        loc,
        addressed: false,
        is_const: false,
        external: false,
        thread_local: false,
        system: false,
        align: 0,
    });
    v
}

fn decl_assign(out: &mut Vec<Instr>, v: VarId, ty: &Type, rhs: Expr, loc: Loc) {
    out.push(Instr::new(InstrKind::Decl(v), loc));
    out.push(Instr::new(InstrKind::Assign { lhs: Expr::var(v, ty.clone()), rhs }, loc));
}

/// Whether `e` reads variable `v`.
fn reads(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x.kind, ExprKind::Var(w) if w == v));
    found
}

/// `is_fresh(p, n)` among the top-level conjuncts of the `requires`: (p, n).
fn fresh_params(c: &Contract) -> Vec<(Expr, Expr)> {
    let mut out = Vec::new();
    for r in &c.requires {
        for x in conjuncts(&r.cond) {
            if let ExprKind::Builtin(Builtin::IsFresh, a) = &x.kind {
                out.push((a[0].clone(), a[1].clone()));
            }
        }
    }
    out
}

/// Whether a global may be written under an assigns check (user data, not verdiff's or the
/// libraries', not constant, not a pointer: ESBMC leaves pointer globals out).
fn checked_global(p: &Program, v: &crate::ir::Var) -> bool {
    v.is_static()
        && !v.is_const
        && !v.ty.is_pointer()
        && !v.name.starts_with("__ESBMC")
        && !v.name.starts_with("__verdiff")
        && !v.name.starts_with('$')
        && p.files.get(v.loc.file as usize).is_some_and(|f| !f.starts_with('<') && !f.starts_with("/usr/"))
        && !matches!(v.kind, VarKind::StaticLocal(h) if p.func(h).model)
}

/// `f`'s body checked against its contract (see the module documentation).
fn enforce_in_place(p: &mut Program, f: FuncId) {
    let c = contract_of(p, f);
    let fun = p.func(f).clone();
    let Some(body) = fun.body.clone() else { return };
    let loc = fun.loc;
    let int = p.target.int_t();
    let size_t = p.target.size_t();
    let mut prelude: Vec<Instr> = Vec::new();
    // the parameters' values on entry (ensures and assigns read them)
    let mut entry_of: HashMap<VarId, VarId> = HashMap::new();
    for &pv in &fun.params {
        let (name, ty) = (p.var(pv).name.clone(), p.var(pv).ty.clone());
        let e = new_local(p, f, format!("{name}$entry"), ty.clone(), loc);
        decl_assign(&mut prelude, e, &ty, Expr::var(pv, ty.clone()), loc);
        entry_of.insert(pv, e);
    }
    // old values a requires reads are taken before it, the others after
    let (early, late): (Vec<_>, Vec<_>) =
        c.olds.iter().cloned().partition(|(v, _)| c.requires.iter().any(|r| reads(&r.cond, *v)));
    for (v, e) in &early {
        let ty = p.var(*v).ty.clone();
        decl_assign(&mut prelude, *v, &ty, e.clone(), loc);
    }
    for r in &c.requires {
        prelude.push(Instr::new(InstrKind::Assume(r.cond.clone()), r.loc));
    }
    for (v, e) in &late {
        let ty = p.var(*v).ty.clone();
        decl_assign(&mut prelude, *v, &ty, e.clone(), loc);
    }
    // what may not change: the other globals, and what pointer parameters of a known extent
    // point to
    let mut held: Vec<Held> = Vec::new();
    let mut regions: Vec<Target> = Vec::new();
    if let Some(targets) = &c.assigns {
        let targets: Vec<Expr> = targets
            .iter()
            .map(|t| {
                let mut t = t.clone();
                substitute(&mut t, &entry_of);
                t
            })
            .collect();
        let entry_params: Vec<VarId> = fun.params.iter().map(|v| entry_of[v]).collect();
        for (k, t) in targets.iter().enumerate() {
            // `assigns(p)` of a pointer parameter: what it points to
            if let ExprKind::Var(v) = &t.kind {
                if t.ty.is_pointer() && entry_params.contains(v) {
                    regions.push(Target::Object(t.clone()));
                    continue;
                }
            }
            if let Some((root, steps)) = var_path(t) {
                let mut saved = Vec::new();
                for (j, s) in steps.into_iter().enumerate() {
                    saved.push(match s {
                        Step::Index(i) if i.as_int().is_none() => {
                            let v = new_local(p, f, format!("$assigns{k}_{j}"), i.ty.clone(), loc);
                            decl_assign(&mut prelude, v, &i.ty, i.clone(), loc);
                            Step::Index(Expr::var(v, i.ty.clone()))
                        }
                        s => s,
                    });
                }
                regions.push(Target::Path(root, saved));
                continue;
            }
            let char_p = Type::ptr(p.target.int(crate::ir::IntName::Char));
            let at = new_local(p, f, format!("$assigns{k}"), char_p.clone(), loc);
            let size = p.size_of(&t.ty).unwrap_or(0);
            decl_assign(&mut prelude, at, &char_p, Expr::cast(Expr::addr_of(t.clone()), char_p.clone()), loc);
            regions.push(Target::Region(Expr::var(at, char_p), Expr::int(size as i128, size_t.clone())));
        }
        for (i, v) in p.vars.clone().iter().enumerate() {
            if !checked_global(p, v) || p.size_of(&v.ty).is_none() {
                continue;
            }
            let snap = new_local(p, f, format!("{}$pre", v.name), v.ty.clone(), loc);
            decl_assign(&mut prelude, snap, &v.ty, Expr::var(VarId(i as u32), v.ty.clone()), loc);
            held.push(Held {
                now: Expr::var(VarId(i as u32), v.ty.clone()),
                before: Expr::var(snap, v.ty.clone()),
                name: v.name.clone(),
                guard: None,
            });
        }
        if !targets.is_empty() {
            let fresh = fresh_params(&c);
            for &pv in &fun.params {
                let ty = p.var(pv).ty.clone();
                let Some(to) = ty.pointee().cloned() else { continue };
                let Some(es) = p.size_of(&to).filter(|&s| s > 0) else { continue };
                let name = p.var(pv).name.clone();
                let entry = Expr::var(entry_of[&pv], ty.clone());
                if to.is_composite() {
                    // a struct-backed parameter: the whole struct
                    let snap = new_local(p, f, format!("{name}$target"), to.clone(), loc);
                    let obj = Expr::deref(entry.clone());
                    decl_assign(&mut prelude, snap, &to, obj.clone(), loc);
                    held.push(Held { now: obj, before: Expr::var(snap, to), name: format!("*{name}"), guard: None });
                } else if let Some((_, n)) = fresh.iter().find(|(x, _)| matches!(x.kind, ExprKind::Var(v) if v == pv)) {
                    // an array of a stated extent: one element chosen freely
                    // (a guard, not an assumption: an extent of 0 has no element to check, and
                    // an assumption would cut every path)
                    let j = new_local(p, f, format!("{name}$j"), size_t.clone(), loc);
                    prelude.push(Instr::new(InstrKind::Decl(j), loc));
                    let count = Expr::binary(
                        BinOp::Div,
                        Expr::cast(n.clone(), size_t.clone()),
                        Expr::int(es as i128, size_t.clone()),
                        size_t.clone(),
                    );
                    let inside = Expr::binary(BinOp::Lt, Expr::var(j, size_t.clone()), count, int.clone());
                    let elem = Expr::deref(Expr::binary(
                        BinOp::PtrAdd,
                        entry.clone(),
                        Expr::var(j, size_t.clone()),
                        ty.clone(),
                    ));
                    let snap = new_local(p, f, format!("{name}$pre"), to.clone(), loc);
                    let read = Expr::new(
                        ExprKind::Cond(
                            Box::new(inside.clone()),
                            Box::new(elem.clone()),
                            Box::new(Expr::new(ExprKind::Zero, to.clone())),
                        ),
                        to.clone(),
                    );
                    decl_assign(&mut prelude, snap, &to, read, loc);
                    held.push(Held {
                        now: elem,
                        before: Expr::var(snap, to),
                        name: format!("{name}[j]"),
                        guard: Some(inside),
                    });
                }
            }
        }
    }
    // a call of f inside its own body uses its contract
    let own = contract_function(p, f);
    let body: Vec<Instr> = body
        .into_iter()
        .map(|mut ins| {
            if let InstrKind::Call { func, .. } = &mut ins.kind {
                if matches!(func.kind, ExprKind::Func(g) if g == f) {
                    *func = crate::ir::build::func_expr(p, own);
                }
            }
            ins
        })
        .collect();
    finish_enforce(p, f, body, prelude, &c, &entry_of, held, regions, loc, int)
}

/// A function with `f`'s parameters whose body is `f`'s contract (what a call of `f` inside
/// its own enforced body runs).
fn contract_function(p: &mut Program, f: FuncId) -> FuncId {
    let fun = p.func(f).clone();
    let name = format!("{}$contract", fun.name);
    if let Some(g) = p.func_named(&name) {
        return g;
    }
    let g = declare(p, &name, fun.ty.ret.clone(), fun.ty.params.clone());
    let gf = &mut p.funcs[g.0 as usize];
    gf.ty = fun.ty.clone();
    gf.params = fun.params.clone();
    gf.loc = fun.loc;
    gf.contract = fun.contract.clone();
    replace_body(p, g);
    g
}

/// A value that must not change unless an assigns target covers it.
struct Held {
    now: Expr,
    before: Expr,
    name: String,
    /// Checked only where this holds (a witness element inside its extent).
    guard: Option<Expr>,
}

#[allow(clippy::too_many_arguments)]
fn finish_enforce(
    p: &mut Program,
    f: FuncId,
    body: Vec<Instr>,
    prelude: Vec<Instr>,
    c: &Contract,
    entry_of: &HashMap<VarId, VarId>,
    held: Vec<Held>,
    regions: Vec<Target>,
    loc: Loc,
    int: Type,
) {
    let fun = p.func(f).clone();
    let ret_ty = fun.ty.ret.clone();
    let ret = if ret_ty.is_void() {
        None
    } else {
        Some(c.ret.unwrap_or_else(|| new_local(p, f, "$result".into(), ret_ty.clone(), loc)))
    };
    let n = body.len();
    // every return goes to the exit with its value
    let body = rewrite(body, |ins| match &ins.kind {
        InstrKind::Return(e) => {
            let mut code = Vec::new();
            if let (Some(r), Some(e)) = (ret, e) {
                code.push(Instr::new(InstrKind::Assign { lhs: Expr::var(r, ret_ty.clone()), rhs: e.clone() }, ins.loc));
            }
            code.push(Instr::new(InstrKind::Goto { cond: None, target: usize::MAX - n }, ins.loc));
            (vec![], Some(code))
        }
        _ => (vec![], None),
    });
    let mut exit: Vec<Instr> = Vec::new();
    let char_p = Type::ptr(p.target.int(crate::ir::IntName::Char));
    let size_t = p.target.size_t();
    for h in &held {
        for (now, before, guards) in leaves(p, f, h.now.clone(), h.before.clone(), &mut exit, loc, 0) {
            // covered when a target names it, or its address lies inside a target's region
            // (a variable that is not in memory has no address a pointer can reach)
            let in_memory = match var_path(&now) {
                Some((v, _)) => p.var(v).addressed,
                None => true,
            };
            let addr = Expr::cast(Expr::addr_of(now.clone()), char_p.clone());
            let mut ok = Expr::binary(BinOp::Eq, now.clone(), before.clone(), int.clone());
            for t in &regions {
                let covered = match t {
                    Target::Path(root, steps) => match path_covers(&now, *root, steps, &int) {
                        Some(c) => c,
                        None => continue,
                    },
                    _ if !in_memory => continue,
                    Target::Object(ptr) => Expr::builtin(
                        Builtin::SameObject,
                        vec![addr.clone(), Expr::cast(ptr.clone(), char_p.clone())],
                        int.clone(),
                    ),
                    Target::Region(at, size) => {
                        let same = Expr::builtin(Builtin::SameObject, vec![addr.clone(), at.clone()], int.clone());
                        let off = Expr::builtin(Builtin::PointerOffset, vec![addr.clone()], size_t.clone());
                        let start = Expr::builtin(Builtin::PointerOffset, vec![at.clone()], size_t.clone());
                        let end = Expr::binary(BinOp::Add, start.clone(), size.clone(), size_t.clone());
                        let inside = Expr::binary(
                            BinOp::LogAnd,
                            Expr::binary(BinOp::Ge, off.clone(), start, int.clone()),
                            Expr::binary(BinOp::Lt, off, end, int.clone()),
                            int.clone(),
                        );
                        Expr::binary(BinOp::LogAnd, same, inside, int.clone())
                    }
                };
                ok = Expr::binary(BinOp::LogOr, ok, covered, int.clone());
            }
            for g in guards.into_iter().chain(h.guard.clone()) {
                ok = Expr::binary(BinOp::LogOr, Expr::unary(UnOp::LogNot, g, int.clone()), ok, int.clone());
            }
            exit.push(claim(ok, format!("assigns compliance: {} not in assigns clause", h.name), loc));
        }
    }
    for e in &c.ensures {
        let mut cond = e.cond.clone();
        substitute(&mut cond, entry_of);
        // `is_fresh(p, n)` promised: a heap object
        let fresh: Vec<Expr> = conjuncts(&cond)
            .into_iter()
            .filter_map(|x| match &x.kind {
                ExprKind::Builtin(Builtin::IsFresh, a) => Some(a[0].clone()),
                _ => None,
            })
            .collect();
        exit.push(claim(cond, format!("contract ensures: {}", e.text), e.loc));
        for ptr in fresh {
            let dynamic = Expr::builtin(Builtin::IsDynamic, vec![ptr], int.clone());
            exit.push(claim(dynamic, format!("contract ensures: {} (a fresh heap object)", e.text), e.loc));
        }
    }
    exit.push(Instr::new(InstrKind::Return(ret.map(|r| Expr::var(r, ret_ty.clone()))), loc));
    let mut out = Vec::new();
    if let Some(r) = ret {
        out.push(Instr::new(InstrKind::Decl(r), loc));
    }
    out.extend(prelude);
    let shift = out.len();
    for mut ins in body {
        if let InstrKind::Goto { target, .. } = &mut ins.kind {
            *target += shift;
        }
        out.push(ins);
    }
    out.extend(exit);
    p.funcs[f.0 as usize].body = Some(out);
}

/// The scalar parts of two values of one type, pairwise: struct members, and for an array
/// one element chosen freely (a witness local declared into `decls`, with the condition that
/// it lies inside the array), nested up to 4 levels.
fn leaves(
    p: &mut Program,
    f: FuncId,
    now: Expr,
    before: Expr,
    decls: &mut Vec<Instr>,
    loc: Loc,
    depth: u32,
) -> Vec<(Expr, Expr, Vec<Expr>)> {
    match now.ty.clone() {
        Type::Struct(c) | Type::Union(c) if depth < 4 => {
            let Some(comp) = p.composites.get(c as usize).cloned() else { return vec![] };
            let mut out = Vec::new();
            for (k, fld) in comp.fields.iter().enumerate() {
                let m = |e: &Expr| Expr::new(ExprKind::Member(Box::new(e.clone()), k as u32), fld.ty.clone());
                out.extend(leaves(p, f, m(&now), m(&before), decls, loc, depth + 1));
                if comp.is_union {
                    break;
                }
            }
            out
        }
        Type::Array(elem, crate::ir::ArrayLen::Fixed(n)) if depth < 4 => {
            let size_t = p.target.size_t();
            let int = p.target.int_t();
            let j = new_local(p, f, format!("$witness{depth}"), size_t.clone(), loc);
            decls.push(Instr::new(InstrKind::Decl(j), loc));
            let lt = Expr::binary(BinOp::Lt, Expr::var(j, size_t.clone()), Expr::int(n as i128, size_t.clone()), int);
            let at = |e: &Expr| {
                Expr::new(ExprKind::Index(Box::new(e.clone()), Box::new(Expr::var(j, size_t.clone()))), (*elem).clone())
            };
            let mut out = leaves(p, f, at(&now), at(&before), decls, loc, depth + 1);
            for (_, _, g) in out.iter_mut() {
                g.push(lt.clone());
            }
            out
        }
        t if t.is_scalar() => vec![(now, before, vec![])],
        _ => vec![],
    }
}

/// `f`'s body replaced by its contract (see the module documentation).
fn replace_body(p: &mut Program, f: FuncId) {
    let c = contract_of(p, f);
    let fun = p.func(f).clone();
    let loc = fun.loc;
    let int = p.target.int_t();
    let ret_ty = fun.ty.ret.clone();
    let malloc = declare(p, "malloc", Type::ptr(Type::Void), vec![p.target.size_t()]);
    let havoc_object = declare(p, "__CPROVER_havoc_object", Type::Void, vec![Type::ptr(Type::Void)]);
    // globals the clauses name (an is_fresh argument must not be one of them)
    let mut named: Vec<VarId> = Vec::new();
    for e in c.requires.iter().chain(&c.ensures).map(|x| &x.cond).chain(c.assigns.iter().flatten()) {
        e.visit(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                if p.var(v).is_static() && p.var(v).addressed && !named.contains(&v) {
                    named.push(v);
                }
            }
        });
    }
    let mut b = FnBuilder::new(p, f, loc);
    if let Some((why, at)) = &c.unsupported {
        b.body.push(Instr::new(InstrKind::Unsupported(why.clone()), *at));
    }
    for (v, e) in &c.olds {
        let ty = b.p.var(*v).ty.clone();
        b.push(InstrKind::Decl(*v));
        b.assign(Expr::var(*v, ty), e.clone());
    }
    // a fresh argument is separate from the other pointer arguments and the named globals
    for (ptr, _) in fresh_params(&c) {
        let void_p = Type::ptr(Type::Void);
        for &q in &fun.params {
            let qe = Expr::var(q, b.p.var(q).ty.clone());
            if !qe.ty.is_pointer() || matches!(ptr.kind, ExprKind::Var(v) if v == q) {
                continue;
            }
            let same = Expr::builtin(
                Builtin::SameObject,
                vec![Expr::cast(ptr.clone(), void_p.clone()), Expr::cast(qe.clone(), void_p.clone())],
                int.clone(),
            );
            let null = Expr::binary(BinOp::Eq, qe, Expr::int(0, b.p.var(q).ty.clone()), int.clone());
            let apart = Expr::binary(BinOp::LogOr, null, Expr::unary(UnOp::LogNot, same, int.clone()), int.clone());
            b.body.push(claim(
                apart,
                "contract requires: __ESBMC_is_fresh argument must not alias another pointer argument".into(),
                loc,
            ));
        }
        for &g in &named {
            let ge = Expr::addr_of(Expr::var(g, b.p.var(g).ty.clone()));
            let same = Expr::builtin(
                Builtin::SameObject,
                vec![Expr::cast(ptr.clone(), void_p.clone()), Expr::cast(ge, void_p.clone())],
                int.clone(),
            );
            b.body.push(claim(
                Expr::unary(UnOp::LogNot, same, int.clone()),
                "contract requires: __ESBMC_is_fresh argument must not alias a global the contract names".into(),
                loc,
            ));
        }
    }
    for r in &c.requires {
        b.body.push(claim(r.cond.clone(), format!("contract requires: {}", r.text), r.loc));
    }
    match &c.assigns {
        Some(targets) => {
            for t in targets {
                // `assigns(p)` of a pointer parameter: the whole object it points into, which
                // must exist
                if let ExprKind::Var(v) = &t.kind {
                    if t.ty.is_pointer() && fun.params.contains(v) {
                        let arg = Expr::cast(t.clone(), Type::ptr(Type::Void));
                        let nn = Expr::binary(BinOp::Ne, arg.clone(), Expr::int(0, arg.ty.clone()), int.clone());
                        let alive = Expr::builtin(Builtin::IsAlive, vec![arg.clone()], int.clone());
                        let ok = Expr::binary(BinOp::LogAnd, nn, alive, int.clone());
                        let what = crate::ir::display::expr_to_c(b.p, t);
                        b.body.push(claim(ok, format!("contract assigns: `{what}` points to no object"), loc));
                        b.call(havoc_object, None, vec![arg]);
                        continue;
                    }
                }
                havoc(&mut b, t.clone());
            }
        }
        None => {
            // every global, and the first element behind each pointer parameter
            let globals: Vec<(VarId, Type)> =
                b.p.vars
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| v.is_static() && checked_global(b.p, v))
                    .map(|(i, v)| (VarId(i as u32), v.ty.clone()))
                    .collect();
            for (g, ty) in globals {
                havoc(&mut b, Expr::var(g, ty));
            }
            for &pv in &fun.params {
                let ty = b.p.var(pv).ty.clone();
                let Some(to) = ty.pointee().cloned() else { continue };
                if to.is_void() || matches!(to, Type::Function(_)) || b.p.size_of(&to).is_none() {
                    continue;
                }
                // only where the argument can be written
                let pe = Expr::var(pv, ty.clone());
                let size = b.p.size_of(&to).unwrap_or(1);
                let ok = Expr::builtin(
                    Builtin::IsFresh,
                    vec![pe.clone(), Expr::int(size as i128, b.p.target.size_t())],
                    int.clone(),
                );
                let ro = Expr::builtin(Builtin::IsReadOnly, vec![pe.clone()], int.clone());
                let ok = Expr::binary(BinOp::LogAnd, ok, Expr::unary(UnOp::LogNot, ro, int.clone()), int.clone());
                let skip = Expr::unary(UnOp::LogNot, ok, int.clone());
                let at = b.body.len();
                b.push(InstrKind::Goto { cond: Some(skip), target: usize::MAX });
                havoc(&mut b, Expr::deref(pe));
                let end = b.body.len();
                if let InstrKind::Goto { target, .. } = &mut b.body[at].kind {
                    *target = end;
                }
            }
        }
    }
    let ret = if ret_ty.is_void() {
        None
    } else {
        let r = c.ret.unwrap_or_else(|| b.local("$result", ret_ty.clone(), false));
        b.push(InstrKind::Decl(r));
        b.assign(Expr::var(r, ret_ty.clone()), Expr::new(ExprKind::Nondet, ret_ty.clone()));
        Some(r)
    };
    for e in &c.ensures {
        // `is_fresh(x, n)` promised by the callee: x is a new heap object of n bytes
        for x in conjuncts(&e.cond) {
            let ExprKind::Builtin(Builtin::IsFresh, a) = &x.kind else { continue };
            let ptr = a[0].clone();
            if !matches!(ptr.kind, ExprKind::Var(_) | ExprKind::Deref(_)) {
                continue;
            }
            let void_p = Type::ptr(Type::Void);
            let tmp = b.declared("$fresh", void_p.clone(), false);
            b.call(malloc, Some(Expr::var(tmp, void_p.clone())), vec![a[1].clone()]);
            let nn = Expr::binary(BinOp::Ne, Expr::var(tmp, void_p.clone()), Expr::int(0, void_p.clone()), int.clone());
            b.push(InstrKind::Assume(nn));
            let ty = ptr.ty.clone();
            b.assign(ptr, Expr::cast(Expr::var(tmp, void_p), ty));
        }
        b.push(InstrKind::Assume(e.cond.clone()));
    }
    b.push(InstrKind::Return(ret.map(|r| Expr::var(r, ret_ty.clone()))));
    b.finish();
}

/// Gives the lvalue `t` a nondeterministic value (an array element by element).
fn havoc(b: &mut FnBuilder<'_>, t: Expr) {
    match t.ty.clone() {
        Type::Array(elem, crate::ir::ArrayLen::Fixed(n)) if n <= 1024 => {
            for i in 0..n {
                let idx = Expr::int(i as i128, b.p.target.size_t());
                havoc(b, Expr::new(ExprKind::Index(Box::new(t.clone()), Box::new(idx)), (*elem).clone()));
            }
        }
        Type::Array(..) => {
            let arg = Expr::cast(Expr::addr_of(t), Type::ptr(Type::Void));
            let h = b.intrinsic("__CPROVER_havoc_object", Type::Void, vec![Type::ptr(Type::Void)]);
            b.call(h, None, vec![arg]);
        }
        ty => {
            let rhs = Expr::new(ExprKind::Nondet, ty);
            b.assign(t, rhs);
        }
    }
}

/// An assigns target: a path from a variable (indices saved on entry), or a region reached
/// through a pointer (its address on entry and its size).
enum Target {
    Path(VarId, Vec<Step>),
    Region(Expr, Expr),
    /// `assigns(p)` of a pointer parameter: the whole object p points into.
    Object(Expr),
}

/// One step of a path from a variable.
#[derive(Clone)]
enum Step {
    Member(u32),
    Index(Expr),
}

/// `e` as a path from a variable (members and array elements), if it is one.
fn var_path(e: &Expr) -> Option<(VarId, Vec<Step>)> {
    match &e.kind {
        ExprKind::Var(v) => Some((*v, vec![])),
        ExprKind::Member(b, k) => {
            let (v, mut s) = var_path(b)?;
            s.push(Step::Member(*k));
            Some((v, s))
        }
        ExprKind::Index(b, i) => {
            let (v, mut s) = var_path(b)?;
            s.push(Step::Index((**i).clone()));
            Some((v, s))
        }
        _ => None,
    }
}

/// When the target path (root, steps) is a prefix of the leaf's path: the condition under
/// which it covers the leaf (index equalities); None when it never does.
fn path_covers(leaf: &Expr, root: VarId, steps: &[Step], int: &Type) -> Option<Expr> {
    let (v, leaf_steps) = var_path(leaf)?;
    if v != root || leaf_steps.len() < steps.len() {
        return None;
    }
    let mut cond = Expr::int(1, int.clone());
    for (t, l) in steps.iter().zip(&leaf_steps) {
        match (t, l) {
            (Step::Member(a), Step::Member(b)) if a == b => {}
            (Step::Index(a), Step::Index(b)) => {
                let e = Expr::binary(BinOp::Eq, a.clone(), Expr::cast(b.clone(), a.ty.clone()), int.clone());
                cond = Expr::binary(BinOp::LogAnd, cond, e, int.clone());
            }
            _ => return None,
        }
    }
    Some(cond)
}
