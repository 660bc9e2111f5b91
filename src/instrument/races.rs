//! `--data-races-check` (ESBMC's flag; the thesis's Fig. 4.12–4.13): two threads race when
//! they access the same bytes at the same time and one of them writes. Every shared place an
//! instruction reads or writes gets a claim before it, `NO_RACE(&x, sizeof x, write)`:
//!
//! ```text
//! assert NO_RACE(&x, sizeof x, 1)   -- data-race claims: every shared place the
//! assert NO_RACE(&y, sizeof y, 0)      instruction writes (1) or reads (0)
//! x = y + 1;
//! ```
//!
//! The claims and the access are one step of the scheduler (symex::schedule groups a run of
//! generated claims with the instruction after them), so a thread that another preempts
//! stands right before such a group: its claims name the accesses it is about to make. A
//! claim of the running thread holds when no other thread stands before an access to the
//! same bytes where one of the two writes (symex::races): in that interleaving the two
//! accesses are adjacent, with nothing ordering them. This also catches a write inside an
//! atomic section (which no other thread can interrupt) against a plain read another thread
//! is about to make.
//!
//! Not checked: accesses inside library models (`memcpy` on shared memory) and objects of
//! `_Atomic` type, whose accesses are atomic. Runs after the shared updates are split
//! (instrument::threads: `x++` reads and then writes) and before the safety claims.

use super::accesses::{accesses, shared};
use crate::ir::build::new_var;
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, Instr, InstrKind, Program, UnOp, VarId, VarKind};

/// Adds the data-race claims to a program that creates threads.
pub fn add_race_claims(p: &mut Program) {
    if !super::threads::creates_threads(p) {
        return;
    }
    let mut addressed: Vec<VarId> = Vec::new();
    for fi in 0..p.funcs.len() {
        if p.funcs[fi].model || p.funcs[fi].body.is_none() {
            continue;
        }
        let Some(body) = p.funcs[fi].body.take() else { continue };
        let f = crate::ir::FuncId(fi as u32);
        // a result of a call written to shared memory: the write is the assignment after the
        // call, not the whole call (claimed before the callee's run, the write would seem to
        // be pending through everything the callee does)
        let mut temps = Vec::new();
        let body = rewrite(body, |ins| {
            let InstrKind::Call { lhs: Some(lhs), func, args } = &ins.kind else { return (vec![], None) };
            if !shared(p, lhs) {
                return (vec![], None);
            }
            temps.push((lhs.ty.clone(), ins.loc));
            let t = VarId((p.vars.len() + temps.len() - 1) as u32);
            let tmp = Expr::var(t, lhs.ty.clone());
            let call = InstrKind::Call { lhs: Some(tmp.clone()), func: func.clone(), args: args.clone() };
            let write = InstrKind::Assign { lhs: lhs.clone(), rhs: tmp };
            (vec![], Some(vec![Instr::new(call, ins.loc), Instr::new(write, ins.loc)]))
        });
        for (ty, loc) in temps {
            new_var(p, "$call_result", ty, VarKind::Temp(f), loc, false);
        }
        let body = rewrite(body, |ins| {
            let mut before = Vec::new();
            for a in accesses(p, &ins.kind) {
                let Some((addr, len)) = (if a.to_end { to_end(p, &a.place) } else { extent(p, &a.place) }) else {
                    continue;
                };
                root_vars(&a.place, &mut addressed);
                let int = p.target.int_t();
                let write = Expr::int(a.write as i128, int.clone());
                let free = Expr::builtin(Builtin::RaceFree, vec![addr, len, write], int.clone());
                let cond = match &a.guard {
                    None => free,
                    Some(g) => {
                        let not_g = Expr::unary(UnOp::LogNot, g.clone(), int.clone());
                        Expr::binary(BinOp::LogOr, not_g, free, int)
                    }
                };
                let name = crate::ir::display::expr_to_c(p, &a.place);
                let msg = format!("{} data race on {name}", if a.write { "W/W" } else { "R/W" });
                before.push(Instr::new(InstrKind::Assert { cond, kind: ClaimKind::DataRace, msg }, ins.loc));
            }
            (before, None)
        });
        p.funcs[fi].body = Some(body);
    }
    // the claims take the addresses of the places they watch: those variables live in memory
    for v in addressed {
        p.vars[v.0 as usize].addressed = true;
    }
}

/// The address and byte length of a place (of its storage unit for a bit-field).
fn extent(p: &Program, place: &Expr) -> Option<(Expr, Expr)> {
    let mut place = place;
    while let ExprKind::Member(b, i) = &place.kind {
        let bit_field =
            p.layout().composite(&b.ty).and_then(|c| c.fields.get(*i as usize)).is_some_and(|f| f.bits.is_some());
        if !bit_field {
            break;
        }
        place = b;
    }
    let n = p.size_of(&place.ty)?;
    Some((Expr::addr_of(place.clone()), Expr::int(n as i128, p.target.size_t())))
}

/// The address of a place and the bytes from it to the end of its object.
fn to_end(p: &Program, place: &Expr) -> Option<(Expr, Expr)> {
    let addr = Expr::addr_of(place.clone());
    let size_t = p.target.size_t();
    let size = Expr::builtin(Builtin::ObjectSize, vec![addr.clone()], size_t.clone());
    let offset = Expr::builtin(Builtin::PointerOffset, vec![addr.clone()], size_t.clone());
    Some((addr, Expr::binary(BinOp::Sub, size, offset, size_t)))
}

/// The variables a place's address is taken of (they must live in memory).
fn root_vars(e: &Expr, out: &mut Vec<VarId>) {
    match &e.kind {
        ExprKind::Var(v) => out.push(*v),
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => root_vars(b, out),
        _ => {}
    }
}
