//! Instruction emission for one function body (or the static initialiser), with jump patching.

use std::collections::HashMap;

use crate::ir::{Expr, Instr, InstrKind, Loc, Type, VarId};

pub const UNPATCHED: usize = usize::MAX;

#[derive(Default)]
pub struct SwitchCtx {
    /// (low, high) inclusive case values with their target instruction.
    pub cases: Vec<(i128, i128, usize, Loc)>,
    pub default: Option<usize>,
}

#[derive(Default)]
pub struct Builder {
    pub instrs: Vec<Instr>,
    pub labels: HashMap<String, usize>,
    /// (goto instruction, label name, location)
    pub gotos: Vec<(usize, String, Loc)>,
    pub breaks: Vec<Vec<usize>>,
    pub continues: Vec<Vec<usize>>,
    pub switches: Vec<SwitchCtx>,
    /// Variables declared in each open block (for `Dead` at block exit).
    pub blocks: Vec<Vec<VarId>>,
    pub ret_ty: Option<Type>,
    /// Hidden parameter holding the address of the variadic argument block.
    pub va_block: Option<VarId>,
    /// Labels to attach to the next emitted instruction.
    pending_labels: Vec<String>,
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    pub fn here(&self) -> usize {
        self.instrs.len()
    }

    pub fn emit(&mut self, kind: InstrKind, loc: Loc) -> usize {
        let mut ins = Instr::new(kind, loc);
        ins.labels = std::mem::take(&mut self.pending_labels);
        self.instrs.push(ins);
        self.instrs.len() - 1
    }

    pub fn assign(&mut self, lhs: Expr, rhs: Expr, loc: Loc) {
        self.emit(InstrKind::Assign { lhs, rhs }, loc);
    }

    /// A jump with an unknown target; patch it with [`Builder::patch`].
    pub fn jump(&mut self, cond: Option<Expr>, loc: Loc) -> usize {
        self.emit(InstrKind::Goto { cond, target: UNPATCHED }, loc)
    }

    pub fn jump_to(&mut self, cond: Option<Expr>, target: usize, loc: Loc) -> usize {
        self.emit(InstrKind::Goto { cond, target }, loc)
    }

    pub fn patch(&mut self, at: usize, target: usize) {
        if let InstrKind::Goto { target: t, .. } = &mut self.instrs[at].kind {
            *t = target;
        }
    }

    pub fn patch_all(&mut self, at: &[usize], target: usize) {
        for &a in at {
            self.patch(a, target);
        }
    }

    /// Marks the next instruction as the target of a label, emitting a skip so that the label
    /// has an instruction of its own (keeps loop heads distinct).
    pub fn label(&mut self, name: &str, loc: Loc) -> usize {
        self.pending_labels.push(name.to_string());
        let at = self.emit(InstrKind::Skip, loc);
        self.labels.insert(name.to_string(), at);
        at
    }

    /// Resolves gotos to named labels. Returns the labels that were never defined.
    pub fn resolve_gotos(&mut self) -> Vec<(String, Loc)> {
        let mut missing = Vec::new();
        let gotos = std::mem::take(&mut self.gotos);
        for (at, name, loc) in gotos {
            match self.labels.get(&name) {
                Some(&t) => self.patch(at, t),
                None => missing.push((name, loc)),
            }
        }
        missing
    }

    /// Ensures every jump has a target inside the body: targets equal to the length point at a
    /// final skip.
    pub fn finish(mut self, loc: Loc) -> Vec<Instr> {
        self.emit(InstrKind::Skip, loc);
        let n = self.instrs.len();
        for ins in &mut self.instrs {
            if let InstrKind::Goto { target, .. } = &mut ins.kind {
                if *target == UNPATCHED || *target >= n {
                    *target = n - 1;
                }
            }
        }
        self.instrs
    }
}
