//! The control flow of a function body, and the locals the normalising passes reason about.

use std::collections::HashMap;

use crate::ir::rewrite::rewrite;
use crate::ir::{FuncId, Instr, InstrKind, Program, VarId, VarKind};

/// The instructions control may reach next from instruction `i` (`body.len()` is the end).
pub(super) fn successors(body: &[Instr], i: usize) -> Vec<usize> {
    match &body[i].kind {
        InstrKind::Goto { cond: None, target } => vec![*target],
        InstrKind::Goto { cond: Some(_), target } => vec![i + 1, *target],
        InstrKind::Return(_) | InstrKind::EndPath => vec![],
        _ => vec![i + 1],
    }
}

/// Which instructions some path from the first one reaches.
pub(super) fn reachable(body: &[Instr]) -> Vec<bool> {
    let mut seen = vec![false; body.len()];
    let mut work = vec![0];
    while let Some(i) = work.pop() {
        if i >= body.len() || seen[i] {
            continue;
        }
        seen[i] = true;
        work.extend(successors(body, i));
    }
    seen
}

/// The locals of `f` that only its own instructions read or write, by name, numbered: locals
/// and temporaries (not parameters, not statics) of arithmetic type whose address is never
/// taken and which are no variable-length array's length.
pub(super) fn tracked_locals(p: &Program, f: FuncId, body: &[Instr]) -> HashMap<VarId, usize> {
    let mut excluded = super::constants::vla_lengths(p, f, body);
    for ins in body {
        for e in ins.kind.exprs() {
            super::constants::address_taken(e, &mut excluded);
        }
    }
    let mut index = HashMap::new();
    for (k, var) in p.vars.iter().enumerate() {
        let v = VarId(k as u32);
        let own = matches!(var.kind, VarKind::Local(g) | VarKind::Temp(g) if g == f);
        if own && var.ty.is_arith() && !excluded.contains(&v) {
            let next = index.len();
            index.insert(v, next);
        }
    }
    index
}

/// Runs `pass` on the body of every function that has one, library models aside, and
/// returns the sum of what it returns. While `pass` runs, the body is out of the program (so
/// that `pass` may change the program's variables too). A function with code verdiff does not
/// model is left as written: an `Unsupported` instruction stands for its construct by a
/// reason only (it may write a local, jump or stop), so no pass can reason past it.
pub(super) fn each_body(
    p: &mut Program,
    mut pass: impl FnMut(&mut Program, FuncId, &mut Vec<Instr>) -> usize,
) -> usize {
    let mut n = 0;
    for i in 0..p.funcs.len() {
        if p.funcs[i].model {
            continue;
        }
        let Some(mut body) = p.funcs[i].body.take() else { continue };
        if !body.iter().any(|ins| matches!(ins.kind, InstrKind::Unsupported(_))) {
            n += pass(p, FuncId(i as u32), &mut body);
        }
        p.funcs[i].body = Some(body);
    }
    n
}

/// `body` without the instructions marked in `drop` (jumps to one land on the next kept).
pub(super) fn remove_marked(body: Vec<Instr>, drop: &[bool]) -> Vec<Instr> {
    let mut at = 0;
    rewrite(body, |_| {
        let gone = drop.get(at).copied().unwrap_or(false);
        at += 1;
        if gone {
            (vec![], Some(vec![]))
        } else {
            (vec![], None)
        }
    })
}
