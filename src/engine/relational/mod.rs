//! Equivalence of functions with loops, proved with relational invariants found by a Horn
//! solver (regression verification in the style of REVE: Felsing et al., "Automating
//! regression verification", ASE 2014).
//!
//! Bounded model checking compares the versions up to an unwinding bound; a loop whose trip
//! count depends on the input is never fully unwound. Here both versions are cut at their
//! loop heads into loop-free segments ([`paths`]) and composed into one product transition
//! system whose states pair a cut point of the old version with one of the new version:
//! both versions take a segment at once (lockstep), and once one has returned the other goes
//! on alone. Every pair of terminating runs is a path of this system, so an inductive
//! invariant of it — a relation between the two versions' states at each pair of loop heads,
//! found by Z3's Spacer — that excludes "both returned and the results differ, or the new
//! version hit undefined behaviour" proves that the versions agree on every input on which
//! both terminate (*partial* equivalence; termination itself is not compared).
//!
//! Only the proof is used: when the Horn solver finds a counterexample or gives up, the
//! bounded answer stands (a counterexample here can be a pair of runs the lockstep pairing
//! cannot relate by a linear invariant, not a real difference).

mod paths;

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use crate::ir::{FuncId, Program};
use crate::smt::horn::{Atom, Horn, HornAnswer, Rule, H};
use paths::{Cut, Segment, Version};

/// What the relational proof attempt found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relational {
    /// The versions agree on every input on which both terminate.
    Proved,
    NotProved(String),
}

/// More product rules than this: refused.
const MAX_RULES: usize = 20_000;

/// Two versions cut into segments, ready for the proof.
pub struct Pair {
    old: Version,
    new: Version,
}

impl Pair {
    /// Both versions (integer functions with equal signatures, no memory, no calls) cut
    /// into segments; Err: why they are outside the fragment.
    pub fn new(p: &Program, old: FuncId, new: FuncId, wrapv: bool) -> Result<Pair, String> {
        let old = paths::version(p, old, true, wrapv).map_err(|e| format!("old version: {e}"))?;
        let new = paths::version(p, new, false, wrapv).map_err(|e| format!("new version: {e}"))?;
        if old.param_types != new.param_types || old.ret_type != new.ret_type {
            return Err("the versions' signatures differ".into());
        }
        Ok(Pair { old, new })
    }

    /// Some version has a loop (without one, bounded model checking is complete).
    pub fn has_loops(&self) -> bool {
        self.old.has_loops() || self.new.has_loops()
    }

    /// Tries to prove that the versions return the same value, with the same undefined
    /// behaviour, on every input on which both terminate.
    pub fn prove(&self, timeout: Duration) -> Relational {
        if timeout < Duration::from_millis(500) {
            return Relational::NotProved("no time left".into());
        }
        prove(&self.old, &self.new, timeout)
    }
}

fn prove(vo: &Version, vn: &Version, timeout: Duration) -> Relational {
    // Spacer's search differs much between equivalent encodings (one finds an invariant in
    // a second where another runs out of time), so each gets a share of the time
    let ms = (timeout.as_millis().min(u64::MAX as u128) as u64) / STYLES.len() as u64;
    let mut last = String::new();
    for &style in STYLES {
        let horn = match encode(vo, vn, style) {
            Ok(h) => h,
            Err(e) => return Relational::NotProved(e),
        };
        let params: &[(&str, u32)] = if style.plain_interpolation { &[("fp.spacer.iuc", 0)] } else { &[] };
        match horn.solve(ms, params) {
            HornAnswer::Holds => return Relational::Proved,
            HornAnswer::Fails if !style.strict => {
                return Relational::NotProved("no relational invariant relates the two versions' loops".into())
            }
            HornAnswer::Fails => last = "no invariant for the strict encoding".into(),
            HornAnswer::Unknown(why) => last = format!("the Horn solver gave up ({why})"),
        }
    }
    Relational::NotProved(last)
}

/// How the product is encoded.
#[derive(Clone, Copy, Debug)]
struct Style {
    /// Undefined behaviour of the new version is a difference as soon as it happens, even
    /// if the old version would not have terminated normally (stronger than needed, so
    /// still sound; sometimes easier).
    strict: bool,
    /// Every rule states that each state element lies within its type's range.
    ranges: bool,
    /// Spacer's plain interpolation (`fp.spacer.iuc=0`) instead of its default.
    plain_interpolation: bool,
}

const STYLES: &[Style] = &[
    Style { strict: false, ranges: true, plain_interpolation: false },
    Style { strict: false, ranges: true, plain_interpolation: true },
    Style { strict: false, ranges: false, plain_interpolation: false },
    Style { strict: true, ranges: true, plain_interpolation: false },
];

/// Where the variables of one product rule live: the inputs, the old version's state, the new
/// version's state (the body's arguments), then the fresh values of the old and the new
/// segment.
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

fn encode(vo: &Version, vn: &Version, style: Style) -> Result<Horn, String> {
    let Style { strict, ranges: state_ranges, .. } = style;
    let l = Layout {
        inputs: vo.params.len(),
        old_len: vo.state_len(),
        new_len: vn.state_len(),
        old_fresh: vo.var_count - vo.state_len() as u32,
    };
    let mut horn = Horn::default();
    let mut preds: BTreeMap<(Cut, Cut), usize> = BTreeMap::new();
    let mut queue: VecDeque<(Cut, Cut)> = VecDeque::new();
    let mut pred = |horn: &mut Horn, at: (Cut, Cut), queue: &mut VecDeque<(Cut, Cut)>| -> usize {
        *preds.entry(at).or_insert_with(|| {
            queue.push_back(at);
            horn.pred(format!("at_{:?}_{:?}", at.0, at.1).replace(['(', ')'], ""), l.width())
        })
    };
    let from =
        |v: &'_ Version, c: Cut| -> Vec<Segment> { v.segments.iter().filter(|s| s.from == c).cloned().collect() };
    let old_side = |s: &Segment| -> (H, Vec<H>) {
        (s.guard.rename(&|i| l.old_var(i)), s.post.iter().map(|h| h.rename(&|i| l.old_var(i))).collect())
    };
    let new_side = |s: &Segment| -> (H, Vec<H>) {
        (s.guard.rename(&|i| l.new_var(i)), s.post.iter().map(|h| h.rename(&|i| l.new_var(i))).collect())
    };
    let x = l.state();
    let inputs = &x[..l.inputs];
    let old_state = &x[l.inputs..l.inputs + l.old_len];
    let new_state = &x[l.inputs + l.old_len..];

    // both versions start with their parameters equal to the inputs
    let mut start = Vec::new();
    for (j, t) in vo.param_types.iter().enumerate() {
        let (lo, hi) = paths::range(t).ok_or("a parameter that is not an integer")?;
        start.push(x[j].within(lo, hi));
        start.push(H::eq(old_state[vo.params[j]].clone(), x[j].clone()));
        start.push(H::eq(new_state[vn.params[j]].clone(), x[j].clone()));
    }
    for a in from(vo, Cut::Entry) {
        for b in from(vn, Cut::Entry) {
            let ((ga, pa), (gb, pb)) = (old_side(&a), new_side(&b));
            let mut c = start.clone();
            c.extend([ga, gb]);
            let head = pred(&mut horn, (a.to, b.to), &mut queue);
            let args = [inputs.to_vec(), pa, pb].concat();
            horn.rules.push(Rule { body: vec![], constraint: H::and(c), head: Some(Atom { pred: head, args }) });
        }
    }
    while let Some((p, q)) = queue.pop_front() {
        if horn.rules.len() > MAX_RULES {
            return Err(format!("the product of the two versions has more than {MAX_RULES} transitions"));
        }
        let me = pred(&mut horn, (p, q), &mut queue);
        let body = vec![Atom { pred: me, args: x.clone() }];
        // every state element is within its type's range (true by construction; stated, the
        // solver need not rediscover it)
        let ranges: Vec<H> = (vo.ranges.iter().zip(old_state))
            .chain(vn.ranges.iter().zip(new_state))
            .map(|(&(lo, hi), h)| h.within(lo, hi))
            .collect();
        let ranges = if state_ranges { H::and(ranges) } else { H::Bool(true) };
        if p == Cut::Exit && q == Cut::Exit {
            let differ = H::or(vec![
                H::not(H::eq(old_state[vo.ret()].clone(), new_state[vn.ret()].clone())),
                H::eq(new_state[vn.err()].clone(), H::Num(1)),
            ]);
            horn.rules.push(Rule { body, constraint: H::and(vec![ranges, differ]), head: None });
            continue;
        }
        // the segments each side takes (a side that has returned stays put)
        let steps =
            |v: &Version, c: Cut, side: &dyn Fn(&Segment) -> (H, Vec<H>), state: &[H]| -> Vec<(Cut, H, Vec<H>)> {
                if c == Cut::Exit {
                    vec![(Cut::Exit, H::Bool(true), state.to_vec())]
                } else {
                    from(v, c)
                        .iter()
                        .map(|s| {
                            let (g, post) = side(s);
                            (s.to, g, post)
                        })
                        .collect()
                }
            };
        for (pa, ga, sa) in steps(vo, p, &old_side, old_state) {
            for (pb, gb, sb) in steps(vn, q, &new_side, new_state) {
                if strict && pb == Cut::Exit && sb[vn.err()] == H::Num(1) {
                    // (strict: the new version's undefined behaviour is a difference at once)
                    horn.rules.push(Rule {
                        body: body.clone(),
                        constraint: H::and(vec![ranges.clone(), ga.clone(), gb]),
                        head: None,
                    });
                    continue;
                }
                let head = pred(&mut horn, (pa, pb), &mut queue);
                let args = [inputs.to_vec(), sa.clone(), sb].concat();
                horn.rules.push(Rule {
                    body: body.clone(),
                    constraint: H::and(vec![ranges.clone(), ga.clone(), gb]),
                    head: Some(Atom { pred: head, args }),
                });
            }
        }
    }
    Ok(horn)
}
