//! How a run ends is behaviour: a version that stops (`exit`, `abort`, a failed `assert`)
//! where the other returns, or exits with another status, behaves differently.
//!
//! The product runs the old version and then the new one in one execution, so a stop cannot
//! end the path (the other version would never run). Instead every stop in the compared code
//! sets one flag and returns, and every call of a function that may stop is followed by "if
//! the flag is set, return": the stop unwinds to the harness, which compares the flags of the
//! two runs (see `product::build`). The flag is [`RETURNED`] for a run that returned,
//! [`ABORTED`] for `abort`, a failed `assert` or `__VERIFIER_error`, and [`EXITED`] + (status &
//! 255) for `exit(status)` — the status the parent process would see.
//!
//! The rewrite keeps everything a run does before it stops (its calls to output functions are
//! logged and compared as usual); what it leaves in memory is not compared when both runs
//! stopped, since the process is gone.

use std::collections::HashSet;

use crate::ir::{BinOp, ClaimKind, Expr, ExprKind, FuncId, Instr, InstrKind, Program, VarId};

/// The flag's variable.
pub const STOPPED: &str = "__verdiff_stopped";
/// The output group that compares the flags.
pub const GROUP: &str = "termination";
pub const RETURNED: i128 = 0;
pub const ABORTED: i128 = 1;
pub const EXITED: i128 = 2;

/// Does `f` itself stop a run? (A library model's own assertions are claims about its
/// caller's arguments, not stops.)
fn stops_here(p: &Program, f: FuncId) -> bool {
    let fun = p.func(f);
    fun.body.iter().flatten().any(|ins| match &ins.kind {
        InstrKind::EndPath => true,
        InstrKind::Assert { kind: ClaimKind::Assertion, .. } => !fun.model,
        _ => false,
    })
}

/// Can a run of either entry stop?
pub fn may_stop(p: &Program, entries: &[FuncId]) -> bool {
    entries.iter().any(|&e| crate::ir::reach::reachable(p, e).funcs.iter().any(|&f| stops_here(p, f)))
}

/// The functions whose calls may stop the run: those that stop themselves, and their callers.
fn stopping(p: &Program) -> HashSet<FuncId> {
    let ids: Vec<FuncId> = (0..p.funcs.len() as u32).map(FuncId).collect();
    let mut set: HashSet<FuncId> = ids.iter().copied().filter(|&f| stops_here(p, f)).collect();
    loop {
        let before = set.len();
        for &f in &ids {
            if set.contains(&f) {
                continue;
            }
            let calls_stopping = p.func(f).body.iter().flatten().any(|ins| match &ins.kind {
                InstrKind::Call { func, .. } => callee(func).is_some_and(|g| set.contains(&g)),
                _ => false,
            });
            if calls_stopping {
                set.insert(f);
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

fn callee(func: &Expr) -> Option<FuncId> {
    match &func.kind {
        ExprKind::Func(g) => Some(*g),
        _ => None,
    }
}

/// Rewrites every function but `harness` so that a stop sets the flag `stopped` and returns
/// to the harness (see the module comment).
pub fn stops_as_returns(p: &mut Program, stopped: VarId, harness: FuncId) {
    let may = stopping(p);
    let int = p.var(stopped).ty.clone();
    let flag = Expr::var(stopped, int.clone());
    let set = |v: i128| InstrKind::Assign { lhs: flag.clone(), rhs: Expr::int(v, int.clone()) };
    let is = |op: BinOp| Expr::binary(op, flag.clone(), Expr::int(RETURNED, int.clone()), int.clone());
    let exit = p.func_named("exit");
    for fi in 0..p.funcs.len() {
        let f = FuncId(fi as u32);
        if f == harness || !may.contains(&f) {
            continue;
        }
        let model = p.funcs[fi].model;
        let Some(body) = p.funcs[fi].body.take() else { continue };
        let body = crate::ir::rewrite::rewrite(body, |ins| {
            let at = |k: InstrKind| Instr::new(k, ins.loc);
            match &ins.kind {
                // (inside exit's model the status is already set: an abort keeps it)
                InstrKind::EndPath => (
                    vec![],
                    Some(vec![
                        at(InstrKind::Goto { cond: Some(is(BinOp::Ne)), target: 2 }),
                        at(set(ABORTED)),
                        at(InstrKind::Return(None)),
                    ]),
                ),
                InstrKind::Assert { cond, kind: ClaimKind::Assertion, .. } if !model => (
                    vec![],
                    Some(vec![
                        at(InstrKind::Goto { cond: Some(cond.clone()), target: 3 }),
                        at(set(ABORTED)),
                        at(InstrKind::Return(None)),
                    ]),
                ),
                InstrKind::Call { func, args, .. } if callee(func).is_some_and(|g| may.contains(&g)) => {
                    let mut before = Vec::new();
                    if callee(func) == exit && exit.is_some() {
                        // exit(status): the parent sees status & 255
                        if let Some(status) = args.first() {
                            let s = Expr::cast(status.clone(), int.clone());
                            let low = Expr::binary(BinOp::BitAnd, s, Expr::int(255, int.clone()), int.clone());
                            let v = Expr::binary(BinOp::Add, low, Expr::int(EXITED, int.clone()), int.clone());
                            before.push(at(InstrKind::Assign { lhs: flag.clone(), rhs: v }));
                        }
                    }
                    let code = vec![
                        ins.clone(),
                        at(InstrKind::Goto { cond: Some(is(BinOp::Eq)), target: 3 }),
                        at(InstrKind::Return(None)),
                    ];
                    (before, Some(code))
                }
                _ => (vec![], None),
            }
        });
        p.funcs[fi].body = Some(body);
    }
}

/// The flag's value in words, for a behaviour change's explanation.
pub fn describe(value: &str) -> String {
    match value.parse::<i128>() {
        Ok(RETURNED) => "returns".into(),
        Ok(ABORTED) => "stops (abort or a failed assertion)".into(),
        Ok(v) if v >= EXITED => format!("calls exit({})", v - EXITED),
        _ => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_values_read_as_words() {
        assert_eq!(describe("0"), "returns");
        assert_eq!(describe("1"), "stops (abort or a failed assertion)");
        assert_eq!(describe("5"), "calls exit(3)");
        assert_eq!(describe("x"), "x");
    }
}
