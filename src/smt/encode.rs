//! Term → Z3 encoding, memoised per term; solver control.

use std::collections::HashMap;

use z3::ast::{Ast, Dynamic};
use z3::{Context, Params, SatResult, Solver};
use z3_sys::*;

use super::model::Model;
use super::Answer;
use crate::term::{Bits, MemKind, Op, Rm, Sort, TermStore, T};

pub struct Smt {
    ctx: Context,
    solver: Solver,
    cache: HashMap<T, Dynamic>,
    sorts: HashMap<Sort, z3::Sort>,
    funcs: HashMap<u32, z3::FuncDecl>,
    lambdas: u32,
    pub encode_nodes: usize,
    rms: std::cell::RefCell<Vec<Dynamic>>,
    /// The per-check limit given to Z3; a watchdog interrupts a check that overruns it
    /// (Z3's own `timeout` is not honoured by every tactic, e.g. while bit-blasting floats).
    timeout_ms: Option<u64>,
    /// An assertion was interrupted at the time limit: the solver may hold only part of the
    /// formula (weaker), so a model of it proves nothing and every later check is UNKNOWN.
    interrupted_assert: bool,
    /// The verification's deadline: encoding a large formula (millions of Z3 calls) looks at
    /// the clock every [`ENCODE_CLOCK_EVERY`] nodes and unwinds as a time limit
    /// (`term::limit`) once it has passed. Only the verification's main solver has one: a
    /// helper solver's shorter budget must not end the whole verification.
    deadline: Option<std::time::Instant>,
    /// Float arithmetic as uninterpreted functions (see [`Smt::abstract_float_arithmetic`]).
    float_ufs: bool,
    float_funcs: HashMap<String, z3::FuncDecl>,
    /// Everything encoded so far is bit-vector and Boolean only (no arrays, floats or
    /// uninterpreted functions): a check may then go to Z3's bit-vector tactic (see
    /// [`Smt::check`]).
    pure_bv: bool,
    /// The model of the last check when a one-shot solver answered it.
    oneshot_model: Option<z3::Model>,
    /// Checks answered by one-shot solvers so far (see [`ONESHOT_CHECKS`]).
    oneshot_checks: u32,

    /// IEEE facts about abstracted operations (a NaN operand gives a NaN result), asserted
    /// with the next assertion or check.
    float_facts: Vec<Dynamic>,
}

impl Drop for Smt {
    /// Past the deadline of a process that exits after it, the encoding and the solver are
    /// left to the operating system (see `term::teardown`): millions of reference-count
    /// releases and Z3's own teardown took seconds.
    fn drop(&mut self) {
        if crate::term::teardown::abandoning() {
            crate::term::teardown::abandon(&mut self.cache);
            std::mem::forget(std::mem::replace(&mut self.solver, Solver::new()));
        }
    }
}

/// Wraps a raw AST (taking a reference).
fn wrap(ctx: &Context, a: Option<Z3_ast>) -> Dynamic {
    let a = a.expect("Z3 returned no AST");
    unsafe { Dynamic::wrap(ctx, a) }
}

/// One-shot checks of pure bit-vector formulas per solver: a verification that keeps asking
/// (claim after claim) goes on with the incremental solver, whose learnt clauses then pay
/// for themselves, instead of bit-blasting the whole formula again for every question.
const ONESHOT_CHECKS: u32 = 4;

/// The most time a check of a formula with arrays or floats gives the incremental solver
/// before it hands over to the one-shot tactic (`Smt::check`).
const INCREMENTAL_SLICE_MS: u64 = 6000;

/// Encoded nodes between two looks at the clock (see `Smt::deadline`).
const ENCODE_CLOCK_EVERY: usize = 1 << 12;

/// The smallest memory limit given to Z3, in MB.
pub const Z3_MIN_MB: u64 = 64;

impl Smt {
    /// A solver in this thread's Z3 context. `timeout_ms`: per check.
    pub fn new(timeout_ms: Option<u64>) -> Smt {
        let ctx = Context::thread_local();
        let solver = Solver::new();
        if let Some(ms) = timeout_ms {
            let mut p = Params::new();
            p.set_u32("timeout", ms.min(u32::MAX as u64) as u32);
            solver.set_params(&p);
        }
        Smt {
            ctx,
            solver,
            cache: HashMap::new(),
            sorts: HashMap::new(),
            funcs: HashMap::new(),
            lambdas: 0,
            encode_nodes: 0,
            rms: Default::default(),
            timeout_ms,
            interrupted_assert: false,
            deadline: None,
            float_ufs: false,
            float_funcs: HashMap::new(),
            float_facts: Vec::new(),
            pure_bv: true,
            oneshot_model: None,
            oneshot_checks: 0,
        }
    }

    /// Encodes IEEE addition, subtraction, multiplication, division, remainder, square root
    /// and fused multiply-add as uninterpreted functions of their operands (one function per
    /// operation, rounding mode and format), instead of bit-blasting them. Comparisons,
    /// negation, absolute value, classification and conversions stay exact.
    ///
    /// This over-approximates: the real operations are one interpretation of the functions,
    /// so every real execution is a model and UNSAT proves the claim. A model may be
    /// spurious (the functions' values need not be IEEE results), so SAT is only a candidate
    /// that replay must confirm. Facts that hold of IEEE arithmetic are kept where they cost
    /// nothing: addition and multiplication are commutative (operands ordered), and
    /// `a - b` is `a + (-b)`.
    pub fn abstract_float_arithmetic(mut self) -> Smt {
        self.float_ufs = true;
        self
    }

    /// The uninterpreted function standing for `op` at `sort` (operands and result alike).
    fn float_func(&mut self, op: &str, rm: Option<Rm>, arity: usize, sort: &Sort) -> String {
        let Sort::Fp(e, sb) = sort else { unreachable!("float operation on {sort:?}") };
        let name = format!("fp.{op}.{}.{e}.{sb}", rm.map(|r| format!("{r:?}")).unwrap_or_default());
        if !self.float_funcs.contains_key(&name) {
            let zs = self.sort(sort);
            let dom: Vec<&z3::Sort> = (0..arity).map(|_| &zs).collect();
            let f = z3::FuncDecl::new(name.clone(), &dom, &zs);
            self.float_funcs.insert(name.clone(), f);
        }
        name
    }

    /// The abstract encoding of a float arithmetic node, or None for any other node.
    fn float_arith(&mut self, s: &TermStore, t: T) -> Option<Dynamic> {
        let (name, rm) = match s.op(t) {
            Op::FpAdd(rm) | Op::FpSub(rm) => ("add", Some(*rm)),
            Op::FpMul(rm) => ("mul", Some(*rm)),
            Op::FpDiv(rm) => ("div", Some(*rm)),
            Op::FpSqrt(rm) => ("sqrt", Some(*rm)),
            Op::FpFma(rm) => ("fma", Some(*rm)),
            Op::FpRem => ("rem", None),
            _ => return None,
        };
        let mut args: Vec<Dynamic> = s.args(t).iter().map(|x| self.cache[x].clone()).collect();
        if matches!(s.op(t), Op::FpSub(_)) {
            // IEEE 754 defines a - b as a + (-b)
            let c = self.c();
            args[1] = wrap(&self.ctx, unsafe { Z3_mk_fpa_neg(c, args[1].get_z3_ast()) });
        }
        let commutative = name == "add" || name == "mul";
        if commutative {
            // commutative in IEEE 754 (one NaN, as everywhere in verdiff): one operand order
            // for the same two terms, ...
            let c = self.c();
            args.sort_by_key(|a| unsafe { Z3_get_ast_id(c, a.get_z3_ast()) });
        }
        let f = self.float_func(name, rm, args.len(), &s.sort(t).clone());
        let refs: Vec<&dyn Ast> = args.iter().map(|d| d as &dyn Ast).collect();
        let r = self.float_funcs[&f].apply(&refs);
        if commutative && args[0].get_z3_ast() != args[1].get_z3_ast() {
            // ... and the fact itself, for operands that are equal without being the same
            // term: the old version's `p * v1` and the new one's `v2 * p` with v1 = v2 only in
            // the solver (e.g. two calls of a library function on equal arguments) would be
            // ordered by term number differently, and nothing would make them equal
            let swapped = self.float_funcs[&f].apply(&[&args[1] as &dyn Ast, &args[0] as &dyn Ast]);
            let c = self.c();
            let fact = wrap(&self.ctx, unsafe { Z3_mk_eq(c, r.get_z3_ast(), swapped.get_z3_ast()) });
            self.float_facts.push(fact);
        }
        // a NaN operand makes the result NaN (IEEE 754 §6.2), which spurious models otherwise
        // exploit first
        let c = self.c();
        unsafe {
            let nans: Vec<Dynamic> =
                args.iter().map(|a| wrap(&self.ctx, Z3_mk_fpa_is_nan(c, a.get_z3_ast()))).collect();
            let raw: Vec<Z3_ast> = nans.iter().map(|d| d.get_z3_ast()).collect();
            let any = wrap(&self.ctx, Z3_mk_or(c, raw.len() as u32, raw.as_ptr()));
            let out = wrap(&self.ctx, Z3_mk_fpa_is_nan(c, r.get_z3_ast()));
            let fact = wrap(&self.ctx, Z3_mk_implies(c, any.get_z3_ast(), out.get_z3_ast()));
            self.float_facts.push(fact);
        }
        Some(r)
    }

    /// Limits Z3's memory (megabytes) for this process.
    /// Z3's memory limit in MB, at least [`Z3_MIN_MB`] (below that Z3 cannot even create a
    /// context, and the smaller budget is kept by the term bound alone).
    pub fn set_memory_limit(mb: u64) {
        z3::set_global_param("memory_max_size", &mb.max(Z3_MIN_MB).to_string());
    }

    /// The verification's deadline, past which encoding stops (see the field).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    pub fn set_timeout(&mut self, ms: u64) {
        self.set_solver_timeout(ms);
        self.timeout_ms = Some(ms);
    }

    fn set_solver_timeout(&mut self, ms: u64) {
        let mut p = Params::new();
        p.set_u32("timeout", ms.min(u32::MAX as u64).max(1) as u32);
        self.solver.set_params(&p);
    }

    fn c(&self) -> Z3_context {
        self.ctx.get_z3_context()
    }

    fn sort(&mut self, s: &Sort) -> z3::Sort {
        if let Some(z) = self.sorts.get(s) {
            return z.clone();
        }
        let z = match s {
            Sort::Bool => z3::Sort::bool(),
            Sort::Bv(w) => z3::Sort::bitvector(*w),
            Sort::Fp(e, sb) => z3::Sort::float(*e, *sb),
            Sort::Array(i, e) => {
                let zi = self.sort(i);
                let ze = self.sort(e);
                z3::Sort::array(&zi, &ze)
            }
        };
        self.sorts.insert(s.clone(), z.clone());
        z
    }

    fn rm(&self, rm: Rm) -> Z3_ast {
        let c = self.c();
        let raw = unsafe {
            match rm {
                Rm::Rne => Z3_mk_fpa_rne(c),
                Rm::Rna => Z3_mk_fpa_rna(c),
                Rm::Rtp => Z3_mk_fpa_rtp(c),
                Rm::Rtn => Z3_mk_fpa_rtn(c),
                Rm::Rtz => Z3_mk_fpa_rtz(c),
            }
        };
        // keep it referenced while it is used
        let d = wrap(&self.ctx, raw);
        let a = d.get_z3_ast();
        self.rms.borrow_mut().push(d);
        a
    }

    fn bv_numeral(&mut self, b: &Bits) -> Dynamic {
        let c = self.c();
        let w = b.width();
        if w <= 64 {
            let s = self.sort(&Sort::Bv(w));
            let v = b.to_u64().unwrap_or(0);
            return wrap(&self.ctx, unsafe { Z3_mk_unsigned_int64(c, v, s.get_z3_sort()) });
        }
        // concatenate 64-bit limbs, most significant first
        let mut parts: Vec<Dynamic> = Vec::new();
        let mut lo = 0;
        while lo < w {
            let hi = (lo + 64).min(w) - 1;
            let piece = b.extract(hi, lo);
            parts.push(self.bv_numeral(&piece));
            lo = hi + 1;
        }
        let mut acc = parts.pop().expect("limbs");
        while let Some(p) = parts.pop() {
            let _ = &p;
            acc = wrap(&self.ctx, unsafe { Z3_mk_concat(c, acc.get_z3_ast(), p.get_z3_ast()) });
        }
        acc
    }

    /// Encodes a term (iteratively, so deep terms do not exhaust the stack).
    pub fn encode(&mut self, s: &TermStore, root: T) -> Dynamic {
        if let Some(d) = self.cache.get(&root) {
            return d.clone();
        }
        let mut stack: Vec<(T, bool)> = vec![(root, false)];
        while let Some((t, ready)) = stack.pop() {
            if self.cache.contains_key(&t) {
                continue;
            }
            if !ready {
                stack.push((t, true));
                for &a in s.args(t) {
                    if !self.cache.contains_key(&a) {
                        stack.push((a, false));
                    }
                }
                continue;
            }
            if self.pure_bv && !(s.sort(t).is_bool() || s.sort(t).is_bv()) || matches!(s.op(t), Op::Apply(_)) {
                self.pure_bv = false;
            }
            let d = self.node(s, t);
            self.rms.borrow_mut().clear();
            self.encode_nodes += 1;
            if self.encode_nodes.is_multiple_of(ENCODE_CLOCK_EVERY)
                && self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
            {
                crate::term::limit::hit(crate::term::limit::Limit::Time);
            }
            self.cache.insert(t, d);
        }
        self.cache[&root].clone()
    }

    fn node(&mut self, s: &TermStore, t: T) -> Dynamic {
        if self.float_ufs {
            if let Some(d) = self.float_arith(s, t) {
                return d;
            }
        }
        let c = self.c();
        let a: Vec<Z3_ast> = s.args(t).iter().map(|x| self.cache[x].get_z3_ast()).collect();
        let sort = s.sort(t).clone();
        let op = s.op(t).clone();
        let raw: Option<Z3_ast> = unsafe {
            match op {
                Op::BoolConst(b) => {
                    if b {
                        Z3_mk_true(c)
                    } else {
                        Z3_mk_false(c)
                    }
                }
                Op::BvConst(b) => return self.bv_numeral(&b),
                Op::FpConst(b) => {
                    let bv = self.bv_numeral(&b);
                    let zs = self.sort(&sort);
                    Z3_mk_fpa_to_fp_bv(c, bv.get_z3_ast(), zs.get_z3_sort())
                }
                Op::Sym(id) => {
                    let name = format!("{}!{}", s.symbol(id).name, id);
                    let zs = self.sort(&sort);
                    return Dynamic::new_const(name, &zs);
                }
                Op::Not => Z3_mk_not(c, a[0]),
                Op::And => Z3_mk_and(c, a.len() as u32, a.as_ptr()),
                Op::Or => Z3_mk_or(c, a.len() as u32, a.as_ptr()),
                Op::Ite => Z3_mk_ite(c, a[0], a[1], a[2]),
                Op::Eq => Z3_mk_eq(c, a[0], a[1]),
                Op::BvNeg => Z3_mk_bvneg(c, a[0]),
                Op::BvNot => Z3_mk_bvnot(c, a[0]),
                Op::BvAdd => Z3_mk_bvadd(c, a[0], a[1]),
                Op::BvMul => Z3_mk_bvmul(c, a[0], a[1]),
                Op::BvUdiv => Z3_mk_bvudiv(c, a[0], a[1]),
                Op::BvSdiv => Z3_mk_bvsdiv(c, a[0], a[1]),
                Op::BvUrem => Z3_mk_bvurem(c, a[0], a[1]),
                Op::BvSrem => Z3_mk_bvsrem(c, a[0], a[1]),
                Op::BvAnd => Z3_mk_bvand(c, a[0], a[1]),
                Op::BvOr => Z3_mk_bvor(c, a[0], a[1]),
                Op::BvXor => Z3_mk_bvxor(c, a[0], a[1]),
                Op::BvShl => Z3_mk_bvshl(c, a[0], a[1]),
                Op::BvLshr => Z3_mk_bvlshr(c, a[0], a[1]),
                Op::BvAshr => Z3_mk_bvashr(c, a[0], a[1]),
                Op::BvUlt => Z3_mk_bvult(c, a[0], a[1]),
                Op::BvUle => Z3_mk_bvule(c, a[0], a[1]),
                Op::BvSlt => Z3_mk_bvslt(c, a[0], a[1]),
                Op::BvSle => Z3_mk_bvsle(c, a[0], a[1]),
                Op::Concat => Z3_mk_concat(c, a[0], a[1]),
                Op::Extract(h, l) => Z3_mk_extract(c, h, l, a[0]),
                Op::ZeroExt(n) => Z3_mk_zero_ext(c, n, a[0]),
                Op::SignExt(n) => Z3_mk_sign_ext(c, n, a[0]),
                Op::FpAdd(rm) => Z3_mk_fpa_add(c, self.rm(rm), a[0], a[1]),
                Op::FpSub(rm) => Z3_mk_fpa_sub(c, self.rm(rm), a[0], a[1]),
                Op::FpMul(rm) => Z3_mk_fpa_mul(c, self.rm(rm), a[0], a[1]),
                Op::FpDiv(rm) => Z3_mk_fpa_div(c, self.rm(rm), a[0], a[1]),
                Op::FpRem => Z3_mk_fpa_rem(c, a[0], a[1]),
                Op::FpSqrt(rm) => Z3_mk_fpa_sqrt(c, self.rm(rm), a[0]),
                Op::FpFma(rm) => Z3_mk_fpa_fma(c, self.rm(rm), a[0], a[1], a[2]),
                Op::FpRoundInt(rm) => Z3_mk_fpa_round_to_integral(c, self.rm(rm), a[0]),
                Op::FpNeg => Z3_mk_fpa_neg(c, a[0]),
                Op::FpAbs => Z3_mk_fpa_abs(c, a[0]),
                Op::FpMin => Z3_mk_fpa_min(c, a[0], a[1]),
                Op::FpMax => Z3_mk_fpa_max(c, a[0], a[1]),
                Op::FpEq => Z3_mk_fpa_eq(c, a[0], a[1]),
                Op::FpLt => Z3_mk_fpa_lt(c, a[0], a[1]),
                Op::FpLe => Z3_mk_fpa_leq(c, a[0], a[1]),
                Op::FpIsNan => Z3_mk_fpa_is_nan(c, a[0]),
                Op::FpIsInf => Z3_mk_fpa_is_infinite(c, a[0]),
                Op::FpIsZero => Z3_mk_fpa_is_zero(c, a[0]),
                Op::FpIsNormal => Z3_mk_fpa_is_normal(c, a[0]),
                Op::FpIsSubnormal => Z3_mk_fpa_is_subnormal(c, a[0]),
                Op::FpIsNeg => Z3_mk_fpa_is_negative(c, a[0]),
                Op::FpToSbv(rm, w) => Z3_mk_fpa_to_sbv(c, self.rm(rm), a[0], w),
                Op::FpToUbv(rm, w) => Z3_mk_fpa_to_ubv(c, self.rm(rm), a[0], w),
                Op::SbvToFp(rm) => {
                    let zs = self.sort(&sort);
                    Z3_mk_fpa_to_fp_signed(c, self.rm(rm), a[0], zs.get_z3_sort())
                }
                Op::UbvToFp(rm) => {
                    let zs = self.sort(&sort);
                    Z3_mk_fpa_to_fp_unsigned(c, self.rm(rm), a[0], zs.get_z3_sort())
                }
                Op::FpToFp(rm) => {
                    let zs = self.sort(&sort);
                    Z3_mk_fpa_to_fp_float(c, self.rm(rm), a[0], zs.get_z3_sort())
                }
                Op::BitsToFp => {
                    let zs = self.sort(&sort);
                    Z3_mk_fpa_to_fp_bv(c, a[0], zs.get_z3_sort())
                }
                Op::FpToBits => {
                    // NaN has one canonical image, as in the term layer
                    let Sort::Fp(e, sb) = s.sort(s.arg(t, 0)).clone() else { unreachable!() };
                    let nan = self.bv_numeral(&crate::term::canonical_nan(e, sb));
                    let isnan = wrap(&self.ctx, Z3_mk_fpa_is_nan(c, a[0]));
                    let bits = wrap(&self.ctx, Z3_mk_fpa_to_ieee_bv(c, a[0]));
                    Z3_mk_ite(c, isnan.get_z3_ast(), nan.get_z3_ast(), bits.get_z3_ast())
                }
                Op::Select => Z3_mk_select(c, a[0], a[1]),
                Op::Store => Z3_mk_store(c, a[0], a[1], a[2]),
                Op::ConstArray => {
                    let (idx, _) = sort.array_parts();
                    let zi = self.sort(&idx.clone());
                    Z3_mk_const_array(c, zi.get_z3_sort(), a[0])
                }
                Op::MemRange(kind, off_bits) => return self.mem_range(s, t, kind, off_bits),
                Op::BvMulNoOverflow(signed) => {
                    let no = wrap(&self.ctx, Z3_mk_bvmul_no_overflow(c, a[0], a[1], signed));
                    if signed {
                        let nu = wrap(&self.ctx, Z3_mk_bvmul_no_underflow(c, a[0], a[1]));
                        let both = [no.get_z3_ast(), nu.get_z3_ast()];
                        Z3_mk_and(c, 2, both.as_ptr())
                    } else {
                        return no;
                    }
                }
                Op::Apply(f) => {
                    self.declare_func(s, f);
                    let args: Vec<Dynamic> = s.args(t).iter().map(|x| self.cache[x].clone()).collect();
                    let refs: Vec<&dyn Ast> = args.iter().map(|d| d as &dyn Ast).collect();
                    return self.funcs[&f].apply(&refs);
                }
            }
        };
        wrap(&self.ctx, raw)
    }

    fn declare_func(&mut self, s: &TermStore, f: u32) {
        if self.funcs.contains_key(&f) {
            return;
        }
        let info = s.func(f).clone();
        let dom: Vec<z3::Sort> = info.domain.iter().map(|d| self.sort(d)).collect();
        let dom_refs: Vec<&z3::Sort> = dom.iter().collect();
        let range = self.sort(&info.range);
        let fd = z3::FuncDecl::new(format!("{}!uf{f}", info.name), &dom_refs, &range);
        self.funcs.insert(f, fd);
    }

    /// λa. ite(a in [dst, dst+len), new(a), base[a])
    fn mem_range(&mut self, s: &TermStore, t: T, kind: MemKind, off_bits: u32) -> Dynamic {
        let c = self.c();
        let args: Vec<Dynamic> = s.args(t).iter().map(|x| self.cache[x].clone()).collect();
        let idx_sort = s.sort(t).array_parts().0.clone();
        let w = idx_sort.bv_width();
        let zi = self.sort(&idx_sort);
        self.lambdas += 1;
        let x = Dynamic::new_const(format!("addr!{}", self.lambdas), &zi);
        let (base, dst, len) = (&args[0], &args[1], &args[2]);
        unsafe {
            let xa = x.get_z3_ast();
            let xo = wrap(&self.ctx, Z3_mk_extract(c, w - 1, off_bits, xa));
            let d_o = wrap(&self.ctx, Z3_mk_extract(c, w - 1, off_bits, dst.get_z3_ast()));
            let same = wrap(&self.ctx, Z3_mk_eq(c, xo.get_z3_ast(), d_o.get_z3_ast()));
            let xoff = wrap(&self.ctx, Z3_mk_extract(c, off_bits - 1, 0, xa));
            let doff = wrap(&self.ctx, Z3_mk_extract(c, off_bits - 1, 0, dst.get_z3_ast()));
            let rel = wrap(&self.ctx, Z3_mk_bvsub(c, xoff.get_z3_ast(), doff.get_z3_ast()));
            let inside = wrap(&self.ctx, Z3_mk_bvult(c, rel.get_z3_ast(), len.get_z3_ast()));
            let conds = [same.get_z3_ast(), inside.get_z3_ast()];
            let cond = match kind {
                MemKind::FreshObjects => wrap(&self.ctx, Z3_mk_bvuge(c, xo.get_z3_ast(), d_o.get_z3_ast())),
                _ => wrap(&self.ctx, Z3_mk_and(c, 2, conds.as_ptr())),
            };
            let new = match kind {
                MemKind::Fresh | MemKind::FreshObjects => wrap(&self.ctx, Z3_mk_select(c, args[3].get_z3_ast(), xa)),
                MemKind::Fill => args[3].clone(),
                MemKind::Copy => {
                    let relw = wrap(&self.ctx, Z3_mk_zero_ext(c, w - off_bits, rel.get_z3_ast()));
                    let sa = wrap(&self.ctx, Z3_mk_bvadd(c, args[4].get_z3_ast(), relw.get_z3_ast()));
                    wrap(&self.ctx, Z3_mk_select(c, args[3].get_z3_ast(), sa.get_z3_ast()))
                }
            };
            let old = wrap(&self.ctx, Z3_mk_select(c, base.get_z3_ast(), xa));
            let body = wrap(&self.ctx, Z3_mk_ite(c, cond.get_z3_ast(), new.get_z3_ast(), old.get_z3_ast()));
            let z3::ast::Dynamic { .. } = body.clone();
            let arr = z3::ast::lambda_const(&[&x as &dyn Ast], &body);
            Dynamic::from_ast(&arr)
        }
    }

    /// Asserts a boolean term. Z3 simplifies and internalises an assertion at once, which
    /// takes long for large array terms: it is interrupted like a check when the time is up.
    pub fn assert(&mut self, s: &TermStore, t: T) {
        let d = self.encode(s, t);
        self.assert_float_facts();
        if let Some(b) = d.as_bool() {
            let solver = &self.solver;
            let ((), interrupted) = self.guarded(|| solver.assert(&b));
            self.interrupted_assert |= interrupted;
        }
    }

    /// Runs `run` (a Z3 call) with a watchdog thread that interrupts Z3 a little after the
    /// time limit (Z3 does not watch its own timeout everywhere, e.g. while bit-blasting);
    /// also says whether it interrupted.
    fn guarded<R>(&self, run: impl FnOnce() -> R) -> (R, bool) {
        let Some(ms) = self.timeout_ms else { return (run(), false) };
        // grace beyond Z3's own limit, so that the usual case ends by Z3's timeout; at most
        // half a second, so that a long check that ignores its timeout still ends inside the
        // kill grace of `verdiff run` (a twentieth of the limit, at least 1 s)
        let limit = std::time::Duration::from_millis(ms + (ms / 10).min(400) + 100);
        let handle = self.ctx.handle();
        let (done, wait) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|sc| {
            let watchdog = sc.spawn(move || {
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                    handle.interrupt();
                    return true;
                }
                false
            });
            let t0 = std::time::Instant::now();
            let r = run();
            drop(done);
            let w = watchdog.join().unwrap_or(true);
            if std::env::var_os("VERDIFF_DEBUG").is_some() {
                eprintln!("z3 call: limit {ms} ms, took {:?}, interrupted {w}", t0.elapsed());
            }
            (r, w)
        })
    }

    fn assert_float_facts(&mut self) {
        for f in std::mem::take(&mut self.float_facts) {
            if let Some(b) = f.as_bool() {
                self.solver.assert(&b);
            }
        }
    }

    pub fn push(&mut self) {
        self.solver.push();
    }

    pub fn pop(&mut self) {
        self.solver.pop(1);
    }

    /// Checks satisfiability under the given boolean assumptions (literals).
    pub fn check(&mut self, s: &TermStore, assumptions: &[T]) -> Answer {
        let lits: Vec<z3::ast::Bool> = assumptions.iter().filter_map(|&a| self.encode(s, a).as_bool()).collect();
        self.assert_float_facts();
        self.oneshot_model = None;
        if self.interrupted_assert {
            return Answer::Unknown("timeout (an assertion was interrupted at the time limit)".into());
        }
        if let Some(path) = std::env::var_os("VERDIFF_DUMP_SOLVE") {
            self.dump_check(std::path::Path::new(&path), &lits);
        }
        if self.oneshot_checks < ONESHOT_CHECKS {
            self.oneshot_checks += 1;
            if self.pure_bv && self.lambdas == 0 {
                return self.check_one_shot(&lits);
            }
            // arrays, floats, uninterpreted functions: neither procedure wins on every formula
            // (see `check_one_shot`), so the incremental solver gets a short slice first and
            // the one-shot tactic the rest of the time
            if let Some(ms) = self.timeout_ms {
                let slice = (ms / 3).min(INCREMENTAL_SLICE_MS);
                if slice >= 100 {
                    self.timeout_ms = Some(slice);
                    self.set_solver_timeout(slice);
                    let a = self.check_incremental(&lits);
                    self.timeout_ms = Some(ms);
                    self.set_solver_timeout(ms);
                    let timed_out = matches!(&a, Answer::Unknown(r) if r.contains("timeout") || r.contains("canceled"));
                    if !timed_out {
                        return a;
                    }
                    self.timeout_ms = Some(ms - slice);
                    let b = self.check_one_shot(&lits);
                    self.timeout_ms = Some(ms);
                    return b;
                }
            }
        }
        self.check_incremental(&lits)
    }

    /// Checks under the given boolean assumptions with Z3's incremental solver and, when
    /// unsatisfiable, says which of them its proof used (indices into `assumptions`: an
    /// unsat core, not necessarily a minimal one).
    pub fn check_core(&mut self, s: &TermStore, assumptions: &[T]) -> (Answer, Vec<usize>) {
        let lits: Vec<z3::ast::Bool> = assumptions.iter().filter_map(|&a| self.encode(s, a).as_bool()).collect();
        self.assert_float_facts();
        self.oneshot_model = None;
        if self.interrupted_assert {
            return (Answer::Unknown("timeout (an assertion was interrupted at the time limit)".into()), vec![]);
        }
        let a = self.check_incremental(&lits);
        if !matches!(a, Answer::Unsat) {
            return (a, vec![]);
        }
        let core = self.solver.get_unsat_core();
        let used = lits.iter().enumerate().filter(|(_, l)| core.contains(l)).map(|(i, _)| i).collect();
        (a, used)
    }

    /// A check of Z3's incremental solver under the assumptions.
    fn check_incremental(&mut self, lits: &[z3::ast::Bool]) -> Answer {
        let solver = &self.solver;
        let (r, _) = self.guarded(|| if lits.is_empty() { solver.check() } else { solver.check_assumptions(lits) });
        match r {
            SatResult::Sat => Answer::Sat,
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown(self.solver.get_reason_unknown().unwrap_or_else(|| "unknown".into())),
        }
    }

    /// A check on a fresh, non-incremental solver with the assertions and the assumptions
    /// asserted. Z3's incremental solver (checks under assumptions) skips the preprocessing
    /// its one-shot tactics do: on the sorting network's pure bit-vector min/max formula it
    /// was 3-4 times slower than the `qfbv` tactic (bench/timing.py), and on formulas with
    /// arrays (sds's `strlen` over a header-prefixed heap buffer) 15 times slower than Z3's
    /// default one-shot tactic (40.7 s against 2.6 s, Z3 4.8.12; docs/symbolic-memory.md).
    /// A pure bit-vector formula goes to `qfbv`, anything else (arrays, floats, uninterpreted
    /// functions, lambdas) to the tactic Z3 picks for its logic. Nothing is learnt across
    /// checks this way, so only the first [`ONESHOT_CHECKS`] checks of a solver go here;
    /// most verifications need one or two.
    fn check_one_shot(&mut self, lits: &[z3::ast::Bool]) -> Answer {
        let one = if self.pure_bv && self.lambdas == 0 { z3::Tactic::new("qfbv").solver() } else { Solver::new() };
        if let Some(ms) = self.timeout_ms {
            let mut p = Params::new();
            p.set_u32("timeout", ms.min(u32::MAX as u64).max(1) as u32);
            one.set_params(&p);
        }
        for a in self.solver.get_assertions() {
            one.assert(&a);
        }
        for l in lits {
            one.assert(l);
        }
        let (r, _) = self.guarded(|| one.check());
        match r {
            SatResult::Sat => {
                self.oneshot_model = one.get_model();
                Answer::Sat
            }
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown(one.get_reason_unknown().unwrap_or_else(|| "unknown".into())),
        }
    }

    /// The model of the last check (once: a one-shot check hands its model over).
    pub fn model(&mut self) -> Option<Model> {
        match self.oneshot_model.take() {
            Some(m) => Some(Model(m)),
            None => self.solver.get_model().map(Model),
        }
    }

    pub(crate) fn ctx(&self) -> &Context {
        &self.ctx
    }

    /// Asserts that `t` has the value the model gives it (for any sort, arrays included).
    pub fn fix_to_model(&mut self, s: &TermStore, t: T, model: &Model) {
        let d = self.encode(s, t);
        if let Some(v) = model.0.eval(&d, true) {
            let c = self.c();
            let eq = wrap(&self.ctx, unsafe { Z3_mk_eq(c, d.get_z3_ast(), v.get_z3_ast()) });
            if let Some(b) = eq.as_bool() {
                self.solver.assert(&b);
            }
        }
    }

    /// Asserts `t` with the terms in `fixed` replaced by their values in `model` and the
    /// result simplified by Z3 first: constant float arithmetic folds away instead of being
    /// bit-blasted (incremental solving does no such preprocessing).
    pub fn assert_fixed(&mut self, s: &TermStore, t: T, fixed: &[T], model: &Model) {
        let Some(r) = self.with_fixed(s, t, fixed, model) else {
            self.interrupted_assert = true;
            return;
        };
        if let Some(b) = r.as_bool() {
            self.solver.assert(&b);
        }
    }

    /// Asserts `t` with each term `pairs[i].0` replaced by the constant `pairs[i].1` and the
    /// result simplified by Z3 first (constant float arithmetic folds instead of being
    /// bit-blasted), and the equations themselves, so that a model gives the terms those values.
    ///
    /// Returns false when the substituted formula still holds float arithmetic on values that
    /// are not fixed (see [`super::interval::has_float_arithmetic`]): the caller may then prefer
    /// a solver with the float abstraction.
    pub fn assert_with_values(&mut self, s: &TermStore, t: T, pairs: &[(T, T)]) -> bool {
        let from: Vec<Dynamic> = pairs.iter().map(|p| self.encode(s, p.0)).collect();
        let to: Vec<Dynamic> = pairs.iter().map(|p| self.encode(s, p.1)).collect();
        let d = self.encode(s, t);
        let Some(r) = self.substituted(d, &from, &to) else {
            self.interrupted_assert = true;
            return false;
        };
        // SAFETY: `r` is an AST of this context and outlives the call
        let ground = !unsafe { super::interval::has_float_arithmetic(self.c(), r.get_z3_ast()) };
        if let Some(b) = r.as_bool() {
            self.solver.assert(&b);
        }
        let c = self.c();
        for (a, b) in from.iter().zip(&to) {
            let eq = wrap(&self.ctx, unsafe { Z3_mk_eq(c, a.get_z3_ast(), b.get_z3_ast()) });
            if let Some(e) = eq.as_bool() {
                self.solver.assert(&e);
            }
        }
        ground
    }

    /// `t` with the terms `fixed` replaced by their values in `model`, simplified by Z3 (None
    /// when the simplification was interrupted at the time limit).
    fn with_fixed(&mut self, s: &TermStore, t: T, fixed: &[T], model: &Model) -> Option<Dynamic> {
        let d = self.encode(s, t);
        let mut from = Vec::new();
        let mut to = Vec::new();
        for &f in fixed {
            let e = self.encode(s, f);
            if let Some(v) = model.0.eval(&e, true) {
                from.push(e);
                to.push(v);
            }
        }
        self.substituted(d, &from, &to)
    }

    /// `d` with `from[i]` replaced by `to[i]`, simplified by Z3 (None when the simplification
    /// was interrupted at the time limit).
    fn substituted(&mut self, d: Dynamic, from: &[Dynamic], to: &[Dynamic]) -> Option<Dynamic> {
        let c = self.c();
        let fa: Vec<Z3_ast> = from.iter().map(|x| x.get_z3_ast()).collect();
        let ta: Vec<Z3_ast> = to.iter().map(|x| x.get_z3_ast()).collect();
        let sub =
            wrap(&self.ctx, unsafe { Z3_substitute(c, d.get_z3_ast(), fa.len() as u32, fa.as_ptr(), ta.as_ptr()) });
        let (r, interrupted) = self.guarded(|| wrap(&self.ctx, unsafe { Z3_simplify(c, sub.get_z3_ast()) }));
        (!interrupted).then_some(r)
    }

    /// Whether `t` holds for every value of the floats free in it that satisfies `assumed`,
    /// by interval arithmetic: true only when proved. `library`: results of approximated
    /// library functions are within [`super::libm::range_over`] of their arguments (the
    /// library-accuracy assumption).
    pub fn holds_for_every_value_of(&mut self, s: &TermStore, t: T, assumed: T, library: bool) -> bool {
        let (Some(facts), Some(goal)) = (self.simplified(s, assumed), self.simplified(s, t)) else { return false };
        self.holds_by_intervals(facts, goal, library)
    }

    /// `t` encoded and simplified by Z3 (None when interrupted at the time limit).
    fn simplified(&mut self, s: &TermStore, t: T) -> Option<Dynamic> {
        let d = self.encode(s, t);
        self.substituted(d, &[], &[])
    }

    /// Whether `t` holds, with the terms `fixed` at their values in `model`, for every value
    /// of the floats left free in it that satisfies `assumed`, by interval arithmetic
    /// ([`super::interval`]): true only when proved; false also when undecided.
    pub fn holds_for_every_value(&mut self, s: &TermStore, t: T, assumed: T, fixed: &[T], model: &Model) -> bool {
        let Some(facts) = self.with_fixed(s, assumed, fixed, model) else { return false };
        let Some(goal) = self.with_fixed(s, t, fixed, model) else { return false };
        self.holds_by_intervals(facts, goal, false)
    }

    /// Interval evaluation of `goal` under `facts` (both simplified), after replacing each
    /// free symbol the facts equate with another (directly, or by tying both to the same
    /// term, as equal library calls are) by that one: intervals treat distinct symbols as
    /// independent, and `sin(1.0)` called twice must not be two different values.
    fn holds_by_intervals(&mut self, facts: Dynamic, goal: Dynamic, library: bool) -> bool {
        // SAFETY: `facts` is an AST of this context, alive for the call
        let tied = unsafe { super::interval::tied_symbols(self.c(), facts.get_z3_ast()) };
        let (facts, goal) = if tied.is_empty() {
            (facts, goal)
        } else {
            let from: Vec<Dynamic> = tied.iter().map(|p| wrap(&self.ctx, Some(p.0))).collect();
            let to: Vec<Dynamic> = tied.iter().map(|p| wrap(&self.ctx, Some(p.1))).collect();
            match (self.substituted(facts, &from, &to), self.substituted(goal, &from, &to)) {
                (Some(f), Some(g)) => (f, g),
                _ => return false,
            }
        };
        if let Some(p) = std::env::var_os("VERDIFF_INTERVAL_DUMP") {
            // (appended: one run asks several questions)
            use std::io::Write;
            if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(p) {
                let _ = writeln!(f, "; library accuracy: {library}\n(assume {facts})\n(goal {goal})");
            }
        }
        // SAFETY: the context and both ASTs (held by `facts` and `goal`) outlive `iv`
        unsafe {
            let mut iv = super::interval::Intervals::new(self.c(), &[facts.get_z3_ast()], library);
            iv.holds(goal.get_z3_ast()) == Some(true)
        }
    }

    /// Debugging aid (`VERDIFF_DUMP_SOLVE=path`): writes the check about to run — the
    /// assertions and the assumptions, asserted — as SMT-LIB to `path`, numbered per check
    /// (`path.1`, `path.2`, ...), for replay with a stand-alone z3.
    fn dump_check(&self, path: &std::path::Path, lits: &[z3::ast::Bool]) {
        let one = Solver::new();
        for a in self.solver.get_assertions() {
            one.assert(&a);
        }
        for l in lits {
            one.assert(l);
        }
        let mut n = 1;
        let file = loop {
            let f = std::path::PathBuf::from(format!("{}.{n}", path.display()));
            if !f.exists() {
                break f;
            }
            n += 1;
        };
        let _ = std::fs::write(file, one.to_smt2());
    }

    /// The SMT-LIB text of the current assertions.
    pub fn to_smt2(&self) -> String {
        self.solver.to_smt2()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Rm;

    fn float_symbols(s: &mut TermStore) -> (T, T) {
        (s.fresh_symbol("a", Sort::Fp(8, 24)), s.fresh_symbol("b", Sort::Fp(8, 24)))
    }

    /// Whether some model makes the two float terms differ (structurally, NaN = NaN).
    fn can_differ(smt: &mut Smt, s: &mut TermStore, x: T, y: T) -> Answer {
        let same = s.eq(x, y);
        let differ = s.not(same);
        smt.assert(s, differ);
        smt.check(s, &[])
    }

    #[test]
    fn encoding_a_large_formula_stops_at_the_deadline() {
        let mut s = TermStore::new();
        // a flat formula (no deep terms): x_i = i for 3 × ENCODE_CLOCK_EVERY symbols
        let parts: Vec<T> = (0..3 * ENCODE_CLOCK_EVERY as u128)
            .map(|i| {
                let x = s.fresh_symbol(format!("x{i}"), Sort::Bv(32));
                let c = s.bv_u(32, i);
                s.eq(x, c)
            })
            .collect();
        let goal = s.and_n(&parts);
        // no deadline: the whole formula is encoded
        let mut free = Smt::new(None);
        assert!(crate::term::limit::guard(|| free.encode(&s, goal)).is_ok());
        let mut late = Smt::new(None);
        late.set_deadline(Some(std::time::Instant::now()));
        let r = crate::term::limit::guard(|| late.encode(&s, goal));
        assert!(matches!(r, Err(crate::term::limit::Limit::Time)), "encoding past the deadline unwinds as time");
        assert!(late.encode_nodes < free.encode_nodes, "{} of {} nodes", late.encode_nodes, free.encode_nodes);
    }

    #[test]
    fn abstraction_proves_what_holds_of_any_commutative_addition_and_multiplication() {
        let mut s = TermStore::new();
        let (a, b) = float_symbols(&mut s);
        // (a * b) - a and (b * a) + (-a): commutativity and a - b = a + (-b)
        let ab = s.fp_arith(Op::FpMul(Rm::Rne), a, b);
        let ba = s.fp_arith(Op::FpMul(Rm::Rne), b, a);
        let x = s.fp_arith(Op::FpSub(Rm::Rne), ab, a);
        let na = s.fp_neg(a);
        let y = s.fp_arith(Op::FpAdd(Rm::Rne), ba, na);
        let mut smt = Smt::new(Some(10_000)).abstract_float_arithmetic();
        assert_eq!(can_differ(&mut smt, &mut s, x, y), Answer::Unsat);
    }

    #[test]
    fn abstraction_knows_commutativity_of_operands_equal_only_in_the_solver() {
        // c * a and b * c with a = b asserted (as two calls of a library function on equal
        // arguments give): the operands are different terms, so ordering them by term number
        // alone cannot make the products one term; the commutativity fact must
        let mut s = TermStore::new();
        let a = s.fresh_symbol("a", Sort::Fp(8, 24));
        let c = s.fresh_symbol("c", Sort::Fp(8, 24));
        let b = s.fresh_symbol("b", Sort::Fp(8, 24));
        for op in [Op::FpMul(Rm::Rne), Op::FpAdd(Rm::Rne)] {
            let ca = s.fp_arith(op.clone(), c, a);
            let bc = s.fp_arith(op, b, c);
            let mut smt = Smt::new(Some(10_000)).abstract_float_arithmetic();
            // encoded in the order a, c, b, so that c's Z3 number lies between the others'
            for x in [a, c, b] {
                let nan = s.fp_class(Op::FpIsNan, x);
                let number = s.not(nan);
                smt.assert(&s, number);
            }
            let same = s.eq(a, b);
            smt.assert(&s, same);
            assert_eq!(can_differ(&mut smt, &mut s, ca, bc), Answer::Unsat);
        }
    }

    /// `log`'s model for an input x: (x > 1 → r > 0) and (x <= 1 → r < 0), with x fixed by a
    /// model to `x0`; whether `goal(r)` holds for every r those assumptions allow.
    fn holds_for_every_log_result(x0: f64, goal: impl Fn(&mut TermStore, T) -> T) -> bool {
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Fp(11, 53));
        let r = s.fresh_symbol("r", Sort::Fp(11, 53));
        let (zero, one, x0t) = (s.fp_f64(0.0), s.fp_f64(1.0), s.fp_f64(x0));
        let above = s.fp_cmp(Op::FpLt, one, x);
        let below = s.not(above);
        let pos = s.fp_cmp(Op::FpLt, zero, r);
        let neg = s.fp_cmp(Op::FpLt, r, zero);
        let (f1, f2) = (s.implies(above, pos), s.implies(below, neg));
        let facts = s.and(f1, f2);
        let mut smt = Smt::new(Some(10_000));
        let fix = s.eq(x, x0t);
        smt.assert(&s, fix);
        assert_eq!(smt.check(&s, &[]), Answer::Sat);
        let model = smt.model().expect("a model");
        let g = goal(&mut s, r);
        smt.holds_for_every_value(&s, g, facts, &[x], &model)
    }

    #[test]
    fn intervals_decide_for_every_value_the_assumptions_allow() {
        // x = 2: r > 0, so 1 + r/4 * 0.5 lies in (1, inf] and is never 0.5
        let far = |s: &mut TermStore, r: T| {
            let (one, q, half) = (s.fp_f64(1.0), s.fp_f64(0.25), s.fp_f64(0.5));
            let rq = s.fp_arith(Op::FpMul(Rm::Rne), r, q);
            let rqh = s.fp_arith(Op::FpMul(Rm::Rne), rq, half);
            let v = s.fp_arith(Op::FpAdd(Rm::Rne), one, rqh);
            let same = s.fp_cmp(Op::FpEq, v, half);
            s.not(same)
        };
        assert!(holds_for_every_log_result(2.0, far));
        // x = 0.5: r < 0, and 1 + r/8 can be 0.5 (r = -4): undecided, never "holds"
        assert!(!holds_for_every_log_result(0.5, far));
        // r > 1 is not implied by r > 0
        let above_one = |s: &mut TermStore, r: T| {
            let one = s.fp_f64(1.0);
            s.fp_cmp(Op::FpLt, one, r)
        };
        assert!(!holds_for_every_log_result(2.0, above_one));
        // the branch not taken assumes nothing: for x = 2, r < 0 is not a fact
        let negative = |s: &mut TermStore, r: T| {
            let zero = s.fp_f64(0.0);
            s.fp_cmp(Op::FpLt, r, zero)
        };
        assert!(!holds_for_every_log_result(2.0, negative));
        assert!(holds_for_every_log_result(0.5, negative));
    }

    #[test]
    fn intervals_read_negated_disjunctions_among_the_assumptions() {
        // exp's model as C code leaves it: (x > 1 → ¬(¬(0 <= r) ∨ isNaN(r))) written as
        // ¬(x > 1) ∨ ¬(¬(0 <= r) ∨ isNaN(r)): for x = 2, r >= 0, so 1 + r is never 0.5
        let mut s = TermStore::new();
        let x = s.fresh_symbol("x", Sort::Fp(11, 53));
        let r = s.fresh_symbol("r", Sort::Fp(11, 53));
        let (zero, one, half, two) = (s.fp_f64(0.0), s.fp_f64(1.0), s.fp_f64(0.5), s.fp_f64(2.0));
        let above = s.fp_cmp(Op::FpLt, one, x);
        let le = s.fp_cmp(Op::FpLe, zero, r);
        let nle = s.not(le);
        let nan = s.fp_class(Op::FpIsNan, r);
        let bad = s.or(nle, nan);
        let good = s.not(bad);
        let not_above = s.not(above);
        let fact = s.or(not_above, good);
        let one_r = s.fp_arith(Op::FpAdd(Rm::Rne), one, r);
        let same = s.fp_cmp(Op::FpEq, one_r, half);
        let goal = s.not(same);
        let holds = |s: &mut TermStore, x0: T, fact: T| {
            let mut smt = Smt::new(Some(10_000));
            let fix = s.eq(x, x0);
            smt.assert(s, fix);
            assert_eq!(smt.check(s, &[]), Answer::Sat);
            let model = smt.model().expect("a model");
            smt.holds_for_every_value(s, goal, fact, &[x], &model)
        };
        assert!(holds(&mut s, two, fact));
        // for x = 0.5 the fact says nothing about r (r = -0.5 gives 0.5)
        assert!(!holds(&mut s, half, fact));
        // and r < 0 or NaN allows 0.5 too
        let other = s.or(not_above, bad);
        assert!(!holds(&mut s, two, other));
    }

    #[test]
    fn abstraction_over_approximates_and_exact_arithmetic_decides() {
        // x * 2 and x + x are the same IEEE value (both round the exact 2x), which the
        // abstraction cannot know: it finds a (spurious) difference, exact reasoning none
        let mut s = TermStore::new();
        let (a, _) = float_symbols(&mut s);
        let two = s.fp_f32(2.0);
        let x = s.fp_arith(Op::FpMul(Rm::Rne), a, two);
        let y = s.fp_arith(Op::FpAdd(Rm::Rne), a, a);
        let mut abs = Smt::new(Some(10_000)).abstract_float_arithmetic();
        assert_eq!(can_differ(&mut abs, &mut s, x, y), Answer::Sat);
        let mut exact = Smt::new(Some(60_000));
        assert_eq!(can_differ(&mut exact, &mut s, x, y), Answer::Unsat);
    }

    #[test]
    fn abstraction_keeps_nan_propagation() {
        // a NaN operand makes the product NaN: a * b for a NaN a is NaN under the abstraction
        let mut s = TermStore::new();
        let (a, b) = float_symbols(&mut s);
        let ab = s.fp_arith(Op::FpMul(Rm::Rne), a, b);
        let a_nan = s.fp_class(Op::FpIsNan, a);
        let ab_nan = s.fp_class(Op::FpIsNan, ab);
        let not_nan = s.not(ab_nan);
        let both = s.and(a_nan, not_nan);
        let mut smt = Smt::new(Some(10_000)).abstract_float_arithmetic();
        smt.assert(&s, both);
        assert_eq!(smt.check(&s, &[]), Answer::Unsat);
    }
}
