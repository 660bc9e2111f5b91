//! What a function needs of its caller by C convention (docs/contracts.md §2): which pointer
//! parameters may be NULL, which are sized by a length parameter, and which pointers stored
//! in the caller's heap may be NULL. Read off the program's IR before instrumentation.

use std::collections::{HashMap, HashSet};

use crate::ir::{BinOp, Expr, ExprKind, FuncId, InstrKind, Program, Type, UnOp, VarId};
use crate::symex::input::InputHeapOptions;

/// A pointer parameter sized by a length parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sized {
    /// Index of the length parameter.
    pub len: usize,
    /// Bytes per unit of the length (the element size, or 1 for byte counts).
    pub unit: u64,
    /// Valid for at least that many (the pointer is handed to a function that needs that
    /// many: the caller may own more after them, as for `memcpy(d, s, n); d[n] = 0;`);
    /// otherwise exactly that many (an index bounded by the length: `i <= n` is the
    /// function's off-by-one).
    pub at_least: bool,
}

/// The inferred precondition of the program's functions.
#[derive(Clone, Debug, Default)]
pub struct Conventions {
    /// Pointer parameters a function tests for NULL (or hands on to a parameter that is),
    /// by (function, parameter index).
    pub nullable: HashSet<(FuncId, usize)>,
    /// Pointer parameters with a length: (function, pointer parameter index) → its length.
    pub sized: HashMap<(FuncId, usize), Sized>,
    /// Pointer parameters the function reaches below (`p[-1]`, `p - k`, itself or through a
    /// callee it hands them to): the caller's object may begin before the pointer (sds keeps
    /// a header there), so a length gives what follows the pointer, not the whole object.
    pub below: HashSet<(FuncId, usize)>,
    /// Pointers in the caller's heap that may be NULL when a function is the entry: those
    /// of the members (and pointer-to-pointer elements) the function or a function it
    /// reaches tests for NULL.
    pub heaps: HashMap<FuncId, InputHeapOptions>,
    /// Functions that reach below a pointer loaded from memory (`s->buf[-1]`, or handing it
    /// to a parameter that is reached below), themselves or through what they call: the
    /// pointers in the caller's heap may point past the start of their objects (sds strings
    /// stored in a struct). Elsewhere they point to the start (docs/contracts.md, "Pointers
    /// stored in input memory").
    pub loaded_below: HashSet<FuncId>,
    /// Pointer parameters the function subtracts from or orders against another pointer
    /// parameter (`end - in`, `p < end`, through copies; not `==`): C defines that only within one
    /// object, so a caller passes both into one object (`parse(buf, buf + len)`). By
    /// (function, the later parameter) → the earlier one, whose object the later points into,
    /// at or after it, up to one past the object's end.
    pub same_object: HashMap<(FuncId, usize), usize>,
}

impl Conventions {
    /// What the conventions say of `f`'s parameters, as its callers' inference reads them
    /// (which may be NULL, which are sized by which length, which are reached below): with
    /// `f`'s written contract, all a caller's verification takes from `f` (cache keys).
    pub fn interface_text(&self, f: FuncId) -> String {
        let mut nullable: Vec<usize> = self.nullable.iter().filter(|(g, _)| *g == f).map(|&(_, i)| i).collect();
        let mut below: Vec<usize> = self.below.iter().filter(|(g, _)| *g == f).map(|&(_, i)| i).collect();
        let mut sized: Vec<(usize, &Sized)> =
            self.sized.iter().filter(|((g, _), _)| *g == f).map(|(&(_, i), s)| (i, s)).collect();
        nullable.sort();
        below.sort();
        sized.sort_by_key(|&(i, _)| i);
        format!("\nconventions nullable={nullable:?} below={below:?} sized={sized:?}")
    }

    /// The caller's heap as `f` sees it (see [`Conventions::heaps`]).
    pub fn heap(&self, f: FuncId) -> InputHeapOptions {
        let mut h = self.heaps.get(&f).cloned().unwrap_or_default();
        h.max_depth = Some(INPUT_DEPTH);
        h.children_start = !self.loaded_below.contains(&f);
        h
    }
}

/// How many links from a parameter the caller's structures reach: a pointer the code tests
/// for NULL is NULL that far from a parameter's object (lists of up to 4 nodes, trees of
/// depth 3). A bound on the inputs, as `unwind` is on loops; printed with every result.
pub const INPUT_DEPTH: u32 = 3;

/// Functions that report a failed assertion: a branch to one is a check, not a test that
/// handles the NULL case.
const ASSERT_FAILS: &[&str] = &[
    "__assert_fail",
    "__assert_rtn",
    "__assert",
    "_assert",
    "_wassert",
    "__assert_perror_fail",
    "assert",
    "__VERIFIER_assert",
    "__ESBMC_assert",
    "__CPROVER_assert",
];

/// Library functions that need a pointer argument valid for a length argument, in bytes:
/// (name, [(pointer argument, length argument)]).
const BYTE_RANGES: &[(&str, &[(usize, usize)])] = &[
    ("memcpy", &[(0, 2), (1, 2)]),
    ("memmove", &[(0, 2), (1, 2)]),
    ("memset", &[(0, 2)]),
    ("memcmp", &[(0, 2), (1, 2)]),
    ("memchr", &[(0, 2)]),
    ("strncpy", &[(0, 2)]),
    ("snprintf", &[(0, 1)]),
    ("vsnprintf", &[(0, 1)]),
    ("read", &[(1, 2)]),
    ("write", &[(1, 2)]),
    ("fgets", &[(0, 1)]),
];

/// Infers the conventions of every function of `p` with a body.
pub fn infer(p: &Program) -> Conventions {
    let mut c = Conventions::default();
    let funcs: Vec<FuncId> = (0..p.funcs.len() as u32).map(FuncId).filter(|&f| p.func(f).body.is_some()).collect();
    // parameters tested directly, then through callees, to a fixed point
    let mut direct: HashMap<FuncId, FunctionFacts> = HashMap::new();
    for &f in &funcs {
        direct.insert(f, facts(p, f));
    }
    // a member (or pointer element) that the function or any function it reaches tests for
    // NULL may be NULL: the structure is handed to code prepared for it (a public
    // `GetItem(array, i)` whose static helper walks `c = c->next` while `c != NULL`)
    // (what each function reaches, walked once: the loaded-below closure below reads it too;
    // a callee with a written contract is used through it, not its body: not walked into,
    // so that what a caller assumes does not depend on that body, as its cache key does not)
    let contracted = |g: FuncId| p.func(g).has_contract();
    let reach: HashMap<FuncId, HashSet<FuncId>> = funcs
        .iter()
        .map(|&f| {
            let mut r = crate::ir::reach::reachable_stopping(p, f, &contracted).funcs;
            r.retain(|&g| g == f || !contracted(g));
            (f, r)
        })
        .collect();
    for &f in &funcs {
        let h = c.heaps.entry(f).or_default();
        for g in reach.get(&f).into_iter().flatten() {
            if let Some(facts) = direct.get(g) {
                h.nullable_fields.extend(facts.tested_fields.iter().copied());
                h.nullable_elems.extend(facts.tested_elems.iter().cloned());
            }
        }
    }
    for (&f, facts) in &direct {
        for &i in &facts.tested_params {
            c.nullable.insert((f, i));
        }
        for (&i, s) in &facts.sized_params {
            c.sized.insert((f, i), s.clone());
        }
        for &i in &facts.below {
            c.below.insert((f, i));
        }
        for &(i, j) in &facts.same_object {
            // (one object per later parameter: the first pairing in parameter order)
            c.same_object.entry((f, j)).and_modify(|k| *k = (*k).min(i)).or_insert(i);
        }
    }
    loop {
        let mut changed = false;
        for (&f, facts) in &direct {
            for (callee, arg_param, callee_param) in &facts.passed {
                if c.below.contains(&(*callee, *callee_param)) && c.below.insert((f, *arg_param)) {
                    changed = true;
                }
            }
            // a parameter only handed on, and only to parameters that may be NULL, may be
            // NULL (one dereference or hand-off to a parameter that may not, and it may not)
            let mut handed: HashMap<usize, bool> = HashMap::new();
            for (callee, arg_param, callee_param) in &facts.passed {
                let ok = c.nullable.contains(&(*callee, *callee_param));
                let e = handed.entry(*arg_param).or_insert(true);
                *e = *e && ok;
            }
            for (i, all_nullable) in handed {
                if all_nullable && !facts.derefs.contains(&i) && c.nullable.insert((f, i)) {
                    changed = true;
                }
            }
            for (callee, ptr, len, ptr_param, len_param) in &facts.passed_pairs {
                if c.sized.contains_key(&(f, *ptr_param)) {
                    continue;
                }
                let Some(s) = c.sized.get(&(*callee, *ptr)).filter(|s| s.len == *len).cloned() else { continue };
                c.sized.insert((f, *ptr_param), Sized { len: *len_param, unit: s.unit, at_least: s.at_least });
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // below a loaded pointer: directly, or by handing it to a parameter reached below
    let below_here: HashSet<FuncId> = direct
        .iter()
        .filter(|(_, facts)| facts.loaded_below || facts.loaded_passed.iter().any(|&(g, j)| c.below.contains(&(g, j))))
        .map(|(&f, _)| f)
        .collect();
    if !below_here.is_empty() {
        for &f in &funcs {
            if reach.get(&f).is_some_and(|r| r.iter().any(|g| below_here.contains(g))) {
                c.loaded_below.insert(f);
            }
        }
    }
    c
}

/// What one function's body says.
#[derive(Default)]
struct FunctionFacts {
    tested_params: HashSet<usize>,
    /// Parameters dereferenced (or offset, or handed to a library function that needs a
    /// valid pointer) by the function itself.
    derefs: HashSet<usize>,
    sized_params: HashMap<usize, Sized>,
    /// Parameters reached below their pointer by the function itself.
    below: HashSet<usize>,
    tested_fields: HashSet<(u32, u32)>,
    tested_elems: HashSet<String>,
    /// (callee, our parameter index, the callee's parameter index) for pointer parameters
    /// handed on unchanged.
    passed: Vec<(FuncId, usize, usize)>,
    /// (callee, callee pointer parameter, callee length parameter, our pointer parameter,
    /// our length parameter) for a pointer and a length handed on together.
    passed_pairs: Vec<(FuncId, usize, usize, usize, usize)>,
    /// A pointer loaded from memory is reached below by the function itself.
    loaded_below: bool,
    /// (callee, the callee's parameter index) for pointers loaded from memory handed on.
    loaded_passed: Vec<(FuncId, usize)>,
    /// (earlier, later) pointer parameters subtracted from or compared with each other.
    same_object: HashSet<(usize, usize)>,
}

/// Strips conversions.
fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(x, _) => strip(x),
        _ => e,
    }
}

fn is_null(e: &Expr) -> bool {
    matches!(strip(e).kind, ExprKind::Int(0))
}

/// Where a local's value comes from, when it is a copy of a parameter or of a loaded pointer.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Source {
    Param(usize),
    Field(u32, u32),
    Elem(String),
}

fn facts(p: &Program, f: FuncId) -> FunctionFacts {
    let fun = p.func(f);
    let mut out = FunctionFacts::default();
    let Some(body) = fun.body.as_ref() else { return out };
    if fun.model {
        return out;
    }
    let states = value_flow(p, fun, body);
    let empty = Sources::new();
    let at = |pc: usize| states.get(pc).and_then(|s| s.as_ref()).unwrap_or(&empty);
    let note_tested = |e: &Expr, pc: usize, out: &mut FunctionFacts| {
        for s in value_sources(p, e, at(pc)) {
            match s {
                Source::Param(i) => {
                    out.tested_params.insert(i);
                }
                Source::Field(c, k) => {
                    out.tested_fields.insert((c, k));
                }
                Source::Elem(t) => {
                    out.tested_elems.insert(t);
                }
            }
        }
    };
    let is_assert_fail = |pc: usize| {
        let mut k = pc;
        while let Some(ins) = body.get(k) {
            match &ins.kind {
                InstrKind::Skip => k += 1,
                InstrKind::Call { func, .. } => {
                    return matches!(&func.kind, ExprKind::Func(g) if ASSERT_FAILS.contains(&p.func(*g).name.as_str()))
                }
                _ => return false,
            }
        }
        false
    };
    for (pc, ins) in body.iter().enumerate() {
        match &ins.kind {
            InstrKind::Goto { cond: Some(c), target } => {
                // `assert(p)` as <assert.h> expands it: `p ? (void)0 : __assert_fail(…)`, a
                // jump to the failure report over an unconditional jump past it, or a jump
                // over the report
                let over = matches!(body.get(pc + 1).map(|i| &i.kind), Some(InstrKind::Goto { cond: None, .. }));
                if (is_assert_fail(*target) && over) || (is_assert_fail(pc + 1) && *target > pc + 1) {
                    continue;
                }
                for t in tests(c) {
                    note_tested(t, pc, &mut out);
                }
            }
            InstrKind::Call { func, args, .. } => {
                let callee = match &func.kind {
                    ExprKind::Func(g) => Some(*g),
                    _ => None,
                };
                if callee.is_some_and(|g| ASSERT_FAILS.contains(&p.func(g).name.as_str())) {
                    continue;
                }
                for a in args {
                    for t in tests(a) {
                        note_tested(t, pc, &mut out);
                    }
                }
                if let Some(g) = callee {
                    handed_on(p, g, args, at(pc), &mut out);
                }
            }
            InstrKind::Assign { rhs: e, .. } | InstrKind::Return(Some(e)) => {
                for t in tests(e) {
                    note_tested(t, pc, &mut out);
                }
            }
            _ => {}
        }
    }
    sized_by_indexing(p, fun, body, &at, &mut out);
    // pointer parameters subtracted from or compared with each other (not with NULL), or
    // pointers computed from them (`second = in + 6; if (end - second < 6)`)
    let derived = derived_pointers(fun, body);
    for ins in body {
        for e in ins.kind.exprs() {
            e.visit(&mut |x| {
                let ExprKind::Binary(op, a, b) = &x.kind else { return };
                // (`==` and `!=` are defined between any two pointers: `object == item` asks
                // whether they alias, it does not say they share an object)
                let ordered = matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge);
                let relation =
                    *op == BinOp::PtrDiff || (ordered && strip(a).ty.is_pointer() && strip(b).ty.is_pointer());
                if !relation || is_null(a) || is_null(b) {
                    return;
                }
                if let (Some(i), Some(j)) =
                    (pointer_origin(a, &|v| derived.get(&v).copied()), pointer_origin(b, &|v| derived.get(&v).copied()))
                {
                    if i != j {
                        out.same_object.insert((i.min(j), i.max(j)));
                    }
                }
            });
        }
    }
    // dereferences, pointer arithmetic, and hand-offs to library functions (free and realloc
    // take NULL)
    for (pc, ins) in body.iter().enumerate() {
        let sources = at(pc);
        for e in ins.kind.exprs() {
            e.visit(&mut |x| {
                let base = match &x.kind {
                    ExprKind::Deref(b) | ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, b, _) => b,
                    _ => return,
                };
                if let Some(i) = param_of(base, sources) {
                    out.derefs.insert(i);
                    if goes_below(x) {
                        out.below.insert(i);
                    }
                } else if goes_below(x) && is_loaded(p, base, sources) {
                    out.loaded_below = true;
                }
            });
        }
        if let InstrKind::Call { func: Expr { kind: ExprKind::Func(g), .. }, args, .. } = &ins.kind {
            let gf = p.func(*g);
            let name = gf.name.strip_prefix("__builtin_").unwrap_or(&gf.name);
            if (gf.body.is_none() || gf.model) && !matches!(name, "free" | "realloc") {
                for a in args {
                    if let Some(i) = param_of(a, sources) {
                        out.derefs.insert(i);
                    }
                }
            }
        }
    }
    out
}

/// The pointer variables of `body` whose every value is computed from one parameter's
/// pointer (copies, `p + k`, `p - k`, `&p[k]`), flow-insensitively: variable → parameter.
fn derived_pointers(fun: &crate::ir::Function, body: &[crate::ir::Instr]) -> HashMap<VarId, usize> {
    let mut origin: HashMap<VarId, Option<usize>> = HashMap::new();
    for (i, &v) in fun.params.iter().enumerate() {
        origin.insert(v, Some(i));
    }
    let params: HashSet<VarId> = fun.params.iter().copied().collect();
    loop {
        let mut changed = false;
        for ins in body {
            let (l, rhs) = match &ins.kind {
                InstrKind::Assign { lhs: Expr { kind: ExprKind::Var(l), ty }, rhs } if ty.is_pointer() => {
                    (*l, Some(rhs))
                }
                InstrKind::Call { lhs: Some(Expr { kind: ExprKind::Var(l), .. }), .. } => (*l, None),
                _ => continue,
            };
            // a parameter reassigned keeps its own origin only when the value comes from it
            // (the map is read in place: copying it per assignment was quadratic in the body)
            let new = rhs.and_then(|r| pointer_origin(r, &|v| origin.get(&v).copied().flatten()));
            let entry = origin.get(&l).copied();
            let merged = match (entry, new) {
                (None, n) if !params.contains(&l) => n,
                (Some(Some(a)), Some(b)) if a == b => Some(a),
                (None, _) => None,
                _ => None,
            };
            if entry != Some(merged) {
                origin.insert(l, merged);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    origin.into_iter().filter_map(|(k, v)| v.map(|i| (k, i))).collect()
}

/// The parameter a pointer expression is computed from (see [`derived_pointers`]).
fn pointer_origin(e: &Expr, derived: &dyn Fn(VarId) -> Option<usize>) -> Option<usize> {
    let e = strip(e);
    match &e.kind {
        ExprKind::Var(v) => derived(*v),
        ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, b, _) => pointer_origin(b, derived),
        ExprKind::AddrOf(x) => match &strip(x).kind {
            ExprKind::Deref(b) => pointer_origin(b, derived),
            _ => None,
        },
        _ => None,
    }
}

/// `p - k` or `p + c` with a negative constant `c` (`p[-1]` lowers to the latter).
fn goes_below(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(BinOp::PtrSub, _, _) => true,
        ExprKind::Binary(BinOp::PtrAdd, _, k) => is_negative_constant(k),
        _ => false,
    }
}

fn is_negative_constant(e: &Expr) -> bool {
    let k = strip(e);
    match &k.kind {
        ExprKind::Int(bits) => {
            let w = k.ty.int_width().unwrap_or(64).min(128);
            k.ty.is_signed() && w > 0 && (bits >> (w - 1)) & 1 == 1
        }
        ExprKind::Unary(UnOp::Neg, x) => matches!(strip(x).kind, ExprKind::Int(v) if v > 0),
        _ => false,
    }
}

/// Where each variable's value may come from, before each instruction.
type Sources = HashMap<VarId, HashSet<Source>>;

/// A forward data-flow analysis over the body: which variables may hold a parameter's value
/// on entry (or a pointer loaded from a member), before each instruction (None: unreachable).
/// An assignment replaces what a variable holds; paths that meet unite it.
fn value_flow(p: &Program, fun: &crate::ir::Function, body: &[crate::ir::Instr]) -> Vec<Option<Sources>> {
    let mut states: Vec<Option<Sources>> = vec![None; body.len() + 1];
    let mut entry = Sources::new();
    for (i, &v) in fun.params.iter().enumerate() {
        entry.entry(v).or_default().insert(Source::Param(i));
    }
    states[0] = Some(entry);
    let mut work: Vec<usize> = vec![0];
    while let Some(pc) = work.pop() {
        let Some(ins) = body.get(pc) else { continue };
        let Some(mut st) = states[pc].clone() else { continue };
        match &ins.kind {
            InstrKind::Assign { lhs: Expr { kind: ExprKind::Var(l), .. }, rhs } => {
                let found: HashSet<Source> = value_sources(p, rhs, &st).into_iter().collect();
                st.insert(*l, found);
            }
            InstrKind::Call { lhs: Some(Expr { kind: ExprKind::Var(l), .. }), .. } | InstrKind::Decl(l) => {
                st.remove(l);
            }
            _ => {}
        }
        let next: Vec<usize> = match &ins.kind {
            InstrKind::Goto { cond: None, target } => vec![*target],
            InstrKind::Goto { cond: Some(_), target } => vec![pc + 1, *target],
            InstrKind::Return(_) | InstrKind::EndPath => vec![],
            _ => vec![pc + 1],
        };
        for n in next {
            if n >= states.len() {
                continue;
            }
            let changed = match &mut states[n] {
                None => {
                    states[n] = Some(st.clone());
                    true
                }
                Some(old) => {
                    let mut ch = false;
                    for (v, srcs) in &st {
                        let e = old.entry(*v).or_default();
                        for s in srcs {
                            ch |= e.insert(s.clone());
                        }
                    }
                    ch
                }
            };
            if changed {
                work.push(n);
            }
        }
    }
    states
}

/// The sources of a pointer value: a parameter or copy, or a pointer loaded from a struct
/// member or through a pointer to a pointer.
fn value_sources(p: &Program, e: &Expr, sources: &Sources) -> Vec<Source> {
    let e = strip(e);
    match &e.kind {
        ExprKind::Var(v) => sources.get(v).map(|s| s.iter().cloned().collect()).unwrap_or_default(),
        ExprKind::Member(b, k) if e.ty.is_pointer() => match &b.ty {
            Type::Struct(c) | Type::Union(c) => vec![Source::Field(*c, *k)],
            _ => vec![],
        },
        ExprKind::Deref(_) | ExprKind::Index(..) if e.ty.is_pointer() => vec![Source::Elem(p.type_name(&e.ty))],
        ExprKind::Cond(_, a, b) => {
            let mut v = value_sources(p, a, sources);
            v.extend(value_sources(p, b, sources));
            v
        }
        _ => vec![],
    }
}

/// The pointer-valued operands `e` compares with NULL or tests for truth.
fn tests(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    e.visit(&mut |x| match &x.kind {
        ExprKind::Binary(BinOp::Eq | BinOp::Ne, a, b) => {
            if is_null(b) && strip(a).ty.is_pointer() {
                out.push(&**a);
            } else if is_null(a) && strip(b).ty.is_pointer() {
                out.push(&**b);
            }
        }
        ExprKind::Unary(UnOp::LogNot, a) if strip(a).ty.is_pointer() => out.push(&**a),
        ExprKind::Binary(BinOp::LogAnd | BinOp::LogOr, a, b) => {
            for y in [a, b] {
                if strip(y).ty.is_pointer() {
                    out.push(&**y);
                }
            }
        }
        ExprKind::Cond(c, _, _) if strip(c).ty.is_pointer() => out.push(&**c),
        _ => {}
    });
    out
}

/// The parameter index a value is a copy of (a single source).
fn param_of(e: &Expr, sources: &Sources) -> Option<usize> {
    let ExprKind::Var(v) = &strip(e).kind else { return None };
    let s = sources.get(v)?;
    let mut it = s.iter();
    match (it.next(), it.next()) {
        (Some(Source::Param(i)), None) => Some(*i),
        _ => None,
    }
}

/// May `e` be a pointer loaded from memory (a member, or through a pointer to a pointer)?
fn is_loaded(p: &Program, e: &Expr, sources: &Sources) -> bool {
    value_sources(p, e, sources).iter().any(|s| matches!(s, Source::Field(..) | Source::Elem(_)))
}

/// A call of `g`: parameters handed on, and pointer/length pairs that `g` needs.
fn handed_on(
    p: &Program,
    g: FuncId,
    args: &[Expr],
    sources: &HashMap<VarId, HashSet<Source>>,
    out: &mut FunctionFacts,
) {
    let gf = p.func(g);
    let name = gf.name.strip_prefix("__builtin_").unwrap_or(&gf.name);
    if gf.body.is_some() && !gf.model {
        for (i, a) in args.iter().enumerate() {
            if let Some(k) = param_of(a, sources) {
                out.passed.push((g, k, i));
            } else if is_loaded(p, a, sources) {
                out.loaded_passed.push((g, i));
            }
        }
    }
    if let Some((_, pairs)) = BYTE_RANGES.iter().find(|(n, _)| *n == name) {
        for &(pa, la) in pairs.iter() {
            let (Some(pe), Some(le)) = (args.get(pa), args.get(la)) else { continue };
            if let (Some(ptr), Some(len)) = (param_of(pe, sources), param_of(le, sources)) {
                out.sized_params.entry(ptr).or_insert(Sized { len, unit: 1, at_least: true });
            }
        }
        return;
    }
    if gf.body.is_some() {
        for (i, a) in args.iter().enumerate() {
            let Some(ptr) = param_of(a, sources) else { continue };
            for (j, b) in args.iter().enumerate() {
                if let Some(len) = param_of(b, sources).filter(|_| j != i) {
                    out.passed_pairs.push((g, i, j, ptr, len));
                }
            }
        }
    }
}

/// `p[i]` with `i` compared with length parameter `n`, or `p + n` / `p[n - 1]`: p sized by n.
fn sized_by_indexing<'s>(
    p: &Program,
    fun: &crate::ir::Function,
    body: &[crate::ir::Instr],
    at: &dyn Fn(usize) -> &'s Sources,
    out: &mut FunctionFacts,
) {
    let int_param = |e: &Expr, pc: usize| -> Option<usize> {
        let i = param_of(e, at(pc))?;
        fun.params.get(i).filter(|&&v| p.var(v).ty.is_int()).map(|_| i)
    };
    // `p + n` as an end pointer: (pointer parameter, length parameter)
    let end_of = |e: &Expr, pc: usize| -> Option<(usize, usize)> {
        let ExprKind::Binary(BinOp::PtrAdd, base, off) = &strip(e).kind else { return None };
        Some((param_of(base, at(pc))?, int_param(off, pc)?))
    };
    let mut ends: HashMap<VarId, (usize, usize)> = HashMap::new();
    for (pc, ins) in body.iter().enumerate() {
        if let InstrKind::Assign { lhs, rhs } = &ins.kind {
            if let (ExprKind::Var(l), Some(pn)) = (&lhs.kind, end_of(rhs, pc)) {
                ends.insert(*l, pn);
            }
        }
    }
    let end_in = |e: &Expr, pc: usize| -> Option<(usize, usize)> {
        match &strip(e).kind {
            ExprKind::Var(v) => ends.get(v).copied(),
            _ => end_of(e, pc),
        }
    };
    // index variables of each pointer parameter, and direct lengths
    let mut indices: HashMap<usize, HashSet<VarId>> = HashMap::new();
    let mut direct: Vec<(usize, usize)> = Vec::new();
    let mut comparisons: Vec<(VarId, usize)> = Vec::new();
    for (pc, ins) in body.iter().enumerate() {
        for e in ins.kind.exprs() {
            e.visit(&mut |x| match &x.kind {
                ExprKind::Binary(BinOp::PtrAdd, base, off) => {
                    let Some(ptr) = param_of(base, at(pc)) else { return };
                    let off = strip(off);
                    // p[n - 1]: the last element
                    if let ExprKind::Binary(BinOp::Sub, a, _) = &off.kind {
                        if let Some(n) = int_param(a, pc) {
                            direct.push((ptr, n));
                        }
                    }
                    if let ExprKind::Var(v) = &off.kind {
                        indices.entry(ptr).or_default().insert(*v);
                    }
                }
                ExprKind::Binary(
                    op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Ne | BinOp::Eq),
                    a,
                    b,
                ) => {
                    // a pointer compared with the end `p + n`
                    if let Some(pn) = end_in(a, pc).or_else(|| end_in(b, pc)) {
                        direct.push(pn);
                    }
                    let (a, b) = (strip(a), strip(b));
                    // an index the caller passes is bounded by a length only by `i < n`
                    // (or `i != n`): sds's `sdsrange(s, start, end)` compares `start > end`,
                    // two positions, neither of them a length of `s`
                    let own_index = |v: &VarId, index_left: bool| {
                        let bounded = match op {
                            BinOp::Lt | BinOp::Le => index_left,
                            BinOp::Gt | BinOp::Ge => !index_left,
                            _ => true,
                        };
                        bounded || !fun.params.contains(v)
                    };
                    if let (ExprKind::Var(v), Some(n)) = (&a.kind, int_param(b, pc)) {
                        if own_index(v, true) {
                            comparisons.push((*v, n));
                        }
                    }
                    if let (ExprKind::Var(v), Some(n)) = (&b.kind, int_param(a, pc)) {
                        if own_index(v, false) {
                            comparisons.push((*v, n));
                        }
                    }
                }
                _ => {}
            });
        }
    }
    // (an index bounded by the length makes it exact, also for a pointer handed on with it)
    let mut exact = |ptr: usize, n: usize| {
        let unit = elem_size(p, fun, ptr);
        out.sized_params
            .entry(ptr)
            .and_modify(|s| {
                if s.at_least && s.len == n {
                    *s = Sized { len: n, unit, at_least: false };
                }
            })
            .or_insert(Sized { len: n, unit, at_least: false });
    };
    for (ptr, n) in direct {
        exact(ptr, n);
    }
    for (ptr, vars) in indices {
        if let Some(&(_, n)) = comparisons.iter().find(|(v, _)| vars.contains(v)) {
            exact(ptr, n);
        }
    }
    // only pointer parameters can be sized
    out.sized_params.retain(|&i, _| fun.params.get(i).is_some_and(|&v| p.var(v).ty.is_pointer()));
}

/// The size of what parameter `i` points to (1 for void and unknown sizes).
fn elem_size(p: &Program, fun: &crate::ir::Function, i: usize) -> u64 {
    fun.params
        .get(i)
        .and_then(|&v| p.var(v).ty.pointee().cloned())
        .and_then(|t| p.size_of(&t))
        .filter(|&s| s > 0)
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(src: &str) -> Program {
        crate::frontend::load_preprocessed(&[src.to_string()], &crate::frontend::FrontendOptions::default())
            .expect("lowers")
    }

    fn param(p: &Program, f: &str, name: &str) -> (FuncId, usize) {
        let fid = p.func_named(f).expect("function");
        let i = p.func(fid).params.iter().position(|&v| p.var(v).name == name).expect("param");
        (fid, i)
    }

    #[test]
    fn a_tested_pointer_may_be_null_and_an_asserted_one_may_not() {
        let p = program(
            "void __assert_fail(const char *, const char *, unsigned, const char *);\n\
             int f(int *a, int *b, int *c) { int *x = c; if (!a) return 0;\n\
             if (!(b != 0)) __assert_fail(\"b\", \"f.c\", 1, \"f\");\n\
             return *b + (x ? *x : 1); }\n\
             int g(int *q) { return f(q, q, q); }\n\
             int k(int *q) { return f(q, 0, 0) + f(0, q, 0); }\n\
             int h(int *r) { return *r; }\n\
             int g2(int *q) { return f(q, 0, 0); }\n",
        );
        let c = infer(&p);
        assert!(c.nullable.contains(&param(&p, "f", "a")));
        assert!(!c.nullable.contains(&param(&p, "f", "b")), "an assertion is not a NULL test");
        assert!(c.nullable.contains(&param(&p, "f", "c")), "tested through a copy");
        assert!(!c.nullable.contains(&param(&p, "g", "q")), "handed on to b, which may not be NULL");
        assert!(!c.nullable.contains(&param(&p, "k", "q")), "handed on to a and to b");
        assert!(c.nullable.contains(&param(&p, "g2", "q")), "handed on to a tested parameter only");
        assert!(!c.nullable.contains(&param(&p, "h", "r")));
    }

    #[test]
    fn a_null_test_is_about_the_value_the_variable_holds_there() {
        let p = program(
            "const char *MAGIC = \"m\"; char *grow(char *s);\n\
             int f(const char *init) { if (init == MAGIC) init = 0; else if (!init) return 1; return init ? *init : 0; }\n\
             int g(char *s) { int k = s[0]; s = grow(s); if (s == 0) return -1; return k; }\n",
        );
        let c = infer(&p);
        assert!(c.nullable.contains(&param(&p, "f", "init")), "tested on the path where it holds the argument");
        assert!(!c.nullable.contains(&param(&p, "g", "s")), "the test is about grow's result");
    }

    #[test]
    fn a_pointer_indexed_under_a_length_comparison_is_sized_by_it() {
        let p = program(
            "typedef unsigned long size_t; void *memcpy(void *, const void *, size_t);\n\
             unsigned f(const unsigned *a, unsigned n, unsigned m) { unsigned s = 0;\n\
               for (unsigned i = 0; i < n; i++) s += a[i]; return s + m; }\n\
             void g(char *d, const char *s, size_t len) { memcpy(d, s, len); }\n\
             unsigned h(const unsigned *b, unsigned k) { return f(b, k, 0); }\n\
             int u(const int *x, int i) { return x[i]; }\n\
             int e(const char *b, unsigned long n) { const char *end = b + n; int k = 0;\n\
               for (const char *q = b; q < end; q++) k += *q; return k; }\n\
             void r(char *s, long start, long end) { long n = start > end ? 0 : end - start + 1;\n\
               if (start && n) s[0] = s[start]; s[n] = 0; }\n\
             int k(const int *a, int i, int n) { if (i < n) return a[i]; return -1; }\n",
        );
        let c = infer(&p);
        let (f, a) = param(&p, "f", "a");
        assert_eq!(c.sized.get(&(f, a)), Some(&Sized { len: 1, unit: 4, at_least: false }));
        let (g, d) = param(&p, "g", "d");
        assert_eq!(c.sized.get(&(g, d)), Some(&Sized { len: 2, unit: 1, at_least: true }), "what memcpy needs");
        assert_eq!(c.sized.get(&(g, 1)), Some(&Sized { len: 2, unit: 1, at_least: true }));
        let (h, b) = param(&p, "h", "b");
        assert_eq!(c.sized.get(&(h, b)), Some(&Sized { len: 1, unit: 4, at_least: false }), "through the callee");
        assert!(!c.sized.contains_key(&param(&p, "u", "x")), "an index is not a length");
        let (e, b) = param(&p, "e", "b");
        assert_eq!(c.sized.get(&(e, b)), Some(&Sized { len: 1, unit: 1, at_least: false }), "an end pointer");
        let (r, s) = param(&p, "r", "s");
        assert!(!c.sized.contains_key(&(r, s)), "two positions compared are not a length: {:?}", c.sized.get(&(r, s)));
        let (k, a) = param(&p, "k", "a");
        assert_eq!(
            c.sized.get(&(k, a)),
            Some(&Sized { len: 2, unit: 4, at_least: false }),
            "an index the caller passes, under i < n"
        );
    }

    #[test]
    fn a_pointer_reached_below_itself_may_follow_a_header() {
        let p = program(
            "typedef unsigned long size_t;\n\
             static size_t len(const char *s) { return (unsigned char)s[-1]; }\n\
             static size_t hdr(const char *s) { return *(const size_t *)(s - sizeof(size_t)); }\n\
             size_t f(char *s, char *t) { return len(s) + t[0]; }\n\
             size_t g(char *s) { return hdr(s); }\n\
             size_t h(char *s, int i) { return s[i] + s[1]; }\n",
        );
        let c = infer(&p);
        assert!(c.below.contains(&param(&p, "len", "s")), "s[-1]");
        assert!(c.below.contains(&param(&p, "hdr", "s")), "s - k");
        assert!(c.below.contains(&param(&p, "f", "s")), "through the callee");
        assert!(!c.below.contains(&param(&p, "f", "t")), "t is read at its start only");
        assert!(c.below.contains(&param(&p, "g", "s")));
        assert!(!c.below.contains(&param(&p, "h", "s")), "a free index is not a reach below");
    }

    #[test]
    fn struct_members_the_function_tests_for_null_may_be_null() {
        let p = program(
            "struct node { struct node *next; struct node *prev; char *name; };\n\
             int len(struct node *h) { int n = 0; for (struct node *x = h->next; x; x = x->next) n++; return n; }\n\
             char first(struct node *h) { return h->name[0] + (h->prev == 0); }\n",
        );
        let c = infer(&p);
        let s = match &p.var(p.func(p.func_named("len").unwrap()).params[0]).ty {
            Type::Pointer(t) => match &**t {
                Type::Struct(s) => *s,
                _ => panic!("struct"),
            },
            _ => panic!("pointer"),
        };
        let len = c.heap(p.func_named("len").unwrap());
        let first = c.heap(p.func_named("first").unwrap());
        assert!(len.nullable_fields.contains(&(s, 0)), "next is tested through a copy");
        assert!(!len.nullable_fields.contains(&(s, 1)), "len does not test prev");
        assert!(first.nullable_fields.contains(&(s, 1)), "first compares prev with NULL");
        assert!(!first.nullable_fields.contains(&(s, 2)), "name is never tested");
    }

    /// A callee with a written contract is used through it, so what its body tests says
    /// nothing about the caller's structures (and the caller's cache key does not cover that
    /// body): `walk` reaches `count`, which tests `next`; `walk_c` reaches `count_c`, whose
    /// contract stands in for the same body.
    #[test]
    fn a_callee_with_a_contract_is_not_walked_into() {
        let p = program(
            "struct node { struct node *next; int v; };\n\
             int count(struct node *h) { int n = 0; for (; h; h = h->next) n++; return n; }\n\
             int count_c(struct node *h) { __ESBMC_requires(h != 0); int n = 0; for (; h; h = h->next) n++; return n; }\n\
             int walk(struct node *h) { return h->v + count(h); }\n\
             int walk_c(struct node *h) { return h->v + count_c(h); }\n",
        );
        let c = infer(&p);
        let heap = |f: &str| c.heap(p.func_named(f).unwrap());
        assert!(heap("walk").nullable_fields.iter().any(|&(_, i)| i == 0), "count tests next");
        assert!(heap("walk_c").nullable_fields.is_empty(), "count_c is its contract to walk_c");
        assert!(heap("count_c").nullable_fields.iter().any(|&(_, i)| i == 0), "its own body counts for itself");
    }
}
