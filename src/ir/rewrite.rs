//! Inserting and replacing instructions while keeping jump targets right.

use super::{Instr, InstrKind};

/// For each instruction, `f` returns instructions to insert before it and optionally
/// replacement instructions for it. Jumps to an instruction land on the first inserted one, so
/// claims guarding an instruction are checked on every path reaching it. Jump targets inside
/// replacement code are relative to the start of that replacement.
pub fn rewrite(body: Vec<Instr>, mut f: impl FnMut(&Instr) -> (Vec<Instr>, Option<Vec<Instr>>)) -> Vec<Instr> {
    let mut out: Vec<Instr> = Vec::with_capacity(body.len());
    let mut map = vec![0usize; body.len() + 1];
    // (index in out, original target) for jumps of original instructions
    let mut fix: Vec<usize> = Vec::new();
    for (i, ins) in body.iter().enumerate() {
        let (before, replacement) = f(ins);
        map[i] = out.len();
        let mut labels = ins.labels.clone();
        for mut b in before {
            if !labels.is_empty() {
                b.labels.append(&mut labels);
            }
            out.push(b);
        }
        match replacement {
            None => {
                let mut copy = ins.clone();
                copy.labels = labels;
                if matches!(copy.kind, InstrKind::Goto { .. }) {
                    fix.push(out.len());
                }
                out.push(copy);
            }
            Some(code) => {
                let base = out.len();
                for (k, mut c) in code.into_iter().enumerate() {
                    if k == 0 && !labels.is_empty() {
                        c.labels.append(&mut labels);
                    }
                    if let InstrKind::Goto { target, .. } = &mut c.kind {
                        // relative target; usize::MAX - n means "original instruction n"
                        if *target >= usize::MAX / 2 {
                            let orig = usize::MAX - *target;
                            *target = orig;
                            fix.push(out.len());
                        } else {
                            *target += base;
                        }
                    }
                    out.push(c);
                }
            }
        }
    }
    map[body.len()] = out.len();
    for at in fix {
        if let InstrKind::Goto { target, .. } = &mut out[at].kind {
            *target = map[(*target).min(body.len())];
        }
    }
    out
}

/// A jump target in replacement code that refers to original instruction `n`.
pub fn original(n: usize) -> usize {
    usize::MAX - n
}
