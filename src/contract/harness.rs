//! The entry harness of a function verified with its precondition (docs/contracts.md): a
//! generated function that gives every parameter an input the precondition allows and calls
//! the function.

use super::infer::Conventions;
use crate::ir::build::{declare, FnBuilder};
use crate::ir::{BinOp, Expr, ExprKind, FuncId, IntName, Program, Type};
use crate::symex::input::PARAM_OBJECTS;

/// The harness function's name.
pub const ENTRY: &str = "__verdiff_entry";

/// The harness calling `f`, and what it assumes, one clause per item (C text).
pub struct Entry {
    pub harness: FuncId,
    pub assumptions: Vec<String>,
    /// The constructors the harness calls to build handle parameters (contract/handles.rs):
    /// run [`super::handles::trust`] on them once the program is instrumented.
    pub constructors: Vec<FuncId>,
}

/// What building the inputs of one call needs: the harness under construction, its input
/// intrinsic and the next caller's object.
struct Inputs<'a, 'p> {
    b: FnBuilder<'p>,
    input_pointer: FuncId,
    next_object: u32,
    c: &'a Conventions,
    constructors: &'a std::collections::HashMap<String, FuncId>,
    used: Vec<FuncId>,
    assumptions: Vec<String>,
}

/// Adds the entry harness of `f` to `p`.
pub fn entry(p: &mut Program, f: FuncId, c: &Conventions) -> Entry {
    let fun = p.func(f).clone();
    let constructors = super::handles::constructors(p);
    let (h, b, input_pointer) = harness_function(p, ENTRY, fun.loc);
    let mut inputs =
        Inputs { b, input_pointer, next_object: 0, c, constructors: &constructors, used: vec![], assumptions: vec![] };
    let (locals, types, pointers) = arguments(&mut inputs, f, true);
    if pointers > 1 {
        inputs.assumptions.push("pointer parameters point to distinct objects".into());
    }
    if pointers > 0 {
        let start = if c.loaded_below.contains(&f) { "" } else { " and point to the start of their objects" };
        inputs.assumptions.push(format!(
            "pointers stored in them are valid{start} (NULL only where the code tests for it, and there NULL {} links from a parameter)",
            super::infer::INPUT_DEPTH
        ));
    }
    let mut b = inputs.b;
    let args: Vec<Expr> = locals.iter().zip(&types).map(|(&v, t)| Expr::var(v, t.clone())).collect();
    b.call(f, None, args);
    b.push(crate::ir::InstrKind::Return(None));
    b.finish();
    Entry { harness: h, assumptions: inputs.assumptions, constructors: inputs.used }
}

/// Whether `g`'s body mentions its parameter `i` at all (`(void)arg;` does not).
fn read_in_body(p: &Program, g: FuncId, i: usize) -> bool {
    let Some(&v) = p.func(g).params.get(i) else { return false };
    let mut seen = false;
    for ins in p.func(g).body.iter().flatten() {
        for e in ins.kind.exprs() {
            e.visit(&mut |x| seen |= matches!(x.kind, ExprKind::Var(w) if w == v));
        }
    }
    // (a written contract may state something of it)
    seen || p.func(g).body.is_none() || p.func(g).has_contract()
}

/// The names of `g`'s parameters (`argN` where it has none).
fn param_names(p: &Program, g: FuncId) -> Vec<String> {
    p.func(g)
        .params
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let n = p.var(v).name.clone();
            if n.is_empty() || n.starts_with('$') {
                format!("arg{}", i + 1)
            } else {
                n
            }
        })
        .collect()
}

/// Locals of the harness holding an input for every parameter of `g` as `g`'s precondition
/// allows, their types, and how many are pointers to caller's objects. `top`: `g` is the
/// function under verification (its handle parameters are built by constructors and its
/// assumptions are printed).
fn arguments(x: &mut Inputs<'_, '_>, g: FuncId, top: bool) -> (Vec<crate::ir::VarId>, Vec<Type>, usize) {
    let size_t = x.b.p.target.size_t();
    let int = x.b.p.target.int_t();
    let names = param_names(x.b.p, g);
    let prefix = if top { String::new() } else { format!("{}$", x.b.p.func(g).name) };
    let handles: Vec<Option<String>> = x.b.p.func(g).type_names.as_ref().map(|t| t.params.clone()).unwrap_or_default();
    let types: Vec<Type> = x.b.p.func(g).params.iter().map(|&v| x.b.p.var(v).ty.clone()).collect();
    let locals: Vec<_> =
        names.iter().zip(&types).map(|(n, t)| x.b.declared(&format!("{prefix}{n}"), t.clone(), false)).collect();
    // values first (a length must be known before the object it sizes)
    for (i, t) in types.iter().enumerate() {
        if !is_data_pointer(t) {
            x.b.assign(Expr::var(locals[i], t.clone()), Expr::new(ExprKind::Nondet, t.clone()));
        }
    }
    let mut pointers = 0;
    let mut frees: Option<bool> = None;
    for (i, t) in types.iter().enumerate() {
        let nullable = x.c.nullable.contains(&(g, i));
        let handle = handles.get(i).cloned().flatten();
        let ctor = handle.as_ref().and_then(|n| x.constructors.get(n).map(|&k| (n.clone(), k)));
        if let Some((handle, ctor)) = ctor.filter(|&(_, k)| top && is_data_pointer(t) && k != g) {
            // a handle as the code base makes one
            let value = construct(x, ctor, t, nullable);
            x.b.assign(Expr::var(locals[i], t.clone()), value);
            let ctor_names = param_names(x.b.p, ctor).join(", ");
            let ctor_name = x.b.p.func(ctor).name.clone();
            let null = if nullable { " or NULL" } else { "" };
            let article = if handle.ends_with('*') { "a" } else { "an" };
            x.assumptions.push(format!(
                "`{}` is {article} `{handle}` made by `{ctor_name}({ctor_names})`{null} (its precondition assumed, its calls inlined, its loops cut at {} iterations)",
                names[i],
                crate::ir::TRUSTED_LOOP_BOUND
            ));
        } else if let Some(&k) =
            x.c.same_object
                .get(&(g, i))
                .filter(|&&k| k < i && is_data_pointer(&types[k]) && !nullable && !x.c.nullable.contains(&(g, k)))
        {
            // the end of the earlier parameter's range (`parse(buf, buf + len)`)
            let value = within(&mut x.b, Expr::var(locals[k], types[k].clone()), t);
            x.b.assign(Expr::var(locals[i], t.clone()), value);
            if top {
                x.assumptions.push(format!(
                    "`{}` points into the object of `{}`, at or after it (the function subtracts or compares them)",
                    names[i], names[k]
                ));
            }
        } else if is_data_pointer(t) && !read_in_body(x.b.p, g, i) {
            // a parameter the function never reads (a thread's `void *arg` it ignores): any
            // value does, and nothing is assumed of it
            x.b.assign(Expr::var(locals[i], t.clone()), Expr::new(ExprKind::Nondet, t.clone()));
        } else if is_data_pointer(t) {
            pointers += 1;
            let sized = x.c.sized.get(&(g, i)).filter(|s| s.len < types.len() && types[s.len].is_int());
            let size = match sized {
                Some(s) => {
                    let n = Expr::var(locals[s.len], types[s.len].clone());
                    let positive = Expr::binary(BinOp::Gt, n.clone(), Expr::int(0, n.ty.clone()), int.clone());
                    let bytes = Expr::binary(
                        BinOp::Mul,
                        Expr::cast(n, size_t.clone()),
                        Expr::int(s.unit as i128, size_t.clone()),
                        size_t.clone(),
                    );
                    let unit = if s.unit == 1 { "bytes".to_string() } else { "elements".to_string() };
                    let header =
                        if x.c.below.contains(&(g, i)) { " (after what the caller keeps before it)" } else { "" };
                    let least = if s.at_least { "at least " } else { "" };
                    if top {
                        x.assumptions
                            .push(format!("`{}` points to {least}`{}` {unit}{header}", names[i], names[s.len]));
                    }
                    Expr::new(
                        ExprKind::Cond(Box::new(positive), Box::new(bytes), Box::new(Expr::int(0, size_t.clone()))),
                        size_t.clone(),
                    )
                }
                None => Expr::int(0, size_t.clone()),
            };
            // kind 1: exactly `size` bytes from the pointer, at the start of its object; kind
            // 3: the same where the function reaches below the pointer (the object may begin
            // before it: a header of the caller's, as in sds); kinds 4 and 5: as 1 and 3 with
            // at least `size` bytes (what follows is the caller's, e.g. room for a terminator
            // after what memcpy needs); kind 2: at the start of an object of the caller's
            // extent — where in its object a pointer points cannot be observed but by reaching
            // below it or freeing it (docs/contracts.md, "A parameter starts its object");
            // kind 0: at any offset into such an object, for a function that does either
            let below = x.c.below.contains(&(g, i));
            let kind = match sized {
                Some(s) if s.at_least && below => 5,
                Some(s) if s.at_least => 4,
                Some(_) if below => 3,
                Some(_) => 1,
                None if !below && !*frees.get_or_insert_with(|| may_free(x.b.p, g)) => 2,
                None => 0,
            };
            let value = input(&mut x.b, x.input_pointer, &mut x.next_object, size, kind, t, nullable);
            x.b.assign(Expr::var(locals[i], t.clone()), value);
            if !nullable && top {
                x.assumptions.push(format!("`{}` != NULL", names[i]));
            }
        } else if let Some(Type::Function(ft)) = t.pointee() {
            let ft = (**ft).clone();
            let named = caller_function_input(
                &mut x.b,
                Expr::var(locals[i], t.clone()),
                &format!("{prefix}{}", names[i]),
                &ft,
                nullable,
            );
            if top {
                let null = if nullable { ", or NULL" } else { "" };
                let named = if named.is_empty() { String::new() } else { format!("{}, or ", named.join(", ")) };
                x.assumptions.push(format!(
                    "`{}` is {named}a function of the caller's (any result; it may change what its non-const pointer arguments point to){null}",
                    names[i]
                ));
                if !nullable {
                    x.assumptions.push(format!("`{}` != NULL", names[i]));
                }
            }
        } else if t.is_composite() {
            // pointers inside a structure passed by value
            let mut slots = Vec::new();
            struct_pointers(x.b.p, Expr::var(locals[i], t.clone()), &mut slots, 0);
            for (lv, member) in slots {
                let ty = lv.ty.clone();
                let nullable = x.c.heap(g).nullable_fields.contains(&member);
                let z = Expr::int(0, size_t.clone());
                let value = input(&mut x.b, x.input_pointer, &mut x.next_object, z, 0, &ty, nullable);
                x.b.assign(lv, value);
            }
        }
    }
    (locals, types, pointers)
}

/// A pointer of type `t` into the object `start` points to, at or after `start`, up to one
/// past the object's end: `(t)((char *)start + k)` for a nondeterministic
/// `k <= OBJECT_SIZE(start) - POINTER_OFFSET(start)`.
fn within(b: &mut FnBuilder<'_>, start: Expr, t: &Type) -> Expr {
    use crate::ir::{Builtin, InstrKind};
    let size_t = b.p.target.size_t();
    let int = b.p.target.int_t();
    let bytes = Type::ptr(b.p.target.int(IntName::UChar));
    let k = b.declared("$within", size_t.clone(), false);
    let ke = Expr::var(k, size_t.clone());
    b.assign(ke.clone(), Expr::new(ExprKind::Nondet, size_t.clone()));
    let size = Expr::new(ExprKind::Builtin(Builtin::ObjectSize, vec![start.clone()]), size_t.clone());
    let offset = Expr::new(ExprKind::Builtin(Builtin::PointerOffset, vec![start.clone()]), size_t.clone());
    let room = Expr::binary(BinOp::Sub, size, offset, size_t);
    b.push(InstrKind::Assume(Expr::binary(BinOp::Le, ke.clone(), room, int)));
    let at = Expr::binary(BinOp::PtrAdd, Expr::cast(start, bytes.clone()), ke, bytes);
    Expr::cast(at, t.clone())
}

/// A handle of type `t` made by calling `ctor` on inputs its precondition allows: never NULL
/// (its failure is the caller's to handle), or NULL too when `nullable`.
fn construct(x: &mut Inputs<'_, '_>, ctor: FuncId, t: &Type, nullable: bool) -> Expr {
    use crate::ir::{InstrKind, UnOp};
    let int = x.b.int();
    let (locals, types, _) = arguments(x, ctor, false);
    let name = format!("{}$made", x.b.p.func(ctor).name);
    let made = x.b.declared(&name, t.clone(), false);
    let args: Vec<Expr> = locals.iter().zip(&types).map(|(&v, t)| Expr::var(v, t.clone())).collect();
    x.b.call(ctor, Some(Expr::var(made, t.clone())), args);
    if !x.used.contains(&ctor) {
        x.used.push(ctor);
    }
    let v = Expr::var(made, t.clone());
    let null = Expr::cast(Expr::int(0, int.clone()), t.clone());
    if nullable {
        // NULL, or what the constructor made
        let choice = Expr::new(ExprKind::Nondet, int.clone());
        let keep = Expr::unary(UnOp::LogNot, choice, int.clone());
        let at = x.b.body.len();
        x.b.push(InstrKind::Goto { cond: Some(keep), target: usize::MAX });
        x.b.assign(v.clone(), null);
        let end = x.b.body.len();
        if let InstrKind::Goto { target, .. } = &mut x.b.body[at].kind {
            *target = end;
        }
    } else {
        x.b.push(InstrKind::Assume(Expr::binary(BinOp::Ne, v.clone(), null, int)));
    }
    v
}

/// Constrains the function-pointer input `v` (of function type `ft`) to what a caller
/// passes: a function the code names (its address taken somewhere, its type fitting, as the
/// dispatch of calls through pointers tests: `ir::targets`), or a function of the caller's
/// the code never names (`ir::targets::caller_function`, an unknown function named after the
/// input `name`), or NULL when `nullable` (the code tests for it). Without this, a call
/// through the parameter violated the `function-pointer` claim on the input no caller passes
/// (an invalid function). Returns the named functions, as C names.
fn caller_function_input(
    b: &mut FnBuilder<'_>,
    v: Expr,
    name: &str,
    ft: &crate::ir::FuncType,
    nullable: bool,
) -> Vec<String> {
    use crate::ir::build::func_expr;
    use crate::ir::targets::{address_taken_functions, caller_function, fits};
    let int = b.int();
    let named: Vec<FuncId> = address_taken_functions(b.p).into_iter().filter(|&g| fits(&b.p.func(g).ty, ft)).collect();
    let stub = caller_function(b.p, name, ft);
    let mut any: Option<Expr> = None;
    for &g in named.iter().chain(std::iter::once(&stub)) {
        let at = Expr::cast(Expr::addr_of(func_expr(b.p, g)), v.ty.clone());
        let is = Expr::binary(BinOp::Eq, v.clone(), at, int.clone());
        any = Some(match any {
            Some(a) => Expr::binary(BinOp::LogOr, a, is, int.clone()),
            None => is,
        });
    }
    if nullable {
        let null = Expr::binary(BinOp::Eq, v.clone(), Expr::cast(Expr::int(0, int.clone()), v.ty.clone()), int.clone());
        any = any.map(|a| Expr::binary(BinOp::LogOr, a, null, int.clone()));
    }
    if let Some(a) = any {
        b.push(crate::ir::InstrKind::Assume(a));
    }
    named.iter().map(|&g| format!("`{}`", b.p.func(g).name)).collect()
}

/// A new harness function `name` in the file of `at`, its builder, and the intrinsic
/// `__verdiff_input_pointer(index, size, kind, nullable)` (symex/input.rs). The harness is at
/// line 0: its own steps are not the program's and traces leave them out (the function's
/// parameters show the inputs).
fn harness_function<'p>(p: &'p mut Program, name: &str, at: crate::ir::Loc) -> (FuncId, FnBuilder<'p>, FuncId) {
    let h = declare(p, name, Type::Void, vec![]);
    let loc = crate::ir::Loc { line: 0, col: 0, ..at };
    p.funcs[h.0 as usize].loc = loc;
    let size_t = p.target.size_t();
    let uint = p.target.int(IntName::UInt);
    let int = p.target.int_t();
    let mut b = FnBuilder::new(p, h, loc);
    let input_pointer =
        b.intrinsic("__verdiff_input_pointer", Type::ptr(Type::Void), vec![uint, size_t, int.clone(), int]);
    (h, b, input_pointer)
}

/// Can `g`, or what it calls (directly or through a pointer it can reach), free or
/// reallocate memory? `free(p)` observes where in its object `p` points (it needs the start
/// of an allocation): a parameter of such a function keeps a symbolic offset, so that this
/// stays a need of the caller's instead of an assumption nobody sees.
fn may_free(p: &Program, g: FuncId) -> bool {
    let reach = crate::ir::reach::reachable(p, g);
    reach.funcs.iter().chain(reach.addressed_funcs.iter()).any(|&f| {
        let name = p.func(f).name.as_str();
        matches!(name.strip_prefix("__builtin_").unwrap_or(name), "free" | "realloc" | "reallocarray")
    })
}

/// A pointer to data (not to a function).
fn is_data_pointer(t: &Type) -> bool {
    matches!(t, Type::Pointer(to) if !matches!(&**to, Type::Function(_)))
}

/// A pointer into the next input object, of the intrinsic's `kind` (symex/input.rs), or NULL
/// too when `nullable`.
fn input(
    b: &mut FnBuilder<'_>,
    intrinsic: FuncId,
    next: &mut u32,
    size: Expr,
    kind: i128,
    ty: &Type,
    nullable: bool,
) -> Expr {
    let void_p = Type::ptr(Type::Void);
    let index = (*next).min(PARAM_OBJECTS);
    *next += 1;
    let tmp = b.declared(&format!("$input{index}"), void_p.clone(), false);
    let uint = b.p.target.int(IntName::UInt);
    let int = b.int();
    let args =
        vec![Expr::int(index as i128, uint), size, Expr::int(kind, int.clone()), Expr::int(nullable as i128, int)];
    b.call(intrinsic, Some(Expr::var(tmp, void_p.clone())), args);
    Expr::cast(Expr::var(tmp, void_p), ty.clone())
}

/// The data pointers inside a structure value (nested structures included), with the member
/// each is (composite, member index).
fn struct_pointers(p: &Program, e: Expr, out: &mut Vec<(Expr, (u32, u32))>, depth: u32) {
    if depth > 4 || out.len() >= (PARAM_OBJECTS / 2) as usize {
        return;
    }
    let (Type::Struct(c) | Type::Union(c)) = e.ty.clone() else { return };
    let Some(comp) = p.composites.get(c as usize) else { return };
    for (k, fld) in comp.fields.iter().enumerate() {
        if fld.bits.is_some() {
            continue;
        }
        let m = Expr::new(ExprKind::Member(Box::new(e.clone()), k as u32), fld.ty.clone());
        if is_data_pointer(&fld.ty) {
            out.push((m, (c, k as u32)));
        } else if fld.ty.is_composite() {
            struct_pointers(p, m, out, depth + 1);
        }
    }
}

/// The harness of `--function F --enforce-contract F`, as ESBMC builds it: integers free;
/// a pointer parameter never NULL, pointing to the start of a caller's object of `n` bytes
/// when the contract requires `is_fresh(p, n)`, of one struct when it points to a struct,
/// and otherwise of nondeterministic size (possibly 0); a pointer parameter without
/// `is_fresh` may alias an earlier one of the same type. Pointers stored in those objects
/// point to objects of their own or are NULL (run with [`contract_heap`]).
pub fn contract_entry(p: &mut Program, f: FuncId) -> FuncId {
    use crate::ir::{InstrKind, UnOp, VarId};
    use std::collections::HashMap;
    let fun = p.func(f).clone();
    let contract = fun.contract.as_deref().cloned().unwrap_or_default();
    let size_t = p.target.size_t();
    let int = p.target.int_t();
    let (h, mut b, input_pointer) = harness_function(p, "__verdiff_contract_entry", fun.loc);
    let types: Vec<Type> = fun.params.iter().map(|&v| b.p.var(v).ty.clone()).collect();
    let mut map: HashMap<VarId, VarId> = HashMap::new();
    let mut locals = Vec::new();
    for (i, &pv) in fun.params.iter().enumerate() {
        let name = b.p.var(pv).name.clone();
        let v = b.declared(if name.is_empty() { "arg" } else { &name }, types[i].clone(), false);
        map.insert(pv, v);
        locals.push(v);
    }
    for (i, t) in types.iter().enumerate() {
        if !is_data_pointer(t) {
            b.assign(Expr::var(locals[i], t.clone()), Expr::new(ExprKind::Nondet, t.clone()));
        }
    }
    // is_fresh(p, n) among the requires' top-level conjuncts
    let mut fresh: HashMap<usize, Expr> = HashMap::new();
    for r in &contract.requires {
        let mut stack = vec![&r.cond];
        while let Some(e) = stack.pop() {
            match &e.kind {
                ExprKind::Binary(BinOp::LogAnd, a, c) => {
                    stack.push(a);
                    stack.push(c);
                }
                ExprKind::Builtin(crate::ir::Builtin::IsFresh, a) => {
                    if let ExprKind::Var(v) = &a[0].kind {
                        if let Some(i) = fun.params.iter().position(|x| x == v) {
                            let mut n = a[1].clone();
                            n.visit_mut(&mut |x| {
                                if let ExprKind::Var(w) = &mut x.kind {
                                    if let Some(&m) = map.get(w) {
                                        *w = m;
                                    }
                                }
                            });
                            fresh.insert(i, n);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut earlier: Vec<usize> = Vec::new();
    let mut next = 0u32;
    for (i, t) in types.iter().enumerate() {
        if !is_data_pointer(t) {
            continue;
        }
        let to = t.pointee().cloned().unwrap_or(Type::Void);
        let pe = Expr::var(locals[i], t.clone());
        let (size, kind) = match fresh.get(&i) {
            Some(n) => (Expr::cast(n.clone(), size_t.clone()), 1),
            None => match b.p.size_of(&to).filter(|_| to.is_composite()) {
                Some(s) => (Expr::int(s as i128, size_t.clone()), 1),
                None => (Expr::int(0, size_t.clone()), 2),
            },
        };
        let value = input(&mut b, input_pointer, &mut next, size, kind, t, false);
        b.assign(pe.clone(), value);
        if !fresh.contains_key(&i) {
            // may alias an earlier parameter of the same type
            for &j in &earlier {
                if types[j] != *t {
                    continue;
                }
                let choice = Expr::new(ExprKind::Nondet, int.clone());
                let skip = Expr::unary(UnOp::LogNot, choice, int.clone());
                let at = b.body.len();
                b.push(InstrKind::Goto { cond: Some(skip), target: usize::MAX });
                b.assign(pe.clone(), Expr::var(locals[j], types[j].clone()));
                let end = b.body.len();
                if let InstrKind::Goto { target, .. } = &mut b.body[at].kind {
                    *target = end;
                }
            }
            earlier.push(i);
        }
    }
    let args: Vec<Expr> = locals.iter().zip(&types).map(|(&v, t)| Expr::var(v, t.clone())).collect();
    b.call(f, None, args);
    b.push(InstrKind::Return(None));
    b.finish();
    h
}

/// The input heap [`contract_entry`] runs with: any pointer stored in it may be NULL.
pub fn contract_heap() -> crate::symex::input::InputHeapOptions {
    crate::symex::input::InputHeapOptions { all_nullable: true, ..Default::default() }
}
