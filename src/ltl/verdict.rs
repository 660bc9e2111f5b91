//! The four values of Definition 2 on one finite word, computed from the never claim BA¬φ and
//! its [`Tables`] (Lemma 1), and [`Monitor`]: the automaton and tables of one property.
//!
//! Convention: the monitor starts in the initial state and takes one step per letter; the
//! first letter is the program's initial state, and a trace has at least one letter. After
//! the word `u` (length n ≥ 1) the monitor is in the set `R` of states some run reaches, and:
//! - BAD (⊥) if some state of `R` is a trap;
//! - else FAILING (⊥ᵖ) if some state of `R` accepts `u[n-1]^ω` (`u` stutter-extended violates φ);
//! - else SUCCEEDING (⊤ᵖ) if some state of `R` is live;
//! - else GOOD (⊤): no extension of `u` violates φ.
//!
//! FAILING-or-worse, and GOOD, are exact. BAD is exact when a single state of `R` is
//! universal; Definition 2 asks for the *union* of the languages of `R` to be universal, which
//! two non-universal states can reach together (e.g. `X p` and `X ¬p` side by side). The
//! symbolic monitor can only test one state, so [`verdict`] uses the per-state test and may say
//! FAILING where the exact value is BAD; [`exact_verdict`] decides the union for one concrete
//! word (for replayed traces).

use std::fmt;

use super::automaton::Buchi;
use super::formula::Formula;
use super::label::Letter;
use super::reduce::reduce;
use super::tableau::translate;
use super::tables::{is_valid, Tables};
use super::TooLarge;

/// A value of 𝔹₄, ordered from worst to best (⊥ ⊑ ⊥ᵖ ⊑ ⊤ᵖ ⊑ ⊤): the verdict of a set of
/// traces is the minimum over its traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// ⊥: every extension violates the property.
    Bad,
    /// ⊥ᵖ: the stutter extension violates it, some extension satisfies it.
    Failing,
    /// ⊤ᵖ: the stutter extension satisfies it, some extension violates it.
    Succeeding,
    /// ⊤: every extension satisfies it.
    Good,
}

impl Verdict {
    /// All four, worst first.
    pub const ALL: [Verdict; 4] = [Verdict::Bad, Verdict::Failing, Verdict::Succeeding, Verdict::Good];

    /// The upper-case name printed in `LTL verdict:` lines.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Bad => "BAD",
            Verdict::Failing => "FAILING",
            Verdict::Succeeding => "SUCCEEDING",
            Verdict::Good => "GOOD",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VerdictSet(u8);

impl VerdictSet {
    /// Adds `v`.
    pub fn insert(&mut self, v: Verdict) {
        self.0 |= 1 << v as u8;
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: Verdict) -> bool {
        self.0 >> v as u8 & 1 == 1
    }

    /// The members, worst first.
    pub fn to_vec(&self) -> Vec<Verdict> {
        Verdict::ALL.into_iter().filter(|&v| self.contains(v)).collect()
    }

    /// The set of the given verdicts.
    pub fn of(verdicts: &[Verdict]) -> VerdictSet {
        let mut set = VerdictSet::default();
        for &v in verdicts {
            set.insert(v);
        }
        set
    }
}

/// The verdict of the monitor in the states `states` after a word whose last letter is `last`.
pub fn verdict_of_states(tables: &Tables, states: &[bool], last: Letter) -> Verdict {
    let reached = || (0..states.len()).filter(|&q| states[q]);
    if reached().any(|q| tables.trap(q)) {
        Verdict::Bad
    } else if reached().any(|q| tables.stutter(q, last)) {
        Verdict::Failing
    } else if reached().any(|q| tables.live(q)) {
        Verdict::Succeeding
    } else {
        Verdict::Good
    }
}

/// The verdict of `word` for the property whose never claim is `aut` (see the module
/// documentation); `None` for the empty word.
pub fn verdict(aut: &Buchi, tables: &Tables, word: &[Letter]) -> Option<Verdict> {
    let &last = word.last()?;
    Some(verdict_of_states(tables, &aut.run(word), last))
}

/// [`verdict`], with BAD decided exactly: the disjunction of the reached states' meanings is
/// valid. Falls back to the per-state test when that check is too large.
pub fn exact_verdict(aut: &Buchi, tables: &Tables, word: &[Letter]) -> Option<Verdict> {
    let per_state = verdict(aut, tables, word)?;
    if per_state == Verdict::Bad || per_state == Verdict::Good {
        return Some(per_state);
    }
    let states = aut.run(word);
    let union = (0..states.len())
        .filter(|&q| states[q])
        .map(|q| aut.meanings[q].clone())
        .reduce(|a, b| Formula::Or(Box::new(a), Box::new(b)))?;
    match is_valid(&union, aut.atom_count) {
        Some(true) => Some(Verdict::Bad),
        _ => Some(per_state),
    }
}

/// Everything the engine needs for one property φ: the reduced never claim BA¬φ and its tables.
#[derive(Clone, Debug)]
pub struct Monitor {
    /// BA¬φ, reduced; its initial state is 0.
    pub automaton: Buchi,
    /// The §4.3 tables of `automaton`.
    pub tables: Tables,
}

impl Monitor {
    /// The monitor of `phi` (whose atoms are `0..atom_count`).
    pub fn new(phi: &Formula, atom_count: usize) -> Result<Monitor, TooLarge> {
        let automaton = reduce(&translate(&phi.clone().negated(), atom_count)?);
        let tables = Tables::new(&automaton)?;
        Ok(Monitor { automaton, tables })
    }

    /// The verdict of one finite trace ([`verdict`]).
    pub fn verdict(&self, word: &[Letter]) -> Option<Verdict> {
        verdict(&self.automaton, &self.tables, word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;

    fn monitor(text: &str) -> Monitor {
        let p = parse(text).expect("parses");
        Monitor::new(&p.formula, p.atoms.len()).expect("small")
    }

    /// §3.3's program Q and ψ = X({p == 1} U {q == 1}); p is bit 0, q bit 1.
    #[test]
    fn section_3_3_example() {
        let m = monitor("X({p == 1} U {q == 1})");
        let (p0q0, p1q0, p1q1, p0q1) = (0, 1, 3, 2);
        // (i) [p0q0, p1q0]: p U q pending, stuttering p1q0 never reaches q: FAILING
        assert_eq!(m.verdict(&[p0q0, p1q0]), Some(Verdict::Failing));
        // (ii) [p0q0, p1q0, p1q1]: fulfilled: GOOD
        assert_eq!(m.verdict(&[p0q0, p1q0, p1q1]), Some(Verdict::Good));
        // (iii) and (iv): p drops before q: BAD
        assert_eq!(m.verdict(&[p0q0, p1q0, p0q0]), Some(Verdict::Bad));
        assert_eq!(m.verdict(&[p0q0, p1q0, p0q0, p0q1]), Some(Verdict::Bad));
        // Q' (q initially 1): [p0q1, p1q1, ...] is GOOD after the second letter
        assert_eq!(m.verdict(&[p0q1, p1q1]), Some(Verdict::Good));
        // the first letter alone: nothing is decided, and stuttering it fails
        assert_eq!(m.verdict(&[p0q0]), Some(Verdict::Failing));
        assert_eq!(m.verdict(&[]), None);
    }

    /// Fig. 2: γ = G({s == 0} -> F{s == 1}); s==0 is bit 0, s==1 bit 1.
    #[test]
    fn figure_2_programs() {
        let m = monitor("G({s == 0} -> F{s == 1})");
        let (s0, s1) = (1, 2);
        // P1 alternates from s = 0: ends in s==1 after an odd number of updates
        assert_eq!(m.verdict(&[s0, s1]), Some(Verdict::Succeeding));
        assert_eq!(m.verdict(&[s0, s1, s0]), Some(Verdict::Failing));
        // P2 always ends with s == 0, P3 with s == 1
        assert_eq!(m.verdict(&[s0, s1, s0, s1, s0]), Some(Verdict::Failing));
        assert_eq!(m.verdict(&[s0, s1, s0, s1]), Some(Verdict::Succeeding));
        // a request-response property is never decided by a finite trace
        assert_eq!(m.verdict(&[s1]), Some(Verdict::Succeeding));
    }

    #[test]
    fn exact_bad_sees_unions_of_states() {
        // φ = X p && X !p is unsatisfiable: every word is BAD. The tableau of ¬φ = X !p || X p
        // reaches {!p} and {p}, neither universal on its own.
        let p = parse("X {p} && X !{p}").expect("parses");
        let a = translate(&p.formula.clone().negated(), 1).expect("small");
        let t = Tables::new(&a).expect("small");
        assert_eq!(verdict(&a, &t, &[1]), Some(Verdict::Failing));
        assert_eq!(exact_verdict(&a, &t, &[1]), Some(Verdict::Bad));
        // after the reductions the union is one trap state
        let m = Monitor::new(&p.formula, 1).expect("small");
        assert_eq!(m.verdict(&[1]), Some(Verdict::Bad));
    }

    #[test]
    fn verdict_sets() {
        let s = VerdictSet::of(&[Verdict::Good, Verdict::Bad]);
        assert!(s.contains(Verdict::Bad) && s.contains(Verdict::Good) && !s.contains(Verdict::Failing));
        assert_eq!(s.to_vec(), vec![Verdict::Bad, Verdict::Good]);
        assert!(Verdict::Bad < Verdict::Failing && Verdict::Succeeding < Verdict::Good);
    }
}
