//! The standard (infinite-word) semantics of a formula on a lasso word `u·v^ω`, computed
//! directly from the definitions: the reference the automata are tested against.

use super::formula::Formula;
use super::label::Letter;

/// Whether `prefix·cycle^ω` satisfies `f`; `None` when `cycle` is empty.
pub fn eval_lasso(f: &Formula, prefix: &[Letter], cycle: &[Letter]) -> Option<bool> {
    if cycle.is_empty() {
        return None;
    }
    let word: Vec<Letter> = prefix.iter().chain(cycle).copied().collect();
    let lasso = Lasso { word, loop_start: prefix.len() };
    Some(lasso.values(f)[0])
}

/// The positions of a lasso: `word[i]` is letter `i`; the position after the last one is
/// `loop_start`.
struct Lasso {
    word: Vec<Letter>,
    loop_start: usize,
}

impl Lasso {
    fn succ(&self, i: usize) -> usize {
        if i + 1 < self.word.len() {
            i + 1
        } else {
            self.loop_start
        }
    }

    /// The truth value of `f` at every position.
    fn values(&self, f: &Formula) -> Vec<bool> {
        use Formula::*;
        let n = self.word.len();
        match f {
            True => vec![true; n],
            False => vec![false; n],
            Atom(a) => self.word.iter().map(|l| *a < 64 && l >> a & 1 == 1).collect(),
            Not(a) => self.values(a).into_iter().map(|v| !v).collect(),
            And(a, b) => zip(self.values(a), self.values(b), |x, y| x && y),
            Or(a, b) => zip(self.values(a), self.values(b), |x, y| x || y),
            Implies(a, b) => zip(self.values(a), self.values(b), |x, y| !x || y),
            Iff(a, b) => zip(self.values(a), self.values(b), |x, y| x == y),
            Next(a) => {
                let v = self.values(a);
                (0..n).map(|i| v[self.succ(i)]).collect()
            }
            Finally(a) => self.fixpoint(&vec![true; n], &self.values(a), false),
            Globally(a) => self.fixpoint(&self.values(a), &vec![false; n], true),
            Until(a, b) => self.fixpoint(&self.values(a), &self.values(b), false),
            WeakUntil(a, b) => self.fixpoint(&self.values(a), &self.values(b), true),
            // a R b = b W (a ∧ b)
            Release(a, b) => {
                let (va, vb) = (self.values(a), self.values(b));
                let both = zip(va, vb.clone(), |x, y| x && y);
                self.fixpoint(&vb, &both, true)
            }
        }
    }

    /// The least (`greatest == false`) or greatest solution of `x[i] = stop[i] ∨ (go[i] ∧
    /// x[succ i])`: `go U stop`, or `go W stop` for the greatest one.
    fn fixpoint(&self, go: &[bool], stop: &[bool], greatest: bool) -> Vec<bool> {
        let n = self.word.len();
        let mut x = vec![greatest; n];
        loop {
            let mut changed = false;
            for i in (0..n).rev() {
                let v = stop[i] || (go[i] && x[self.succ(i)]);
                changed |= v != x[i];
                x[i] = v;
            }
            if !changed {
                return x;
            }
        }
    }
}

fn zip(a: Vec<bool>, b: Vec<bool>, op: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.into_iter().zip(b).map(|(x, y)| op(x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;

    fn holds(text: &str, prefix: &[Letter], cycle: &[Letter]) -> bool {
        let p = parse(text).expect("parses");
        eval_lasso(&p.formula, prefix, cycle).expect("non-empty cycle")
    }

    // Atom {p} is bit 0, {q} bit 1 (order of first occurrence).
    const P: Letter = 1;
    const Q: Letter = 2;
    const NONE: Letter = 0;

    #[test]
    fn temporal_operators_on_small_lassos() {
        assert!(holds("F {p}", &[NONE, NONE], &[NONE, P]));
        assert!(holds("F {p}", &[P], &[NONE]));
        assert!(!holds("F G {p}", &[], &[P, NONE]));
        assert!(holds("G F {p}", &[], &[P, NONE]));
        assert!(holds("F G {p}", &[NONE], &[P]));
        assert!(holds("X {p}", &[NONE, P], &[NONE]));
        assert!(!holds("X X {p}", &[NONE, P], &[NONE]));
        assert!(holds("{p} U {q}", &[P, P], &[Q]));
        assert!(!holds("{p} U {q}", &[P, NONE], &[Q]));
        assert!(!holds("{p} U {q}", &[], &[P]));
        assert!(holds("{p} W {q}", &[], &[P]));
        // q holds up to and including the first p, or forever
        assert!(holds("{p} R {q}", &[], &[Q]));
        assert!(holds("{p} R {q}", &[Q], &[P | Q, NONE]));
        assert!(!holds("{p} R {q}", &[Q], &[P, NONE]));
        assert!(!holds("{p} R {q}", &[], &[P]));
        assert!(holds("{p} V {q}", &[P | Q], &[NONE]));
    }

    #[test]
    fn the_cycle_must_not_be_empty() {
        let p = parse("{p}").expect("parses");
        assert_eq!(eval_lasso(&p.formula, &[P], &[]), None);
    }
}
