//! Goto programs: functions as instruction lists with conditional jumps, plus the symbol tables.

use std::collections::HashMap;

use super::expr::Expr;
use super::types::{Composite, FuncType, Layout, Target, Type};
use super::{FuncId, StrId, VarId};

/// A source position. `file` indexes [`Program::files`]; line 0 means unknown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// The kinds of property a claim can state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    Assertion,
    ArrayBounds,
    DivisionByZero,
    Overflow,
    Shift,
    PointerNull,
    PointerInvalid,
    PointerBounds,
    Unwinding,
    ErrorLabel,
    FreeInvalid,
    DoubleFree,
    MemoryLeak,
    FunctionPointer,
    Overlap,
    PointerRelation,
    FloatOverflow,
    Alignment,
    /// Something the function needs of its caller's objects (docs/contracts.md): its
    /// violation is not a bug of the function, and the condition is assumed after it.
    Precondition,
    /// An LTL property's monitor at the end of an observed trace (docs/ltl.md §4): its
    /// violation says the trace is a bad prefix (every extension violates the formula)...
    LtlBad,
    /// ... that its stutter extension violates the formula ...
    LtlFailing,
    /// ... or that some extension violates it.
    LtlSucceeding,
    /// An LTL monitor's lasso (docs/ltl.md §5): the program returns to the same state at a
    /// loop's back-edge with an accepting monitor state in between, an infinite run that
    /// violates the formula.
    LtlLasso,
    /// Every thread that has not finished waits (`--deadlock-check`, docs/threads.md).
    Deadlock,
    /// A misuse of the thread library: a semaphore used before `sem_init`, an unlock of a
    /// mutex the thread does not hold (docs/threads.md).
    ThreadApi,
    /// Two threads access the same bytes at the same time, one of them writing
    /// (`--data-races-check`, docs/threads.md §4).
    DataRace,
    /// Another thread wrote an operand of an assignment while the assignment was under way
    /// (`--atomicity-check`, docs/threads.md §4).
    Atomicity,
}

impl ClaimKind {
    pub fn name(self) -> &'static str {
        match self {
            ClaimKind::Assertion => "assertion",
            ClaimKind::ArrayBounds => "array-bounds",
            ClaimKind::DivisionByZero => "division-by-zero",
            ClaimKind::Overflow => "overflow",
            ClaimKind::Shift => "shift",
            ClaimKind::PointerNull => "pointer-null",
            ClaimKind::PointerInvalid => "pointer-invalid",
            ClaimKind::PointerBounds => "pointer-bounds",
            ClaimKind::Unwinding => "unwinding",
            ClaimKind::ErrorLabel => "error-label",
            ClaimKind::FreeInvalid => "free-invalid",
            ClaimKind::DoubleFree => "double-free",
            ClaimKind::MemoryLeak => "memory-leak",
            ClaimKind::FunctionPointer => "function-pointer",
            ClaimKind::Overlap => "overlap",
            ClaimKind::PointerRelation => "pointer-relation",
            ClaimKind::FloatOverflow => "float-overflow",
            ClaimKind::Alignment => "alignment",
            ClaimKind::Precondition => "precondition",
            ClaimKind::LtlBad => "ltl-bad",
            ClaimKind::LtlFailing => "ltl-failing",
            ClaimKind::LtlSucceeding => "ltl-succeeding",
            ClaimKind::LtlLasso => "ltl-lasso",
            ClaimKind::Deadlock => "deadlock",
            ClaimKind::ThreadApi => "thread-api",
            ClaimKind::DataRace => "data-race",
            ClaimKind::Atomicity => "atomicity",
        }
    }
    /// Whether the claim is one of an LTL monitor's end-of-trace questions.
    pub fn is_ltl(self) -> bool {
        matches!(self, ClaimKind::LtlBad | ClaimKind::LtlFailing | ClaimKind::LtlSucceeding | ClaimKind::LtlLasso)
    }
    pub fn all() -> &'static [ClaimKind] {
        &[
            ClaimKind::Assertion,
            ClaimKind::ArrayBounds,
            ClaimKind::DivisionByZero,
            ClaimKind::Overflow,
            ClaimKind::Shift,
            ClaimKind::PointerNull,
            ClaimKind::PointerInvalid,
            ClaimKind::PointerBounds,
            ClaimKind::Unwinding,
            ClaimKind::ErrorLabel,
            ClaimKind::FreeInvalid,
            ClaimKind::DoubleFree,
            ClaimKind::MemoryLeak,
            ClaimKind::FunctionPointer,
            ClaimKind::Overlap,
            ClaimKind::PointerRelation,
            ClaimKind::FloatOverflow,
            ClaimKind::Alignment,
            ClaimKind::Precondition,
            ClaimKind::LtlBad,
            ClaimKind::LtlFailing,
            ClaimKind::LtlSucceeding,
            ClaimKind::LtlLasso,
            ClaimKind::Deadlock,
            ClaimKind::ThreadApi,
            ClaimKind::DataRace,
            ClaimKind::Atomicity,
        ]
    }
}

/// A claim stated wherever an observed trace ends (an LTL monitor's questions, docs/ltl.md
/// §3): where the program ends it is an `Assert`; at the bound of a loop or recursion,
/// symbolic execution states it (`SymexOptions::trace_end`).
#[derive(Clone, Debug)]
pub struct TraceEndClaim {
    pub kind: ClaimKind,
    /// A condition over globals (the monitor's state).
    pub cond: Expr,
    pub msg: String,
}

/// What symbolic execution needs to look for lassos (docs/ltl.md §5): at every arrival at a
/// loop's back-edge it compares the program state with the states of the earlier arrivals.
#[derive(Clone, Debug)]
pub struct LassoSpec {
    /// Counts the monitor's moves into an accepting state: it grew between two arrivals when
    /// the loop between them visits one. Not part of the compared state.
    pub accepted: VarId,
    /// Counts the monitor's steps. Not part of the compared state: unchanged between two
    /// arrivals, the run between them observes nothing and the infinite run's word is the
    /// stutter extension of the last letter.
    pub steps: VarId,
    /// The monitor accepts the stutter extension of the current letter from its state.
    pub stutter: Expr,
}

/// The name of the function whose body is atom `i` of an LTL formula: the front end lowers
/// it from the formula's C text, the monitor calls it (docs/ltl.md §3).
pub fn ltl_atom_function(i: usize) -> String {
    format!("__verdiff_ltl_atom_{i}")
}

impl LassoSpec {
    /// The description of the lasso claim of arrivals i and j at a back-edge.
    pub fn claim_message(i: u32, j: u32) -> String {
        format!("LTL: a lasso — the state after iteration {i} of this loop comes back after iteration {j}, and repeating those iterations forever violates the formula")
    }

    /// The arrivals a lasso claim's description names.
    pub fn claim_iterations(msg: &str) -> Option<(u32, u32)> {
        let rest = msg.strip_prefix("LTL: a lasso — the state after iteration ")?;
        let (i, rest) = rest.split_once(' ')?;
        let rest = rest.strip_prefix("of this loop comes back after iteration ")?;
        let (j, _) = rest.split_once(',')?;
        Some((i.parse().ok()?, j.parse().ok()?))
    }
}

#[cfg(test)]
mod lasso_message_tests {
    use super::LassoSpec;

    #[test]
    fn the_iterations_are_read_back_from_the_message() {
        assert_eq!(LassoSpec::claim_iterations(&LassoSpec::claim_message(2, 7)), Some((2, 7)));
        assert_eq!(LassoSpec::claim_iterations("LTL: the trace is a bad prefix"), None);
    }
}

#[derive(Clone, PartialEq, Debug)]
pub enum InstrKind {
    Skip,
    /// A local comes into scope: fresh nondeterministic value (and storage).
    Decl(VarId),
    /// A local goes out of scope: its storage dies.
    Dead(VarId),
    Assign {
        lhs: Expr,
        rhs: Expr,
    },
    Assume(Expr),
    Assert {
        cond: Expr,
        kind: ClaimKind,
        msg: String,
    },
    /// Jump to instruction `target` when `cond` (None: always) is non-zero.
    Goto {
        cond: Option<Expr>,
        target: usize,
    },
    Call {
        lhs: Option<Expr>,
        func: Expr,
        args: Vec<Expr>,
    },
    Return(Option<Expr>),
    /// `abort()`, `exit()`: the execution ends here.
    EndPath,
    /// Code verdiff does not model. Reaching it makes the verdict UNKNOWN with this reason.
    Unsupported(String),
}

#[derive(Clone, PartialEq, Debug)]
pub struct Instr {
    pub kind: InstrKind,
    pub loc: Loc,
    /// C labels attached to this instruction.
    pub labels: Vec<String>,
}

impl InstrKind {
    /// The expressions the instruction evaluates (assignment targets and the called function
    /// included).
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            InstrKind::Assign { lhs, rhs } => vec![lhs, rhs],
            InstrKind::Assume(e) | InstrKind::Assert { cond: e, .. } => vec![e],
            InstrKind::Goto { cond: Some(e), .. } | InstrKind::Return(Some(e)) => vec![e],
            InstrKind::Call { lhs, func, args } => lhs.iter().chain(std::iter::once(func)).chain(args.iter()).collect(),
            _ => vec![],
        }
    }
}

impl InstrKind {
    /// [`Self::exprs`], for changing them in place.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        match self {
            InstrKind::Assign { lhs, rhs } => vec![lhs, rhs],
            InstrKind::Assume(e) | InstrKind::Assert { cond: e, .. } => vec![e],
            InstrKind::Goto { cond: Some(e), .. } | InstrKind::Return(Some(e)) => vec![e],
            InstrKind::Call { lhs, func, args } => {
                lhs.iter_mut().chain(std::iter::once(func)).chain(args.iter_mut()).collect()
            }
            _ => vec![],
        }
    }
}

impl Instr {
    pub fn new(kind: InstrKind, loc: Loc) -> Instr {
        Instr { kind, loc, labels: Vec::new() }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VarKind {
    Global,
    /// `static` inside a function: lives like a global.
    StaticLocal(FuncId),
    Local(FuncId),
    Param(FuncId),
    /// Introduced by the front end (e.g. the value of a call inside an expression).
    Temp(FuncId),
}

#[derive(Clone, Debug)]
pub struct Var {
    /// The source name (temporaries: a descriptive name starting with `$`).
    pub name: String,
    pub ty: Type,
    pub kind: VarKind,
    pub loc: Loc,
    /// The address is taken somewhere (or it is an array that decays): it lives in memory.
    pub addressed: bool,
    pub is_const: bool,
    /// Only declared `extern`, never defined: its initial value is unknown.
    pub external: bool,
    /// Declared in a system header (`optind`, `opterr`): with `external`, a variable of the C
    /// library's whose value verdiff does not model.
    pub system: bool,
    /// `_Thread_local`/`__thread`: each thread has its own object, initialised as the
    /// declaration says when the thread first uses it.
    pub thread_local: bool,
    /// Alignment requested by the declaration (`_Alignas`, `aligned`); 0 for the natural one.
    pub align: u64,
}

impl Var {
    pub fn is_static(&self) -> bool {
        matches!(self.kind, VarKind::Global | VarKind::StaticLocal(_))
    }
    pub fn function(&self) -> Option<FuncId> {
        match self.kind {
            VarKind::Global => None,
            VarKind::StaticLocal(f) | VarKind::Local(f) | VarKind::Param(f) | VarKind::Temp(f) => Some(f),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub ty: FuncType,
    pub params: Vec<VarId>,
    /// None for functions declared but not defined.
    pub body: Option<Vec<Instr>>,
    pub loc: Loc,
    /// Declared in a system header (affects how missing bodies are reported).
    pub system: bool,
    /// The body comes from verdiff's C library models (src/models).
    pub model: bool,
    /// Only ever declared implicitly (C89: called without a declaration): nothing the program
    /// says of it, so a body-less one is no stub of the program's own.
    pub implicit: bool,
    /// For variadic definitions: the hidden local holding the address of the block of
    /// variadic arguments (8-byte slots) that symbolic execution builds at each call.
    pub va_block: Option<VarId>,
    /// The function's written contract (`__ESBMC_requires` & co., `.verdiff.yml`).
    pub contract: Option<Box<Contract>>,
    /// Internal linkage (`static`): every caller is in its translation unit.
    pub internal: bool,
    /// The typedef names the definition writes its return and parameter types with.
    pub type_names: Option<Box<TypeNames>>,
    /// A copy of a constructor's call tree run inside a harness (contract/handles.rs): its
    /// claims are assumptions, and so are its loops' bounds (handles made within
    /// [`TRUSTED_LOOP_BOUND`] iterations).
    pub trusted: bool,
}

/// The bound of a loop in a trusted function ([`Function::trusted`]): the handles an entry
/// is verified with are those its constructor makes within it (a pool of up to two workers).
pub const TRUSTED_LOOP_BOUND: u32 = 2;

impl Function {
    /// Whether the function has a body and a written contract that verdiff uses: its
    /// callers see it through that contract instead of its body (docs/contracts.md §4).
    pub fn has_contract(&self) -> bool {
        self.body.is_some() && !self.model && self.contract.as_ref().is_some_and(|c| !c.is_empty())
    }
}

/// The typedef names a function definition writes its types with, where the declarator adds
/// nothing to the typedef (`sds s`, not `sds *s`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeNames {
    pub ret: Option<String>,
    /// One per parameter.
    pub params: Vec<Option<String>>,
}

/// A function contract (docs/contracts.md §3), as ESBMC's and CBMC's annotations and
/// `.verdiff.yml` write it.
#[derive(Clone, Debug, Default)]
pub struct Contract {
    /// What a caller must guarantee, over parameters and globals.
    pub requires: Vec<Clause>,
    /// What the function guarantees on return; may read [`Contract::ret`] and the `olds`.
    pub ensures: Vec<Clause>,
    /// What the function may modify (lvalues over parameters and globals); None when no
    /// assigns clause was written, Some(empty) for `assigns()`.
    pub assigns: Option<Vec<Expr>>,
    /// Locals of the function holding `old(e)`: the value of `e` on entry.
    pub olds: Vec<(VarId, Expr)>,
    /// The local standing for the return value in `ensures`.
    pub ret: Option<VarId>,
    /// Marked `__ESBMC_contract` (selected by `--enforce-all-contracts`).
    pub annotated: bool,
    /// A clause verdiff could not read (the reason): a run that uses the contract reaches it
    /// and is UNKNOWN.
    pub unsupported: Option<(String, Loc)>,
}

/// One clause of a contract: a condition (C int, nonzero = holds).
#[derive(Clone, Debug)]
pub struct Clause {
    pub cond: Expr,
    pub loc: Loc,
    /// The condition as written (C text), for messages.
    pub text: String,
}

impl Contract {
    /// Whether anything was written (an `__ESBMC_contract` mark alone counts).
    pub fn is_empty(&self) -> bool {
        self.requires.is_empty() && self.ensures.is_empty() && self.assigns.is_none() && !self.annotated
    }
}

/// A diagnostic from the front end that does not stop verification.
#[derive(Clone, Debug)]
pub struct Note {
    pub loc: Loc,
    pub text: String,
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub target: Target,
    pub composites: Vec<Composite>,
    pub vars: Vec<Var>,
    pub funcs: Vec<Function>,
    pub func_by_name: HashMap<String, FuncId>,
    /// String literal contents including the terminating NUL.
    pub strings: Vec<Vec<u8>>,
    /// Element type of each string literal (char, or wchar_t for L"…").
    pub string_elem: Vec<Type>,
    pub files: Vec<String>,
    /// Static initialisation, run before the entry function.
    pub init: Vec<Instr>,
    pub notes: Vec<Note>,
    /// Which objects the source declares `_Atomic` (their accesses are atomic).
    pub atomic: AtomicObjects,
}

/// The objects of `_Atomic` type, as the declarations say (the IR's types carry no
/// qualifiers): what `--data-races-check` leaves out, since each access to them is atomic.
#[derive(Clone, Debug, Default)]
pub struct AtomicObjects {
    /// Variables whose object (or, for arrays, whose elements) is `_Atomic`.
    pub vars: std::collections::HashSet<VarId>,
    /// Pointer variables to `_Atomic` objects (`_Atomic int *p`: `*p` and `p[i]`).
    pub pointees: std::collections::HashSet<VarId>,
    /// `_Atomic` members: (composite, member index).
    pub fields: std::collections::HashSet<(u32, u32)>,
}

impl Program {
    pub fn layout(&self) -> Layout<'_> {
        Layout { target: self.target, composites: &self.composites }
    }
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
    pub fn func(&self, f: FuncId) -> &Function {
        &self.funcs[f.0 as usize]
    }
    pub fn func_named(&self, name: &str) -> Option<FuncId> {
        self.func_by_name.get(name).copied()
    }
    pub fn string(&self, s: StrId) -> &[u8] {
        &self.strings[s.0 as usize]
    }
    pub fn file_name(&self, loc: Loc) -> &str {
        self.files.get(loc.file as usize).map(|s| s.as_str()).unwrap_or("?")
    }
    pub fn size_of(&self, t: &Type) -> Option<u64> {
        self.layout().size_of(t)
    }
    pub fn type_name(&self, t: &Type) -> String {
        self.layout().display(t)
    }
}
