//! Safety claims for every evaluated expression.
//!
//! Each claim is an `Assert` placed before the instruction that evaluates the expression. When
//! the expression sits under `&&`, `||` or `?:`, the claim is guarded by the condition under
//! which C evaluates it (`p && *p` checks `*p` only when `p` is non-null).

use super::CheckOptions;
use crate::ir::display::expr_to_c;
use crate::ir::rewrite::rewrite;
use crate::ir::{
    ArrayLen, BinOp, Builtin, ClaimKind, Expr, ExprKind, Instr, InstrKind, IntName, Loc, Program, Type, UnOp,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The value is read.
    Read,
    /// The object is written.
    Write,
    /// Only the address is computed (operand of `&`).
    Address,
}

struct Ctx<'a> {
    p: &'a Program,
    o: &'a CheckOptions,
    loc: Loc,
    out: Vec<Instr>,
    /// Precondition claims and the assumptions after them: they come before the
    /// instruction's own claims (what the caller must provide holds at the whole access, e.g.
    /// memcpy's source extent bounds the length its destination is checked with).
    pre: Vec<Instr>,
}

pub fn add_safety_claims(p: &mut Program, opts: &CheckOptions) {
    let snapshot = p.clone();
    let instrument = |body: Vec<Instr>| {
        rewrite(body, |ins| {
            let mut c = Ctx { p: &snapshot, o: opts, loc: ins.loc, out: Vec::new(), pre: Vec::new() };
            match &ins.kind {
                InstrKind::Assign { lhs, rhs } => {
                    c.lvalue(
                        lhs,
                        Mode::Write,
                        None,
                        0,
                        snapshot.size_of(&lhs.ty).unwrap_or(0),
                        snapshot.layout().align_of(&lhs.ty),
                    );
                    c.value(rhs, None);
                }
                InstrKind::Assume(e) | InstrKind::Assert { cond: e, .. } => c.value(e, None),
                InstrKind::Goto { cond: Some(e), .. } => c.value(e, None),
                InstrKind::Call { lhs, func, args } => {
                    if !matches!(func.kind, ExprKind::Func(_)) {
                        c.value(func, None);
                    }
                    for a in args {
                        c.value(a, None);
                    }
                    if let Some(l) = lhs {
                        c.lvalue(
                            l,
                            Mode::Write,
                            None,
                            0,
                            snapshot.size_of(&l.ty).unwrap_or(0),
                            snapshot.layout().align_of(&l.ty),
                        );
                    }
                    c.library_call(func, args);
                }
                InstrKind::Return(Some(e)) => c.value(e, None),
                InstrKind::Decl(v) if opts.vla_size => c.vla_claims(&snapshot.var(*v).ty.clone()),
                _ => {}
            }
            let mut out = std::mem::take(&mut c.pre);
            out.append(&mut c.out);
            (out, None)
        })
    };
    for f in &mut p.funcs {
        if let Some(body) = f.body.take() {
            f.body = Some(instrument(body));
        }
    }
    let init = std::mem::take(&mut p.init);
    p.init = instrument(init);
}

impl Ctx<'_> {
    fn int(&self) -> Type {
        self.p.target.int_t()
    }

    fn claim(&mut self, guard: Option<&Expr>, check: Expr, kind: ClaimKind, msg: String) {
        // statically true checks need no claim
        if let ExprKind::Int(v) = check.kind {
            if v != 0 {
                return;
            }
        }
        let cond = match guard {
            None => check,
            Some(g) => {
                let ng = Expr::unary(UnOp::LogNot, g.clone(), self.int());
                Expr::binary(BinOp::LogOr, ng, check, self.int())
            }
        };
        self.out.push(Instr::new(InstrKind::Assert { cond, kind, msg }, self.loc));
    }

    /// A claim about an access through pointer `p`, where the caller is responsible when `p`
    /// points into a caller's object (`caller`: `IsUnsizedInput` or `IsInputObject` of p):
    /// the function's own claim holds there, and a precondition claim checks it, after which
    /// the condition is assumed (the function's behaviour on inputs its caller may not pass is
    /// not its bug). Without caller preconditions, the plain claim.
    fn caller_claim(
        &mut self,
        guard: Option<&Expr>,
        check: Expr,
        caller: Builtin,
        p: &Expr,
        kind: ClaimKind,
        msg: String,
    ) {
        if !self.o.caller_preconditions {
            return self.claim(guard, check, kind, msg);
        }
        if let ExprKind::Int(v) = check.kind {
            if v != 0 {
                return;
            }
        }
        let int = self.int();
        let theirs = Expr::builtin(caller, vec![p.clone()], int.clone());
        let own = Expr::binary(BinOp::LogOr, check.clone(), theirs.clone(), int.clone());
        self.claim(guard, own, kind, msg.clone());
        let not_theirs = Expr::unary(UnOp::LogNot, theirs, int.clone());
        let pre = Expr::binary(BinOp::LogOr, check.clone(), not_theirs, int.clone());
        let what = expr_to_c(self.p, p);
        let own_claims = std::mem::take(&mut self.out);
        self.claim(
            guard,
            pre.clone(),
            ClaimKind::Precondition,
            format!("{msg} through `{what}` (the caller's object)"),
        );
        // assumed of the caller's objects only: an access outside the function's own objects
        // stays a violation
        let assumed = match guard {
            None => pre,
            Some(g) => {
                let ng = Expr::unary(UnOp::LogNot, g.clone(), int.clone());
                Expr::binary(BinOp::LogOr, ng, pre, int)
            }
        };
        self.out.push(Instr::new(InstrKind::Assume(assumed), self.loc));
        let mut mine = std::mem::replace(&mut self.out, own_claims);
        self.pre.append(&mut mine);
    }

    fn and_guard(&self, guard: Option<&Expr>, c: Expr) -> Expr {
        match guard {
            None => c,
            Some(g) => Expr::binary(BinOp::LogAnd, g.clone(), c, self.int()),
        }
    }

    fn truth(&self, e: &Expr) -> Expr {
        let zero = match &e.ty {
            Type::Float(_) => Expr::new(ExprKind::Float(0.0), e.ty.clone()),
            t => Expr::int(0, t.clone()),
        };
        Expr::binary(BinOp::Ne, e.clone(), zero, self.int())
    }

    /// Claims for evaluating `e` as a value.
    fn value(&mut self, e: &Expr, guard: Option<&Expr>) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Func(_) | ExprKind::Nondet | ExprKind::Zero => {}
            ExprKind::Var(_) | ExprKind::Str(_) => {}
            ExprKind::Index(..) | ExprKind::Member(..) | ExprKind::Deref(_) => {
                let size = self.p.size_of(&e.ty).unwrap_or(0);
                let align = self.p.layout().align_of(&e.ty);
                self.lvalue(e, Mode::Read, guard, 0, size, align);
            }
            ExprKind::AddrOf(lv) => self.lvalue(lv, Mode::Address, guard, 0, 0, 1),
            ExprKind::Cast(a, _) => {
                self.value(a, guard);
                self.conversion(a, e, guard);
            }
            ExprKind::Unary(op, a) => {
                self.value(a, guard);
                if *op == UnOp::Neg && self.overflow_checked(&e.ty) {
                    let ov = Expr::builtin(Builtin::NegOverflow, vec![(**a).clone()], self.int());
                    let check = Expr::unary(UnOp::LogNot, ov, self.int());
                    self.claim(guard, check, ClaimKind::Overflow, "arithmetic overflow on neg".into());
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e, guard),
            ExprKind::Cond(c, a, b) => {
                self.value(c, guard);
                let tc = self.truth(c);
                let g1 = self.and_guard(guard, tc.clone());
                self.value(a, Some(&g1));
                let nc = Expr::unary(UnOp::LogNot, tc, self.int());
                let g2 = self.and_guard(guard, nc);
                self.value(b, Some(&g2));
            }
            ExprKind::Builtin(_, args) => {
                for a in args {
                    self.value(a, guard);
                }
            }
        }
    }

    fn overflow_checked(&self, t: &Type) -> bool {
        match t {
            Type::Int(i) if i.signed => self.o.overflow || self.o.unsigned_overflow,
            Type::Int(_) => self.o.unsigned_overflow,
            _ => false,
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr, guard: Option<&Expr>) {
        self.value(a, guard);
        match op {
            BinOp::LogAnd | BinOp::LogOr => {
                let ta = self.truth(a);
                let c = if op == BinOp::LogAnd { ta } else { Expr::unary(UnOp::LogNot, ta, self.int()) };
                let g = self.and_guard(guard, c);
                self.value(b, Some(&g));
                return;
            }
            _ => self.value(b, guard),
        }
        let int = self.int();
        match op {
            BinOp::Div | BinOp::Rem if e.ty.is_int() => {
                if self.o.div_by_zero {
                    let check = Expr::binary(BinOp::Ne, b.clone(), Expr::int(0, b.ty.clone()), int.clone());
                    self.claim(guard, check, ClaimKind::DivisionByZero, "division by zero".into());
                }
                if self.overflow_checked(&e.ty) && e.ty.is_signed() {
                    let ov = Expr::builtin(Builtin::DivOverflow, vec![a.clone(), b.clone()], int.clone());
                    let check = Expr::unary(UnOp::LogNot, ov, int.clone());
                    let name = if op == BinOp::Div { "div" } else { "modulus" };
                    self.claim(guard, check, ClaimKind::Overflow, format!("arithmetic overflow on {name}"));
                }
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul if e.ty.is_int() && self.overflow_checked(&e.ty) => {
                let (bi, name) = match op {
                    BinOp::Add => (Builtin::AddOverflow, "add"),
                    BinOp::Sub => (Builtin::SubOverflow, "sub"),
                    _ => (Builtin::MulOverflow, "mul"),
                };
                let ov = Expr::builtin(bi, vec![a.clone(), b.clone()], int.clone());
                let check = Expr::unary(UnOp::LogNot, ov, int.clone());
                self.claim(guard, check, ClaimKind::Overflow, format!("arithmetic overflow on {name}"));
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div if e.ty.is_float() && self.o.overflow => {
                // finite operands must not give an infinite result
                let inf = |x: &Expr| Expr::builtin(Builtin::IsInf, vec![x.clone()], int.clone());
                let check = Expr::binary(
                    BinOp::LogOr,
                    Expr::binary(BinOp::LogOr, inf(a), inf(b), int.clone()),
                    Expr::unary(UnOp::LogNot, inf(e), int.clone()),
                    int.clone(),
                );
                let name = match op {
                    BinOp::Add => "ieee_add",
                    BinOp::Sub => "ieee_sub",
                    BinOp::Mul => "ieee_mul",
                    _ => "ieee_div",
                };
                self.claim(
                    guard,
                    check,
                    ClaimKind::FloatOverflow,
                    format!("arithmetic overflow on floating-point {name}"),
                );
            }
            BinOp::Shl | BinOp::Shr if (self.o.overflow || self.o.unsigned_overflow) => {
                let w = a.ty.int_width().unwrap_or(32) as i128;
                let in_range = Expr::binary(BinOp::Lt, b.clone(), Expr::int(w, b.ty.clone()), int.clone());
                let check = if b.ty.is_signed() {
                    let nonneg = Expr::binary(BinOp::Ge, b.clone(), Expr::int(0, b.ty.clone()), int.clone());
                    Expr::binary(BinOp::LogAnd, nonneg, in_range, int.clone())
                } else {
                    in_range
                };
                let name = if op == BinOp::Shl {
                    "shl"
                } else if a.ty.is_signed() {
                    "ashr"
                } else {
                    "lshr"
                };
                let mut check = check;
                if op == BinOp::Shl && a.ty.is_signed() {
                    let nonneg = Expr::binary(BinOp::Ge, a.clone(), Expr::int(0, a.ty.clone()), int.clone());
                    check = Expr::binary(BinOp::LogAnd, check, nonneg, int.clone());
                }
                self.claim(
                    guard,
                    check.clone(),
                    ClaimKind::Shift,
                    format!("undefined behavior on shift operation {name}"),
                );
                if op == BinOp::Shl && self.overflow_checked(&e.ty) {
                    // only meaningful when the shift itself is defined
                    let ov = Expr::builtin(Builtin::ShlOverflow, vec![a.clone(), b.clone()], int.clone());
                    let no = Expr::unary(UnOp::LogNot, ov, int.clone());
                    let g = self.and_guard(guard, check);
                    self.claim(Some(&g), no, ClaimKind::Overflow, "arithmetic overflow on shl".into());
                }
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
                if a.ty.is_pointer() && b.ty.is_pointer() && self.o.pointer && self.o.pointer_relation =>
            {
                let check = Expr::builtin(Builtin::SameObject, vec![a.clone(), b.clone()], int.clone());
                self.claim(
                    guard,
                    check,
                    ClaimKind::PointerRelation,
                    "Relational comparison between pointers is only valid for pointers to the same object".into(),
                );
            }
            _ => {}
        }
    }

    /// An implicit conversion (assignment, initialisation, argument, return, `++`) of a value
    /// that the signed target type cannot represent. Explicit casts state the intent to
    /// truncate and are not checked.
    fn conversion(&mut self, a: &Expr, e: &Expr, guard: Option<&Expr>) {
        let ExprKind::Cast(_, false) = &e.kind else {
            return;
        };
        if !self.o.conversion {
            return;
        }
        let Some(to) = e.ty.int_ty() else { return };
        if !to.signed {
            return;
        }
        let narrowing = match &a.ty {
            Type::Float(_) => true,
            t => match t.int_ty() {
                Some(from) => from.width > to.width || (from.width == to.width && !from.signed),
                None => false,
            },
        };
        if !narrowing {
            return;
        }
        let ov = Expr::builtin(Builtin::ConvOverflow, vec![a.clone(), Expr::int(0, e.ty.clone())], self.int());
        let check = Expr::unary(UnOp::LogNot, ov, self.int());
        self.claim(guard, check, ClaimKind::Overflow, "arithmetic overflow on signed type conversion".into());
    }

    /// Claims for accessing (or taking the address of) an lvalue. `delta`/`size` is the byte
    /// region of this lvalue that is actually accessed.
    fn lvalue(&mut self, e: &Expr, mode: Mode, guard: Option<&Expr>, delta: u64, size: u64, align: u64) {
        match &e.kind {
            ExprKind::Var(_) | ExprKind::Str(_) | ExprKind::Func(_) => {}
            ExprKind::Deref(p) => {
                self.value(p, guard);
                if mode != Mode::Address && self.o.pointer {
                    self.deref_claims(p, guard, delta, size, align, mode == Mode::Write);
                }
            }
            ExprKind::Member(b, f) => {
                let off = self
                    .p
                    .layout()
                    .composite(&b.ty)
                    .and_then(|c| c.fields.get(*f as usize))
                    .map(|f| f.offset)
                    .unwrap_or(0);
                let bsize = if mode == Mode::Address { 0 } else { size };
                // a packed struct's members need only the struct's alignment
                let calign = self.p.layout().align_of(&b.ty);
                self.lvalue(b, mode, guard, delta + off, bsize, align.min(calign));
            }
            ExprKind::Index(b, i) => {
                self.value(i, guard);
                // the last member of a struct reached through a pointer may be a "struct hack"
                // array longer than declared: checked against the object instead
                let known = matches!(&b.ty, Type::Array(_, ArrayLen::Fixed(_) | ArrayLen::Var(_)))
                    && !self.trailing_member_via_pointer(b);
                if mode != Mode::Address && self.o.bounds && known {
                    self.bounds_claims(b, i, guard);
                }
                // the whole array region of the base
                let bsize = if mode == Mode::Address { 0 } else { self.p.size_of(&b.ty).unwrap_or(0) };
                if !known && mode != Mode::Address && self.o.pointer && rooted_in_deref(b) {
                    // flexible array member: check the element itself
                    let elem_ptr = Expr::addr_of(e.clone());
                    let esize = self.p.size_of(&e.ty).unwrap_or(1);
                    self.lvalue(b, Mode::Address, guard, 0, 0, 1);
                    self.deref_claims(&elem_ptr, guard, 0, esize, align, mode == Mode::Write);
                    return;
                }
                let balign = self.p.layout().align_of(&b.ty);
                self.lvalue(b, mode, guard, 0, bsize, balign.min(align.max(1)));
            }
            _ => self.value(e, guard),
        }
    }

    /// A variable-length array's dimensions must be positive and its size must fit.
    fn vla_claims(&mut self, ty: &Type) {
        let Type::Array(elem, ArrayLen::Var(n)) = ty else { return };
        let int = self.int();
        let nv = Expr::var(*n, self.p.var(*n).ty.clone());
        let pos = Expr::binary(BinOp::Gt, nv.clone(), Expr::int(0, nv.ty.clone()), int.clone());
        self.claim(None, pos, ClaimKind::ArrayBounds, "VLA array dimension must be greater than zero".into());
        if let Some(es) = self.p.size_of(elem).filter(|&s| s > 0) {
            let size_t = self.p.target.size_t();
            let max =
                (if self.p.target.pointer_width() == 64 { u64::MAX as u128 } else { u32::MAX as u128 }) / es as u128;
            let n_sz = Expr::cast(nv, size_t.clone());
            let fits = Expr::binary(BinOp::Le, n_sz, Expr::new(ExprKind::Int(max), size_t), int);
            self.claim(
                None,
                fits,
                ClaimKind::ArrayBounds,
                "VLA array size in bytes overflows address space size".into(),
            );
        }
        self.vla_claims(elem);
    }

    fn bounds_claims(&mut self, base: &Expr, idx: &Expr, guard: Option<&Expr>) {
        let int = self.int();
        let name = expr_to_c(self.p, base);
        let len = match &base.ty {
            Type::Array(_, ArrayLen::Fixed(n)) => Expr::int(*n as i128, self.p.target.size_t()),
            Type::Array(_, ArrayLen::Var(v)) => Expr::var(*v, self.p.var(*v).ty.clone()),
            _ => return,
        };
        if idx.ty.is_signed() {
            let lower = Expr::binary(BinOp::Ge, idx.clone(), Expr::int(0, idx.ty.clone()), int.clone());
            self.claim(
                guard,
                lower,
                ClaimKind::ArrayBounds,
                format!("array bounds violated: array `{name}' lower bound"),
            );
        }
        // compare in a type wide enough for both
        let ltype = self.p.target.int(IntName::LongLong);
        let wide_idx =
            if idx.ty.int_width().unwrap_or(64) > 64 { idx.clone() } else { Expr::cast(idx.clone(), ltype.clone()) };
        let wide_len = Expr::cast(len, ltype);
        let upper = if idx.ty.is_signed() || idx.ty.int_width().unwrap_or(64) < 64 {
            Expr::binary(BinOp::Lt, wide_idx, wide_len, int.clone())
        } else {
            let ulen = Expr::cast(wide_len, idx.ty.clone());
            Expr::binary(BinOp::Lt, idx.clone(), ulen, int.clone())
        };
        self.claim(guard, upper, ClaimKind::ArrayBounds, format!("array bounds violated: array `{name}' upper bound"));
    }

    /// NULL, validity, bounds (and for writes, writability; with alignment checks, alignment)
    /// of an access of `size` bytes at `p + delta`.
    fn deref_claims(&mut self, p: &Expr, guard: Option<&Expr>, delta: u64, size: u64, align: u64, write: bool) {
        let int = self.int();
        let char_p = Type::ptr(self.p.target.int(IntName::Char));
        let start = if delta == 0 {
            p.clone()
        } else {
            let c = Expr::cast(p.clone(), char_p.clone());
            Expr::binary(BinOp::PtrAdd, c, Expr::int(delta as i128, self.p.target.size_t()), char_p)
        };
        let n = Expr::int(size as i128, self.p.target.size_t());
        self.region_claims(p, &start, &n, guard, write, "dereference failure");
        if self.o.alignment && align > 1 {
            let g = self.valid_guard(p, guard);
            let ok = Expr::builtin(
                Builtin::IsAligned,
                vec![start.clone(), Expr::int(align as i128, self.p.target.size_t())],
                int,
            );
            self.caller_claim(
                Some(&g),
                ok,
                Builtin::IsInputObject,
                &start,
                ClaimKind::Alignment,
                "Incorrect alignment when accessing data object".into(),
            );
        }
    }

    /// The guard under which `p` is non-null and alive (more specific claims come after).
    fn valid_guard(&self, p: &Expr, guard: Option<&Expr>) -> Expr {
        let int = self.int();
        let not_null = Expr::binary(BinOp::Ne, p.clone(), Expr::int(0, p.ty.clone()), int.clone());
        let alive = Expr::builtin(Builtin::IsAlive, vec![p.clone()], int.clone());
        let g = self.and_guard(guard, not_null);
        self.and_guard(Some(&g), alive)
    }

    /// Claims for accessing `n` bytes at `start` through pointer `p` (same object): not NULL,
    /// alive, inside the object, and writable when writing.
    fn region_claims(&mut self, p: &Expr, start: &Expr, n: &Expr, guard: Option<&Expr>, write: bool, what: &str) {
        let int = self.int();
        let null = Expr::int(0, p.ty.clone());
        let not_null = Expr::binary(BinOp::Ne, p.clone(), null, int.clone());
        self.claim(guard, not_null.clone(), ClaimKind::PointerNull, format!("{what}: NULL pointer"));
        let alive = Expr::builtin(Builtin::IsAlive, vec![p.clone()], int.clone());
        let g_alive = self.and_guard(guard, not_null);
        self.claim(Some(&g_alive), alive.clone(), ClaimKind::PointerInvalid, format!("{what}: invalid pointer"));
        let in_bounds = Expr::builtin(Builtin::ReadOk, vec![start.clone(), n.clone()], int.clone());
        let g_bounds = self.and_guard(Some(&g_alive), alive);
        // ESBMC's --no-bounds-check also drops the bounds of dereferences (not of library
        // functions' ranges)
        if self.o.bounds || what != "dereference failure" {
            self.caller_claim(
                Some(&g_bounds),
                in_bounds,
                Builtin::IsUnsizedInput,
                start,
                ClaimKind::PointerBounds,
                format!("{what}: access outside object bounds"),
            );
        }
        if write {
            let ro = Expr::builtin(Builtin::IsReadOnly, vec![p.clone()], int.clone());
            let writable = Expr::unary(UnOp::LogNot, ro, int);
            self.claim(
                Some(&g_bounds),
                writable,
                ClaimKind::PointerInvalid,
                format!("{what}: write access to a read-only object"),
            );
        }
    }

    /// Claims of C library functions without a body: free, and the memory ranges of
    /// memcpy/memmove/memset.
    fn library_call(&mut self, func: &Expr, args: &[Expr]) {
        let ExprKind::Func(f) = &func.kind else { return };
        let fun = self.p.func(*f);
        if fun.body.is_some() || !self.o.pointer {
            return;
        }
        let name = fun.name.strip_prefix("__builtin_").unwrap_or(&fun.name);
        let int = self.int();
        let size_t = self.p.target.size_t();
        let nonzero = |n: &Expr| Expr::binary(BinOp::Ne, n.clone(), Expr::int(0, n.ty.clone()), int.clone());
        // the thread library's objects, as symex::threads reads and writes them: a mutex's
        // first five ints, a condition's and an attribute's first, a pthread_t
        let thread_object = |name: &str| -> Option<(usize, u64, bool)> {
            Some(match name {
                "pthread_mutex_lock"
                | "pthread_mutex_unlock"
                | "pthread_mutex_trylock"
                | "pthread_mutex_init"
                | "pthread_mutex_destroy" => (0, 20, true),
                "pthread_cond_signal"
                | "pthread_cond_broadcast"
                | "pthread_cond_init"
                | "pthread_cond_destroy"
                | "pthread_mutexattr_init"
                | "pthread_mutexattr_settype"
                | "pthread_mutexattr_destroy"
                | "pthread_mutexattr_gettype"
                | "pthread_spin_lock"
                | "pthread_spin_unlock"
                | "pthread_spin_trylock"
                | "pthread_spin_init"
                | "cnd_signal"
                | "cnd_broadcast"
                | "cnd_init" => (0, 4, true),
                "mtx_lock" | "mtx_unlock" | "mtx_trylock" | "mtx_timedlock" | "mtx_init" => (0, 20, true),
                "sem_init" | "sem_post" | "sem_wait" | "sem_trywait" | "sem_timedwait" | "sem_getvalue" => {
                    (0, 20, true)
                }
                "pthread_rwlock_init"
                | "pthread_rwlock_rdlock"
                | "pthread_rwlock_wrlock"
                | "pthread_rwlock_unlock"
                | "pthread_rwlock_tryrdlock"
                | "pthread_rwlock_trywrlock" => (0, 8, true),
                "pthread_barrier_init" | "pthread_barrier_wait" => (0, 12, true),
                "pthread_create" => (0, self.p.size_of(&args.first()?.ty.pointee()?.clone()).unwrap_or(8), true),
                _ => return None,
            })
        };
        if let Some((i, size, write)) = thread_object(name) {
            if let Some(p) = args.get(i) {
                self.deref_claims(p, None, 0, size, 4.min(size), write);
            }
            return;
        }
        if matches!(name, "pthread_cond_wait" | "pthread_cond_timedwait" | "cnd_wait" | "cnd_timedwait") {
            for (p, size) in args.iter().zip([4, 20]) {
                self.deref_claims(p, None, 0, size, 4, true);
            }
            return;
        }
        match (name, args) {
            ("free", [p]) => {
                let not_null = Expr::binary(BinOp::Ne, p.clone(), Expr::int(0, p.ty.clone()), int.clone());
                let dynamic = Expr::builtin(Builtin::IsDynamic, vec![p.clone()], int.clone());
                self.claim(
                    Some(&not_null),
                    dynamic.clone(),
                    ClaimKind::FreeInvalid,
                    "free() of non-dynamic memory".into(),
                );
                let g = self.and_guard(Some(&not_null), dynamic);
                let alive = Expr::builtin(Builtin::IsAlive, vec![p.clone()], int.clone());
                self.claim(
                    Some(&g),
                    alive.clone(),
                    ClaimKind::DoubleFree,
                    "dereference failure: invalidated dynamic object freed".into(),
                );
                let g2 = self.and_guard(Some(&g), alive);
                let off = Expr::builtin(Builtin::PointerOffset, vec![p.clone()], size_t.clone());
                let zero = Expr::binary(BinOp::Eq, off, Expr::int(0, size_t), int.clone());
                self.caller_claim(
                    Some(&g2),
                    zero,
                    Builtin::IsUnsizedInput,
                    p,
                    ClaimKind::FreeInvalid,
                    "Operand of free must have zero pointer offset".into(),
                );
            }
            ("memcpy" | "memmove", [d, s, n]) => {
                let g = nonzero(n);
                self.region_claims(d, d, n, Some(&g), true, &format!("{name} destination"));
                self.region_claims(s, s, n, Some(&g), false, &format!("{name} source"));
                if name == "memcpy" {
                    // the ranges must not overlap
                    let same = Expr::builtin(Builtin::SameObject, vec![d.clone(), s.clone()], int.clone());
                    let od = Expr::builtin(Builtin::PointerOffset, vec![d.clone()], size_t.clone());
                    let os = Expr::builtin(Builtin::PointerOffset, vec![s.clone()], size_t.clone());
                    let nn = Expr::cast(n.clone(), size_t.clone());
                    let a = Expr::binary(
                        BinOp::Le,
                        Expr::binary(BinOp::Add, od.clone(), nn.clone(), size_t.clone()),
                        os.clone(),
                        int.clone(),
                    );
                    let b = Expr::binary(BinOp::Le, Expr::binary(BinOp::Add, os, nn, size_t.clone()), od, int.clone());
                    let disjoint = Expr::binary(BinOp::LogOr, a, b, int.clone());
                    // copying an object onto itself (what compilers emit for x = x) is allowed
                    let identical = Expr::binary(BinOp::Eq, d.clone(), s.clone(), int.clone());
                    let disjoint = Expr::binary(BinOp::LogOr, identical, disjoint, int.clone());
                    let g2 = self.and_guard(Some(&g), same);
                    self.claim(Some(&g2), disjoint, ClaimKind::Overlap, "memcpy source and destination overlap".into());
                }
            }
            ("memset", [d, _, n]) => {
                let g = nonzero(n);
                self.region_claims(d, d, n, Some(&g), true, "memset destination");
            }
            ("__verdiff_approx_bytes", [d, n]) => {
                let g = nonzero(n);
                self.region_claims(d, d, n, Some(&g), true, "formatted output");
            }
            _ => {}
        }
    }
}

impl Ctx<'_> {
    fn trailing_member_via_pointer(&self, e: &Expr) -> bool {
        let ExprKind::Member(base, f) = &e.kind else { return false };
        // every member of a union shares its storage, like a struct's last member
        let last = self.p.layout().composite(&base.ty).is_some_and(|c| c.is_union || *f as usize + 1 == c.fields.len());
        fn through_pointer(e: &Expr) -> bool {
            match &e.kind {
                ExprKind::Deref(_) => true,
                ExprKind::Member(b, _) | ExprKind::Index(b, _) => through_pointer(b),
                _ => false,
            }
        }
        last && through_pointer(base)
    }
}

fn rooted_in_deref(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Deref(_) => true,
        ExprKind::Member(b, _) | ExprKind::Index(b, _) => rooted_in_deref(b),
        ExprKind::Var(_) => true, // extern arrays of unknown size live in memory
        _ => false,
    }
}
