//! What an entry point can reach: functions (called or whose address is taken), static
//! variables and string literals — so that unused library models and their data cost nothing.

use std::collections::HashSet;

use super::expr::{Expr, ExprKind};
use super::program::{Instr, InstrKind, Program};
use super::{FuncId, StrId, VarId};

#[derive(Debug, Default, Clone)]
pub struct Reachable {
    pub funcs: HashSet<FuncId>,
    /// Functions whose address is taken by reachable code.
    pub addressed_funcs: HashSet<FuncId>,
    pub vars: HashSet<VarId>,
    pub strings: HashSet<StrId>,
    /// The library's atexit-handler runner, when `atexit` is reachable: it runs after `main`.
    pub atexit_run: Option<FuncId>,
}

fn scan_expr(e: &Expr, r: &mut Reachable, work: &mut Vec<FuncId>) {
    e.visit(&mut |x| match &x.kind {
        ExprKind::Var(v) => {
            r.vars.insert(*v);
        }
        ExprKind::Str(s) => {
            r.strings.insert(*s);
        }
        ExprKind::Func(f) if r.funcs.insert(*f) => {
            work.push(*f);
        }
        ExprKind::AddrOf(inner) => {
            if let ExprKind::Func(f) = inner.kind {
                r.addressed_funcs.insert(f);
            }
        }
        _ => {}
    });
}

fn scan_instr(ins: &Instr, r: &mut Reachable, work: &mut Vec<FuncId>) {
    match &ins.kind {
        InstrKind::Assign { lhs, rhs } => {
            scan_expr(lhs, r, work);
            scan_expr(rhs, r, work);
        }
        InstrKind::Assume(e) | InstrKind::Assert { cond: e, .. } | InstrKind::Goto { cond: Some(e), .. } => {
            scan_expr(e, r, work)
        }
        InstrKind::Call { lhs, func, args } => {
            if let Some(l) = lhs {
                scan_expr(l, r, work);
            }
            scan_expr(func, r, work);
            args.iter().for_each(|a| scan_expr(a, r, work));
        }
        InstrKind::Return(Some(e)) => scan_expr(e, r, work),
        InstrKind::Decl(v) | InstrKind::Dead(v) => {
            r.vars.insert(*v);
        }
        _ => {}
    }
}

/// The root variable an lvalue writes.
pub fn root_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index(b, _) | ExprKind::Member(b, _) => root_var(b),
        _ => None,
    }
}

/// The variable whose initialisation the claims at `init[i..]` check: instrumentation puts an
/// instruction's checks right before it, so it is the root variable of the first instruction
/// after them when that is an assignment (None when it is not, or `init[i]` is no claim).
pub fn checked_initialisation(init: &[Instr], i: usize) -> Option<VarId> {
    if !matches!(init.get(i)?.kind, InstrKind::Assert { .. }) {
        return None;
    }
    match &init[i..].iter().find(|ins| !matches!(ins.kind, InstrKind::Assert { .. }))?.kind {
        InstrKind::Assign { lhs, .. } => root_var(lhs),
        _ => None,
    }
}

/// Whether code `entry` can reach starts a thread (calls `pthread_create` or `thrd_create`,
/// the engine's built-ins; a program that defines its own is not taken for one).
pub fn starts_threads(p: &Program, entry: FuncId) -> bool {
    let starts =
        |f: &FuncId| matches!(p.func(*f).name.as_str(), "pthread_create" | "thrd_create") && p.func(*f).body.is_none();
    p.funcs.iter().any(|f| matches!(f.name.as_str(), "pthread_create" | "thrd_create") && f.body.is_none())
        && reachable(p, entry).funcs.iter().any(starts)
}

pub fn reachable(p: &Program, entry: FuncId) -> Reachable {
    reachable_stopping(p, entry, &|_| false)
}

/// [`reachable`], not looking inside the functions other than `entry` for which `stop` holds
/// (they are in [`Reachable::funcs`]; what only they reach is not).
pub fn reachable_stopping(p: &Program, entry: FuncId, stop: &dyn Fn(FuncId) -> bool) -> Reachable {
    let mut r = Reachable::default();
    let mut work = vec![entry];
    r.funcs.insert(entry);
    loop {
        while let Some(f) = work.pop() {
            if f != entry && stop(f) {
                continue;
            }
            let fun = p.func(f);
            r.vars.extend(fun.params.iter().copied());
            r.vars.extend(fun.va_block);
            for ins in fun.body.iter().flatten() {
                scan_instr(ins, &mut r, &mut work);
            }
        }
        let before = (r.vars.len(), r.funcs.len(), r.strings.len(), r.addressed_funcs.len());
        // initialisers of used statics (they may use further variables and functions)
        for ins in &p.init {
            let used = match &ins.kind {
                InstrKind::Assign { lhs, .. } => root_var(lhs).is_none_or(|v| r.vars.contains(&v)),
                _ => true,
            };
            if used {
                scan_instr(ins, &mut r, &mut work);
            }
        }
        // a function whose address is taken may be called through a pointer
        for &f in &r.addressed_funcs {
            if !r.funcs.contains(&f) {
                work.push(f);
            }
        }
        // handlers registered with atexit run after main returns
        if r.atexit_run.is_none() && r.funcs.iter().any(|&f| p.func(f).name == "atexit" && p.func(f).body.is_some()) {
            let run = (0..p.funcs.len() as u32)
                .map(FuncId)
                .find(|&f| p.func(f).name == "__vd_atexit_run" && p.func(f).body.is_some());
            if let Some(run) = run {
                r.atexit_run = Some(run);
                if !r.funcs.contains(&run) {
                    work.push(run);
                }
            }
        }
        for &f in &work {
            r.funcs.insert(f);
        }
        if work.is_empty() && before == (r.vars.len(), r.funcs.len(), r.strings.len(), r.addressed_funcs.len()) {
            return r;
        }
    }
}
