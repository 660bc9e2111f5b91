//! The memory model.
//!
//! A pointer is a bit-vector whose high `object_bits` number an object and whose low bits are
//! a byte offset into it (object 0 is NULL, object 1 the invalid object). Memory is one SMT
//! array from pointers to bytes; each object has a size (path-independent, fixed when it is
//! created) and an alive flag (path-dependent: freed, out of scope). Object sizes and kinds
//! are arrays indexed by object number, so a symbolic pointer's object can be queried.

use super::{ObjInfo, State, Symex};
use crate::ir::{Loc, Type, VarId, VarKind};
use crate::term::{MemKind, Sort, T};

impl Symex<'_> {
    pub(crate) fn mem_sort(&self) -> Sort {
        Sort::Array(Box::new(Sort::Bv(self.memory.ptr_w)), Box::new(Sort::Bv(8)))
    }

    pub(crate) fn initial_state(&mut self) -> State {
        let z = self.s.bv_zero(8);
        let mem = self.s.const_array(Sort::Bv(self.memory.ptr_w), z);
        let f = self.s.fals();
        let alive = self.s.const_array(Sort::Bv(self.memory.obj_bits), f);
        State::single(super::Guard::new(), Default::default(), Default::default(), mem, alive)
    }

    /// A pointer to `obj` at byte offset `off` (offset-width term).
    pub(crate) fn ptr(&mut self, obj: u32, off: T) -> T {
        let o = self.s.bv_u(self.memory.obj_bits, obj as u128);
        self.s.concat(o, off)
    }

    pub(crate) fn ptr_to(&mut self, obj: u32) -> T {
        let z = self.s.bv_zero(self.memory.off_bits);
        self.ptr(obj, z)
    }

    pub(crate) fn obj_of(&mut self, p: T) -> T {
        self.s.extract(self.memory.ptr_w - 1, self.memory.off_bits, p)
    }

    pub(crate) fn off_of(&mut self, p: T) -> T {
        self.s.extract(self.memory.off_bits - 1, 0, p)
    }

    /// `p + delta` bytes (delta: any-width two's-complement bit-vector).
    pub(crate) fn ptr_add(&mut self, p: T, delta: T) -> T {
        let d = self.s.resize(delta, self.memory.off_bits, true);
        let o = self.obj_of(p);
        let off = self.off_of(p);
        let n = self.s.bvadd(off, d);
        self.s.concat(o, n)
    }

    /// Creates an object of `size` bytes (offset-width term); it is alive in `st`.
    pub(crate) fn new_object(&mut self, st: &mut State, name: String, size: T, dynamic: bool, loc: Loc) -> Option<u32> {
        let align = if dynamic { 16 } else { 1 };
        self.new_object_aligned(st, name, size, dynamic, align, loc)
    }

    /// A new object whose address is a multiple of `align`.
    pub(crate) fn new_object_aligned(
        &mut self,
        st: &mut State,
        name: String,
        size: T,
        dynamic: bool,
        align: u64,
        loc: Loc,
    ) -> Option<u32> {
        let id = self.memory.objects.len() as u32;
        if (id as u64) >= self.object_limit() {
            self.reach_unsupported(
                st,
                format!(
                    "more than {} memory objects (raise --object-bits, now {})",
                    (1u64 << self.memory.obj_bits) - 2,
                    self.memory.obj_bits
                ),
                loc,
            );
            st.live = false;
            return None;
        }
        let size = self.s.resize(size, self.memory.off_bits, false);
        let site = st.frames().last().map(|f| (f.func.map(|x| x.0).unwrap_or(u32::MAX), f.pc));
        self.memory.objects.push(ObjInfo { name, size, dynamic, loc, site: if dynamic { site } else { None }, align });
        self.constrain_base(id);
        let o = self.s.bv_u(self.memory.obj_bits, id as u128);
        self.memory.sizes = self.s.store(self.memory.sizes, o, size);
        if dynamic {
            let t = self.s.tru();
            self.memory.dynamic = self.s.store(self.memory.dynamic, o, t);
        }
        let t = self.s.tru();
        st.alive = self.s.store(st.alive, o, t);
        Some(id)
    }

    fn mark_readonly(&mut self, o: u32) {
        let ot = self.s.bv_u(self.memory.obj_bits, o as u128);
        let t = self.s.tru();
        self.memory.readonly = self.s.store(self.memory.readonly, ot, t);
    }

    pub(crate) fn set_alive(&mut self, st: &mut State, obj: T, alive: bool) {
        let v = self.s.bool_const(alive);
        self.store_alive(st, obj, v);
    }

    /// Whether object number `o` is alive in `st`.
    pub(crate) fn alive_of(&mut self, st: &State, o: T) -> T {
        let a = self.s.select(st.alive, o);
        match self.is_input_obj(o) {
            // input objects: the array holds "freed"
            Some(inp) => {
                let freed = self.s.not(a);
                self.s.ite(inp, freed, a)
            }
            None => a,
        }
    }

    /// Records whether object number `o` is alive.
    pub(crate) fn store_alive(&mut self, st: &mut State, o: T, v: T) {
        let v = match self.is_input_obj(o) {
            Some(inp) => {
                let nv = self.s.not(v);
                self.s.ite(inp, nv, v)
            }
            None => v,
        };
        st.alive = self.s.store(st.alive, o, v);
    }

    /// Fresh (nondeterministic) content for the `len` bytes at `p`.
    /// Fresh contents for `len` bytes at `p`; returns the fresh byte array.
    pub(crate) fn havoc(&mut self, st: &mut State, p: T, len: T, what: &str) -> T {
        let sort = self.mem_sort();
        let fresh = self.input(st, sort, what);
        let len = self.s.resize(len, self.memory.off_bits, false);
        st.mem = self.s.mem_range(MemKind::Fresh, self.memory.off_bits, st.mem, p, len, &[fresh]);
        fresh
    }

    pub(crate) fn fill(&mut self, st: &mut State, p: T, len: T, byte: T) {
        let len = self.s.resize(len, self.memory.off_bits, false);
        st.mem = self.s.mem_range(MemKind::Fill, self.memory.off_bits, st.mem, p, len, &[byte]);
    }

    /// Copies `len` bytes from `src` to `dst` (memmove semantics: reads the old memory).
    pub(crate) fn copy(&mut self, st: &mut State, dst: T, src: T, len: T) {
        let len = self.s.resize(len, self.memory.off_bits, false);
        if let Some(n) = self.s.as_bv(len).and_then(|b| b.to_u64()) {
            if n <= 64 {
                let bits = self.load_bits(st.mem, src, n as u32);
                st.mem = self.store_bits(st.mem, dst, bits, n as u32);
                return;
            }
        }
        let old = st.mem;
        st.mem = self.s.mem_range(MemKind::Copy, self.memory.off_bits, st.mem, dst, len, &[old, src]);
    }

    /// The memory image of `n` bytes at `addr`: the byte at `addr + i` is bits `8i..8i+7`.
    /// Aggregates are held as images; scalars are converted with [`Symex::image_to_scalar`].
    pub(crate) fn load_bits(&mut self, mem: T, addr: T, n: u32) -> T {
        let mut acc: Option<T> = None;
        for i in 0..n {
            let d = self.s.bv_u(self.memory.off_bits, i as u128);
            let a = self.ptr_add(addr, d);
            let b = self.s.select(mem, a);
            acc = Some(match acc {
                None => b,
                Some(lo) => self.s.concat(b, lo),
            });
        }
        acc.unwrap_or_else(|| self.s.bv_zero(8))
    }

    pub(crate) fn store_bits(&mut self, mut mem: T, addr: T, bits: T, n: u32) -> T {
        for i in 0..n {
            let byte = self.s.extract(8 * i + 7, 8 * i, bits);
            let d = self.s.bv_u(self.memory.off_bits, i as u128);
            let a = self.ptr_add(addr, d);
            mem = self.s.store(mem, a, byte);
        }
        mem
    }

    pub(crate) fn load(&mut self, mem: T, addr: T, ty: &Type) -> T {
        let n = self.size(ty) as u32;
        if n == 0 {
            return self.zero(ty);
        }
        let bits = self.load_bits(mem, addr, n);
        let w = self.bits_of(ty);
        let bits = if self.s.width(bits) != w { self.s.resize(bits, w, false) } else { bits };
        let bits = self.image_to_scalar(bits, ty);
        self.from_bits(bits, ty)
    }

    /// On a big-endian target the image of a scalar has its most significant byte first.
    pub(crate) fn image_to_scalar(&mut self, bits: T, ty: &Type) -> T {
        if !self.p.target.big_endian || !ty.is_scalar() {
            return bits;
        }
        let w = self.s.width(bits);
        if w <= 8 {
            return bits;
        }
        let mut acc: Option<T> = None;
        for i in 0..w / 8 {
            let b = self.s.extract(8 * i + 7, 8 * i, bits);
            acc = Some(match acc {
                None => b,
                Some(a) => self.s.concat(a, b),
            });
        }
        acc.unwrap_or(bits)
    }

    pub(crate) fn store(&mut self, mem: T, addr: T, val: T, ty: &Type) -> T {
        let n = self.size(ty) as u32;
        if n == 0 {
            return mem;
        }
        let bits = self.to_bits(val, ty);
        let bits = if self.s.width(bits) < n * 8 { self.s.zext(n * 8 - self.s.width(bits), bits) } else { bits };
        // byte reversal is its own inverse
        let bits = self.image_to_scalar(bits, ty);
        self.store_bits(mem, addr, bits, n)
    }

    /// Whether a variable lives in memory (its address is taken, or it is too large or of a
    /// kind a bit-vector cannot hold well).
    pub(crate) fn in_memory(&self, v: VarId) -> bool {
        let var = self.p.var(v);
        if var.addressed || self.p.size_of(&var.ty).is_none() {
            return true;
        }
        match &var.ty {
            Type::Array(_, crate::ir::ArrayLen::Fixed(_)) => !self.array_in_register(&var.ty),
            Type::Array(..) => true,
            Type::Struct(_) | Type::Union(_) => self.size(&var.ty) > 256,
            _ => false,
        }
    }

    fn array_in_register(&self, t: &Type) -> bool {
        match t {
            Type::Array(e, crate::ir::ArrayLen::Fixed(_)) => self.array_in_register(e),
            Type::Array(..) => false,
            Type::Struct(_) | Type::Union(_) => self.size(t) <= 64,
            _ => true,
        }
    }

    /// Static-lifetime objects: memory-resident globals, string literals, functions whose
    /// address is taken.
    pub(crate) fn setup_statics(&mut self, st: &mut State) {
        let p = self.p;
        for (i, v) in p.vars.iter().enumerate() {
            let id = VarId(i as u32);
            if !matches!(v.kind, VarKind::Global | VarKind::StaticLocal(_)) || !self.in_memory(id) {
                continue;
            }
            if !self.reach.vars.contains(&id) {
                continue;
            }
            // an array of unknown size defined in no analysed file: assumed as large as it is used
            // (or of an incomplete struct type)
            let size = if v.external
                && (matches!(v.ty, Type::Array(_, crate::ir::ArrayLen::Unknown)) || self.p.size_of(&v.ty).is_none())
            {
                self.unbounded_size()
            } else {
                self.size(&v.ty)
            };
            let size_t = self.s.bv_u(self.memory.off_bits, size as u128);
            let align = self.p.layout().align_of(&v.ty).max(v.align);
            if let Some(o) = self.new_object_aligned(st, v.name.clone(), size_t, false, align, v.loc) {
                let a = self.ptr_to(o);
                st.addrs.insert((id, 0), a);
                if v.is_const {
                    self.mark_readonly(o);
                }
                if v.external {
                    // declared but defined nowhere: unknown content
                    let len = self.s.bv_u(self.memory.ptr_w, size as u128);
                    let name = v.name.clone();
                    let first = self.s.symbols().len() as u32;
                    self.havoc(st, a, len, &name);
                    self.library_variable(id, first);
                }
            }
        }
        for (i, bytes) in p.strings.iter().enumerate() {
            if !self.reach.strings.contains(&crate::ir::StrId(i as u32)) {
                self.memory.str_objs.push(1);
                continue;
            }
            let size = self.s.bv_u(self.memory.off_bits, bytes.len() as u128);
            let o = self.new_object(st, format!("string literal {i}"), size, false, Loc::default()).unwrap_or(1);
            self.memory.str_objs.push(o);
            self.mark_readonly(o);
            let base = self.ptr_to(o);
            for (k, &b) in bytes.iter().enumerate() {
                if b == 0 {
                    continue;
                }
                let d = self.s.bv_u(self.memory.off_bits, k as u128);
                let a = self.ptr_add(base, d);
                let bv = self.s.bv_u(8, b as u128);
                st.mem = self.s.store(st.mem, a, bv);
            }
        }
        for (i, f) in p.funcs.iter().enumerate() {
            if !self.reach.addressed_funcs.contains(&crate::ir::FuncId(i as u32)) {
                continue;
            }
            let z = self.s.bv_zero(self.memory.off_bits);
            if let Some(o) = self.new_object(st, f.name.clone(), z, false, f.loc) {
                self.memory.func_objs.insert(crate::ir::FuncId(i as u32), o);
            }
        }
    }

    /// A local coming into scope: fresh value (register) or a fresh object (memory).
    pub(crate) fn declare_local(&mut self, st: &mut State, v: VarId, loc: Loc) {
        let fid = st.frame_id();
        let var = self.p.var(v);
        let key = (v, if var.is_static() { 0 } else { fid });
        if var.is_static() {
            return;
        }
        if self.in_memory(v) {
            let ty = var.ty.clone();
            let size = self.size_term(st, &ty, loc);
            let align = self.p.layout().align_of(&ty).max(var.align);
            let Some(o) = self.new_object_aligned(st, var.name.clone(), size, false, align, loc) else {
                return;
            };
            let addr = self.ptr_to(o);
            st.addrs.insert(key, addr);
            st.top_mut().objects.push(o);
            let name = var.name.clone();
            self.approx.free_input = self.keeps_indeterminate_free(st);
            let fresh = self.havoc(st, addr, size, &name);
            self.approx.free_input = false;
            self.indeterminate(st, Some(fresh), &name);
        } else {
            let (ty, name) = (var.ty.clone(), var.name.clone());
            self.approx.free_input = self.keeps_indeterminate_free(st);
            let val = self.nondet_of(st, &ty, &name);
            self.approx.free_input = false;
            self.indeterminate(st, Some(val), &name);
            st.regs.insert(key, val);
        }
    }

    /// Equivalence products: the initial (indeterminate) value of a new-version local is not
    /// an input both versions share. A difference that some choice of these values avoids
    /// is not a proven difference (the new version may behave as the old one on the same
    /// input), so they are treated like approximated library results (see engine::bmc).
    fn indeterminate(&mut self, st: &State, value: Option<T>, name: &str) {
        // (called after `keeps_indeterminate_free` decided how the value was made)
        let new_side = st.top().func.is_some_and(|f| self.p.func(f).name.ends_with("@new"));
        if self.o.product.is_none() || !new_side {
            return;
        }
        let Some(v) = value else { return };
        let mut syms = Vec::new();
        super::models::collect_symbols(&self.s, v, &mut syms);
        if self.keeps_indeterminate_free(st) {
            // (a concrete run on inputs no solver chose: the value stayed a symbol, so a run
            // that reads it decides nothing)
            return;
        }
        if !syms.is_empty() {
            self.approx.symbols.extend(syms);
            self.approx.funcs.insert(format!("the uninitialised value of `{name}` in the new version"));
        }
    }

    /// Whether the indeterminate value of a new-version local about to be made stays a free
    /// symbol: in an equivalence product's concrete run whose oracle asks for that.
    fn keeps_indeterminate_free(&self, st: &State) -> bool {
        let new_side = st.top().func.is_some_and(|f| self.p.func(f).name.ends_with("@new"));
        self.o.product.is_some() && new_side && self.replay.oracle.as_ref().is_some_and(|o| o.borrow().random_inputs())
    }

    pub(crate) fn kill_local(&mut self, st: &mut State, v: VarId) {
        let var = self.p.var(v);
        if var.is_static() || !self.in_memory(v) {
            return;
        }
        if let Some(&a) = st.addrs.get(&(v, st.frame_id())) {
            let o = self.obj_of(a);
            self.set_alive(st, o, false);
        }
    }

    /// The byte size of the object `p` points into (offset-width term).
    pub(crate) fn object_size(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        let own = self.s.select(self.memory.sizes, o);
        match (self.is_input_obj(o), self.memory.input_heap.as_ref().map(|h| h.sizes)) {
            (Some(inp), Some(sizes)) => {
                let theirs = self.s.select(sizes, o);
                self.s.ite(inp, theirs, own)
            }
            _ => own,
        }
    }

    pub(crate) fn is_alive(&mut self, st: &State, p: T) -> T {
        let o = self.obj_of(p);
        self.alive_of(st, o)
    }

    pub(crate) fn is_dynamic(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        let own = self.s.select(self.memory.dynamic, o);
        match self.is_input_obj(o) {
            Some(inp) => self.s.or(inp, own),
            None => own,
        }
    }

    /// `[p, p+n)` lies inside p's object (n: any width, unsigned).
    pub(crate) fn in_bounds(&mut self, p: T, n: T) -> T {
        let w = self.memory.off_bits + 1;
        let nw = self.s.width(n);
        let n_ok = if nw > self.memory.off_bits {
            let lim = self.s.bv_u(nw, 1u128 << self.memory.off_bits);
            self.s.bvult(n, lim)
        } else {
            self.s.tru()
        };
        let n = self.s.resize(n, w, false);
        let size = self.object_size(p);
        let size = self.s.zext(1, size);
        let off = self.off_of(p);
        let off = self.s.zext(1, off);
        // off + n <= size without wrap-around; a negative offset reads as a huge one and fails
        let end = self.s.bvadd(off, n);
        let fits = self.s.bvule(end, size);
        let ok = self.s.and(fits, n_ok);
        // objects of unbounded size (unknown extern arrays, ESBMC's inf_size) have no end
        let unbounded = self.s.bv_u(w, self.unbounded_size() as u128);
        let mut is_unbounded = self.s.eq(size, unbounded);
        // (a caller's object has a size of its own, whatever number it is)
        let o = self.obj_of(p);
        if let Some(inp) = self.is_input_obj(o) {
            let own = self.s.not(inp);
            is_unbounded = self.s.and(is_unbounded, own);
        }
        self.s.or(ok, is_unbounded)
    }

    /// The size given to objects whose size is unknown or unbounded.
    pub(crate) fn unbounded_size(&self) -> u64 {
        (1u64 << (self.memory.off_bits - 1)) - 1
    }
}

/// Integer addresses of pointers.
///
/// Objects have no fixed place in memory: each one gets a symbolic base address (an input of
/// the run) that is non-zero, aligned to the object's alignment and leaves room for the object
/// below the top of the address space. Converting a pointer to an integer gives base + offset;
/// converting that integer back recovers the pointer. Other integers become pointers into the
/// NULL object (invalid to dereference), whose equality with a pointer to a real object is
/// undetermined — the program cannot know where objects are.
impl Symex<'_> {
    fn bases(&mut self) -> T {
        if let Some(b) = self.memory.bases {
            return b;
        }
        let sort = Sort::Array(Box::new(Sort::Bv(self.memory.obj_bits)), Box::new(Sort::Bv(self.memory.ptr_w)));
        let b = self.input_fixed(sort, "object_addresses");
        self.memory.bases = Some(b);
        for o in 0..self.memory.objects.len() as u32 {
            self.constrain_base(o);
        }
        b
    }

    /// The facts about the base address of object `o`.
    pub(crate) fn constrain_base(&mut self, o: u32) {
        let Some(b) = self.memory.bases else { return };
        let ot = self.s.bv_u(self.memory.obj_bits, o as u128);
        let base = self.s.select(b, ot);
        let w = self.memory.ptr_w;
        if o == 0 {
            let z = self.s.bv_zero(w);
            let c = self.s.eq(base, z);
            self.approx.axioms.push(c);
            return;
        }
        let z = self.s.bv_zero(w);
        let nz = self.s.eq(base, z);
        let nz = self.s.not(nz);
        let align = self.memory.objects[o as usize].align.max(1);
        let mask = self.s.bv_u(w, (align - 1) as u128);
        let low = self.s.bvand(base, mask);
        let aligned = self.s.eq(low, z);
        let size = self.memory.objects[o as usize].size;
        let size = self.s.zext(w - self.memory.off_bits, size);
        let end = self.s.bvadd(base, size);
        let no_wrap = self.s.bvule(base, end);
        let c = self.s.and_n(&[nz, aligned, no_wrap]);
        self.approx.axioms.push(c);
    }

    /// The integer address a pointer stands for.
    pub(crate) fn address_value(&mut self, st: &mut State, p: T) -> T {
        let b = self.bases();
        let o = self.obj_of(p);
        let mut objs = Vec::new();
        if self.constant_objects(o, &mut objs) {
            for ob in objs {
                self.expose(st, ob);
            }
        }
        // (the NULL object's base is 0, an axiom: an integer stored in a pointer comes back
        // as a constant)
        let base = if self.s.as_bv(o).is_some_and(|b| b.is_zero()) {
            self.s.bv_zero(self.memory.ptr_w)
        } else {
            self.s.select(b, o)
        };
        let off = self.off_of(p);
        let off = self.s.zext(self.memory.ptr_w - self.memory.off_bits, off);
        self.s.bvadd(base, off)
    }

    /// For `ite(c, p, NULL)`: p (used by intrinsics that look at a pointer's targets).
    pub(crate) fn strip_null_choice(&self, p: T) -> T {
        if let crate::term::Op::Ite = self.s.op(p) {
            let (x, y) = (self.s.arg(p, 1), self.s.arg(p, 2));
            let null = |t: T| self.s.as_bv(t).is_some_and(|b| b.is_zero());
            if null(y) {
                return self.strip_null_choice(x);
            }
            if null(x) {
                return self.strip_null_choice(y);
            }
        }
        p
    }

    /// Raises the alignment of the objects `o` can be (a term) to at least `align`.
    pub(crate) fn require_alignment(&mut self, o: T, align: u64) {
        let mut objs = Vec::new();
        if !self.constant_objects(o, &mut objs) {
            return;
        }
        for ob in objs {
            let Some(info) = self.memory.objects.get_mut(ob as usize) else { continue };
            if ob < 2 || info.align >= align {
                continue;
            }
            info.align = align;
            if self.memory.bases.is_some() {
                self.constrain_base(ob);
            }
        }
    }

    /// The object numbers a (constant or ite-of-constants) object term can take.
    fn constant_objects(&self, o: T, out: &mut Vec<u32>) -> bool {
        match self.s.op(o) {
            crate::term::Op::BvConst(b) => {
                out.push(b.to_u64().unwrap_or(0) as u32);
                true
            }
            crate::term::Op::Ite => {
                let (x, y) = (self.s.arg(o, 1), self.s.arg(o, 2));
                self.constant_objects(x, out) && self.constant_objects(y, out)
            }
            _ => false,
        }
    }

    /// Records that a program saw object `o`'s address as an integer; objects alive together
    /// do not overlap.
    fn expose(&mut self, st: &mut State, o: u32) {
        if o < 2 || o as usize >= self.memory.objects.len() || self.memory.exposed.contains(&o) {
            return;
        }
        let Some(b) = self.memory.bases else { return };
        let w = self.memory.ptr_w;
        let range = |sx: &mut Self, o: u32| -> (T, T) {
            let ot = sx.s.bv_u(sx.memory.obj_bits, o as u128);
            let base = sx.s.select(b, ot);
            let size = sx.memory.objects[o as usize].size;
            let size = sx.s.zext(w - sx.memory.off_bits, size);
            (base, sx.s.bvadd(base, size))
        };
        let (ob, oe) = range(self, o);
        let o_t = self.s.bv_u(self.memory.obj_bits, o as u128);
        let alive_o = self.alive_of(st, o_t);
        let others = self.memory.exposed.clone();
        for q in others {
            let (qb, qe) = range(self, q);
            let q_t = self.s.bv_u(self.memory.obj_bits, q as u128);
            let alive_q = self.alive_of(st, q_t);
            let before = self.s.bvule(oe, qb);
            let after = self.s.bvule(qe, ob);
            let apart = self.s.or(before, after);
            let both = self.s.and(alive_o, alive_q);
            let c = self.s.implies(both, apart);
            let g = st.guard.term(&mut self.s);
            let c = self.s.implies(g, c);
            self.approx.axioms.push(c);
        }
        self.memory.exposed.push(o);
    }

    /// The pointer an integer address stands for: exact when the integer came from a pointer.
    pub(crate) fn pointer_from_address(&mut self, i: T) -> T {
        if let crate::term::Op::Ite = self.s.op(i) {
            let (c, x, y) = (self.s.arg(i, 0), self.s.arg(i, 1), self.s.arg(i, 2));
            let px = self.pointer_from_address(x);
            let py = self.pointer_from_address(y);
            return self.s.ite(c, px, py);
        }
        // base(o) + k  →  (o, k)
        let (base, k) = match self.s.op(i) {
            crate::term::Op::BvAdd => (self.s.arg(i, 0), Some(self.s.arg(i, 1))),
            _ => (i, None),
        };
        if let crate::term::Op::Select = self.s.op(base) {
            if Some(self.s.arg(base, 0)) == self.memory.bases {
                let o = self.s.arg(base, 1);
                let off = match k {
                    Some(k) => self.s.resize(k, self.memory.off_bits, false),
                    None => self.s.bv_zero(self.memory.off_bits),
                };
                return self.s.concat(o, off);
            }
        }
        // an address inside an object whose address the program has seen points into it
        let fallback = self.integer_pointer(i);
        let mut r = fallback;
        if let Some(b) = self.memory.bases {
            for &o in self.memory.exposed.clone().iter().rev() {
                let ot = self.s.bv_u(self.memory.obj_bits, o as u128);
                let base = self.s.select(b, ot);
                let rel = self.s.bvsub(i, base);
                let size = self.memory.objects[o as usize].size;
                let size = self.s.zext(self.memory.ptr_w - self.memory.off_bits, size);
                let inside = self.s.bvult(rel, size);
                let off = self.s.extract(self.memory.off_bits - 1, 0, rel);
                let p = self.s.concat(ot, off);
                r = self.s.ite(inside, p, r);
            }
        }
        r
    }

    /// An integer of unknown provenance as a pointer: into the NULL object (invalid to use).
    fn integer_pointer(&mut self, i: T) -> T {
        let z = self.s.bv_zero(self.memory.obj_bits);
        let off = self.s.extract(self.memory.off_bits - 1, 0, i);
        let hi = self.s.extract(self.memory.ptr_w - 1, self.memory.off_bits, i);
        let hz = self.s.bv_zero(self.memory.obj_bits);
        let small = self.s.eq(hi, hz);
        let p = self.s.concat(z, off);
        // addresses beyond the offset space: the invalid object
        let inv = self.ptr_to(1);
        self.s.ite(small, p, inv)
    }

    /// Pointer equality: exact, except between a real object and an address of unknown
    /// provenance, where it is undetermined.
    pub(crate) fn pointer_eq(&mut self, st: &State, p: T, q: T) -> T {
        let eq = self.s.eq(p, q);
        if self.s.is_const(eq) && (self.s.is_const(p) || self.s.is_const(q)) && self.s.is_true(eq) {
            return eq;
        }
        let unknown_p = self.int_like(p);
        let unknown_q = self.int_like(q);
        let real_p = self.real_object(p);
        let real_q = self.real_object(q);
        let a = self.s.and(unknown_p, real_q);
        let b = self.s.and(unknown_q, real_p);
        let undetermined = self.s.or(a, b);
        if self.s.is_false(undetermined) {
            return eq;
        }
        // one answer per pair of pointer values: comparing the same two values again (an
        // assumption, then an assertion) gives the same answer
        let key = if p <= q { (p, q) } else { (q, p) };
        let choice = match self.memory.coincidence.get(&key) {
            Some(&c) => c,
            None => {
                let c = self.input_tagged(st, Sort::Bool, "address_coincidence", super::ADDRESS_COINCIDENCE_TAG);
                self.memory.coincidence.insert(key, c);
                c
            }
        };
        self.s.ite(undetermined, choice, eq)
    }

    /// A pointer made from an integer: the NULL object with a non-zero offset, or the
    /// invalid object.
    fn int_like(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        let z = self.s.bv_zero(self.memory.obj_bits);
        let one = self.s.bv_u(self.memory.obj_bits, 1);
        let is_null_obj = self.s.eq(o, z);
        let off = self.off_of(p);
        let zo = self.s.bv_zero(self.memory.off_bits);
        let off_zero = self.s.eq(off, zo);
        let nz = self.s.not(off_zero);
        let a = self.s.and(is_null_obj, nz);
        let inv = self.s.eq(o, one);
        self.s.or(a, inv)
    }

    fn real_object(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        let two = self.s.bv_u(self.memory.obj_bits, 2);
        self.s.bvuge(o, two)
    }
}
