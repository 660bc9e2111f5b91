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

use crate::ir::build::new_var;
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, Builtin, ClaimKind, Expr, ExprKind, Instr, InstrKind, Program, Type, UnOp, VarId, VarKind};

/// One shared place an instruction accesses, under the condition that it is evaluated
/// (None: always).
struct Access {
    place: Expr,
    write: bool,
    guard: Option<Expr>,
}

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
                let Some((addr, len)) = extent(p, &a.place) else { continue };
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
            library_accesses(p, func, args, &mut out);
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

/// What a call of a library function (a model or a function without a body) reads and writes
/// through its pointer arguments, as far as the pointer's type tells: the pointed-to object
/// of that type (`scanf("%d", &g)` writes `g`; a string function reads or writes at least its
/// first byte). A `const` pointee is read; a variadic argument is written only by the scanf
/// family. The thread library and the verifier's intrinsics are not accesses.
fn library_accesses(p: &Program, func: &Expr, args: &[Expr], out: &mut Vec<Access>) {
    let ExprKind::Func(f) = &func.kind else { return };
    let fun = p.func(*f);
    if !(fun.model || fun.body.is_none()) {
        return;
    }
    let n = fun.name.as_str();
    let runtime =
        ["pthread_", "thrd_", "mtx_", "cnd_", "sem_", "atomic_", "__VERIFIER_", "__ESBMC_", "__CPROVER_", "__verdiff_"];
    if runtime.iter().any(|r| n.starts_with(r)) || matches!(n, "free" | "realloc") {
        return;
    }
    let scanf = n.ends_with("scanf");
    for (i, a) in args.iter().enumerate() {
        let Some(pointee) = a.ty.pointee() else { continue };
        if pointee.is_function() || matches!(pointee, Type::Void) {
            continue;
        }
        let write = match fun.ty.const_pointee.get(i) {
            Some(&c) if i < fun.ty.params.len() => !c,
            _ => scanf,
        };
        let place = Expr::deref(a.clone());
        if watched(p, &place) {
            out.push(Access { place, write, guard: None });
        }
    }
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

/// Whether accesses to the place are checked: not `_Atomic` objects (each access to one is
/// atomic), not string literals (read-only) and not places of unknown size.
fn watched(p: &Program, e: &Expr) -> bool {
    p.size_of(&e.ty).is_some_and(|n| n > 0) && !in_string(e) && !atomic(p, e)
}

/// Whether the place is an `_Atomic` object, as far as the declarations tell (a pointer
/// variable's pointee, a member, an array's elements; not through casts or calls).
fn atomic(p: &Program, e: &Expr) -> bool {
    let a = &p.atomic;
    match &e.kind {
        ExprKind::Var(v) => a.vars.contains(v),
        ExprKind::Member(b, f) => match &b.ty {
            Type::Struct(c) | Type::Union(c) => a.fields.contains(&(*c, *f)),
            _ => false,
        },
        ExprKind::Index(b, _) if matches!(b.ty, Type::Array(..)) => atomic(p, b),
        ExprKind::Index(b, _) | ExprKind::Deref(b) => pointer_to_atomic(p, b),
        _ => false,
    }
}

/// Whether a pointer expression points to `_Atomic` objects (a declared pointer variable, with
/// arithmetic and conversions on it).
fn pointer_to_atomic(p: &Program, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(v) => p.atomic.pointees.contains(v),
        ExprKind::Cast(x, false) => pointer_to_atomic(p, x),
        ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, x, _) => pointer_to_atomic(p, x),
        ExprKind::AddrOf(x) => atomic(p, x),
        _ => false,
    }
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
