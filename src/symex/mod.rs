//! Symbolic execution of goto programs: loops unwound to a bound, functions inlined, one
//! state per program point with ite-merges at join points.
//!
//! Values are hash-consed terms: an assignment binds the variable to the term of its new value
//! (SSA by value numbering, with forward substitution and constant propagation built in), and
//! only terms reachable from claims are ever encoded — slicing by construction.
//!
//! In *concrete* mode (replay of a counterexample) every input comes from an oracle, so every
//! term folds to a constant and the run follows one path, recording a trace.
//!
//! Depends on: ir, term. Must not depend on smt or engine (feasibility checks come in through
//! a callback).

mod approx;
mod builtins;
mod call;
mod children;
mod claim_book;
mod concrete_run;
mod errno;
mod eval;
pub mod input;
mod lasso;
mod memory;
mod memory_model;
mod models;
mod output_strings;
mod path_queue;
mod place;
mod por;
pub mod product;
mod profile;
mod races;
mod refine;
pub mod schedule;
pub mod state;
mod sync;
mod threads;
mod value;
mod walks;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;
use std::time::Instant;

use crate::ir::{BinOp, ClaimKind, Expr, FuncId, InstrKind, Loc, Program, TraceEndClaim, Type};
use crate::term::{ArrayOracle, Bits, Sort, TermStore, T};
use approx::Approximations;
use claim_book::ClaimBook;
use concrete_run::ConcreteRun;
use memory_model::MemoryModel;
use path_queue::PathQueue;
pub use state::{Frame, Guard, State};
pub use walks::{Replayable, SkippedRange, SHORT_WALK};

/// How to execute.
#[derive(Clone, Debug)]
pub struct SymexOptions {
    /// Global loop and recursion bound (`--unwind`); None: unlimited.
    pub unwind: Option<u32>,
    /// Per-loop bounds by (function, back-edge pc).
    pub unwindset: HashMap<(FuncId, usize), u32>,
    pub unwinding_assertions: bool,
    /// `malloc` may return NULL.
    pub malloc_may_fail: bool,
    /// Bits of a pointer that number the object (the rest is the offset).
    pub object_bits: u32,
    pub deadline: Option<Instant>,
    /// Give up (UNKNOWN) beyond this many terms.
    pub max_terms: usize,
    /// Without `--unwind`: after this many iterations of one loop, ask the feasibility
    /// callback whether the loop can continue; beyond `unbounded_limit`, give up.
    pub unbounded_limit: u32,
    /// Check at the end of the program that every heap object was freed.
    pub memory_leak_check: bool,
    /// Set for product programs (equivalence checking).
    pub product: Option<product::ProductHooks>,
    /// A loop whose last iteration added no path condition (its control is concrete, e.g. a
    /// counter from 39 down to 0) keeps unwinding past the bound, up to `unbounded_limit`
    /// iterations: the bound is then only a limit on symbolic iteration counts. Equivalence checking uses
    /// it (its bound is a resource limit it raises anyway); `check` keeps ESBMC's `--unwind`.
    pub follow_concrete_loops: bool,
    /// The entry's pointer parameters point into the caller's heap (symex::input).
    pub input_heap: Option<std::sync::Arc<input::InputHeapOptions>>,
    /// Claims stated wherever a path reaches the bound of a loop or recursion, as if the
    /// observed trace ended there (an LTL monitor's end-of-trace questions, docs/ltl.md §3):
    /// the bound ends the trace instead of being an unwinding failure.
    pub trace_end: Vec<TraceEndClaim>,
    /// Look for lassos at loop back-edges (an LTL monitor's, docs/ltl.md §5; `symex::lasso`).
    pub lasso: Option<crate::ir::LassoSpec>,
    /// At most this many context switches by preemption per path (`--context-bound`);
    /// None: unbounded.
    pub context_bound: Option<u32>,
    /// A path on which every unfinished thread waits violates a deadlock claim
    /// (`--deadlock-check`).
    pub deadlock_check: bool,
    /// Misuses of the thread library are violations: an unlock of a mutex nobody holds, a
    /// locked or destroyed mutex destroyed, a second join of a thread, a join of no thread
    /// (`--deadlock-check`, and ESBMC's `--lock-order-check` alone).
    pub lock_checks: bool,
    /// Lazy exploration (`--schedule lazy`): the interleaving to follow, one option per
    /// scheduling choice, instead of every interleaving at once (docs/threads.md §2).
    pub schedule: Option<std::sync::Arc<schedule::Script>>,
    /// Under-approximation and widening (`--schedule uw`): every preemption is allowed by a
    /// literal of its own (`Output::switch_literals`), which the engine assumes false until a
    /// proof needs it.
    pub switch_literals: bool,
    /// Partial-order reduction (symex::por): off under a context bound, where it is not
    /// sound.
    pub por: bool,
}

impl Default for SymexOptions {
    fn default() -> Self {
        SymexOptions {
            unwind: None,
            unwindset: HashMap::new(),
            unwinding_assertions: true,
            malloc_may_fail: true,
            object_bits: 16,
            deadline: None,
            max_terms: 20_000_000,
            unbounded_limit: 5000,
            memory_leak_check: false,
            product: None,
            follow_concrete_loops: false,
            input_heap: None,
            trace_end: Vec::new(),
            lasso: None,
            context_bound: None,
            deadlock_check: false,
            lock_checks: false,
            schedule: None,
            switch_literals: false,
            por: false,
        }
    }
}

/// A property as written in the program (one per assertion site / loop / recursion).
#[derive(Clone, Debug)]
pub struct Claim {
    /// Identity of the claim site, equal across runs of the same program.
    pub key: ClaimKey,
    pub kind: ClaimKind,
    pub msg: String,
    pub loc: Loc,
    pub func: Option<FuncId>,
    /// The condition as C text (empty for generated claims without one).
    pub expr: String,
}

/// One symbolic occurrence of a claim: it is violated when `guard` holds and `cond` does not.
#[derive(Clone, Debug)]
pub struct Instance {
    pub claim: usize,
    pub guard: T,
    pub cond: T,
}

/// A reached instruction verdiff does not model.
#[derive(Clone, Debug)]
pub struct Reach {
    pub reason: String,
    pub loc: Loc,
    pub func: Option<FuncId>,
    pub guard: T,
}

/// A step of a concrete (replayed) execution.
#[derive(Clone, Debug)]
pub enum Step {
    Assign {
        lhs: String,
        value: T,
        ty: Type,
    },
    /// A nondeterministic choice assigned to `lhs`: a `nondet_*()` result, an external
    /// function's result, a parameter of the entry harness.
    Input {
        lhs: String,
        value: T,
        ty: Type,
    },
    Call {
        func: String,
        args: Vec<(T, Type)>,
    },
    Return {
        func: String,
    },
    Violation {
        claim: usize,
    },
    /// The scheduler switched to another thread.
    Switch {
        thread: u32,
    },
    /// `pthread_create` started a thread in `func`.
    Spawn {
        thread: u32,
        func: String,
    },
}

#[derive(Clone, Debug)]
pub struct TraceStep {
    pub loc: Loc,
    pub func: Option<FuncId>,
    /// The thread that ran the step (0: the program's first thread).
    pub thread: u32,
    pub step: Step,
}

#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub instructions: u64,
    pub assignments: u64,
    pub merges: u64,
    pub max_loop: u32,
    pub objects: u32,
    /// Paths of a multi-threaded execution that ran to their end (every thread finished,
    /// main returned, or every thread waits); a merged path counts once.
    pub interleavings: u64,
}

/// Why symbolic execution stopped without a result.
#[derive(Clone, Debug)]
pub enum Abort {
    Timeout,
    TooBig(String),
}

pub struct Output {
    pub store: TermStore,
    pub claims: Vec<Claim>,
    pub instances: Vec<Instance>,
    pub unsupported: Vec<Reach>,
    /// Input key → its symbol (symbolic mode).
    pub inputs: HashMap<String, T>,
    pub trace: Vec<TraceStep>,
    /// Body-less functions whose effect was assumed (nondet result, havocked arguments).
    pub externals: BTreeSet<String>,
    pub stats: Stats,
    /// In concrete mode: the claim that was violated (the run stops there).
    pub violated: Option<usize>,
    /// Names of memory objects by number (for showing pointers).
    pub objects: Vec<String>,
    /// In concrete mode: the bytes of the caller's memory (the input heap) the run read, by
    /// address (object number and offset as one pointer's bits). The trace shows them as inputs.
    pub input_bytes: BTreeMap<u128, u8>,
    /// Whether the run had an input heap (the caller's objects, numbered from half the object
    /// space up): only then is such an object number the caller's.
    pub input_heap: bool,
    /// Symbols of approximated library results, and the functions they come from.
    pub approx_symbols: Vec<u32>,
    pub approx_funcs: BTreeSet<String>,
    /// What the library models assume of those results (a range, not NaN, equal results for
    /// equal arguments), each under the path taken inside the model: true of every result the
    /// real function can give (see engine::bmc's robustness check).
    pub approx_facts: Vec<T>,
    /// In a replay that leaves library results free: the oracle's bounds on each result of a
    /// call on constant arguments ([`InputOracle::library_bounds`]), an assumption about the
    /// real library rather than a fact of its model.
    pub accuracy_facts: Vec<T>,
    /// Facts about the memory layout that hold on every path (asserted by the engine).
    pub axioms: Vec<T>,
    /// The byte ranges library models' walks skipped (symbolic mode; see [`SkippedRange`]).
    pub skipped: Vec<SkippedRange>,
    /// In a concrete run: two applications of an uninterpreted function (an external
    /// function, an approximated library function) to equal arguments had different values,
    /// which no model allows (a run on inputs no solver chose).
    pub inconsistent: bool,
    /// Under `SymexOptions::switch_literals`: the literals allowing each preemption.
    pub switch_literals: Vec<T>,
}

/// Supplies input values during concrete replay.
pub trait InputOracle {
    /// Bits of a scalar input (Bool as width 1).
    fn scalar(&mut self, key: &str, sort: &Sort) -> Option<Bits>;
    /// Bits of an input pointer to data (a free pointer of an equivalence product's inputs);
    /// by default as any scalar.
    fn pointer(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        self.scalar(key, sort)
    }
    /// Bits of a hidden choice of an equivalence product (how an input is built); by
    /// default as any scalar.
    fn choice(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        self.scalar(key, sort)
    }
    /// Bits of an element of an array input at constant indices.
    fn element(&mut self, key: &str, indices: &[Bits], elem: &Sort) -> Option<Bits>;
    /// The result a replay takes for an approximated library function (`lib` on the double
    /// arguments `args`) instead of the input's value; None: the input's value. Asked right
    /// after [`InputOracle::scalar`] was asked for that input's value.
    fn library_result(&mut self, _lib: &str, _args: &[f64]) -> Option<f64> {
        None
    }
    /// In a replay that leaves the result of `lib` on `args` free: bounds a real math library's
    /// result is assumed to lie within (see docs/equivalence.md, "Library accuracy"); None: only
    /// what the library model says of it.
    fn library_bounds(&mut self, _lib: &str, _args: &[f64]) -> Option<(f64, f64)> {
        None
    }
    /// Whether the oracle's values are random rather than a solver's model. Then the
    /// indeterminate values of an equivalence product's new version stay free symbols instead
    /// of taking the oracle's values (whatever value the run took would be one choice, not a
    /// proof; left free, a run that reads one decides nothing), and an unsupported construct
    /// does not stop the run (one that ends its path ends it; see engine::random).
    fn random_inputs(&self) -> bool {
        false
    }
    /// A concrete run took the conditional jump at instruction `at.1` of function `at.0`
    /// (`taken`) or fell through: the branches a run covers, which guide random runs toward
    /// inputs that reach further (engine::random).
    fn branch(&mut self, _at: (u32, usize), _taken: bool) {}
    /// A concrete run compared integers `x` and `y` (`op`, signed or not; both sides
    /// constants) at instruction `at.1` of function `at.0` and found `holds`: what random runs
    /// patch the next runs' inputs from (engine::random).
    fn compare(&mut self, _at: (u32, usize), _op: BinOp, _signed: bool, _x: &Bits, _y: &Bits, _holds: bool) {}
}

/// Asks whether a path condition is satisfiable (None: unknown).
pub type Feasibility<'a> = dyn FnMut(&TermStore, T) -> Option<bool> + 'a;

struct ReplayArrays {
    oracle: Rc<RefCell<dyn InputOracle>>,
    keys: Rc<RefCell<HashMap<u32, String>>>,
    /// The bytes of the input heap read so far ([`Output::input_bytes`]).
    input_reads: Rc<RefCell<BTreeMap<u128, u8>>>,
}

impl ArrayOracle for ReplayArrays {
    fn select(&mut self, sym: u32, indices: &[Bits]) -> Option<Bits> {
        let key = self.keys.borrow().get(&sym)?.clone();
        // the element sort is recovered by the caller from the term
        let v = self.oracle.borrow_mut().element(&key, indices, &Sort::Bv(8));
        if key == INPUT_MEMORY {
            if let (Some(v), [at]) = (&v, indices) {
                if let (Some(at), Some(byte)) = (at.to_u128(), v.to_u64()) {
                    self.input_reads.borrow_mut().insert(at, byte as u8);
                }
            }
        }
        v
    }
}

/// The tag of the input saying whether an address made from an integer is a real object's
/// ([`Symex::pointer_eq`]), and how its key ends: random runs leave it symbolic (a random
/// coincidence is no behaviour).
pub(crate) const ADDRESS_COINCIDENCE_TAG: &str = "address_coincidence";
pub const ADDRESS_COINCIDENCE: &str = "@address_coincidence";

/// The input key of the input heap's initial contents (symex/input.rs).
pub(crate) const INPUT_MEMORY: &str = "input_memory";

/// Key of a claim site: (function or u32::MAX for the initialiser, pc, discriminator).
pub type ClaimKey = (u32, usize, u8);

pub struct Symex<'p> {
    p: &'p Program,
    o: SymexOptions,
    pub s: TermStore,
    /// Objects, their sizes and addresses: what a pointer can point to.
    memory: MemoryModel,
    /// The claims met so far and their symbolic instances.
    book: ClaimBook,
    /// Inputs, and what library models and approximations add to the formula.
    approx: Approximations,
    /// A concrete run's oracle and what it records (replays, random runs).
    replay: ConcreteRun,
    /// States waiting at join points.
    paths: PathQueue,
    externals: BTreeSet<String>,
    stats: Stats,
    abort: Option<Abort>,
    /// What the entry can use (statics and literals outside it are not materialised).
    reach: crate::ir::reach::Reachable,
    /// `reach` was given ([`Symex::with_reach`]): `run` does not compute it again.
    reach_given: bool,
    /// Set once main has returned and the atexit handlers were started.
    atexit_phase: bool,
    /// Product programs: the state both versions start from.
    snapshot: Option<product::Snapshot>,
    /// The library model's `errno`, when the program uses it (see errno.rs).
    errno_var: Option<crate::ir::VarId>,
    /// Where symbolic execution spends its time (`VERDIFF_DEBUG_SYMEX`).
    profile: Option<profile::Profile>,
    /// Which instructions are visible to other threads (symex::schedule).
    visibility: schedule::Visibility,
    /// Under `switch_literals`: the literal allowing a preemption, by scheduling choice.
    switch_literals: HashMap<String, T>,
}

#[derive(Clone, Debug)]
pub struct ObjInfo {
    pub name: String,
    pub size: T,
    pub dynamic: bool,
    pub loc: Loc,
    /// For heap objects: the allocating call (function, pc), for leak claims.
    pub site: Option<(u32, usize)>,
    /// Alignment of the object's address.
    pub align: u64,
}

impl<'p> Symex<'p> {
    pub fn new(p: &'p Program, o: SymexOptions) -> Symex<'p> {
        let mut s = TermStore::new();
        s.max_terms = o.max_terms;
        s.deadline = o.deadline;
        let ptr_w = p.target.pointer_width();
        let obj_bits = o.object_bits.clamp(4, ptr_w - 8);
        let off_bits = ptr_w - obj_bits;
        s.address_split = Some((obj_bits, off_bits));
        let zero_size = s.bv_zero(off_bits);
        let sizes = s.const_array(Sort::Bv(obj_bits), zero_size);
        let f = s.fals();
        let dynamic = s.const_array(Sort::Bv(obj_bits), f);
        let readonly = s.const_array(Sort::Bv(obj_bits), f);
        let mut sx = Symex {
            p,
            o,
            s,
            memory: MemoryModel::new(ptr_w, obj_bits, off_bits, sizes, dynamic, readonly),
            book: ClaimBook::default(),
            approx: Approximations::default(),
            replay: ConcreteRun::default(),
            paths: PathQueue::new(),
            externals: BTreeSet::new(),
            stats: Stats::default(),
            abort: None,
            reach: Default::default(),
            reach_given: false,
            atexit_phase: false,
            snapshot: None,
            errno_var: errno::errno_var(p),
            profile: profile::Profile::from_env(),
            visibility: Default::default(),
            switch_literals: HashMap::new(),
        };
        // object 0 is NULL, object 1 the invalid object
        for name in ["NULL", "INVALID"] {
            let z = sx.s.bv_zero(sx.memory.off_bits);
            sx.memory.objects.push(ObjInfo {
                name: name.into(),
                size: z,
                dynamic: false,
                loc: Loc::default(),
                site: None,
                align: 1,
            });
        }
        sx
    }

    /// Replays with inputs from `oracle`, stopping at the first violation of `target`.
    pub fn concrete(mut self, oracle: Rc<RefCell<dyn InputOracle>>, target: Option<ClaimKey>) -> Self {
        let arrays = ReplayArrays {
            oracle: oracle.clone(),
            keys: self.replay.array_keys.clone(),
            input_reads: self.replay.input_reads.clone(),
        };
        self.s.set_oracle(Some(Box::new(arrays)));
        self.replay.oracle = Some(oracle);
        self.replay.target = target;
        self
    }

    fn is_concrete(&self) -> bool {
        self.replay.oracle.is_some()
    }

    /// In a replay: the oracle's result for an approximated library function on constant
    /// double arguments, as a double constant.
    fn library_result(&mut self, lib: &str, args: &[T]) -> Option<T> {
        let oracle = self.replay.oracle.clone()?;
        let xs = self.constant_doubles(args)?;
        let r = oracle.borrow_mut().library_result(lib, &xs)?;
        Some(self.s.fp_f64(r))
    }

    /// In a replay: what the oracle assumes of the result `v` of `lib` on constant double
    /// arguments (it lies between two doubles), as a fact about `v`.
    fn library_bounds(&mut self, lib: &str, args: &[T], v: T) -> Option<T> {
        let oracle = self.replay.oracle.clone()?;
        if self.s.sort(v) != &Sort::Fp(11, 53) {
            return None;
        }
        let xs = self.constant_doubles(args)?;
        let (lo, hi) = oracle.borrow_mut().library_bounds(lib, &xs)?;
        let (lo, hi) = (self.s.fp_f64(lo), self.s.fp_f64(hi));
        let above = self.s.fp_cmp(crate::term::Op::FpLe, lo, v);
        let below = self.s.fp_cmp(crate::term::Op::FpLe, v, hi);
        Some(self.s.and(above, below))
    }

    /// The values of constant double terms (None when one is not).
    fn constant_doubles(&self, args: &[T]) -> Option<Vec<f64>> {
        let mut xs = Vec::new();
        for &a in args {
            if self.s.sort(a) != &Sort::Fp(11, 53) {
                return None;
            }
            xs.push(f64::from_bits(self.s.as_fp(a)?.to_u64()?));
        }
        Some(xs)
    }

    /// The number of bits of a pointer that hold the offset.
    pub fn offset_bits(&self) -> u32 {
        self.memory.off_bits
    }

    /// What `entry` reaches, computed once for many runs of it (random runs: a walk over the
    /// whole program per run was a twentieth of their time).
    pub fn with_reach(mut self, reach: crate::ir::reach::Reachable) -> Self {
        self.reach = reach;
        self.reach_given = true;
        self
    }

    /// Runs `entry` (after the static initialiser).
    pub fn run(mut self, entry: FuncId, feasible: &mut Feasibility<'_>) -> Result<Output, (Abort, Box<Output>)> {
        if !self.reach_given {
            self.reach = crate::ir::reach::reachable(self.p, entry);
        }
        let mut st = self.initial_state();
        self.init_input_heap(&mut st);
        self.setup_statics(&mut st);
        // the initialiser runs as a frame of its own; its end calls the entry function
        let init_frame = Frame {
            func: None,
            id: 0,
            pc: 0,
            ret_lhs: None,
            ret_val: None,
            loops: HashMap::new(),
            lasso: HashMap::new(),
            trace_ends: HashMap::new(),
            loop_guards: HashMap::new(),
            via_backedge: None,
            objects: vec![],
            guard_len: 0,
        };
        st.frames_mut().push(init_frame);
        let mut entry_pending = Some(entry);
        loop {
            if let Some(a) = self.abort.take() {
                return Err((a, Box::new(self.finish())));
            }
            if self.replay.violated.is_some() {
                break;
            }
            if st.threaded() && st.live && st.frames().is_empty() {
                // this thread has finished: another one runs, or the path is complete
                self.thread_finished(&mut st);
                continue;
            }
            if st.threaded() && (!st.live || st.guard.is_false(&self.s)) {
                if self.next_path(&mut st) {
                    continue;
                }
                break;
            }
            if st.frames().is_empty() {
                if self.next_path(&mut st) {
                    continue;
                }
                break;
            }
            // join point
            let key = (st.frame_id(), st.pc());
            if let Some(list) = self.paths.pending.remove(&key) {
                if st.threaded() {
                    // the paths waiting here never saw the threads: they go on, this one later
                    let mut it = list.into_iter();
                    if let Some(mut waiting) = it.next() {
                        for other in it {
                            waiting = self.merge(waiting, other);
                        }
                        let running = std::mem::replace(&mut st, waiting);
                        self.fork(running);
                    }
                    continue;
                }
                for other in list {
                    st = self.merge(st, other);
                }
            }
            if !st.live || st.guard.is_false(&self.s) {
                st.live = false;
                // resume at the next pending point of this frame
                let fid = st.frame_id();
                let next = self.paths.pending.range((fid, st.pc() + 1)..(fid, usize::MAX)).next().map(|(k, _)| k.1);
                match next {
                    Some(pc) => {
                        st.top_mut().pc = pc;
                        continue;
                    }
                    None => {
                        // nothing else reaches the rest of this frame
                        let fr = st.frames_mut().pop();
                        if st.frames().is_empty() {
                            if fr.is_some_and(|f| f.func.is_none()) && entry_pending.is_some() {
                                // the initialiser never completes: no execution
                            }
                            if self.next_path(&mut st) {
                                continue;
                            }
                            break;
                        }
                        st.top_mut().pc += 1;
                        continue;
                    }
                }
            }
            self.stats.instructions += 1;
            // (a concrete run's instructions may each read far through memory without making
            // a term: it looks at the clock more often)
            let every = if self.is_concrete() { 256 } else { 4096 };
            if self.stats.instructions.is_multiple_of(every) {
                if let Some(d) = self.o.deadline {
                    if Instant::now() >= d {
                        self.abort = Some(Abort::Timeout);
                        continue;
                    }
                }
                if self.s.len() > self.o.max_terms {
                    self.abort = Some(Abort::TooBig(format!("more than {} terms", self.o.max_terms)));
                    continue;
                }
            }
            let body = self.body(st.top().func);
            let pc = st.pc();
            if st.threaded() && self.schedule_point(&mut st, pc) {
                // another thread runs first
                continue;
            }
            if pc >= body.len() {
                // end of a body
                if st.top().func.is_none() {
                    st.frames_mut().pop();
                    match entry_pending.take() {
                        Some(f) => self.enter_entry(&mut st, f),
                        None => break,
                    }
                    continue;
                }
                self.function_end(&mut st);
                continue;
            }
            self.approx.input_seq = 0;
            // a budget spent inside one instruction (term::limit) ends this run like the
            // checks above: a replay's or probe's own deadline is not the verification's
            let started = self.profile.as_ref().map(|_| (Instant::now(), self.s.len(), st.top().func));
            let stalled = st.sched.stalled;
            let stepped = crate::term::limit::guard(|| self.step(&mut st, pc, feasible));
            if st.sched.stalled == stalled {
                // (a step was made)
                st.sched.stalled = 0;
            }
            if let Some((t0, n0, func)) = started {
                let name = func.map(|f| self.p.func(f).name.clone()).unwrap_or_default();
                let line = self.body(func).get(pc).map(|i| i.loc.line).unwrap_or(0);
                let made = self.s.len().saturating_sub(n0);
                if let Some(pr) = self.profile.as_mut() {
                    pr.add(&name, line, t0, made);
                }
            }
            if let Err(limit) = stepped {
                self.s.max_terms = usize::MAX;
                self.s.deadline = None;
                self.abort = Some(match limit {
                    crate::term::limit::Limit::Time => Abort::Timeout,
                    crate::term::limit::Limit::Terms(n) => Abort::TooBig(format!("more than {n} terms")),
                });
            }
        }
        Ok(self.finish())
    }

    fn finish(mut self) -> Output {
        if let Some(pr) = &self.profile {
            pr.print();
        }
        if self.is_concrete() {
            // a replay's result is read off by evaluation; its short deadline stays behind
            self.s.deadline = None;
        }
        self.stats.objects = self.memory.objects.len() as u32;
        self.s.set_oracle(None);
        let mut axioms = self.approx.axioms;
        axioms.append(&mut self.s.input_read_axioms);
        Output {
            store: self.s,
            claims: self.book.claims,
            instances: self.book.instances,
            unsupported: self.book.unsupported,
            inputs: self.approx.inputs,
            trace: self.replay.trace,
            externals: self.externals,
            stats: self.stats,
            violated: self.replay.violated,
            objects: self.memory.objects.iter().map(|o| o.name.clone()).collect(),
            input_bytes: std::mem::take(&mut *self.replay.input_reads.borrow_mut()),
            input_heap: self.o.input_heap.is_some(),
            approx_symbols: self.approx.symbols,
            approx_funcs: self.approx.funcs,
            approx_facts: self.approx.facts,
            accuracy_facts: self.approx.accuracy_facts,
            axioms,
            skipped: self.approx.skipped,
            inconsistent: self.replay.inconsistent,
            switch_literals: self.switch_literals.into_values().collect(),
        }
    }

    fn body(&self, f: Option<FuncId>) -> &'p [crate::ir::Instr] {
        match f {
            None => &self.p.init,
            Some(f) => self.p.func(f).body.as_deref().unwrap_or(&[]),
        }
    }

    fn merge(&mut self, a: State, b: State) -> State {
        self.stats.merges += 1;
        let p = self.p;
        state::merge(&mut self.s, a, b, &|v| p.var(v).is_static())
    }

    /// Adds `st` as a pending state at `pc` of its current frame.
    fn defer(&mut self, mut st: State, pc: usize) {
        st.top_mut().pc = pc;
        if st.threaded() {
            // (its threads stand where no other path's do: it waits with the interleavings)
            self.fork(st);
            return;
        }
        let key = (st.frame_id(), pc);
        self.paths.pending.entry(key).or_default().push(st);
    }

    fn step(&mut self, st: &mut State, pc: usize, feasible: &mut Feasibility<'_>) {
        let body = self.body(st.top().func);
        let ins = &body[pc];
        let loc = ins.loc;
        // loop heads entered from outside start counting afresh
        if st.top().via_backedge != Some(pc) {
            let heads: Vec<usize> = st
                .top()
                .loops
                .keys()
                .copied()
                .filter(|&be| matches!(body.get(be).map(|i| &i.kind), Some(InstrKind::Goto { target, .. }) if *target == pc))
                .collect();
            for be in heads {
                st.top_mut().loops.remove(&be);
                st.top_mut().loop_guards.remove(&be);
                st.top_mut().lasso.remove(&be);
                st.top_mut().trace_ends.remove(&be);
            }
        }
        st.top_mut().via_backedge = None;
        match &ins.kind {
            InstrKind::Skip => st.top_mut().pc += 1,
            InstrKind::Decl(v) => {
                self.declare_local(st, *v, loc);
                st.top_mut().pc += 1;
            }
            InstrKind::Dead(v) => {
                self.kill_local(st, *v);
                st.top_mut().pc += 1;
            }
            InstrKind::Assign { lhs, .. }
                if st.top().func.is_none()
                    && crate::ir::reach::root_var(lhs).is_some_and(|v| !self.reach.vars.contains(&v)) =>
            {
                // initialiser of a static the entry never uses
                st.top_mut().pc += 1;
            }
            InstrKind::Assert { .. }
                if st.top().func.is_none()
                    && crate::ir::reach::checked_initialisation(body, pc)
                        .is_some_and(|v| !self.reach.vars.contains(&v)) =>
            {
                // the checks of such an initialiser (time.c's `tzname[2] = {"GMT", "GMT"}`
                // gave every program two claims of the library models)
                st.top_mut().pc += 1;
            }
            InstrKind::Assign { lhs, rhs } => {
                self.stats.assignments += 1;
                let v = self.eval(st, rhs, loc);
                if self.is_input_expr(rhs) {
                    self.assign_input(st, lhs, v, loc);
                } else {
                    self.assign(st, lhs, v, loc);
                }
                st.top_mut().pc += 1;
            }
            InstrKind::Assume(c) => {
                let c = self.eval_cond(st, c, loc);
                self.note_approx_fact(st, c);
                self.note_assumed(c);
                self.take_branch(st, c);
                st.top_mut().pc += 1;
            }
            InstrKind::Assert { cond, kind, msg } => {
                let c = self.eval_cond(st, cond, loc);
                // a reached failure (reach_error, glibc's assert calling __assert_fail) has no
                // condition worth showing
                let text =
                    if cond.as_int() == Some(0) { String::new() } else { crate::ir::display::expr_to_c(self.p, cond) };
                let key = (st.top().func.map(|f| f.0).unwrap_or(u32::MAX), pc, 0);
                self.claim(st, key, *kind, msg.clone(), text, loc, c);
                st.top_mut().pc += 1;
            }
            InstrKind::Goto { cond, target } => {
                let c = match cond {
                    None => self.s.tru(),
                    Some(c) => self.eval_cond(st, c, loc),
                };
                if let (Some(o), Some(_)) = (&self.replay.oracle, cond) {
                    let decided = if self.s.is_true(c) { Some(true) } else { self.s.is_false(c).then_some(false) };
                    if let Some(taken) = decided {
                        o.borrow_mut().branch((st.top().func.map_or(u32::MAX, |f| f.0), pc), taken);
                    }
                }
                self.goto(st, pc, *target, c, loc, feasible);
            }
            InstrKind::Call { lhs, func, args } => {
                self.call(st, lhs.as_ref(), func, args, loc, feasible);
            }
            InstrKind::Return(e) => {
                let v = e.as_ref().map(|e| self.eval(st, e, loc));
                st.top_mut().ret_val = v;
                let end = body.len();
                let next = st.clone();
                st.live = false;
                st.top_mut().pc = pc + 1;
                self.defer(next, end);
            }
            InstrKind::EndPath => {
                st.live = false;
                st.top_mut().pc += 1;
            }
            InstrKind::Unsupported(reason) => {
                self.reach_unsupported(st, reason.clone(), loc);
                st.live = false;
                st.top_mut().pc += 1;
            }
        }
    }

    pub(crate) fn reach_unsupported(&mut self, st: &State, reason: String, loc: Loc) {
        let g = st.guard.term(&mut self.s);
        if self.s.is_false(g) {
            return;
        }
        let func = st.frames().last().and_then(|f| f.func);
        self.book.unsupported.push(Reach { reason, loc, func, guard: g });
        let stops = self.replay.oracle.as_ref().is_some_and(|o| !o.borrow().random_inputs());
        if stops && self.s.is_true(g) && self.replay.target.is_none() {
            // (a run on random inputs goes on: where the unsupported construct ends the path,
            // the path ends; where it is only a thing not compared, what follows is exact)
            self.replay.violated = Some(usize::MAX);
        }
    }

    /// Records one occurrence of a claim.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn claim(
        &mut self,
        st: &State,
        key: ClaimKey,
        kind: ClaimKind,
        msg: String,
        expr: String,
        loc: Loc,
        cond: T,
    ) {
        let func = st.top().func;
        self.claim_full(st, key, func, kind, msg, expr, loc, cond)
    }

    /// A claim of a given function (also when the state has no frame left).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn claim_at(
        &mut self,
        st: &State,
        key: ClaimKey,
        func: Option<FuncId>,
        kind: ClaimKind,
        msg: String,
        loc: Loc,
        cond: T,
    ) {
        self.claim_full(st, key, func, kind, msg, String::new(), loc, cond)
    }

    #[allow(clippy::too_many_arguments)]
    fn claim_full(
        &mut self,
        st: &State,
        key: ClaimKey,
        func: Option<FuncId>,
        kind: ClaimKind,
        msg: String,
        expr: String,
        loc: Loc,
        cond: T,
    ) {
        let id = match self.book.index.get(&key) {
            Some(&i) => i,
            None => {
                self.book.claims.push(Claim { key, kind, msg, loc, func, expr });
                self.book.index.insert(key, self.book.claims.len() - 1);
                self.book.claims.len() - 1
            }
        };
        let guard = st.guard.term(&mut self.s);
        // (a harness's trusted constructor: its own claims are assumed, contract/handles.rs,
        // and so are those the engine makes there — a lock misuse on its failure path is the
        // constructor's bug, reported when it is verified, not the entry's)
        let trusted = func.is_some_and(|f| self.p.func(f).trusted);
        if trusted || self.s.is_false(guard) || self.s.is_true(cond) || self.implied_by_guard(st, cond) {
            // recorded as a claim that holds here
            let t = self.s.tru();
            self.book.instances.push(Instance { claim: id, guard: t, cond: t });
            return;
        }
        self.book.instances.push(Instance { claim: id, guard, cond });
        if self.is_concrete()
            && self.s.is_true(guard)
            && self.s.is_false(cond)
            && self.replay.target.is_none_or(|t| t == key)
        {
            self.replay.trace.push(TraceStep {
                loc,
                func,
                thread: st.active as u32,
                step: Step::Violation { claim: id },
            });
            self.replay.violated = Some(id);
        }
    }

    /// Leaves the loop whose back-edge is at `pc`, on the paths where its condition `c` fails:
    /// its counts are forgotten and execution goes on after the back-edge.
    /// The trace-end claims ([`SymexOptions::trace_end`]) on the paths that would go on past a
    /// bound (`c`: the condition of going on), each under its own key.
    pub(crate) fn end_trace_at_bound(&mut self, st: &State, c: T, loc: Loc) {
        if self.o.trace_end.is_empty() || self.s.is_false(c) {
            return;
        }
        let mut end = st.clone();
        self.take_branch(&mut end, c);
        for (i, t) in self.o.trace_end.clone().into_iter().enumerate() {
            let v = self.eval_cond(&mut end, &t.cond, loc);
            self.claim(&end, (u32::MAX - 1, i, 0), t.kind, t.msg, String::new(), loc, v);
        }
    }

    /// A loop's bound is reached at its back-edge at `pc` (`c`: the condition of going on).
    /// With trace-end claims ([`SymexOptions::trace_end`]), the trace observed ends here, but
    /// it counts only when the run can go on past the bound: their conditions on this state
    /// are kept, the loop runs one more iteration, and at its end they are stated under that
    /// path's guard. A prefix every continuation of which is assumed away within that
    /// iteration (a RERS program's sink, where every input is invalid) is no prefix of any run.
    /// Returns whether the loop goes on (for that one iteration).
    fn trace_end_at_loop_bound(&mut self, st: &mut State, pc: usize, c: T, loc: Loc) -> bool {
        if self.o.trace_end.is_empty() {
            return false;
        }
        if let Some(conds) = st.top_mut().trace_ends.remove(&pc) {
            for (i, (t, v)) in self.o.trace_end.clone().into_iter().zip(conds).enumerate() {
                self.claim(st, (u32::MAX - 1, i, 0), t.kind, t.msg, String::new(), loc, v);
            }
            return false;
        }
        if self.s.is_false(c) {
            return false;
        }
        let mut end = st.clone();
        self.take_branch(&mut end, c);
        let conds: Vec<T> = self.o.trace_end.clone().iter().map(|t| self.eval_cond(&mut end, &t.cond, loc)).collect();
        st.top_mut().trace_ends.insert(pc, conds);
        true
    }

    fn leave_loop(&mut self, st: &mut State, pc: usize, c: T) {
        let nc = self.s.not(c);
        self.take_branch(st, nc);
        st.top_mut().loops.remove(&pc);
        st.top_mut().loop_guards.remove(&pc);
        st.top_mut().lasso.remove(&pc);
        st.top_mut().trace_ends.remove(&pc);
        st.top_mut().pc += 1;
    }

    /// Whether the solver shows that no path goes on into the loop's next iteration (the
    /// guard with the loop's condition `c` is unsatisfiable); an unanswered question is "it may".
    fn cannot_go_on(&mut self, st: &State, c: T, feasible: &mut Feasibility<'_>) -> bool {
        let mut g = st.guard.clone();
        g.add(&mut self.s, c);
        let gt = g.term(&mut self.s);
        feasible(&self.s, gt) == Some(false)
    }

    fn goto(&mut self, st: &mut State, pc: usize, target: usize, c: T, loc: Loc, feasible: &mut Feasibility<'_>) {
        if target > pc {
            if self.s.is_false(c) {
                st.top_mut().pc += 1;
                return;
            }
            let mut taken = st.clone();
            self.take_branch(&mut taken, c);
            taken.top_mut().pc = target;
            let nc = self.s.not(c);
            self.take_branch(st, nc);
            st.top_mut().pc += 1;
            if self.s.is_true(c) {
                st.live = false;
            }
            self.defer(taken, target);
            return;
        }
        // a back-edge: one more arrival
        if self.s.is_false(c) {
            st.top_mut().loops.remove(&pc);
            st.top_mut().loop_guards.remove(&pc);
            st.top_mut().lasso.remove(&pc);
            st.top_mut().trace_ends.remove(&pc);
            st.top_mut().pc += 1;
            return;
        }
        let func = st.top().func;
        let count = {
            let e = st.top_mut().loops.entry(pc).or_insert(0);
            *e += 1;
            *e
        };
        self.stats.max_loop = self.stats.max_loop.max(count);
        self.lasso_arrival(st, pc, count, loc);
        // loops of library models are bounded by their data, not by the user's bound — except
        // over a caller's objects, whose data bounds nothing (a string of any length; a
        // check's input heap, or the inputs of an equivalence product): there the user's
        // bound applies to the iterations whose control is symbolic
        let in_model = func.is_some_and(|f| self.p.func(f).model);
        let caller_data = in_model && (self.o.input_heap.is_some() || self.o.product.is_some());
        let bound = if in_model && !caller_data {
            None
        } else {
            func.and_then(|f| self.o.unwindset.get(&(f, pc)).copied()).or(self.o.unwind)
        };
        // a harness's trusted constructor makes small handles (a pool of up to two workers)
        let bound = match func {
            Some(f) if self.p.func(f).trusted => Some(match bound {
                Some(b) if b > 0 => b.min(crate::ir::TRUSTED_LOOP_BOUND),
                _ => crate::ir::TRUSTED_LOOP_BOUND,
            }),
            _ => bound,
        };
        // did this iteration add a path condition — other than assumptions, which end the
        // paths they exclude but do not decide how many iterations the others run? (see
        // SymexOptions::follow_concrete_loops)
        let branched = st.guard.conj.iter().copied().filter(|c| !self.approx.assumed.contains(c));
        let seen = branched.fold((0, None), |(n, _), c| (n + 1, Some(c)));
        let prev = st.top().loop_guards.get(&pc).copied();
        let concrete = self.s.is_true(c) && prev.map(|(n, last, _)| (n, last)) == Some(seen);
        // (whether an arrival after the first added a path condition: a loop whose control was
        // concrete all along — a counter over a fixed range — is not asked about below)
        let branched = prev.is_some_and(|(_, _, b)| b || !concrete);
        st.top_mut().loop_guards.insert(pc, (seen.0, seen.1, branched));
        // a replay of this loop's unwinding violation asks whether the loop runs past the
        // bound: in a replay every iteration's control is concrete, and following it past the
        // bound (as the symbolic run does only where the caller's data did not decide the
        // iteration) would never confirm a violation the solver found on a caller's string
        let key = (func.map(|f| f.0).unwrap_or(u32::MAX), pc, 1);
        let replaying_bound = self.is_concrete() && self.replay.target == Some(key);
        let follow = self.o.follow_concrete_loops || (caller_data && !replaying_bound);
        // a loop followed past its bound because its last iteration added no path condition
        // may still be dead: the test of a countdown from a merged start (`pos = len - 1`,
        // `len` one of 1…4) is true for every start once the count wraps past 0, and only the
        // earlier iterations' tests, together, exclude the path. One feasibility question when
        // the bound is passed, and again at each power of two, ends such a loop (cJSON's
        // utf16_literal_to_utf8 wrote through a symbolic pointer for 256 iterations)
        let following = matches!(bound, Some(b) if b > 0 && count >= b) && follow && concrete && branched;
        if following
            && (Some(count) == bound || (count >= 64 && count.is_power_of_two()))
            && !self.is_concrete()
            && self.cannot_go_on(st, c, feasible)
        {
            if std::env::var_os("VERDIFF_DEBUG").is_some() {
                eprintln!("loop {} at {:?}: no path goes on after {} iterations", self.loop_id(func, pc), loc, count);
            }
            self.leave_loop(st, pc, c);
            return;
        }
        let stop = match bound {
            Some(b) if b > 0 => count >= b && !(follow && concrete && count < self.o.unbounded_limit),
            _ => {
                // unlimited: prune infeasible continuations, give up past the limit (a loop
                // whose last iteration added no path condition has nothing to prune: asking
                // would only ask whether the path so far is feasible, up to 2 s each time —
                // sds's ctype table initialisation, 384 concrete iterations, spent 28 s in
                // such queries)
                if count >= 64 && count.is_power_of_two() && !concrete {
                    if std::env::var_os("VERDIFF_DEBUG").is_some() {
                        eprintln!("loop {} at {:?}: {} iterations", self.loop_id(func, pc), loc, count);
                    }
                    if self.cannot_go_on(st, c, feasible) {
                        self.leave_loop(st, pc, c);
                        return;
                    }
                }
                if count > self.o.unbounded_limit {
                    let mut cont = st.clone();
                    self.take_branch(&mut cont, c);
                    self.reach_unsupported(
                        &cont,
                        format!(
                            "loop {} may run more than {} iterations and no --unwind bound was given",
                            self.loop_id(func, pc),
                            self.o.unbounded_limit
                        ),
                        loc,
                    );
                    self.leave_loop(st, pc, c);
                    return;
                }
                false
            }
        };
        if stop && !self.trace_end_at_loop_bound(st, pc, c, loc) {
            // (a harness's trusted constructor makes the handles it makes within the bound)
            if self.o.unwinding_assertions && !func.is_some_and(|f| self.p.func(f).trusted) {
                let nc = self.s.not(c);
                let id = self.loop_id(func, pc);
                self.claim(
                    st,
                    key,
                    ClaimKind::Unwinding,
                    format!("unwinding assertion loop {id}"),
                    String::new(),
                    loc,
                    nc,
                );
            }
            self.leave_loop(st, pc, c);
            return;
        }
        if !self.s.is_true(c) {
            let mut exit = st.clone();
            let nc = self.s.not(c);
            self.take_branch(&mut exit, nc);
            exit.top_mut().loops.remove(&pc);
            exit.top_mut().loop_guards.remove(&pc);
            exit.top_mut().lasso.remove(&pc);
            exit.top_mut().trace_ends.remove(&pc);
            exit.top_mut().pc = pc + 1;
            self.defer(exit, pc + 1);
            self.take_branch(st, c);
        }
        st.top_mut().pc = target;
        st.top_mut().via_backedge = Some(target);
    }

    /// The loop's name as `--show-loops` prints it.
    fn loop_id(&self, func: Option<FuncId>, pc: usize) -> String {
        match func {
            Some(f) => {
                let n = self
                    .body(Some(f))
                    .iter()
                    .enumerate()
                    .take(pc)
                    .filter(|(i, ins)| matches!(ins.kind, InstrKind::Goto { target, .. } if target <= *i))
                    .count();
                format!("{}.{}", self.p.func(f).name, n)
            }
            None => format!("initialiser.{pc}"),
        }
    }

    /// A fresh input of the given sort; in concrete mode its value comes from the oracle.
    pub(crate) fn input(&mut self, st: &State, sort: Sort, what: &str) -> T {
        let key = self.input_key(st);
        self.input_at(key, sort, what)
    }

    /// A fresh input whose key also carries `tag`: for an input made at a call before the
    /// callee runs, which the call's return (at the same instruction) must not share.
    pub(crate) fn input_tagged(&mut self, st: &State, sort: Sort, what: &str, tag: &str) -> T {
        let key = format!("{}@{tag}", self.input_key(st));
        self.input_at(key, sort, what)
    }

    /// An input pointer (of a data type): as [`Symex::input`], but a concrete run asks the
    /// oracle's [`InputOracle::pointer`].
    pub(crate) fn pointer_input(&mut self, st: &State, sort: Sort, what: &str) -> T {
        self.asked_input(st, sort, what, &mut |o, key, sort| o.pointer(key, sort))
    }

    /// A scalar input whose value a concrete run takes from `ask` of the oracle.
    pub(crate) fn asked_input(
        &mut self,
        st: &State,
        sort: Sort,
        what: &str,
        ask: &mut dyn FnMut(&mut dyn InputOracle, &str, &Sort) -> Option<Bits>,
    ) -> T {
        let key = self.input_key(st);
        if !self.approx.free_input {
            if let (Some(oracle), false) = (self.replay.oracle.clone(), sort.is_array()) {
                let v = ask(&mut *oracle.borrow_mut(), &key, &sort);
                return match v.and_then(|b| self.s.constant(&sort, b)) {
                    Some(c) => c,
                    None => self.s.fresh_symbol(format!("{what}#{key}"), sort),
                };
            }
        }
        self.input_at(key, sort, what)
    }

    fn input_at(&mut self, key: String, sort: Sort, what: &str) -> T {
        if self.approx.free_input {
            // (not asked of the oracle, not an array it reads: see keeps_indeterminate_free)
            return self.s.fresh_symbol(format!("{what}#{key}"), sort);
        }
        if let Some(oracle) = self.replay.oracle.clone() {
            match &sort {
                Sort::Array(..) => {
                    let t = self.s.fresh_symbol(format!("{what}#{key}"), sort);
                    if let crate::term::Op::Sym(id) = self.s.op(t) {
                        self.replay.array_keys.borrow_mut().insert(*id, key);
                    }
                    return t;
                }
                _ => {
                    let v = oracle.borrow_mut().scalar(&key, &sort);
                    return match v.and_then(|b| self.s.constant(&sort, b)) {
                        Some(c) => c,
                        None => self.s.fresh_symbol(format!("{what}#{key}"), sort),
                    };
                }
            }
        }
        let t = self.s.fresh_symbol(format!("{what}#{key}"), sort);
        self.approx.inputs.insert(key, t);
        t
    }

    /// An input identified by a fixed key (created once per run).
    pub(crate) fn input_fixed(&mut self, sort: Sort, key: &str) -> T {
        if let Some(oracle) = self.replay.oracle.clone() {
            if sort.is_array() {
                let t = self.s.fresh_symbol(key.to_string(), sort);
                if let crate::term::Op::Sym(id) = self.s.op(t) {
                    self.replay.array_keys.borrow_mut().insert(*id, key.to_string());
                }
                return t;
            }
            if let Some(b) = oracle.borrow_mut().scalar(key, &sort) {
                return self.s.bv(b);
            }
        }
        let t = self.s.fresh_symbol(key.to_string(), sort);
        self.approx.inputs.insert(key.to_string(), t);
        t
    }

    /// Identifies an input by where it is created: the call chain with the loop iteration
    /// counts of every frame, and its number within the instruction.
    fn input_key(&mut self, st: &State) -> String {
        let mut key = String::new();
        if st.active != 0 {
            // another thread's inputs at the same place are its own
            key.push_str(&format!("t{}|", st.active));
        }
        for fr in st.frames() {
            let f = fr.func.map(|f| f.0 as i64).unwrap_or(-1);
            key.push_str(&format!("{f}:{}", fr.pc));
            let body = self.body(fr.func);
            let mut loops: Vec<(usize, u32)> = fr
                .loops
                .iter()
                .filter(|(be, _)| {
                    matches!(body.get(**be).map(|i| &i.kind), Some(InstrKind::Goto { target, .. }) if *target <= fr.pc && fr.pc <= **be)
                })
                .map(|(a, b)| (*a, *b))
                .collect();
            loops.sort_unstable();
            for (be, n) in loops {
                key.push_str(&format!("[{be}={n}]"));
            }
            key.push('/');
        }
        self.approx.input_seq += 1;
        key.push_str(&format!("#{}", self.approx.input_seq));
        key
    }

    /// `key(args)` for the uninterpreted function `key` (one per key and argument sorts),
    /// declared to the term store as `name` on first use.
    pub(crate) fn apply_uf(&mut self, key: &str, name: &str, args: &[T], range: Sort) -> T {
        let dom: Vec<Sort> = args.iter().map(|&a| self.s.sort(a).clone()).collect();
        let full = format!("{key}/{dom:?}");
        let f = match self.approx.ufs.get(&full) {
            Some(&f) => f,
            None => {
                let f = self.s.declare_fun(name, dom, range);
                self.approx.ufs.insert(full, f);
                f
            }
        };
        self.s.apply(f, args)
    }

    /// `c` under the path taken inside the outermost library model of the call stack, up to
    /// the guard's `upto`-th conjunct: (conditions of that path) → c.
    pub(crate) fn under_model_path(&mut self, st: &State, upto: usize, c: T) -> T {
        let base =
            st.frames().iter().find(|fr| fr.func.is_some_and(|f| self.p.func(f).model)).map_or(0, |fr| fr.guard_len);
        let upto = upto.min(st.guard.conj.len());
        let path = self.s.and_n(&st.guard.conj[base.min(upto)..upto]);
        self.s.implies(path, c)
    }

    /// Constrains `v` to equal `key(args)` on this path (not for a value a replay took from
    /// its oracle; a replay that leaves the value free, engine::replay::probe_robust, ties it
    /// as symbolic execution does); returns the equation and the application.
    pub(crate) fn tie_to_uf(&mut self, st: &mut State, v: T, key: &str, name: &str, args: &[T]) -> Option<(T, T)> {
        if self.is_concrete() && self.s.is_ground(v) {
            // a replay's values come from a model in which equal applications are equal; a
            // run on other values (random inputs) must keep that too
            if let Some(k) = self.application_key(key, args) {
                let first = *self.replay.applications.entry(k).or_insert(v);
                if first != v {
                    self.replay.inconsistent = true;
                }
            }
            return None;
        }
        let range = self.s.sort(v).clone();
        let app = self.apply_uf(key, name, args, range);
        let same = self.s.eq(v, app);
        self.note_assumed(same);
        st.guard.add(&mut self.s, same);
        Some((same, app))
    }

    /// In a concrete run: the key of the application of `key` to constant arguments.
    fn application_key(&self, key: &str, args: &[T]) -> Option<(String, Vec<T>)> {
        let constant = |&a: &T| self.s.as_bv(a).is_some() || self.s.as_fp(a).is_some() || self.s.as_bool(a).is_some();
        args.iter().all(constant).then(|| (key.to_string(), args.to_vec()))
    }

    /// In a concrete run: the value an earlier application of `key` to the same constant
    /// arguments took (a value for this one that agrees with it).
    pub(crate) fn earlier_application(&self, key: &str, args: &[T]) -> Option<T> {
        if !self.is_concrete() {
            return None;
        }
        self.replay.applications.get(&self.application_key(key, args)?).copied()
    }

    /// The symbol that stands for the application `app` of an uninterpreted function (an
    /// approximated library function, an unspecified conversion) from now on: the first
    /// symbol tied to it, also tied to it on this path (a later call on the same argument
    /// terms — the new version's `exp(a)` after the old version's — then gives the same term,
    /// so equal computations on both sides stay one term instead of two that only the solver
    /// can show equal). `v` is this call's own symbol: it is kept equal to the shared one, so
    /// a replay, which reads `v` from the model, sees the same value. Returns the symbol and,
    /// when it is an earlier one, the equations this path adds (facts about the results).
    pub(crate) fn shared_result(&mut self, st: &mut State, v: T, app: T) -> (T, Option<T>) {
        let first = *self.approx.shared.entry(app).or_insert(v);
        if first == v {
            return (v, None);
        }
        let tie = self.s.eq(first, app);
        self.note_assumed(tie);
        st.guard.add(&mut self.s, tie);
        let same = self.s.eq(v, first);
        self.note_assumed(same);
        st.guard.add(&mut self.s, same);
        let both = self.s.and(tie, same);
        (first, Some(both))
    }

    /// A library model's assumption about an approximated result (in the model's own code,
    /// about one of its symbols) is kept apart as well, under the path taken inside the model
    /// (`log` assumes a positive result for x > 1 and a negative one otherwise): it holds of
    /// every result the real function can give, so a robustness check may assume it.
    fn note_approx_fact(&mut self, st: &State, c: T) {
        let in_model = st.top().func.is_some_and(|f| self.p.func(f).model);
        if !in_model || self.approx.symbols.is_empty() || self.s.is_true(c) {
            return;
        }
        let (mut stack, mut seen) = (vec![c], std::collections::HashSet::new());
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let crate::term::Op::Sym(id) = self.s.op(x) {
                if self.approx.symbols.contains(id) {
                    let fact = self.under_model_path(st, st.guard.conj.len(), c);
                    self.approx.facts.push(fact);
                    return;
                }
            }
            stack.extend_from_slice(self.s.args(x));
        }
    }

    /// Whether every conjunct of `c` follows from the path condition by unit propagation:
    /// its conjuncts are known, and a disjunction all of whose disjuncts but one contradict a
    /// known literal adds that one's conjuncts. In a product program this is the new
    /// version's check of an operation the old version, on the same terms and the same
    /// branch, already assumed defined: merging the old version's branches turned its
    /// assumptions into a disjunction, which the new version's branch condition selects.
    fn implied_by_guard(&self, st: &State, c: T) -> bool {
        use crate::term::Op;
        let s = &self.s;
        let parts: Vec<T> = if let Op::And = s.op(c) { s.args(c).to_vec() } else { vec![c] };
        if parts.iter().all(|p| st.guard.conj.contains(p)) {
            return true;
        }
        if self.o.product.is_none() || self.is_concrete() {
            return false;
        }
        let mut known: std::collections::HashSet<T> = Default::default();
        let mut negated: std::collections::HashSet<T> = Default::default();
        let mut ors: Vec<T> = Vec::new();
        let add = |t: T, known: &mut std::collections::HashSet<T>, negated: &mut std::collections::HashSet<T>| {
            if let Op::Not = s.op(t) {
                negated.insert(s.args(t)[0]);
            }
            known.insert(t);
        };
        for &g in &st.guard.conj {
            match s.op(g) {
                Op::Or => ors.push(g),
                Op::And => s.args(g).iter().for_each(|&x| add(x, &mut known, &mut negated)),
                _ => add(g, &mut known, &mut negated),
            }
        }
        let contradicted = |d: T, known: &std::collections::HashSet<T>, negated: &std::collections::HashSet<T>| {
            let lits: &[T] = if let Op::And = s.op(d) { s.args(d) } else { std::slice::from_ref(&d) };
            lits.iter().any(|&x| negated.contains(&x) || matches!(s.op(x), Op::Not if known.contains(&s.args(x)[0])))
        };
        loop {
            let mut changed = false;
            let mut i = 0;
            while i < ors.len() {
                let alive: Vec<T> =
                    s.args(ors[i]).iter().copied().filter(|&d| !contradicted(d, &known, &negated)).collect();
                if alive.is_empty() {
                    // the path condition is contradictory
                    return true;
                }
                if alive.len() == 1 {
                    ors.swap_remove(i);
                    let d = alive[0];
                    match s.op(d) {
                        Op::And => s.args(d).iter().for_each(|&x| add(x, &mut known, &mut negated)),
                        Op::Or => ors.push(d),
                        _ => add(d, &mut known, &mut negated),
                    }
                    changed = true;
                } else {
                    i += 1;
                }
            }
            if !changed {
                break;
            }
        }
        parts.iter().all(|p| known.contains(p))
    }

    /// Remembers path conditions a library model added (see `assumed`).
    pub(crate) fn note_model_path(&mut self, conjuncts: &[T]) {
        self.approx.assumed.extend(conjuncts.iter().copied());
    }

    /// Remembers the conjuncts of an assumption (see `assumed`).
    fn note_assumed(&mut self, c: T) {
        if let crate::term::Op::And = self.s.op(c) {
            let parts = self.s.args(c).to_vec();
            self.approx.assumed.extend(parts);
        } else {
            self.approx.assumed.insert(c);
        }
    }

    fn record(&mut self, st: &State, loc: Loc, step: Step) {
        if self.is_concrete() {
            let func = st.frames().last().and_then(|fr| fr.func);
            self.replay.trace.push(TraceStep { loc, func, thread: st.active as u32, step });
        }
    }

    /// The C text of an lvalue for traces.
    fn lhs_text(&self, e: &Expr) -> String {
        crate::ir::display::expr_to_c(self.p, e)
    }
}

#[cfg(test)]
mod tests;
