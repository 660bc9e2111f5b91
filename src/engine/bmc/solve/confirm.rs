//! From the solver's model to a confirmed counterexample: the violation replayed in concrete
//! mode (with the model's library results, then, where it depends on approximated ones, the
//! host's), then checked to rest on nothing verdiff chose freely, or to hold under the
//! library-accuracy assumption. The solving loop only files the answer.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::robust::{accurate_difference, depends_on, robust};
use super::Pass;
use crate::engine::replay::{replay, LibraryResults, Replayed, Solving};
use crate::engine::result::{Timings, Trace};

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
pub(super) fn confirm(pass: &Pass, shared: &Rc<RefCell<Solving>>, i: usize, timings: &mut Timings) -> Confirmation {
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
    match r {
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
        Replayed::NotConfirmed(_) if pass.abstracted => Confirmation::Spurious,
        Replayed::NotConfirmed(why) => Confirmation::Unknown(format!("counterexample not confirmed: {why}")),
    }
}
