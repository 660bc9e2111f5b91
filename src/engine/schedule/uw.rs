//! Under-approximation and widening (`--schedule uw`, the thesis's §4.4, after Grumberg,
//! Lerda, Strichman and Theobald): the formula of every interleaving is built once, each
//! preemption allowed by a literal of its own. The violations are solved first with every
//! preemption forbidden; a satisfiable answer is a violation of that under-approximation,
//! so of the program. An unsatisfiable one names, in its unsat core, the forbidden
//! preemptions the proof relied on: those are allowed, and the question asked again, until
//! a violation is found or the proof relies on none (then it holds for every interleaving).

use crate::smt::{Answer, Smt};
use crate::term::{TermStore, T};

/// What the widening did, for the report's notes.
pub(crate) struct Widening {
    pub rounds: u32,
    pub allowed: usize,
    pub literals: usize,
    pub outcome: Outcome,
}

pub(crate) enum Outcome {
    /// A violation exists with the allowed preemptions: the claims' violations are now
    /// restricted to them (what holds there is not proven: [`restricted`] says which).
    Violation,
    /// No violation in any interleaving: every claim holds.
    Proof,
    /// The solver gave no answer: the claims are solved unrestricted.
    Undecided(String),
}

/// Widens the allowed preemptions until a violation or a proof. `viol`: each claim's
/// violation condition; `lits`: the literals allowing each preemption.
pub(crate) fn widen(
    store: &mut TermStore,
    axioms: T,
    viol: &mut [Option<T>],
    lits: &[T],
    deadline: Option<std::time::Instant>,
) -> Option<Widening> {
    let all: Vec<T> = viol.iter().flatten().copied().collect();
    if lits.is_empty() || all.is_empty() {
        return None;
    }
    let any = store.or_n(&all);
    let mut smt = Smt::new(super::super::bmc::remaining_ms(deadline));
    smt.set_deadline(deadline);
    smt.assert(store, axioms);
    smt.assert(store, any);
    let mut allowed = vec![false; lits.len()];
    let mut rounds = 0;
    loop {
        rounds += 1;
        let forbidden: Vec<usize> = (0..lits.len()).filter(|&i| !allowed[i]).collect();
        let assumptions: Vec<T> = forbidden.iter().map(|&i| store.not(lits[i])).collect();
        let (answer, core) = smt.check_core(store, &assumptions);
        let count = allowed.iter().filter(|&&a| a).count();
        let done = |outcome| Some(Widening { rounds, allowed: count, literals: lits.len(), outcome });
        match answer {
            Answer::Sat => {
                let only = store.and_n(&assumptions);
                for v in viol.iter_mut().flatten() {
                    *v = store.and(*v, only);
                }
                return done(Outcome::Violation);
            }
            Answer::Unsat if core.is_empty() => {
                viol.iter_mut().for_each(|v| *v = None);
                return done(Outcome::Proof);
            }
            Answer::Unsat => {
                for i in core {
                    allowed[forbidden[i]] = true;
                }
            }
            Answer::Unknown(why) => return done(Outcome::Undecided(why)),
        }
    }
}

impl Widening {
    pub(crate) fn note(&self) -> String {
        let what = match &self.outcome {
            Outcome::Violation => "a violation found".to_string(),
            Outcome::Proof => "proof for every interleaving".to_string(),
            Outcome::Undecided(why) => format!("undecided ({why}); solved with every preemption"),
        };
        format!(
            "under-approximation and widening: {what} after {} round{}, {} of {} preemptions allowed",
            self.rounds,
            if self.rounds == 1 { "" } else { "s" },
            self.allowed,
            self.literals
        )
    }
}
