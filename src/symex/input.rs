//! The input heap (docs/contracts.md §1): the objects the caller of the entry function owns.
//!
//! Input objects have the object numbers from `base` (half the object space) up. Parameter
//! objects are `base + i`; every other input object is a *child*, reached through a pointer
//! stored in input memory. None of them is created: their sizes are one input array, their
//! contents one fresh array over the whole input region, they are on the heap, and they are
//! alive until the program frees them (`alive` holds the negation for input numbers, so
//! that the all-false initial array says "alive").
//!
//! Slots at objects with constant numbers get children with constant numbers instead
//! (`children.rs`); the rest of this comment is the *constrained form* every other slot gets.
//!
//! A pointer loaded from an input object constrains the slot's *initial* content (the fresh
//! array, not the current memory): NULL where the entry tests such pointers for NULL,
//! otherwise a pointer into a child whose owner (an input array from object numbers to
//! slots) is that slot — so distinct slots hold distinct children — other than the slot's
//! own object. Children are thereby created by the loads that
//! happen, the reachable heap is a tree, and a replay reads the same numbers from the model
//! as part of the input memory.

use std::collections::HashSet;

use super::place::Place;
use super::{State, Symex};
use crate::ir::{Expr, ExprKind, Type};
use crate::term::{MemKind, Sort, T};

/// Object numbers reserved for the objects of the entry's parameters.
pub const PARAM_OBJECTS: u32 = 64;

/// What symbolic execution needs to know to build the input heap.
#[derive(Clone, Debug, Default)]
pub struct InputHeapOptions {
    /// Struct and union members (composite, member index) the code base tests for NULL: a
    /// pointer loaded from such a member of an input object may be NULL.
    pub nullable_fields: HashSet<(u32, u32)>,
    /// Pointers loaded through a pointer to a pointer (`*pp`, `pp[i]`) that the code base
    /// tests for NULL, by the loaded pointer's type as C text.
    pub nullable_elems: HashSet<String>,
    /// Every pointer in the caller's heap may be NULL (ESBMC's contract harness).
    pub all_nullable: bool,
    /// How deep the caller's structures go (CBMC's `--max-nondet-tree-depth`): a pointer the
    /// code tests for NULL, stored in an object this many links from a parameter, is NULL.
    /// None: no bound.
    pub max_depth: Option<u32>,
    /// A pointer stored in the caller's memory points to the start of its object (of the
    /// caller's extent), not at an offset of the caller's choosing: where the code never
    /// reaches below such a pointer nor observes its offset otherwise, the two are alike
    /// (docs/contracts.md, "Pointers stored in input memory").
    pub children_start: bool,
    /// Dereferences are checked (NULL and invalid pointers are violations): a read through
    /// a pointer loaded from the caller's memory may then be taken as a read of the
    /// caller's memory (`TermStore::mark_input_object`).
    pub reads_checked: bool,
}

/// The input heap of one run.
pub(crate) struct InputHeap {
    /// The first input object number.
    pub base: u32,
    /// Initial contents of every input object.
    pub(super) content: T,
    /// Object number → size in bytes.
    pub sizes: T,
    /// Parameter objects of a given length (a length parameter gives it), with the offset of
    /// the parameter's pointer in its object when the object may begin before it (None: the
    /// pointer is at its start). Accesses from the pointer on are the function's own claims;
    /// accesses below it are the caller's (a header before the pointer, as in sds).
    /// With kinds 4 and 5 also the end of the function's part (the pointer's offset plus
    /// the length): the object may go on after it, and what lies beyond is the caller's.
    sized: Vec<(u32, Option<T>, Option<T>)>,
    /// Object number → the slot whose pointer leads to it (makes children distinct).
    pub(super) owners: T,
    /// Slots already constrained, with whether they were allowed to be NULL.
    slots: std::collections::HashMap<T, bool>,
    /// Slots past the depth bound that the code tests for NULL: NULL in the caller's memory.
    null_slots: HashSet<T>,
    /// Terms → how deeply reads of the initial memory nest in them ([`Symex::input_depth`]).
    depths: std::collections::HashMap<T, u32>,
    /// The children made for slots at addresses with a constant object (`children.rs`).
    pub(super) made: super::children::Children,
}

impl Symex<'_> {
    /// Sets up the input heap when the options ask for one.
    pub(crate) fn init_input_heap(&mut self, st: &mut State) {
        if self.o.input_heap.is_none() {
            return;
        }
        let base = 1u32 << (self.memory.obj_bits - 1);
        let content = self.input_fixed(self.mem_sort(), super::INPUT_MEMORY);
        let size_sort = Sort::Array(Box::new(Sort::Bv(self.memory.obj_bits)), Box::new(Sort::Bv(self.memory.off_bits)));
        let sizes = self.input_fixed(size_sort, "input_sizes");
        let start = self.ptr_to(base);
        let one = self.s.bv_u(self.memory.off_bits, 1);
        st.mem = self.s.mem_range(MemKind::FreshObjects, self.memory.off_bits, st.mem, start, one, &[content]);
        let owner_sort = Sort::Array(Box::new(Sort::Bv(self.memory.obj_bits)), Box::new(Sort::Bv(self.memory.ptr_w)));
        let owners = self.input_fixed(owner_sort, "input_owners");
        self.memory.input_heap = Some(InputHeap {
            base,
            content,
            sizes,
            sized: Vec::new(),
            owners,
            slots: Default::default(),
            null_slots: Default::default(),
            depths: Default::default(),
            made: super::children::Children::new(base + PARAM_OBJECTS),
        });
    }

    /// The first object number that is not an ordinary object.
    pub(crate) fn object_limit(&self) -> u64 {
        match &self.memory.input_heap {
            Some(h) => h.base as u64,
            None => 1u64 << self.memory.obj_bits,
        }
    }

    /// Whether object number `o` (a term) is an input object.
    pub(crate) fn is_input_obj(&mut self, o: T) -> Option<T> {
        let base = self.memory.input_heap.as_ref()?.base;
        let b = self.s.bv_u(self.memory.obj_bits, base as u128);
        Some(self.s.bvuge(o, b))
    }

    /// `IsInput(p)`: p points into an input object.
    pub(crate) fn points_to_input(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        self.is_input_obj(o).unwrap_or_else(|| self.s.fals())
    }

    /// `IsUnsizedInput(p)`: p points into an input object whose extent is the caller's
    /// business (every input object but the parameters' objects of a given length, and in
    /// those the part before the parameter's pointer when the object may begin before it).
    pub(crate) fn points_to_unsized_input(&mut self, p: T) -> T {
        let o = self.obj_of(p);
        let Some(inp) = self.is_input_obj(o) else { return self.s.fals() };
        let sized = self.memory.input_heap.as_ref().map(|h| h.sized.clone()).unwrap_or_default();
        let mut parts = vec![inp];
        for (id, start, end) in sized {
            let k = self.s.bv_u(self.memory.obj_bits, id as u128);
            let other = self.s.eq(o, k);
            let mut ok = self.s.not(other);
            if let Some(at) = start {
                let off = self.off_of(p);
                let before = self.s.bvslt(off, at);
                ok = self.s.or(ok, before);
            }
            if let Some(end) = end {
                let off = self.off_of(p);
                let after = self.s.bvsge(off, end);
                ok = self.s.or(ok, after);
            }
            parts.push(ok);
        }
        self.s.and_n(&parts)
    }

    /// `__verdiff_input_pointer(index, size, kind, nullable)`: a pointer into the object of
    /// parameter `index`. Kind 1: to the start of an object of exactly `size` bytes; kind 3:
    /// `size` bytes before the end of an object that may begin before the pointer (what the
    /// caller owns before it is the caller's business); kinds 4 and 5: as 1 and 3, but the
    /// object holds at least `size` bytes from the pointer (what follows them is the caller's
    /// business: `memcpy(d, s, n)` needs `n` bytes of `d`, `d[n] = 0` may be the caller's
    /// room for a terminator); kind 2: to the start of an object of
    /// nondeterministic size; kind 0: at a nondeterministic offset into an object of
    /// nondeterministic size. With `nullable`, NULL is possible too (and then the size says
    /// nothing).
    pub(crate) fn input_pointer(&mut self, st: &mut State, vals: &[T]) -> T {
        let nullable = vals.get(3).and_then(|&v| self.s.as_bv(v)).is_some_and(|b| !b.is_zero());
        if !nullable {
            return self.input_object_pointer(st, vals, None);
        }
        let present = self.input(st, Sort::Bool, "input_not_null");
        let p = self.input_object_pointer(st, vals, Some(present));
        let null = self.s.bv_zero(self.memory.ptr_w);
        self.s.ite(present, p, null)
    }

    /// The pointer of [`Self::input_pointer`] when it is not NULL; its facts hold under `when`.
    fn input_object_pointer(&mut self, st: &mut State, vals: &[T], when: Option<T>) -> T {
        let (Some(base), Some(&index)) = (self.memory.input_heap.as_ref().map(|h| h.base), vals.first()) else {
            return self.ptr_to(1);
        };
        let index = self.s.as_bv(index).and_then(|b| b.to_u64()).unwrap_or(0) as u32;
        if index >= PARAM_OBJECTS {
            return self.ptr_to(1);
        }
        let id = base + index;
        let kind = vals.get(2).and_then(|&v| self.s.as_bv(v)).and_then(|b| b.to_u64()).unwrap_or(0);
        if kind == 2 {
            return self.ptr_to(id);
        }
        if matches!(kind, 1 | 3 | 4 | 5) {
            let below = kind == 3 || kind == 5;
            let at_least = kind >= 4;
            let Some(&size) = vals.get(1) else { return self.ptr_to(1) };
            // no object is larger than the offset space allows (malloc's limit)
            let sw = self.s.width(size);
            let lim = self.s.bv_u(sw, 1u128 << (self.memory.off_bits - 1).min(sw - 1));
            let fits = self.s.bvult(size, lim);
            let size = self.s.resize(size, self.memory.off_bits, false);
            // kind 3: the pointer is `before` bytes into its object (at most a quarter of the
            // offset space, so that the object still fits)
            let before = below.then(|| {
                let k = self.input(st, Sort::Bv(self.memory.off_bits), "input_offset");
                let lim = self.s.bv_u(self.memory.off_bits, 1u128 << (self.memory.off_bits - 2));
                (k, self.s.bvult(k, lim))
            });
            let ot = self.s.bv_u(self.memory.obj_bits, id as u128);
            let sizes = self.memory.input_heap.as_ref().map(|h| h.sizes).unwrap_or(size);
            let actual = self.s.select(sizes, ot);
            let total = match before {
                Some((k, _)) => self.s.bvadd(k, size),
                None => size,
            };
            let exact = if at_least { self.s.bvuge(actual, total) } else { self.s.eq(actual, total) };
            let mut c = self.s.and(fits, exact);
            if at_least {
                // (the whole object still fits the offset space)
                let lim = self.s.bv_u(self.memory.off_bits, 1u128 << (self.memory.off_bits - 1));
                let whole = self.s.bvult(actual, lim);
                c = self.s.and(c, whole);
            }
            if let Some((_, small)) = before {
                c = self.s.and(c, small);
            }
            let c = match when {
                Some(w) => self.s.implies(w, c),
                None => c,
            };
            st.guard.add(&mut self.s, c);
            if let Some(h) = self.memory.input_heap.as_mut() {
                h.sized.push((id, before.map(|(k, _)| k), at_least.then_some(total)));
            }
            return match before {
                Some((k, _)) => self.ptr(id, k),
                None => self.ptr_to(id),
            };
        }
        let off = self.input(st, Sort::Bv(self.memory.off_bits), "input_offset");
        self.ptr(id, off)
    }

    /// After `e` was placed at `pl`: when that is memory of an input object, constrains the
    /// pointers the read takes from the caller's heap.
    pub(crate) fn input_read(&mut self, st: &State, pl: &Place, e: &Expr) -> Option<T> {
        self.memory.input_heap.as_ref()?;
        let Place::Mem { addr, ty, bits: None } = pl else { return None };
        let mut slots = Vec::new();
        self.pointer_slots(ty, 0, slot_nullable(self, e), &mut slots, 0);
        let mut value = None;
        for (off, nullable) in slots {
            let d = self.s.bv_u(self.memory.off_bits, off as u128);
            let a = self.ptr_add(*addr, d);
            let whole = off == 0 && matches!(ty, Type::Pointer(_));
            // slots at a constant object (or a choice of them) hold children with constant
            // numbers; any other slot gets the constrained form
            if let Some(v) = self.child_slot_read(st, a, nullable) {
                if whole {
                    value = Some(v);
                }
                continue;
            }
            self.constrain_slot(a, nullable);
            if whole {
                value = self.null_at_depth_bound(st, a);
            }
        }
        value
    }

    /// A slot past the depth bound holds NULL in the caller's memory (an axiom): read while
    /// the program has not written it, it is NULL during symbolic execution too, so that a
    /// walk down a list or a tree ends there, not only in the solver. (The read's value is
    /// replaced, not the memory: a store on one path would make merged memory a choice.)
    fn null_at_depth_bound(&mut self, st: &State, a: T) -> Option<T> {
        // (only with dereferences checked: if the slot's own object is NULL rather than the
        // caller's, reading it is a violation of its own, and the value decides nothing)
        if !self.o.input_heap.as_ref().is_some_and(|o| o.reads_checked) {
            return None;
        }
        let content = self.memory.input_heap.as_ref().filter(|h| h.null_slots.contains(&a)).map(|h| h.content)?;
        let ptr_t = Type::ptr(Type::Void);
        let n = self.size(&ptr_t) as u32;
        let initial = self.load_bits(content, a, n);
        let now = self.load_bits(st.mem, a, n);
        (initial == now).then(|| self.s.bv_zero(self.memory.ptr_w))
    }

    /// Byte offsets of the pointers inside a value of type `ty`, with whether each may be
    /// NULL (`top`: the nullability of a value that is itself a pointer).
    fn pointer_slots(&self, ty: &Type, off: u64, top: bool, out: &mut Vec<(u64, bool)>, depth: u32) {
        if depth > 4 || out.len() > 64 {
            return;
        }
        match ty {
            Type::Pointer(to) if !matches!(&**to, Type::Function(_)) => out.push((off, top)),
            Type::Struct(c) | Type::Union(c) => {
                let Some(comp) = self.p.composites.get(*c as usize) else { return };
                for (k, f) in comp.fields.iter().enumerate() {
                    if f.bits.is_some() {
                        continue;
                    }
                    let nullable = self
                        .o
                        .input_heap
                        .as_ref()
                        .is_some_and(|o| o.all_nullable || o.nullable_fields.contains(&(*c, k as u32)));
                    self.pointer_slots(&f.ty, off + f.offset, nullable, out, depth + 1);
                }
            }
            Type::Array(elem, crate::ir::ArrayLen::Fixed(n)) if *n <= 16 => {
                let es = self.p.size_of(elem).unwrap_or(0);
                for i in 0..*n {
                    self.pointer_slots(elem, off + i * es, top, out, depth + 1);
                }
            }
            _ => {}
        }
    }

    /// The initial pointer at input address `a` is NULL (only when `nullable`) or points
    /// into a child of its own: a child's owner (an input array) is the slot, which makes
    /// the children of distinct slots distinct with one constraint per slot, not one per
    /// pair.
    fn constrain_slot(&mut self, a: T, nullable: bool) {
        let Some(base) = self.memory.input_heap.as_ref().map(|h| h.base) else { return };
        let ao = self.obj_of(a);
        if let Some(o) = self.s.as_bv(ao).and_then(|b| b.to_u64()) {
            if o < base as u64 {
                return;
            }
        }
        // (a slot once constrained as non-NULL stays so; a NULL allowance adds nothing)
        match self.memory.input_heap.as_ref().and_then(|h| h.slots.get(&a)) {
            Some(&was) if was || !nullable => return,
            _ => {}
        }
        let depth = self.input_depth(ao);
        let at_limit = self.o.input_heap.as_ref().and_then(|o| o.max_depth).is_some_and(|m| depth >= m);
        let content = self.memory.input_heap.as_ref().map(|h| h.content).unwrap_or(a);
        let owners = self.memory.input_heap.as_ref().map(|h| h.owners).unwrap_or(a);
        let ptr_t = Type::ptr(Type::Void);
        let init = self.load(content, a, &ptr_t);
        let null = self.s.bv_zero(self.memory.ptr_w);
        let is_null = self.s.eq(init, null);
        let io = self.obj_of(init);
        if self.o.input_heap.as_ref().is_some_and(|o| o.reads_checked) {
            self.s.mark_input_object(io);
        }
        let first_child = self.s.bv_u(self.memory.obj_bits, (base + PARAM_OBJECTS) as u128);
        let is_child = self.s.bvuge(io, first_child);
        let own = self.s.eq(io, ao);
        let not_own = self.s.not(own);
        let owner = self.s.select(owners, io);
        let owned = self.s.eq(owner, a);
        let mut parts = vec![is_child, not_own, owned];
        if self.o.input_heap.as_ref().is_some_and(|o| o.children_start) {
            let off = self.off_of(init);
            let zero = self.s.bv_zero(self.memory.off_bits);
            parts.push(self.s.eq(off, zero));
        }
        let child = self.s.and_n(&parts);
        let ok = match (nullable, at_limit) {
            (true, true) => {
                if let Some(h) = self.memory.input_heap.as_mut() {
                    h.null_slots.insert(a);
                }
                is_null
            }
            (true, false) => self.s.or(is_null, child),
            (false, _) => child,
        };
        let inp = self.is_input_obj(ao).unwrap_or_else(|| self.s.fals());
        let c = self.s.implies(inp, ok);
        if !self.s.is_true(c) {
            self.approx.axioms.push(c);
        }
        if let Some(h) = self.memory.input_heap.as_mut() {
            h.slots.insert(a, !nullable);
        }
    }
}

impl Symex<'_> {
    /// How many links from a parameter's object the object `o` (a term) is: how deeply reads
    /// of the caller's initial memory nest in it through the objects of their addresses (a
    /// child's number is read from a slot of its parent). Choices, merges and byte
    /// concatenations in between do not count.
    fn input_depth(&mut self, o: T) -> u32 {
        let Some(content) = self.memory.input_heap.as_ref().map(|h| h.content) else { return 0 };
        let mut memo = self.memory.input_heap.as_mut().map(|h| std::mem::take(&mut h.depths)).unwrap_or_default();
        let made = self.memory.input_heap.as_mut().map(|h| std::mem::take(&mut h.made.depth)).unwrap_or_default();
        let d = nesting(&self.s, content, &made, self.memory.obj_bits, o, &mut memo, 0);
        if let Some(h) = self.memory.input_heap.as_mut() {
            h.depths = memo;
            h.made.depth = made;
        }
        d
    }
}

/// The nesting of reads of `content` in `t` through their addresses' objects (memoised); a
/// constant that numbers a child made at a constant slot has that child's depth.
/// Memory terms (arrays) are not entered, and the walk stops `MAX_LEVEL` deep: an
/// under-estimate only leaves a structure deeper, never cuts one short.
fn nesting(
    s: &crate::term::TermStore,
    content: T,
    made: &std::collections::HashMap<u64, u32>,
    made_bits: u32,
    t: T,
    memo: &mut std::collections::HashMap<T, u32>,
    level: u32,
) -> u32 {
    const MAX_LEVEL: u32 = 256;
    if let Some(&d) = memo.get(&t) {
        return d;
    }
    if level > MAX_LEVEL {
        return 0;
    }
    let d = match s.op(t) {
        crate::term::Op::Select if s.arg(t, 0) == content => {
            let idx = s.arg(t, 1);
            let obj = match s.op(idx) {
                crate::term::Op::Concat => s.arg(idx, 0),
                _ => idx,
            };
            1 + nesting(s, content, made, made_bits, obj, memo, level + 1)
        }
        // (a constant in an object term, outside the conditions of its choices, is an
        // object number)
        _ if s.is_const(t) && *s.sort(t) == crate::term::Sort::Bv(made_bits) => {
            s.as_bv(t).and_then(|b| b.to_u64()).and_then(|v| made.get(&v)).copied().unwrap_or(0)
        }
        // a choice's condition decides which object, it is not one (skipping it can only
        // make the estimate smaller, which leaves a structure deeper)
        crate::term::Op::Ite => {
            let (x, y) = (s.arg(t, 1), s.arg(t, 2));
            let dx = nesting(s, content, made, made_bits, x, memo, level + 1);
            let dy = nesting(s, content, made, made_bits, y, memo, level + 1);
            dx.max(dy)
        }
        _ => {
            let args = s.args(t).to_vec();
            args.into_iter()
                .filter(|&a| !matches!(s.sort(a), crate::term::Sort::Array(..)))
                .map(|a| nesting(s, content, made, made_bits, a, memo, level + 1))
                .max()
                .unwrap_or(0)
        }
    };
    memo.insert(t, d);
    d
}

/// Whether a pointer read by lvalue `e` may be NULL when it comes from the caller's heap.
fn slot_nullable(sx: &Symex<'_>, e: &Expr) -> bool {
    let Some(o) = sx.o.input_heap.as_ref() else { return false };
    if o.all_nullable {
        return true;
    }
    match &e.kind {
        ExprKind::Member(b, k) => match &b.ty {
            Type::Struct(c) | Type::Union(c) => o.nullable_fields.contains(&(*c, *k)),
            _ => false,
        },
        _ => o.nullable_elems.contains(&sx.p.type_name(&e.ty)),
    }
}
