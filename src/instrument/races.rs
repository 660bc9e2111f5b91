//! `--data-races-check` (ESBMC's flag; the thesis's Fig. 4.12–4.13): two threads race when
//! they access the same bytes at the same time and one of them writes. As ESBMC does, a write
//! is announced before it is made, and an access checks that no other thread has announced a
//! write to its bytes:
//!
//! ```text
//! assert NO_RACE(&x, sizeof x)      -- data-race claims: every shared place the
//! assert NO_RACE(&y, sizeof y)         instruction reads or writes
//! __verdiff_race_announce(&x, sizeof x)
//! x = y + 1;                        -- another thread may run before this (it is visible)
//! __verdiff_race_clear();
//! ```
//!
//! The claims and the announcement are one step of the scheduler (symex::schedule groups a
//! run of generated claims with the instruction after them); the write is the next. So a
//! thread that stops between the two leaves its write announced, and another thread that
//! reads or writes those bytes then violates its claim: the two accesses are adjacent in
//! that interleaving, with nothing ordering them. A read by one thread and a write by another
//! are caught in the interleaving where the writer announces first.
//!
//! Not checked: accesses inside library models (`memcpy` on shared memory) and objects of
//! `_Atomic` type, whose accesses are atomic. Runs after the shared updates are split
//! (instrument::threads: `x++` reads and then writes) and before the safety claims.

use crate::ir::build::{declare, func_expr, new_var};
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, Instr, InstrKind, Program, Type, UnOp, VarId, VarKind};

/// One shared place an instruction accesses, under the condition that it is evaluated
/// (None: always).
struct Access {
    place: Expr,
    write: bool,
    guard: Option<Expr>,
}

/// Adds the data-race claims and the write announcements to a program that creates threads.
pub fn add_race_claims(p: &mut Program) {
    if !super::threads::creates_threads(p) {
        return;
    }
    let void_ptr = Type::ptr(Type::Void);
    let size_t = p.target.size_t();
    let announce = declare(p, "__verdiff_race_announce", Type::Void, vec![void_ptr, size_t.clone()]);
    let clear = declare(p, "__verdiff_race_clear", Type::Void, vec![]);
    let (announce, clear) = (func_expr(p, announce), func_expr(p, clear));
    let mut addressed: Vec<VarId> = Vec::new();
    for fi in 0..p.funcs.len() {
        if p.funcs[fi].model || p.funcs[fi].body.is_none() {
            continue;
        }
        let Some(body) = p.funcs[fi].body.take() else { continue };
        let f = crate::ir::FuncId(fi as u32);
        // a result of a call written to shared memory: the write is the assignment after the
        // call, not the whole call (announced through the callee's run, it would race with
        // everything the other threads do meanwhile)
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
            let accesses = accesses(p, &ins.kind);
            if accesses.is_empty() {
                return (vec![], None);
            }
            let mut before = Vec::new();
            let mut written = None;
            for a in &accesses {
                let Some((addr, len)) = extent(p, &a.place) else { continue };
                root_vars(&a.place, &mut addressed);
                let free = Expr::builtin(Builtin::RaceFree, vec![addr.clone(), len.clone()], p.target.int_t());
                let cond = match &a.guard {
                    None => free,
                    Some(g) => {
                        let not_g = Expr::unary(UnOp::LogNot, g.clone(), p.target.int_t());
                        Expr::binary(BinOp::LogOr, not_g, free, p.target.int_t())
                    }
                };
                let name = crate::ir::display::expr_to_c(p, &a.place);
                let msg = format!("{} data race on {name}", if a.write { "W/W" } else { "R/W" });
                before.push(Instr::new(InstrKind::Assert { cond, kind: ClaimKind::DataRace, msg }, ins.loc));
                if a.write {
                    written = Some((addr, len));
                }
            }
            let Some((addr, len)) = written else { return (before, None) };
            let addr = Expr::cast(addr, Type::ptr(Type::Void));
            let args = vec![addr, Expr::cast(len, p.target.size_t())];
            before.push(Instr::new(InstrKind::Call { lhs: None, func: announce.clone(), args }, ins.loc));
            let withdraw = Instr::new(InstrKind::Call { lhs: None, func: clear.clone(), args: vec![] }, ins.loc);
            (before, Some(vec![ins.clone(), withdraw]))
        });
        p.funcs[fi].body = Some(body);
    }
    // the claims take the addresses of the places they watch: those variables live in memory
    for v in addressed {
        p.vars[v.0 as usize].addressed = true;
    }
}

/// The shared places an instruction reads and writes (its generated claims excluded: their
/// questions about objects are not accesses of the program's).
fn accesses(p: &Program, k: &InstrKind) -> Vec<Access> {
    let mut out = Vec::new();
    match k {
        InstrKind::Assign { lhs, rhs } => {
            reads(p, rhs, None, &mut out);
            address_reads(p, lhs, None, &mut out);
            if shared(p, lhs) && watched(p, lhs) {
                out.push(Access { place: lhs.clone(), write: true, guard: None });
            }
        }
        InstrKind::Call { lhs, func, args } => {
            reads(p, func, None, &mut out);
            for a in args {
                reads(p, a, None, &mut out);
            }
            if let Some(l) = lhs {
                address_reads(p, l, None, &mut out);
            }
        }
        InstrKind::Assume(c) | InstrKind::Assert { cond: c, kind: ClaimKind::Assertion, .. } => {
            reads(p, c, None, &mut out)
        }
        InstrKind::Goto { cond: Some(c), .. } => reads(p, c, None, &mut out),
        InstrKind::Return(Some(e)) => reads(p, e, None, &mut out),
        _ => {}
    }
    out
}

/// The shared places evaluating `e` reads, each under the condition of its evaluation.
fn reads(p: &Program, e: &Expr, guard: Option<&Expr>, out: &mut Vec<Access>) {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Member(..) | ExprKind::Index(..) | ExprKind::Deref(_) => {
            address_reads(p, e, guard, out);
            if !matches!(e.ty, Type::Array(..)) && shared(p, e) && watched(p, e) {
                out.push(Access { place: e.clone(), write: false, guard: guard.cloned() });
            }
        }
        ExprKind::AddrOf(x) => address_reads(p, x, guard, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) => reads(p, a, guard, out),
        ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
            reads(p, a, guard, out);
            let int = p.target.int_t();
            let when = match op {
                BinOp::LogAnd => (**a).clone(),
                _ => Expr::unary(UnOp::LogNot, (**a).clone(), int.clone()),
            };
            let g = both(guard, when, &int);
            reads(p, b, Some(&g), out);
        }
        ExprKind::Binary(_, a, b) => {
            reads(p, a, guard, out);
            reads(p, b, guard, out);
        }
        ExprKind::Cond(c, a, b) => {
            reads(p, c, guard, out);
            let int = p.target.int_t();
            let ga = both(guard, (**c).clone(), &int);
            reads(p, a, Some(&ga), out);
            let not_c = Expr::unary(UnOp::LogNot, (**c).clone(), int.clone());
            let gb = both(guard, not_c, &int);
            reads(p, b, Some(&gb), out);
        }
        ExprKind::Builtin(_, args) => args.iter().for_each(|a| reads(p, a, guard, out)),
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Nondet | ExprKind::Zero => {}
    }
}

/// What computing the address of the place `x` reads: the pointers and indices on the way.
fn address_reads(p: &Program, x: &Expr, guard: Option<&Expr>, out: &mut Vec<Access>) {
    match &x.kind {
        ExprKind::Member(b, _) => address_reads(p, b, guard, out),
        ExprKind::Index(b, i) => {
            address_reads(p, b, guard, out);
            reads(p, i, guard, out);
        }
        ExprKind::Deref(q) => reads(p, q, guard, out),
        ExprKind::Var(_) | ExprKind::Str(_) | ExprKind::Func(_) => {}
        _ => reads(p, x, guard, out),
    }
}

fn both(guard: Option<&Expr>, c: Expr, int: &Type) -> Expr {
    match guard {
        None => c,
        Some(g) => Expr::binary(BinOp::LogAnd, g.clone(), c, int.clone()),
    }
}

/// Whether the place `e` lives where another thread can reach it.
fn shared(p: &Program, e: &Expr) -> bool {
    crate::ir::shared::touches_shared(e, &|v| {
        let var = p.var(v);
        var.is_static() || var.addressed
    })
}

/// Whether accesses to the place are checked: not string literals (read-only) and not
/// places of unknown size.
fn watched(p: &Program, e: &Expr) -> bool {
    p.size_of(&e.ty).is_some_and(|n| n > 0) && !in_string(e)
}

fn in_string(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Str(_) => true,
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => in_string(b),
        _ => false,
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

/// The variables a place's address is taken of (they must live in memory).
fn root_vars(e: &Expr, out: &mut Vec<VarId>) {
    match &e.kind {
        ExprKind::Var(v) => out.push(*v),
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => root_vars(b, out),
        _ => {}
    }
}
