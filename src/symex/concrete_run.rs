//! What a concrete run (a replay of a counterexample, a random run) needs beside the
//! symbolic state: the oracle that picks inputs, what it has read, the trace it records, and
//! where it stops. Empty (no oracle) in a symbolic execution.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use super::{ClaimKey, InputOracle, TraceStep};
use crate::term::T;

#[derive(Default)]
pub(super) struct ConcreteRun {
    /// The inputs' source; None in a symbolic execution.
    pub(super) oracle: Option<Rc<RefCell<dyn InputOracle>>>,
    /// Array symbol → its input key (the oracle answers reads of input arrays by key).
    pub(super) array_keys: Rc<RefCell<HashMap<u32, String>>>,
    /// The bytes of the input heap read so far.
    pub(super) input_reads: Rc<RefCell<BTreeMap<u128, u8>>>,
    /// The front end's temporaries that hold a nondeterministic choice
    /// (`$t = nondet_int(); x = $t;` shows `x` as the input).
    pub(super) input_temps: HashSet<crate::ir::VarId>,
    pub(super) trace: Vec<TraceStep>,
    /// Stop at the first violation of this claim (any claim if None).
    pub(super) target: Option<ClaimKey>,
    /// The claim the run violated.
    pub(super) violated: Option<usize>,
    /// The value of each application of an uninterpreted function to constant arguments,
    /// and whether two equal applications had different values.
    pub(super) applications: HashMap<(String, Vec<T>), T>,
    pub(super) inconsistent: bool,
}
