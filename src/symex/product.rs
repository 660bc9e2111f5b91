//! Product programs (equivalence checking): the old and the new version run one after the
//! other from the same initial state.
//!
//! The product harness (built by `src/equiv`) calls these intrinsics:
//! - `__verdiff_product_snapshot()` records the state both versions start from: memory, the
//!   alive flags, the values of register-resident statics, and the number of objects;
//! - `__verdiff_product_restore()` puts that state back after the old version ran (the
//!   harness has copied the old version's outputs into its own locals first);
//! - `__verdiff_product_heap(p)` puts the harness's input object behind `p` on the heap
//!   (freeing it is defined, as for a caller's `malloc`ed data);
//! - `__verdiff_product_choice()` is a hidden input choosing how an input is built (a
//!   stored pointer: a fresh object, NULL or free), which random runs draw as uniform bits;
//! - `__verdiff_product_fresh(p)` is 1 when `p` points to an object created after the
//!   snapshot (memory allocated by one of the versions, whose contents are not compared);
//! - `__verdiff_product_alive(p)` is 1 while the object `p` points to is alive (not freed):
//!   the contents of a caller's object both versions freed are no output.
//!
//! Functions without a body, without a model and not known to symex are *external*: in a
//! product each call is logged (function number and argument bits, in the harness's call
//! log) and its result is an input tied to one uninterpreted function of (call index,
//! arguments) shared by both versions, so equal calls give equal results.
//!
//! Calls to `__verdiff_uf$KEY@SIDE` stubs are calls to a callee that is the same in both
//! versions: symbolically the result is the uninterpreted function `KEY` of the arguments; in
//! concrete replay the real function runs.

use std::collections::HashMap;

use super::{State, Symex};
use crate::ir::{Expr, FuncId, Loc, Type, VarId};
use crate::term::T;

/// What symex needs to know about a product program.
#[derive(Clone, Debug, Default)]
pub struct ProductHooks {
    /// `int` counter of external calls made by the running version.
    pub ncalls: Option<VarId>,
    /// `unsigned long long[limit * LOG_SLOTS]` log of external calls.
    pub calls: Option<VarId>,
    /// Most external calls one version may make.
    pub limit: u32,
    /// UF stub → the real function it stands for (run in concrete replay).
    pub uf_bodies: HashMap<FuncId, FuncId>,
    /// External function name → its number in the call log (1-based). Logged shared
    /// callees (see `logged`) are numbered here too, under `uf:KEY`.
    pub external_ids: HashMap<String, u32>,
    /// Keys of shared callees whose runs call output functions (`printf`) or the math
    /// library's models (not pure, but deterministic): a call of such a
    /// stub is logged like an external call and its result is an uninterpreted function of
    /// the call's position in the log and its arguments (see `src/equiv/callees.rs`).
    pub logged: std::collections::HashSet<String>,
}

/// Slots per logged call: the function number and up to six arguments.
pub const LOG_SLOTS: u32 = 7;

/// Library functions whose calls are output (standard streams, files): in a product they are
/// logged like external calls instead of running their models, so what a version prints is
/// compared.
pub fn is_output_function(name: &str) -> bool {
    matches!(
        name,
        "printf" | "puts" | "putchar" | "fprintf" | "fputs" | "fputc" | "putc" | "perror" | "fflush" | "fwrite"
    )
}

/// The state both versions start from.
#[derive(Clone, Debug)]
pub(crate) struct Snapshot {
    mem: T,
    alive: T,
    statics: Vec<((VarId, u64), T)>,
    objects: u32,
}

impl Symex<'_> {
    /// Handles product intrinsics; false when `name` is not one.
    pub(crate) fn product_intrinsic(
        &mut self,
        st: &mut State,
        name: &str,
        lhs: Option<&Expr>,
        vals: &[T],
        loc: Loc,
    ) -> bool {
        match name {
            "__verdiff_product_snapshot" => {
                let statics = st.regs.iter().filter(|((_, fr), _)| *fr == 0).map(|(k, v)| (*k, *v)).collect();
                self.snapshot =
                    Some(Snapshot { mem: st.mem, alive: st.alive, statics, objects: self.memory.objects.len() as u32 });
                true
            }
            "__verdiff_product_restore" => {
                if let Some(s) = self.snapshot.clone() {
                    st.mem = s.mem;
                    st.alive = s.alive;
                    st.regs.retain(|(_, fr), _| *fr != 0);
                    st.regs.extend(s.statics.iter().copied());
                }
                true
            }
            "__verdiff_product_heap" => {
                // the harness's input object behind `p` is on the heap, as a caller's data
                // often is: the compared functions may free it (cJSON frees an item's string)
                if let Some(&p) = vals.first() {
                    let o = self.obj_of(p);
                    let t = self.s.tru();
                    self.memory.dynamic = self.s.store(self.memory.dynamic, o, t);
                }
                true
            }
            "__verdiff_product_choice" => {
                if let Some(l) = lhs {
                    let sort = self.sort_of(&l.ty);
                    let v = self.asked_input(st, sort, "choice", &mut |o, key, sort| o.choice(key, sort));
                    self.assign(st, l, v, loc);
                }
                true
            }
            "__verdiff_product_alive" => {
                let alive = vals.first().map(|&p| self.is_alive(st, p));
                self.assign_flag(st, lhs, alive, loc);
                true
            }
            "__verdiff_product_fresh" => {
                let n = self.snapshot.as_ref().map(|s| s.objects).unwrap_or(0);
                let fresh = vals.first().map(|&p| {
                    let o = self.obj_of(p);
                    let k = self.s.bv_u(self.memory.obj_bits, n as u128);
                    self.s.bvuge(o, k)
                });
                self.assign_flag(st, lhs, fresh, loc);
                true
            }
            _ => false,
        }
    }

    /// A call to a callee both versions share, abstracted as an uninterpreted function.
    /// Returns false when `f` is not such a stub.
    /// Assigns an intrinsic's `int` answer, 1 when `cond` holds (0 without an argument).
    fn assign_flag(&mut self, st: &mut State, lhs: Option<&Expr>, cond: Option<T>, loc: Loc) {
        let r = match cond {
            Some(c) => {
                let one = self.s.bv_u(32, 1);
                let zero = self.s.bv_zero(32);
                self.s.ite(c, one, zero)
            }
            None => self.s.bv_zero(32),
        };
        if let Some(l) = lhs {
            let int = self.p.target.int_t();
            let r = self.convert(st, r, &int, &l.ty.clone(), loc);
            self.assign(st, l, r, loc);
        }
    }

    pub(crate) fn product_uf_call(
        &mut self,
        st: &mut State,
        f: FuncId,
        lhs: Option<&Expr>,
        vals: &[T],
        loc: Loc,
    ) -> bool {
        let fun = self.p.func(f);
        let Some(rest) = fun.name.strip_prefix("__verdiff_uf$") else {
            return false;
        };
        let key = rest.split('@').next().unwrap_or(rest).to_string();
        let ret = fun.ty.ret.clone();
        if ret.is_void() {
            // (pure stubs always return a value; anything else is not handled here)
            return false;
        }
        let range = self.sort_of(&ret);
        let logged = self.o.product.as_ref().is_some_and(|h| h.logged.contains(&key));
        let v = if logged {
            let hooks = self.o.product.clone().unwrap_or_default();
            let id = hooks.external_ids.get(&format!("uf:{key}")).copied().unwrap_or(u32::MAX);
            let tys = fun.ty.params.clone();
            let Some((idx, _)) = self.log_call(st, &hooks, &format!("the shared callee `{key}`"), id, &tys, vals, loc)
            else {
                return true;
            };
            let args: Vec<T> = std::iter::once(idx).chain(vals.iter().copied()).collect();
            self.apply_uf(&format!("ufl:{key}"), &format!("{key}!uf"), &args, range)
        } else {
            self.apply_uf(&format!("uf:{key}"), &format!("{key}!uf"), vals, range)
        };
        if let Some(l) = lhs {
            let v = self.convert(st, v, &ret, &l.ty.clone(), loc);
            self.assign(st, l, v, loc);
        }
        true
    }

    /// [`Self::literal_hash`] as a term, also through conditional choices of literals.
    fn literal_hash_term(&mut self, p: T) -> Option<T> {
        if let Some(h) = self.literal_hash(p) {
            return Some(self.s.bv_u(64, h as u128));
        }
        if let crate::term::Op::Ite = self.s.op(p) {
            let (c, a, b) = (self.s.arg(p, 0), self.s.arg(p, 1), self.s.arg(p, 2));
            let ha = self.literal_hash_term(a)?;
            let hb = self.literal_hash_term(b)?;
            return Some(self.s.ite(c, ha, hb));
        }
        None
    }

    /// A 64-bit hash of the string literal `p` points into (from its offset to the NUL), when
    /// `p` is a constant pointer into a string literal.
    fn literal_hash(&mut self, p: T) -> Option<u64> {
        let o = self.obj_of(p);
        let off = self.off_of(p);
        let obj = self.s.as_bv(o)?.to_u64()? as u32;
        let off = self.s.as_bv(off)?.to_u64()? as usize;
        let sid = self.memory.str_objs.iter().position(|&x| x == obj)?;
        let bytes = self.p.strings.get(sid)?;
        let text = bytes.get(off..)?;
        let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
        Some(super::output_strings::hash_text(&text[..end]))
    }

    /// An external function called in a product: logged, result shared between versions.
    pub(crate) fn product_external(
        &mut self,
        st: &mut State,
        f: FuncId,
        lhs: Option<&Expr>,
        args: &[Expr],
        vals: &[T],
        loc: Loc,
    ) {
        let hooks = self.o.product.clone().unwrap_or_default();
        let fun = self.p.func(f);
        let name = fun.name.clone();
        let ret = fun.ty.ret.clone();
        let const_pointee = fun.ty.const_pointee.clone();
        self.externals.insert(name.clone());
        // pointer arguments: a string literal is logged by its contents, a FILE * stream by
        // its value (stdout and stderr are the same globals in both versions), the string an
        // output function prints or a `const char *` the function only reads by its
        // characters; anything else may be read or written in ways the log cannot capture
        let mut logged: Vec<T> = vals.to_vec();
        let mut opaque = false;
        for (k, a) in args.iter().enumerate() {
            if !a.ty.is_pointer() {
                continue;
            }
            let is_file =
                a.ty.pointee()
                    .is_some_and(|t| self.p.type_name(t).contains("FILE") || self.p.type_name(t).contains("_IO_FILE"));
            if is_file {
                continue;
            }
            let text = a.ty.pointee().is_some_and(|t| t.is_int() && t.int_width() == Some(8));
            match self.literal_hash_term(vals[k]) {
                Some(h) => logged[k] = h,
                // what an output function prints through a pointer: the characters
                None if text && (is_output_function(&name) || const_pointee.get(k).copied().unwrap_or(false)) => {
                    // (an output function reads a string; a function of the caller's or an
                    // external one may read a `const char *` some other way)
                    let printed = is_output_function(&name).then_some(k as u8);
                    let what = format!("`{name}`'s argument {}", k + 1);
                    logged[k] = self.string_hash_term(st, vals[k], &what, loc, printed)
                }
                None => opaque = true,
            }
        }
        if opaque || args.iter().any(|a| a.ty.is_composite()) || ret.is_pointer() || ret.is_composite() {
            let what = match name.strip_prefix("(*").and_then(|n| n.strip_suffix(')')) {
                Some(input) => format!("call through `{input}`, a function of the caller's,"),
                None => format!("call to external function `{name}`"),
            };
            self.reach_unsupported(
                st,
                format!("{what} with pointer or struct arguments or result: its effect on memory is unknown"),
                loc,
            );
            st.live = false;
            return;
        }
        let id = hooks.external_ids.get(&name).copied().unwrap_or(u32::MAX);
        let tys: Vec<Type> = args.iter().map(|a| a.ty.clone()).collect();
        let what = format!("external function `{name}`");
        let Some((idx, bits)) = self.log_call(st, &hooks, &what, id, &tys, &logged, loc) else {
            return;
        };
        if let Some(l) = lhs {
            let uf_args: Vec<T> = std::iter::once(idx).chain(bits).collect();
            let mut v = self.nondet_of(st, &ret, &format!("{name}_result"));
            if let Some(earlier) = self.earlier_application(&format!("ext:{name}"), &uf_args) {
                // (a concrete run: the same call as before has the same result)
                v = earlier;
            }
            self.tie_to_uf(st, v, &format!("ext:{name}"), &format!("{name}!external"), &uf_args);
            let v = self.convert(st, v, &ret, &l.ty.clone(), loc);
            self.assign(st, l, v, loc);
        }
    }

    /// Appends a call (function number `id`, arguments `vals` of types `tys`) to the
    /// running version's call log. Returns the call's position and the arguments' bits, or
    /// None when the path ends here (no log, too many arguments).
    #[allow(clippy::too_many_arguments)]
    fn log_call(
        &mut self,
        st: &mut State,
        hooks: &ProductHooks,
        what: &str,
        id: u32,
        tys: &[Type],
        vals: &[T],
        loc: Loc,
    ) -> Option<(T, Vec<T>)> {
        if tys.len() as u32 > LOG_SLOTS - 1 {
            self.reach_unsupported(st, format!("call to {what} with more than six arguments"), loc);
            st.live = false;
            return None;
        }
        let (Some(nv), Some(cv)) = (hooks.ncalls, hooks.calls) else {
            self.reach_unsupported(st, format!("call to {what}"), loc);
            st.live = false;
            return None;
        };
        let int = self.p.target.int_t();
        let n_expr = Expr::var(nv, int.clone());
        let idx = self.eval(st, &n_expr, loc);
        // the log has room for `limit` calls
        let lim = self.s.bv_u(32, hooks.limit as u128);
        let full = self.s.bvsge(idx, lim);
        if !self.s.is_false(full) {
            let mut over = st.clone();
            over.guard.add(&mut self.s, full);
            self.reach_unsupported(
                &over,
                format!("more than {} calls to external functions (the call log is full)", hooks.limit),
                loc,
            );
            let room = self.s.not(full);
            st.guard.add(&mut self.s, room);
        }
        let u64t = Type::Int(crate::ir::IntTy { width: 64, signed: false, name: crate::ir::IntName::ULongLong });
        let cty = self.p.var(cv).ty.clone();
        let elem_ty = cty.elem().cloned().unwrap_or(u64t.clone());
        let slot = |k: u32| -> Expr {
            let base = Expr::binary(
                crate::ir::BinOp::Mul,
                Expr::var(nv, int.clone()),
                Expr::int(LOG_SLOTS as i128, int.clone()),
                int.clone(),
            );
            let i = Expr::binary(crate::ir::BinOp::Add, base, Expr::int(k as i128, int.clone()), int.clone());
            Expr::new(crate::ir::ExprKind::Index(Box::new(Expr::var(cv, cty.clone())), Box::new(i)), elem_ty.clone())
        };
        let idv = self.s.bv_u(64, id as u128);
        let lhs0 = slot(0);
        self.assign(st, &lhs0, idv, loc);
        let mut all_bits = Vec::with_capacity(vals.len());
        for (k, (ty, &v)) in tys.iter().zip(vals).enumerate() {
            // (a logged string literal is its 64-bit hash already)
            let bits = if ty.is_pointer() && self.s.width(v) == 64 { v } else { self.to_bits(v, ty) };
            let w = self.s.width(bits);
            let b64 = if w < 64 { self.s.zext(64 - w, bits) } else { self.s.extract(63, 0, bits) };
            let l = slot(k as u32 + 1);
            self.assign(st, &l, b64, loc);
            all_bits.push(bits);
        }
        let one = self.s.bv_u(32, 1);
        let next = self.s.bvadd(idx, one);
        self.assign(st, &n_expr, next, loc);
        Some((idx, all_bits))
    }
}
