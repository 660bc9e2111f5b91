//! Concrete runs on random inputs, tried before symbolic execution of an equivalence product.
//!
//! A behaviour change is usually visible on many inputs, and a concrete run of the product
//! (symbolic execution with every input fixed: terms fold to constants) costs milliseconds,
//! where the symbolic run and the solver may spend the whole time limit on a string walk with
//! nested loops. So, in a small share of the time, the product runs on inputs drawn at random
//! (small numbers, the program's own constants and their neighbours, type boundaries, zero
//! bytes for string ends) and, when a run violates one of the product's comparisons, that run
//! is the counterexample. It is a replay by construction; it is kept only when it rests on
//! nothing verdiff chose freely: no approximated value (library results; the new version's
//! indeterminate values stay symbols, so a run that reads one decides nothing), every fact about the memory layout true on its values, equal calls of an
//! external function with equal results (symbolic execution gives a later call the earlier
//! result; any other disagreement drops the run). As in the solver's counterexamples, an
//! unsupported construct the run passed does not void a violation after it: a construct
//! whose effect verdiff does not know ends the path, and one that continues it (an output
//! not compared) leaves what follows exact. Any other run is simply dropped: random runs never make an answer other than a
//! confirmed difference, so they cannot make anything EQUIVALENT or hide a difference.
//!
//! Half the runs are not drawn afresh but patched: an input that an earlier run compared is
//! set to what it was compared with, so that a condition on exact values is met (`guide`).
//!
//! The inputs are drawn from a fixed seed: the same program gets the same runs every time.
//! The first run gives every input 0 (the empty input). `VERDIFF_DEBUG_BRANCHES` lists the
//! lines whose branches (conditional jumps, each way) the runs took, as symbolic execution
//! reports them through `InputOracle::branch`: where random runs stop reaching.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::time::{Duration, Instant};

use super::result::{Report, Status, Timings, Trace, Verdict};
use crate::ir::{BinOp, ClaimKind, ExprKind, FuncId, Program};
use crate::smt::{Answer, Smt};
use crate::symex::{InputOracle, Symex, SymexOptions};
use crate::term::{Bits, Sort};

mod guide;
use guide::{Comparison, Guide, Input, Task};

/// The note of a report whose counterexample a random run found.
pub const RANDOM_DIFFERENCE: &str = "difference found by a concrete run on random inputs";

/// The most time the random runs take together, and their share of the time limit (a fifth:
/// sds's `sdssplitargs` — a tokenizer whose product the solver does not decide in a minute
/// even at bound 1 — shows a difference on its second run, after 360 ms; a twentieth, at
/// most 1 s, left 500 ms and cut that run off; cJSON's `add_item_to_object` with
/// `new_key == NULL` flipped needs about 170 runs of 6 ms through linked inputs, which a
/// tenth of the half that the first attempt of a 20 s check gets did not leave).
pub(super) const RUNS_MS: u64 = 4_000;
const SHARE: u32 = 5;
/// The most runs, and the most time one run takes (a share of the budget: half, so that a
/// run of a few hundred instructions comparing symbolic object addresses — 100–130 ms on
/// tests/equiv/length_out_param_past_bound, 3-4 times that on a machine running six such
/// checks at once — is not cut off; the store enforces a run's deadline to the step since
/// `term::limit` looks at the clock on chain walks).
const MAX_RUNS: u32 = 500;
const RUN_SHARE: u32 = 2;
/// The most constants of the program used as interesting values.
const MAX_CONSTANTS: usize = 96;
/// The most inputs and comparisons of one run kept for the runs patched from it.
const MAX_DRAWN: usize = 4096;
const MAX_COMPARISONS: usize = 4096;

/// Inputs drawn at random (splitmix64), each input key and array element once per run.
struct RandomOracle {
    state: u64,
    /// Every input zero: the empty input (empty strings, counts of 0, NULL stored pointers),
    /// the first run, where a changed test for "nothing to do" shows.
    zeros: bool,
    constants: Rc<Constants>,
    scalars: HashMap<String, Option<Bits>>,
    elements: HashMap<(String, Vec<Bits>), Option<Bits>>,
    /// The branches the run took, (function, instruction, taken): recorded only for
    /// `VERDIFF_DEBUG_BRANCHES` (None otherwise: nothing done per branch).
    branches: Option<HashSet<(u32, usize, bool)>>,
    /// Integer inputs set by hand: a run patched from an earlier run's comparisons (guide).
    patches: HashMap<Input, Bits>,
    /// The integer inputs drawn, in order, with their values, and the comparisons the run
    /// made on constants: what the runs patched from this one are made of.
    drawn: Vec<(Input, Bits)>,
    comparisons: Vec<Comparison>,
    /// Where the last comparison was made (its rank among those of one instruction).
    last_site: guide::Site,
    /// By function: whether its comparisons are kept — the program's own functions, not the
    /// entry (an equivalence product's harness, comparing its hidden choices and the two
    /// versions' outputs) nor the library models (a string walk's byte comparisons): kept,
    /// their patches crowded out the program's own, and the runs on cJSON's print_object and
    /// add_item_to_object found their changes no more.
    watched: Rc<Vec<bool>>,
}

impl RandomOracle {
    fn new(seed: u64, constants: Rc<Constants>) -> RandomOracle {
        RandomOracle {
            state: seed,
            zeros: false,
            constants,
            scalars: HashMap::new(),
            elements: HashMap::new(),
            branches: None,
            patches: HashMap::new(),
            drawn: Vec::new(),
            comparisons: Vec::new(),
            last_site: (u32::MAX, usize::MAX, 0),
            watched: Rc::new(Vec::new()),
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// An integer of `w` bits: zero, small, one of the program's constants or a neighbour,
    /// a boundary of the type, or any bits; a byte is half the time one of the characters the
    /// program compares bytes with.
    fn integer(&mut self, w: u32) -> Bits {
        if w == 8 && !self.constants.chars.is_empty() && self.below(2) == 0 {
            let i = self.below(self.constants.chars.len() as u64) as usize;
            return Bits::from_i128(8, self.constants.chars[i]);
        }
        let v: i128 = match self.below(16) {
            0..=2 => 0,
            3..=6 => self.below(17) as i128 - (self.below(4) == 0) as i128 * 17,
            7..=11 if self.fitting(w) > 0 => {
                // a constant the value can hold (a byte draws among the character codes the
                // program compares with, not among its sizes), itself half the time
                let i = self.below(self.fitting(w) as u64) as usize;
                let c = self.constants.all[i];
                match self.below(4) {
                    0 | 1 => c,
                    2 => c - 1,
                    _ => c + 1,
                }
            }
            12 => match self.below(4) {
                0 => -1,
                1 => (1i128 << (w.min(127) - 1)) - 1,
                2 => -(1i128 << (w.min(127) - 1)),
                _ => 1,
            },
            13 if !self.constants.flags.is_empty() => self.flags(w),
            _ => self.next() as i128 | ((self.next() as i128) << 64),
        };
        Bits::from_i128(w, v)
    }

    /// One to three of the program's single-bit constants or'ed together: a flags word
    /// (cJSON's `type & cJSON_String` and not `& cJSON_IsReference`), which neither a small
    /// value nor random bits nor one constant often is.
    fn flags(&mut self, w: u32) -> i128 {
        let mut v = 0i128;
        for _ in 0..=self.below(3) {
            let i = self.below(self.constants.flags.len() as u64) as usize;
            let bit = self.constants.flags[i];
            if bit.unsigned_abs() < 1u128 << w.min(127) {
                v |= bit;
            }
        }
        v
    }

    /// How many of the constants (sorted by magnitude) are below 2^w in magnitude.
    fn fitting(&self, w: u32) -> usize {
        self.constants.all.partition_point(|c| c.unsigned_abs() < 1u128 << w.min(127))
    }

    fn value(&mut self, sort: &Sort) -> Option<Bits> {
        if self.zeros {
            return match sort {
                Sort::Bool => Some(Bits::zero(1)),
                Sort::Bv(w) => Some(Bits::zero(*w)),
                Sort::Fp(11, 53) => Some(Bits::zero(64)),
                Sort::Fp(8, 24) => Some(Bits::zero(32)),
                _ => None,
            };
        }
        match sort {
            Sort::Bool => Some(Bits::from_u128(1, (self.next() & 1) as u128)),
            Sort::Bv(w) => Some(self.integer(*w)),
            Sort::Fp(11, 53) => Some(Bits::from_u128(64, self.real().to_bits() as u128)),
            Sort::Fp(8, 24) => Some(Bits::from_u128(32, (self.real() as f32).to_bits() as u128)),
            _ => None,
        }
    }

    /// An integer input's value: the patch set for it, else `v` as drawn; kept in the
    /// inputs drawn, which later comparisons are matched with.
    fn guided(&mut self, input: Input, v: Option<Bits>, sort: &Sort) -> Option<Bits> {
        if !matches!(sort, Sort::Bv(_)) {
            return v;
        }
        let v = match self.patches.get(&input) {
            Some(p) if v.as_ref().map(Bits::width) == Some(p.width()) => Some(p.clone()),
            _ => v,
        };
        if let Some(b) = &v {
            if self.drawn.len() < MAX_DRAWN {
                self.drawn.push((input, b.clone()));
            }
        }
        v
    }

    /// A scalar input, drawn once per run; `guided`: a value that comparisons may patch
    /// (not a pointer's or a hidden choice's).
    fn draw_scalar(&mut self, key: &str, sort: &Sort, guided: bool) -> Option<Bits> {
        if layout_key(key) {
            return None;
        }
        if let Some(v) = self.scalars.get(key) {
            return v.clone();
        }
        let mut v = self.value(sort);
        if guided {
            v = self.guided(Input::Scalar(key.to_string()), v, sort);
        }
        self.scalars.insert(key.to_string(), v.clone());
        v
    }

    fn real(&mut self) -> f64 {
        match self.below(4) {
            0 => 0.0,
            1 => self.below(21) as f64 - 10.0,
            2 => (self.below(2001) as f64 - 1000.0) / 8.0,
            _ => {
                let i = self.below(self.constants.all.len().max(1) as u64) as usize;
                self.constants.all.get(i).map_or(1.0, |&c| c as f64)
            }
        }
    }
}

/// Keys of inputs that carry facts about the memory layout (object addresses, the input
/// heap's sizes and owners, whether an address made from an integer is an object's):
/// random values would break them, so they are left symbolic and a run that depends on them
/// does not conclude. (A random coincidence made `(int (*)(int))46` call a real function.)
fn layout_key(key: &str) -> bool {
    key.starts_with("input_") || key == "object_addresses" || key.ends_with(crate::symex::ADDRESS_COINCIDENCE)
}

impl InputOracle for RandomOracle {
    fn random_inputs(&self) -> bool {
        true
    }

    fn scalar(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        self.draw_scalar(key, sort, true)
    }

    /// A free data pointer: NULL seven times in eight. Random bits are a dangling pointer,
    /// whose dereference is undefined behaviour that voids the run (a product's free `next`
    /// of a list item ended most of cJSON's `print_object` runs); the solver, not random
    /// runs, finds the other objects a free pointer may point into.
    fn pointer(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        if self.zeros || layout_key(key) || self.scalars.contains_key(key) || self.below(8) == 0 {
            return self.draw_scalar(key, sort, false);
        }
        let v = sort.scalar_width().map(Bits::zero);
        self.scalars.insert(key.to_string(), v.clone());
        v
    }

    /// A hidden choice of the product: uniform bits (each way of building an input as
    /// likely as the other), all zero in the all-zero run.
    fn choice(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        if self.zeros || self.scalars.contains_key(key) {
            return self.draw_scalar(key, sort, false);
        }
        let w = sort.scalar_width()?;
        let v = Some(Bits::from_u128(w, self.next() as u128 & ((1u128 << w.min(64)) - 1)));
        self.scalars.insert(key.to_string(), v.clone());
        v
    }

    fn element(&mut self, key: &str, indices: &[Bits], elem: &Sort) -> Option<Bits> {
        if key == "object_addresses" {
            // distinct, aligned, non-zero, far from the top: object o at (o + 1) * 2^32
            let o = indices.first().and_then(|i| i.to_u128()).unwrap_or(0);
            let w = elem.scalar_width()?;
            return Some(if o == 0 { Bits::zero(w) } else { Bits::from_u128(w, (o + 1) << 32) });
        }
        if layout_key(key) {
            return None;
        }
        let k = (key.to_string(), indices.to_vec());
        if let Some(v) = self.elements.get(&k) {
            return v.clone();
        }
        let v = self.value(elem);
        let v = self.guided(Input::Element(key.to_string(), indices.to_vec()), v, elem);
        self.elements.insert(k, v.clone());
        v
    }

    fn branch(&mut self, at: (u32, usize), taken: bool) {
        if let Some(b) = &mut self.branches {
            b.insert((at.0, at.1, taken));
        }
    }

    fn compare(&mut self, at: (u32, usize), op: BinOp, signed: bool, x: &Bits, y: &Bits, holds: bool) {
        if !self.watched.get(at.0 as usize).copied().unwrap_or(false) {
            return;
        }
        let rank = if (self.last_site.0, self.last_site.1) == at { self.last_site.2 + 1 } else { 0 };
        self.last_site = (at.0, at.1, rank);
        if self.comparisons.len() < MAX_COMPARISONS {
            let drawn = self.drawn.len();
            self.comparisons.push(Comparison {
                site: self.last_site,
                op,
                signed,
                x: x.clone(),
                y: y.clone(),
                holds,
                drawn,
            });
        }
    }
}

/// The integer constants of the program's own functions that `entry` reaches (not the
/// library models'): the values a difference most often hinges on.
#[derive(Default)]
struct Constants {
    /// Every constant, by magnitude (a value draws from the prefix that fits it); the small
    /// ones (characters, sizes, flags) kept when there are too many.
    all: Vec<i128>,
    /// The constants a byte is compared with (`*p == '"'`, `case 'n':`, `c >= 'a'`): the
    /// characters a parser tells apart, which a byte of an input string is drawn from.
    chars: Vec<i128>,
    /// The constants of one set bit (2 and up), which flag words are made of.
    flags: Vec<i128>,
}

/// The value of an integer constant, signed as its type.
fn int_value(x: &crate::ir::Expr) -> Option<i128> {
    match (&x.kind, &x.ty) {
        (&ExprKind::Int(v), crate::ir::Type::Int(t)) => {
            Some(if t.signed && t.width < 128 && (v >> (t.width - 1)) & 1 == 1 {
                v as i128 - (1i128 << t.width)
            } else {
                v as i128
            })
        }
        _ => None,
    }
}

/// Whether `x`, seen through conversions, is a byte or a variable assigned one (`int c = *p;`,
/// the value a `switch (*p)` compares).
fn is_byte(x: &crate::ir::Expr, byte_vars: &HashSet<crate::ir::VarId>) -> bool {
    let mut x = x;
    while let ExprKind::Cast(inner, _) = &x.kind {
        x = inner;
    }
    match &x.kind {
        ExprKind::Var(v) if byte_vars.contains(v) => true,
        _ => matches!(&x.ty, crate::ir::Type::Int(t) if t.width == 8),
    }
}

fn constants(p: &Program, entry: FuncId) -> Constants {
    let mut seen = std::collections::BTreeSet::new();
    let mut chars = std::collections::BTreeSet::new();
    let mut reached = HashSet::from([entry]);
    let mut todo = vec![entry];
    while let Some(f) = todo.pop() {
        let f = p.func(f);
        for ins in f.body.iter().flatten() {
            for e in ins.kind.exprs() {
                e.visit(&mut |x| {
                    if let ExprKind::Func(g) = x.kind {
                        if !p.func(g).model && reached.insert(g) {
                            todo.push(g);
                        }
                    }
                });
            }
        }
    }
    let mut byte_vars = HashSet::new();
    for f in reached.iter().map(|&f| p.func(f)) {
        for ins in f.body.iter().flatten() {
            if let crate::ir::InstrKind::Assign { lhs, rhs } = &ins.kind {
                if let ExprKind::Var(v) = lhs.kind {
                    if is_byte(rhs, &byte_vars) {
                        byte_vars.insert(v);
                    }
                }
            }
        }
    }
    for f in reached.iter().map(|&f| p.func(f)) {
        for ins in f.body.iter().flatten() {
            for e in ins.kind.exprs() {
                e.visit(&mut |x| {
                    if let Some(v) = int_value(x) {
                        if v.unsigned_abs() < 1 << 40 {
                            seen.insert(v);
                        }
                    }
                    use crate::ir::BinOp::*;
                    if let ExprKind::Binary(Eq | Ne | Lt | Le | Gt | Ge, a, b) = &x.kind {
                        for (c, other) in [(a, b), (b, a)] {
                            match int_value(c) {
                                Some(v) if (-128..256).contains(&v) && is_byte(other, &byte_vars) => {
                                    chars.insert(v);
                                }
                                _ => {}
                            }
                        }
                    }
                });
            }
        }
    }
    let mut all: Vec<i128> = seen.into_iter().collect();
    all.sort_by_key(|v| v.unsigned_abs());
    all.truncate(MAX_CONSTANTS);
    let flags = single_bits(&all);
    Constants { all, chars: chars.into_iter().collect(), flags }
}

/// The constants of one set bit, 2 and up: what flag words are made of.
fn single_bits(all: &[i128]) -> Vec<i128> {
    all.iter().copied().filter(|&c| c > 1 && (c & (c - 1)) == 0).collect()
}

/// A difference shown by a concrete run on random inputs, as the engine's report; None when
/// no run within the budget shows one that rests on nothing verdiff chose freely.
pub(super) fn random_difference(
    p: &Program,
    entry: FuncId,
    so: &SymexOptions,
    deadline: Option<Instant>,
    time: Option<Duration>,
    off_bits: u32,
    timings: &mut Timings,
) -> Option<Report> {
    let t0 = Instant::now();
    let budget = runs_budget(time, deadline.map(|d| d.saturating_duration_since(t0)));
    let end = t0 + budget;
    let constants = Rc::new(constants(p, entry));
    let debug = std::env::var_os("VERDIFF_DEBUG").is_some();
    let mut runs = 0u32;
    let mut found = None;
    // (the branches the runs took, for VERDIFF_DEBUG_BRANCHES)
    let list_branches = std::env::var_os("VERDIFF_DEBUG_BRANCHES").is_some();
    let mut covered: HashSet<(u32, usize, bool)> = HashSet::new();
    // (VERDIFF_DEBUG_RANDOM_RUNS=N: N runs whatever their share of the time — the check's
    // own time limit still holds — each showing whether it found a difference: the hit rate
    // of a change, to tune the draws by)
    let hit_rate: Option<u32> = std::env::var("VERDIFF_DEBUG_RANDOM_RUNS").ok().and_then(|v| v.parse().ok());
    let mut hits = 0u32;
    let (max_runs, end) = match hit_rate {
        Some(n) => (n, deadline.unwrap_or(t0 + Duration::from_secs(1 << 20))),
        None => (MAX_RUNS, end),
    };
    // (VERDIFF_DEBUG_RUN_TRACE=N or `all`: the trace of run N, or of every run)
    let trace_of = std::env::var("VERDIFF_DEBUG_RUN_TRACE").ok();
    // (what the entry reaches, once for every run)
    let reach = crate::ir::reach::reachable(p, entry);
    // (runs waiting with inputs patched from earlier runs' comparisons, and the fresh draws)
    let mut guide = Guide::default();
    let mut fresh = 0u32;
    let watched: Rc<Vec<bool>> =
        Rc::new(p.funcs.iter().enumerate().map(|(i, f)| !f.model && i != entry.0 as usize).collect());
    while runs < max_runs && Instant::now() < end {
        runs += 1;
        // of four runs, two are drawn afresh, one follows up a comparison outcome no run
        // showed and one an outcome shown on other inputs, when such runs are waiting (most
        // differences show on a fresh draw: the patched runs are what follows)
        let task = match runs.is_multiple_of(2).then(|| guide.next(runs.is_multiple_of(4))).flatten() {
            Some(task) => task,
            None => {
                fresh += 1;
                Task {
                    seed: 0x5eed_u64.wrapping_mul(fresh as u64 + 1),
                    zeros: fresh == 1,
                    patches: vec![],
                    colours: vec![],
                }
            }
        };
        let mut drawn = RandomOracle::new(task.seed, constants.clone());
        drawn.zeros = task.zeros;
        // (a coloured input that is also patched takes the patch)
        drawn.patches = task.colours.iter().chain(&task.patches).cloned().collect();
        drawn.watched = watched.clone();
        drawn.branches = list_branches.then(HashSet::new);
        let oracle = Rc::new(RefCell::new(drawn));
        let mut ro = so.clone();
        // (one slow run — a loop over a huge length — leaves time for the others)
        ro.deadline = Some(end.min(Instant::now() + budget / RUN_SHARE));
        let t_run = Instant::now();
        let run =
            Symex::new(p, ro).with_reach(reach.clone()).concrete(oracle.clone(), None).run(entry, &mut |_, _| None);
        covered.extend(oracle.borrow().branches.iter().flatten().copied());
        {
            let o = oracle.borrow();
            guide.learn(&task, &o.comparisons, &o.drawn);
        }
        if debug {
            match &run {
                Ok(out) => eprintln!(
                    "random run {runs}{}: {:?}, violated {:?}, {} terms, {} instructions, last at {}, approximated {:?}{}",
                    patched(&task),
                    t_run.elapsed(),
                    out.violated.and_then(|v| out.claims.get(v)).map(|c| (c.kind, c.msg.clone())),
                    out.store.len(),
                    out.stats.instructions,
                    out.trace.last().map_or_else(String::new, |s| {
                        let f = s.func.and_then(|f| p.funcs.get(f.0 as usize)).map_or("", |f| f.name.as_str());
                        format!("{f}:{}", s.loc.line)
                    }),
                    out.approx_funcs,
                    if out.inconsistent { ", inconsistent" } else { "" }
                ),
                Err((why, out)) => eprintln!(
                    "random run {runs}{}: {:?}, stopped: {why:?} after {} instructions, {} terms",
                    patched(&task),
                    t_run.elapsed(),
                    out.stats.instructions,
                    out.store.len()
                ),
            }
        }
        let Ok(mut out) = run else { continue };
        if trace_of.as_deref().is_some_and(|v| v == "all" || v.parse::<u32>().ok() == Some(runs)) {
            eprintln!("trace of run {runs}, violated {:?}", out.violated);
            for st in super::format::trace(p, &out, off_bits) {
                eprintln!("  {st:?}");
            }
        }
        if let Some(report) = confirmed(p, &mut out, off_bits, runs) {
            if hit_rate.is_some() {
                hits += 1;
                found.get_or_insert(report);
                continue;
            }
            found = Some(report);
            break;
        }
    }
    if hit_rate.is_some() {
        eprintln!("random runs: {hits} of {runs} found a difference");
    }
    timings.replay += t0.elapsed();
    if list_branches {
        // (which lines' branches the runs took, each way)
        let mut lines: std::collections::BTreeSet<(String, u32, bool)> = Default::default();
        for &(f, pc, taken) in &covered {
            if let Some(fun) = p.funcs.get(f as usize) {
                let line = fun.body.as_ref().and_then(|b| b.get(pc)).map_or(0, |i| i.loc.line);
                lines.insert((fun.name.clone(), line, taken));
            }
        }
        for (f, line, taken) in lines {
            eprintln!("covered {f}:{line} {}", if taken { "jump" } else { "fall" });
        }
    }
    if debug {
        eprintln!("random runs: {runs} in {:?}, difference: {}", t0.elapsed(), found.is_some());
    }
    found
}

/// For the debug line: the inputs a run had patched, and those it coloured.
fn patched(task: &Task) -> String {
    let list = |inputs: &[(Input, Bits)]| -> String {
        let inputs: Vec<String> = inputs
            .iter()
            .map(|(i, v)| match i {
                Input::Scalar(k) => format!("{k}={v:?}"),
                Input::Element(k, ix) => format!("{k}{ix:?}={v:?}"),
            })
            .collect();
        inputs.join(", ")
    };
    let mut out = String::new();
    if !task.patches.is_empty() {
        out += &format!(" (patched {})", list(&task.patches));
    }
    if !task.colours.is_empty() {
        out += &format!(" (coloured {})", list(&task.colours));
    }
    out
}

/// How long the runs take together: the share `time` the check gives them, else a fifth of
/// the time `left` to the deadline; never past the deadline, never more than [`RUNS_MS`].
fn runs_budget(time: Option<Duration>, left: Option<Duration>) -> Duration {
    match (time, left) {
        (Some(t), Some(l)) => t.min(l),
        (Some(t), None) => t,
        (None, Some(l)) => l / SHARE,
        (None, None) => Duration::from_millis(RUNS_MS),
    }
    .min(Duration::from_millis(RUNS_MS))
}

/// The report of a run that violated a comparison of the product (or a claim of the new
/// version), when the violation rests only on the run's inputs.
fn confirmed(p: &Program, out: &mut crate::symex::Output, off_bits: u32, run: u32) -> Option<Report> {
    let v = out.violated?;
    let kind = out.claims.get(v)?.kind;
    if matches!(kind, ClaimKind::Unwinding | ClaimKind::Precondition)
        || !out.approx_funcs.is_empty()
        || out.inconsistent
    {
        return None;
    }
    // what the caller must meet held on the whole run, and the layout facts hold of its values
    let broken_need = out.instances.iter().any(|i| {
        out.claims[i.claim].kind == ClaimKind::Precondition
            && !out.store.is_false(i.guard)
            && !out.store.is_true(i.cond)
    });
    if broken_need || !facts_hold(out) {
        return None;
    }
    let mut claims: Vec<_> = out.claims.iter().map(|c| super::claim_result(p, c)).collect();
    let steps = super::format::trace(p, out, off_bits);
    claims[v].status = Status::Violated;
    claims[v].trace = Some(Trace { steps, replayed: true, assumes: vec![] });
    Some(Report {
        verdict: Verdict::Failed,
        claims,
        unsupported: vec![],
        externals: out.externals.iter().cloned().collect(),
        notes: vec![format!("{RANDOM_DIFFERENCE} (run {run})")],
        timings: Timings::default(),
        stats: Default::default(),
        bounded: false,
        loops_undecided: false,
        assumes: vec![],
    })
}

/// Whether every layout fact of the run is true on its values (ground facts the simplifier
/// did not fold are decided by the solver; a fact over a value left symbolic is not shown).
fn facts_hold(out: &mut crate::symex::Output) -> bool {
    let mut open = Vec::new();
    for &a in &out.axioms {
        if out.store.is_true(a) {
            continue;
        }
        if out.store.is_false(a) || !out.store.is_ground(a) {
            return false;
        }
        open.push(a);
    }
    if open.is_empty() {
        return true;
    }
    let all = out.store.and_n(&open);
    let mut smt = Smt::new(Some(2_000));
    smt.assert(&out.store, all);
    matches!(smt.check(&out.store, &[]), Answer::Sat)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consts(all: &[i128], chars: &[i128]) -> Rc<Constants> {
        Rc::new(Constants { all: all.to_vec(), chars: chars.to_vec(), flags: single_bits(all) })
    }

    #[test]
    fn the_runs_take_the_checks_share_within_the_deadline() {
        let s = Duration::from_secs;
        // a 20 s check whose first attempt has 5 s left: the check's fifth, 4 s, not 1 s
        assert_eq!(runs_budget(Some(s(4)), Some(s(5))), s(4));
        // never past the deadline
        assert_eq!(runs_budget(Some(s(4)), Some(s(1))), s(1));
        // no share given: a fifth of what is left; at most RUNS_MS
        assert_eq!(runs_budget(None, Some(s(5))), s(1));
        assert_eq!(runs_budget(Some(s(60)), None), Duration::from_millis(RUNS_MS));
    }

    #[test]
    fn flag_words_are_made_of_the_programs_single_bit_constants() {
        // cJSON's type word: `cJSON_String` (16) set and `cJSON_IsReference` (256) clear
        let c = consts(&[3, 16, 100, 256], &[]);
        assert_eq!(c.flags, vec![16, 256]);
        let mut a = RandomOracle::new(13, c);
        let ws: Vec<i128> = (0..200).map(|_| a.flags(32)).collect();
        assert!(ws.iter().all(|&w| w != 0 && w & !(16 | 256) == 0));
        assert!(ws.contains(&16) && ws.contains(&256) && ws.contains(&(16 | 256)));
        // a bit the width cannot hold is left out
        assert!((0..50).all(|_| a.flags(8) & 256 == 0));
    }

    #[test]
    fn the_same_seed_draws_the_same_inputs() {
        let c = consts(&[34, 92], &[34]);
        let mut a = RandomOracle::new(7, c.clone());
        let mut b = RandomOracle::new(7, c);
        let xs: Vec<Bits> = (0..50).map(|_| a.integer(32)).collect();
        let ys: Vec<Bits> = (0..50).map(|_| b.integer(32)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn an_input_keeps_its_value_within_a_run() {
        let mut a = RandomOracle::new(3, consts(&[], &[]));
        let first = a.scalar("f:1/#1", &Sort::Bv(32));
        for _ in 0..10 {
            assert_eq!(a.scalar("f:1/#1", &Sort::Bv(32)), first);
        }
        let i = [Bits::from_u128(64, 2)];
        let e = a.element("m", &i, &Sort::Bv(8));
        assert_eq!(a.element("m", &i, &Sort::Bv(8)), e);
    }

    #[test]
    fn layout_inputs_are_left_to_the_solver_or_placed_apart() {
        let mut a = RandomOracle::new(3, consts(&[], &[]));
        assert_eq!(a.scalar("input_child_offset#3", &Sort::Bv(56)), None);
        let base =
            |a: &mut RandomOracle, o: u128| a.element("object_addresses", &[Bits::from_u128(8, o)], &Sort::Bv(64));
        assert_eq!(base(&mut a, 0), Some(Bits::zero(64)));
        let (b1, b2) = (base(&mut a, 1), base(&mut a, 2));
        assert!(b1.is_some() && b1 != b2 && b1 != Some(Bits::zero(64)));
    }

    #[test]
    fn the_empty_input_gives_zero_to_every_input() {
        let mut a = RandomOracle::new(5, consts(&[7], &[7]));
        a.zeros = true;
        assert_eq!(a.scalar("n", &Sort::Bv(32)), Some(Bits::zero(32)));
        assert_eq!(a.element("s_object", &[Bits::from_u128(64, 3)], &Sort::Bv(8)), Some(Bits::zero(8)));
        assert_eq!(a.scalar("x", &Sort::Fp(11, 53)), Some(Bits::zero(64)));
        // (the layout stays apart: objects are not all at address 0)
        let o1 = a.element("object_addresses", &[Bits::from_u128(8, 1)], &Sort::Bv(64));
        assert_ne!(o1, Some(Bits::zero(64)));
    }

    #[test]
    fn a_free_pointer_is_mostly_null_and_keeps_its_value() {
        let mut a = RandomOracle::new(5, consts(&[34, 92], &[34, 92]));
        let sort = Sort::Bv(64);
        let nulls = (0..800).filter(|k| a.pointer(&format!("p{k}"), &sort) == Some(Bits::zero(64))).count();
        // seven in eight NULL, the rest drawn as any scalar (which is itself zero at times)
        assert!((650..=780).contains(&nulls), "{nulls} of 800 NULL");
        let first = a.pointer("p1", &sort);
        assert_eq!(a.pointer("p1", &sort), first, "one value per run");
        assert_eq!(a.scalar("p1", &sort), first);
    }

    #[test]
    fn a_hidden_choice_is_uniform_bits_whatever_the_characters() {
        // every character the program compares bytes with is even: drawn as a byte, a choice
        // would rarely have bit 0 set (a fresh object behind a stored pointer)
        let mut a = RandomOracle::new(9, consts(&[34, 92, 98, 110], &[34, 92, 98, 110]));
        let sort = Sort::Bv(8);
        let odd = (0..1000)
            .filter(|k| a.choice(&format!("c{k}"), &sort).and_then(|b| b.to_u128()).is_some_and(|v| v & 1 == 1))
            .count();
        assert!((420..=580).contains(&odd), "bit 0 set in {odd} of 1000");
        let bytes = (0..1000)
            .filter(|k| a.scalar(&format!("b{k}"), &sort).and_then(|b| b.to_u128()).is_some_and(|v| v & 1 == 1))
            .count();
        assert!(bytes < 400, "a byte input is drawn among the characters: {bytes} of 1000 odd");
        let mut zeros = RandomOracle::new(9, consts(&[], &[]));
        zeros.zeros = true;
        assert_eq!(zeros.choice("c", &sort), Some(Bits::zero(8)), "the all-zero run leaves every pointer free");
    }

    #[test]
    fn draws_include_the_programs_constants_and_zero() {
        let mut a = RandomOracle::new(11, consts(&[1000], &[]));
        let xs: Vec<Bits> = (0..400).map(|_| a.integer(32)).collect();
        assert!(xs.contains(&Bits::zero(32)));
        assert!(xs.contains(&Bits::from_u128(32, 1000)) || xs.contains(&Bits::from_u128(32, 1001)));
    }

    #[test]
    fn a_byte_draws_the_character_codes_not_the_sizes() {
        // a quote character and a size no byte holds: a byte is the quote itself in about one
        // draw of six (5/16 of draws take a constant that fits, half of them exactly)
        let mut a = RandomOracle::new(13, consts(&[39, 70_000], &[]));
        let quotes = (0..600).filter(|_| a.integer(8) == Bits::from_u128(8, 39)).count();
        assert!(quotes >= 60, "{quotes} quotes in 600 draws");
    }

    #[test]
    fn a_byte_is_half_the_time_a_character_the_program_compares_bytes_with() {
        let mut a = RandomOracle::new(17, consts(&[39, 92], &[92]));
        let backslashes = (0..600).filter(|_| a.integer(8) == Bits::from_u128(8, 92)).count();
        assert!(backslashes >= 250, "{backslashes} backslashes in 600 draws");
        // (an int is not: 92 only as one constant among two, within the constants' share)
        let ints = (0..600).filter(|_| a.integer(32) == Bits::from_u128(32, 92)).count();
        assert!(ints < 100, "{ints} of 600 ints drew 92");
    }

    #[test]
    fn the_characters_are_those_compared_with_a_byte() {
        let p = crate::frontend::load_text(
            r"int f(const char *s, int n) {
                if (n > 1000) return 1;
                switch (*s) { case 'n': return 2; default: break; }
                return *s == '\\' || s[1] >= 'a';
              }",
            crate::ir::Target::default(),
        )
        .expect("the test program lowers");
        let f = p.func_named("f").expect("f is defined");
        let c = constants(&p, f);
        for ch in [b'n', b'\\', b'a'] {
            assert!(c.chars.contains(&(ch as i128)), "{} missing from {:?}", ch as char, c.chars);
        }
        assert!(!c.chars.contains(&1000) && !c.chars.contains(&1), "{:?}", c.chars);
        assert!(c.all.contains(&1000));
    }

    #[test]
    fn exact_values_of_several_inputs_are_met_by_patching_them_from_the_comparisons() {
        // a random draw meets all three conditions about once in 20,000 runs (b is the one
        // big constant in a twentieth of draws, a's low byte 0xA5 in about as many, c equal
        // to a rarer still); a run patched from the comparisons of the run before meets the
        // next one: a's low byte, then b, then c made a's value
        let mut p = crate::frontend::load_text(
            r#"unsigned __VERIFIER_nondet_uint(void);
               void met(void);
               int f(unsigned a, unsigned b, unsigned c) {
                 if ((a & 0xFF) == 0xA5 && b == 123456789u && c == a)
                   met();
                 return 0;
               }
               int main(void) {
                 unsigned a = __VERIFIER_nondet_uint();
                 unsigned b = __VERIFIER_nondet_uint();
                 return f(a, b, __VERIFIER_nondet_uint());
               }"#,
            crate::ir::Target::default(),
        )
        .expect("the test program lowers");
        let entry = p.func_named("main").expect("main is defined");
        let f = p.func_named("f").expect("f is defined");
        let met = p.func_named("met").expect("met is declared");
        // (the call of met is the claim `assert(0)`, as instrumentation makes one)
        let int = p.target.int_t();
        let body = p.funcs[f.0 as usize].body.as_mut().expect("f has a body");
        let call = body
            .iter_mut()
            .find(|i| matches!(&i.kind, crate::ir::InstrKind::Call { func, .. } if matches!(func.kind, ExprKind::Func(g) if g == met)))
            .expect("f calls met");
        call.kind = crate::ir::InstrKind::Assert {
            cond: crate::ir::Expr::int(0, int),
            kind: ClaimKind::Assertion,
            msg: "all three met".to_string(),
        };
        let so = SymexOptions::default();
        let off_bits = p.target.pointer_width() - so.object_bits.clamp(4, p.target.pointer_width() - 8);
        let mut t = Timings::default();
        let r = random_difference(&p, entry, &so, None, Some(Duration::from_secs(30)), off_bits, &mut t)
            .expect("a run meets the three conditions");
        assert!(r.notes.iter().any(|n| n.starts_with(RANDOM_DIFFERENCE)), "{:?}", r.notes);
        let v = r.claims.iter().find(|c| c.status == Status::Violated).expect("a violated claim");
        assert!(v.trace.as_ref().is_some_and(|t| t.replayed));
    }
}
