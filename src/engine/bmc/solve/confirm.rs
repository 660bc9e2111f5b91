//! From the solver's model to a confirmed counterexample: the violation replayed in concrete
//! mode (with the model's library results, then, where it depends on approximated ones, the
//! host's), then checked to rest on nothing verdiff chose freely, or to hold under the
//! library-accuracy assumption. A model that does not replay because a library model's walk
//! was summarised gets one more chance: a model of the same violation whose summarised walks
//! a replay can follow. The solving loop only files the answer.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::robust::{accurate_difference, depends_on, robust};
use super::{remaining_ms, Pass};
use crate::engine::replay::{replay, LibraryResults, Replayed, Solving};
use crate::engine::result::{RunStats, Timings, Trace};
use crate::smt::Answer;
use crate::symex::Replayable;

/// What the solver's current model shows of a claim once replayed ([`confirm`]).
pub(super) enum Confirmation {
    /// A replayed violation and its trace (None in reachability mode, where only the fact
    /// counts).
    Violated(Option<Trace>),
    /// The abstraction's model did not replay or is not robust: the exact pass decides.
    Spurious,
    /// Not confirmed, with the reason.
    Unknown(String),
}

/// Replays the current model's violation of claim `i` — with the model's library results,
/// then, where the violation depends on approximated ones, with the host's — and checks that
/// it rests on nothing verdiff chose freely (or holds under the library-accuracy assumption).
/// When the replay does not reach the violation and symbolic execution summarised a library
/// walk, a model of the same violation whose walks a replay can follow is asked for and
/// replayed ([`replayable_walks`]); the current model is kept either way.
pub(super) fn confirm(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    i: usize,
    deadline: Option<Instant>,
    timings: &mut Timings,
    stats: &mut RunStats,
) -> Confirmation {
    match confirm_model(pass, shared, i, timings) {
        (Confirmation::Unknown(why), false) if !pass.abstracted && !pass.skipped.is_empty() => {
            replayable_walks(pass, shared, i, deadline, timings, stats).unwrap_or(Confirmation::Unknown(why))
        }
        (c, _) => c,
    }
}

/// [`confirm`] on the current model alone; with whether the replay reached the violation.
fn confirm_model(pass: &Pass, shared: &Rc<RefCell<Solving>>, i: usize, timings: &mut Timings) -> (Confirmation, bool) {
    let t_rep = Instant::now();
    let (p, e, so, key) = (pass.p, pass.entry, pass.so, pass.keys[i]);
    let mut r = replay(p, e, so, shared.clone(), key, LibraryResults::Model);
    let mut on_host = false;
    if matches!(r, Replayed::NotConfirmed(_))
        && pass.viol[i].is_some_and(|v| depends_on(&shared.borrow().store, v, pass.approx))
    {
        // the inputs may be right and only the library results the model picked impossible
        // for them: the host's results instead
        r = replay(p, e, so, shared.clone(), key, LibraryResults::Host);
        on_host = true;
    }
    timings.replay += t_rep.elapsed();
    let c = match r {
        Replayed::Confirmed(_) if pass.o.reachability_only => Confirmation::Violated(None),
        Replayed::Confirmed(rout) => {
            let steps = crate::engine::format::trace(pass.p, &rout, pass.off_bits);
            let checked = match robust(shared, pass.viol[i], pass.approx, pass.approx_funcs, pass) {
                Ok(()) => Ok(Trace { steps, replayed: true, assumes: vec![] }),
                Err(why) => {
                    let host_run = on_host.then_some(&*rout);
                    accurate_difference(pass, shared, key, host_run).ok_or(why)
                }
            };
            match checked {
                Ok(trace) => Confirmation::Violated(Some(trace)),
                // the abstraction's answer may be spurious: the exact pass decides
                Err(_) if pass.abstracted => Confirmation::Spurious,
                Err(why) => Confirmation::Unknown(why),
            }
        }
        Replayed::NotConfirmed(_) if pass.abstracted => return (Confirmation::Spurious, false),
        Replayed::NotConfirmed(why) => {
            return (Confirmation::Unknown(format!("counterexample not confirmed: {why}")), false)
        }
    };
    (c, true)
}

/// A violation of claim `i` in a model whose summarised walks (string.c's strlen, strcmp,
/// strncmp and strchr past their 8th byte) a replay can follow: first every walk stopping
/// where its summary starts, then every walk skipping a few nonzero bytes
/// ([`Replayable`]). A summary leaves its stop position free up to the end of the object, and
/// the solver may put it 2^46 bytes on, where no replay gets; which model the solver gives
/// depends on things as remote as the names of the input symbols. The model found is
/// confirmed as any other (replayed, checked robust); None when there is none or it does not
/// replay either. The solver's current model is restored afterwards (the loop may go on
/// confirming other claims on it).
fn replayable_walks(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    i: usize,
    deadline: Option<Instant>,
    timings: &mut Timings,
    stats: &mut RunStats,
) -> Option<Confirmation> {
    let v = pass.viol[i]?;
    let kept = shared.borrow_mut().model.take();
    let mut found = None;
    for how in [Replayable::Empty, Replayable::Short] {
        let answer = {
            let mut sh = shared.borrow_mut();
            let sh = &mut *sh;
            let mut parts: Vec<_> = pass.skipped.iter().map(|w| w.replayable(&mut sh.store, how)).collect();
            parts.push(v);
            let goal = sh.store.and_n(&parts);
            let act = sh.store.fresh_symbol("replayable_walks", crate::term::Sort::Bool);
            let imp = sh.store.implies(act, goal);
            let t_enc = Instant::now();
            sh.smt.assert(&sh.store, imp);
            timings.encode += t_enc.elapsed();
            if let Some(ms) = remaining_ms(deadline) {
                sh.smt.set_timeout(ms);
            }
            let t_solve = Instant::now();
            let a = sh.smt.check(&sh.store, &[act]);
            timings.solve += t_solve.elapsed();
            stats.solver_calls += 1;
            if std::env::var_os("VERDIFF_DEBUG").is_some() {
                eprintln!("violation with replayable walks ({how:?}): {a:?} in {:?}", t_solve.elapsed());
            }
            sh.model = if a == Answer::Sat { sh.smt.model() } else { None };
            a
        };
        match answer {
            Answer::Sat => {
                if let (c @ Confirmation::Violated(_), _) = confirm_model(pass, shared, i, timings) {
                    found = Some(c);
                    break;
                }
            }
            // (every Empty range is a Short one too)
            Answer::Unsat => {}
            Answer::Unknown(_) => break,
        }
    }
    shared.borrow_mut().model = kept;
    found
}
