//! The product of two versions as constrained Horn clauses, with summaries for calls.
//!
//! An *instance* is a product transition system over pairs of cut points: the compared
//! functions on equal inputs (whose exit is the query), a pair of callees on any two inputs,
//! or one version's callee alone. Both sides of a pair take a segment at once (lockstep);
//! a side that has returned stays put while the other goes on. A pair's or a single
//! callee's exit defines its *summary* predicate: for a pair, every (inputs of the old
//! callee, inputs of the new callee, old result, new result, new error flag) of two
//! terminating runs; alone, every (inputs, result[, error flag]) of a terminating run.
//!
//! A call on a segment becomes an atom of a summary in the rule's body. When both sides take
//! a segment, the k-th call of an old callee is paired with the k-th call of its new
//! counterpart (same name) through the pair's summary, which lets the solver relate the two
//! results (e.g. "equal arguments give equal results", or "the new result is the old one
//! plus the new accumulator"); other calls use the single summaries. Pairing is always sound:
//! the least solution of a pair's summary is exactly the product of the two single ones, so
//! any solution the solver finds over-approximates every pair of terminating runs.

use std::collections::{BTreeMap, VecDeque};

use super::paths::{self, Call, Cut, Version};
use super::{Pair, Style};
use crate::ir::FuncId;
use crate::smt::horn::{Atom, Horn, Rule, H};

/// More rules than this: refused.
const MAX_RULES: usize = 20_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Inst {
    /// The compared functions on equal inputs.
    Top,
    /// An old callee and its new counterpart, on any two inputs.
    Both(FuncId, FuncId),
    /// An old callee and its new counterpart (of the same signature), on equal inputs.
    Same(FuncId, FuncId),
    /// One version's callee alone.
    Old(FuncId),
    New(FuncId),
}

impl Inst {
    fn name(self) -> String {
        match self {
            Inst::Top => "top".into(),
            Inst::Both(a, b) => format!("both{}_{}", a.0, b.0),
            Inst::Same(a, b) => format!("same{}_{}", a.0, b.0),
            Inst::Old(a) => format!("old{}", a.0),
            Inst::New(a) => format!("new{}", a.0),
        }
    }
}

enum Work {
    Start(Inst),
    At(Inst, Cut, Cut),
}

/// Where the variables of one rule live: the inputs, the old version's state, the new
/// version's state (the body's arguments), then the fresh values of the old and the new
/// segment. A side an instance does not have has an empty state.
struct Layout {
    inputs: usize,
    old_len: usize,
    new_len: usize,
    old_fresh: u32,
}

impl Layout {
    fn width(&self) -> usize {
        self.inputs + self.old_len + self.new_len
    }
    fn old_var(&self, i: u32) -> u32 {
        if (i as usize) < self.old_len {
            (self.inputs + i as usize) as u32
        } else {
            self.width() as u32 + (i - self.old_len as u32)
        }
    }
    fn new_var(&self, i: u32) -> u32 {
        if (i as usize) < self.new_len {
            (self.inputs + self.old_len + i as usize) as u32
        } else {
            self.width() as u32 + self.old_fresh + (i - self.new_len as u32)
        }
    }
    fn state(&self) -> Vec<H> {
        (0..self.width() as u32).map(H::Var).collect()
    }
}

/// One side's step: a segment with its variables renamed into the rule's, or staying put.
struct Step {
    to: Cut,
    guard: H,
    post: Vec<H>,
    calls: Vec<RenamedCall>,
}

struct RenamedCall {
    callee: FuncId,
    args: Vec<H>,
    ret: H,
    err: Option<H>,
}

fn steps(v: Option<&Version>, at: Cut, rename: &dyn Fn(u32) -> u32, state: &[H]) -> Vec<Step> {
    let Some(v) = v.filter(|_| at != Cut::Exit) else {
        return vec![Step { to: Cut::Exit, guard: H::Bool(true), post: state.to_vec(), calls: vec![] }];
    };
    let call = |c: &Call| RenamedCall {
        callee: c.callee,
        args: c.args.iter().map(|a| a.rename(rename)).collect(),
        ret: H::Var(rename(c.ret)),
        err: c.err.map(|e| H::Var(rename(e))),
    };
    v.segments
        .iter()
        .filter(|s| s.from == at)
        .map(|s| Step {
            to: s.to,
            guard: s.guard.rename(rename),
            post: s.post.iter().map(|h| h.rename(rename)).collect(),
            calls: s.calls.iter().map(call).collect(),
        })
        .collect()
}

pub(super) fn encode(pair: &Pair, style: Style) -> Result<Horn, String> {
    let mut e = Encoder {
        pair,
        style,
        horn: Horn::default(),
        at: BTreeMap::new(),
        summaries: BTreeMap::new(),
        queue: VecDeque::new(),
    };
    e.queue.push_back(Work::Start(Inst::Top));
    while let Some(w) = e.queue.pop_front() {
        if e.horn.rules.len() > MAX_RULES {
            return Err(format!("the product of the two versions has more than {MAX_RULES} transitions"));
        }
        match w {
            Work::Start(i) => e.start(i)?,
            Work::At(i, p, q) => e.step(i, p, q)?,
        }
    }
    Ok(e.horn)
}

struct Encoder<'a> {
    pair: &'a Pair,
    style: Style,
    horn: Horn,
    at: BTreeMap<(Inst, Cut, Cut), usize>,
    summaries: BTreeMap<Inst, usize>,
    queue: VecDeque<Work>,
}

impl<'a> Encoder<'a> {
    fn sides(&self, i: Inst) -> (Option<&'a Version>, Option<&'a Version>) {
        let (o, n) = (&self.pair.old, &self.pair.new);
        match i {
            Inst::Top => (o.get(&self.pair.top.0), n.get(&self.pair.top.1)),
            Inst::Both(a, b) | Inst::Same(a, b) => (o.get(&a), n.get(&b)),
            Inst::Old(a) => (o.get(&a), None),
            Inst::New(b) => (None, n.get(&b)),
        }
    }

    /// The instance's inputs: the parameters' types (for the compared functions, one copy
    /// shared by both versions).
    fn input_ranges(&self, i: Inst) -> Vec<(i128, i128)> {
        let (vo, vn) = self.sides(i);
        let of = |v: Option<&Version>| -> Vec<(i128, i128)> {
            v.map(|v| v.param_types.iter().map(|t| paths::range(t).unwrap_or((0, 0))).collect()).unwrap_or_default()
        };
        match i {
            Inst::Top | Inst::Same(..) => of(vo),
            _ => [of(vo), of(vn)].concat(),
        }
    }

    fn layout(&self, i: Inst) -> Layout {
        let (vo, vn) = self.sides(i);
        Layout {
            inputs: self.input_ranges(i).len(),
            old_len: vo.map_or(0, Version::state_len),
            new_len: vn.map_or(0, Version::state_len),
            old_fresh: vo.map_or(0, |v| v.var_count - v.state_len() as u32),
        }
    }

    fn at(&mut self, i: Inst, p: Cut, q: Cut) -> usize {
        if let Some(&k) = self.at.get(&(i, p, q)) {
            return k;
        }
        let width = self.layout(i).width();
        let name = format!("at_{}_{p:?}_{q:?}", i.name()).replace(['(', ')'], "");
        let k = self.horn.pred(name, width);
        self.at.insert((i, p, q), k);
        self.queue.push_back(Work::At(i, p, q));
        k
    }

    /// The summary predicate of a callee instance (built on first use).
    fn summary(&mut self, i: Inst) -> usize {
        if let Some(&k) = self.summaries.get(&i) {
            return k;
        }
        let arity = self.input_ranges(i).len()
            + match i {
                Inst::Both(..) | Inst::Same(..) => 3,
                Inst::Old(_) => 1,
                _ => 2,
            };
        let k = self.horn.pred(format!("sum_{}", i.name()), arity);
        self.summaries.insert(i, k);
        self.queue.push_back(Work::Start(i));
        k
    }

    /// The summary atoms of the calls both sides make in one step, as alternatives (atoms
    /// and the condition under which they apply) that together cover every case.
    fn call_atoms(&mut self, old: &[RenamedCall], new: &[RenamedCall]) -> Vec<(Vec<Atom>, Vec<H>)> {
        let mut alts: Vec<(Vec<Atom>, Vec<H>)> = vec![(vec![], vec![])];
        let mut used = vec![false; new.len()];
        let single_old = |e: &mut Self, c: &RenamedCall| Atom {
            pred: e.summary(Inst::Old(c.callee)),
            args: [c.args.clone(), vec![c.ret.clone()]].concat(),
        };
        let single_new = |e: &mut Self, n: &RenamedCall| Atom {
            pred: e.summary(Inst::New(n.callee)),
            args: [n.args.clone(), vec![n.ret.clone(), err_of(n)]].concat(),
        };
        for c in old {
            let partner = self.pair.partner.get(&c.callee).copied();
            let Some(j) = (0..new.len()).find(|&j| !used[j] && Some(new[j].callee) == partner) else {
                let a = single_old(self, c);
                alts.iter_mut().for_each(|(atoms, _)| atoms.push(a.clone()));
                continue;
            };
            used[j] = true;
            let n = &new[j];
            let rets = vec![c.ret.clone(), n.ret.clone(), err_of(n)];
            let same_sig = self.pair.old[&c.callee].param_types == self.pair.new[&n.callee].param_types;
            if same_sig && alts.len() < 16 {
                // equal arguments: the pair's summary on equal inputs; different ones: each
                // callee's own summary (one summary of the pair on any two inputs would need
                // invariants conditional on the inputs' equality, which Spacer finds less
                // often: CLEVER/pos)
                let equal = H::and(c.args.iter().zip(&n.args).map(|(a, b)| H::eq(a.clone(), b.clone())).collect());
                let same =
                    Atom { pred: self.summary(Inst::Same(c.callee, n.callee)), args: [c.args.clone(), rets].concat() };
                let (so, sn) = (single_old(self, c), single_new(self, n));
                let mut next = Vec::new();
                for (atoms, conds) in alts {
                    if !equal.is_false() {
                        let mut a = atoms.clone();
                        a.push(same.clone());
                        next.push((a, [conds.clone(), vec![equal.clone()]].concat()));
                    }
                    if !equal.is_true() {
                        let mut a = atoms;
                        a.extend([so.clone(), sn.clone()]);
                        next.push((a, [conds, vec![H::not(equal.clone())]].concat()));
                    }
                }
                alts = next;
            } else {
                let both = Atom {
                    pred: self.summary(Inst::Both(c.callee, n.callee)),
                    args: [c.args.clone(), n.args.clone(), rets].concat(),
                };
                alts.iter_mut().for_each(|(atoms, _)| atoms.push(both.clone()));
            }
        }
        for (j, n) in new.iter().enumerate() {
            if !used[j] {
                let a = single_new(self, n);
                alts.iter_mut().for_each(|(atoms, _)| atoms.push(a.clone()));
            }
        }
        alts
    }

    /// Every state element within its type's range (true by construction; stated, the
    /// solver need not rediscover it).
    fn ranges(&self, i: Inst, x: &[H]) -> H {
        if !self.style.ranges {
            return H::Bool(true);
        }
        let (vo, vn) = self.sides(i);
        let r: Vec<(i128, i128)> = [
            self.input_ranges(i),
            vo.map(|v| v.ranges.clone()).unwrap_or_default(),
            vn.map(|v| v.ranges.clone()).unwrap_or_default(),
        ]
        .concat();
        H::and(r.iter().zip(x).map(|(&(lo, hi), h)| h.within(lo, hi)).collect())
    }

    /// The rules from the instance's entry: each side's parameters hold its inputs.
    fn start(&mut self, i: Inst) -> Result<(), String> {
        let (vo, vn) = self.sides(i);
        let l = self.layout(i);
        let x = l.state();
        let (inputs, old_state, new_state) =
            (&x[..l.inputs], &x[l.inputs..l.inputs + l.old_len], &x[l.inputs + l.old_len..]);
        let mut start: Vec<H> =
            self.input_ranges(i).iter().zip(inputs).map(|(&(lo, hi), h)| h.within(lo, hi)).collect();
        let mut next = 0;
        if let Some(v) = vo {
            for &k in &v.params {
                start.push(H::eq(old_state[k].clone(), inputs[next].clone()));
                next += 1;
            }
        }
        if let Some(v) = vn {
            if matches!(i, Inst::Top | Inst::Same(..)) {
                next = 0;
            }
            for &k in &v.params {
                start.push(H::eq(new_state[k].clone(), inputs[next].clone()));
                next += 1;
            }
        }
        let (p, q) =
            (if vo.is_some() { Cut::Entry } else { Cut::Exit }, if vn.is_some() { Cut::Entry } else { Cut::Exit });
        for a in steps(vo, p, &|v| l.old_var(v), old_state) {
            for b in steps(vn, q, &|v| l.new_var(v), new_state) {
                let head = self.at(i, a.to, b.to);
                let args = [inputs.to_vec(), a.post.clone(), b.post.clone()].concat();
                for (body, conds) in self.call_atoms(&a.calls, &b.calls) {
                    let mut c = start.clone();
                    c.extend([a.guard.clone(), b.guard.clone()]);
                    c.extend(conds);
                    let head = Some(Atom { pred: head, args: args.clone() });
                    self.horn.rules.push(Rule { body, constraint: H::and(c), head });
                }
            }
        }
        Ok(())
    }

    /// The rules from one pair of cut points.
    fn step(&mut self, i: Inst, p: Cut, q: Cut) -> Result<(), String> {
        let (vo, vn) = self.sides(i);
        let l = self.layout(i);
        let x = l.state();
        let (inputs, old_state, new_state) =
            (&x[..l.inputs], &x[l.inputs..l.inputs + l.old_len], &x[l.inputs + l.old_len..]);
        let me = self.at(i, p, q);
        let here = Atom { pred: me, args: x.clone() };
        let ranges = self.ranges(i, &x);
        if p == Cut::Exit && q == Cut::Exit {
            let ret = |v: Option<&Version>, s: &[H]| v.map(|v| s[v.ret()].clone());
            let err = |v: Option<&Version>, s: &[H]| v.map_or(H::Num(0), |v| s[v.err()].clone());
            let (ro, rn, en) = (ret(vo, old_state), ret(vn, new_state), err(vn, new_state));
            let head = match (i, ro, rn) {
                (Inst::Top, Some(ro), Some(rn)) => {
                    let differ = H::or(vec![H::not(H::eq(ro, rn)), H::eq(en, H::Num(1))]);
                    self.horn.rules.push(Rule {
                        body: vec![here],
                        constraint: H::and(vec![ranges, differ]),
                        head: None,
                    });
                    return Ok(());
                }
                (_, ro, rn) => {
                    let pred = self.summary(i);
                    let mut args = inputs.to_vec();
                    args.extend(ro);
                    args.extend(rn.map(|r| [r, en]).into_iter().flatten());
                    Atom { pred, args }
                }
            };
            self.horn.rules.push(Rule { body: vec![here], constraint: ranges, head: Some(head) });
            return Ok(());
        }
        for a in steps(vo, p, &|v| l.old_var(v), old_state) {
            for b in steps(vn, q, &|v| l.new_var(v), new_state) {
                let new_error = vn.is_some_and(|v| b.to == Cut::Exit && b.post[v.err()] == H::Num(1));
                // (strict: the new version's undefined behaviour is a difference at once)
                let query = self.style.strict && i == Inst::Top && new_error;
                let head = if query { None } else { Some(self.at(i, a.to, b.to)) };
                let args = [inputs.to_vec(), a.post.clone(), b.post.clone()].concat();
                for (atoms, conds) in self.call_atoms(&a.calls, &b.calls) {
                    let mut body = vec![here.clone()];
                    body.extend(atoms);
                    let mut c = vec![ranges.clone(), a.guard.clone(), b.guard.clone()];
                    c.extend(conds);
                    let head = head.map(|pred| Atom { pred, args: args.clone() });
                    self.horn.rules.push(Rule { body, constraint: H::and(c), head });
                }
            }
        }
        Ok(())
    }
}

/// A new-version call's error flag (always present there).
fn err_of(c: &RenamedCall) -> H {
    c.err.clone().unwrap_or(H::Num(0))
}
