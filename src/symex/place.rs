//! Lvalues: where a value is read from or written to.
//!
//! A register place is a variable, a chain of array selects, and possibly a bit range inside the
//! flat bit-vector of a struct/union (member access, arrays inside structs, bit-fields). A
//! memory place is an address, with an optional bit range inside the bytes it starts at.

use super::{State, Symex};
use crate::ir::{Expr, ExprKind, Loc, Type};
use crate::term::{Sort, T};

pub(crate) enum Place {
    Reg {
        key: super::state::VarKey,
        /// Selects into nested register arrays, outermost first.
        indices: Vec<T>,
        /// (bit offset, width) inside the element reached by `indices`.
        bits: Option<(T, u32)>,
        ty: Type,
    },
    Mem {
        addr: T,
        ty: Type,
        /// Bit-field: (bit offset from addr, width).
        bits: Option<(u64, u32)>,
    },
    /// Not an lvalue (e.g. the member of a struct returned by value): the value itself.
    Value { val: T, bits: Option<(T, u32)>, ty: Type },
}

impl Symex<'_> {
    /// Key of a variable instance in the current frame.
    pub(crate) fn var_key(&self, st: &State, v: crate::ir::VarId) -> super::state::VarKey {
        let var = self.p.var(v);
        match (var.is_static(), var.thread_local && st.active != 0) {
            // each thread's own object of a `_Thread_local` (thread 0 has the program's)
            (true, true) => (v, thread_local_key(st.active)),
            (true, false) => (v, 0),
            _ => (v, st.frame_id()),
        }
    }

    /// The first use of a `_Thread_local` variable by a thread other than the first: its own
    /// object, zero and then initialised as the declaration says (the static initialiser's
    /// assignments to it, run in this thread, C11 6.2.4p4). `addr`: the object's address when
    /// the variable lives in memory.
    fn init_thread_local(&mut self, st: &mut State, v: crate::ir::VarId, addr: Option<T>, loc: Loc) {
        let key = self.var_key(st, v);
        let ty = self.p.var(v).ty.clone();
        match addr {
            Some(a) => {
                let n = self.size(&ty);
                let len = self.s.bv_u(self.memory.ptr_w, n as u128);
                let zero = self.s.bv_zero(8);
                self.fill(st, a, len, zero);
            }
            None => {
                let z = self.zero(&ty);
                st.regs.insert(key, z);
            }
        }
        let p = self.p;
        for (i, ins) in p.init.iter().enumerate() {
            match &ins.kind {
                crate::ir::InstrKind::Assign { lhs, rhs } if root_var(lhs) == Some(v) && only_statics(p, rhs) => {
                    let val = self.eval(st, rhs, loc);
                    self.assign(st, lhs, val, loc);
                }
                crate::ir::InstrKind::Skip => {}
                crate::ir::InstrKind::Assign { lhs, .. } if root_var(lhs) != Some(v) => {}
                // the checks of another declaration's initialiser (the array-bounds claims of
                // time.c's `tzname[2] = {"GMT", "GMT"}`): not this variable's code
                crate::ir::InstrKind::Assert { .. }
                    if crate::ir::reach::checked_initialisation(&p.init, i).is_some_and(|w| w != v) => {}
                _ => {
                    // (initialisation code other than assignments: not run again per thread)
                    let why =
                        format!("the initialiser of the thread-local `{}` is not modelled per thread", p.var(v).name);
                    // (named at the declaration: the use may have no location of its own)
                    let at = p.var(v).loc;
                    self.reach_unsupported(st, why, at);
                    // (the path cannot go on with values the declaration does not give)
                    st.live = false;
                    return;
                }
            }
        }
    }

    pub(crate) fn place(&mut self, st: &mut State, e: &Expr, loc: Loc) -> Place {
        match &e.kind {
            ExprKind::Var(v) => {
                let key = self.var_key(st, *v);
                if self.in_memory(*v) {
                    let addr = self.var_addr(st, *v, loc);
                    Place::Mem { addr, ty: e.ty.clone(), bits: None }
                } else {
                    Place::Reg { key, indices: vec![], bits: None, ty: e.ty.clone() }
                }
            }
            ExprKind::Deref(p) => {
                let addr = self.eval(st, p, loc);
                Place::Mem { addr, ty: e.ty.clone(), bits: None }
            }
            ExprKind::Str(id) => {
                let o = self.memory.str_objs.get(id.0 as usize).copied().unwrap_or(1);
                let addr = self.ptr_to(o);
                Place::Mem { addr, ty: e.ty.clone(), bits: None }
            }
            ExprKind::Index(b, i) => {
                let base = self.place(st, b, loc);
                let iv = self.eval(st, i, loc);
                let idx = self.s.resize(iv, self.memory.ptr_w, i.ty.is_signed());
                let esize = self.size(&e.ty);
                match base {
                    Place::Mem { addr, .. } => {
                        let es = self.size_term(st, &e.ty, loc);
                        let d = self.s.bvmul(idx, es);
                        let a = self.ptr_add(addr, d);
                        Place::Mem { addr: a, ty: e.ty.clone(), bits: None }
                    }
                    Place::Reg { key, mut indices, bits: None, .. } => {
                        indices.push(idx);
                        Place::Reg { key, indices, bits: None, ty: e.ty.clone() }
                    }
                    Place::Reg { key, indices, bits: Some((off, _)), .. } => {
                        let off = self.bit_offset_add(off, idx, esize * 8);
                        let w = self.bits_of(&e.ty);
                        Place::Reg { key, indices, bits: Some((off, w)), ty: e.ty.clone() }
                    }
                    Place::Value { val, bits, .. } => {
                        let (base_off, _) = bits.unwrap_or_else(|| (self.s.bv_zero(32), 0));
                        let off = self.bit_offset_add(base_off, idx, esize * 8);
                        let w = self.bits_of(&e.ty);
                        Place::Value { val, bits: Some((off, w)), ty: e.ty.clone() }
                    }
                }
            }
            ExprKind::Member(b, f) => {
                let field = self.p.layout().composite(&b.ty).and_then(|c| c.fields.get(*f as usize)).cloned();
                let Some(field) = field else {
                    let z = self.zero(&e.ty);
                    return Place::Value { val: z, bits: None, ty: e.ty.clone() };
                };
                let (bit_off, width) = match field.bits {
                    Some((bo, w)) => (bo, w),
                    None => (field.offset * 8, self.bits_of(&field.ty)),
                };
                let base = if super::eval::is_lvalue(b) {
                    self.place(st, b, loc)
                } else {
                    let v = self.eval(st, b, loc);
                    Place::Value { val: v, bits: None, ty: b.ty.clone() }
                };
                match base {
                    Place::Mem { addr, bits: None, .. } => {
                        if field.bits.is_some() {
                            let unit = field.offset;
                            let d = self.s.bv_u(self.memory.ptr_w, unit as u128);
                            let a = self.ptr_add(addr, d);
                            Place::Mem { addr: a, ty: e.ty.clone(), bits: Some((bit_off - unit * 8, width)) }
                        } else {
                            let d = self.s.bv_u(self.memory.ptr_w, field.offset as u128);
                            let a = self.ptr_add(addr, d);
                            Place::Mem { addr: a, ty: e.ty.clone(), bits: None }
                        }
                    }
                    Place::Mem { addr, bits: Some((bo, _)), .. } => {
                        Place::Mem { addr, ty: e.ty.clone(), bits: Some((bo + bit_off, width)) }
                    }
                    Place::Reg { key, indices, bits, .. } => {
                        let off = match bits {
                            None => self.s.bv_u(32, bit_off as u128),
                            Some((o, _)) => {
                                let k = self.s.bv_u(self.s.width(o), bit_off as u128);
                                self.s.bvadd(o, k)
                            }
                        };
                        Place::Reg { key, indices, bits: Some((off, width)), ty: e.ty.clone() }
                    }
                    Place::Value { val, bits, .. } => {
                        let off = match bits {
                            None => self.s.bv_u(32, bit_off as u128),
                            Some((o, _)) => {
                                let k = self.s.bv_u(self.s.width(o), bit_off as u128);
                                self.s.bvadd(o, k)
                            }
                        };
                        Place::Value { val, bits: Some((off, width)), ty: e.ty.clone() }
                    }
                }
            }
            _ => {
                let v = self.eval(st, e, loc);
                Place::Value { val: v, bits: None, ty: e.ty.clone() }
            }
        }
    }

    /// `off + idx * stride` as a bit offset (32-bit, or wider when needed).
    fn bit_offset_add(&mut self, off: T, idx: T, stride_bits: u64) -> T {
        let w = self.s.width(off).max(40);
        let off = self.s.zext(w - self.s.width(off), off);
        let idx = self.s.resize(idx, w, true);
        let k = self.s.bv_u(w, stride_bits as u128);
        let m = self.s.bvmul(idx, k);
        self.s.bvadd(off, m)
    }

    /// The address of a memory-resident variable in the current frame.
    pub(crate) fn var_addr(&mut self, st: &mut State, v: crate::ir::VarId, loc: Loc) -> T {
        let key = self.var_key(st, v);
        if let Some(&a) = st.addrs.get(&key) {
            return a;
        }
        // used before its declaration was executed (a jump over it): give it storage now
        let var = self.p.var(v);
        if var.thread_local && key.1 != 0 && var.is_static() {
            let size = self.size(&var.ty);
            let size_t = self.s.bv_u(self.memory.off_bits, size as u128);
            let name = format!("{}@thread{}", var.name, st.active);
            if let Some(o) = self.new_object(st, name, size_t, false, loc) {
                let a = self.ptr_to(o);
                st.addrs.insert(key, a);
                self.init_thread_local(st, v, Some(a), loc);
                return a;
            }
            return self.ptr_to(1);
        }
        if var.is_static() {
            // an extern without definition: an object of unknown content
            let size = self.size(&var.ty);
            let size_t = self.s.bv_u(self.memory.off_bits, size as u128);
            let name = var.name.clone();
            if let Some(o) = self.new_object(st, name.clone(), size_t, false, loc) {
                let a = self.ptr_to(o);
                let len = self.s.bv_u(self.memory.ptr_w, size as u128);
                let first = self.s.symbols().len() as u32;
                self.havoc(st, a, len, &name);
                self.library_variable(v, first);
                st.addrs.insert(key, a);
                return a;
            }
            return self.ptr_to(1);
        }
        self.declare_local(st, v, loc);
        st.addrs.get(&key).copied().unwrap_or_else(|| self.ptr_to(1))
    }

    /// The current value of a register variable (fresh if it has none yet).
    pub(crate) fn reg_value(&mut self, st: &mut State, key: super::state::VarKey) -> T {
        if let Some(&v) = st.regs.get(&key) {
            return v;
        }
        let var = self.p.var(key.0);
        if var.thread_local && var.is_static() && key.1 != 0 {
            self.init_thread_local(st, key.0, None, crate::ir::Loc::default());
            if let Some(&v) = st.regs.get(&key) {
                return v;
            }
        }
        let v = if var.is_static() && !self.is_extern_decl(key.0) {
            self.zero(&var.ty.clone())
        } else {
            let (ty, name) = (var.ty.clone(), var.name.clone());
            let first = self.s.symbols().len() as u32;
            let v = self.nondet_of(st, &ty, &name);
            if self.is_extern_decl(key.0) {
                self.library_variable(key.0, first);
            }
            v
        };
        st.regs.insert(key, v);
        v
    }

    fn is_extern_decl(&self, v: crate::ir::VarId) -> bool {
        self.p.var(v).external
    }

    /// The symbols from `first` on, just made for the unknown initial value of `v`: when `v` is
    /// a variable of the C library's that no file defines (`optind`), they are values verdiff
    /// does not model, so a violation is shown only if it happens whatever they are (as for
    /// the results of a library function without a model, models.rs).
    pub(crate) fn library_variable(&mut self, v: crate::ir::VarId, first: u32) {
        let var = self.p.var(v);
        let last = self.s.symbols().len() as u32;
        if !(var.external && var.system) || last <= first {
            return;
        }
        let what = format!("the value of `{}` (a variable of the C library's verdiff has no model of)", var.name);
        self.approx.symbols.extend(first..last);
        self.approx.funcs.insert(what);
    }

    pub(crate) fn read(&mut self, st: &mut State, place: &Place) -> T {
        match place {
            Place::Mem { addr, ty, bits: None } => {
                let mem = st.mem;
                self.load(mem, *addr, ty)
            }
            Place::Mem { addr, ty, bits: Some((bo, w)) } => {
                let nbytes = (bo + *w as u64).div_ceil(8) as u32;
                let mem = st.mem;
                let raw = self.load_bits(mem, *addr, nbytes);
                let field = self.s.extract((*bo as u32) + w - 1, *bo as u32, raw);
                self.extend_field(field, ty)
            }
            Place::Reg { key, indices, bits, ty } => {
                let mut v = self.reg_value(st, *key);
                for &i in indices {
                    v = self.s.select(v, i);
                }
                match bits {
                    None => v,
                    Some((off, w)) => {
                        let field = self.extract_dyn(v, *off, *w);
                        self.field_value(field, *w, ty)
                    }
                }
            }
            Place::Value { val, bits, ty } => match bits {
                None => *val,
                Some((off, w)) => {
                    let field = self.extract_dyn(*val, *off, *w);
                    self.field_value(field, *w, ty)
                }
            },
        }
    }

    /// A bit range as a value of its type (bit-fields are extended to the declared type).
    fn field_value(&mut self, field: T, w: u32, ty: &Type) -> T {
        if matches!(ty, Type::Int(_) | Type::Bool) && self.bits_of(ty) != w {
            return self.extend_field(field, ty);
        }
        let field = self.image_to_scalar(field, ty);
        self.from_bits(field, ty)
    }

    fn extend_field(&mut self, field: T, ty: &Type) -> T {
        let Sort::Bv(tw) = self.sort_of(ty) else {
            return field;
        };
        self.s.resize(field, tw, ty.is_signed())
    }

    /// `width` bits of `v` starting at bit `off` (a term).
    fn extract_dyn(&mut self, v: T, off: T, width: u32) -> T {
        let vw = self.s.width(v);
        if let Some(o) = self.s.as_bv(off).and_then(|b| b.to_u64()) {
            let o = o as u32;
            if o + width <= vw {
                return self.s.extract(o + width - 1, o, v);
            }
        }
        let ow = self.s.resize(off, vw.max(self.s.width(off)), false);
        let vv = if self.s.width(ow) > vw { self.s.zext(self.s.width(ow) - vw, v) } else { v };
        let sh = self.s.bvlshr(vv, ow);
        self.s.extract(width - 1, 0, sh)
    }

    /// `v` with `width` bits at `off` replaced by `new`.
    fn insert_dyn(&mut self, v: T, off: T, width: u32, new: T) -> T {
        let vw = self.s.width(v);
        if let Some(o) = self.s.as_bv(off).and_then(|b| b.to_u64()) {
            let o = o as u32;
            if o + width <= vw {
                let mut r = new;
                if o > 0 {
                    let low = self.s.extract(o - 1, 0, v);
                    r = self.s.concat(r, low);
                }
                if o + width < vw {
                    let high = self.s.extract(vw - 1, o + width, v);
                    r = self.s.concat(high, r);
                }
                return r;
            }
        }
        let ow = self.s.resize(off, vw, false);
        let ones = self.s.bv(crate::term::Bits::ones(width));
        let mask = self.s.zext(vw - width, ones);
        let mask = self.s.bvshl(mask, ow);
        let nmask = self.s.bvnot(mask);
        let cleared = self.s.bvand(v, nmask);
        let nv = self.s.zext(vw - width, new);
        let nv = self.s.bvshl(nv, ow);
        self.s.bvor(cleared, nv)
    }

    pub(crate) fn write(&mut self, st: &mut State, place: &Place, val: T) {
        match place {
            Place::Mem { addr, ty, bits: None } if self.s.sort(val).is_array() => {
                self.store_array(st, *addr, val, ty);
            }
            Place::Mem { addr, ty, bits: None } => {
                st.mem = self.store(st.mem, *addr, val, ty);
            }
            Place::Mem { addr, bits: Some((bo, w)), .. } => {
                let nbytes = (bo + *w as u64).div_ceil(8) as u32;
                let raw = self.load_bits(st.mem, *addr, nbytes);
                let v = self.s.resize(val, *w, false);
                let off = self.s.bv_u(32, *bo as u128);
                let new = self.insert_dyn(raw, off, *w, v);
                st.mem = self.store_bits(st.mem, *addr, new, nbytes);
            }
            Place::Reg { key, indices, bits, ty } => {
                let root = self.reg_value(st, *key);
                let new_root = self.write_reg(root, indices, bits, ty, val);
                st.regs.insert(*key, new_root);
            }
            Place::Value { .. } => {}
        }
    }

    /// Stores a whole array value (an SMT array) into memory: a constant array becomes a fill,
    /// otherwise each element is stored.
    fn store_array(&mut self, st: &mut State, addr: T, val: T, ty: &Type) {
        let size = self.size(ty);
        if let crate::term::Op::ConstArray = self.s.op(val) {
            let elem = self.s.arg(val, 0);
            if self.s.as_bv(elem).is_some_and(|b| b.is_zero()) || self.s.as_fp(elem).is_some_and(|b| b.is_zero()) {
                let len = self.s.bv_u(self.memory.ptr_w, size as u128);
                let z = self.s.bv_zero(8);
                self.fill(st, addr, len, z);
                return;
            }
        }
        let Type::Array(et, crate::ir::ArrayLen::Fixed(n)) = ty else {
            return;
        };
        let es = self.size(et);
        for i in 0..*n {
            let idx = self.s.bv_u(self.memory.ptr_w, i as u128);
            let v = self.s.select(val, idx);
            let d = self.s.bv_u(self.memory.ptr_w, (i * es) as u128);
            let a = self.ptr_add(addr, d);
            if self.s.sort(v).is_array() {
                self.store_array(st, a, v, et);
            } else {
                st.mem = self.store(st.mem, a, v, et);
            }
        }
    }

    fn write_reg(&mut self, v: T, indices: &[T], bits: &Option<(T, u32)>, ty: &Type, val: T) -> T {
        match indices.split_first() {
            Some((&i, rest)) => {
                let inner = self.s.select(v, i);
                let new_inner = self.write_reg(inner, rest, bits, ty, val);
                self.s.store(v, i, new_inner)
            }
            None => match bits {
                None => val,
                Some((off, w)) => {
                    let b = self.to_bits(val, ty);
                    let is_bitfield = matches!(ty, Type::Int(_) | Type::Bool) && self.bits_of(ty) != *w;
                    let b = if is_bitfield { b } else { self.image_to_scalar(b, ty) };
                    let b = if self.s.width(b) != *w { self.s.resize(b, *w, false) } else { b };
                    self.insert_dyn(v, *off, *w, b)
                }
            },
        }
    }
}

/// The key of thread `t`'s own object of a `_Thread_local` variable (frame ids count up from
/// 1, so these never meet one).
fn thread_local_key(t: usize) -> u64 {
    u64::MAX - t as u64
}

/// The variable an lvalue is part of.
fn root_var(e: &crate::ir::Expr) -> Option<crate::ir::VarId> {
    match &e.kind {
        crate::ir::ExprKind::Var(v) => Some(*v),
        crate::ir::ExprKind::Member(b, _) | crate::ir::ExprKind::Index(b, _) => root_var(b),
        _ => None,
    }
}

/// Whether `e` names no variable but statics (a static initialiser's value, computable in
/// any thread: the initialiser's temporaries live in its own frame).
fn only_statics(p: &crate::ir::Program, e: &crate::ir::Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        if let crate::ir::ExprKind::Var(v) = &x.kind {
            ok &= p.var(*v).is_static();
        }
    });
    ok
}
