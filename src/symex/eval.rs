//! Evaluation of IR expressions to terms, and assignment.

use super::{State, Step, Symex};
use crate::ir::{BinOp, Builtin, Expr, ExprKind, FloatKind, Loc, Type, UnOp};
use crate::term::{Op, Rm, Sort, T};

pub(crate) fn is_lvalue(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Deref(_) | ExprKind::Str(_) => true,
        ExprKind::Index(b, _) | ExprKind::Member(b, _) => is_lvalue(b),
        _ => false,
    }
}

impl Symex<'_> {
    /// The value of `e` in its type's representation.
    pub(crate) fn eval(&mut self, st: &mut State, e: &Expr, loc: Loc) -> T {
        match &e.kind {
            ExprKind::Int(v) => match self.sort_of(&e.ty) {
                Sort::Bv(w) => self.s.bv_u(w, *v),
                Sort::Fp(ex, sb) => {
                    let b = self.s_bv(64, *v);
                    self.s.bv_to_fp(Rm::Rne, b, e.ty.is_signed(), ex, sb)
                }
                _ => self.zero(&e.ty),
            },
            ExprKind::Float(f) => match &e.ty {
                Type::Float(FloatKind::Float) => self.s.fp_f32(*f as f32),
                Type::Float(FloatKind::Double) => self.s.fp_f64(*f),
                Type::Float(FloatKind::LongDouble) => {
                    let d = self.s.fp_f64(*f);
                    self.s.fp_to_fp(Rm::Rne, d, 15, 64)
                }
                _ => self.zero(&e.ty),
            },
            ExprKind::Var(_) | ExprKind::Index(..) | ExprKind::Member(..) | ExprKind::Deref(_) | ExprKind::Str(_) => {
                let pl = self.place(st, e, loc);
                match self.input_read(st, &pl, e) {
                    Some(v) => v,
                    None => self.read(st, &pl),
                }
            }
            ExprKind::Func(f) => {
                let o = self.memory.func_objs.get(f).copied().unwrap_or(1);
                self.ptr_to(o)
            }
            ExprKind::AddrOf(lv) => self.address_of(st, lv, loc),
            ExprKind::Nondet => self.nondet_of(st, &e.ty, "nondet"),
            ExprKind::Zero => self.zero(&e.ty),
            ExprKind::Cast(a, _) => {
                let v = self.eval(st, a, loc);
                self.convert(st, v, &a.ty, &e.ty, loc)
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(st, a, loc);
                match op {
                    UnOp::Neg => {
                        if e.ty.is_float() {
                            self.s.fp_neg(v)
                        } else {
                            self.s.bvneg(v)
                        }
                    }
                    UnOp::BitNot => self.s.bvnot(v),
                    UnOp::LogNot => {
                        let t = self.truth(v, &a.ty);
                        let n = self.s.not(t);
                        self.from_bool(n, &e.ty)
                    }
                }
            }
            ExprKind::Binary(..) | ExprKind::Builtin(..) if e.ty.is_int() && self.is_condition(e) => {
                let c = self.eval_cond(st, e, loc);
                self.from_bool(c, &e.ty)
            }
            ExprKind::Binary(op, a, b) => self.binary(st, *op, a, b, &e.ty, loc),
            ExprKind::Cond(c, a, b) => {
                let c = self.eval_cond(st, c, loc);
                let x = self.eval(st, a, loc);
                let y = self.eval(st, b, loc);
                self.s.ite(c, x, y)
            }
            ExprKind::Builtin(b, args) => self.builtin_value(st, *b, args, &e.ty, loc),
        }
    }

    fn s_bv(&mut self, w: u32, v: u128) -> T {
        self.s.bv_u(w, v)
    }

    /// Expressions whose value is a truth value (evaluated as a boolean, then widened).
    fn is_condition(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary(op, ..) => op.is_comparison() || matches!(op, BinOp::LogAnd | BinOp::LogOr),
            ExprKind::Builtin(b, _) => {
                !matches!(b, Builtin::PointerObject | Builtin::PointerOffset | Builtin::ObjectSize)
            }
            _ => false,
        }
    }

    /// `e != 0` as a boolean term, built directly for comparisons and logical operators.
    pub(crate) fn eval_cond(&mut self, st: &mut State, e: &Expr, loc: Loc) -> T {
        match &e.kind {
            ExprKind::Int(v) => self.s.bool_const(*v != 0),
            ExprKind::Unary(UnOp::LogNot, a) => {
                let c = self.eval_cond(st, a, loc);
                self.s.not(c)
            }
            ExprKind::Binary(BinOp::LogAnd, a, b) => {
                let x = self.eval_cond(st, a, loc);
                if self.s.is_false(x) {
                    return x;
                }
                let y = self.eval_cond(st, b, loc);
                self.s.and(x, y)
            }
            ExprKind::Binary(BinOp::LogOr, a, b) => {
                let x = self.eval_cond(st, a, loc);
                if self.s.is_true(x) {
                    return x;
                }
                let y = self.eval_cond(st, b, loc);
                self.s.or(x, y)
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let x = self.eval(st, a, loc);
                let y = self.eval(st, b, loc);
                let c = self.compare(st, *op, x, y, &a.ty);
                self.tell_comparison(st, *op, (x, y), &a.ty, c);
                c
            }
            ExprKind::Builtin(b, args) => self.builtin_cond(st, *b, args, loc),
            ExprKind::Cast(a, _) if e.ty.is_int() && a.ty.is_int() && e.ty.int_width() >= a.ty.int_width() => {
                // widening keeps zero-ness
                self.eval_cond(st, a, loc)
            }
            _ => {
                let v = self.eval(st, e, loc);
                self.truth(v, &e.ty)
            }
        }
    }

    /// In a concrete run, tells the oracle an integer comparison and its outcome.
    fn tell_comparison(&self, st: &State, op: BinOp, (x, y): (T, T), ty: &Type, c: T) {
        let Some(o) = &self.replay.oracle else { return };
        if ty.is_pointer() || ty.is_float() {
            return;
        }
        let holds = if self.s.is_true(c) {
            true
        } else if self.s.is_false(c) {
            false
        } else {
            return;
        };
        if let (Some(a), Some(b)) = (self.s.as_bv(x), self.s.as_bv(y)) {
            let at = (st.top().func.map_or(u32::MAX, |f| f.0), st.top().pc);
            o.borrow_mut().compare(at, op, ty.is_signed(), a, b, holds);
        }
    }

    fn compare(&mut self, st: &State, op: BinOp, x: T, y: T, ty: &Type) -> T {
        if ty.is_pointer() && matches!(op, BinOp::Eq | BinOp::Ne) {
            let e = self.pointer_eq(st, x, y);
            return if op == BinOp::Eq { e } else { self.s.not(e) };
        }
        if ty.is_float() {
            return match op {
                BinOp::Eq => self.s.fp_cmp(Op::FpEq, x, y),
                BinOp::Ne => {
                    let e = self.s.fp_cmp(Op::FpEq, x, y);
                    self.s.not(e)
                }
                BinOp::Lt => self.s.fp_cmp(Op::FpLt, x, y),
                BinOp::Le => self.s.fp_cmp(Op::FpLe, x, y),
                BinOp::Gt => self.s.fp_cmp(Op::FpLt, y, x),
                _ => self.s.fp_cmp(Op::FpLe, y, x),
            };
        }
        let signed = ty.is_signed();
        match op {
            BinOp::Eq => self.s.eq(x, y),
            BinOp::Ne => {
                let e = self.s.eq(x, y);
                self.s.not(e)
            }
            BinOp::Lt => {
                if signed {
                    self.s.bvslt(x, y)
                } else {
                    self.s.bvult(x, y)
                }
            }
            BinOp::Le => {
                if signed {
                    self.s.bvsle(x, y)
                } else {
                    self.s.bvule(x, y)
                }
            }
            BinOp::Gt => {
                if signed {
                    self.s.bvslt(y, x)
                } else {
                    self.s.bvult(y, x)
                }
            }
            _ => {
                if signed {
                    self.s.bvsle(y, x)
                } else {
                    self.s.bvule(y, x)
                }
            }
        }
    }

    fn binary(&mut self, st: &mut State, op: BinOp, a: &Expr, b: &Expr, ty: &Type, loc: Loc) -> T {
        let x = self.eval(st, a, loc);
        let y = self.eval(st, b, loc);
        match op {
            BinOp::PtrAdd | BinOp::PtrSub => {
                let pointee = a.ty.pointee().cloned().unwrap_or(Type::Void);
                let k = self.size_term(st, &pointee, loc);
                let i = self.s.resize(y, self.memory.ptr_w, b.ty.is_signed());
                let d = self.s.bvmul(i, k);
                let d = if op == BinOp::PtrSub { self.s.bvneg(d) } else { d };
                return self.ptr_add(x, d);
            }
            BinOp::PtrDiff => {
                let pointee = a.ty.pointee().cloned().unwrap_or(Type::Void);
                let k = self.size_term(st, &pointee, loc);
                let ox = self.off_of(x);
                let oy = self.off_of(y);
                let d = self.s.bvsub(ox, oy);
                let Sort::Bv(w) = self.sort_of(ty) else {
                    return d;
                };
                let d = self.s.resize(d, w, true);
                // pointers into different objects (undefined in C): the difference of their
                // addresses, which is what the machine computes — not of their offsets, which
                // made `end - in` 0 for a buffer and its end passed as two objects, so that
                // code past `if (end - in < 6) return` was never reached (and an equivalence
                // check called a change there EQUIVALENT)
                let (bx, by) = (self.obj_of(x), self.obj_of(y));
                let same = self.s.eq(bx, by);
                let d = if self.s.is_true(same) {
                    d
                } else {
                    let ax = self.address_value(st, x);
                    let ay = self.address_value(st, y);
                    let ad = self.s.bvsub(ax, ay);
                    let ad = self.s.resize(ad, w, true);
                    self.s.ite(same, d, ad)
                };
                let k = self.s.resize(k, w, false);
                return self.s.bvsdiv(d, k);
            }
            _ => {}
        }
        if ty.is_float() {
            let rm = Rm::Rne;
            return match op {
                BinOp::Add => self.s.fp_arith(Op::FpAdd(rm), x, y),
                BinOp::Sub => self.s.fp_arith(Op::FpSub(rm), x, y),
                BinOp::Mul => self.s.fp_arith(Op::FpMul(rm), x, y),
                BinOp::Div => self.s.fp_arith(Op::FpDiv(rm), x, y),
                _ => self.zero(ty),
            };
        }
        let signed = ty.is_signed();
        match op {
            BinOp::Add => self.s.bvadd(x, y),
            BinOp::Sub => self.s.bvsub(x, y),
            BinOp::Mul => self.s.bvmul(x, y),
            BinOp::Div => {
                if signed {
                    self.s.bvsdiv(x, y)
                } else {
                    self.s.bvudiv(x, y)
                }
            }
            BinOp::Rem => {
                if signed {
                    self.s.bvsrem(x, y)
                } else {
                    self.s.bvurem(x, y)
                }
            }
            BinOp::BitAnd => self.s.bvand(x, y),
            BinOp::BitOr => self.s.bvor(x, y),
            BinOp::BitXor => self.s.bvxor(x, y),
            BinOp::Shl | BinOp::Shr => {
                let w = self.s.width(x);
                let amt = self.shift_amount(y, w, b.ty.is_signed());
                if op == BinOp::Shl {
                    self.s.bvshl(x, amt)
                } else if a.ty.is_signed() {
                    self.s.bvashr(x, amt)
                } else {
                    self.s.bvlshr(x, amt)
                }
            }
            _ => {
                // comparisons and logical operators reach here only as conditions
                let c = self.compare(st, op, x, y, &a.ty);
                self.from_bool(c, ty)
            }
        }
    }

    /// A shift distance as a `w`-bit unsigned amount; distances ≥ w (or negative) saturate to w.
    fn shift_amount(&mut self, y: T, w: u32, signed: bool) -> T {
        let yw = self.s.width(y);
        let wk = self.s.bv_u(w, w as u128);
        if yw <= w {
            let v = self.s.resize(y, w, false);
            if signed && yw < w {
                // a negative distance is out of range
                let zero = self.s.bv_zero(yw);
                let neg = self.s.bvslt(y, zero);
                return self.s.ite(neg, wk, v);
            }
            return v;
        }
        let lim = self.s.bv_u(yw, w as u128);
        let small = self.s.bvult(y, lim);
        let low = self.s.extract(w - 1, 0, y);
        self.s.ite(small, low, wk)
    }

    pub(crate) fn address_of(&mut self, st: &mut State, lv: &Expr, loc: Loc) -> T {
        if let ExprKind::Func(f) = &lv.kind {
            let o = self.memory.func_objs.get(f).copied().unwrap_or(1);
            return self.ptr_to(o);
        }
        match self.place(st, lv, loc) {
            super::place::Place::Mem { addr, .. } => addr,
            _ => {
                // the front end marks every variable whose address is taken; reaching here
                // means a register value has no address
                self.reach_unsupported(st, "address of a value that has no storage".into(), loc);
                self.ptr_to(1)
            }
        }
    }

    pub(crate) fn assign(&mut self, st: &mut State, lhs: &Expr, v: T, loc: Loc) {
        let pl = self.place(st, lhs, loc);
        self.write(st, &pl, v);
        if let ExprKind::Var(t) = &lhs.kind {
            self.replay.input_temps.remove(t);
        }
        if self.replay.oracle.is_some() && !self.hidden(lhs) {
            let text = self.lhs_text(lhs);
            self.record(st, loc, Step::Assign { lhs: text, value: v, ty: lhs.ty.clone() });
        }
    }

    /// [`Self::assign`] of a nondeterministic choice: the trace shows it as an input.
    pub(crate) fn assign_input(&mut self, st: &mut State, lhs: &Expr, v: T, loc: Loc) {
        let pl = self.place(st, lhs, loc);
        self.write(st, &pl, v);
        if self.replay.oracle.is_none() {
            return;
        }
        if let (ExprKind::Var(t), true) = (&lhs.kind, self.hidden(lhs)) {
            self.replay.input_temps.insert(*t);
        }
        if !self.hidden(lhs) {
            let text = self.lhs_text(lhs);
            self.record(st, loc, Step::Input { lhs: text, value: v, ty: lhs.ty.clone() });
        }
    }

    /// Whether `rhs` is a nondeterministic choice: `nondet`, or a temporary holding one (under
    /// conversions).
    pub(crate) fn is_input_expr(&self, rhs: &Expr) -> bool {
        let mut e = rhs;
        while let ExprKind::Cast(inner, _) = &e.kind {
            e = inner;
        }
        match &e.kind {
            ExprKind::Nondet => true,
            ExprKind::Var(v) => self.replay.input_temps.contains(v),
            _ => false,
        }
    }

    /// Temporaries of the front end are not shown in traces.
    fn hidden(&self, lhs: &Expr) -> bool {
        let mut cur = lhs;
        loop {
            match &cur.kind {
                ExprKind::Var(v) => return self.p.var(*v).name.starts_with('$'),
                ExprKind::Index(b, _) | ExprKind::Member(b, _) => cur = b,
                _ => return false,
            }
        }
    }

    fn arg_ptrs(&mut self, st: &mut State, args: &[Expr], loc: Loc) -> Vec<T> {
        args.iter().map(|a| self.eval(st, a, loc)).collect()
    }

    fn builtin_cond(&mut self, st: &mut State, b: Builtin, args: &[Expr], loc: Loc) -> T {
        let v = self.arg_ptrs(st, args, loc);
        match b {
            Builtin::SameObject => {
                let o1 = self.obj_of(v[0]);
                let o2 = self.obj_of(v[1]);
                self.s.eq(o1, o2)
            }
            Builtin::IsDynamic => self.is_dynamic(v[0]),
            Builtin::IsInputObject => self.points_to_input(v[0]),
            Builtin::IsUnsizedInput => self.points_to_unsized_input(v[0]),
            Builtin::IsFresh => {
                let null = self.s.bv_zero(self.memory.ptr_w);
                let is_null = self.s.eq(v[0], null);
                let nn = self.s.not(is_null);
                let alive = self.is_alive(st, v[0]);
                let ok = self.in_bounds(v[0], v[1]);
                self.s.and_n(&[nn, alive, ok])
            }
            Builtin::IsAlive => self.is_alive(st, v[0]),
            Builtin::RaceFree => {
                let write = args.get(2).and_then(|w| w.as_int()).is_some_and(|w| w != 0);
                self.race_free(st, v[0], v[1], write)
            }
            Builtin::IsReadOnly => {
                let o = self.obj_of(v[0]);
                self.s.select(self.memory.readonly, o)
            }
            Builtin::IsAligned => {
                // an access whose alignment is checked on the offset presumes the object's
                // address is aligned as well (ESBMC's rule for integer addresses)
                if let Some(al) = self.s.as_bv(v[1]).and_then(|b| b.to_u64()) {
                    let o = self.obj_of(v[0]);
                    self.require_alignment(o, al);
                }
                let a = self.s.resize(v[1], self.memory.off_bits, false);
                let off = self.off_of(v[0]);
                let zero = self.s.bv_zero(self.memory.off_bits);
                let one = self.s.bv_u(self.memory.off_bits, 1);
                let mask = self.s.bvsub(a, one);
                let low = self.s.bvand(off, mask);
                self.s.eq(low, zero)
            }
            Builtin::IsInvalidPointer => {
                let o = self.obj_of(v[0]);
                let one = self.s.bv_u(self.memory.obj_bits, 1);
                self.s.eq(o, one)
            }
            Builtin::ReadOk => {
                let p = v[0];
                let n = v[1];
                let null = self.s.bv_zero(self.memory.ptr_w);
                let is_null = self.s.eq(p, null);
                let nw = self.s.width(n);
                let zero = self.s.bv_zero(nw);
                let n_zero = self.s.eq(n, zero);
                let ok = self.in_bounds(p, n);
                self.s.ite(is_null, n_zero, ok)
            }
            Builtin::AddOverflow | Builtin::SubOverflow | Builtin::MulOverflow => {
                let signed = args[0].ty.is_signed();
                self.arith_overflow(b, v[0], v[1], signed)
            }
            Builtin::NegOverflow => {
                let w = self.s.width(v[0]);
                if args[0].ty.is_signed() {
                    let min = self
                        .s
                        .bv(crate::term::Bits::from_u128(w, 1).shl(&crate::term::Bits::from_u128(w, (w - 1) as u128)));
                    self.s.eq(v[0], min)
                } else {
                    let z = self.s.bv_zero(w);
                    let e = self.s.eq(v[0], z);
                    self.s.not(e)
                }
            }
            Builtin::DivOverflow => {
                let w = self.s.width(v[0]);
                let min = self
                    .s
                    .bv(crate::term::Bits::from_u128(w, 1).shl(&crate::term::Bits::from_u128(w, (w - 1) as u128)));
                let m1 = self.s.bv(crate::term::Bits::ones(w));
                let a = self.s.eq(v[0], min);
                let c = self.s.eq(v[1], m1);
                self.s.and(a, c)
            }
            Builtin::ShlOverflow => {
                // sign-extend to 2w, shift, the top w+1 bits must agree (ESBMC's rule)
                let w = self.s.width(v[0]);
                let signed = args[0].ty.is_signed();
                let x = self.s.resize(v[0], 2 * w, signed);
                let amt = self.shift_amount(v[1], w, args[1].ty.is_signed());
                let amt = self.s.zext(w, amt);
                let sh = self.s.bvshl(x, amt);
                if signed {
                    let top = self.s.extract(2 * w - 1, w - 1, sh);
                    let zeros = self.s.bv_zero(w + 1);
                    let ones = self.s.bv(crate::term::Bits::ones(w + 1));
                    let z = self.s.eq(top, zeros);
                    let o = self.s.eq(top, ones);
                    let ok = self.s.or(z, o);
                    self.s.not(ok)
                } else {
                    let top = self.s.extract(2 * w - 1, w, sh);
                    let zeros = self.s.bv_zero(w);
                    let z = self.s.eq(top, zeros);
                    self.s.not(z)
                }
            }
            Builtin::ConvOverflow => {
                let target = &args[1].ty;
                let src = &args[0].ty;
                match (src, target.int_ty()) {
                    (Type::Float(_), Some(t)) => {
                        let r = self.float_in_int_range(v[0], t.width, t.signed);
                        self.s.not(r)
                    }
                    (_, Some(t)) if src.is_int() => {
                        let x = v[0];
                        let w = self.s.width(x);
                        let back = self.s.resize(x, t.width, src.is_signed());
                        let round = self.s.resize(back, w, t.signed);
                        let same = self.s.eq(round, x);
                        // the sign must survive too (unsigned → signed of equal width)
                        let sign_ok = if src.is_signed() != t.signed && w <= t.width {
                            let z = self.s.bv_zero(t.width);
                            if t.signed {
                                self.s.bvsle(z, back)
                            } else {
                                self.s.tru()
                            }
                        } else {
                            self.s.tru()
                        };
                        let ok = self.s.and(same, sign_ok);
                        self.s.not(ok)
                    }
                    _ => self.s.fals(),
                }
            }
            Builtin::IsNan => self.s.fp_class(Op::FpIsNan, v[0]),
            Builtin::IsInf => self.s.fp_class(Op::FpIsInf, v[0]),
            Builtin::IsNormal => self.s.fp_class(Op::FpIsNormal, v[0]),
            Builtin::IsFinite => {
                let n = self.s.fp_class(Op::FpIsNan, v[0]);
                let i = self.s.fp_class(Op::FpIsInf, v[0]);
                let bad = self.s.or(n, i);
                self.s.not(bad)
            }
            Builtin::SignBit => {
                let bits = self.s.fp_to_bits(v[0]);
                let w = self.s.width(bits);
                let sb = self.s.extract(w - 1, w - 1, bits);
                let one = self.s.bv_u(1, 1);
                self.s.eq(sb, one)
            }
            Builtin::PointerObject | Builtin::PointerOffset | Builtin::ObjectSize => {
                let x = self.builtin_value(st, b, args, &self.p.target.size_t(), loc);
                self.truth(x, &self.p.target.size_t())
            }
        }
    }

    fn arith_overflow(&mut self, b: Builtin, x: T, y: T, signed: bool) -> T {
        let w = self.s.width(x);
        if b == Builtin::MulOverflow {
            let fits = self.s.bvmul_no_overflow(x, y, signed);
            return self.s.not(fits);
        }
        let xx = self.s.resize(x, w + 1, signed);
        let yy = self.s.resize(y, w + 1, signed);
        let r = if b == Builtin::AddOverflow { self.s.bvadd(xx, yy) } else { self.s.bvsub(xx, yy) };
        if signed {
            let top = self.s.extract(w, w, r);
            let next = self.s.extract(w - 1, w - 1, r);
            let e = self.s.eq(top, next);
            self.s.not(e)
        } else {
            let top = self.s.extract(w, w, r);
            let one = self.s.bv_u(1, 1);
            self.s.eq(top, one)
        }
    }

    fn builtin_value(&mut self, st: &mut State, b: Builtin, args: &[Expr], ty: &Type, loc: Loc) -> T {
        let Sort::Bv(w) = self.sort_of(ty) else {
            return self.zero(ty);
        };
        match b {
            Builtin::PointerObject => {
                let p = self.eval(st, &args[0], loc);
                let o = self.obj_of(p);
                self.s.resize(o, w, false)
            }
            Builtin::PointerOffset => {
                let p = self.eval(st, &args[0], loc);
                let o = self.off_of(p);
                self.s.resize(o, w, true)
            }
            Builtin::ObjectSize => {
                let p = self.eval(st, &args[0], loc);
                let sz = self.object_size(p);
                self.s.resize(sz, w, false)
            }
            _ => {
                let c = self.builtin_cond(st, b, args, loc);
                self.s.bool_to_bv(c, w)
            }
        }
    }
}
