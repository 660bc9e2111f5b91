//! Reads of a local that every path reaches holding the same constant become that constant.
//!
//! `double dum = 0; … bip += dum;` where no other assignment to `dum` can come between is
//! `bip += 0;` (EqBench's bess/bessi, whose old version wrote `bip += 0.0`). This is
//! constant propagation over the function's control-flow graph: for each local the pass may
//! reason about (`flow::tracked_locals`: only the function's own instructions read or write
//! it, by name), a forward analysis finds at each instruction whether every path from the
//! function's start that reaches it last assigned the local the same literal (maybe under
//! casts of literals, of the local's own type). A declaration or end of scope makes the
//! value unknown, as does any other assignment or a call's result; at the start every local
//! is unknown (an uninitialised read is never replaced). Where it holds, the read sees that
//! literal, so replacing it changes no value. Floating literals are told apart by their
//! bits (-0.0 is not 0.0).

use super::flow;
use crate::ir::{Expr, ExprKind, FuncId, Instr, InstrKind, Program};

/// What a local holds at an instruction, over every path reaching it (an instruction no
/// path has reached yet has no state).
#[derive(Clone)]
enum Held {
    Constant(Expr),
    Unknown,
}

impl Held {
    fn join(&self, other: &Held) -> Held {
        match (self, other) {
            (Held::Constant(a), Held::Constant(b)) if same_literal(a, b) => Held::Constant(a.clone()),
            _ => Held::Unknown,
        }
    }
    fn same(&self, other: &Held) -> bool {
        match (self, other) {
            (Held::Unknown, Held::Unknown) => true,
            (Held::Constant(a), Held::Constant(b)) => same_literal(a, b),
            _ => false,
        }
    }
}

/// Equal literals: the same type and value, floating values compared by their bits.
fn same_literal(a: &Expr, b: &Expr) -> bool {
    a.ty == b.ty
        && match (&a.kind, &b.kind) {
            (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
            (ExprKind::Float(x), ExprKind::Float(y)) => x.to_bits() == y.to_bits(),
            (ExprKind::Cast(x, _), ExprKind::Cast(y, _)) => same_literal(x, y),
            _ => false,
        }
}

/// Replaces reads that always see one constant, in every function with a body (models
/// aside); returns how many.
pub fn propagate_reaching_constants(p: &mut Program) -> usize {
    flow::each_body(p, |p, f, body| propagate_in(p, f, body))
}

/// The local a plain assignment or call result writes, by its number in `index`.
fn written(index: &std::collections::HashMap<crate::ir::VarId, usize>, ins: &Instr) -> Option<usize> {
    match &ins.kind {
        InstrKind::Assign { lhs, .. } | InstrKind::Call { lhs: Some(lhs), .. } => {
            super::constants::plain_var(lhs).and_then(|v| index.get(&v).copied())
        }
        InstrKind::Decl(v) | InstrKind::Dead(v) => index.get(v).copied(),
        _ => None,
    }
}

fn propagate_in(p: &Program, f: FuncId, body: &mut [Instr]) -> usize {
    let index = flow::tracked_locals(p, f, body);
    if index.is_empty() || body.is_empty() {
        return 0;
    }
    let width = index.len();
    let mut ty_of = vec![crate::ir::Type::Void; width];
    for (v, &k) in &index {
        ty_of[k] = p.var(*v).ty.clone();
    }
    let n = body.len();
    // what each local holds when each instruction starts (None: not reached)
    let mut at: Vec<Option<Vec<Held>>> = vec![None; n];
    at[0] = Some(vec![Held::Unknown; width]);
    let mut work = vec![0];
    while let Some(i) = work.pop() {
        let Some(mut out) = at[i].clone() else { continue };
        if let Some(k) = written(&index, &body[i]) {
            out[k] = match &body[i].kind {
                InstrKind::Assign { rhs, .. } if super::constants::is_constant(rhs) && rhs.ty == ty_of[k] => {
                    Held::Constant(rhs.clone())
                }
                _ => Held::Unknown,
            };
        }
        for s in flow::successors(body, i) {
            if s >= n {
                continue;
            }
            match &mut at[s] {
                None => {
                    at[s] = Some(out.clone());
                    work.push(s);
                }
                Some(old) => {
                    let mut changed = false;
                    for (o, new) in old.iter_mut().zip(&out) {
                        let j = o.join(new);
                        if !j.same(o) {
                            *o = j;
                            changed = true;
                        }
                    }
                    if changed {
                        work.push(s);
                    }
                }
            }
        }
    }
    let mut count = 0;
    for (i, ins) in body.iter_mut().enumerate() {
        let Some(state) = &at[i] else { continue };
        let mut replace = |e: &mut Expr| {
            e.visit_mut(&mut |x| {
                if let ExprKind::Var(v) = x.kind {
                    if let Some(Held::Constant(c)) = index.get(&v).map(|&k| &state[k]) {
                        *x = c.clone();
                        count += 1;
                    }
                }
            })
        };
        match &mut ins.kind {
            // (a plain variable written is no read)
            InstrKind::Assign { lhs, rhs } => {
                if super::constants::plain_var(lhs).is_none() {
                    replace(lhs);
                }
                replace(rhs);
            }
            InstrKind::Call { lhs, func, args } => {
                if let Some(l) = lhs.as_mut().filter(|l| super::constants::plain_var(l).is_none()) {
                    replace(l);
                }
                replace(func);
                args.iter_mut().for_each(&mut replace);
            }
            k => k.exprs_mut().into_iter().for_each(replace),
        }
    }
    count
}
