//! The product program: one harness function that builds a nondeterministic input state, runs
//! the old version, copies its outputs, restores the input state, runs the new version and
//! claims that every output is the same.
//!
//! Inputs: the parameters; for each pointer parameter an object of `object_elems` elements
//! of nondeterministic content that it points to (after as many again, at least 32 bytes,
//! when either version reaches below the pointer, as sds reads its header at `s[-1]`) (both versions get the same pointer: the
//! memory is restored between the runs); every global either version writes (same value on
//! both sides). Globals nobody writes keep their initialisers, so a changed constant table
//! is a changed behaviour.
//!
//! Outputs: the return value, the final contents of the objects behind pointer parameters,
//! the final values of written globals present in both versions, and the log of calls to
//! external functions (function and arguments, in order).

use std::collections::{BTreeMap, HashMap, HashSet};

use super::leaves::{leaves, shape, Leaf};
use crate::ir::{
    build::FnBuilder, fingerprint::base_name, BinOp, Builtin, Expr, ExprKind, FuncId, Instr, InstrKind, IntName,
    Program, Type, UnOp, VarId, VarKind,
};
use crate::symex::product::{ProductHooks, LOG_SLOTS};

/// The harness function's name.
pub const HARNESS: &str = "__verdiff_product";
/// The flag the harness sets while the new version runs ([`Product::new_running`]).
pub const NEW_RUNNING: &str = "__verdiff_new_running";

/// The description of the claim that fails exactly when some execution reaches the end of
/// the harness (the vacuity check, see [`vacuity_program`]).
pub const VACUITY: &str = "some input lets both versions complete";

/// A copy of the product whose only claim fails exactly when some input lets both versions
/// run to completion (with the old version's behaviour defined). When no input does, every
/// comparison holds vacuously.
pub fn vacuity_program(p: &Program, harness: FuncId) -> Program {
    let mut q = p.clone();
    if let Some(body) = q.funcs[harness.0 as usize].body.as_mut() {
        for ins in body.iter_mut() {
            if matches!(ins.kind, InstrKind::Assert { .. }) {
                ins.kind = InstrKind::Skip;
            }
        }
        let int = p.target.int_t();
        let at = body.len().saturating_sub(1);
        let loc = body.get(at).map(|i| i.loc).unwrap_or_default();
        body.insert(
            at,
            Instr::new(
                InstrKind::Assert {
                    cond: Expr::int(0, int),
                    kind: crate::ir::ClaimKind::Assertion,
                    msg: VACUITY.into(),
                },
                loc,
            ),
        );
    }
    q
}

/// Limits of the product.
#[derive(Clone, Debug)]
pub struct ProductOptions {
    /// Elements of the object each pointer parameter points to.
    pub object_elems: u64,
    /// Most external calls per version.
    pub call_limit: u32,
    /// Most scalar values per output.
    pub leaf_limit: usize,
    /// Data pointers stored in the inputs (not the parameters, which point to the objects the
    /// product makes) are NULL: the product cannot give the two versions corresponding objects
    /// for them, so a difference that needs one to point into an object may not be real, and
    /// the comparison is tried again with them NULL (`equiv`, `INPUT_POINTER`).
    pub null_stored_pointers: bool,
    /// How many links from a parameter the harness builds fresh objects behind stored
    /// pointers (CBMC's `--max-nondet-tree-depth`; 0: none; [`linked`]).
    pub link_depth: u32,
}

impl Default for ProductOptions {
    fn default() -> Self {
        ProductOptions { object_elems: 8, call_limit: 16, leaf_limit: 4096, null_stored_pointers: false, link_depth: 2 }
    }
}

/// The name the product gives parameter `i` of `f` (`argN` where it has none).
fn param_name(p: &Program, f: FuncId, i: usize) -> String {
    p.func(f)
        .params
        .get(i)
        .map(|&v| p.var(v).name.clone())
        .filter(|n| !n.is_empty() && !n.starts_with('$'))
        .unwrap_or_else(|| format!("arg{}", i + 1))
}

/// Declares the function of the caller's each function-pointer parameter of `old_f` may
/// point to (`ir::targets::caller_function`). Runs before the instrumentation, whose dispatch
/// of calls through pointers must test them; [`build`] then chooses among them, the functions
/// the code names and NULL.
///
/// Also one caller's function per function type whose calls the product can compare
/// ([`linked::comparable_calls`]) that a call through a pointer in the program has: a
/// pointer stored in the inputs (a struct's callback member) may hold it. (Every body, not
/// only what the two versions reach directly: a callee reached through a pointer calls
/// through pointers too.)
pub fn declare_caller_functions(p: &mut Program, old_f: FuncId) {
    let params = p.func(old_f).ty.params.clone();
    for (i, ty) in params.iter().enumerate() {
        if let Some(Type::Function(ft)) = ty.pointee() {
            let name = param_name(p, old_f, i);
            crate::ir::targets::caller_function(p, &name, ft);
        }
    }
    let mut types: Vec<crate::ir::FuncType> = Vec::new();
    for ins in p.funcs.iter().filter_map(|g| g.body.as_ref()).flatten() {
        let InstrKind::Call { func, .. } = &ins.kind else { continue };
        if let Some(Type::Function(ft)) = func.ty.pointee().filter(|_| !matches!(func.kind, ExprKind::Func(_))) {
            if linked::comparable_calls(ft) && !types.contains(ft) {
                types.push((**ft).clone());
            }
        }
    }
    for ft in types {
        let name = linked::stored_caller_name(p, &ft);
        crate::ir::targets::caller_function(p, &name, &ft);
    }
}

/// An input value of the product, as the replay trace names it.
#[derive(Clone, Debug)]
pub struct InputLeaf {
    /// The lvalue as C text (how the trace shows its assignment).
    pub lhs: String,
    /// The C type of the value.
    pub ty: String,
}

/// How a parameter gets its value.
#[derive(Clone, Debug)]
pub enum ParamInput {
    /// A value (its leaves are inputs).
    Value { name: String, ty: String, leaves: Vec<String> },
    /// A pointer to element `at` of an object of `elems` elements of type `elem`; with
    /// `nullable` (either version tests it for NULL), NULL instead when the input chooses it
    /// (the harness local `name` holds the pointer, NULL or not).
    Object { name: String, object: String, elem: String, elems: u64, at: u64, leaves: Vec<String>, nullable: bool },
    /// A function pointer: a function the code names, one of the caller's, or NULL (its
    /// value is the input `leaf`).
    Function { name: String, leaf: String },
    /// A pointer into an earlier parameter's object, element `at + k` for the input `offset`
    /// k in [0, elems - at] (the end of a range: `parse(buf, buf + len)`).
    Within { name: String, object: String, at: u64, offset: String },
}

impl ParamInput {
    /// Whether the run whose harness values are `values` passed NULL for this parameter (a
    /// nullable object parameter whose pointer is NULL there).
    pub fn passed_null(&self, values: &HashMap<String, String>) -> bool {
        matches!(self, ParamInput::Object { name, nullable: true, .. } if values.get(name).is_some_and(|v| v == "NULL"))
    }
}

/// A compared output: one leaf in each version.
#[derive(Clone, Debug)]
pub struct OutputLeaf {
    /// Which output: "return value", "*p", "global g", "external calls".
    pub group: String,
    /// The leaf's access path.
    pub path: String,
    /// Names of the harness locals holding the old and the new value.
    pub old_var: String,
    pub new_var: String,
}

/// A global both versions start from.
#[derive(Clone, Debug)]
pub struct GlobalInput {
    pub name: String,
    pub leaves: Vec<(String, String)>,
}

pub struct Product {
    pub harness: FuncId,
    pub params: Vec<ParamInput>,
    pub globals: Vec<GlobalInput>,
    /// Static locals both versions start from (a test cannot set them).
    pub statics: Vec<GlobalInput>,
    pub inputs: Vec<InputLeaf>,
    pub outputs: Vec<OutputLeaf>,
    pub hooks: ProductHooks,
    /// The C return type (None for void), and whether it is a scalar / a float.
    pub ret_type: Option<String>,
    pub ret_scalar: bool,
    pub ret_float: bool,
    /// The flag saying how a run ended, when either version may stop ([`super::stops`]).
    pub stopped: Option<VarId>,
    /// Set while the new version runs (and only then): a claim of a library model, the code
    /// both versions share, is the new version's claim when it is set.
    pub new_running: VarId,
    /// The objects the harness builds before either version runs (the parameters' and those
    /// behind stored pointers, [`linked`]), by name: an input pointer into one of them points
    /// to the same data in both runs.
    pub input_objects: Vec<String>,
    /// The objects behind stored pointers ([`linked`]), parents before children.
    pub linked: Vec<String>,
}

/// The product's function builder: the IR builder with the product's limits.
struct Builder<'a> {
    fb: FnBuilder<'a>,
    o: &'a ProductOptions,
}

impl<'a> std::ops::Deref for Builder<'a> {
    type Target = FnBuilder<'a>;
    fn deref(&self) -> &FnBuilder<'a> {
        &self.fb
    }
}

impl std::ops::DerefMut for Builder<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.fb
    }
}

impl Builder<'_> {
    /// Gives the scalar `l` a nondeterministic value and records it as an input; returns the
    /// lvalue as the replay trace names it.
    fn input(&mut self, l: &Leaf, inputs: &mut Vec<InputLeaf>) -> String {
        self.assign(l.expr.clone(), Expr::new(ExprKind::Nondet, l.expr.ty.clone()));
        let data_pointer = l.expr.ty.pointee().is_some_and(|t| !matches!(t, Type::Function(_)));
        if self.o.null_stored_pointers && data_pointer {
            let null = Expr::int(0, l.expr.ty.clone());
            let int = self.p.target.int_t();
            self.push(InstrKind::Assume(Expr::binary(BinOp::Eq, l.expr.clone(), null, int)));
        }
        let lhs = crate::ir::display::expr_to_c(self.p, &l.expr);
        inputs.push(InputLeaf { lhs: lhs.clone(), ty: self.p.type_name(&l.expr.ty) });
        lhs
    }
    fn leaves_of(&self, e: Expr, path: &str) -> Result<Vec<Leaf>, String> {
        let mut out = Vec::new();
        leaves(self.p, e, path.to_string(), &mut out, self.o.leaf_limit)?;
        Ok(out)
    }
}

use crate::ir::build::declare;

mod linked;

/// `*s[k]…` of an object whose pointer is at element `header` as `*s[k - header]…`.
fn from_pointer(path: &str, group: &str, header: u64) -> String {
    let Some(rest) = path.strip_prefix(group).and_then(|r| r.strip_prefix('[')) else { return path.to_string() };
    let Some((index, tail)) = rest.split_once(']') else { return path.to_string() };
    match index.parse::<i128>() {
        Ok(k) => format!("{group}[{}]{tail}", k - header as i128),
        Err(_) => path.to_string(),
    }
}

/// The most elements a pointer parameter's object needs for `f` to reach its code with
/// constant offsets and range checks: the constant offsets it adds to pointers (each once:
/// `second = first + 6; hex(second + 2)`) plus the largest constant it compares a pointer
/// difference with (`if (end - second < 6) fail`), plus one; at most [`MAX_NEEDED_ELEMS`].
fn needed_elems(p: &Program, f: FuncId) -> u64 {
    let Some(body) = p.func(f).body.as_ref() else { return 0 };
    let constant = |e: &Expr| match &strip_casts(e).kind {
        ExprKind::Int(v) if *v <= MAX_NEEDED_ELEMS as u128 => Some(*v as u64),
        _ => None,
    };
    let mut offsets: std::collections::BTreeSet<u64> = Default::default();
    let mut compared = 0u64;
    for ins in body {
        for e in ins.kind.exprs() {
            e.visit(&mut |x| match &x.kind {
                ExprKind::Binary(BinOp::PtrAdd, _, k) => offsets.extend(constant(k)),
                ExprKind::Binary(op, a, b) if op.is_comparison() => {
                    let diff = |y: &Expr| matches!(strip_casts(y).kind, ExprKind::Binary(BinOp::PtrDiff, ..));
                    if diff(a) {
                        compared = compared.max(constant(b).unwrap_or(0));
                    } else if diff(b) {
                        compared = compared.max(constant(a).unwrap_or(0));
                    }
                }
                _ => {}
            });
        }
    }
    if compared == 0 {
        return 0;
    }
    (offsets.iter().sum::<u64>() + compared + 1).min(MAX_NEEDED_ELEMS)
}

/// The largest object [`needed_elems`] asks for (each element is an input of both versions).
const MAX_NEEDED_ELEMS: u64 = 64;

fn strip_casts(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(x, _) => strip_casts(x),
        _ => e,
    }
}

/// Globals written somewhere in the program (assigned, or their address taken), by id.
pub fn written_globals(p: &Program) -> HashSet<VarId> {
    let mut out = HashSet::new();
    let is_global = |v: VarId| matches!(p.var(v).kind, VarKind::Global);
    for f in &p.funcs {
        let Some(body) = &f.body else { continue };
        for ins in body {
            let mut exprs: Vec<&Expr> = Vec::new();
            match &ins.kind {
                InstrKind::Assign { lhs, rhs } => {
                    if let Some(v) = crate::ir::reach::root_var(lhs).filter(|&v| is_global(v)) {
                        out.insert(v);
                    }
                    exprs.push(lhs);
                    exprs.push(rhs);
                }
                InstrKind::Call { lhs, func, args } => {
                    if let Some(v) = lhs.as_ref().and_then(crate::ir::reach::root_var).filter(|&v| is_global(v)) {
                        out.insert(v);
                    }
                    exprs.extend(lhs.iter());
                    exprs.push(func);
                    exprs.extend(args.iter());
                }
                InstrKind::Assume(c) | InstrKind::Assert { cond: c, .. } => exprs.push(c),
                InstrKind::Goto { cond: Some(c), .. } => exprs.push(c),
                InstrKind::Return(Some(e)) => exprs.push(e),
                _ => {}
            }
            for e in exprs {
                e.visit(&mut |x| {
                    if let ExprKind::AddrOf(a) = &x.kind {
                        if let Some(v) = crate::ir::reach::root_var(a).filter(|&v| is_global(v)) {
                            if !p.var(v).is_const {
                                out.insert(v);
                            }
                        }
                    }
                });
            }
        }
    }
    for (i, v) in p.vars.iter().enumerate() {
        if matches!(v.kind, VarKind::Global) && v.external {
            out.insert(VarId(i as u32));
        }
    }
    out
}

/// Whether values of type `a` (old version) and `b` (new version) line up: the same type, or
/// structs with the same members in the same order (a renamed tag, `struct oldV` versus
/// `struct newV`, is still the same data), or pointers to such.
fn compatible(p: &Program, a: &Type, b: &Type, limit: usize) -> bool {
    if p.type_name(a) == p.type_name(b) {
        return shape(p, a, limit).ok() == shape(p, b, limit).ok() || !a.is_composite();
    }
    match (a, b) {
        (Type::Pointer(x), Type::Pointer(y)) => compatible(p, x, y, limit),
        (Type::Struct(_), Type::Struct(_)) | (Type::Union(_), Type::Union(_)) => {
            p.size_of(a) == p.size_of(b) && shape(p, a, limit).ok().is_some_and(|s| Some(s) == shape(p, b, limit).ok())
        }
        _ => false,
    }
}

fn eq_leaf(p: &Program, a: Expr, b: Expr) -> Expr {
    let int = p.target.int_t();
    let b = if b.ty != a.ty { Expr::cast(b, a.ty.clone()) } else { b };
    let same = Expr::binary(BinOp::Eq, a.clone(), b.clone(), int.clone());
    if a.ty.is_float() {
        // NaN equals NaN (C's == would say they differ)
        let na = Expr::builtin(Builtin::IsNan, vec![a], int.clone());
        let nb = Expr::builtin(Builtin::IsNan, vec![b], int.clone());
        let both = Expr::binary(BinOp::LogAnd, na, nb, int.clone());
        Expr::binary(BinOp::LogOr, same, both, int)
    } else {
        same
    }
}

/// Pointers `a` (old version) and `b` (new version) are equal, or point to the same place of
/// a pair of objects each version has its own of (a global or static local: `return
/// version;` of a static buffer).
fn eq_pointer(p: &Program, a: Expr, b: Expr, paired: &[(Expr, Expr)]) -> Expr {
    let int = p.target.int_t();
    let size_t = p.target.size_t();
    let vp = Type::ptr(Type::Void);
    let (av, bv) = (Expr::cast(a.clone(), vp.clone()), Expr::cast(b.clone(), vp.clone()));
    let offset = |x: &Expr| Expr::builtin(Builtin::PointerOffset, vec![x.clone()], size_t.clone());
    let same_offset = Expr::binary(BinOp::Eq, offset(&av), offset(&bv), int.clone());
    let mut alts = vec![eq_leaf(p, a, b)];
    for (o, n) in paired {
        let at = |x: &Expr| Expr::cast(Expr::addr_of(x.clone()), vp.clone());
        let in_old = Expr::builtin(Builtin::SameObject, vec![av.clone(), at(o)], int.clone());
        let in_new = Expr::builtin(Builtin::SameObject, vec![bv.clone(), at(n)], int.clone());
        let both = Expr::binary(BinOp::LogAnd, in_old, in_new, int.clone());
        alts.push(Expr::binary(BinOp::LogAnd, both, same_offset.clone(), int.clone()));
    }
    alts.into_iter().reduce(|x, y| Expr::binary(BinOp::LogOr, x, y, int.clone())).unwrap_or_else(|| Expr::int(1, int))
}

/// A balanced conjunction (shallow expressions even for thousands of leaves).
fn all(p: &Program, mut xs: Vec<Expr>) -> Expr {
    let int = p.target.int_t();
    if xs.is_empty() {
        return Expr::int(1, int);
    }
    while xs.len() > 1 {
        let mut next = Vec::with_capacity(xs.len().div_ceil(2));
        let mut it = xs.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(Expr::binary(BinOp::LogAnd, a, b, int.clone())),
                None => next.push(a),
            }
        }
        xs = next;
    }
    xs.pop().unwrap_or_else(|| Expr::int(1, int))
}

/// Builds the harness comparing `old_f` (of the old version) with `new_f` (of the new one).
pub fn build(p: &mut Program, old_f: FuncId, new_f: FuncId, o: &ProductOptions) -> Result<Product, String> {
    let of = p.func(old_f).clone();
    let nf = p.func(new_f).clone();
    let (oname, nname) = (base_name(&of.name).to_string(), base_name(&nf.name).to_string());
    if of.ty.params.len() != nf.ty.params.len() {
        return Err(format!(
            "`{oname}` takes {} parameters and `{nname}` takes {}: the signatures differ",
            of.ty.params.len(),
            nf.ty.params.len()
        ));
    }
    if of.ty.variadic || nf.ty.variadic {
        return Err("variadic functions are not compared".into());
    }
    for (i, (a, b)) in of.ty.params.iter().zip(&nf.ty.params).enumerate() {
        if !compatible(p, a, b, o.leaf_limit) {
            return Err(format!(
                "parameter {} has type `{}` in the old version and `{}` in the new one",
                i + 1,
                p.type_name(a),
                p.type_name(b)
            ));
        }
    }
    if !compatible(p, &of.ty.ret, &nf.ty.ret, o.leaf_limit) {
        return Err(format!(
            "the return type is `{}` in the old version and `{}` in the new one",
            p.type_name(&of.ty.ret),
            p.type_name(&nf.ty.ret)
        ));
    }
    // state kept between calls inside the functions (static locals): like globals, the same
    // arbitrary value on entry in both versions and compared on exit, paired by function and
    // name (a static of one version only is arbitrary and not compared)
    let mut statics: BTreeMap<String, (Option<VarId>, Option<VarId>)> = BTreeMap::new();
    // (state neither version can reach is neither an input nor an output that could differ;
    // a pair counts when either side is reached: the old version may bump a counter the new
    // one no longer touches)
    let reached: [HashSet<VarId>; 2] = [old_f, new_f].map(|f| crate::ir::reach::reachable(p, f).vars);
    let reaches = |v: VarId| reached.iter().any(|r| r.contains(&v));
    for (i, var) in p.vars.iter().enumerate() {
        let VarKind::StaticLocal(owner) = var.kind else { continue };
        if var.is_const {
            continue;
        }
        let v = VarId(i as u32);
        let owner = &p.func(owner).name;
        let side = if owner.ends_with("@old") { 0 } else { 1 };
        // (two statics of one name in one function, in different blocks: the second is `#2`,
        // paired with the other version's second, in declaration order)
        let base = format!("{}::{}", base_name(owner), var.name);
        let taken = |k: &String, m: &BTreeMap<String, (Option<VarId>, Option<VarId>)>| {
            m.get(k).is_some_and(|e| if side == 0 { e.0.is_some() } else { e.1.is_some() })
        };
        let mut key = base.clone();
        let mut n = 1;
        while taken(&key, &statics) && (owner.ends_with("@old") || owner.ends_with("@new")) {
            n += 1;
            key = format!("{base}#{n}");
        }
        let e = statics.entry(key).or_default();
        if owner.ends_with("@old") {
            e.0 = Some(v);
        } else if owner.ends_with("@new") {
            e.1 = Some(v);
        } else {
            // a function both versions share: one variable, reset between the runs
            *e = (Some(v), Some(v));
        }
    }
    statics.retain(|_, (o, n)| o.iter().chain(n.iter()).any(|&v| reaches(v)));
    // pointer parameters either version reaches below (`s[-1]`: sds's header) point into the
    // middle of their object, after room for such a header (contract/infer.rs)
    let conventions = crate::contract::infer::infer(p);
    let below = |i: usize| conventions.below.contains(&(old_f, i)) || conventions.below.contains(&(new_f, i));
    let below: Vec<bool> = (0..of.ty.params.len()).map(below).collect();
    // pointer parameters either version tests for NULL may be NULL, as a caller may pass it
    // (not one a later parameter points into: a range's start and end come together)
    let range_start =
        |i: usize| conventions.same_object.iter().any(|(&(g, j), &k)| k == i && j != i && (g == old_f || g == new_f));
    let nullable: Vec<bool> = (0..of.ty.params.len())
        .map(|i| {
            (conventions.nullable.contains(&(old_f, i)) || conventions.nullable.contains(&(new_f, i)))
                && !range_start(i)
        })
        .collect();
    let h = declare(p, HARNESS, Type::Void, vec![]);
    let mut b = Builder { fb: FnBuilder::new(p, h, of.loc), o };
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    let mut params = Vec::new();
    let mut globals = Vec::new();

    // --- the call log of external functions
    let int = b.int();
    let u64t = b.p.target.int(IntName::ULongLong);
    let ncalls = b.var("__verdiff_ncalls", int.clone(), VarKind::Global, false);
    let log_len = (o.call_limit * LOG_SLOTS) as u64;
    let calls = b.var("__verdiff_calls", Type::array(u64t.clone(), log_len), VarKind::Global, true);
    let ncalls_e = Expr::var(ncalls, int.clone());
    let calls_e = Expr::var(calls, Type::array(u64t.clone(), log_len));
    b.assign(ncalls_e.clone(), Expr::int(0, int.clone()));
    // (one zero fill, not a store per element: every read of the log — each element is copied
    // and compared — would walk thousands of stores; a concrete run spent 30 ms there)
    b.assign(calls_e.clone(), Expr::new(ExprKind::Zero, calls_e.ty.clone()));
    // --- how a run ends, when either version may stop (exit, abort, a failed assert)
    let stopped = if super::stops::may_stop(b.p, &[old_f, new_f]) {
        let v = b.var(super::stops::STOPPED, int.clone(), VarKind::Global, false);
        b.assign(Expr::var(v, int.clone()), Expr::int(super::stops::RETURNED, int.clone()));
        Some(v)
    } else {
        None
    };

    // --- which version runs (see Product::new_running)
    let new_running = b.var(NEW_RUNNING, int.clone(), VarKind::Global, false);
    let new_running_e = Expr::var(new_running, int.clone());
    b.assign(new_running_e.clone(), Expr::int(0, int.clone()));

    // --- parameters
    // (objects as large as the functions' constant offsets and range checks need to reach
    // their code, at least --object-size elements)
    let elems = o.object_elems.max(needed_elems(b.p, old_f).max(needed_elems(b.p, new_f)));
    let mut args_old = Vec::new();
    let mut args_new = Vec::new();
    // (output group name, object, elements before the pointer)
    let mut objects: Vec<(String, Expr, u64)> = Vec::new();
    // (parameter → its object, element type and the pointer's element, for pointers into it)
    let mut param_objects: HashMap<usize, (String, Expr, Type, u64)> = HashMap::new();
    // (the objects behind pointers stored in the inputs)
    let mut linked = linked::Linked::default();
    // (the first links each parameter may take: kept for it while earlier ones link deeper)
    let first_links: Vec<usize> = of
        .ty
        .params
        .iter()
        .map(|ty| match ty.pointee() {
            // (an array of pointers: every element's; a struct: the pointed-to element's)
            Some(to) if to.is_pointer() => linked::stored_pointers(b.p, to) * elems as usize,
            Some(Type::Function(_) | Type::Void) => 0,
            Some(to) => linked::stored_pointers(b.p, to),
            None => linked::stored_pointers(b.p, ty),
        })
        .collect();
    for (i, (ty, nty)) in of.ty.params.iter().zip(&nf.ty.params).enumerate() {
        linked.reserved = first_links.iter().skip(i + 1).sum();
        let pname = param_name(b.p, old_f, i);
        match ty {
            Type::Pointer(to) => {
                let elem = match &**to {
                    Type::Void => b.p.target.int(IntName::UChar),
                    Type::Function(_) => {
                        // a function the code names, one of the caller's, or NULL (linked.rs)
                        let pv = b.local(&pname, ty.clone(), false);
                        b.push(InstrKind::Decl(pv));
                        let pe = Expr::var(pv, ty.clone());
                        let leaf = Leaf { expr: pe.clone(), path: pname.clone() };
                        let name = b.function_input(&leaf, &mut inputs, &mut linked);
                        args_old.push(pe.clone());
                        args_new.push(Expr::cast(pe, nty.clone()));
                        params.push(ParamInput::Function { name: pname, leaf: name });
                        continue;
                    }
                    t => t.clone(),
                };
                if b.p.size_of(&elem).is_none() {
                    return Err(format!("parameter `{pname}` points to an incomplete type"));
                }
                // subtracted from or compared with an earlier pointer parameter: into its
                // object, as a C caller passes a range's end
                let earlier = [old_f, new_f].iter().find_map(|&f| conventions.same_object.get(&(f, i)).copied());
                if let Some((oname, oe, _, header)) =
                    earlier.and_then(|k| param_objects.get(&k)).filter(|(_, _, e, _)| *e == elem).cloned()
                {
                    let size_t = b.p.target.size_t();
                    let off = b.local(&format!("{pname}_offset"), size_t.clone(), false);
                    b.push(InstrKind::Decl(off));
                    let off_e = Expr::var(off, size_t.clone());
                    let leaf = Leaf { expr: off_e.clone(), path: format!("{pname}_offset") };
                    let offset = b.input(&leaf, &mut inputs);
                    let int = b.int();
                    let max = Expr::int(elems as i128, size_t.clone());
                    b.push(InstrKind::Assume(Expr::binary(BinOp::Le, off_e.clone(), max, int)));
                    let index = Expr::binary(BinOp::Add, off_e, Expr::int(header as i128, size_t.clone()), size_t);
                    let at = Expr::new(ExprKind::Index(Box::new(oe), Box::new(index)), elem.clone());
                    let pv = b.local(&pname, ty.clone(), false);
                    b.push(InstrKind::Decl(pv));
                    b.assign(Expr::var(pv, ty.clone()), Expr::cast(Expr::addr_of(at), ty.clone()));
                    args_old.push(Expr::var(pv, ty.clone()));
                    args_new.push(Expr::cast(Expr::var(pv, ty.clone()), nty.clone()));
                    params.push(ParamInput::Within { name: pname.clone(), object: oname, at: header, offset });
                    continue;
                }
                let oname = format!("{pname}_object");
                // (room before the pointer: the object size, and at least 32 bytes)
                let header = match below.get(i) {
                    Some(true) => elems.max(32u64.div_ceil(b.p.size_of(&elem).unwrap_or(1).max(1))),
                    _ => 0,
                };
                let obj_ty = Type::array(elem.clone(), header + elems);
                let ov = b.local(&oname, obj_ty.clone(), true);
                b.push(InstrKind::Decl(ov));
                let oe = Expr::var(ov, obj_ty);
                // (on the heap, as a caller's object may be: the functions may free it)
                b.on_heap(&oe);
                let ls = b.leaves_of(oe.clone(), &oname)?;
                // (the pointers stored in the element the parameter points to, or every
                // element of an array of pointers)
                let pointed = format!("{oname}[{header}]");
                let linkable = |l: &Leaf| elem.is_pointer() || l.path.starts_with(&pointed);
                let names = b.inputs_linked(ls, &linkable, &mut inputs, &mut linked)?;
                let pv = b.local(&pname, ty.clone(), false);
                b.push(InstrKind::Decl(pv));
                let first = Expr::new(
                    ExprKind::Index(Box::new(oe.clone()), Box::new(Expr::int(header as i128, b.p.target.size_t()))),
                    elem.clone(),
                );
                let nullable = nullable.get(i).copied().unwrap_or(false);
                b.object_or_null(
                    Expr::var(pv, ty.clone()),
                    Expr::cast(Expr::addr_of(first), ty.clone()),
                    nullable,
                    &mut linked,
                );
                args_old.push(Expr::var(pv, ty.clone()));
                args_new.push(Expr::cast(Expr::var(pv, ty.clone()), nty.clone()));
                params.push(ParamInput::Object {
                    name: pname.clone(),
                    object: oname.clone(),
                    elem: b.p.type_name(&elem),
                    elems: header + elems,
                    at: header,
                    leaves: names,
                    nullable,
                });
                param_objects.insert(i, (oname.clone(), oe.clone(), elem.clone(), header));
                objects.push((format!("*{pname}"), oe, header));
            }
            _ => {
                let pv = b.local(&pname, ty.clone(), false);
                b.push(InstrKind::Decl(pv));
                let pe = Expr::var(pv, ty.clone());
                let ls = b.leaves_of(pe.clone(), &pname)?;
                let names = b.inputs_linked(ls.clone(), &|_| true, &mut inputs, &mut linked)?;
                args_old.push(pe.clone());
                if ty == nty {
                    args_new.push(pe);
                } else {
                    // the same struct declared in each version: copy leaf by leaf
                    let nv = b.local(&format!("{pname}$new"), nty.clone(), false);
                    b.push(InstrKind::Decl(nv));
                    let ne = Expr::var(nv, nty.clone());
                    let nls = b.leaves_of(ne.clone(), &pname)?;
                    for (x, y) in ls.iter().zip(nls) {
                        let v = Expr::cast(x.expr.clone(), y.expr.ty.clone());
                        b.assign(y.expr, v);
                    }
                    args_new.push(ne);
                }
                params.push(ParamInput::Value { name: pname, ty: b.p.type_name(ty), leaves: names });
            }
        }
    }

    let mut input_objects: Vec<String> = params
        .iter()
        .filter_map(|p| match p {
            ParamInput::Object { object, .. } => Some(object.clone()),
            _ => None,
        })
        .collect();
    let mut linked_names = Vec::new();
    for (group, oe, name) in std::mem::take(&mut linked.objects) {
        objects.push((group, oe, 0));
        input_objects.push(name.clone());
        linked_names.push(name);
    }

    // --- globals: pair by name
    let written = written_globals(b.p);
    let mut pairs: BTreeMap<String, (Option<VarId>, Option<VarId>)> = BTreeMap::new();
    for (i, v) in b.p.vars.iter().enumerate() {
        if !matches!(v.kind, VarKind::Global) || !written.contains(&VarId(i as u32)) {
            continue;
        }
        let entry = |tag: &str| v.name.strip_suffix(tag).map(|n| n.to_string());
        if let Some(n) = entry("@old") {
            pairs.entry(n).or_default().0 = Some(VarId(i as u32));
        } else if let Some(n) = entry("@new") {
            pairs.entry(n).or_default().1 = Some(VarId(i as u32));
        }
    }
    let mut compared_globals: Vec<(String, Expr, Expr)> = Vec::new();
    let mut statics_in: Vec<GlobalInput> = Vec::new();
    // globals both versions only declare (`extern int config;`): one shared variable, reset
    // between the runs by the restore, and an output like any other
    for (i, v) in b.p.vars.iter().enumerate() {
        let id = VarId(i as u32);
        let from_model =
            b.p.files.get(v.loc.file as usize).is_some_and(|f| f.starts_with("<verdiff-") || f.starts_with("/usr/"));
        if matches!(v.kind, VarKind::Global)
            && written.contains(&id)
            && reaches(id)
            && !v.name.contains('@')
            && !v.name.starts_with("__verdiff")
            && !from_model
            && v.name != "errno"
        {
            let e = Expr::var(id, v.ty.clone());
            compared_globals.push((format!("global {}", v.name), e.clone(), e));
        }
    }
    pairs.retain(|_, (o, n)| o.iter().chain(n.iter()).any(|&v| reaches(v)));
    // (globals and statics, by the name the output is reported under)
    let statics = statics.into_iter().map(|(k, v)| (format!("static {k}"), v));
    type Pair = (Option<VarId>, Option<VarId>);
    let pairs: Vec<(String, Pair)> =
        pairs.into_iter().map(|(k, v)| (format!("global {k}"), v)).chain(statics).collect();
    // paired objects a pointer output may point into: equal pointers point to the same place
    // of the old and the new one
    let mut paired_objects: Vec<(Expr, Expr)> = Vec::new();
    for (label, (ov, nv)) in pairs {
        let name = label.split_once(' ').map(|(_, n)| n.to_string()).unwrap_or_default();
        let is_static = label.starts_with("static ");
        match (ov, nv) {
            (Some(ov), Some(nv)) => {
                let (ot, nt) = (b.p.var(ov).ty.clone(), b.p.var(nv).ty.clone());
                if !compatible(b.p, &ot, &nt, o.leaf_limit) {
                    return Err(format!(
                        "global `{name}` has type `{}` in the old version and `{}` in the new one",
                        b.p.type_name(&ot),
                        b.p.type_name(&nt)
                    ));
                }
                let oe = Expr::var(ov, ot);
                let ne = Expr::var(nv, nt);
                if b.p.var(ov).addressed && b.p.var(nv).addressed {
                    paired_objects.push((oe.clone(), ne.clone()));
                }
                let ols = b.leaves_of(oe.clone(), &name)?;
                let nls = b.leaves_of(ne.clone(), &name)?;
                let mut gl = Vec::new();
                for (x, y) in ols.iter().zip(nls) {
                    // (a function pointer: one the code may call, half the time in random runs)
                    let lhs = if x.expr.ty.pointee().is_some_and(|t| t.is_function()) && !o.null_stored_pointers {
                        b.function_input(x, &mut inputs, &mut linked)
                    } else {
                        b.input(x, &mut inputs)
                    };
                    let ty = y.expr.ty.clone();
                    b.assign(y.expr, Expr::cast(x.expr.clone(), ty));
                    gl.push((x.path.clone(), lhs));
                }
                if is_static {
                    // (a test cannot set a static local: the unit test leaves it out)
                    statics_in.push(GlobalInput { name: name.clone(), leaves: gl });
                } else {
                    globals.push(GlobalInput { name: name.clone(), leaves: gl });
                }
                compared_globals.push((label, oe, ne));
            }
            (Some(v), None) | (None, Some(v)) => {
                // state of one version only: arbitrary at the start, not compared
                // (a global that cannot be enumerated would keep its initialiser and narrow
                // the states compared: that is an error, not a silent skip)
                let e = Expr::var(v, b.p.var(v).ty.clone());
                for l in b.leaves_of(e, &name)? {
                    b.assign(l.expr.clone(), Expr::new(ExprKind::Nondet, l.expr.ty.clone()));
                }
            }
            (None, None) => {}
        }
    }

    // --- run the old version
    let snap = b.intrinsic("__verdiff_product_snapshot", Type::Void, vec![]);
    let restore = b.intrinsic("__verdiff_product_restore", Type::Void, vec![]);
    let fresh = b.intrinsic("__verdiff_product_fresh", int.clone(), vec![Type::ptr(Type::Void)]);
    b.call(snap, None, vec![]);
    let ret_void = of.ty.ret.is_void();
    let ret_old = if ret_void {
        None
    } else {
        let v = b.local("result$old", of.ty.ret.clone(), false);
        b.push(InstrKind::Decl(v));
        Some(Expr::var(v, of.ty.ret.clone()))
    };
    b.call(old_f, ret_old.clone(), args_old);

    // the outputs, as (group, old lvalue, new lvalue)
    let ret_new = if ret_void {
        None
    } else {
        let v = b.local("result$new", nf.ty.ret.clone(), false);
        Some(Expr::var(v, nf.ty.ret.clone()))
    };
    let mut groups: Vec<(String, Expr, Expr)> = Vec::new();
    if let Some(v) = stopped {
        let e = Expr::var(v, int.clone());
        groups.push((super::stops::GROUP.into(), e.clone(), e));
    }
    if let (Some(ro), Some(rn)) = (&ret_old, &ret_new) {
        groups.push(("return value".into(), ro.clone(), rn.clone()));
    }
    for (g, e, _) in &objects {
        groups.push((g.clone(), e.clone(), e.clone()));
    }
    for (label, oe, ne) in &compared_globals {
        groups.push((label.clone(), oe.clone(), ne.clone()));
    }
    groups.push(("external calls".into(), ncalls_e.clone(), ncalls_e.clone()));
    groups.push(("external calls".into(), calls_e.clone(), calls_e.clone()));

    // copy the old outputs
    let mut old_copies: Vec<Vec<(Leaf, Expr)>> = Vec::new();
    let mut k = 0usize;
    for (g, oe, _) in &groups {
        let mut ls = b.leaves_of(
            oe.clone(),
            g.strip_prefix("global ").or_else(|| g.strip_prefix("static ")).unwrap_or(if g == "return value" {
                "result"
            } else {
                g
            }),
        )?;
        // an object with room before the pointer: elements named from the pointer (`s[-1]`)
        if let Some(&(_, _, header)) = objects.iter().find(|(name, _, h)| name == g && *h > 0) {
            for l in &mut ls {
                l.path = from_pointer(&l.path, g, header);
            }
        }
        let mut copies = Vec::new();
        for l in ls {
            let v = b.local(&format!("old${k}"), l.expr.ty.clone(), false);
            k += 1;
            let ve = Expr::var(v, l.expr.ty.clone());
            b.assign(ve.clone(), l.expr.clone());
            copies.push((l, ve));
        }
        old_copies.push(copies);
    }

    // whether each caller's object is still alive after the old version (a freed object's
    // contents are no output: a caller cannot read them)
    let alive = b.intrinsic("__verdiff_product_alive", int.clone(), vec![Type::ptr(Type::Void)]);
    let alive_after = |b: &mut Builder, side: &str| -> HashMap<String, Expr> {
        let mut flags = HashMap::new();
        for (i, (g, oe, _)) in objects.iter().enumerate() {
            let f = Expr::var(b.local(&format!("alive${side}{i}"), int.clone(), false), int.clone());
            b.call(alive, Some(f.clone()), vec![Expr::cast(Expr::addr_of(oe.clone()), Type::ptr(Type::Void))]);
            flags.insert(g.clone(), f);
        }
        flags
    };
    let alive_old = alive_after(&mut b, "old");

    // --- run the new version from the same state
    b.call(restore, None, vec![]);
    b.assign(ncalls_e.clone(), Expr::int(0, int.clone()));
    if let Some(rn) = &ret_new {
        if let ExprKind::Var(v) = rn.kind {
            b.push(InstrKind::Decl(v));
        }
    }
    b.assign(new_running_e.clone(), Expr::int(1, int.clone()));
    b.call(new_f, ret_new.clone(), args_new);
    b.assign(new_running_e, Expr::int(0, int.clone()));

    // --- compare
    // (when a run stopped, only how it ended and the calls it made before are behaviour:
    // its return value and memory are not compared)
    let either_stopped = stopped.zip(old_copies.first().and_then(|c| c.first())).map(|(v, (_, old))| {
        let ne = |e: Expr| Expr::binary(BinOp::Ne, e, Expr::int(super::stops::RETURNED, int.clone()), int.clone());
        Expr::binary(BinOp::LogOr, ne(old.clone()), ne(Expr::var(v, int.clone())), int.clone())
    });
    let alive_new = alive_after(&mut b, "new");
    let mut k = 0usize;
    // pointers to memory each version allocated: not compared, and their contents not either;
    // said (an unsupported construct, which ends the path) after every other comparison, so
    // that a difference elsewhere is still found
    let mut uncompared: Vec<(Expr, String)> = Vec::new();
    for ((g, _, ne), copies) in groups.iter().zip(old_copies) {
        let nls = b.leaves_of(ne.clone(), "")?;
        let mut conds = Vec::new();
        // (set before a stopped run skips the group's comparisons)
        let flags: Vec<Option<Expr>> = copies
            .iter()
            .enumerate()
            .map(|(i, (_, oc))| {
                oc.ty.is_pointer().then(|| {
                    let f = Expr::var(b.local(&format!("uncompared${}", k + i), int.clone(), false), int.clone());
                    b.assign(f.clone(), Expr::int(0, int.clone()));
                    f
                })
            })
            .collect();
        // a caller's object both versions freed: its contents are not compared
        let freed = alive_old.get(g).zip(alive_new.get(g)).map(|(o, n)| {
            let either = Expr::binary(BinOp::LogOr, o.clone(), n.clone(), int.clone());
            Expr::unary(UnOp::LogNot, either, int.clone())
        });
        let stopped_here = either_stopped.clone().filter(|_| g != super::stops::GROUP && g != "external calls");
        let skip = match (stopped_here, freed) {
            (Some(a), Some(f)) => Some(Expr::binary(BinOp::LogOr, a, f, int.clone())),
            (a, f) => a.or(f),
        };
        let skip_at = skip.map(|c| {
            b.push(InstrKind::Goto { cond: Some(c), target: usize::MAX });
            b.body.len() - 1
        });
        for (((ol, oc), nl), flag) in copies.into_iter().zip(nls).zip(flags) {
            let v = b.local(&format!("new${k}"), nl.expr.ty.clone(), false);
            let ve = Expr::var(v, nl.expr.ty.clone());
            b.assign(ve.clone(), nl.expr.clone());
            outputs.push(OutputLeaf {
                group: g.clone(),
                path: ol.path.clone(),
                old_var: format!("old${k}"),
                new_var: format!("new${k}"),
            });
            k += 1;
            if oc.ty.is_pointer() {
                // pointers into memory a version allocated: their targets are not compared
                let fo = b.local(&format!("fresh$old{k}"), int.clone(), false);
                let fnv = b.local(&format!("fresh$new{k}"), int.clone(), false);
                let vp = Type::ptr(Type::Void);
                b.call(fresh, Some(Expr::var(fo, int.clone())), vec![Expr::cast(oc.clone(), vp.clone())]);
                b.call(fresh, Some(Expr::var(fnv, int.clone())), vec![Expr::cast(ve.clone(), vp)]);
                let both =
                    Expr::binary(BinOp::LogAnd, Expr::var(fo, int.clone()), Expr::var(fnv, int.clone()), int.clone());
                let differ = Expr::binary(
                    BinOp::Ne,
                    Expr::cast(oc.clone(), Type::ptr(Type::Void)),
                    Expr::cast(ve.clone(), Type::ptr(Type::Void)),
                    int.clone(),
                );
                let both = Expr::binary(BinOp::LogAnd, both, differ, int.clone());
                if let Some(f) = &flag {
                    b.assign(f.clone(), both);
                    uncompared.push((
                        f.clone(),
                        format!(
                            "{g}: `{}` points to memory allocated by the function in both versions; verdiff does not compare its contents",
                            ol.path
                        ),
                    ));
                }
            }
            let same = if oc.ty.is_pointer() && !paired_objects.is_empty() {
                eq_pointer(b.p, oc, ve, &paired_objects)
            } else {
                eq_leaf(b.p, oc, ve)
            };
            conds.push(match flag {
                // (two allocations are at different places: that is no difference)
                Some(f) => Expr::binary(BinOp::LogOr, f, same, int.clone()),
                None => same,
            });
        }
        let cond = all(b.p, conds);
        b.push(InstrKind::Assert {
            cond,
            kind: crate::ir::ClaimKind::Assertion,
            msg: format!("{g} is the same in both versions"),
        });
        if let Some(at) = skip_at {
            let end = b.body.len();
            if let InstrKind::Goto { target, .. } = &mut b.body[at].kind {
                *target = end;
            }
        }
    }
    for (flag, reason) in uncompared {
        let at = b.body.len();
        let not_set = Expr::unary(UnOp::LogNot, flag, int.clone());
        b.push(InstrKind::Goto { cond: Some(not_set), target: at + 2 });
        b.push(InstrKind::Unsupported(reason));
    }
    b.push(InstrKind::Return(None));
    let body = std::mem::take(&mut b.body);
    b.p.funcs[h.0 as usize].body = Some(body);
    b.p.funcs[h.0 as usize].loc = of.loc;
    let mut hooks =
        ProductHooks { ncalls: Some(ncalls), calls: Some(calls), limit: o.call_limit, ..Default::default() };
    let mut n = 0;
    for f in &b.p.funcs {
        if (f.body.is_none() || crate::symex::product::is_output_function(&f.name)) && !f.name.starts_with("__verdiff")
        {
            n += 1;
            hooks.external_ids.insert(f.name.clone(), n);
        }
    }
    let ret_type = if ret_void { None } else { Some(b.p.type_name(&of.ty.ret)) };
    Ok(Product {
        harness: h,
        params,
        globals,
        statics: statics_in,
        inputs,
        outputs,
        hooks,
        ret_type,
        ret_scalar: of.ty.ret.is_arith(),
        ret_float: of.ty.ret.is_float(),
        stopped,
        new_running,
        input_objects,
        linked: linked_names,
    })
}

#[cfg(test)]
mod tests {
    use super::from_pointer;

    /// The product of `f` compared with itself.
    fn product_of(src: &str, f: &str) -> super::Product {
        built(src, f).1
    }

    /// The program holding the product of `f` compared with itself, and the product.
    fn built(src: &str, f: &str) -> (crate::ir::Program, super::Product) {
        use crate::frontend;
        let texts = vec![src.to_string()];
        let fo = frontend::FrontendOptions::default();
        let alone = frontend::load_preprocessed(&texts, &fo).expect("the test program lowers");
        let (dold, dnew) = (crate::equiv::defined_names(&alone, "old"), crate::equiv::defined_names(&alone, "new"));
        let mut p = frontend::load_versions(&texts, &texts, dold, dnew, fo.target).expect("both versions lower");
        let old_f = p.func_named(&format!("{f}@old")).expect("old version");
        let new_f = p.func_named(&format!("{f}@new")).expect("new version");
        let product = super::build(&mut p, old_f, new_f, &super::ProductOptions::default()).expect("a product");
        (p, product)
    }

    #[test]
    fn a_buffer_and_its_length_member_describe_one_object() {
        use crate::ir::{ExprKind, InstrKind};
        let src = "struct buf { char *data; unsigned long len; unsigned long pos; };
                   int f(struct buf *b) { return b->data[b->pos]; }";
        let (p, product) = built(src, "f");
        let body = p.func(product.harness).body.as_ref().expect("a harness body");
        // the fresh object behind `data` has room for what a caller's buffer holds
        let object = body
            .iter()
            .find_map(|i| match &i.kind {
                InstrKind::Decl(v) if p.vars[v.0 as usize].name.starts_with("b_object_0_data_object") => {
                    Some(p.vars[v.0 as usize].ty.clone())
                }
                _ => None,
            })
            .expect("a fresh object behind b->data");
        assert_eq!(p.size_of(&object), Some(super::linked::DESCRIBED_ELEMS));
        // `len` is that size on one path, a free value on the other: no value is left out
        let assigned = |want: &dyn Fn(&ExprKind) -> bool| {
            body.iter().any(|i| match &i.kind {
                InstrKind::Assign { lhs, rhs } => {
                    crate::ir::display::expr_to_c(&p, lhs) == "b_object[0].len" && want(&rhs.kind)
                }
                _ => false,
            })
        };
        assert!(assigned(&|k| matches!(k, ExprKind::Int(32))), "len = the buffer's size");
        assert!(assigned(&|k| matches!(k, ExprKind::Nondet)), "len free");
        // `pos` names no size: free only
        assert!(!body.iter().any(|i| matches!(&i.kind, InstrKind::Assign { lhs, rhs }
            if crate::ir::display::expr_to_c(&p, lhs) == "b_object[0].pos" && matches!(rhs.kind, ExprKind::Int(_)))));
    }

    #[test]
    fn a_later_parameter_keeps_fresh_objects_for_its_first_links() {
        // `n`'s first and second links alone would take more than the 24 fresh objects (5
        // first links, 25 second ones): `b->data` must still get one, or random runs only
        // ever see free bits there (cJSON's `print_object(item, output_buffer)`)
        let src = "struct node { struct node *a, *b, *c, *d, *e; int v; };
                   struct buf { char *data; unsigned long len; };
                   int f(struct node *n, struct buf *b) { return n->a->b->v + b->data[0]; }";
        let product = product_of(src, "f");
        assert!(product.linked.len() <= super::linked::MAX_LINKED, "{:?}", product.linked);
        assert!(product.linked.iter().any(|o| o.starts_with("b_object_0_data")), "{:?}", product.linked);
        // (and `n` still gets its second links with what is left)
        assert!(product.linked.iter().any(|o| o.starts_with("n_object_0_a_object_0_")), "{:?}", product.linked);
    }

    #[test]
    fn elements_of_an_object_with_a_header_are_named_from_the_pointer() {
        assert_eq!(from_pointer("*s[32]", "*s", 32), "*s[0]");
        assert_eq!(from_pointer("*s[31]", "*s", 32), "*s[-1]");
        assert_eq!(from_pointer("*p[3].x", "*p", 2), "*p[1].x");
        assert_eq!(from_pointer("*sp[3]", "*s", 2), "*sp[3]", "another object keeps its name");
    }
}
