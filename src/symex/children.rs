//! Children of the input heap with constant numbers (docs/contracts.md §1, "The caller's
//! structures").
//!
//! A pointer the caller stored in one of its objects leads to a *child*: NULL where the code
//! tests such pointers for NULL, otherwise a pointer into a fresh object of the caller's (at
//! an offset of the caller's choosing, as a parameter's pointer). When
//! the slot holding the pointer lies in an object with a constant number (a parameter's
//! object, or a child made here), or in a choice between such objects (a pointer that may
//! be NULL), the child gets the next free constant number, as CBMC's goto-harness builds a
//! caller's heap: reads through it are reads at constant objects, which the store chains
//! and the solver answer without array reasoning over symbolic object numbers. The slot's
//! initial content is tied to the child by an axiom, so writes, byte-wise reads and replay
//! (which reads the input memory from the model, not this numbering) see the same value.
//!
//! Two slots of one object whose addresses may coincide (a symbolic offset) hold the same
//! child when they do: a later slot's value is a choice over the earlier ones. A child's
//! owner (the input array the constrained form uses) is its slot, so a child made here and
//! one of the constrained form (a slot at a symbolic object) are distinct unless their slots
//! are the same.

use std::collections::HashMap;

use super::input::PARAM_OBJECTS;
use super::{State, Symex};
use crate::ir::Type;
use crate::term::{Op, Same, Sort, T};

/// At most this many children (a bound on the terms a walk down a long structure makes),
/// and at most half of the object numbers left for children (with `--32`'s 8 object bits:
/// 31); past that, slots take the constrained form.
const MAX_CHILDREN: u32 = 4096;

/// Earlier slots of one object a new slot is compared with (beyond them the constrained
/// form is used, which needs no comparisons).
const MAX_ALIASES: usize = 16;

/// The children made so far.
#[derive(Default)]
pub(crate) struct Children {
    /// The next child number.
    next: u32,
    /// Slot address → the slot's initial value (the child, NULL, or a choice of them).
    slots: HashMap<T, Slot>,
    /// Object number → its slots with constant-object addresses, in the order made.
    by_object: HashMap<u64, Vec<T>>,
    /// Child number → links from a parameter's object (parameters' objects: 0).
    pub(super) depth: HashMap<u64, u32>,
}

#[derive(Clone, Copy)]
struct Slot {
    value: T,
}

impl Children {
    pub(super) fn new(first: u32) -> Self {
        Children { next: first, ..Default::default() }
    }
}

impl Symex<'_> {
    /// The value a pointer read at input address `a` gets when every object `a` may lie in
    /// has a constant number: for each such object in the input region, the slot's child
    /// (made on its first read) while the program has not overwritten it, else what memory
    /// holds. None when `a`'s object is not such a choice (the caller constrains the slot
    /// instead), during a concrete replay (which reads the model's input memory), or past
    /// the bounds on children.
    pub(super) fn child_slot_read(&mut self, st: &State, a: T, nullable: bool) -> Option<T> {
        if self.replay.oracle.is_some() {
            return None;
        }
        // every input object among the leaves must take a child (checked before any is made)
        let mut leaves = Vec::new();
        if !self.slot_leaves(a, &mut leaves) {
            return None;
        }
        let heap = self.memory.input_heap.as_ref()?;
        let base = heap.base as u64;
        if leaves.iter().all(|&(k, _)| k < base) {
            // no caller's object: an ordinary read
            return None;
        }
        let mut fresh = 0u64;
        for &(k, at) in &leaves {
            if k < base || heap.made.slots.contains_key(&at) {
                continue;
            }
            fresh += 1;
            if heap.made.by_object.get(&k).map_or(0, |v| v.len()) >= MAX_ALIASES {
                return None;
            }
        }
        // (at most half of the numbers left for children: the constrained form needs some)
        let first = base + PARAM_OBJECTS as u64;
        let space = ((1u64 << self.memory.obj_bits) - 1).saturating_sub(first);
        let limit = first + (MAX_CHILDREN as u64).min(space / 2);
        if heap.made.next as u64 + fresh > limit {
            return None;
        }
        Some(self.read_slot(st, a, nullable))
    }

    /// The addresses `a` may be, with their objects: `a` is a choice (ite) of addresses
    /// whose objects are constants or choices of constants. False when it is not.
    fn slot_leaves(&mut self, a: T, out: &mut Vec<(u64, T)>) -> bool {
        if out.len() > 64 {
            return false;
        }
        if let Op::Ite = self.s.op(a) {
            let (x, y) = (self.s.arg(a, 1), self.s.arg(a, 2));
            return self.slot_leaves(x, out) && self.slot_leaves(y, out);
        }
        let obj = self.obj_of(a);
        if let Some(k) = self.s.as_bv(obj).and_then(|b| b.to_u64()) {
            out.push((k, a));
            return true;
        }
        let Some(choice) = self.s.as_choice(obj) else { return false };
        let off = self.off_of(a);
        let mut ks = Vec::new();
        self.choice_leaves(choice, &mut ks);
        for k in ks {
            let at = self.ptr(k as u32, off);
            out.push((k, at));
        }
        true
    }

    /// The constant leaves of a choice.
    fn choice_leaves(&self, c: T, out: &mut Vec<u64>) {
        match self.s.op(c) {
            Op::Ite => {
                let (x, y) = (self.s.arg(c, 1), self.s.arg(c, 2));
                self.choice_leaves(x, out);
                self.choice_leaves(y, out);
            }
            _ => {
                if let Some(v) = self.s.as_bv(c).and_then(|b| b.to_u64()) {
                    out.push(v);
                }
            }
        }
    }

    /// The pointer read at `a` (of the shape [`Self::slot_leaves`] accepts).
    fn read_slot(&mut self, st: &State, a: T, nullable: bool) -> T {
        if let Op::Ite = self.s.op(a) {
            let (c, x, y) = (self.s.arg(a, 0), self.s.arg(a, 1), self.s.arg(a, 2));
            let vx = self.read_slot(st, x, nullable);
            let vy = self.read_slot(st, y, nullable);
            return self.s.ite(c, vx, vy);
        }
        let obj = self.obj_of(a);
        if let Some(k) = self.s.as_bv(obj).and_then(|b| b.to_u64()) {
            return self.read_at(st, k, a, nullable);
        }
        let choice = self.s.as_choice(obj).unwrap_or(obj);
        let off = self.off_of(a);
        self.read_choice(st, choice, off, nullable)
    }

    /// The read at offset `off` of the objects of the choice `c`.
    fn read_choice(&mut self, st: &State, c: T, off: T, nullable: bool) -> T {
        if let Op::Ite = self.s.op(c) {
            let (cond, x, y) = (self.s.arg(c, 0), self.s.arg(c, 1), self.s.arg(c, 2));
            let vx = self.read_choice(st, x, off, nullable);
            let vy = self.read_choice(st, y, off, nullable);
            return self.s.ite(cond, vx, vy);
        }
        let k = self.s.as_bv(c).and_then(|b| b.to_u64()).unwrap_or(0);
        let at = self.ptr(k as u32, off);
        self.read_at(st, k, at, nullable)
    }

    /// The pointer read at `at`, an address in object `k`: the slot's child while the
    /// program has not overwritten it (when `k` is the caller's), else what memory holds.
    fn read_at(&mut self, st: &State, k: u64, at: T, nullable: bool) -> T {
        let ptr_t = Type::ptr(Type::Void);
        let now = self.load(st.mem, at, &ptr_t);
        let base = self.memory.input_heap.as_ref().map_or(u64::MAX, |h| h.base as u64);
        if k < base {
            // not the caller's object (NULL's, a global's, a local's): what memory holds
            return now;
        }
        let value = self.child_slot(k, at, nullable);
        let content = self.memory.input_heap.as_ref().map(|h| h.content).unwrap_or(at);
        let initial = self.load(content, at, &ptr_t);
        if initial == now {
            value
        } else {
            now
        }
    }

    /// The initial value of the slot at `at` (in input object `k`), made on first use. A
    /// later read that does not allow NULL adds nothing (as for the constrained form: the
    /// first read's nullability stands).
    fn child_slot(&mut self, k: u64, at: T, nullable: bool) -> T {
        let null = self.s.bv_zero(self.memory.ptr_w);
        let Some(heap) = self.memory.input_heap.as_ref() else { return null };
        if let Some(slot) = heap.made.slots.get(&at) {
            return slot.value;
        }
        let earlier: Vec<(T, T)> = heap
            .made
            .by_object
            .get(&k)
            .map(|v| v.iter().filter_map(|b| heap.made.slots.get(b).map(|s| (*b, s.value))).collect())
            .unwrap_or_default();
        let (content, owners) = (heap.content, heap.owners);
        let depth = heap.made.depth.get(&k).copied().unwrap_or(0);
        let at_limit = self.o.input_heap.as_ref().and_then(|o| o.max_depth).is_some_and(|m| depth >= m);
        // the same address as an earlier slot, in another form: the same pointer
        let mut same_as = None;
        let mut maybe = Vec::new();
        for &(b, vb) in &earlier {
            match self.s.bv_same(at, b) {
                Same::No => {}
                Same::Yes => {
                    same_as = Some(vb);
                    break;
                }
                Same::Unknown => maybe.push((b, vb)),
            }
        }
        let value = match same_as {
            Some(vb) => vb,
            None => {
                let mut value = if nullable && at_limit {
                    // NULL in the caller's memory: no child is made
                    null
                } else {
                    let child = self.new_child(depth + 1);
                    // a pointer to the child's start, or where the code reaches below such
                    // pointers into it at an offset of the caller's choosing (sds strings
                    // stored in a struct point past their header)
                    let into = if self.o.input_heap.as_ref().is_some_and(|o| o.children_start) {
                        self.s.bv_zero(self.memory.off_bits)
                    } else {
                        self.input_fixed(Sort::Bv(self.memory.off_bits), &format!("input_child_offset#{child}"))
                    };
                    let start = self.ptr(child, into);
                    let ct = self.s.bv_u(self.memory.obj_bits, child as u128);
                    let owner = self.s.select(owners, ct);
                    let owned = self.s.eq(owner, at);
                    self.approx.axioms.push(owned);
                    if nullable {
                        let present = self.input_fixed(Sort::Bool, &format!("input_child_present#{child}"));
                        self.s.ite(present, start, null)
                    } else {
                        start
                    }
                };
                // where its address is an earlier slot's, it holds that slot's pointer
                for (b, vb) in maybe {
                    let same = self.s.eq(at, b);
                    value = self.s.ite(same, vb, value);
                }
                value
            }
        };
        let ptr_t = Type::ptr(Type::Void);
        let initial = self.load(content, at, &ptr_t);
        let holds = self.s.eq(initial, value);
        if !self.s.is_true(holds) {
            self.approx.axioms.push(holds);
        }
        if let Some(h) = self.memory.input_heap.as_mut() {
            h.made.slots.insert(at, Slot { value });
            h.made.by_object.entry(k).or_default().push(at);
        }
        value
    }

    /// The next child number, `depth` links from a parameter's object.
    fn new_child(&mut self, depth: u32) -> u32 {
        let Some(heap) = self.memory.input_heap.as_mut() else { return 0 };
        let child = heap.made.next;
        heap.made.next += 1;
        heap.made.depth.insert(child as u64, depth);
        child
    }
}
