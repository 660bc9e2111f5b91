//! Where one function's verification time went, by phase (`phases_ms` of `verdiff.run` 1.4,
//! docs/json-schema.md): what a team reads to see why a function took its time limit (a
//! formula too large to build, or one the solver cannot decide) without rerunning it.

use serde::{Deserialize, Serialize};

use crate::engine::Timings;

/// Milliseconds per phase of one function's verification. The phases add up to the row's
/// `seconds`: `other` is what none of the named phases covers (the checks around the
/// engine's runs, writing the answer), so that nothing is hidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Phases {
    /// Reading and lowering C for this function alone: the unit-test harnesses and the files
    /// they link. A file's own lowering is shared by all its functions and not counted here.
    pub frontend: f64,
    /// Making the function an entry: its precondition and entry harness, contracts, loop
    /// invariants, instrumentation with the safety claims.
    pub prepare: f64,
    /// Symbolic execution (every run of the engine: the first, deeper bounds, loop
    /// abstraction, the checks that a constructor reaches an object).
    pub symex: f64,
    /// Building the solver's formulas.
    pub encode: f64,
    /// The solver.
    pub solve: f64,
    /// Replaying counterexamples to confirm them.
    pub replay: f64,
    /// The rest of the row's time.
    pub other: f64,
}

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl Phases {
    /// The engine's phases of one run (its report's timings); frontend and instrumentation
    /// are counted by the caller that did them.
    pub fn of_engine(t: &Timings) -> Phases {
        Phases {
            symex: ms(t.symex),
            encode: ms(t.encode),
            solve: ms(t.solve),
            replay: ms(t.replay),
            ..Phases::default()
        }
    }

    pub fn add(&mut self, o: &Phases) {
        self.frontend += o.frontend;
        self.prepare += o.prepare;
        self.symex += o.symex;
        self.encode += o.encode;
        self.solve += o.solve;
        self.replay += o.replay;
        self.other += o.other;
    }

    /// Sum of the phases, `other` included.
    pub fn total(&self) -> f64 {
        self.frontend + self.prepare + self.symex + self.encode + self.solve + self.replay + self.other
    }

    /// These phases for a row that took `seconds`: `other` becomes what the named phases do
    /// not cover (never negative: the named phases are measured inside the row's time, so a
    /// sum above it is rounding), and every figure is rounded to a microsecond.
    pub fn within(mut self, seconds: f64) -> Phases {
        self.other = 0.0;
        self.other = (seconds * 1000.0 - self.total()).max(0.0);
        let r = |x: f64| (x * 1000.0).round() / 1000.0;
        Phases {
            frontend: r(self.frontend),
            prepare: r(self.prepare),
            symex: r(self.symex),
            encode: r(self.encode),
            solve: r(self.solve),
            replay: r(self.replay),
            other: r(self.other),
        }
    }
}

/// The phases of two pieces of work one row reports together (a function verified through
/// its callers and then on its own): the sum where both are known; where one is not (a
/// process that was ended), its seconds count as `other`, so the sum still covers the row.
pub fn combined(a: Option<Phases>, a_seconds: f64, b: Option<Phases>, b_seconds: f64) -> Option<Phases> {
    if a.is_none() && b.is_none() {
        return None;
    }
    let known = |p: Option<Phases>, s: f64| p.unwrap_or(Phases { other: s * 1000.0, ..Phases::default() });
    let mut sum = known(a, a_seconds);
    sum.add(&known(b, b_seconds));
    Some(sum.within(a_seconds + b_seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_engines_phases_are_taken_and_other_is_what_they_leave_of_the_row() {
        let t = Timings {
            symex: Duration::from_millis(300),
            encode: Duration::from_millis(100),
            solve: Duration::from_millis(1200),
            replay: Duration::from_millis(50),
            // the engine's total and instrumentation are not phases of a run row
            total: Duration::from_millis(1700),
            instrument: Duration::from_millis(999),
            frontend: Duration::from_millis(999),
        };
        let mut p = Phases::of_engine(&t);
        p.prepare = 150.0;
        let p = p.within(2.0);
        assert_eq!((p.symex, p.encode, p.solve, p.replay, p.prepare), (300.0, 100.0, 1200.0, 50.0, 150.0));
        assert_eq!(p.frontend, 0.0);
        assert_eq!(p.other, 200.0);
        assert_eq!(p.total(), 2000.0);
        // measured parts a little over the row's time (clock granularity): nothing negative
        assert_eq!(p.within(1.7).other, 0.0);
    }

    #[test]
    fn two_pieces_of_work_add_up_and_an_unknown_one_counts_as_other() {
        let a = Phases { solve: 1000.0, ..Phases::default() }.within(1.5);
        let b = Phases { symex: 200.0, ..Phases::default() }.within(0.25);
        let both = combined(Some(a), 1.5, Some(b), 0.25).unwrap();
        assert_eq!((both.solve, both.symex, both.other), (1000.0, 200.0, 550.0));
        assert_eq!(both.total(), 1750.0);
        let one = combined(Some(a), 1.5, None, 3.0).unwrap();
        assert_eq!((one.solve, one.other, one.total()), (1000.0, 3500.0, 4500.0));
        assert_eq!(combined(None, 1.0, None, 2.0), None);
    }
}
