//! One function's loop-free segments between cut points (entry, loop heads, exit), each a
//! path condition and the state it leaves, over mathematical integers.
//!
//! The fragment: integer scalars (parameters and locals whose address is never taken),
//! assignments, conditional jumps, `return`, and direct calls of functions with a body that
//! are in the fragment themselves (a call is recorded in its segment, with its arguments and
//! fresh values for its result and, in the new version, its error flag; the encoding relates
//! them by the callee's summary). Anything else — memory, calls of functions without a body
//! or through pointers, floats, globals, `abort`, assertions, bitwise operations other than
//! masks with `2^k - 1`, shifts by a non-constant — is refused with the reason, never
//! approximated.
//!
//! C's integer semantics are kept exactly: unsigned arithmetic and conversions wrap modulo
//! 2^w, signed overflow (without `-fwrapv`), division by zero and `INT_MIN / -1` are undefined
//! behaviour. Undefined behaviour is where the two versions differ: in the old version it
//! ends the path (the comparison covers inputs on which the old version is defined); in the
//! new version it ends the run with the error flag set (a difference, unless the old
//! version is undefined on that input too).

use std::collections::{BTreeSet, HashMap};

use crate::ir::{BinOp, Builtin, Expr, ExprKind, FuncId, Instr, InstrKind, Program, Type, UnOp, VarId, VarKind};
use crate::smt::horn::H;

/// Where a segment starts or ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cut {
    Entry,
    /// A loop head (the target of a backward jump), by instruction index.
    Head(usize),
    Exit,
}

/// One loop-free path from a cut point to the next. Variables `0..state_len` are the state at
/// the start; higher ones are fresh (nondeterministic) values.
#[derive(Clone, Debug)]
pub struct Segment {
    pub from: Cut,
    pub to: Cut,
    pub guard: H,
    /// The state at the end.
    pub post: Vec<H>,
    /// The calls made on the way, in order.
    pub calls: Vec<Call>,
}

/// A call on a segment: the callee returned `ret` (a fresh variable) for `args`; in the new
/// version `err` (fresh) is 1 when the callee's run ended in undefined behaviour, and the
/// segment's guard says which case it is on.
#[derive(Clone, Debug)]
pub struct Call {
    pub callee: FuncId,
    pub args: Vec<H>,
    pub ret: u32,
    pub err: Option<u32>,
}

/// A function cut into segments. Its state is `vars`, then the return value, then the
/// error flag (1: the run ended in undefined behaviour).
#[derive(Clone, Debug)]
pub struct Version {
    pub vars: Vec<VarId>,
    /// Position in `vars` of each parameter.
    pub params: Vec<usize>,
    pub param_types: Vec<Type>,
    pub ret_type: Type,
    /// The range of each state element (variables, return value, error flag).
    pub ranges: Vec<(i128, i128)>,
    pub segments: Vec<Segment>,
    /// The number of variables segments use (state and fresh ones).
    pub var_count: u32,
}

impl Version {
    pub fn state_len(&self) -> usize {
        self.vars.len() + 2
    }
    pub fn has_loops(&self) -> bool {
        self.segments.iter().any(|s| matches!(s.from, Cut::Head(_)))
    }
    /// The functions it calls.
    pub fn callees(&self) -> BTreeSet<FuncId> {
        self.segments.iter().flat_map(|s| s.calls.iter().map(|c| c.callee)).collect()
    }
    pub fn ret(&self) -> usize {
        self.vars.len()
    }
    pub fn err(&self) -> usize {
        self.vars.len() + 1
    }
}

/// More paths than this from one cut point: refused (the encoding would be too large).
const MAX_PATHS: usize = 256;

/// Values an integer type holds.
pub fn range(t: &Type) -> Option<(i128, i128)> {
    match t {
        Type::Bool => Some((0, 1)),
        t => t.int_ty()?.range(),
    }
}

/// Cuts `f` into segments. `old`: undefined behaviour ends the path; otherwise it sets the
/// error flag.
pub fn version(p: &Program, f: FuncId, old: bool, wrapv: bool) -> Result<Version, String> {
    let func = p.func(f);
    let body = func.body.as_deref().ok_or_else(|| format!("`{}` has no body", func.name))?;
    let name = func.name.split('@').next().unwrap_or(&func.name).to_string();
    range(&func.ty.ret).ok_or_else(|| format!("`{name}` does not return an integer"))?;
    let mut vars: Vec<VarId> = func.params.clone();
    let mut seen: BTreeSet<VarId> = vars.iter().copied().collect();
    let mut bad: Option<String> = None;
    let mut note = |v: VarId, vars: &mut Vec<VarId>| {
        let var = p.var(v);
        let own = matches!(var.kind, VarKind::Local(g) | VarKind::Param(g) | VarKind::Temp(g) if g == f);
        if !own {
            bad.get_or_insert_with(|| format!("`{name}` uses `{}`, which is not a local variable", var.name));
        } else if var.addressed || range(&var.ty).is_none() {
            bad.get_or_insert_with(|| format!("`{name}` has `{}`, which is not an integer register", var.name));
        } else if seen.insert(v) {
            vars.push(v);
        }
    };
    for &v in &func.params {
        note(v, &mut Vec::new());
    }
    for ins in body {
        if let InstrKind::Decl(v) = ins.kind {
            note(v, &mut vars);
        }
        for e in ins.kind.exprs() {
            e.visit(&mut |x| {
                if let ExprKind::Var(v) = x.kind {
                    note(v, &mut vars);
                }
            });
        }
    }
    if let Some(why) = bad {
        return Err(why);
    }
    definitely_assigned(body, &func.params, &name)?;
    let heads: BTreeSet<usize> = body
        .iter()
        .enumerate()
        .filter_map(|(i, ins)| match ins.kind {
            InstrKind::Goto { target, .. } if target <= i => Some(target),
            _ => None,
        })
        .collect();
    let index: HashMap<VarId, usize> = vars.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let state_len = vars.len() + 2;
    let mut w = Walker {
        p,
        body,
        index,
        heads: heads.clone(),
        old,
        wrapv,
        fresh: state_len as u32,
        ret_ty: func.ty.ret.clone(),
        segments: Vec::new(),
        ub: Vec::new(),
        facts: Vec::new(),
        paths: 0,
    };
    let start: Vec<H> = (0..state_len as u32).map(H::Var).collect();
    w.walk(Cut::Entry, 0, start.clone(), heads.contains(&0))?;
    for &h in &heads {
        w.paths = 0;
        w.walk(Cut::Head(h), h, start.clone(), false)?;
    }
    let params = func.params.iter().map(|v| vars.iter().position(|x| x == v).unwrap_or(0)).collect();
    let ranges = vars
        .iter()
        .map(|&v| range(&p.var(v).ty).unwrap_or((0, 0)))
        .chain([range(&func.ty.ret).unwrap_or((0, 0)), (0, 1)])
        .collect();
    Ok(Version {
        param_types: func.params.iter().map(|&v| p.var(v).ty.clone()).collect(),
        ret_type: func.ty.ret.clone(),
        vars,
        params,
        ranges,
        segments: w.segments,
        var_count: w.fresh,
    })
}

/// Refuses a function that may read a local before assigning it (its value is indeterminate;
/// the encoding would have to pick one).
fn definitely_assigned(body: &[Instr], params: &[VarId], name: &str) -> Result<(), String> {
    let n = body.len();
    let mut inn: Vec<Option<BTreeSet<VarId>>> = vec![None; n + 1];
    inn[0] = Some(params.iter().copied().collect());
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        if pc >= n {
            continue;
        }
        let mut s = inn[pc].clone().unwrap_or_default();
        let k = &body[pc].kind;
        let reads: Vec<&Expr> = match k {
            InstrKind::Assign { lhs, rhs } => {
                let mut r = vec![rhs];
                if !matches!(lhs.kind, ExprKind::Var(_)) {
                    r.push(lhs);
                }
                r
            }
            InstrKind::Call { lhs, func, args } => {
                let mut r: Vec<&Expr> = args.iter().chain(std::iter::once(func)).collect();
                r.extend(lhs.iter().filter(|l| !matches!(l.kind, ExprKind::Var(_))));
                r
            }
            _ => k.exprs(),
        };
        for e in reads {
            let mut missing = None;
            e.visit(&mut |x| {
                if let ExprKind::Var(v) = x.kind {
                    if !s.contains(&v) {
                        missing = Some(v);
                    }
                }
            });
            if missing.is_some() {
                return Err(format!(
                    "`{name}` may read a local variable before assigning it (line {})",
                    body[pc].loc.line
                ));
            }
        }
        match k {
            InstrKind::Decl(v) | InstrKind::Dead(v) => {
                s.remove(v);
            }
            InstrKind::Assign { lhs: Expr { kind: ExprKind::Var(v), .. }, .. }
            | InstrKind::Call { lhs: Some(Expr { kind: ExprKind::Var(v), .. }), .. } => {
                s.insert(*v);
            }
            _ => {}
        }
        let succ: Vec<usize> = match k {
            InstrKind::Goto { cond: None, target } => vec![*target],
            InstrKind::Goto { cond: Some(_), target } => vec![*target, pc + 1],
            InstrKind::Return(_) | InstrKind::EndPath => vec![],
            _ => vec![pc + 1],
        };
        for t in succ {
            let next = match &inn[t] {
                None => s.clone(),
                Some(old) => old.intersection(&s).copied().collect(),
            };
            if inn[t].as_ref() != Some(&next) {
                inn[t] = Some(next);
                work.push(t);
            }
        }
    }
    Ok(())
}

/// A value: an integer, or a condition (C's 0/1 when used as a number).
#[derive(Clone)]
enum V {
    I(H),
    B(H),
}

impl V {
    fn int(self) -> H {
        match self {
            V::I(h) => h,
            V::B(b) => H::ite(b, H::Num(1), H::Num(0)),
        }
    }
    fn truth(self) -> H {
        match self {
            V::B(b) => b,
            V::I(h) => H::not(H::eq(h, H::Num(0))),
        }
    }
}

struct Walker<'a> {
    p: &'a Program,
    body: &'a [Instr],
    index: HashMap<VarId, usize>,
    heads: BTreeSet<usize>,
    old: bool,
    wrapv: bool,
    /// The next fresh variable.
    fresh: u32,
    ret_ty: Type,
    segments: Vec<Segment>,
    /// Undefined-behaviour conditions met while evaluating the current instruction.
    ub: Vec<H>,
    /// Facts about fresh values (their ranges) met while evaluating it.
    facts: Vec<H>,
    paths: usize,
}

struct Path {
    pc: usize,
    env: Vec<H>,
    guard: Vec<H>,
    first: bool,
    calls: Vec<Call>,
}

impl Walker<'_> {
    fn emit(&mut self, from: Cut, to: Cut, guard: &[H], post: Vec<H>, calls: &[Call]) -> Result<(), String> {
        let guard = H::and(guard.to_vec());
        if guard.is_false() {
            return Ok(());
        }
        self.paths += 1;
        if self.paths > MAX_PATHS {
            return Err(format!("more than {MAX_PATHS} paths between two loop heads"));
        }
        self.segments.push(Segment { from, to, guard, post, calls: calls.to_vec() });
        Ok(())
    }

    /// Ends the paths on which undefined behaviour met while evaluating the current
    /// instruction happens (old version), or sends them to the exit with the error flag set
    /// (new version); the path goes on where it does not happen.
    fn flush_undefined(&mut self, from: Cut, st: &mut Path) -> Result<(), String> {
        let ub = std::mem::take(&mut self.ub);
        st.guard.append(&mut self.facts);
        for u in ub {
            if !self.old {
                let mut g = st.guard.clone();
                g.push(u.clone());
                self.error_exit(from, &g, st)?;
            }
            st.guard.push(H::not(u));
        }
        Ok(())
    }

    /// The new version's run ends in undefined behaviour under `guard`.
    fn error_exit(&mut self, from: Cut, guard: &[H], st: &Path) -> Result<(), String> {
        // (the run ends here: only the flag matters; the state may hold an overflowing
        // value, which is outside its type's range)
        let mut post = vec![H::Num(0); st.env.len()];
        post[self.index.len() + 1] = H::Num(1);
        self.emit(from, Cut::Exit, guard, post, &st.calls)
    }

    /// A direct call of a function with a body and integer parameters and result: its
    /// arguments are evaluated (undefined behaviour there ends the path before the call), the
    /// call is recorded with a fresh result, and in the new version the callee's own
    /// undefined behaviour (a fresh flag) ends the run with the error flag set.
    fn call(&mut self, from: Cut, st: &mut Path, lhs: Option<&Expr>, func: &Expr, args: &[Expr]) -> Result<(), String> {
        let ExprKind::Func(g) = func.kind else {
            return Err("a call through a function pointer".into());
        };
        let callee = self.p.func(g);
        let name = callee.name.split('@').next().unwrap_or(&callee.name).to_string();
        if callee.body.is_none() {
            return Err(format!("a call of `{name}`, which has no body here"));
        }
        if callee.ty.variadic || callee.params.len() != args.len() {
            return Err(format!("a call of `{name}` with a variable number of arguments"));
        }
        let (lo, hi) = range(&callee.ty.ret).ok_or_else(|| format!("a call of `{name}`, which returns no integer"))?;
        let mut vals = Vec::new();
        for (a, &pv) in args.iter().zip(&callee.params) {
            let v = self.eval(a, &st.env, &H::Bool(true))?;
            vals.push(Self::convert(v, &a.ty, &self.p.var(pv).ty)?);
        }
        self.flush_undefined(from, st)?;
        let ret = self.fresh;
        let r = self.fresh_var();
        st.guard.push(r.within(lo, hi));
        let err = if self.old { None } else { Some(self.fresh) };
        if err.is_some() {
            self.fresh_var();
        }
        st.calls.push(Call { callee: g, args: vals, ret, err });
        if let Some(e) = err {
            let mut g = st.guard.clone();
            g.push(H::eq(H::Var(e), H::Num(1)));
            self.error_exit(from, &g, st)?;
            st.guard.push(H::eq(H::Var(e), H::Num(0)));
        }
        match lhs {
            None => {}
            Some(Expr { kind: ExprKind::Var(v), ty }) => {
                let i = *self.index.get(v).ok_or("a call's result stored outside the function")?;
                st.env[i] = Self::convert(V::I(r), &callee.ty.ret, ty)?;
            }
            Some(_) => return Err("a call's result stored somewhere other than a local variable".into()),
        }
        Ok(())
    }

    fn walk(&mut self, from: Cut, pc: usize, env: Vec<H>, stop_at_start: bool) -> Result<(), String> {
        let mut stack = vec![Path { pc, env, guard: vec![], first: !stop_at_start, calls: vec![] }];
        let err = self.index.len() + 1;
        let ret = self.index.len();
        while let Some(mut st) = stack.pop() {
            if H::and(st.guard.clone()).is_false() {
                continue;
            }
            if !st.first && self.heads.contains(&st.pc) {
                self.emit(from, Cut::Head(st.pc), &st.guard, st.env, &st.calls)?;
                continue;
            }
            st.first = false;
            let Some(ins) = self.body.get(st.pc) else {
                return Err("control reaches the end of a function that returns a value".into());
            };
            let line = ins.loc.line;
            let at = |e: String| format!("{e} (line {line})");
            let mut jump: Option<(H, usize)> = None;
            let mut ended = false;
            match &ins.kind {
                InstrKind::Skip | InstrKind::Dead(_) => {}
                InstrKind::Decl(v) => {
                    let i = self.index[v];
                    let x = self.fresh_var();
                    if let Some((lo, hi)) = range(&self.p.var(*v).ty) {
                        st.guard.push(x.within(lo, hi));
                    }
                    st.env[i] = x;
                }
                InstrKind::Assign { lhs, rhs } => {
                    let ExprKind::Var(v) = lhs.kind else {
                        return Err(at("an assignment to something other than a local variable".into()));
                    };
                    let val = self.eval(rhs, &st.env, &H::Bool(true)).map_err(at)?.int();
                    st.env[self.index[&v]] = val;
                }
                InstrKind::Assume(e) => {
                    let c = self.eval(e, &st.env, &H::Bool(true)).map_err(at)?.truth();
                    st.guard.push(c);
                }
                InstrKind::Goto { cond, target } => {
                    let c = match cond {
                        Some(e) => self.eval(e, &st.env, &H::Bool(true)).map_err(at)?.truth(),
                        None => H::Bool(true),
                    };
                    jump = Some((c, *target));
                }
                InstrKind::Return(Some(e)) => {
                    let v = self.eval(e, &st.env, &H::Bool(true)).map_err(at)?;
                    let v = Self::convert(v, &e.ty, &self.ret_ty).map_err(at)?;
                    st.env[ret] = v;
                    ended = true;
                }
                InstrKind::Return(None) => return Err(at("a `return` without a value".into())),
                InstrKind::Assert { .. } => return Err(at("an assertion (the run may stop)".into())),
                InstrKind::EndPath => return Err(at("the program may stop (exit, abort)".into())),
                InstrKind::Call { lhs, func, args } => {
                    self.call(from, &mut st, lhs.as_ref(), func, args).map_err(at)?;
                }
                InstrKind::Unsupported(why) => return Err(at(why.clone())),
            }
            // undefined behaviour met on the way
            self.flush_undefined(from, &mut st)?;
            if ended {
                st.env[err] = H::Num(0);
                self.emit(from, Cut::Exit, &st.guard, st.env, &st.calls)?;
                continue;
            }
            match jump {
                None => {
                    st.pc += 1;
                    stack.push(st);
                }
                Some((c, target)) => {
                    if !c.is_true() {
                        let mut g = st.guard.clone();
                        g.push(H::not(c.clone()));
                        stack.push(Path {
                            pc: st.pc + 1,
                            env: st.env.clone(),
                            guard: g,
                            first: false,
                            calls: st.calls.clone(),
                        });
                    }
                    st.guard.push(c);
                    st.pc = target;
                    stack.push(st);
                }
            }
        }
        Ok(())
    }

    fn fresh_var(&mut self) -> H {
        self.fresh += 1;
        H::Var(self.fresh - 1)
    }

    /// Records that evaluating something under `ctx` is undefined when `c` holds.
    fn undefined(&mut self, ctx: &H, c: H) {
        let u = H::and(vec![ctx.clone(), c]);
        if !u.is_false() {
            self.ub.push(u);
        }
    }

    fn int_range(t: &Type) -> Result<(i128, i128), String> {
        range(t).ok_or_else(|| format!("a value of a type other than an integer ({t:?})"))
    }

    /// `h` (any integer) reduced into `t` the way two's complement conversion does.
    fn wrap(h: H, t: &Type) -> Result<H, String> {
        let (lo, hi) = Self::int_range(t)?;
        if matches!(t, Type::Bool) {
            return Ok(H::ite(H::eq(h, H::Num(0)), H::Num(0), H::Num(1)));
        }
        if let Some(n) = h.num() {
            if n >= lo && n <= hi {
                return Ok(h);
            }
        }
        let m = hi - lo + 1;
        Ok(H::add(H::modulo(H::sub(h, H::Num(lo)), H::Num(m)), H::Num(lo)))
    }

    fn convert(v: V, from: &Type, to: &Type) -> Result<H, String> {
        let (flo, fhi) = Self::int_range(from)?;
        let (tlo, thi) = Self::int_range(to)?;
        let h = v.int();
        if matches!(to, Type::Bool) && !matches!(from, Type::Bool) {
            return Self::wrap(h, to);
        }
        if flo >= tlo && fhi <= thi {
            return Ok(h);
        }
        Self::wrap(h, to)
    }

    /// The result `m` of arithmetic in `t`: undefined outside the range for signed types
    /// (unless -fwrapv), reduced modulo 2^w otherwise.
    fn arith(&mut self, m: H, t: &Type, ctx: &H) -> Result<H, String> {
        let (lo, hi) = Self::int_range(t)?;
        if t.is_signed() && !self.wrapv {
            self.undefined(ctx, H::not(m.within(lo, hi)));
            Ok(m)
        } else {
            Self::wrap(m, t)
        }
    }

    fn eval(&mut self, e: &Expr, env: &[H], ctx: &H) -> Result<V, String> {
        let ty = &e.ty;
        Ok(match &e.kind {
            ExprKind::Int(bits) => {
                let (lo, hi) = Self::int_range(ty)?;
                // (_Bool: 0 or 1)
                let v = ty.int_ty().and_then(|i| i.value(*bits)).unwrap_or((*bits as i128).clamp(lo, hi));
                V::I(H::Num(v))
            }
            ExprKind::Zero => {
                Self::int_range(ty)?;
                V::I(H::Num(0))
            }
            ExprKind::Var(v) => {
                let i = self.index.get(v).ok_or("a variable outside the function")?;
                V::I(env[*i].clone())
            }
            ExprKind::Nondet => {
                let (lo, hi) = Self::int_range(ty)?;
                let x = self.fresh_var();
                self.facts.push(x.within(lo, hi));
                V::I(x)
            }
            ExprKind::Cast(a, _) => {
                let v = self.eval(a, env, ctx)?;
                V::I(Self::convert(v, &a.ty, ty)?)
            }
            ExprKind::Cond(c, a, b) => {
                let c = self.eval(c, env, ctx)?.truth();
                let a = self.eval(a, env, &H::and(vec![ctx.clone(), c.clone()]))?;
                let b = self.eval(b, env, &H::and(vec![ctx.clone(), H::not(c.clone())]))?;
                match (a, b) {
                    (V::B(x), V::B(y)) => V::B(H::ite(c, x, y)),
                    (a, b) => V::I(H::ite(c, a.int(), b.int())),
                }
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(a, env, ctx)?;
                match op {
                    UnOp::LogNot => V::B(H::not(v.truth())),
                    UnOp::Neg => V::I(self.arith(H::neg(v.int()), ty, ctx)?),
                    UnOp::BitNot => {
                        let (lo, hi) = Self::int_range(ty)?;
                        V::I(if lo < 0 { H::sub(H::neg(v.int()), H::Num(1)) } else { H::sub(H::Num(hi), v.int()) })
                    }
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, ty, env, ctx)?,
            ExprKind::Builtin(bi, args) => self.builtin(*bi, args, env, ctx)?,
            _ => return Err("an expression over memory, pointers or floats".into()),
        })
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: &Type, env: &[H], ctx: &H) -> Result<V, String> {
        if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
            let x = self.eval(a, env, ctx)?.truth();
            let inner = if op == BinOp::LogAnd { x.clone() } else { H::not(x.clone()) };
            let y = self.eval(b, env, &H::and(vec![ctx.clone(), inner]))?.truth();
            return Ok(V::B(if op == BinOp::LogAnd { H::and(vec![x, y]) } else { H::or(vec![x, y]) }));
        }
        Self::int_range(&a.ty)?;
        Self::int_range(&b.ty)?;
        let x = self.eval(a, env, ctx)?.int();
        let y = self.eval(b, env, ctx)?.int();
        Ok(match op {
            BinOp::Eq => V::B(H::eq(x, y)),
            BinOp::Ne => V::B(H::not(H::eq(x, y))),
            BinOp::Lt => V::B(H::lt(x, y)),
            BinOp::Le => V::B(H::le(x, y)),
            BinOp::Gt => V::B(H::lt(y, x)),
            BinOp::Ge => V::B(H::le(y, x)),
            BinOp::Add => V::I(self.arith(H::add(x, y), ty, ctx)?),
            BinOp::Sub => V::I(self.arith(H::sub(x, y), ty, ctx)?),
            BinOp::Mul => V::I(self.arith(H::mul(x, y), ty, ctx)?),
            BinOp::Div | BinOp::Rem => {
                self.undefined(ctx, H::eq(y.clone(), H::Num(0)));
                let q = trunc_div(x.clone(), y.clone());
                let q = self.arith(q, ty, ctx)?;
                V::I(if op == BinOp::Div { q } else { H::sub(x, H::mul(y, q)) })
            }
            BinOp::Shr | BinOp::Shl => {
                let w = a.ty.int_width().unwrap_or(64) as i128;
                let Some(c) = y.num().filter(|c| *c >= 0 && *c < w) else {
                    return Err("a shift by a non-constant or out-of-range amount".into());
                };
                let f = H::Num(1i128 << c);
                if op == BinOp::Shr {
                    // (floor division: the arithmetic shift of a negative value)
                    V::I(H::div(x, f))
                } else {
                    if ty.is_signed() && !self.wrapv {
                        self.undefined(ctx, H::lt(x.clone(), H::Num(0)));
                    }
                    V::I(self.arith(H::mul(x, f), ty, ctx)?)
                }
            }
            BinOp::BitAnd => {
                let (mask, other) = match (x.num(), y.num()) {
                    (_, Some(m)) => (m, x),
                    (Some(m), _) => (m, y),
                    _ => return Err("a bitwise and of two variables".into()),
                };
                if mask < 0 || (mask + 1) & mask != 0 {
                    return Err("a bitwise and with a mask other than 2^k - 1".into());
                }
                V::I(H::modulo(other, H::Num(mask + 1)))
            }
            _ => return Err(format!("the operator `{}`", op.c_symbol())),
        })
    }

    fn builtin(&mut self, bi: Builtin, args: &[Expr], env: &[H], ctx: &H) -> Result<V, String> {
        let vals: Vec<H> = args.iter().map(|a| self.eval(a, env, ctx).map(V::int)).collect::<Result<_, _>>()?;
        let t = &args.first().ok_or("a built-in without arguments")?.ty;
        let (lo, hi) = Self::int_range(t)?;
        let outside = |m: H| V::B(H::not(m.within(lo, hi)));
        Ok(match (bi, vals.as_slice()) {
            (Builtin::AddOverflow, [a, b]) => outside(H::add(a.clone(), b.clone())),
            (Builtin::SubOverflow, [a, b]) => outside(H::sub(a.clone(), b.clone())),
            (Builtin::MulOverflow, [a, b]) => outside(H::mul(a.clone(), b.clone())),
            (Builtin::NegOverflow, [a]) => outside(H::neg(a.clone())),
            (Builtin::DivOverflow, [a, b]) => {
                V::B(H::and(vec![H::eq(a.clone(), H::Num(lo)), H::eq(b.clone(), H::Num(-1))]))
            }
            (Builtin::ConvOverflow, [x, _]) => {
                let (tlo, thi) = Self::int_range(&args[1].ty)?;
                V::B(H::not(x.within(tlo, thi)))
            }
            _ => return Err(format!("the built-in {bi:?}")),
        })
    }
}

/// C's division (truncating toward zero) from SMT-LIB's Euclidean one; the divisor's zero
/// case is undefined behaviour, handled by the caller.
fn trunc_div(x: H, y: H) -> H {
    let nonneg = |h: &H| H::le(H::Num(0), h.clone());
    match y.num() {
        Some(c) if c > 0 => H::ite(nonneg(&x), H::div(x.clone(), y.clone()), H::neg(H::div(H::neg(x), y))),
        Some(c) if c < 0 => H::neg(trunc_div(x, H::Num(-c))),
        _ => H::ite(
            nonneg(&x),
            H::ite(
                H::lt(H::Num(0), y.clone()),
                H::div(x.clone(), y.clone()),
                H::neg(H::div(x.clone(), H::neg(y.clone()))),
            ),
            H::ite(
                H::lt(H::Num(0), y.clone()),
                H::neg(H::div(H::neg(x.clone()), y.clone())),
                H::div(H::neg(x), H::neg(y)),
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{IntName, IntTy};

    fn int(width: u32, signed: bool) -> Type {
        Type::Int(IntTy { width, signed, name: IntName::Int })
    }

    #[test]
    fn division_truncates_toward_zero() {
        // C: -7 / 2 == -3, 7 / -2 == -3, -7 / -2 == 3 (SMT-LIB's div would give -4, -3, 4)
        assert_eq!(trunc_div(H::Num(-7), H::Num(2)), H::Num(-3));
        assert_eq!(trunc_div(H::Num(7), H::Num(-2)), H::Num(-3));
        assert_eq!(trunc_div(H::Num(-7), H::Num(-2)), H::Num(3));
        assert_eq!(trunc_div(H::Num(7), H::Num(2)), H::Num(3));
    }

    #[test]
    fn conversions_wrap_like_twos_complement() {
        assert_eq!(Walker::wrap(H::Num(300), &int(8, false)), Ok(H::Num(44)));
        assert_eq!(Walker::wrap(H::Num(-1), &int(32, false)), Ok(H::Num(4_294_967_295)));
        assert_eq!(Walker::wrap(H::Num(1 << 31), &int(32, true)), Ok(H::Num(-(1 << 31))));
        assert_eq!(Walker::wrap(H::Num(200), &int(8, true)), Ok(H::Num(-56)));
        assert_eq!(Walker::wrap(H::Num(7), &Type::Bool), Ok(H::Num(1)));
    }
}
