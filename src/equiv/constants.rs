//! Locals that hold one constant for the whole run are replaced by that constant.
//!
//! A refactoring often names a constant (`int loopVar = 2; for (im = 1; im <= loopVar; …)`
//! where the old version wrote `im <= 2`). After this pass both versions have the same IR, so
//! equal texts (`super::identical`) decide them without a solver. The pass keeps the
//! behaviour of every function: a local qualifies only when
//! - it is a local (not a parameter, not static) of arithmetic type whose address is never
//!   taken, so nothing but a direct assignment can change it;
//! - exactly one instruction assigns it, with a constant of its own type (a literal, maybe
//!   under casts of literals), and no call result is stored in it;
//! - that assignment is in the straight-line start of the body: no jump lands on it or before
//!   it and no jump precedes it, so it runs exactly once, before everything after it;
//! - it is declared at most once, before the assignment, and not read before the assignment.
//!
//! Then every read of it (all after the assignment) sees the constant. Its declaration, the
//! assignment and its end of scope are removed (jumps keep their targets).
//!
//! A variable-length array's length is held in a temporary of its own, assigned where the
//! array is declared (`int ma[magic]` is `$vla_len = magic; decl ma[$vla_len]`). When that
//! temporary qualifies (once `magic` is replaced by its constant, it holds `56`), the array
//! is an array of that fixed length: its length is evaluated once, to a value that is the
//! same on every run, and a VLA of positive length n behaves as `int ma[n]` in everything
//! C lets a program observe (its `sizeof` is the same, and it cannot be initialised or
//! jumped into). Its type becomes the fixed-length type everywhere in the function. A
//! length that is not positive (undefined behaviour) keeps the VLA and its checks.
//!
//! Likewise a local that only carries a value to the next instruction
//! ([`substitute_single_use_locals`]: `double temp = j*tox*bk; bkp = bkm+temp+tox;` is
//! `bkp = bkm+j*tox*bk+tox;`).

use std::collections::{HashMap, HashSet};

use crate::ir::rewrite::rewrite;
use std::rc::Rc;

use super::flow;
use crate::ir::{ArrayLen, BinOp, Expr, ExprKind, FuncId, Instr, InstrKind, Program, Type, VarId, VarKind};

/// Replaces the constant locals of every function with a body; returns how many. (Replacing
/// `magic` makes `$vla_len = magic` constant: `equiv::normalise` repeats the passes.)
pub fn propagate_constant_locals(p: &mut Program) -> usize {
    replace_locals(p, constant_locals)
}

/// In every function with a body (see `flow::each_body`), the locals `find` returns are
/// replaced by their expressions: their declarations, their one assignment and their ends of
/// scope are removed (jumps keep their targets) and every read becomes the expression.
/// Returns how many.
fn replace_locals(p: &mut Program, find: fn(&Program, FuncId, &[Instr]) -> HashMap<VarId, Expr>) -> usize {
    flow::each_body(p, |p, f, slot| {
        let map = find(p, f, slot);
        if map.is_empty() {
            return 0;
        }
        let mut body = rewrite(std::mem::take(slot), |ins| match &ins.kind {
            InstrKind::Decl(v) | InstrKind::Dead(v) if map.contains_key(v) => (vec![], Some(vec![])),
            InstrKind::Assign { lhs, .. } if plain_var(lhs).is_some_and(|v| map.contains_key(&v)) => {
                (vec![], Some(vec![]))
            }
            _ => (vec![], None),
        });
        body.iter_mut().for_each(|ins| substitute_instr(&mut ins.kind, &map));
        let lengths: HashMap<VarId, u64> = map.iter().filter_map(|(v, e)| Some((*v, positive_length(e)?))).collect();
        if !lengths.is_empty() {
            for ins in body.iter_mut() {
                for e in ins.kind.exprs_mut() {
                    e.visit_mut(&mut |x| {
                        if let Some(t) = fixed_lengths(&x.ty, &lengths) {
                            x.ty = t;
                        }
                    });
                }
            }
            for var in p.vars.iter_mut().filter(|v| v.function() == Some(f)) {
                if let Some(t) = fixed_lengths(&var.ty, &lengths) {
                    var.ty = t;
                }
            }
        }
        *slot = body;
        map.len()
    })
}

/// Replaces locals that carry one value to the next instruction by the expression they were
/// assigned; returns how many. A local qualifies when it is a local of arithmetic type whose
/// address is never taken, assigned by exactly one instruction (not a call) with an
/// expression of its own type that reads only variables and memory (no nondeterministic
/// value, no builtin, not the local itself), read exactly once in the whole body, by the
/// very next instruction, which no jump lands on. Every run of that reading instruction then
/// comes straight from the assignment, with no store in between, so the expression has the
/// value the local held. Operations move with it (the checks against undefined behaviour
/// are added later, on the substituted expression, in the same order).
pub fn substitute_single_use_locals(p: &mut Program) -> usize {
    replace_locals(p, single_use_locals)
}

/// An expression without effects or fresh values: variables, memory, constants and
/// operators on them.
fn plain_value(e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        if matches!(x.kind, ExprKind::Nondet | ExprKind::Builtin(..) | ExprKind::Func(_) | ExprKind::Zero) {
            ok = false;
        }
    });
    ok
}

/// The single-use locals of `f` with the expressions they carry.
fn single_use_locals(p: &Program, f: FuncId, body: &[Instr]) -> HashMap<VarId, Expr> {
    let mut taken = HashSet::new();
    let mut assigns: HashMap<VarId, Vec<usize>> = HashMap::new();
    let mut reads: HashMap<VarId, Vec<usize>> = HashMap::new();
    let mut targets = HashSet::new();
    for (i, ins) in body.iter().enumerate() {
        for e in ins.kind.exprs() {
            address_taken(e, &mut taken);
        }
        let read_in = |e: &Expr, reads: &mut HashMap<VarId, Vec<usize>>| {
            e.visit(&mut |x| {
                if let ExprKind::Var(v) = x.kind {
                    reads.entry(v).or_default().push(i);
                }
            })
        };
        match &ins.kind {
            InstrKind::Assign { lhs, rhs } => {
                match plain_var(lhs) {
                    Some(v) => assigns.entry(v).or_default().push(i),
                    None => {
                        // (an element or member written: not a plain value; its index is read)
                        let mut r = lhs;
                        while let ExprKind::Member(b, _) | ExprKind::Index(b, _) = &r.kind {
                            if let ExprKind::Index(_, ix) = &r.kind {
                                read_in(ix, &mut reads);
                            }
                            r = b;
                        }
                        match r.kind {
                            ExprKind::Var(v) => {
                                taken.insert(v);
                            }
                            _ => read_in(r, &mut reads),
                        }
                    }
                }
                read_in(rhs, &mut reads);
            }
            InstrKind::Call { lhs, .. } => {
                if let Some(l) = lhs {
                    let mut r = l;
                    while let ExprKind::Member(b, _) | ExprKind::Index(b, _) = &r.kind {
                        r = b;
                    }
                    if let ExprKind::Var(v) = r.kind {
                        taken.insert(v);
                    }
                }
                for e in ins.kind.exprs() {
                    read_in(e, &mut reads);
                }
            }
            InstrKind::Goto { target, .. } => {
                targets.insert(*target);
                for e in ins.kind.exprs() {
                    read_in(e, &mut reads);
                }
            }
            _ => {
                for e in ins.kind.exprs() {
                    read_in(e, &mut reads);
                }
            }
        }
    }
    let mut out = HashMap::new();
    for (v, at) in assigns {
        let var = p.var(v);
        let local = matches!(var.kind, VarKind::Local(g) if g == f);
        if !local || var.is_static() || !var.ty.is_arith() || taken.contains(&v) {
            continue;
        }
        let [i] = at[..] else { continue };
        let InstrKind::Assign { rhs, .. } = &body[i].kind else { continue };
        if rhs.ty != var.ty || !plain_value(rhs) || mentions(rhs, v) {
            continue;
        }
        if reads.get(&v).map(|r| &r[..]) != Some(&[i + 1]) || targets.contains(&(i + 1)) {
            continue;
        }
        out.insert(v, rhs.clone());
    }
    // (a carried expression must not read another carried local: each is substituted once)
    let carried: HashSet<VarId> = out.keys().copied().collect();
    out.retain(|_, e| !carried.iter().any(|&w| mentions(e, w)));
    out
}

pub(super) fn plain_var(e: &Expr) -> Option<VarId> {
    match e.kind {
        ExprKind::Var(v) => Some(v),
        _ => None,
    }
}

/// A constant expression: a literal, maybe under casts of literals.
pub(super) fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Float(_) => true,
        ExprKind::Cast(a, _) => e.ty.is_arith() && is_constant(a),
        _ => false,
    }
}

fn mentions(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    e.visit(&mut |x| {
        if matches!(x.kind, ExprKind::Var(w) if w == v) {
            found = true;
        }
    });
    found
}

pub(super) fn address_taken(e: &Expr, out: &mut HashSet<VarId>) {
    e.visit(&mut |x| {
        if let ExprKind::AddrOf(a) = &x.kind {
            // (the root of `&a`, `&a.f`, `&a[i]`)
            let mut r: &Expr = a;
            while let ExprKind::Member(b, _) | ExprKind::Index(b, _) = &r.kind {
                r = b;
            }
            if let ExprKind::Var(v) = r.kind {
                out.insert(v);
            }
        }
    });
}

/// Folds floating-point operations on two literals whose result is exact (`0.5 * 4.0` is
/// `2.0`), in every function with a body (models aside); returns how many. An exact result is
/// the same in every rounding mode, so the fold changes no value. Results that are zero,
/// infinite or NaN are left alone (the sign of an exact zero sum depends on the rounding
/// mode). Only `double` operations: a `float` or `long double` literal is held as a double.
pub fn fold_exact_float_constants(p: &mut Program) -> usize {
    flow::each_body(p, |_, _, body| {
        let mut n = 0;
        for ins in body.iter_mut() {
            for e in ins.kind.exprs_mut() {
                e.visit_mut(&mut |x| {
                    if let Some(v) = exact_fold(x) {
                        x.kind = ExprKind::Float(v);
                        n += 1;
                    }
                });
            }
        }
        n
    })
}

/// The exact value of a `double` operation on two literals, if it has one.
fn exact_fold(e: &Expr) -> Option<f64> {
    let ExprKind::Binary(op, a, b) = &e.kind else { return None };
    let double = |t: &Type| matches!(t, Type::Float(crate::ir::FloatKind::Double));
    if !double(&e.ty) || !double(&a.ty) || !double(&b.ty) {
        return None;
    }
    let (ExprKind::Float(x), ExprKind::Float(y)) = (&a.kind, &b.kind) else { return None };
    let (x, y) = (*x, *y);
    let r = match op {
        BinOp::Add | BinOp::Sub => {
            let y = if *op == BinOp::Sub { -y } else { y };
            let r = x + y;
            // (two-sum: the rounding error of x + y)
            let yy = r - x;
            let err = (x - (r - yy)) + (y - yy);
            (err == 0.0).then_some(r)?
        }
        BinOp::Mul => {
            let r = x * y;
            (x.mul_add(y, -r) == 0.0).then_some(r)?
        }
        BinOp::Div => {
            let r = x / y;
            (y != 0.0 && r.mul_add(y, -x) == 0.0).then_some(r)?
        }
        _ => return None,
    };
    (r.is_finite() && r != 0.0).then_some(r)
}

/// The value of an integer literal when it is a valid array length (positive).
fn positive_length(e: &Expr) -> Option<u64> {
    let ExprKind::Int(bits) = e.kind else { return None };
    let Type::Int(it) = &e.ty else { return None };
    let w = it.width;
    let negative = it.signed && w > 0 && (bits >> (w - 1)) & 1 == 1;
    (!negative && bits > 0).then(|| u64::try_from(bits).ok()).flatten()
}

/// `t` with the variable lengths in `lengths` fixed, or `None` when it has none of them.
fn fixed_lengths(t: &Type, lengths: &HashMap<VarId, u64>) -> Option<Type> {
    match t {
        Type::Pointer(to) => fixed_lengths(to, lengths).map(Type::ptr),
        Type::Array(elem, len) => {
            let fixed = match len {
                ArrayLen::Var(v) => lengths.get(v).map(|&n| ArrayLen::Fixed(n)),
                _ => None,
            };
            let inner = fixed_lengths(elem, lengths);
            if fixed.is_none() && inner.is_none() {
                return None;
            }
            let elem = inner.map(Rc::new).unwrap_or_else(|| elem.clone());
            Some(Type::Array(elem, fixed.unwrap_or_else(|| len.clone())))
        }
        _ => None,
    }
}

/// Variables that are the length of a variable-length array in `f`'s locals or body.
pub(super) fn vla_lengths(p: &Program, f: FuncId, body: &[crate::ir::Instr]) -> HashSet<VarId> {
    fn collect(t: &Type, out: &mut HashSet<VarId>) {
        match t {
            Type::Pointer(to) => collect(to, out),
            Type::Array(elem, len) => {
                if let ArrayLen::Var(v) = len {
                    out.insert(*v);
                }
                collect(elem, out);
            }
            _ => {}
        }
    }
    let mut out = HashSet::new();
    for var in p.vars.iter().filter(|v| v.function() == Some(f)) {
        collect(&var.ty, &mut out);
    }
    for ins in body {
        for e in ins.kind.exprs() {
            e.visit(&mut |x| collect(&x.ty, &mut out));
        }
    }
    out
}

/// The constant locals of `f` with their values.
fn constant_locals(p: &Program, f: FuncId, body: &[Instr]) -> HashMap<VarId, Expr> {
    let mut taken = HashSet::new();
    let mut assigns: HashMap<VarId, Vec<usize>> = HashMap::new();
    let mut decls: HashMap<VarId, Vec<usize>> = HashMap::new();
    let mut call_targets = HashSet::new();
    // the first jump, and the first instruction a jump lands on
    let mut first_jump = body.len();
    let mut first_target = body.len();
    for (i, ins) in body.iter().enumerate() {
        for e in ins.kind.exprs() {
            address_taken(e, &mut taken);
        }
        match &ins.kind {
            InstrKind::Assign { lhs, .. } => {
                if let Some(v) = plain_var(lhs) {
                    assigns.entry(v).or_default().push(i);
                } else {
                    // (an element or member written: the root is not one constant)
                    let mut r = lhs;
                    while let ExprKind::Member(b, _) | ExprKind::Index(b, _) = &r.kind {
                        r = b;
                    }
                    if let ExprKind::Var(v) = r.kind {
                        taken.insert(v);
                    }
                }
            }
            InstrKind::Call { lhs: Some(l), .. } => {
                let mut r = l;
                while let ExprKind::Member(b, _) | ExprKind::Index(b, _) = &r.kind {
                    r = b;
                }
                if let ExprKind::Var(v) = r.kind {
                    call_targets.insert(v);
                }
            }
            InstrKind::Decl(v) => decls.entry(*v).or_default().push(i),
            InstrKind::Goto { target, .. } => {
                first_jump = first_jump.min(i);
                first_target = first_target.min(*target);
            }
            _ => {}
        }
    }
    let lengths = vla_lengths(p, f, body);
    let mut out = HashMap::new();
    for (v, at) in assigns {
        let var = p.var(v);
        // (temporaries too: a VLA's length is one)
        let local = matches!(var.kind, VarKind::Local(g) | VarKind::Temp(g) if g == f);
        if !local || var.is_static() || !var.ty.is_arith() || taken.contains(&v) || call_targets.contains(&v) {
            continue;
        }
        let [i] = at[..] else { continue };
        if i >= first_jump || i >= first_target {
            continue;
        }
        let InstrKind::Assign { rhs, .. } = &body[i].kind else { continue };
        if !is_constant(rhs) || rhs.ty != var.ty {
            continue;
        }
        if lengths.contains(&v) && positive_length(rhs).is_none() {
            continue;
        }
        match decls.get(&v).map(|d| &d[..]) {
            None => {}
            Some([d]) if *d < i => {}
            _ => continue,
        }
        // not read before the assignment
        if body[..i].iter().any(|ins| ins.kind.exprs().iter().any(|e| mentions(e, v))) {
            continue;
        }
        out.insert(v, rhs.clone());
    }
    out
}

/// Reads of the locals in `map` become their expressions.
fn substitute_instr(k: &mut InstrKind, map: &HashMap<VarId, Expr>) {
    for e in k.exprs_mut() {
        e.visit_mut(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                if let Some(c) = map.get(&v) {
                    *x = c.clone();
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::FloatKind;

    fn fold(op: BinOp, x: f64, y: f64) -> Option<f64> {
        let d = Type::Float(FloatKind::Double);
        let lit = |v| Expr::new(ExprKind::Float(v), d.clone());
        exact_fold(&Expr::binary(op, lit(x), lit(y), d.clone()))
    }

    #[test]
    fn only_exact_double_operations_on_literals_fold() {
        assert_eq!(fold(BinOp::Mul, 0.5, 4.0), Some(2.0));
        assert_eq!(fold(BinOp::Add, 0.25, 0.5), Some(0.75));
        assert_eq!(fold(BinOp::Sub, 3.0, 0.5), Some(2.5));
        assert_eq!(fold(BinOp::Div, 1.0, 8.0), Some(0.125));
        // rounded results: their value would depend on the rounding mode
        assert_eq!(fold(BinOp::Mul, 0.1, 3.0), None);
        assert_eq!(fold(BinOp::Div, 1.0, 3.0), None);
        assert_eq!(fold(BinOp::Add, 1.0, 1e-30), None);
        // zero (its sign depends on the rounding mode), overflow, division by zero
        assert_eq!(fold(BinOp::Sub, 1.0, 1.0), None);
        assert_eq!(fold(BinOp::Mul, 1e308, 10.0), None);
        assert_eq!(fold(BinOp::Div, 1.0, 0.0), None);
        // a float operation is left alone (its literals are held as doubles)
        let f = Type::Float(FloatKind::Float);
        let lit = |v| Expr::new(ExprKind::Float(v), f.clone());
        assert_eq!(exact_fold(&Expr::binary(BinOp::Mul, lit(0.5), lit(4.0), f.clone())), None);
    }
}
