//! The LTL monitor inside the IR (docs/ltl.md §3): a never claim of ¬φ run in lockstep with
//! the program, and the questions of the four-valued semantics at every end of a trace.
//!
//! - Each atom is a function `__verdiff_ltl_atom_N` (lowered by the front end from the
//!   formula's C text, side-effect free). Its value is kept in a status global, re-evaluated
//!   at every step of the monitor.
//! - The automaton's state is one global. A step reads the status bits (the letter), chooses
//!   the next state nondeterministically and assumes it is a successor under the letter; the
//!   solver resolves the choice, which is the existential reading every question needs. A
//!   run with no successor has left the automaton's language: every extension of that trace
//!   satisfies φ, and the path is dropped (its verdict, GOOD, never lowers the minimum).
//! - The monitor steps once at the entry (the initial state is the first letter), then right
//!   after every assignment that may change an atom: to a global an atom reads; through a
//!   pointer, when the written object is one of those globals (compared by object) — or after
//!   every write through a pointer when an atom itself reads through one. When the program
//!   calls `__VERIFIER_ltl_step()` (Ultimate's step-wise tasks), it steps there only.
//! - A trace ends when the entry returns, at `exit`/`abort`, and at the bound of a loop or a
//!   recursion (symbolic execution states [`TraceEndClaim`]s there). At each end three claims
//!   are stated, worst first: the state is not a bad-prefix state (BAD), does not accept the
//!   stutter extension of the last letter (FAILING), is not live (SUCCEEDING).

use std::collections::BTreeSet;

use crate::ir::build::{func_expr, new_var, FnBuilder};
use crate::ir::{
    BinOp, Builtin, ClaimKind, Expr, ExprKind, FuncId, Instr, InstrKind, Loc, Program, Type, UnOp, VarId, VarKind,
};
use crate::ir::{LassoSpec, TraceEndClaim};
use crate::ltl::{Label, Monitor};

/// The name of atom `i`'s function, as the front end lowers it.
pub use crate::ir::program::ltl_atom_function as atom_function;

/// The call Ultimate's step-wise tasks make where the monitor samples.
pub const STEP_CALL: &str = "__VERIFIER_ltl_step";

/// Why a program cannot carry the monitor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonitorError(pub String);

/// What symbolic execution is told about a program with a monitor.
#[derive(Clone, Debug)]
pub struct Monitored {
    /// The claims it states where a path reaches a bound.
    pub ends: Vec<TraceEndClaim>,
    /// What it compares at loop back-edges to find lassos.
    pub lasso: LassoSpec,
}

/// Puts the monitor of `m` (over `atoms` atoms, whose functions `p` defines) into `p` with
/// `entry` as the program's entry.
pub fn instrument(p: &mut Program, entry: FuncId, m: &Monitor, atoms: usize) -> Result<Monitored, MonitorError> {
    let atom_fns: Vec<FuncId> = (0..atoms)
        .map(|i| p.func_named(&atom_function(i)).ok_or_else(|| MonitorError(format!("atom {i} was not lowered"))))
        .collect::<Result<_, _>>()?;
    let reads = Reads::of(p, &atom_fns)?;
    let int = p.target.int_t();
    let uint = p.target.int(crate::ir::IntName::UInt);
    let loc = p.func(entry).loc;
    let state = new_var(p, "__verdiff_ltl_state", uint.clone(), VarKind::Global, loc, false);
    let bits: Vec<VarId> = (0..atoms)
        .map(|i| new_var(p, &format!("__verdiff_ltl_atom{i}"), int.clone(), VarKind::Global, loc, false))
        .collect();
    let accepted = new_var(p, "__verdiff_ltl_accepted", uint.clone(), VarKind::Global, loc, false);
    let steps = new_var(p, "__verdiff_ltl_steps", uint.clone(), VarKind::Global, loc, false);
    p.init.push(Instr::new(
        InstrKind::Assign {
            lhs: Expr::var(state, uint.clone()),
            rhs: Expr::int(m.automaton.initial as i128, uint.clone()),
        },
        loc,
    ));
    for c in [accepted, steps] {
        p.init.push(Instr::new(
            InstrKind::Assign { lhs: Expr::var(c, uint.clone()), rhs: Expr::int(0, uint.clone()) },
            loc,
        ));
    }
    for &b in &bits {
        p.init.push(Instr::new(
            InstrKind::Assign { lhs: Expr::var(b, int.clone()), rhs: Expr::int(0, int.clone()) },
            loc,
        ));
    }
    let v = Vocabulary { state, bits: bits.clone(), accepted, steps, int: int.clone(), uint };
    let step = step_function(p, &v, m, &atom_fns, loc);
    let ends = end_claims(&v, m);
    let lasso = LassoSpec { accepted, steps, stutter: stutter_accepted(&v, m) };

    let sampled = calls_step(p);
    let own: BTreeSet<FuncId> = atom_fns.iter().copied().chain([step]).collect();
    for fi in 0..p.funcs.len() {
        let f = FuncId(fi as u32);
        if own.contains(&f) || p.funcs[fi].body.is_none() {
            continue;
        }
        let body = p.funcs[fi].body.take().unwrap_or_default();
        let step_call = Instr::new(InstrKind::Call { lhs: None, func: func_expr(p, step), args: vec![] }, loc);
        let body = crate::ir::rewrite::rewrite(body, |ins| {
            let mut before = Vec::new();
            // the end of a trace: the entry returns, or the program exits or aborts
            let ends_here =
                matches!(ins.kind, InstrKind::EndPath) || (f == entry && matches!(ins.kind, InstrKind::Return(_)));
            if ends_here {
                before.extend(ends.iter().map(|e| claim(e, ins.loc)));
            }
            if sampled {
                if is_step_call(p, ins) {
                    let mut call = step_call.clone();
                    call.loc = ins.loc;
                    return (before, Some(vec![call]));
                }
                return (before, None);
            }
            let written = match &ins.kind {
                InstrKind::Assign { lhs, .. } | InstrKind::Call { lhs: Some(lhs), .. } => Some(lhs),
                _ => None,
            };
            let by_lhs = written.and_then(|lhs| reads.step_after(p, lhs));
            let by_callee = reads.step_after_call(p, ins, &own);
            match either(by_lhs, by_callee, &int) {
                Some(guard) => (before, Some(after(ins, guard, &step_call, &int))),
                None => (before, None),
            }
        });
        p.funcs[fi].body = Some(body);
    }
    // the first letter: the program's initial state
    if let Some(body) = p.funcs[entry.0 as usize].body.take() {
        let mut first = Instr::new(InstrKind::Call { lhs: None, func: func_expr(p, step), args: vec![] }, loc);
        first.loc = body.first().map_or(loc, |i| i.loc);
        let mut once = Some(first);
        let body = crate::ir::rewrite::rewrite(body, |_| (once.take().into_iter().collect(), None));
        p.funcs[entry.0 as usize].body = Some(body);
    }
    Ok(Monitored { ends, lasso })
}

/// The monitor's globals.
struct Vocabulary {
    state: VarId,
    bits: Vec<VarId>,
    /// Counts moves into an accepting state (for lassos).
    accepted: VarId,
    /// Counts steps (for lassos).
    steps: VarId,
    int: Type,
    uint: Type,
}

impl Vocabulary {
    fn state_is(&self, q: usize) -> Expr {
        Expr::binary(
            BinOp::Eq,
            Expr::var(self.state, self.uint.clone()),
            Expr::int(q as i128, self.uint.clone()),
            self.int.clone(),
        )
    }

    /// The letter satisfies `l` (a conjunction of atom literals).
    fn label(&self, l: &Label) -> Expr {
        let mut parts = Vec::new();
        for (i, &b) in self.bits.iter().enumerate() {
            let bit = Expr::var(b, self.int.clone());
            if l.pos >> i & 1 == 1 {
                parts.push(Expr::binary(BinOp::Ne, bit, Expr::int(0, self.int.clone()), self.int.clone()));
            } else if l.neg >> i & 1 == 1 {
                parts.push(Expr::binary(BinOp::Eq, bit, Expr::int(0, self.int.clone()), self.int.clone()));
            }
        }
        all(parts, &self.int)
    }
}

fn all(parts: Vec<Expr>, int: &Type) -> Expr {
    parts
        .into_iter()
        .reduce(|a, b| Expr::binary(BinOp::LogAnd, a, b, int.clone()))
        .unwrap_or_else(|| Expr::int(1, int.clone()))
}

fn any(parts: Vec<Expr>, int: &Type) -> Expr {
    parts
        .into_iter()
        .reduce(|a, b| Expr::binary(BinOp::LogOr, a, b, int.clone()))
        .unwrap_or_else(|| Expr::int(0, int.clone()))
}

/// `__verdiff_ltl_step()`: the status bits from the atoms, then one transition.
fn step_function(p: &mut Program, v: &Vocabulary, m: &Monitor, atom_fns: &[FuncId], loc: Loc) -> FuncId {
    let step = crate::ir::build::declare(p, "__verdiff_ltl_step_monitor", Type::Void, vec![]);
    let mut b = FnBuilder::new(p, step, loc);
    for (&f, &bit) in atom_fns.iter().zip(&v.bits) {
        b.call(f, Some(Expr::var(bit, v.int.clone())), vec![]);
    }
    // (a declared local is a fresh nondeterministic value)
    let next = b.declared("next", v.uint.clone(), false);
    let next_e = Expr::var(next, v.uint.clone());
    let mut moves = Vec::new();
    for (q, edges) in m.automaton.edges.iter().enumerate() {
        for e in edges {
            let to = Expr::binary(BinOp::Eq, next_e.clone(), Expr::int(e.to as i128, v.uint.clone()), v.int.clone());
            moves.push(all(vec![v.state_is(q), v.label(&e.label), to], &v.int));
        }
    }
    b.push(InstrKind::Assume(any(moves, &v.int)));
    b.assign(Expr::var(v.state, v.uint.clone()), next_e);
    let one = Expr::int(1, v.uint.clone());
    let steps = Expr::var(v.steps, v.uint.clone());
    b.assign(steps.clone(), Expr::binary(BinOp::Add, steps, one, v.uint.clone()));
    let acc = (0..m.automaton.state_count()).filter(|&q| m.automaton.accepting[q]).map(|q| v.state_is(q)).collect();
    let accepted = Expr::var(v.accepted, v.uint.clone());
    let moved = Expr::cast(any(acc, &v.int), v.uint.clone());
    b.assign(accepted.clone(), Expr::binary(BinOp::Add, accepted, moved, v.uint.clone()));
    b.push(InstrKind::Return(None));
    b.finish();
    step
}

/// The three end-of-trace questions, worst verdict first.
fn end_claims(v: &Vocabulary, m: &Monitor) -> Vec<TraceEndClaim> {
    let states = 0..m.automaton.edges.len();
    let trap = any(states.clone().filter(|&q| m.tables.trap(q)).map(|q| v.state_is(q)).collect(), &v.int);
    let stutter = stutter_accepted(v, m);
    let live = any(states.filter(|&q| m.tables.live(q)).map(|q| v.state_is(q)).collect(), &v.int);
    let not = |e: Expr| Expr::unary(UnOp::LogNot, e, v.int.clone());
    vec![
        TraceEndClaim {
            kind: ClaimKind::LtlBad,
            cond: not(trap),
            msg: "LTL: the trace is a bad prefix (every continuation violates the formula)".into(),
        },
        TraceEndClaim {
            kind: ClaimKind::LtlFailing,
            cond: not(stutter),
            msg: "LTL: the trace violates the formula if the program stays in its last state".into(),
        },
        TraceEndClaim {
            kind: ClaimKind::LtlSucceeding,
            cond: not(live),
            msg: "LTL: some continuation of the trace violates the formula".into(),
        },
    ]
}

/// The monitor accepts the stutter extension of the current letter from its state.
fn stutter_accepted(v: &Vocabulary, m: &Monitor) -> Expr {
    let states = 0..m.automaton.edges.len();
    any(
        states
            .map(|q| {
                let letters = any(m.tables.stutter_dnf(q).iter().map(|l| v.label(l)).collect(), &v.int);
                all(vec![v.state_is(q), letters], &v.int)
            })
            .collect(),
        &v.int,
    )
}

fn claim(e: &TraceEndClaim, loc: Loc) -> Instr {
    Instr::new(InstrKind::Assert { cond: e.cond.clone(), kind: e.kind, msg: e.msg.clone() }, loc)
}

/// `ins`, then a step of the monitor (under `guard`, when there is one).
fn after(ins: &Instr, guard: Option<Expr>, step: &Instr, int: &Type) -> Vec<Instr> {
    let mut call = step.clone();
    call.loc = ins.loc;
    match guard {
        None => vec![ins.clone(), call],
        Some(g) => {
            // (jump targets in replacement code are relative to its start)
            let skip = Instr::new(
                InstrKind::Goto { cond: Some(Expr::unary(UnOp::LogNot, g, int.clone())), target: 3 },
                ins.loc,
            );
            vec![ins.clone(), skip, call]
        }
    }
}

/// Whether some function calls `__VERIFIER_ltl_step()`.
fn calls_step(p: &Program) -> bool {
    p.funcs.iter().flat_map(|f| f.body.iter().flatten()).any(|i| is_step_call(p, i))
}

fn is_step_call(p: &Program, ins: &Instr) -> bool {
    matches!(&ins.kind, InstrKind::Call { func, .. }
        if matches!(func.kind, ExprKind::Func(f) if p.func(f).name == STEP_CALL))
}

/// What the atoms read: globals by name, and whether any reads through a pointer.
struct Reads {
    globals: BTreeSet<VarId>,
    through_pointers: bool,
}

impl Reads {
    /// The reads of the atom functions; an atom that writes anything but its own locals, or
    /// calls a function, is an error (atoms are side-effect free).
    fn of(p: &Program, atom_fns: &[FuncId]) -> Result<Reads, MonitorError> {
        let mut r = Reads { globals: BTreeSet::new(), through_pointers: false };
        for (i, &f) in atom_fns.iter().enumerate() {
            for ins in p.func(f).body.iter().flatten() {
                match &ins.kind {
                    // (the front end turns what it cannot read, as an unknown name, into this)
                    InstrKind::Unsupported(why) => {
                        return Err(MonitorError(format!("atom {} at column {}: {why}", i + 1, ins.loc.col)))
                    }
                    InstrKind::Call { .. } => {
                        return Err(MonitorError(format!(
                            "atom {} calls a function: atoms must be side-effect free",
                            i + 1
                        )))
                    }
                    InstrKind::Assign { lhs, .. } if !matches!(lhs.kind, ExprKind::Var(v) if p.var(v).function() == Some(f)) => {
                        return Err(MonitorError(format!(
                            "atom {i} assigns to `{}`: atoms must be side-effect free",
                            crate::ir::display::expr_to_c(p, lhs)
                        )))
                    }
                    _ => {}
                }
                for e in ins.kind.exprs() {
                    e.visit(&mut |x| match &x.kind {
                        ExprKind::Var(v) if p.var(*v).is_static() => {
                            r.globals.insert(*v);
                        }
                        ExprKind::Deref(_) => r.through_pointers = true,
                        ExprKind::Index(base, _) if base.ty.is_pointer() => r.through_pointers = true,
                        _ => {}
                    });
                }
            }
        }
        Ok(r)
    }

    /// After a call to a function without a body (an external function symbolic execution
    /// havocs the objects behind its pointer arguments, or a built-in model that writes
    /// them): like a write through each pointer argument.
    fn step_after_call(&self, p: &Program, ins: &Instr, own: &BTreeSet<FuncId>) -> Option<Option<Expr>> {
        let InstrKind::Call { func, args, .. } = &ins.kind else { return None };
        let ExprKind::Func(f) = func.kind else { return None };
        if own.contains(&f) || p.func(f).body.is_some() {
            return None;
        }
        let int = p.target.int_t();
        let mut guards = Vec::new();
        for a in args.iter().filter(|a| a.ty.pointee().is_some_and(|t| !t.is_function())) {
            if self.through_pointers {
                return Some(None);
            }
            let vp = Type::ptr(Type::Void);
            for &g in self.globals.iter().filter(|&&g| p.var(g).addressed) {
                let ge = Expr::cast(Expr::addr_of(Expr::var(g, p.var(g).ty.clone())), vp.clone());
                let arg = Expr::cast(a.clone(), vp.clone());
                guards.push(Expr::builtin(Builtin::SameObject, vec![arg, ge], int.clone()));
            }
        }
        (!guards.is_empty()).then(|| Some(any(guards, &int)))
    }

    /// After a write to `lhs`: None when it cannot change an atom; Some(None) when the monitor
    /// steps; Some(Some(g)) when it steps under `g` (the written object is one an atom reads).
    fn step_after(&self, p: &Program, lhs: &Expr) -> Option<Option<Expr>> {
        let int = p.target.int_t();
        match root(lhs) {
            Root::Var(v) if self.globals.contains(&v) => Some(None),
            Root::Var(v) if !p.var(v).addressed => None,
            // a named variable whose address was taken: an atom reading through a pointer may
            // see it
            Root::Var(_) => self.through_pointers.then_some(None),
            Root::Memory if self.through_pointers => Some(None),
            Root::Memory => {
                let vp = Type::ptr(Type::Void);
                let written = Expr::cast(Expr::addr_of(lhs.clone()), vp.clone());
                let same: Vec<Expr> = self
                    .globals
                    .iter()
                    .filter(|&&g| p.var(g).addressed)
                    .map(|&g| {
                        let ge = Expr::cast(Expr::addr_of(Expr::var(g, p.var(g).ty.clone())), vp.clone());
                        Expr::builtin(Builtin::SameObject, vec![written.clone(), ge], int.clone())
                    })
                    .collect();
                (!same.is_empty()).then(|| Some(any(same, &int)))
            }
        }
    }
}

/// Whether to step for either of two reasons (None: no step; Some(None): always; Some(Some(g)):
/// under g).
fn either(a: Option<Option<Expr>>, b: Option<Option<Expr>>, int: &Type) -> Option<Option<Expr>> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(Some(x)), Some(Some(y))) => Some(Some(Expr::binary(BinOp::LogOr, x, y, int.clone()))),
        _ => Some(None),
    }
}

enum Root {
    Var(VarId),
    Memory,
}

/// The variable an lvalue names, or memory reached through a pointer.
fn root(e: &Expr) -> Root {
    match &e.kind {
        ExprKind::Var(v) => Root::Var(*v),
        ExprKind::Member(b, _) => root(b),
        ExprKind::Index(b, _) if !b.ty.is_pointer() => root(b),
        _ => Root::Memory,
    }
}
