//! States waiting at join points: a path that reaches (frame, pc) before the others waits
//! there and is merged when the current state arrives. Frame ids are unique in a run.
//! A multi-threaded execution's paths wait in a stack instead, unmerged.

use std::collections::BTreeMap;

use super::state::State;

pub(super) struct PathQueue {
    /// (frame id, pc) → the states waiting there.
    pub(super) pending: BTreeMap<(u64, usize), Vec<State>>,
    /// The next frame's id (0 is the static initialiser's).
    pub(super) next_frame: u64,
    /// Paths of a multi-threaded execution waiting to be run, by (scheduling steps taken,
    /// configuration): once a second thread exists, every branch and every scheduling choice
    /// is a path of its own; paths that reach the same configuration (every thread at the
    /// same place) after the same number of steps are merged, and the fewest steps run
    /// first, so that the interleavings of independent steps meet (docs/threads.md §2).
    pub(super) forks: BTreeMap<(u32, u64), Vec<State>>,
}

impl PathQueue {
    pub(super) fn new() -> Self {
        PathQueue { pending: BTreeMap::new(), next_frame: 1, forks: BTreeMap::new() }
    }
}
