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
mod product;
mod unroll;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use crate::ir::fingerprint::base_name;
use crate::ir::{FuncId, Program};
use crate::smt::horn::{Horn, HornAnswer};
use paths::Version;

/// What the relational proof attempt found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relational {
    /// The versions agree on every input on which both terminate.
    Proved,
    NotProved(String),
}

/// More functions than this reachable from one version's entry: refused.
const MAX_FUNCTIONS: usize = 32;

/// Two versions cut into segments, ready for the proof: the compared functions and every
/// function they reach, each cut into segments.
#[derive(Clone)]
pub struct Pair {
    top: (FuncId, FuncId),
    old: BTreeMap<FuncId, Version>,
    new: BTreeMap<FuncId, Version>,
    /// The new counterpart of an old function (the compared functions, then equal names).
    partner: BTreeMap<FuncId, FuncId>,
}

impl Pair {
    /// Both versions (integer functions with equal signatures, no memory, calling only
    /// functions of the same kind) cut into segments; Err: why they are outside the fragment.
    pub fn new(p: &Program, old: FuncId, new: FuncId, wrapv: bool) -> Result<Pair, String> {
        let olds = reachable(p, old, true, wrapv).map_err(|e| format!("old version: {e}"))?;
        let news = reachable(p, new, false, wrapv).map_err(|e| format!("new version: {e}"))?;
        let (vo, vn) = (&olds[&old], &news[&new]);
        if vo.param_types != vn.param_types || vo.ret_type != vn.ret_type {
            return Err("the versions' signatures differ".into());
        }
        let mut partner = BTreeMap::from([(old, new)]);
        for &f in olds.keys() {
            let twin = p.func_named(&format!("{}@new", base_name(&p.func(f).name)));
            if let Some(g) = twin.filter(|g| news.contains_key(g)) {
                partner.entry(f).or_insert(g);
            }
        }
        Ok(Pair { top: (old, new), old: olds, new: news, partner })
    }

    /// Some function of either version has a loop or is recursive: bounded model checking
    /// cannot be complete for every input, an invariant may be.
    pub fn needs_induction(&self) -> bool {
        let loops = self.old.values().chain(self.new.values()).any(Version::has_loops);
        loops || recursive(&self.old) || recursive(&self.new)
    }

    /// The pair with one version's compared function unrolled once ([`unroll`]): its calls
    /// of itself inlined (None when it does not call itself, has loops, or grows too large).
    fn unrolled(&self, old: bool) -> Option<Pair> {
        let (f, versions) = if old { (self.top.0, &self.old) } else { (self.top.1, &self.new) };
        let v = unroll::unroll_self_calls(versions.get(&f)?, f)?;
        let mut pair = self.clone();
        let side = if old { &mut pair.old } else { &mut pair.new };
        side.insert(f, v);
        Some(pair)
    }

    /// Tries to prove that the versions return the same value, with the same undefined
    /// behaviour, on every input on which both terminate.
    pub fn prove(&self, timeout: Duration) -> Relational {
        if timeout < Duration::from_millis(500) {
            return Relational::NotProved("no time left".into());
        }
        prove(self, timeout)
    }
}

fn prove(pair: &Pair, timeout: Duration) -> Relational {
    // Spacer's search differs much between equivalent encodings (one finds an invariant in
    // a second where another runs out of time), so each gets a share of the time; then the
    // pair with one version's recursion unrolled once, in the first style
    let unrolled: Vec<Pair> = [true, false].iter().filter_map(|&old| pair.unrolled(old)).collect();
    let attempts: Vec<(&Pair, Style)> =
        STYLES.iter().map(|&s| (pair, s)).chain(unrolled.iter().map(|p| (p, STYLES[0]))).collect();
    let ms = (timeout.as_millis().min(u64::MAX as u128) as u64) / attempts.len() as u64;
    let mut last = String::new();
    for (pair, style) in attempts {
        let horn = match product::encode(pair, style) {
            Ok(h) => h,
            Err(e) => return Relational::NotProved(e),
        };
        let params: &[(&str, u32)] = if style.plain_interpolation { &[("fp.spacer.iuc", 0)] } else { &[] };
        let t0 = std::time::Instant::now();
        let answer = solve_alone(&horn, ms, params);
        if std::env::var_os("VERDIFF_DEBUG").is_some() {
            eprintln!("relational attempt {style:?}, {} rules: {answer:?} in {:?}", horn.rules.len(), t0.elapsed());
        }
        match answer {
            HornAnswer::Holds => return Relational::Proved,
            HornAnswer::Fails if !style.strict => {
                return Relational::NotProved("the Horn solver found a pair of runs with different results (beyond the bound, or from nondeterministic values)".into())
            }
            HornAnswer::Fails => last = "no invariant for the strict encoding".into(),
            HornAnswer::Unknown(why) => last = format!("the Horn solver gave up ({why})"),
        }
    }
    Relational::NotProved(last)
}

/// Solves on a thread of its own: Z3's context is per thread, and Spacer's search depends on
/// what the context already holds (the bounded attempt before it stops at a time limit, so
/// at a different point each run): a fresh context gives the same answer for the same
/// encoding from run to run.
fn solve_alone(horn: &Horn, ms: u64, params: &[(&str, u32)]) -> HornAnswer {
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new().stack_size(256 << 20).spawn_scoped(s, || horn.solve(ms, params));
        match worker.map(|w| w.join()) {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => HornAnswer::Unknown("the Horn solver failed".into()),
            Err(e) => HornAnswer::Unknown(format!("no thread for the Horn solver: {e}")),
        }
    })
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

/// `entry` and every function it reaches, cut into segments.
fn reachable(p: &Program, entry: FuncId, old: bool, wrapv: bool) -> Result<BTreeMap<FuncId, Version>, String> {
    let mut out = BTreeMap::new();
    let mut work = vec![entry];
    while let Some(f) = work.pop() {
        if out.contains_key(&f) {
            continue;
        }
        if out.len() >= MAX_FUNCTIONS {
            return Err(format!("more than {MAX_FUNCTIONS} functions reachable"));
        }
        let v = paths::version(p, f, old, wrapv).map_err(|e| match f == entry {
            true => e,
            false => format!("in `{}`: {e}", base_name(&p.func(f).name)),
        })?;
        work.extend(v.callees());
        out.insert(f, v);
    }
    Ok(out)
}

/// Some function reaches itself through calls.
fn recursive(funcs: &BTreeMap<FuncId, Version>) -> bool {
    funcs.keys().any(|&f| {
        let mut seen = BTreeSet::new();
        let mut work: Vec<FuncId> = funcs[&f].callees().into_iter().collect();
        while let Some(g) = work.pop() {
            if g == f {
                return true;
            }
            if seen.insert(g) {
                work.extend(funcs.get(&g).map(Version::callees).unwrap_or_default());
            }
        }
        false
    })
}
