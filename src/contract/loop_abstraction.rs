//! Loops the unwinding bound cuts, proved for every number of iterations without a written
//! invariant (docs/contracts.md, "Loops without an invariant"). A loop `for (j = 0; j < len;
//! j++) s[j] = tolower(s[j]);` over a caller's string runs as often as the string is long;
//! unwound to a bound, it leaves the verdict "needs more iterations". Here it is replaced by
//! its havoc abstraction:
//!
//! - on entry, everything the loop may write is given an arbitrary value: the variables it
//!   assigns, the objects it writes through a pointer (the object the pointer designates on
//!   entry — a pointer the loop only advances stays in its object), a pointer it advances is
//!   moved to an arbitrary offset of its object;
//! - candidate invariants are assumed: a variable the loop only increases by a constant is at
//!   least its value on entry (at most, for one it only decreases);
//! - one iteration runs from that state, with all its claims; where it would jump back to the
//!   head, the candidates are asserted (the inductive step) and the path ends;
//! - the loop's exits continue from the abstract state.
//!
//! The abstract state includes every state the loop can be in at its head, so when every
//! claim of the abstracted program holds, every claim of the original holds for every number
//! of iterations. A claim that fails may fail only in the abstraction (the havoc forgot what
//! the loop keeps): the caller takes only a SUCCESSFUL from here, never a FAILED. A loop whose
//! effects cannot be over-approximated this way (a write through a pointer the loop moves to
//! another object, a call of a function with side effects, a jump into its body) is not
//! abstracted, and [`apply`] says why.

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::build::{declare, func_expr, new_var};
use crate::ir::rewrite::{original, rewrite};
use crate::ir::{BinOp, ClaimKind, Expr, ExprKind, FuncId, Instr, InstrKind, Loc, Program, Type, UnOp, VarId, VarKind};

/// The message of an inductive-step claim of an inferred candidate invariant.
pub const STEP: &str = "verdiff: loop abstraction inductive step";

/// How a loop changes one variable it assigns.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Change {
    /// Only `v = v + c` (`v++`, `p += c`), c > 0: v never falls below its entry value.
    Up,
    /// Only `v = v - c`, c > 0.
    Down,
    /// A pointer only moved by `p = p ± e`: it stays in its object.
    Moved,
    /// Anything else.
    Other,
}

impl Change {
    fn join(self, o: Change) -> Change {
        match (self, o) {
            (a, b) if a == b => a,
            (Change::Up | Change::Down | Change::Moved, Change::Up | Change::Down | Change::Moved) => Change::Moved,
            _ => Change::Other,
        }
    }
}

/// What one loop may write.
#[derive(Default, Debug)]
struct Effects {
    vars: BTreeMap<VarId, Change>,
    /// Pointer variables through which the loop writes memory.
    objects: BTreeSet<VarId>,
    /// Places behind a pointer the loop does not move (`b->offset`, `*input`), with how the
    /// loop changes them: havocked one by one instead of their whole object.
    places: Vec<(Expr, VarId, Change)>,
    /// For a pointer variable the loop assigns: the variables its new values point from
    /// (`$post = p` for `*p++ = c`), None when some value comes from elsewhere.
    sources: BTreeMap<VarId, Option<BTreeSet<VarId>>>,
    /// It calls (perhaps through its callees) a library model or a system function, whose
    /// call symbolic execution lets change `errno` (symex/errno.rs) outside the IR.
    library: bool,
}

/// Replaces each loop of `loops` (a function and the index of its back-edge) in `p` by its
/// havoc abstraction. Returns the locations of the loops abstracted, or why one cannot be.
pub fn apply(p: &mut Program, loops: &[(FuncId, usize)]) -> Result<Vec<Loc>, String> {
    let mut by_func: BTreeMap<FuncId, Vec<usize>> = BTreeMap::new();
    for &(f, back) in loops {
        by_func.entry(f).or_default().push(back);
    }
    let mut done = Vec::new();
    for (f, backs) in by_func {
        done.extend(apply_in(p, f, &backs)?);
    }
    Ok(done)
}

/// Edits at one original instruction.
#[derive(Default)]
struct Edit {
    before: Vec<Instr>,
    replace: Option<Vec<Instr>>,
}

fn apply_in(p: &mut Program, f: FuncId, backs: &[usize]) -> Result<Vec<Loc>, String> {
    let body = p.func(f).body.clone().ok_or("the function has no body")?;
    let mut edits: Vec<Edit> = (0..body.len()).map(|_| Edit::default()).collect();
    let mut done = Vec::new();
    let havoc_object = declare(p, "__CPROVER_havoc_object", Type::Void, vec![Type::ptr(Type::Void)]);
    let mut heads = BTreeSet::new();
    for &back in backs {
        let Some(InstrKind::Goto { target: head, .. }) = body.get(back).map(|i| &i.kind) else {
            return Err("the loop's back-edge is not a jump".into());
        };
        let head = *head;
        if head > back || !heads.insert(head) {
            return Err("the loop has no single head".into());
        }
        let loc = body[back].loc;
        let at = |why: String| format!("loop at line {}: {why}", loc.line);
        // a jump from outside into the body would skip the havoc
        let into = body.iter().enumerate().any(|(i, ins)| {
            (i < head || i > back)
                && matches!(ins.kind, InstrKind::Goto { target, .. } if target > head && target <= back)
        });
        if into {
            return Err(at("a jump leads into its body".into()));
        }
        let fx = effects(p, &body[head..=back]).map_err(at)?;
        let mut fx =
            stable_objects(p, fx).map_err(|q| at(format!("it writes through `{q}` and points it elsewhere")))?;
        if let Some(v) = addressed_base(p, &fx) {
            return Err(at(format!(
                "it writes through pointers, and `{}` (whose address is taken) may be one",
                p.var(v).name
            )));
        }
        if fx.library {
            if let Some(errno) = p.vars.iter().position(|v| v.name == "__vd_errno" && matches!(v.kind, VarKind::Global))
            {
                fx.vars.insert(VarId(errno as u32), Change::Other);
            }
        }
        // the entry: snapshots, havoc, candidate invariants
        let mut entry = Vec::new();
        let mut candidates = Vec::new();
        let changed: Vec<(Expr, Change)> = fx
            .vars
            .iter()
            .map(|(&v, &c)| (Expr::var(v, p.var(v).ty.clone()), c))
            .chain(fx.places.iter().map(|(e, _, c)| (e.clone(), *c)))
            .collect();
        for (e, c) in &changed {
            if matches!(c, Change::Up | Change::Down) {
                let snap = new_var(p, "$entry", e.ty.clone(), VarKind::Temp(f), loc, false);
                let s = Expr::var(snap, e.ty.clone());
                entry.push(Instr::new(InstrKind::Decl(snap), loc));
                entry.push(Instr::new(InstrKind::Assign { lhs: s.clone(), rhs: e.clone() }, loc));
                let op = if *c == Change::Up { BinOp::Ge } else { BinOp::Le };
                candidates.push(Expr::binary(op, e.clone(), s, p.target.int_t()));
            }
        }
        for &q in &fx.objects {
            let arg = Expr::cast(Expr::var(q, p.var(q).ty.clone()), Type::ptr(Type::Void));
            entry.push(Instr::new(
                InstrKind::Call { lhs: None, func: func_expr(p, havoc_object), args: vec![arg] },
                loc,
            ));
        }
        for (e, c) in &changed {
            let ty = e.ty.clone();
            if ty.is_pointer() && *c != Change::Other {
                // the same object, any offset
                let n = Expr::new(ExprKind::Nondet, p.target.ptrdiff_t());
                let rhs = Expr::binary(BinOp::PtrAdd, e.clone(), n, ty);
                entry.push(Instr::new(InstrKind::Assign { lhs: e.clone(), rhs }, loc));
            } else if let ExprKind::Var(v) = e.kind {
                super::loops::havoc_var(p, v, loc, &mut entry);
            } else {
                entry.push(Instr::new(InstrKind::Assign { lhs: e.clone(), rhs: Expr::new(ExprKind::Nondet, ty) }, loc));
            }
        }
        for c in &candidates {
            entry.push(Instr::new(InstrKind::Assume(c.clone()), loc));
        }
        edits[head].before = entry;
        // every jump back to the head: the inductive step
        for (i, ins) in body.iter().enumerate().take(back + 1).skip(head) {
            let InstrKind::Goto { cond, target } = &ins.kind else { continue };
            if *target != head {
                continue;
            }
            let mut step = Vec::new();
            if let Some(c) = cond {
                let not = Expr::unary(UnOp::LogNot, c.clone(), p.target.int_t());
                step.push(Instr::new(InstrKind::Goto { cond: Some(not), target: original(i + 1) }, ins.loc));
            }
            for c in &candidates {
                step.push(Instr::new(
                    InstrKind::Assert { cond: c.clone(), kind: ClaimKind::Assertion, msg: STEP.into() },
                    ins.loc,
                ));
            }
            step.push(Instr::new(InstrKind::Assume(Expr::int(0, p.target.int_t())), ins.loc));
            edits[i].replace = Some(step);
        }
        done.push(loc);
    }
    let mut i = 0;
    let new = rewrite(body, |_| {
        let e = edits.get_mut(i).map(std::mem::take).unwrap_or_default();
        i += 1;
        (e.before, e.replace)
    });
    p.funcs[f.0 as usize].body = Some(new);
    Ok(done)
}

/// The objects the loop writes, each designated by a variable that stays in its object: a
/// front-end temporary the loop points elsewhere is replaced by the variables it is copied
/// from when those stay in their objects (`$post = p; p = p + 1; *$post = c`): such a
/// temporary is assigned before it is used, so its value on entry is never written through.
/// Err: the name of a pointer written through whose objects are not known.
fn stable_objects(p: &Program, mut fx: Effects) -> Result<Effects, String> {
    // a place behind a pointer the loop assigns is not one place: its whole object
    let (fixed, moving): (Vec<_>, Vec<_>) =
        std::mem::take(&mut fx.places).into_iter().partition(|(_, q, _)| !fx.vars.contains_key(q));
    fx.places = fixed;
    fx.objects.extend(moving.into_iter().map(|(_, q, _)| q));
    let stable = |fx: &Effects, v: VarId| fx.vars.get(&v).is_none_or(|c| *c != Change::Other);
    let mut out = BTreeSet::new();
    for &q in &fx.objects {
        if stable(&fx, q) {
            out.insert(q);
            continue;
        }
        let name = p.var(q).name.clone();
        let Some(Some(from)) = fx.sources.get(&q) else { return Err(name) };
        let temporary = matches!(p.var(q).kind, VarKind::Temp(_)) && name.starts_with('$');
        if !temporary || from.is_empty() || !from.iter().all(|&r| stable(&fx, r)) {
            return Err(name);
        }
        out.extend(from.iter().copied());
    }
    fx.objects = out;
    Ok(fx)
}

/// A pointer variable the abstraction relies on keeping its value or its object (a base of
/// a place or of an object it writes through, or a pointer it only moves) whose address is
/// taken, when the loop writes through pointers: such a write may repoint it (`*pp = &y`)
/// without an assignment the abstraction sees.
fn addressed_base(p: &Program, fx: &Effects) -> Option<VarId> {
    if fx.objects.is_empty() && fx.places.is_empty() {
        return None;
    }
    let moved = fx.vars.iter().filter(|(_, c)| **c != Change::Other).map(|(v, _)| *v);
    let mut bases = fx.objects.iter().copied().chain(fx.places.iter().map(|(_, q, _)| *q)).chain(moved);
    bases.find(|&v| p.var(v).addressed && p.var(v).ty.is_pointer())
}

/// What the loop `region` of `f` may write, or why that cannot be over-approximated.
fn effects(p: &Program, region: &[Instr]) -> Result<Effects, String> {
    let declared: BTreeSet<VarId> =
        region.iter().filter_map(|i| if let InstrKind::Decl(v) = i.kind { Some(v) } else { None }).collect();
    let mut fx = Effects::default();
    let write = |fx: &mut Effects, lhs: &Expr, rhs: Option<&Expr>| -> Result<(), String> {
        if let Some(v) = super::loops::root(lhs) {
            if declared.contains(&v) {
                return Ok(());
            }
            let whole = matches!(lhs.kind, ExprKind::Var(_));
            let c = match rhs {
                Some(r) if whole => change(lhs, r),
                _ => Change::Other,
            };
            if c == Change::Other && p.var(v).ty.is_pointer() {
                let from = rhs.filter(|_| whole).and_then(base_pointer).filter(|&r| r != v);
                let e = fx.sources.entry(v).or_insert_with(|| Some(BTreeSet::new()));
                match (e.as_mut(), from) {
                    (Some(set), Some(r)) => {
                        set.insert(r);
                    }
                    _ => *e = None,
                }
            }
            let e = fx.vars.entry(v).or_insert(c);
            *e = e.join(c);
            return Ok(());
        }
        if let Some(q) = place_base(lhs).filter(|q| !declared.contains(q)) {
            if lhs.ty.is_scalar() {
                let c = rhs.map(|r| change(lhs, r)).unwrap_or(Change::Other);
                match fx.places.iter_mut().find(|(e, _, _)| e == lhs) {
                    Some(entry) => entry.2 = entry.2.join(c),
                    None => fx.places.push((lhs.clone(), q, c)),
                }
                return Ok(());
            }
        }
        let q = written_through(lhs).ok_or("it writes memory through a pointer it does not hold in a variable")?;
        if declared.contains(&q) {
            return Err(format!("it writes through `{}`, declared inside it", p.var(q).name));
        }
        fx.objects.insert(q);
        Ok(())
    };
    for ins in region {
        match &ins.kind {
            InstrKind::Assign { lhs, rhs } => write(&mut fx, lhs, Some(rhs))?,
            InstrKind::Call { lhs, func, args } => {
                let ExprKind::Func(g) = func.kind else {
                    return Err("it calls a function through a pointer".into());
                };
                fx.library |= p.func(g).model || p.func(g).system;
                if let Some(dst) = block_write(p, g, args) {
                    match dst {
                        Target::Var(v) => {
                            fx.vars.insert(v, Change::Other);
                        }
                        Target::Object(q) if !declared.contains(&q) => {
                            fx.objects.insert(q);
                        }
                        Target::Object(q) => {
                            return Err(format!("it writes through `{}`, declared inside it", p.var(q).name))
                        }
                    }
                } else if !harmless(p, g) {
                    let mut globals = BTreeSet::new();
                    callee_writes(p, g, &mut BTreeSet::new(), &mut globals, &mut fx.library)
                        .map_err(|why| format!("it calls `{}`, which {why}", p.func(g).name))?;
                    for v in globals {
                        fx.vars.insert(v, Change::Other);
                    }
                }
                if let Some(l) = lhs {
                    write(&mut fx, l, None)?;
                }
            }
            InstrKind::Unsupported(why) => return Err(why.clone()),
            _ => {}
        }
    }
    Ok(fx)
}

/// How `lhs = rhs` changes lhs.
fn change(lhs: &Expr, rhs: &Expr) -> Change {
    let e = strip(rhs);
    let ExprKind::Binary(op, a, b) = &e.kind else { return Change::Other };
    if strip(a).kind != lhs.kind {
        return Change::Other;
    }
    let positive = match &strip(b).kind {
        ExprKind::Int(bits) => {
            let w = b.ty.int_width().unwrap_or(64).min(127);
            let signed = b.ty.is_signed();
            *bits != 0 && !(signed && (bits >> (w - 1)) & 1 == 1)
        }
        _ => false,
    };
    match op {
        BinOp::Add | BinOp::PtrAdd if positive => Change::Up,
        BinOp::Sub | BinOp::PtrSub if positive => Change::Down,
        BinOp::PtrAdd | BinOp::PtrSub => Change::Moved,
        _ => Change::Other,
    }
}

/// `e` without conversions.
fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(x, _) => strip(x),
        _ => e,
    }
}

/// The pointer variable behind a place whose address does not depend on the loop's state
/// when that variable keeps its value: `*q`, `q->f`, `q->a[2]`.
fn place_base(lhs: &Expr) -> Option<VarId> {
    match &lhs.kind {
        ExprKind::Member(b, _) => place_base(b),
        ExprKind::Index(b, i) if matches!(i.kind, ExprKind::Int(_)) => place_base(b),
        ExprKind::Deref(e) => match &strip(e).kind {
            ExprKind::Var(q) if strip(e).ty.is_pointer() => Some(*q),
            _ => None,
        },
        _ => None,
    }
}

/// The pointer variable a write through a pointer goes through: `*q`, `q[i]`, `q->f`,
/// `*(q + i)`.
fn written_through(lhs: &Expr) -> Option<VarId> {
    match &lhs.kind {
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => written_through(b),
        ExprKind::Deref(e) => base_pointer(e),
        _ => None,
    }
}

fn base_pointer(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) if e.ty.is_pointer() => Some(*v),
        ExprKind::Cast(x, _) => base_pointer(x),
        ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, a, _) => base_pointer(a),
        _ => None,
    }
}

/// Where a block write (`memcpy`, `memmove`, `memset`) writes.
enum Target {
    /// A named variable (`memcpy(table, …)`).
    Var(VarId),
    /// The object a pointer variable designates (`memset(q + i, …)`).
    Object(VarId),
}

/// The destination of a call of a block-writing library function (None for other calls).
fn block_write(p: &Program, g: FuncId, args: &[Expr]) -> Option<Target> {
    let name = p.func(g).name.as_str();
    let name = name.strip_prefix("__builtin_").unwrap_or(name);
    if !matches!(name, "memcpy" | "memmove" | "memset") {
        return None;
    }
    let dst = strip(args.first()?);
    match &dst.kind {
        ExprKind::AddrOf(x) => super::loops::root(x).map(Target::Var),
        ExprKind::Var(v) if matches!(p.var(*v).ty, Type::Array(..)) => Some(Target::Var(*v)),
        _ => base_pointer(dst).map(Target::Object),
    }
}

/// Calls without effects on the program's state: the verification API and
/// nondeterministic values (`contract::loops`), and `alloca` (a fresh object).
fn harmless(p: &Program, g: FuncId) -> bool {
    let gf = p.func(g);
    super::loops::harmless(p, g) || (gf.body.is_none() && matches!(gf.name.as_str(), "__builtin_alloca" | "alloca"))
}

/// Adds to `out` the static variables a call of `g` may assign (a lazily initialised table,
/// a counter), or says why its effects are not that simple: a write through a pointer, a
/// call of a function without a body, a call through a pointer.
fn callee_writes(
    p: &Program,
    g: FuncId,
    seen: &mut BTreeSet<FuncId>,
    out: &mut BTreeSet<VarId>,
    library: &mut bool,
) -> Result<(), String> {
    let Some(body) = &p.func(g).body else { return Err("has no body".into()) };
    if !seen.insert(g) {
        return Ok(());
    }
    let note = |lhs: &Expr, out: &mut BTreeSet<VarId>| -> Result<(), String> {
        let Some(v) = super::loops::root(lhs) else { return Err("writes memory through a pointer".into()) };
        let var = p.var(v);
        if var.is_static() {
            out.insert(v);
        } else if var.function() != Some(g) {
            return Err("writes another function's variable".into());
        }
        Ok(())
    };
    for ins in body {
        match &ins.kind {
            InstrKind::Assign { lhs, .. } => note(lhs, out)?,
            InstrKind::Call { lhs, func, args } => {
                let ExprKind::Func(h) = func.kind else { return Err("calls a function through a pointer".into()) };
                *library |= p.func(h).model || p.func(h).system;
                if let Some(dst) = block_write(p, h, args) {
                    match dst {
                        Target::Var(v) if p.var(v).is_static() => {
                            out.insert(v);
                        }
                        Target::Var(v) if p.var(v).function() == Some(g) => {}
                        _ => return Err(format!("writes memory through a pointer (`{}`)", p.func(h).name)),
                    }
                } else if !harmless(p, h) {
                    callee_writes(p, h, seen, out, library)
                        .map_err(|why| format!("calls `{}`, which {why}", p.func(h).name))?;
                }
                if let Some(l) = lhs {
                    note(l, out)?;
                }
            }
            InstrKind::Unsupported(why) => return Err(why.clone()),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(src: &str) -> Program {
        crate::frontend::load_preprocessed(&[src.to_string()], &crate::frontend::FrontendOptions::default())
            .expect("lowers")
    }

    /// The loops of function `name` (function, back-edge).
    fn loops_of(p: &Program, name: &str) -> Vec<(FuncId, usize)> {
        let f = p.func_named(name).expect("function");
        crate::ir::loops::find_loops(p).into_iter().filter(|l| l.func == f).map(|l| (l.func, l.back_edge)).collect()
    }

    fn calls_named(p: &Program, f: FuncId, name: &str) -> usize {
        let body = p.func(f).body.as_ref().expect("body");
        body.iter()
            .filter(|i| matches!(&i.kind, InstrKind::Call { func, .. } if matches!(func.kind, ExprKind::Func(g) if p.func(g).name == name)))
            .count()
    }

    #[test]
    fn the_objects_written_and_the_globals_a_callee_assigns_are_havocked() {
        let mut p = program(
            "static int calls;\nstatic int bump(int c) { calls++; return c + 1; }\n\
             void f(char *s, unsigned n) {\n  char *p = s;\n  for (unsigned i = 0; i < n; i++)\n    *p++ = (char)bump(i);\n}\n",
        );
        let loops = loops_of(&p, "f");
        assert_eq!(loops.len(), 1);
        let f = loops[0].0;
        apply(&mut p, &loops).expect("abstracted");
        // the object behind s (through the temporary copy of p) is havocked on entry
        assert_eq!(calls_named(&p, f, "__CPROVER_havoc_object"), 1);
        let body = p.func(f).body.as_ref().expect("body");
        let assigned = |name: &str| {
            body.iter().any(|ins| {
                matches!(&ins.kind, InstrKind::Assign { lhs, rhs } if matches!(lhs.kind, ExprKind::Var(v) if p.var(v).name == name)
                    && matches!(rhs.kind, ExprKind::Nondet))
            })
        };
        // `calls`, assigned by the callee, and the counter get arbitrary values
        assert!(assigned("calls"), "the callee's global is havocked");
        assert!(assigned("i"), "the counter is havocked");
        // i and p only increase: both are candidates, asserted at the back-edge
        let steps = body.iter().filter(|ins| matches!(&ins.kind, InstrKind::Assert { msg, .. } if msg == STEP)).count();
        assert_eq!(steps, 2);
        // the back-edge is gone: no jump goes backwards any more
        assert!(body
            .iter()
            .enumerate()
            .all(|(k, ins)| !matches!(ins.kind, InstrKind::Goto { target, .. } if target <= k)));
    }

    #[test]
    fn a_loop_that_points_its_pointer_elsewhere_or_calls_a_writer_is_left_alone() {
        let mut p = program(
            "void f(char *a, char *b, unsigned n) {\n  char *p = a;\n  for (unsigned i = 0; i < n; i++) {\n    *p = 0;\n    p = b;\n  }\n}\n",
        );
        let loops = loops_of(&p, "f");
        let e = apply(&mut p, &loops).expect_err("p points to a, then to b");
        assert!(e.contains("points it elsewhere"), "{e}");
        let mut p = program(
            "static void z(char *q) { *q = 0; }\nvoid g(char *s, unsigned n) {\n  for (unsigned i = 0; i < n; i++)\n    z(s + i);\n}\n",
        );
        let loops = loops_of(&p, "g");
        let e = apply(&mut p, &loops).expect_err("z writes through its parameter");
        assert!(e.contains("writes memory through a pointer"), "{e}");
    }
}
