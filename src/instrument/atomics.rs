//! GCC's `__atomic_*` and `__sync_*` builtins (what C11 `<stdatomic.h>` expands to) as plain
//! reads and writes inside an atomic section: `old = __atomic_fetch_add(p, v, order)` becomes
//! `__VERIFIER_atomic_begin(); $old = *p; *p = $old + v; old = $old; __VERIFIER_atomic_end();`.
//! Every memory order is taken as sequentially consistent (one order of all atomic operations,
//! which is what an interleaving semantics gives). The reads and writes are checked like any
//! other dereference (the pass runs before the safety claims are added).
//!
//! A builtin on a pointer whose pointee type is unknown (`void *`) is left alone: a call of an
//! unknown function, whose result is nondeterministic.

use crate::ir::build::{declare, func_expr, new_var};
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, Expr, ExprKind, FuncId, Instr, InstrKind, Loc, Program, Type, UnOp, VarId, VarKind};

/// What a builtin does, over the pointee of its first argument.
#[derive(Clone, Copy)]
enum Rmw {
    /// `(p, v)`: `*p = *p op v`; the old value (or the new one) is the result.
    Fetch(BinOp, bool, bool),
    /// `(p)`: the value.
    LoadN,
    /// `(p, ret)`: `*ret = *p`.
    Load,
    /// `(p, v)`: `*p = v`.
    StoreN,
    /// `(p, vp)`: `*p = *vp`.
    Store,
    /// `(p, v)`: `*p = v`, the old value is the result.
    ExchangeN,
    /// `(p, vp, ret)`: `*ret = *p; *p = *vp`.
    Exchange,
    /// `(p, e, d, …)`: if `*p == *e` then `*p = d` (true) else `*e = *p` (false); `d` is a
    /// pointer to the desired value when the flag is set.
    CompareExchange(bool),
    /// `(p, old, new)`: if `*p == old` then `*p = new`; the result says whether (true), or is
    /// the value `*p` had (false).
    CompareAndSwap(bool),
    /// `(p)`: `*p = 0`.
    Release,
    /// `(p)`: the byte `*p` is set; whether it was set is the result.
    TestAndSet,
    /// `(p)`: the byte `*p` is cleared.
    Clear,
    /// A fence: nothing, under sequential consistency.
    Fence,
}

fn classify(name: &str) -> Option<Rmw> {
    let op = |s: &str| -> Option<(BinOp, bool)> {
        Some(match s {
            "add" => (BinOp::Add, false),
            "sub" => (BinOp::Sub, false),
            "or" => (BinOp::BitOr, false),
            "and" => (BinOp::BitAnd, false),
            "xor" => (BinOp::BitXor, false),
            "nand" => (BinOp::BitAnd, true),
            _ => return None,
        })
    };
    if let Some(o) = name.strip_prefix("__atomic_fetch_").and_then(op) {
        return Some(Rmw::Fetch(o.0, o.1, false));
    }
    if let Some(o) = name.strip_prefix("__sync_fetch_and_").and_then(op) {
        return Some(Rmw::Fetch(o.0, o.1, false));
    }
    if let Some(o) = name.strip_prefix("__atomic_").and_then(|s| s.strip_suffix("_fetch")).and_then(op) {
        return Some(Rmw::Fetch(o.0, o.1, true));
    }
    if let Some(o) = name.strip_prefix("__sync_").and_then(|s| s.strip_suffix("_and_fetch")).and_then(op) {
        return Some(Rmw::Fetch(o.0, o.1, true));
    }
    Some(match name {
        "__atomic_load_n" => Rmw::LoadN,
        "__atomic_load" => Rmw::Load,
        "__atomic_store_n" => Rmw::StoreN,
        "__atomic_store" => Rmw::Store,
        "__atomic_exchange_n" | "__sync_lock_test_and_set" => Rmw::ExchangeN,
        "__atomic_exchange" => Rmw::Exchange,
        "__atomic_compare_exchange_n" => Rmw::CompareExchange(false),
        "__atomic_compare_exchange" => Rmw::CompareExchange(true),
        "__sync_bool_compare_and_swap" => Rmw::CompareAndSwap(true),
        "__sync_val_compare_and_swap" => Rmw::CompareAndSwap(false),
        "__sync_lock_release" => Rmw::Release,
        "__atomic_test_and_set" => Rmw::TestAndSet,
        "__atomic_clear" => Rmw::Clear,
        "__atomic_thread_fence" | "__atomic_signal_fence" | "__sync_synchronize" => Rmw::Fence,
        _ => return None,
    })
}

/// Lowers every call of an atomic builtin the program makes.
pub fn lower_atomic_builtins(p: &mut Program) {
    let used = p.funcs.iter().any(|f| f.body.is_none() && classify(&f.name).is_some());
    if !used {
        return;
    }
    let void = Type::Void;
    let begin = declare(p, "__VERIFIER_atomic_begin", void.clone(), vec![]);
    let end = declare(p, "__VERIFIER_atomic_end", void, vec![]);
    for fi in 0..p.funcs.len() {
        if p.funcs[fi].body.is_none() {
            continue;
        }
        let Some(body) = p.funcs[fi].body.take() else { continue };
        let f = FuncId(fi as u32);
        let mut temps: Vec<(Type, Loc)> = Vec::new();
        let body = {
            let p = &*p;
            rewrite(body, |ins| {
                let InstrKind::Call { lhs, func, args } = &ins.kind else { return (vec![], None) };
                let ExprKind::Func(callee) = &func.kind else { return (vec![], None) };
                let Some(kind) = classify(&p.func(*callee).name) else { return (vec![], None) };
                let mut l = Lowering { p, temps: &mut temps, loc: ins.loc, out: Vec::new() };
                if !l.lower(kind, lhs.as_ref(), args) {
                    return (vec![], None);
                }
                let mut code = vec![Instr::new(call(p, begin), ins.loc)];
                code.append(&mut l.out);
                code.push(Instr::new(call(p, end), ins.loc));
                (vec![], Some(code))
            })
        };
        for (ty, loc) in temps {
            new_var(p, "$atomic", ty, VarKind::Temp(f), loc, false);
        }
        p.funcs[fi].body = Some(body);
    }
}

fn call(p: &Program, f: FuncId) -> InstrKind {
    InstrKind::Call { lhs: None, func: func_expr(p, f), args: vec![] }
}

struct Lowering<'a> {
    p: &'a Program,
    /// Temporaries to create, in order (their ids follow the program's variables).
    temps: &'a mut Vec<(Type, Loc)>,
    loc: Loc,
    out: Vec<Instr>,
}

impl Lowering<'_> {
    fn temp(&mut self, ty: Type) -> Expr {
        let v = VarId((self.p.vars.len() + self.temps.len()) as u32);
        self.temps.push((ty.clone(), self.loc));
        Expr::var(v, ty)
    }

    fn assign(&mut self, lhs: Expr, rhs: Expr) {
        let rhs = Expr::cast(rhs, lhs.ty.clone());
        self.out.push(Instr::new(InstrKind::Assign { lhs, rhs }, self.loc));
    }

    /// `*p` at the type `p` points to (None for `void *`).
    fn target(&self, p: &Expr) -> Option<Expr> {
        let t = p.ty.pointee()?;
        if matches!(t, Type::Void) || self.p.size_of(t).is_none() {
            return None;
        }
        Some(Expr::deref(p.clone()))
    }

    fn result(&mut self, lhs: Option<&Expr>, v: Expr) {
        if let Some(l) = lhs {
            self.assign(l.clone(), v);
        }
    }

    fn lower(&mut self, kind: Rmw, lhs: Option<&Expr>, args: &[Expr]) -> bool {
        let Some(p) = args.first() else { return false };
        if let Rmw::Fence = kind {
            return true;
        }
        let Some(at) = self.target(p) else { return false };
        let ty = at.ty.clone();
        let int = self.p.target.int_t();
        match kind {
            Rmw::Fetch(op, negate, new) => {
                let Some(v) = args.get(1) else { return false };
                let old = self.temp(ty.clone());
                self.assign(old.clone(), at.clone());
                let promoted = if ty.is_pointer() { ty.clone() } else { int_promoted(&ty, &int) };
                let mut r = if ty.is_pointer() {
                    // (pointer arithmetic of the GCC builtins is in bytes)
                    let bp = Type::ptr(self.p.target.int(crate::ir::types::IntName::Char));
                    let c = Expr::cast(old.clone(), bp.clone());
                    let d = Expr::cast(v.clone(), self.p.target.size_t());
                    match op {
                        BinOp::Add => Expr::binary(BinOp::PtrAdd, c, d, bp),
                        BinOp::Sub => Expr::binary(BinOp::PtrSub, c, d, bp),
                        _ => return false,
                    }
                } else {
                    Expr::binary(
                        op,
                        Expr::cast(old.clone(), promoted.clone()),
                        Expr::cast(v.clone(), promoted.clone()),
                        promoted.clone(),
                    )
                };
                if negate {
                    r = Expr::unary(UnOp::BitNot, r, promoted);
                }
                let newv = self.temp(ty.clone());
                self.assign(newv.clone(), r);
                self.assign(at, newv.clone());
                self.result(lhs, if new { newv } else { old });
            }
            Rmw::LoadN => self.result(lhs, at),
            Rmw::Load => {
                let Some(ret) = args.get(1).and_then(|r| self.target(r)) else { return false };
                self.assign(ret, at);
            }
            Rmw::StoreN => {
                let Some(v) = args.get(1) else { return false };
                self.assign(at, v.clone());
            }
            Rmw::Store => {
                let Some(v) = args.get(1).and_then(|r| self.target(r)) else { return false };
                self.assign(at, v);
            }
            Rmw::ExchangeN => {
                let Some(v) = args.get(1) else { return false };
                let old = self.temp(ty.clone());
                self.assign(old.clone(), at.clone());
                self.assign(at, v.clone());
                self.result(lhs, old);
            }
            Rmw::Exchange => {
                let (Some(v), Some(ret)) =
                    (args.get(1).and_then(|r| self.target(r)), args.get(2).and_then(|r| self.target(r)))
                else {
                    return false;
                };
                let old = self.temp(ty.clone());
                self.assign(old.clone(), at.clone());
                self.assign(at, v);
                self.assign(ret, old);
            }
            Rmw::CompareExchange(by_pointer) => {
                let Some(e) = args.get(1).and_then(|r| self.target(r)) else { return false };
                let desired = match args.get(2) {
                    Some(d) if by_pointer => match self.target(d) {
                        Some(d) => d,
                        None => return false,
                    },
                    Some(d) => d.clone(),
                    None => return false,
                };
                let cur = self.temp(ty.clone());
                self.assign(cur.clone(), at.clone());
                let exp = self.temp(ty.clone());
                self.assign(exp.clone(), e.clone());
                let eq = self.temp(int.clone());
                self.assign(eq.clone(), Expr::binary(BinOp::Eq, cur.clone(), exp.clone(), int.clone()));
                let d = Expr::cast(desired, ty.clone());
                self.assign(
                    at,
                    Expr::new(ExprKind::Cond(Box::new(eq.clone()), Box::new(d), Box::new(cur.clone())), ty.clone()),
                );
                self.assign(e, Expr::new(ExprKind::Cond(Box::new(eq.clone()), Box::new(exp), Box::new(cur)), ty));
                self.result(lhs, eq);
            }
            Rmw::CompareAndSwap(boolean) => {
                let (Some(o), Some(n)) = (args.get(1), args.get(2)) else { return false };
                let cur = self.temp(ty.clone());
                self.assign(cur.clone(), at.clone());
                let eq = self.temp(int.clone());
                let o = Expr::cast(o.clone(), ty.clone());
                self.assign(eq.clone(), Expr::binary(BinOp::Eq, cur.clone(), o, int.clone()));
                let n = Expr::cast(n.clone(), ty.clone());
                self.assign(
                    at,
                    Expr::new(ExprKind::Cond(Box::new(eq.clone()), Box::new(n), Box::new(cur.clone())), ty),
                );
                self.result(lhs, if boolean { eq } else { cur });
            }
            Rmw::Release => {
                self.assign(at, Expr::int(0, ty));
            }
            Rmw::TestAndSet | Rmw::Clear => {
                let byte = self.p.target.int(crate::ir::types::IntName::UChar);
                let b = Expr::deref(Expr::cast(p.clone(), Type::ptr(byte.clone())));
                if let Rmw::Clear = kind {
                    self.assign(b, Expr::int(0, byte));
                    return true;
                }
                let old = self.temp(byte.clone());
                self.assign(old.clone(), b.clone());
                self.assign(b, Expr::int(1, byte.clone()));
                let set = Expr::binary(BinOp::Ne, old, Expr::int(0, byte), int);
                self.result(lhs, set);
            }
            Rmw::Fence => {}
        }
        true
    }
}

/// The type integer arithmetic on `t` is done in: `int` for the narrower types.
fn int_promoted(t: &Type, int: &Type) -> Type {
    match (t.int_width(), int.int_width()) {
        (Some(w), Some(iw)) if w < iw => int.clone(),
        _ => t.clone(),
    }
}
