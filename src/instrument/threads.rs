//! Multi-threaded programs: an assignment that reads shared memory and writes shared memory
//! (`x = x + 1` with `x` a global) is two accesses in C, between which another thread may run.
//! The scheduler switches only before an instruction (symex::schedule), so such an assignment
//! is split into a read into a temporary and a write of it: `$read = x + 1; x = $read;`.
//! Programs that create no thread are left as they are. Inside an atomic section (such as the
//! one the front end puts around a read-modify-write of an `_Atomic` object) the two halves are
//! still one step: the scheduler does not switch there.

use crate::ir::build::new_var;
use crate::ir::rewrite::rewrite;
use crate::ir::{Expr, Instr, InstrKind, Program, VarKind};

/// Whether the program can start a thread.
pub fn creates_threads(p: &Program) -> bool {
    p.funcs.iter().any(|f| matches!(f.name.as_str(), "pthread_create" | "thrd_create") && f.body.is_none())
}

/// Splits every shared read-and-write assignment of a program that creates threads.
pub fn split_shared_updates(p: &mut Program) {
    if !creates_threads(p) {
        return;
    }
    for fi in 0..p.funcs.len() {
        let Some(body) = p.funcs[fi].body.take() else { continue };
        if p.funcs[fi].model {
            p.funcs[fi].body = Some(body);
            continue;
        }
        let f = crate::ir::FuncId(fi as u32);
        let mut temps = Vec::new();
        let body = rewrite(body, |ins| {
            let InstrKind::Assign { lhs, rhs } = &ins.kind else { return (vec![], None) };
            if !shared(p, lhs) || !shared(p, rhs) {
                return (vec![], None);
            }
            temps.push((rhs.ty.clone(), ins.loc));
            let t = crate::ir::VarId((p.vars.len() + temps.len() - 1) as u32);
            let tmp = Expr::var(t, rhs.ty.clone());
            let read = Instr::new(InstrKind::Assign { lhs: tmp.clone(), rhs: rhs.clone() }, ins.loc);
            let write = Instr::new(InstrKind::Assign { lhs: lhs.clone(), rhs: tmp }, ins.loc);
            (vec![read], Some(vec![write]))
        });
        for (ty, loc) in temps {
            new_var(p, "$shared_read", ty, VarKind::Temp(f), loc, false);
        }
        p.funcs[fi].body = Some(body);
    }
}

/// Whether evaluating `e` reads (or writing it writes) memory another thread can reach.
fn shared(p: &Program, e: &Expr) -> bool {
    crate::ir::shared::touches_shared(e, &|v| {
        let var = p.var(v);
        (var.is_static() && !var.thread_local) || var.addressed
    })
}
