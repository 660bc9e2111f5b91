//! Loops both versions share become functions of their inputs (regression verification's rule
//! for loops: Godlin & Strichman turn each loop into a recursive function, and two identical
//! functions called with equal arguments return equal results).
//!
//! A loop of the compared function whose code only reads and writes scalar locals and calls
//! pure functions ([`super::callees::is_pure`]) is *outlined* into functions of the values it
//! reads on entry: one per local it assigns (that local's value when the loop is left), one
//! for which way it is left (the jump target, or a `return`), one for the value a `return`
//! inside it returns, and one that tells whether a run of it has no undefined behaviour (its
//! checks of overflow, division by zero, ... turned into "return 0"). The compared function
//! calls these instead of running the loop. When the loop of the old version and one of the
//! new version outline to functions with equal deep fingerprints, [`super::callees`] replaces
//! both sides' calls by one uninterpreted function each: the loop is never unwound, and its
//! results agree whenever what it reads on entry agrees.
//!
//! Soundness: the outlined functions compute exactly what the loop computes (the same code on
//! the same values; a local is a parameter when some path of the loop reads its entry value —
//! liveness — so every value read is passed), and a loop that reads an indeterminate local is
//! not outlined. A run that never leaves the loop has no results; the same loop on the same
//! values then diverges in both versions, so neither reaches the comparison. The old version's
//! "no undefined behaviour" result is assumed, the new version's is a claim (an equivalence
//! claim like the others: it holds when the loop reads the same values as the old one). A
//! distinguishing input is replayed with the real functions, which run the loop.
//!
//! Pairs that do not match stay as they are: their outlined functions are never called.

use std::collections::{BTreeSet, HashMap};

use super::callees::is_pure;
use crate::ir::build::declare;
use crate::ir::fingerprint::{base_name, callees, deep_fingerprint, normal_form};
use crate::ir::loops::find_loops;
use crate::ir::rewrite::{original, rewrite};
use crate::ir::{
    BinOp, ClaimKind, Expr, ExprKind, FuncId, Instr, InstrKind, Loc, Program, Type, UnOp, Var, VarId, VarKind,
};

/// A loop that can be outlined: instructions `head..=end` of a function.
struct Region {
    head: usize,
    end: usize,
    /// Jump targets outside the region, in order of first appearance (leaving the region
    /// by falling through counts as a jump to `end + 1`).
    exits: Vec<usize>,
    /// Whether a `return` inside the region leaves the function.
    returns: bool,
    /// Locals assigned in the region (and not declared in it): the loop's results.
    outputs: Vec<VarId>,
    /// Every local the region mentions, in order of first appearance.
    vars: Vec<VarId>,
    /// The kind and text of the first undefined-behaviour check in the region.
    check: Option<(ClaimKind, String)>,
}

/// What one outlined function returns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The value of an output local when the loop is left.
    Output(VarId),
    /// Which exit: its index in `Region::exits` (the `return` exit is `exits.len()`).
    Exit,
    /// The value a `return` in the loop returns.
    Returned,
    /// 1 when the run has no undefined behaviour, else 0.
    Defined,
}

/// One loop of one version, outlined.
struct Outlined {
    func: FuncId,
    region: Region,
    /// The outlined functions with their arguments (locals of `func`).
    parts: Vec<(Part, FuncId, Vec<VarId>)>,
}

/// Outlines the loops that are the same in both versions of the compared functions and of
/// their callees (a callee that is not pure as a whole, e.g. one that prints an error message
/// before its loop, may still have a pure loop), so that [`super::callees::abstract_callees`]
/// shares them. Returns where they are, for a note.
pub fn outline_shared_loops(p: &mut Program, old_f: FuncId, new_f: FuncId) -> Vec<String> {
    let mut pairs = vec![(old_f, new_f)];
    let mut others: Vec<(String, FuncId, FuncId)> = Vec::new();
    for (name, &fo) in &p.func_by_name {
        let Some(base) = name.strip_suffix("@old") else { continue };
        let Some(&fnw) = p.func_by_name.get(&format!("{base}@new")) else { continue };
        if fo != old_f && p.func(fo).body.is_some() && p.func(fnw).body.is_some() {
            others.push((base.to_string(), fo, fnw));
        }
    }
    others.sort();
    pairs.extend(others.into_iter().map(|(_, fo, fnw)| (fo, fnw)));
    let mut places = Vec::new();
    for (fo, fnw) in pairs {
        places.extend(outline_pair(p, fo, fnw));
    }
    places
}

fn outline_pair(p: &mut Program, old_f: FuncId, new_f: FuncId) -> Vec<String> {
    let base = base_name(&p.func(old_f).name).to_string();
    let olds = outline_all(p, old_f, &format!("{base}$loop"), "old");
    // (provisional names: a matched new loop takes its old partner's name)
    let news = outline_all(p, new_f, &format!("{base}$newloop"), "new");
    // pair them by the normal forms of all their parts and what those call
    let key = |p: &Program, o: &Outlined| -> Vec<String> { o.parts.iter().map(|(_, f, _)| part_key(p, *f)).collect() };
    let mut taken = vec![false; news.len()];
    let mut pairs = Vec::new();
    for (i, o) in olds.iter().enumerate() {
        let k = key(p, o);
        let found = news.iter().enumerate().find(|(j, n)| !taken[*j] && key(p, n) == k);
        if let Some((j, _)) = found {
            taken[j] = true;
            pairs.push((i, j));
        }
    }
    let mut places = Vec::new();
    let mut olds: Vec<Option<Outlined>> = olds.into_iter().map(Some).collect();
    let mut news: Vec<Option<Outlined>> = news.into_iter().map(Some).collect();

    for &(i, j) in &pairs {
        let (Some(o), Some(n)) = (olds[i].as_ref(), news[j].as_ref()) else { continue };
        // the new side's parts take the old side's names (the stubs pair by name)
        for ((_, fo, _), (_, fnw, _)) in o.parts.iter().zip(&n.parts) {
            let name = format!("{}@new", base_name(&p.func(*fo).name));
            rename(p, *fnw, &name);
        }
        let loc = p.func(old_f).body.as_ref().and_then(|b| b.get(o.region.head)).map(|i| i.loc);
        places.push(format!("{base}: loop at line {}", loc.map_or(0, |l| l.line)));
    }
    let old_loops: Vec<Outlined> = pairs.iter().filter_map(|(i, _)| olds[*i].take()).collect();
    let new_loops: Vec<Outlined> = pairs.iter().filter_map(|(_, j)| news[*j].take()).collect();
    calls_instead(p, old_f, &old_loops);
    calls_instead(p, new_f, &new_loops);
    places.sort();
    places
}

/// What an outlined function computes, without its own name: its normal form and the deep
/// fingerprints of its callees.
fn part_key(p: &Program, f: FuncId) -> String {
    let mut callees: Vec<(String, u64)> =
        callees(p, f).into_iter().map(|g| (base_name(&p.func(g).name).to_string(), deep_fingerprint(p, g))).collect();
    callees.sort();
    format!("{}|{callees:?}", normal_form(p, f).unwrap_or_default())
}

fn rename(p: &mut Program, f: FuncId, name: &str) {
    let old = p.funcs[f.0 as usize].name.clone();
    p.func_by_name.remove(&old);
    p.funcs[f.0 as usize].name = name.to_string();
    p.func_by_name.insert(name.to_string(), f);
}

/// Every outlinable loop of `f` (outermost first; a nested loop only when the loop around it
/// cannot be outlined), outlined into functions named `{prefix}{k}${part}@{side}`.
fn outline_all(p: &mut Program, f: FuncId, base: &str, side: &str) -> Vec<Outlined> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for l in find_loops(p).into_iter().filter(|l| l.func == f) {
        match spans.iter_mut().find(|(h, _)| *h == l.head) {
            Some(s) => s.1 = s.1.max(l.back_edge),
            None => spans.push((l.head, l.back_edge)),
        }
    }
    // outer loops first: earlier head, then longer
    spans.sort_by_key(|&(h, e)| (h, std::cmp::Reverse(e)));
    let mut out: Vec<Outlined> = Vec::new();
    let mut memo = HashMap::new();
    for (k, (head, end)) in spans.into_iter().enumerate() {
        if out.iter().any(|o| o.region.head <= head && end <= o.region.end) {
            continue;
        }
        let Some(region) = region(p, f, head, end, &mut memo) else { continue };
        let Some(parts) = outline(p, f, &region, &format!("{base}{k}"), side) else { continue };
        out.push(Outlined { func: f, region, parts });
    }
    out
}

/// The locals `e` mentions, in order.
fn vars_of(e: &Expr, out: &mut Vec<VarId>) {
    e.visit(&mut |x| {
        if let ExprKind::Var(v) = x.kind {
            out.push(v);
        }
    });
}

/// Whether `e` only computes with scalar locals of `f` (no memory, no globals).
fn plain(p: &Program, f: FuncId, e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| match &x.kind {
        ExprKind::Var(v) => ok &= scalar_local(p, f, *v),
        ExprKind::Func(_)
        | ExprKind::Str(_)
        | ExprKind::Index(..)
        | ExprKind::Member(..)
        | ExprKind::Deref(_)
        | ExprKind::AddrOf(_)
        | ExprKind::Nondet => ok = false,
        _ => {}
    });
    ok
}

fn scalar_local(p: &Program, f: FuncId, v: VarId) -> bool {
    let var = p.var(v);
    matches!(var.kind, VarKind::Local(g) | VarKind::Param(g) | VarKind::Temp(g) if g == f)
        && !var.addressed
        && var.ty.is_arith()
}

/// An lvalue that is a scalar local of `f`.
fn local_lvalue(p: &Program, f: FuncId, e: &Expr) -> Option<VarId> {
    match e.kind {
        ExprKind::Var(v) if scalar_local(p, f, v) => Some(v),
        _ => None,
    }
}

/// The loop `head..=end` of `f` when it can be outlined.
fn region(p: &Program, f: FuncId, head: usize, end: usize, memo: &mut HashMap<FuncId, bool>) -> Option<Region> {
    let body = p.func(f).body.as_ref()?;
    let inside = |t: usize| (head..=end).contains(&t);
    // one entry: nothing outside jumps into the loop past its head
    for (i, ins) in body.iter().enumerate() {
        if let InstrKind::Goto { target, .. } = ins.kind {
            if !inside(i) && inside(target) && target != head {
                return None;
            }
        }
    }
    let mut exits = Vec::new();
    let add_exit = |t: usize, exits: &mut Vec<usize>| {
        if !exits.contains(&t) {
            exits.push(t);
        }
    };
    let (mut returns, mut vars, mut assigned, mut declared, mut check) =
        (false, Vec::new(), Vec::new(), Vec::new(), None);
    for ins in &body[head..=end] {
        match &ins.kind {
            InstrKind::Skip => {}
            InstrKind::Decl(v) | InstrKind::Dead(v) => {
                if !scalar_local(p, f, *v) {
                    return None;
                }
                vars.push(*v);
                if matches!(ins.kind, InstrKind::Decl(_)) {
                    declared.push(*v);
                }
            }
            InstrKind::Assign { lhs, rhs } => {
                let v = local_lvalue(p, f, lhs)?;
                if !plain(p, f, rhs) {
                    return None;
                }
                vars.push(v);
                vars_of(rhs, &mut vars);
                assigned.push(v);
            }
            InstrKind::Call { lhs, func, args } => {
                let ExprKind::Func(g) = func.kind else { return None };
                if !is_pure(p, g, memo) || !args.iter().all(|a| plain(p, f, a)) {
                    return None;
                }
                args.iter().for_each(|a| vars_of(a, &mut vars));
                if let Some(l) = lhs {
                    let v = local_lvalue(p, f, l)?;
                    vars.push(v);
                    assigned.push(v);
                }
            }
            InstrKind::Goto { cond, target } => {
                if let Some(c) = cond {
                    if !plain(p, f, c) {
                        return None;
                    }
                    vars_of(c, &mut vars);
                }
                if !inside(*target) {
                    add_exit(*target, &mut exits);
                }
            }
            InstrKind::Assert { cond, kind, msg } => {
                // (a user assertion stops the program: not a result of the loop)
                if *kind == ClaimKind::Assertion || !plain(p, f, cond) {
                    return None;
                }
                if *kind != ClaimKind::FloatOverflow {
                    vars_of(cond, &mut vars);
                    check.get_or_insert((*kind, msg.clone()));
                }
            }
            InstrKind::Return(e) => {
                if let Some(e) = e {
                    if !plain(p, f, e) {
                        return None;
                    }
                    vars_of(e, &mut vars);
                }
                returns = true;
            }
            InstrKind::Assume(_) | InstrKind::EndPath | InstrKind::Unsupported(_) => return None,
        }
    }
    let falls_through = !matches!(body[end].kind, InstrKind::Goto { cond: None, .. } | InstrKind::Return(_));
    if falls_through {
        add_exit(end + 1, &mut exits);
    }
    // a local declared in the loop is not used after it
    let mut after = Vec::new();
    for (i, ins) in body.iter().enumerate() {
        if !inside(i) {
            mentions(ins, &mut after);
        }
    }
    if declared.iter().any(|v| after.contains(v)) {
        return None;
    }
    let mut seen = BTreeSet::new();
    vars.retain(|v| seen.insert(*v));
    let mut seen = BTreeSet::new();
    assigned.retain(|v| seen.insert(*v) && !declared.contains(v));
    if exits.is_empty() && !returns {
        // never left: nothing to outline
        return None;
    }
    Some(Region { head, end, exits, returns, outputs: assigned, vars, check })
}

fn mentions(ins: &Instr, out: &mut Vec<VarId>) {
    if let InstrKind::Decl(v) | InstrKind::Dead(v) = ins.kind {
        out.push(v);
    }
    ins.kind.exprs().into_iter().for_each(|e| vars_of(e, out));
}

/// The locals whose entry values `part` reads (live at the loop head), in the order the region
/// mentions them; None when some path reads a local declared in the loop before assigning it
/// (an indeterminate value: not a function of the entry values).
fn parameters(p: &Program, f: FuncId, r: &Region, part: Part) -> Option<Vec<VarId>> {
    let body = p.func(f).body.as_ref()?;
    let n = r.end - r.head + 1;
    let inside = |t: usize| (r.head..=r.end).contains(&t);
    // what is read when the loop is left by a jump
    let at_exit: BTreeSet<VarId> = match part {
        Part::Output(v) => [v].into_iter().collect(),
        _ => BTreeSet::new(),
    };
    let uses_defs = |ins: &Instr| -> (Vec<VarId>, Vec<VarId>) {
        let mut uses = Vec::new();
        let mut defs = Vec::new();
        match &ins.kind {
            InstrKind::Decl(v) | InstrKind::Dead(v) => defs.push(*v),
            InstrKind::Assign { lhs, rhs } => {
                vars_of(rhs, &mut uses);
                vars_of(lhs, &mut defs);
            }
            InstrKind::Call { lhs, args, .. } => {
                args.iter().for_each(|a| vars_of(a, &mut uses));
                if let Some(l) = lhs {
                    vars_of(l, &mut defs);
                }
            }
            InstrKind::Goto { cond: Some(c), .. } => vars_of(c, &mut uses),
            InstrKind::Assert { cond, kind, .. } if part == Part::Defined && *kind != ClaimKind::FloatOverflow => {
                vars_of(cond, &mut uses)
            }
            InstrKind::Return(Some(e)) if part == Part::Returned => vars_of(e, &mut uses),
            _ => {}
        }
        (uses, defs)
    };
    let succ = |i: usize| -> Vec<usize> {
        match &body[i].kind {
            InstrKind::Goto { cond: None, target } => vec![*target],
            InstrKind::Goto { cond: Some(_), target } => vec![*target, i + 1],
            InstrKind::Return(_) => vec![],
            _ => vec![i + 1],
        }
    };
    let mut live_in: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n];
    let mut live_out: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (r.head..=r.end).rev() {
            let mut out = BTreeSet::new();
            for s in succ(i) {
                if inside(s) {
                    out.extend(live_in[s - r.head].iter().copied());
                } else {
                    out.extend(at_exit.iter().copied());
                }
            }
            let (uses, defs) = uses_defs(&body[i]);
            let mut inn: BTreeSet<VarId> = out.iter().copied().filter(|v| !defs.contains(v)).collect();
            inn.extend(uses);
            if inn != live_in[i - r.head] || out != live_out[i - r.head] {
                live_in[i - r.head] = inn;
                live_out[i - r.head] = out;
                changed = true;
            }
        }
    }
    for i in r.head..=r.end {
        if let InstrKind::Decl(v) = body[i].kind {
            if live_out[i - r.head].contains(&v) {
                return None;
            }
        }
    }
    let live = &live_in[0];
    Some(r.vars.iter().copied().filter(|v| live.contains(v)).collect())
}

/// The parts of `r` as functions `{name}${part}@{side}`; None when one cannot be built.
fn outline(p: &mut Program, f: FuncId, r: &Region, name: &str, side: &str) -> Option<Vec<(Part, FuncId, Vec<VarId>)>> {
    let mut parts: Vec<Part> = r.outputs.iter().map(|&v| Part::Output(v)).collect();
    if r.exits.len() + usize::from(r.returns) > 1 {
        parts.push(Part::Exit);
    }
    let ret = p.func(f).ty.ret.clone();
    if r.returns && !ret.is_void() {
        if !ret.is_arith() {
            return None;
        }
        parts.push(Part::Returned);
    }
    if r.check.is_some() {
        parts.push(Part::Defined);
    }
    let mut out = Vec::new();
    for (k, part) in parts.into_iter().enumerate() {
        let params = parameters(p, f, r, part)?;
        let ty = match part {
            Part::Output(v) => p.var(v).ty.clone(),
            Part::Returned => ret.clone(),
            Part::Exit | Part::Defined => p.target.int_t(),
        };
        let g = declare(
            p,
            &format!("{name}${k}@{side}"),
            ty.clone(),
            params.iter().map(|v| p.var(*v).ty.clone()).collect(),
        );
        let body = part_body(p, f, g, r, part, &params, &ty);
        let fun = &mut p.funcs[g.0 as usize];
        fun.body = Some(body.0);
        fun.params = body.1;
        out.push((part, g, params));
    }
    Some(out)
}

/// The body of outlined function `g` for `part`, and its parameters.
fn part_body(
    p: &mut Program,
    f: FuncId,
    g: FuncId,
    r: &Region,
    part: Part,
    params: &[VarId],
    ty: &Type,
) -> (Vec<Instr>, Vec<VarId>) {
    let loc = p.func(f).body.as_ref().and_then(|b| b.get(r.head)).map_or(Loc::default(), |i| i.loc);
    let new_var = |p: &mut Program, v: VarId, kind: VarKind| -> VarId {
        let old = p.var(v).clone();
        let id = VarId(p.vars.len() as u32);
        p.vars.push(Var { kind, addressed: false, ..old });
        id
    };
    let formal: Vec<VarId> = params.iter().map(|&v| new_var(p, v, VarKind::Param(g))).collect();
    let local: HashMap<VarId, VarId> = r.vars.iter().map(|&v| (v, new_var(p, v, VarKind::Local(g)))).collect();
    let mut code = Vec::new();
    for v in &r.vars {
        code.push(Instr::new(InstrKind::Decl(local[v]), loc));
    }
    for (v, fv) in params.iter().zip(&formal) {
        let t = p.var(*v).ty.clone();
        let assign = InstrKind::Assign { lhs: Expr::var(local[v], t.clone()), rhs: Expr::var(*fv, t) };
        code.push(Instr::new(assign, loc));
    }
    let start = code.len();
    let n = r.end - r.head + 1;
    // after the region: the jump to the fall-through exit, the exits' returns, then failure
    let exit_code = start + n + 1;
    let exit_at = |t: usize| exit_code + r.exits.iter().position(|&e| e == t).unwrap_or(0);
    let return_exit = exit_code + r.exits.len();
    let fail = return_exit + 1;
    let int = p.target.int_t();
    let body = p.func(f).body.clone().unwrap_or_default();
    for ins in &body[r.head..=r.end] {
        let mut ins = ins.clone();
        ins.labels.clear();
        rename_vars(&mut ins.kind, &local);
        ins.kind = match ins.kind {
            InstrKind::Goto { cond, target } => {
                let target = if (r.head..=r.end).contains(&target) { start + target - r.head } else { exit_at(target) };
                InstrKind::Goto { cond, target }
            }
            InstrKind::Assert { cond, kind, .. } if part == Part::Defined && kind != ClaimKind::FloatOverflow => {
                let not = Expr::unary(UnOp::LogNot, cond, int.clone());
                InstrKind::Goto { cond: Some(not), target: fail }
            }
            InstrKind::Assert { .. } => InstrKind::Skip,
            InstrKind::Return(Some(e)) if part == Part::Returned => InstrKind::Return(Some(Expr::cast(e, ty.clone()))),
            InstrKind::Return(_) => InstrKind::Goto { cond: None, target: return_exit },
            k => k,
        };
        code.push(ins);
    }
    let fall = if r.exits.contains(&(r.end + 1)) { exit_at(r.end + 1) } else { return_exit };
    code.push(Instr::new(InstrKind::Goto { cond: None, target: fall }, loc));
    let value = |k: Option<usize>| -> Expr {
        match part {
            Part::Output(v) if k.is_some() => Expr::var(local[&v], ty.clone()),
            Part::Exit => Expr::int(k.unwrap_or(r.exits.len()) as i128, ty.clone()),
            Part::Defined => Expr::int(1, ty.clone()),
            // (the function returns: what the loop's locals hold does not matter)
            _ => zero(ty),
        }
    };
    for k in 0..r.exits.len() {
        code.push(Instr::new(InstrKind::Return(Some(value(Some(k)))), loc));
    }
    code.push(Instr::new(InstrKind::Return(Some(value(None))), loc));
    code.push(Instr::new(InstrKind::Return(Some(zero(ty))), loc));
    (code, formal)
}

fn zero(ty: &Type) -> Expr {
    match ty {
        Type::Float(_) => Expr::new(ExprKind::Float(0.0), ty.clone()),
        _ => Expr::int(0, ty.clone()),
    }
}

fn rename_vars(k: &mut InstrKind, map: &HashMap<VarId, VarId>) {
    if let InstrKind::Decl(v) | InstrKind::Dead(v) = k {
        if let Some(n) = map.get(v) {
            *v = *n;
        }
    }
    for e in k.exprs_mut() {
        e.visit_mut(&mut |x| {
            if let ExprKind::Var(v) = &mut x.kind {
                if let Some(n) = map.get(v) {
                    *v = *n;
                }
            }
        });
    }
}

/// Replaces the outlined loops of one function by calls of their parts, in one rewrite (jump
/// targets of one loop may lie past another).
fn calls_instead(p: &mut Program, f: FuncId, loops: &[Outlined]) {
    let blocks: Vec<(usize, usize, Vec<Instr>)> =
        loops.iter().map(|o| (o.region.head, o.region.end, calls_of(p, o))).collect();
    let Some(body) = p.funcs[f.0 as usize].body.take() else { return };
    let mut index = 0usize;
    let new_body = rewrite(body, |_| {
        let i = index;
        index += 1;
        match blocks.iter().find(|(h, e, _)| (*h..=*e).contains(&i)) {
            Some((h, _, block)) if *h == i => (vec![], Some(block.clone())),
            Some(_) => (vec![], Some(vec![])),
            None => (vec![], None),
        }
    });
    p.funcs[f.0 as usize].body = Some(new_body);
}

/// The calls of `o`'s parts that replace its loop, then the jumps to where the loop was left
/// (targets as [`original`] instruction numbers).
fn calls_of(p: &mut Program, o: &Outlined) -> Vec<Instr> {
    let f = o.func;
    let r = &o.region;
    let loc = p.func(f).body.as_ref().and_then(|b| b.get(r.head)).map_or(Loc::default(), |i| i.loc);
    let int = p.target.int_t();
    let temp = |p: &mut Program, name: &str, ty: Type| -> VarId {
        crate::ir::build::new_var(p, name, ty, VarKind::Temp(f), loc, false)
    };
    let mut block = Vec::new();
    let mut results = Vec::new();
    let (mut exit, mut returned) = (None, None);
    for (part, g, args) in &o.parts {
        let fun = p.func(*g);
        let ty = fun.ty.ret.clone();
        let fty = Type::Function(std::rc::Rc::new(fun.ty.clone()));
        let t = temp(p, "$loop_result", ty.clone());
        let args: Vec<Expr> = args.iter().map(|v| Expr::var(*v, p.var(*v).ty.clone())).collect();
        let call =
            InstrKind::Call { lhs: Some(Expr::var(t, ty.clone())), func: Expr::new(ExprKind::Func(*g), fty), args };
        block.push(Instr::new(call, loc));
        match part {
            Part::Output(v) => results.push((*v, t)),
            Part::Exit => exit = Some(t),
            Part::Returned => returned = Some(t),
            Part::Defined => {
                let (kind, msg) = r.check.clone().unwrap_or((ClaimKind::Overflow, String::new()));
                let zero = Expr::int(0, ty.clone());
                let ok = Expr::binary(BinOp::Ne, Expr::var(t, ty), zero, int.clone());
                let msg = format!("no undefined behaviour in the loop (first check: {msg})");
                block.push(Instr::new(InstrKind::Assert { cond: ok, kind, msg }, loc));
            }
        }
    }
    for (v, t) in results {
        let ty = p.var(v).ty.clone();
        block.push(Instr::new(InstrKind::Assign { lhs: Expr::var(v, ty.clone()), rhs: Expr::var(t, ty) }, loc));
    }
    let leave = |k: usize| -> Instr {
        match r.exits.get(k) {
            Some(&t) => Instr::new(InstrKind::Goto { cond: None, target: original(t) }, loc),
            None => {
                let e = returned.map(|t| Expr::var(t, p.func(f).ty.ret.clone()));
                Instr::new(InstrKind::Return(e), loc)
            }
        }
    };
    let ways = r.exits.len() + usize::from(r.returns);
    match exit {
        Some(x) => {
            // if x == k goto (that exit); the last way is taken otherwise
            for k in 0..ways - 1 {
                let is_k =
                    Expr::binary(BinOp::Eq, Expr::var(x, int.clone()), Expr::int(k as i128, int.clone()), int.clone());
                let skip = Instr::new(
                    InstrKind::Goto { cond: Some(Expr::unary(UnOp::LogNot, is_k, int.clone())), target: 0 },
                    loc,
                );
                let at = block.len();
                block.push(skip);
                block.push(leave(k));
                if let InstrKind::Goto { target, .. } = &mut block[at].kind {
                    *target = at + 2;
                }
            }
            block.push(leave(ways - 1));
        }
        None => block.push(leave(0)),
    }
    block
}
