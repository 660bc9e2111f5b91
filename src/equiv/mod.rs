//! Equivalence checking of two versions of a C function (`verdiff equiv`, and the core of
//! `verdiff diff`).
//!
//! Both versions are lowered into one program (functions and globals tagged `@old` / `@new`),
//! a product harness runs them from one input state and claims that their outputs agree
//! (`product.rs`), shared pure callees become uninterpreted functions (`callees.rs`), and the
//! BMC engine decides the claims. A distinguishing input is only reported after the engine
//! replayed it concretely and saw the outputs differ.
//!
//! Depends on: frontend, ir, instrument, symex (product hooks), engine. Must not depend on
//! report or cli.

pub mod branches;
pub mod callees;
pub mod constants;
pub mod dead_locals;
mod flow;
pub mod leaves;
pub mod loops;
pub mod product;
pub mod reaching;
pub mod stops;
pub mod unit_test;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::engine::{self, EngineOptions, Status, TraceEvent};
use crate::frontend::{self, FrontendError, FrontendOptions, Source};
use crate::instrument::{self, CheckOptions};
use crate::ir::{ClaimKind, Expr, Program};
use crate::symex::SymexOptions;

pub use product::ProductOptions;

#[derive(Clone, Debug)]
pub struct EquivOptions {
    pub frontend: FrontendOptions,
    /// Front-end options of the new version when they differ (its own include paths).
    pub new_frontend: Option<FrontendOptions>,
    /// Loop and recursion bound for both versions.
    pub unwind: u32,
    pub product: ProductOptions,
    /// Abstract shared pure callees as uninterpreted functions.
    pub abstract_callees: bool,
    pub timeout: Option<Duration>,
    pub object_bits: u32,
    /// Signed overflow wraps around (gcc -fwrapv) instead of being undefined behaviour.
    pub wrapv: bool,
    /// See [`EngineOptions::library_accuracy`].
    pub library_accuracy: bool,
    /// How the unit test names the two source files (`#include`).
    pub files: (String, String),
    /// When a bound cuts a loop, retry with larger bounds (×4 each time, up to `max_unwind`)
    /// while time remains.
    pub deepen: bool,
    pub max_unwind: u32,
    /// Receives each bounded answer before a larger bound is tried, so that a caller whose
    /// time runs out during the deeper attempt (the process watchdog) can still report it.
    pub settled: Option<Settled>,
    /// Run the product on random inputs before the proof (engine::random). Only the first
    /// attempt of a comparison does: the runs do not depend on the bound or the abstraction.
    pub random_runs: bool,
    /// The random runs' share of the whole check ([`EngineOptions::random_time`]), set where
    /// the check's time is split among attempts.
    pub random_time: Option<Duration>,
}

/// The last answer a deepening run can fall back on.
pub type Settled = std::sync::Arc<std::sync::Mutex<Option<EquivResult>>>;

impl Default for EquivOptions {
    fn default() -> Self {
        EquivOptions {
            frontend: FrontendOptions::default(),
            new_frontend: None,
            unwind: 10,
            product: ProductOptions::default(),
            abstract_callees: true,
            timeout: None,
            object_bits: 16,
            wrapv: false,
            library_accuracy: true,
            files: ("old.c".into(), "new.c".into()),
            deepen: false,
            max_unwind: 640,
            settled: None,
            random_runs: true,
            random_time: None,
        }
    }
}

impl EquivOptions {
    /// Everything here that changes a verdict, as text for cache keys (not the paths: the
    /// preprocessed program already reflects the headers they led to).
    pub fn key_text(&self) -> String {
        format!(
            "target={:?} unwind={} product={:?} abstract={} timeout={:?} object_bits={} wrapv={} deepen={} max_unwind={}",
            self.frontend.target,
            self.unwind,
            self.product,
            self.abstract_callees,
            self.timeout,
            self.object_bits,
            self.wrapv,
            self.deepen,
            self.max_unwind
        )
    }
}

/// One output that differs on the distinguishing input.
#[derive(Clone, Debug, serde::Serialize)]
pub struct OutputDiff {
    pub output: String,
    pub path: String,
    pub old: String,
    pub new: String,
}

/// A replayed input on which the versions differ.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Difference {
    /// (input lvalue, value) in the harness's terms.
    pub inputs: Vec<(String, String)>,
    pub outputs: Vec<OutputDiff>,
    /// A C file that calls both versions on the input.
    pub unit_test: String,
    /// What the difference assumes beyond C's semantics (see [`engine::Trace::assumes`]).
    pub assumes: Vec<String>,
}

#[derive(Clone, Debug)]
pub enum EquivVerdict {
    /// Every execution agrees and no loop or recursion was cut.
    Equivalent,
    /// Every execution within the bound agrees; some loop or recursion was cut at `k`.
    EquivalentUpTo(u32),
    /// Every pair of terminating executions agrees, whatever the number of loop iterations
    /// (relational invariants, [`engine::relational`]); whether a loop terminates is not
    /// compared.
    EquivalentIfTerminating,
    NotEquivalent(Box<Difference>),
    Unknown(String),
}

impl EquivVerdict {
    pub fn line(&self) -> String {
        match self {
            EquivVerdict::Equivalent | EquivVerdict::EquivalentIfTerminating => "EQUIVALENT".into(),
            EquivVerdict::EquivalentUpTo(k) => format!("EQUIVALENT UP TO BOUND {k}"),
            EquivVerdict::NotEquivalent(_) => "NOT EQUIVALENT".into(),
            EquivVerdict::Unknown(_) => "UNKNOWN".into(),
        }
    }
    /// 0 equivalent (either kind), 10 not equivalent, 6 unknown.
    pub fn exit_code(&self) -> i32 {
        match self {
            EquivVerdict::Equivalent | EquivVerdict::EquivalentUpTo(_) | EquivVerdict::EquivalentIfTerminating => 0,
            EquivVerdict::NotEquivalent(_) => 10,
            EquivVerdict::Unknown(_) => 6,
        }
    }
    pub fn kind(&self) -> &'static str {
        match self {
            EquivVerdict::Equivalent => "equivalent",
            EquivVerdict::EquivalentUpTo(_) => "equivalent-up-to-bound",
            EquivVerdict::EquivalentIfTerminating => "equivalent-if-terminating",
            EquivVerdict::NotEquivalent(_) => "not-equivalent",
            EquivVerdict::Unknown(_) => "unknown",
        }
    }
}

#[derive(Clone, Debug)]
pub struct EquivResult {
    pub function: String,
    pub new_function: String,
    pub verdict: EquivVerdict,
    /// Callees replaced by uninterpreted functions.
    pub abstracted: Vec<String>,
    /// External functions whose calls were compared.
    pub externals: Vec<String>,
    pub notes: Vec<String>,
    pub time: Duration,
    pub unwind: u32,
    /// UNKNOWN because no run of the old version completes with defined behaviour within the
    /// bound (a larger bound may help).
    pub vacuous: bool,
}

/// The names a version defines (its own functions and variables, not library models), tagged.
fn defined_names(p: &Program, tag: &str) -> frontend::Namespace {
    frontend::Namespace {
        tag: tag.to_string(),
        funcs: p.funcs.iter().filter(|f| f.body.is_some() && !f.model).map(|f| f.name.clone()).collect(),
        vars: p
            .vars
            .iter()
            .filter(|v| matches!(v.kind, crate::ir::VarKind::Global) && !v.external)
            // the C library's own variables (stdout, errno) are shared, not versioned
            .filter(|v| {
                !p.files.get(v.loc.file as usize).is_some_and(|f| f.starts_with("<verdiff-") || f.starts_with("/usr/"))
            })
            .map(|v| v.name.clone())
            .collect(),
    }
}

/// How the note naming the loops compared as functions of their inputs begins.
const SHARED_LOOPS: &str = "loops identical in both versions compared as functions of the values they read";

/// How a note saying why the relational proof gave no answer for every bound begins.
const NO_UNBOUNDED_PROOF: &str = "no proof for every number of loop iterations and recursive calls";

/// Checks `function` of the old sources against `new_function` of the new sources.
pub fn check_sources(
    old: &[Source],
    new: &[Source],
    function: &str,
    new_function: &str,
    o: &EquivOptions,
) -> Result<EquivResult, FrontendError> {
    let new_fo = o.new_frontend.as_ref().unwrap_or(&o.frontend);
    let old_texts = frontend::preprocess_sources(old, &o.frontend)?;
    let new_texts = frontend::preprocess_sources(new, new_fo)?;
    check_preprocessed(&old_texts, &new_texts, function, new_function, o)
}

/// [`check_sources`] for sources already preprocessed (by [`frontend::preprocess_sources`]
/// with each version's options): lowered alone (for the names each version defines) and then
/// into the product as often as the attempts below need.
pub fn check_preprocessed(
    old_texts: &[String],
    new_texts: &[String],
    function: &str,
    new_function: &str,
    o: &EquivOptions,
) -> Result<EquivResult, FrontendError> {
    let start = Instant::now();
    let new_fo = o.new_frontend.as_ref().unwrap_or(&o.frontend);
    let old_alone = frontend::load_preprocessed(old_texts, &o.frontend)?;
    let new_alone = frontend::load_preprocessed(new_texts, new_fo)?;
    let (dold, dnew) = (defined_names(&old_alone, "old"), defined_names(&new_alone, "new"));
    let unknown = |reason: String| EquivResult {
        function: function.to_string(),
        new_function: new_function.to_string(),
        verdict: EquivVerdict::Unknown(reason),
        abstracted: vec![],
        externals: vec![],
        notes: vec![],
        time: start.elapsed(),
        unwind: o.unwind,
        vacuous: false,
    };
    if !dold.funcs.contains(function) {
        return Ok(unknown(format!("the old version does not define `{function}`")));
    }
    if !dnew.funcs.contains(new_function) {
        return Ok(unknown(format!("the new version does not define `{new_function}`")));
    }
    // one attempt at a bound: shared callees abstracted first; when that leaves the question
    // open (the abstraction may have lost a fact the proof needs, or its counterexample does
    // not replay with the real callees), again with everything inlined
    // (lowered once; each attempt instruments its own copy)
    let prog = frontend::load_versions(old_texts, new_texts, dold.clone(), dnew.clone(), o.frontend.target)?;
    let attempt = |opts: &EquivOptions| -> Result<EquivResult, FrontendError> {
        let mut r = check_program(prog.clone(), function, new_function, opts, start, opts.abstract_callees);
        if let EquivVerdict::Unknown(why) = r.verdict.clone() {
            if why.starts_with(INPUT_POINTER) {
                // again with the stored pointers NULL: a difference found then is real
                let product = ProductOptions { null_stored_pointers: true, ..opts.product.clone() };
                let null = EquivOptions { product, random_runs: false, ..opts.clone() };
                let again = check_program(prog.clone(), function, new_function, &null, start, opts.abstract_callees);
                if matches!(again.verdict, EquivVerdict::NotEquivalent(_)) {
                    r = again;
                    r.notes.push(format!("found with the pointers stored in the inputs NULL (with them free: {why})"));
                }
            }
        }
        let shared_loops = r.notes.iter().any(|n| n.starts_with(SHARED_LOOPS));
        if opts.abstract_callees && (!r.abstracted.is_empty() || shared_loops) {
            if let EquivVerdict::Unknown(why) = r.verdict.clone() {
                let inlined = EquivOptions { random_runs: false, ..opts.clone() };
                let again = check_program(prog.clone(), function, new_function, &inlined, start, false);

                if !matches!(again.verdict, EquivVerdict::Unknown(_)) {
                    r = again;
                    r.notes.push(format!("decided with shared callees inlined (with them abstracted: {why})"));
                }
            }
        }
        Ok(r)
    };
    // loops relational invariants could handle: bounded model checking gets half the time
    // first (it may answer completely: every loop bounded, or a difference)
    let names = (prog.func_named(&format!("{function}@old")), prog.func_named(&format!("{new_function}@new")));
    let pair = match names {
        (Some(a), Some(b)) => engine::relational::Pair::new(&prog, a, b, o.wrapv),
        _ => Err("a compared function is missing".into()),
    };
    // (without a loop or recursion, bounded model checking is complete: nothing to add)
    let (pair, outside) = match pair {
        Ok(p) if p.needs_induction() => (Some(p), None),
        Ok(_) => (None, None),
        Err(why) => (None, Some(why)),
    };
    // (the random runs take a fifth of the whole time, whichever attempt runs them)
    let o = &EquivOptions { random_time: o.timeout.map(|t| t / 5), ..o.clone() };
    let halved = match o.timeout {
        Some(t) if pair.is_some() => Some(EquivOptions { timeout: Some(t / 2), ..o.clone() }),
        _ => None,
    };
    let mut r = attempt(halved.as_ref().unwrap_or(o))?;
    // (later attempts do not repeat the random runs)
    let o = &EquivOptions { random_runs: false, ..o.clone() };
    // a loop the bound cuts (or a question the solver left open): relational invariants may
    // settle it for every number of iterations
    let open = matches!(r.verdict, EquivVerdict::EquivalentUpTo(_))
        || (matches!(r.verdict, EquivVerdict::Unknown(_)) && !r.vacuous);
    if let (true, Some(why)) = (open, &outside) {
        r.notes.push(format!("{NO_UNBOUNDED_PROOF}: outside the relational fragment: {why}"));
    }
    if let (true, Some(pair)) = (open, &pair) {
        // (without a time limit: 30 s for the relational proof)
        let left = o.timeout.map(|t| t.saturating_sub(start.elapsed())).unwrap_or(Duration::from_secs(40));
        match pair.prove(left * 3 / 4) {
            engine::relational::Relational::Proved => {
                let mut proved = EquivResult { verdict: EquivVerdict::EquivalentIfTerminating, ..r.clone() };
                proved.notes.push(format!("bounded model checking alone: {}", r.verdict.line()));
                proved.time = start.elapsed();
                return Ok(proved);
            }
            engine::relational::Relational::NotProved(why) => r.notes.push(format!("{NO_UNBOUNDED_PROOF}: {why}")),
        }
        // an answer left open in half the time gets the rest (a difference may need it)
        if halved.is_some() && matches!(r.verdict, EquivVerdict::Unknown(_)) && !r.vacuous {
            let notes = r.notes.clone();
            r = attempt(o)?;
            r.notes.extend(notes);
        }
    }
    // a cut loop: try larger bounds while time remains
    let mut bound = o.unwind;
    // (no run completing within the bound may complete within a larger one)
    let cut = |r: &EquivResult| matches!(r.verdict, EquivVerdict::EquivalentUpTo(_)) || r.vacuous;
    while o.deepen && cut(&r) && bound < o.max_unwind {
        bound = (bound.saturating_mul(4)).min(o.max_unwind);
        // without a time limit, deepening gets one minute in all
        let budget = o.timeout.unwrap_or(Duration::from_secs(60));
        if start.elapsed() >= budget {
            break;
        }
        if let Some(s) = &o.settled {
            let mut r = r.clone();
            r.time = start.elapsed();
            r.notes.push(format!("the time ran out while bound {bound} was tried"));
            *s.lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
        }
        let deeper = EquivOptions { unwind: bound, timeout: Some(budget), ..o.clone() };
        let again = attempt(&deeper)?;
        match again.verdict {
            // out of time or undecided at the larger bound: the smaller bound's answer stands
            EquivVerdict::Unknown(_) if !again.vacuous => break,
            _ => {
                let mut again = again;
                again.notes.push(format!("bound raised from {} to {bound}", o.unwind));
                // (why no unbounded proof was found still holds)
                again.notes.extend(r.notes.iter().filter(|n| n.starts_with(NO_UNBOUNDED_PROOF)).cloned());
                r = again;
            }
        }
    }
    r.time = start.elapsed();
    Ok(r)
}

const IDENTICAL: &str = "the two versions are the same program once formatting, comments and the names of locals \
     are set aside, reads that always see one constant or a value carried from the previous statement are \
     replaced by it, branches on constants are decided, and stores nobody reads are removed with the harmless \
     computations that fed them (no solver needed)";

/// The start of the reason a difference that needs an input pointer into an object is not
/// reported.
const INPUT_POINTER: &str = "the difference found needs the input pointer";

/// Every value the trace assigns, by lvalue (the last one), and the harness's own
/// assignments (the first one: an input's name may also be a callee's variable — `idum` of
/// the entry and of its callee — whose later values are not the input).
fn trace_values(trace: &engine::Trace) -> (HashMap<String, String>, HashMap<String, String>) {
    let mut values = HashMap::new();
    let mut in_harness = HashMap::new();
    for s in &trace.steps {
        if let TraceEvent::Assign { lhs, value } | TraceEvent::Input { name: lhs, value } = &s.event {
            values.insert(lhs.clone(), value.text.clone());
            if s.function == product::HARNESS {
                in_harness.entry(lhs.clone()).or_insert_with(|| value.text.clone());
            }
        }
    }
    (values, in_harness)
}

/// The value of each input leaf at entry, "?" where the trace does not show it; the leaves of
/// an object behind a stored pointer ([`product::Product::linked`]) only where an input shown
/// points to it (the others are inputs no run reached). Reaching is followed to a fixpoint: a
/// free pointer of one object may point into an object listed before it.
fn input_values(product: &product::Product, in_harness: &HashMap<String, String>) -> Vec<(String, String)> {
    let value = |lhs: &str| in_harness.get(lhs).cloned().unwrap_or_else(|| "?".into());
    // (a parameter that is NULL shows as such, without the object it did not point to)
    let null_params: Vec<(&str, &str)> = product
        .params
        .iter()
        .filter(|prm| prm.passed_null(in_harness))
        .filter_map(|prm| match prm {
            product::ParamInput::Object { name, object, .. } => Some((name.as_str(), object.as_str())),
            _ => None,
        })
        .collect();
    let unused = |lhs: &str| null_params.iter().any(|(_, o)| lhs.strip_prefix(o).is_some_and(|r| r.starts_with('[')));
    let owner = |lhs: &str| {
        product.linked.iter().position(|n| lhs.strip_prefix(n.as_str()).is_some_and(|r| r.starts_with('[')))
    };
    let target = |v: &str| {
        let to = v.strip_prefix('&')?;
        let to = to.split(" + ").next().unwrap_or(to);
        product.linked.iter().position(|n| n.as_str() == to)
    };
    let mut reached = vec![false; product.linked.len()];
    loop {
        let mut grew = false;
        for i in &product.inputs {
            if owner(&i.lhs).is_some_and(|k| !reached[k]) || unused(&i.lhs) {
                continue;
            }
            if let Some(k) = target(&value(&i.lhs)).filter(|&k| !reached[k]) {
                reached[k] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let nulls = null_params.iter().map(|(n, _)| (n.to_string(), "NULL".to_string()));
    nulls
        .chain(
            product
                .inputs
                .iter()
                .filter(|i| owner(&i.lhs).is_none_or(|k| reached[k]) && !unused(&i.lhs))
                .map(|i| (i.lhs.clone(), value(&i.lhs))),
        )
        .collect()
}

/// A function pointer's value as a distinguishing input shows it: the function without its
/// version tag (`&twice@old`: `&twice`; each version calls its own), and the function of the
/// caller's behind a parameter in words. Any other value unchanged.
fn function_value(v: &str) -> String {
    match v.strip_prefix('&') {
        Some(f) if crate::ir::targets::is_caller_function(f) => "a function of the caller's (calls compared)".into(),
        Some(f) => match crate::ir::targets::version(f) {
            Some((base, _)) if !base.contains(' ') => format!("&{base}"),
            _ => v.to_string(),
        },
        None => v.to_string(),
    }
}

/// Whether the difference a report shows needs an input pointer into an object.
fn needs_object_pointer(report: &engine::Report, product: &product::Product) -> bool {
    let violated = report.claims.iter().find(|c| c.kind != ClaimKind::Unwinding && c.status == Status::Violated);
    let Some(trace) = violated.and_then(|c| c.trace.as_ref()) else { return false };
    let (_, in_harness) = trace_values(trace);
    let values = input_values(product, &in_harness);
    let into = pointer_into_object(&product.inputs, &product.input_objects, &values);
    if let (Some((lhs, value)), true) = (into, std::env::var_os("VERDIFF_DEBUG").is_some()) {
        eprintln!("random difference needs input pointer {lhs} = {value}");
    }
    into.is_some()
}

/// An input pointer of a distinguishing input that points into an object (`&l`, `&g@old + 8`):
/// `(lhs, value)`. The product gives each version its own objects and copies input pointers
/// unchanged, so such a pointer points into the same object in both runs — an object that,
/// in one of them, is another version's or a local that does not exist yet at entry (found
/// by Csmith: a global pointer to the old run's local made the new run's read undefined). NULL
/// and dangling pointers (`&NULL + k`, `&INVALID + k`) mean the same in both runs, and so do
/// pointers into the objects the harness builds before either run (`input_objects`: the
/// parameters' objects and those behind stored pointers).
fn pointer_into_object<'a>(
    leaves: &[product::InputLeaf],
    input_objects: &[String],
    values: &'a [(String, String)],
) -> Option<&'a (String, String)> {
    values.iter().find_map(|v| {
        let leaf = leaves.iter().find(|l| l.lhs == v.0)?;
        let data_pointer = leaf.ty.trim_end().ends_with('*') && !leaf.ty.contains('(');
        // (`&object 9900 + k`: an object number no object of the run has — random bits a
        // random run drew for a pointer stored in an input object, dangling like &INVALID;
        // `&caller_object_N + k` is such bits in the upper half of the object space, which
        // the trace names as the input heap's, but the product builds no input heap)
        let no_object = v.1.strip_prefix("&object ").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            || v.1.strip_prefix("&caller_object_").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        let input_object = input_objects.iter().any(|o| {
            v.1.strip_prefix('&')
                .and_then(|r| r.strip_prefix(o.as_str()))
                .is_some_and(|r| r.is_empty() || r.starts_with(" +"))
        });
        let into_object = v.1.starts_with('&')
            && !v.1.starts_with("&NULL")
            && !v.1.starts_with("&INVALID")
            && !no_object
            && !input_object;
        (data_pointer && into_object).then_some(v)
    })
}

/// Rewrites every function into a normal form that keeps its behaviour, so that a refactoring
/// that only names a constant, drops an unread variable or a dead branch leaves the same IR
/// (see each pass). The passes enable one another (a branch decided removes the only other
/// assignment of a constant), so rounds repeat while one changes something (at most ten).
fn normalise(prog: &mut Program) {
    for _ in 0..10 {
        let changed = constants::propagate_constant_locals(prog)
            + reaching::propagate_reaching_constants(prog)
            + constants::substitute_single_use_locals(prog)
            + constants::fold_exact_float_constants(prog)
            + branches::fold_constant_branches(prog)
            + dead_locals::remove_unread_locals(prog);
        if changed == 0 {
            return;
        }
    }
}

/// Whether the two versions of the compared function are the same program: equal
/// normalised text of everything their behaviour depends on (the function, what it calls,
/// the statics they use with their initial values, the layouts of their structs; see
/// `ir::fingerprint::verification_text`), after [`normalise`].
/// Then they behave the same on every input — also where that behaviour is undefined, so
/// unlike a proof by the solver this needs no input on which the old version is defined.
///
/// Not when either version reaches code verdiff does not model: an `Unsupported`
/// instruction stands for its construct by a reason only (two different `asm` statements
/// read the same), so equal texts would not mean equal programs.
fn identical(p: &Program, old_f: crate::ir::FuncId, new_f: crate::ir::FuncId) -> bool {
    let unmodelled = |f| {
        let (funcs, _) = crate::ir::fingerprint::dependencies(p, f);
        funcs.iter().any(|&g| {
            p.func(g).body.iter().flatten().any(|ins| matches!(ins.kind, crate::ir::InstrKind::Unsupported(_)))
        })
    };
    if unmodelled(old_f) || unmodelled(new_f) {
        return false;
    }
    let text = |f| crate::ir::fingerprint::verification_text(p, f, false);
    if std::env::var_os("VERDIFF_DEBUG_IDENTICAL").is_some() {
        eprintln!("old:\n{}\nnew:\n{}", text(old_f), text(new_f));
    }
    text(old_f) == text(new_f)
}

/// Claims against undefined behaviour become assumptions in the old version (the comparison
/// covers the inputs on which the old version is defined), stay claims in the new version
/// (undefined behaviour the change introduced is a difference), and float overflow — defined
/// by IEEE 754 — is dropped. The library models are the code both versions share (every
/// function either version defines is lowered once per version, `frontend::load_versions`):
/// a model's claim is the old or the new version's by who runs it, which the harness's flag
/// `new_running` says — `strcmp(NULL, s)` reached only by the new version is its undefined
/// behaviour, not an input to leave out.
fn undefined_behaviour_as_assumptions(p: &mut Program, new_running: crate::ir::VarId) {
    let int = p.target.int_t();
    let flag = Expr::var(new_running, int.clone());
    let running = Expr::binary(crate::ir::BinOp::Ne, flag, Expr::int(0, int.clone()), int.clone());
    for f in p.funcs.iter_mut() {
        if f.name == product::HARNESS {
            // the equivalence claims themselves
            continue;
        }
        use crate::ir::{Instr, InstrKind};
        let new_side = f.name.ends_with("@new");
        let model = f.model;
        let Some(body) = f.body.take() else { continue };
        let stop = "verdiff does not compare how the versions terminate";
        f.body = Some(crate::ir::rewrite::rewrite(body, |ins| match &ins.kind {
            // a run that stops (exit, abort, a failed assert) never reaches the comparison:
            // termination is behaviour the product does not compare, so reaching it must not
            // pass as agreement
            InstrKind::EndPath => {
                let why = format!("the program stops here (exit, abort or a failed assert); {stop}");
                (vec![], Some(vec![Instr::new(InstrKind::Unsupported(why), ins.loc)]))
            }
            // a user assertion that can fail stops the program the same way
            InstrKind::Assert { cond, kind: ClaimKind::Assertion, msg } if !model => {
                let why = format!("the program stops here if `{msg}` fails; {stop}");
                let skip = InstrKind::Goto { cond: Some(cond.clone()), target: 2 };
                (vec![], Some(vec![Instr::new(skip, ins.loc), Instr::new(InstrKind::Unsupported(why), ins.loc)]))
            }
            InstrKind::Assert { kind: ClaimKind::FloatOverflow, .. } => {
                (vec![], Some(vec![Instr::new(InstrKind::Skip, ins.loc)]))
            }
            InstrKind::Assert { cond, kind, msg } if model && undefined_behaviour(*kind) => {
                // if the new version runs: the claim; else: assumed
                let claim = InstrKind::Assert { cond: cond.clone(), kind: *kind, msg: msg.clone() };
                let code = vec![
                    Instr::new(InstrKind::Goto { cond: Some(running.clone()), target: 3 }, ins.loc),
                    Instr::new(InstrKind::Assume(cond.clone()), ins.loc),
                    Instr::new(InstrKind::Goto { cond: None, target: 4 }, ins.loc),
                    Instr::new(claim, ins.loc),
                ];
                (vec![], Some(code))
            }
            InstrKind::Assert { cond, .. } if !new_side => {
                (vec![], Some(vec![Instr::new(InstrKind::Assume(cond.clone()), ins.loc)]))
            }
            _ => (vec![], None),
        }));
    }
}

/// Whether a claim of kind `kind` in a library model is undefined behaviour of the version
/// that runs it: every kind C leaves undefined; not the model's own assertions (what verdiff
/// can model, not what C defines) nor what a function needs of its caller.
fn undefined_behaviour(kind: ClaimKind) -> bool {
    !matches!(
        kind,
        ClaimKind::Assertion
            | ClaimKind::Precondition
            | ClaimKind::Unwinding
            | ClaimKind::ErrorLabel
            | ClaimKind::MemoryLeak
            | ClaimKind::FloatOverflow
    )
}

/// Checks a program lowered by [`frontend::load_versions`].
pub fn check_program(
    mut prog: Program,
    function: &str,
    new_function: &str,
    o: &EquivOptions,
    start: Instant,
    abstract_callees: bool,
) -> EquivResult {
    let mut res = EquivResult {
        function: function.to_string(),
        new_function: new_function.to_string(),
        verdict: EquivVerdict::Unknown(String::new()),
        abstracted: vec![],
        externals: vec![],
        notes: vec![],
        time: Duration::ZERO,
        unwind: o.unwind,
        vacuous: false,
    };
    let (Some(old_f), Some(new_f)) =
        (prog.func_named(&format!("{function}@old")), prog.func_named(&format!("{new_function}@new")))
    else {
        res.verdict = EquivVerdict::Unknown(format!("`{function}` or `{new_function}` is not defined"));
        return res;
    };
    normalise(&mut prog);
    if identical(&prog, old_f, new_f) {
        res.verdict = EquivVerdict::Equivalent;
        res.notes.push(IDENTICAL.into());
        return res;
    }
    // undefined behaviour: the old version's executions are restricted to defined ones; the
    // new version having undefined behaviour where the old one has none is a difference
    let checks = CheckOptions {
        bounds: true,
        div_by_zero: true,
        pointer: true,
        pointer_relation: false,
        overflow: !o.wrapv,
        unsigned_overflow: false,
        conversion: false,
        // user assertions are kept so that none is dropped silently (see below)
        assertions: true,
        alignment: false,
        // (a variable-length array of length 0 or less is undefined behaviour too)
        vla_size: true,
        caller_preconditions: false,
        error_label: None,
        data_races: false,
        atomicity: false,
    };
    product::declare_caller_functions(&mut prog, old_f);
    instrument::instrument(&mut prog, &checks);
    let mut product = match product::build(&mut prog, old_f, new_f, &o.product) {
        Ok(p) => p,
        Err(e) => {
            res.verdict = EquivVerdict::Unknown(e);
            return res;
        }
    };
    // (before the old version's claims become assumptions: shared callees have equal IR)
    if abstract_callees {
        let shared_loops = loops::outline_shared_loops(&mut prog, old_f, new_f);
        res.abstracted = callees::abstract_callees(&mut prog, old_f, new_f, &mut product.hooks)
            .into_iter()
            .filter(|n| !n.starts_with("__") && !n.contains("$loop"))
            .collect();
        if !shared_loops.is_empty() {
            res.notes.push(format!("{SHARED_LOOPS}: {}", shared_loops.join(", ")));
        }
    }
    if let Some(v) = product.stopped {
        stops::stops_as_returns(&mut prog, v, product.harness);
    }
    undefined_behaviour_as_assumptions(&mut prog, product.new_running);
    let so = SymexOptions {
        unwind: Some(o.unwind.max(1)),
        unwinding_assertions: true,
        malloc_may_fail: false,
        object_bits: o.object_bits,
        product: Some(product.hooks.clone()),
        follow_concrete_loops: true,
        ..SymexOptions::default()
    };
    let eo = EngineOptions {
        symex: so,
        deadline: o.timeout.map(|t| {
            let end = start + t;
            // with something abstracted, an open answer is tried again with everything
            // inlined (see `attempt`): that attempt keeps half the time (a difference the
            // abstraction cannot confirm, e.g. one that needs a callee's library-result
            // bounds, is often quick to find inlined)
            if abstract_callees && (!res.abstracted.is_empty() || res.notes.iter().any(|n| n.starts_with(SHARED_LOOPS)))
            {
                let now = Instant::now();
                now + end.saturating_duration_since(now) / 2
            } else {
                end
            }
        }),
        float_abstraction: true,
        library_accuracy: o.library_accuracy,
        random_runs: o.random_runs,
        random_time: o.random_time,
        ..EngineOptions::default()
    };
    let mut report = engine::verify(&prog, product.harness, &eo);
    if report.notes.iter().any(|n| n.starts_with(engine::RANDOM_DIFFERENCE)) && needs_object_pointer(&report, &product)
    {
        // a random run made an input pointer point into some object (see pointer_into_object):
        // the solver may find a difference that does not need that
        report = engine::verify(&prog, product.harness, &EngineOptions { random_runs: false, ..eo.clone() });
    }
    res.externals = report.externals.iter().filter(|e| !e.starts_with("__verdiff")).cloned().collect();
    res.notes.extend(report.notes.iter().cloned());

    let violated_eq = report.claims.iter().find(|c| c.kind != ClaimKind::Unwinding && c.status == Status::Violated);
    if let Some(c) = violated_eq {
        let Some(trace) = c.trace.as_ref().filter(|t| t.replayed) else {
            res.verdict = EquivVerdict::Unknown("the distinguishing input did not replay".into());
            return res;
        };
        let (values, in_harness) = trace_values(trace);
        let inputs = input_values(&product, &in_harness);
        if let Some((lhs, value)) = pointer_into_object(&product.inputs, &product.input_objects, &inputs) {
            res.verdict = EquivVerdict::Unknown(format!(
                "{INPUT_POINTER} `{lhs}` to point to {} at entry, and the product does not \
                 give the two versions corresponding objects for pointers stored in their inputs: it may not be real",
                value.trim_start_matches('&')
            ));
            return res;
        }
        let mut outputs = Vec::new();
        if c.function != product::HARNESS {
            // (in a library model: where the new version's own code was last)
            let from = (!c.function.ends_with("@new"))
                .then(|| trace.steps.iter().rev().find(|s| s.function.ends_with("@new")))
                .flatten()
                .map(|s| format!(", reached from {} at {}:{}", s.function.trim_end_matches("@new"), s.file, s.line))
                .unwrap_or_default();
            outputs.push(OutputDiff {
                output: "undefined behaviour".into(),
                path: format!(
                    "undefined behaviour in the new version: {} ({}:{}{from})",
                    c.description, c.file, c.line
                ),
                old: "defined".into(),
                new: "undefined".into(),
            });
        }
        for l in &product.outputs {
            let (a, b) = (values.get(&l.old_var), values.get(&l.new_var));
            if let (Some(a), Some(b)) = (a, b) {
                if a != b && !(a == "NAN" && b == "NAN") {
                    let label = if l.group == "return value" {
                        l.path.replacen("result", "return value", 1)
                    } else if l.group.starts_with("global ") {
                        format!("global {}", l.path)
                    } else if l.group.starts_with("static ") {
                        format!("static {}", l.path)
                    } else if l.group == stops::GROUP {
                        outputs.push(OutputDiff {
                            output: l.group.clone(),
                            path: "how the function ends".into(),
                            old: stops::describe(a),
                            new: stops::describe(b),
                        });
                        continue;
                    } else if l.group == "external calls" {
                        match l.path.strip_prefix("external calls[").and_then(|r| r.strip_suffix(']')) {
                            Some(i) => {
                                let i: u32 = i.parse().unwrap_or(0);
                                let slot = i % crate::symex::product::LOG_SLOTS;
                                let what = if slot == 0 { "function".to_string() } else { format!("argument {slot}") };
                                format!("external call {} {what}", i / crate::symex::product::LOG_SLOTS + 1)
                            }
                            None => "number of external calls".into(),
                        }
                    } else {
                        l.path.trim_start_matches('*').to_string()
                    };
                    outputs.push(OutputDiff { output: l.group.clone(), path: label, old: a.clone(), new: b.clone() });
                }
            }
        }
        if outputs.is_empty() {
            // the claim failed in replay, so some compared value differs; show the claim
            outputs.push(OutputDiff {
                output: c.description.clone(),
                path: String::new(),
                old: "?".into(),
                new: "?".into(),
            });
        }
        let unit_test = unit_test::render(&prog, function, new_function, &o.files, &product, &in_harness, &outputs);
        let inputs = inputs.into_iter().map(|(lhs, v)| (lhs, function_value(&v))).collect();
        let assumes = trace.assumes.clone();
        res.verdict = EquivVerdict::NotEquivalent(Box::new(Difference { inputs, outputs, unit_test, assumes }));
        return res;
    }
    if let Some((reason, file, line)) = report.unsupported.first() {
        // (the vacuity claim's "violation" does not make an unsupported construct irrelevant)
        res.verdict = EquivVerdict::Unknown(format!("{file}:{line}: {reason}"));
        return res;
    }
    // (a loop bound the solver did not decide, every other claim holding: the agreement is
    // bounded, as for a loop cut at the bound)
    if let (engine::Verdict::Unknown(why), false) = (&report.verdict, report.loops_undecided) {
        let mut why = why.clone();
        if let Some((reason, file, line)) = report.unsupported.first() {
            if !why.contains(reason.as_str()) {
                why = format!("{why} ({file}:{line}: {reason})");
            }
        }
        res.verdict = EquivVerdict::Unknown(why);
        return res;
    }
    if let Some(c) = report
        .claims
        .iter()
        .find(|c| c.kind != ClaimKind::Unwinding && !matches!(c.status, Status::Holds | Status::NotChecked))
    {
        res.verdict = EquivVerdict::Unknown(format!("`{}` was not decided", c.description));
        return res;
    }
    // agreement is only worth reporting when some input gets both versions to the comparison
    let vac = product::vacuity_program(&prog, product.harness);
    // (only whether the comparison is reached within the bound: loops cut at the bound are
    // assumed to end there, so no unwinding assertion — whose counterexample may not replay
    // when the loop runs on approximated library results — stands in the way of the answer)
    let vo = EngineOptions {
        reachability_only: true,
        symex: SymexOptions { unwinding_assertions: false, ..eo.symex.clone() },
        ..eo.clone()
    };
    let vreport = engine::verify(&vac, product.harness, &vo);
    let vstatus = vreport.claims.iter().find(|c| c.description == product::VACUITY).map(|c| &c.status);
    // (a claim symbolic execution never reached is not in the report — unless symbolic
    // execution itself stopped early, at the time limit: then nothing is known)
    let finished = !matches!(vreport.verdict, engine::Verdict::Unknown(_));
    let vacuous = match vstatus {
        Some(Status::Holds) => true,
        None => finished,
        _ => false,
    };
    if vacuous {
        // every execution has undefined behaviour in the old version (or stops, or needs
        // more iterations than the bound): agreement would be vacuous
        res.verdict = EquivVerdict::Unknown(format!(
            "no input lets the old version run to completion with defined behaviour within the bound {}; the comparison would be vacuous (`verdiff check --function {function}` on the old version shows why)",
            o.unwind
        ));
        res.vacuous = true;
        return res;
    }
    if vstatus != Some(&Status::Violated) {
        res.verdict =
            EquivVerdict::Unknown(format!("could not show that any input lets both versions complete ({vstatus:?})"));
        return res;
    }
    let cut = report.claims.iter().any(|c| c.kind == ClaimKind::Unwinding && c.status != Status::Holds);
    res.verdict = if cut || report.bounded { EquivVerdict::EquivalentUpTo(o.unwind) } else { EquivVerdict::Equivalent };
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(lhs: &str, ty: &str) -> product::InputLeaf {
        product::InputLeaf { lhs: lhs.into(), ty: ty.into() }
    }

    #[test]
    fn only_a_pointer_into_an_object_of_the_run_needs_corresponding_objects() {
        let leaves = [leaf("argv_object[0]", "char *"), leaf("argc", "int")];
        let with = |v: &str| vec![("argv_object[0]".to_string(), v.to_string()), ("argc".to_string(), "0".to_string())];
        // into an object both runs have: the product does not give them corresponding objects
        assert!(pointer_into_object(&leaves, &[], &with("&dynamic_3 + 2")).is_some());
        // a variable that happens to be called `object`
        assert!(pointer_into_object(&leaves, &[], &with("&object + 8")).is_some());
        // NULL, dangling, and an object number no object of the run has: the same in both runs
        assert!(pointer_into_object(&leaves, &[], &with("NULL")).is_none());
        assert!(pointer_into_object(&leaves, &[], &with("&INVALID + 4")).is_none());
        assert!(pointer_into_object(&leaves, &[], &with("&object 9900 + 134587334439430")).is_none());
        // random bits in the upper half of the object space, which the trace names as the
        // input heap's (cJSON's add_item_to_object: `object_object[0].prev`)
        assert!(pointer_into_object(&leaves, &[], &with("&caller_object_32768 + -17")).is_none());
        // a variable whose name starts like one is an object of the run
        assert!(pointer_into_object(&leaves, &[], &with("&caller_object_table + 8")).is_some());
    }
}
