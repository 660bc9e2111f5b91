//! The reachability fast path: a concrete run with every input zero often answers a
//! reachability question at once, before any solving.

use std::time::Instant;

use super::Pass;
use crate::engine::replay::{replay_zero, Replayed};
use crate::engine::result::{ClaimResult, Status, Timings};

/// Whether the all-zero run reaches (violates) one of the claims not decided yet; that claim
/// is then marked violated.
pub(super) fn reached_by_zero_run(pass: &Pass, claims: &mut [ClaimResult], timings: &mut Timings) -> bool {
    for (i, c) in claims.iter_mut().enumerate() {
        if pass.viol[i].is_some() && c.status == Status::NotChecked {
            let t_rep = Instant::now();
            let r = replay_zero(pass.p, pass.entry, pass.so, pass.keys[i]);
            timings.replay += t_rep.elapsed();
            if let Replayed::Confirmed(_) = r {
                c.status = Status::Violated;
                return true;
            }
        }
    }
    false
}
