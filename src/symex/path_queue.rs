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
    /// Paths of a multi-threaded execution waiting to be run, last in first out: once a
    /// second thread exists, every branch and every scheduling choice is a path of its own
    /// (docs/threads.md §2).
    pub(super) forks: Vec<State>,
}

impl PathQueue {
    pub(super) fn new() -> Self {
        PathQueue { pending: BTreeMap::new(), next_frame: 1, forks: Vec::new() }
    }
}
