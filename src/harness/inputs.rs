//! What a test feeds the code under test, read from its IR (never by running it): local
//! variables initialised with integer constants (scalars, arrays, strings) and integer
//! literals passed directly, and which argument of which function under test each reaches.

use std::collections::{BTreeSet, HashMap};

use crate::ir::{Expr, ExprKind, FuncId, InstrKind, Program, Type, VarId};

/// An integer input of a test.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    /// The variable (None for a literal argument).
    pub var: Option<String>,
    /// Where the initialiser or the call is.
    pub line: u32,
    pub col: u32,
    /// Element values (one for scalars and literals; strings without their terminator).
    pub values: Vec<i128>,
    /// The element type as C spells it (`int`, `unsigned char`, ...).
    pub c_type: String,
    /// The element type's range.
    pub min: i128,
    pub max: i128,
    pub is_array: bool,
    pub is_string: bool,
    /// (function under test, argument index) pairs the input reaches.
    pub reaches: BTreeSet<(String, usize)>,
    /// The smallest element count of a local array passed in the same call (a length
    /// argument beside its buffer must not exceed the buffer).
    pub cap: Option<i128>,
    /// For a member of a struct the test initialises (`struct pt p = {3, 4};`): which one.
    pub field: Option<FieldOf>,
}

impl Input {
    /// Values `values` of element type `ty` at `loc` (None when `ty` is not an integer type
    /// verdiff generalises); where they go is filled in later.
    fn new(p: &Program, var: Option<String>, loc: crate::ir::Loc, values: Vec<i128>, ty: &Type) -> Option<Input> {
        let (min, max) = range_of(ty)?;
        Some(Input {
            var,
            line: loc.line,
            col: loc.col,
            values,
            c_type: p.type_name(ty),
            min,
            max,
            is_array: false,
            is_string: false,
            reaches: BTreeSet::new(),
            cap: None,
            field: None,
        })
    }
}

/// A member of a struct variable: its position in the initialiser, the number of members,
/// and its name (what the values at an argument are collected under: `f.name`).
#[derive(Clone, Debug, PartialEq)]
pub struct FieldOf {
    pub index: usize,
    pub count: usize,
    pub name: String,
}

/// A struct member's name, type and initial value.
type MemberValue = (String, Type, i128);

/// Struct initialisers of `v` starting at instruction `from` (`v = {0}` then `v.k = c`, all
/// at the declaration): the members' values, and where the initialiser ends. Only structs
/// whose members are all integers (no bit-fields) that every member gets a constant.
fn struct_init(
    p: &Program,
    body: &[crate::ir::Instr],
    from: usize,
    v: VarId,
    known: &HashMap<VarId, i128>,
) -> Option<(Vec<MemberValue>, usize)> {
    let layout = p.layout();
    let c = layout.composite(&p.var(v).ty).filter(|c| !c.is_union && c.complete && !c.flexible)?;
    if c.fields.is_empty() || c.fields.iter().any(|f| f.bits.is_some() || !matches!(f.ty, Type::Int(_))) {
        return None;
    }
    let line = body.get(from.checked_sub(1)?)?.loc.line;
    let mut values: Vec<Option<i128>> = vec![None; c.fields.len()];
    let mut zeroed = false;
    let mut j = from;
    while j < body.len() && body[j].loc.line >= line && body[j].loc.line <= line + 64 {
        match &body[j].kind {
            InstrKind::Assign { lhs, rhs } => {
                let slot = match &lhs.kind {
                    ExprKind::Var(w) if *w == v && matches!(rhs.kind, ExprKind::Zero) => None,
                    ExprKind::Member(b, k) if matches!(b.kind, ExprKind::Var(w) if w == v) => Some(*k as usize),
                    _ => break,
                };
                match slot {
                    None => zeroed = true,
                    Some(k) if k < values.len() => values[k] = Some(constant(p, rhs, known)?),
                    Some(_) => return None,
                }
            }
            InstrKind::Assert { .. } | InstrKind::Skip => {}
            _ => break,
        }
        j += 1;
    }
    let vals: Vec<i128> = values.into_iter().map(|x| x.or(zeroed.then_some(0))).collect::<Option<Vec<_>>>()?;
    Some((c.fields.iter().zip(vals).map(|(f, x)| (f.name.clone(), f.ty.clone(), x)).collect(), j))
}

fn range_of(t: &Type) -> Option<(i128, i128)> {
    t.int_ty()?.range()
}

fn strip_casts(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(a, _) => strip_casts(a),
        _ => e,
    }
}

/// The value of an integer expression computed from constants and from locals of the test
/// with a known constant value (`known`), by the front end's constant folding — never by
/// running anything. The value must fit the expression's type unchanged (a conversion that
/// changes it is not an input a reader would recognise).
fn constant(p: &Program, e: &Expr, known: &HashMap<VarId, i128>) -> Option<i128> {
    let inner = strip_casts(e);
    let v = match inner.as_int() {
        Some(bits) => inner.ty.int_ty()?.value(bits)?,
        None => crate::frontend::fold_int(p, &substitute(e, known)?)?,
    };
    // the value as the outer type sees it
    let (lo, hi) = range_of(&e.ty).unwrap_or((v, v));
    (lo <= v && v <= hi).then_some(v)
}

/// `e` with the locals of `known` replaced by their values; None when it reads memory or
/// calls something (then it is not computed from constants).
fn substitute(e: &Expr, known: &HashMap<VarId, i128>) -> Option<Expr> {
    let kind = match &e.kind {
        ExprKind::Int(_) => return Some(e.clone()),
        ExprKind::Var(v) => return known.get(v).map(|&x| Expr::int(x, e.ty.clone())),
        ExprKind::Cast(a, explicit) => ExprKind::Cast(Box::new(substitute(a, known)?), *explicit),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(substitute(a, known)?)),
        ExprKind::Binary(op, a, b) => {
            ExprKind::Binary(*op, Box::new(substitute(a, known)?), Box::new(substitute(b, known)?))
        }
        ExprKind::Cond(c, a, b) => ExprKind::Cond(
            Box::new(substitute(c, known)?),
            Box::new(substitute(a, known)?),
            Box::new(substitute(b, known)?),
        ),
        _ => return None,
    };
    Some(Expr::new(kind, e.ty.clone()))
}

/// Scalar locals assigned exactly once in `body` (their initialiser): their value is the
/// initialiser's wherever they are read.
fn assigned_once(body: &[crate::ir::Instr]) -> HashMap<VarId, usize> {
    let mut n: HashMap<VarId, usize> = HashMap::new();
    for ins in body {
        if let InstrKind::Assign { lhs, .. } = &ins.kind {
            if let ExprKind::Var(v) = lhs.kind {
                *n.entry(v).or_default() += 1;
            }
        }
        if let InstrKind::Call { lhs: Some(lhs), .. } = &ins.kind {
            if let ExprKind::Var(v) = lhs.kind {
                *n.entry(v).or_default() += 2;
            }
        }
    }
    n
}

fn vars_in(e: &Expr, out: &mut BTreeSet<VarId>) {
    e.visit(&mut |x| {
        if let ExprKind::Var(v) = x.kind {
            out.insert(v);
        }
    });
}

/// The key under which the values tests assign to global `name` are collected (in place of
/// a function and argument).
pub fn global_key(name: &str) -> (String, usize) {
    (format!("global {name}"), 0)
}

/// The inputs of test function `t`; `under_test` says which callees are code under test;
/// with `globals`, integer constants the test assigns to globals are inputs too.
pub fn inputs(p: &Program, t: FuncId, under_test: &dyn Fn(FuncId) -> bool, globals: bool) -> Vec<Input> {
    let Some(body) = p.func(t).body.as_ref() else { return vec![] };
    let mut out: Vec<Input> = Vec::new();
    let mut by_var: Vec<(VarId, usize)> = Vec::new();
    // scalar locals with a constant value, for initialisers computed from them
    let once = assigned_once(body);
    let mut known: HashMap<VarId, i128> = HashMap::new();
    let mut i = 0;
    while i < body.len() {
        let ins = &body[i];
        i += 1;
        let InstrKind::Decl(v) = ins.kind else { continue };
        let var = p.var(v);
        if var.ty.is_composite() {
            let Some((fields, end)) = struct_init(p, body, i, v, &known) else { continue };
            let count = fields.len();
            for (index, (name, ty, value)) in fields.into_iter().enumerate() {
                let Some(input) = Input::new(p, Some(var.name.clone()), ins.loc, vec![value], &ty) else { continue };
                by_var.push((v, out.len()));
                out.push(Input { field: Some(FieldOf { index, count, name }), ..input });
            }
            i = end;
            continue;
        }
        let (elem, n, is_array) = match &var.ty {
            Type::Array(e, crate::ir::ArrayLen::Fixed(n)) => ((**e).clone(), *n as usize, true),
            t @ Type::Int(_) => (t.clone(), 1, false),
            _ => continue,
        };
        if range_of(&elem).is_none() {
            continue;
        }
        // the initialiser: `v = {0}` then `v[k] = c`, or `v = c`, at the declaration
        let mut values: Vec<Option<i128>> = vec![None; n];
        let mut j = i;
        let mut zeroed = false;
        while j < body.len() && body[j].loc.line >= ins.loc.line && body[j].loc.line <= ins.loc.line + 64 {
            match &body[j].kind {
                InstrKind::Assign { lhs, rhs } => {
                    let slot = match &lhs.kind {
                        ExprKind::Var(w) if *w == v => Some(0),
                        ExprKind::Index(a, k) if matches!(a.kind, ExprKind::Var(w) if w == v) => {
                            k.as_int().map(|k| k as usize)
                        }
                        _ => None,
                    };
                    let Some(slot) = slot.filter(|&s| s < n) else { break };
                    if matches!(rhs.kind, ExprKind::Zero) {
                        zeroed = true;
                    } else if let Some(c) = constant(p, rhs, &known) {
                        values[slot] = Some(c);
                    } else {
                        break;
                    }
                }
                // bounds claims the instrumentation put between element stores
                InstrKind::Assert { .. } | InstrKind::Skip => {}
                _ => break,
            }
            j += 1;
        }
        if j == i {
            continue;
        }
        i = j;
        let values: Vec<i128> =
            values.into_iter().map(|x| x.or(zeroed.then_some(0))).collect::<Option<Vec<_>>>().unwrap_or_default();
        if values.is_empty() {
            continue;
        }
        let is_string = is_array && matches!(&elem, Type::Int(it) if it.width == 8) && values.last() == Some(&0);
        let values = if is_string { values[..values.len() - 1].to_vec() } else { values };
        if !is_array && once.get(&v) == Some(&1) {
            known.insert(v, values[0]);
        }
        let Some(input) = Input::new(p, Some(var.name.clone()), ins.loc, values, &elem) else { continue };
        by_var.push((v, out.len()));
        out.push(Input { is_array, is_string, ..input });
    }
    // values the test gives globals (the code under test reads them)
    for ins in body.iter().filter(|_| globals) {
        let InstrKind::Assign { lhs, rhs } = &ins.kind else { continue };
        let ExprKind::Var(g) = lhs.kind else { continue };
        let var = p.var(g);
        if var.kind != crate::ir::VarKind::Global || var.is_const {
            continue;
        }
        let Some(c) = constant(p, rhs, &known) else { continue };
        let Some(input) = Input::new(p, Some(var.name.clone()), ins.loc, vec![c], &var.ty) else { continue };
        out.push(Input { reaches: [global_key(&var.name)].into_iter().collect(), ..input });
    }
    // where they go: arguments of calls to code under test
    for ins in body {
        let InstrKind::Call { func, args, .. } = &ins.kind else { continue };
        let ExprKind::Func(g) = strip_casts(func).kind else { continue };
        if !under_test(g) {
            continue;
        }
        let gname = crate::ir::fingerprint::base_name(&p.func(g).name).to_string();
        // buffers of the test passed in this call: their element counts
        let cap = args.iter().filter_map(|a| local_array_len(p, a)).min();
        let tighten = |c: &mut Option<i128>| {
            if let Some(n) = cap {
                *c = Some(c.map_or(n, |x: i128| x.min(n)));
            }
        };
        for (k, a) in args.iter().enumerate() {
            let mut vs = BTreeSet::new();
            vars_in(a, &mut vs);
            for (v, idx) in &by_var {
                if vs.contains(v) {
                    // a member's values are collected per member of the argument
                    let key = match &out[*idx].field {
                        Some(fl) => format!("{gname}.{}", fl.name),
                        None => gname.clone(),
                    };
                    out[*idx].reaches.insert((key, k));
                    if !out[*idx].is_array && out[*idx].field.is_none() {
                        tighten(&mut out[*idx].cap);
                    }
                }
            }
            if vs.is_empty() {
                if let Some(input) = constant(p, a, &known).and_then(|c| Input::new(p, None, ins.loc, vec![c], &a.ty)) {
                    out.push(Input { reaches: [(gname.clone(), k)].into_iter().collect(), cap, ..input });
                }
            }
        }
    }
    out.retain(|x| !x.reaches.is_empty());
    out
}

/// The element count of the local fixed-size array an argument points into (`arr`,
/// `&arr[0]`, through casts).
fn local_array_len(p: &Program, a: &Expr) -> Option<i128> {
    let e = strip_casts(a);
    let v = match &e.kind {
        ExprKind::AddrOf(x) => match &strip_casts(x).kind {
            ExprKind::Index(b, _) => match strip_casts(b).kind {
                ExprKind::Var(v) => v,
                _ => return None,
            },
            ExprKind::Var(v) => *v,
            _ => return None,
        },
        ExprKind::Var(v) => *v,
        _ => return None,
    };
    let var = p.var(v);
    if var.is_static() {
        return None;
    }
    match &var.ty {
        Type::Array(_, crate::ir::ArrayLen::Fixed(n)) => Some(*n as i128),
        _ => None,
    }
}

/// The functions under test `t` calls directly.
pub fn called(p: &Program, t: FuncId, under_test: &dyn Fn(FuncId) -> bool) -> BTreeSet<String> {
    crate::ir::fingerprint::callees(p, t)
        .into_iter()
        .filter(|&g| under_test(g))
        .map(|g| crate::ir::fingerprint::base_name(&p.func(g).name).to_string())
        .collect()
}

/// A pointer a test passes to a function under test: NULL, or something else (an address).
#[derive(Clone, Debug, PartialEq)]
pub struct PointerArg {
    pub line: u32,
    pub function: String,
    pub arg: usize,
    pub null: bool,
}

/// The pointer arguments of test function `t`'s calls into code under test.
pub fn pointer_args(p: &Program, t: FuncId, under_test: &dyn Fn(FuncId) -> bool) -> Vec<PointerArg> {
    let Some(body) = p.func(t).body.as_ref() else { return vec![] };
    let mut out = Vec::new();
    for ins in body {
        let InstrKind::Call { func, args, .. } = &ins.kind else { continue };
        let ExprKind::Func(g) = strip_casts(func).kind else { continue };
        if !under_test(g) {
            continue;
        }
        let gname = crate::ir::fingerprint::base_name(&p.func(g).name).to_string();
        for (k, a) in args.iter().enumerate() {
            if !a.ty.is_pointer() {
                continue;
            }
            let inner = strip_casts(a);
            let null = matches!(inner.kind, ExprKind::Zero) || inner.as_int() == Some(0);
            out.push(PointerArg { line: ins.loc.line, function: gname.clone(), arg: k, null });
        }
    }
    out
}
