//! Loops of a goto program: every backward jump is a loop back-edge.
//!
//! Loop ids follow CBMC's `function.N` numbering (N counts back-edges in program order within
//! the function); each loop also has a global number in the order functions appear, which is how
//! ESBMC's `--unwindset N:k` names loops. Both spellings are accepted.

use super::program::{InstrKind, Program};
use super::FuncId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopInfo {
    pub func: FuncId,
    /// Index of the backward goto.
    pub back_edge: usize,
    /// Index of the loop head (the jump target).
    pub head: usize,
    /// Number within the function.
    pub local: u32,
    /// Number across the program.
    pub global: u32,
}

impl LoopInfo {
    pub fn id(&self, p: &Program) -> String {
        format!("{}.{}", p.func(self.func).name, self.local)
    }
}

/// All loops of the program, functions in definition order.
pub fn find_loops(p: &Program) -> Vec<LoopInfo> {
    let mut out = Vec::new();
    let mut global = 0;
    for (fi, f) in p.funcs.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        let mut local = 0;
        for (i, ins) in body.iter().enumerate() {
            if let InstrKind::Goto { target, .. } = ins.kind {
                if target <= i {
                    out.push(LoopInfo { func: FuncId(fi as u32), back_edge: i, head: target, local, global });
                    local += 1;
                    global += 1;
                }
            }
        }
    }
    out
}
