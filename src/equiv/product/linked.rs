//! Structures behind the pointers stored in the inputs.
//!
//! A C caller passes linked data: `item->child->string`, a `printbuffer` whose `buffer` points
//! to bytes. A pointer stored in an input object (a struct member, an element of an array of
//! pointers) is therefore built one of two ways, chosen by an input of its own:
//! - it points to a fresh object of its pointee type that the harness builds before either
//!   version runs (one element for a struct or union, `--object-size` elements otherwise:
//!   strings, arrays), whose own pointers are built the same way, breadth first, to
//!   `ProductOptions::link_depth` links from a parameter and at most [`MAX_LINKED`] objects;
//! - or it is NULL, or free as it was before this choice existed: NULL, dangling, or into any
//!   object (another input object: a `prev` pointer back to the parameter).
//!
//! The free choice keeps every input the solver could pick before, so what EQUIVALENT covers
//! does not shrink; the fresh objects are what random runs (which draw a free pointer as
//! random, dangling bits) and the solver need to reach code behind two or three links.
//! The fresh objects are on the heap, as a caller's linked data usually is: the compared
//! functions may free them. Both versions see the same objects: they exist before the snapshot, each run starts from
//! the same contents, and their contents after the runs are compared as outputs.
//!
//! A function pointer stored in the inputs (cJSON's `printbuffer.hooks.reallocate`, the
//! global `global_hooks`) likewise either names one of the functions a call through it may
//! reach (address taken, type fitting: `ir::targets`, what the dispatch tests) or is free. The solver could
//! always pick those; random runs, which drew random bits (an invalid function: the old
//! version's behaviour undefined, the run worthless), now call real functions half the time.
//! Each version calls its own version of the named function (`instrument::fnptr`).

use std::collections::VecDeque;

use super::{Builder, InputLeaf, Leaf};
use crate::ir::{BinOp, Expr, ExprKind, FuncId, FuncType, InstrKind, IntName, Type};

/// The most fresh objects one product builds behind stored pointers.
pub const MAX_LINKED: usize = 24;
/// The most functions a stored function pointer chooses among.
const MAX_FUNCTIONS: usize = 16;

/// Whether the product can compare the calls of an unknown function of type `ft`: it takes
/// values and strings it only reads (`const char *`, logged by their characters) and returns
/// a value. A function pointer stored in the inputs (a callback member) may hold a function
/// of the caller's only for such types: the calls of one taking or returning other pointers
/// end their run UNKNOWN (what it does to memory is unknown), so for them the choice would
/// only take answers away (cJSON's `global_hooks.allocate`: every run that allocates). A
/// function-pointer parameter gets it whatever its type.
pub(super) fn comparable_calls(ft: &FuncType) -> bool {
    let string = |k: usize, t: &Type| {
        ft.const_pointee.get(k).copied().unwrap_or(false)
            && t.pointee().is_some_and(|e| e.is_int() && e.int_width() == Some(8))
    };
    !ft.variadic
        && ft.prototyped
        && !ft.ret.is_pointer()
        && !ft.ret.is_composite()
        && ft.params.iter().enumerate().all(|(k, t)| t.is_arith() || string(k, t))
}

/// The name of the function of the caller's a stored pointer of function type `ft` may hold
/// (one per type: `(*a function of the caller's: int (int))`).
pub(super) fn stored_caller_name(p: &crate::ir::Program, ft: &FuncType) -> String {
    let params: Vec<String> = ft.params.iter().map(|t| p.type_name(t)).collect();
    format!("a function of the caller's: {} ({})", p.type_name(&ft.ret), params.join(", "))
}

/// The fresh objects built so far.
#[derive(Default)]
pub struct Linked {
    /// (the output group, `*` and the pointer's C text; the object; its C name)
    pub objects: Vec<(String, Expr, String)>,
    /// How many choices were made (names the hidden choice inputs).
    choices: usize,
    /// The functions whose address the program takes (found once, at the first stored
    /// function pointer: the walk covers the whole program).
    taken: Option<std::collections::BTreeSet<FuncId>>,
    /// Fresh objects kept for the first links of the parameters still to come: a pointer two
    /// links or more from its parameter does not take them (cJSON's `print_object(item,
    /// output_buffer)`: `item`'s first and second links took all 24 objects, so
    /// `output_buffer->buffer` was always free bits and no random run printed anything).
    pub reserved: usize,
}

/// How many data pointers a value of type `ty` holds (struct and union members, array
/// elements; not function pointers): the first links of a parameter's object.
pub(super) fn stored_pointers(p: &crate::ir::Program, ty: &Type) -> usize {
    fn walk(p: &crate::ir::Program, ty: &Type, depth: u32) -> usize {
        if depth > 8 {
            return 0;
        }
        match ty {
            Type::Pointer(to) => usize::from(!to.is_function()),
            Type::Array(elem, crate::ir::ArrayLen::Fixed(n)) => {
                walk(p, elem, depth + 1).saturating_mul(*n as usize).min(MAX_LINKED)
            }
            Type::Struct(i) | Type::Union(i) => p
                .composites
                .get(*i as usize)
                .map_or(0, |c| c.fields.iter().map(|f| walk(p, &f.ty, depth + 1)).sum::<usize>().min(MAX_LINKED)),
            _ => 0,
        }
    }
    walk(p, ty, 0)
}

impl Builder<'_> {
    /// Gives the scalars `roots` nondeterministic values as [`Builder::input`] does, except
    /// that the data pointers among them for which `linkable` holds, and breadth first those
    /// inside the fresh objects they get, may point to a fresh object (see the module
    /// documentation). Returns the roots' names, in order.
    pub(super) fn inputs_linked(
        &mut self,
        roots: Vec<Leaf>,
        linkable: &dyn Fn(&Leaf) -> bool,
        inputs: &mut Vec<InputLeaf>,
        linked: &mut Linked,
    ) -> Result<Vec<String>, String> {
        let n = roots.len();
        let mut names = Vec::with_capacity(n);
        // (a leaf and how many links from a parameter the object it points to is)
        let mut queue: VecDeque<(Leaf, Option<u32>)> = roots
            .into_iter()
            .map(|l| {
                let depth = linkable(&l).then_some(1);
                (l, depth)
            })
            .collect();
        let mut k = 0usize;
        while let Some((leaf, depth)) = queue.pop_front() {
            if depth.is_some() && self.function_pointer(&leaf.expr.ty) {
                let name = self.function_input(&leaf, inputs, linked);
                if k < n {
                    names.push(name);
                }
                k += 1;
                continue;
            }
            let target = depth
                .filter(|&d| d <= self.o.link_depth && !self.o.null_stored_pointers)
                .filter(|&d| linked.objects.len() + if d > 1 { linked.reserved } else { 0 } < MAX_LINKED)
                .and_then(|d| self.linked_type(&leaf).map(|t| (d, t)));
            let name = match target {
                Some((d, obj_ty)) => {
                    let inner = self.link(&leaf, obj_ty, inputs, linked)?;
                    for l in inner {
                        let pointer = self.target_type(&l.expr.ty).is_some() || self.function_pointer(&l.expr.ty);
                        queue.push_back((l, pointer.then_some(d + 1)));
                    }
                    crate::ir::display::expr_to_c(self.p, &leaf.expr)
                }
                None => match self.described_elems(&leaf) {
                    Some(elems) => self.size_or_input(&leaf, elems, inputs, linked),
                    None => self.input(&leaf, inputs),
                },
            };
            if k < n {
                names.push(name);
            }
            k += 1;
        }
        Ok(names)
    }

    fn function_pointer(&self, ty: &Type) -> bool {
        ty.pointee().is_some_and(|t| t.is_function()) && !self.o.null_stored_pointers
    }

    /// Gives the function pointer `leaf` its value: one of the functions a call through it
    /// may reach (of the old version or shared; see the module documentation) — among them
    /// the functions of the caller's that fit (`ir::targets::caller_function`: unknown
    /// functions shared by both versions, their calls logged and compared; a parameter's own,
    /// and one per type whose calls can be compared, `product::declare_caller_functions`) —
    /// or a free value. Returns its name, as [`Builder::input`] does.
    pub(super) fn function_input(&mut self, leaf: &Leaf, inputs: &mut Vec<InputLeaf>, linked: &mut Linked) -> String {
        let want = match leaf.expr.ty.pointee() {
            Some(Type::Function(ft)) => (**ft).clone(),
            _ => return self.input(leaf, inputs),
        };
        use crate::ir::targets::{address_taken_functions, fits, is_caller_function, version};
        let p = &*self.p;
        let taken = linked.taken.get_or_insert_with(|| address_taken_functions(p));
        // (of the old version or shared: each version calls its own, instrument::fnptr; the
        // functions of the caller's `declare_caller_functions` made before the
        // instrumentation — so that the dispatch tests them — are among them, first, so the
        // cap never leaves them out)
        let fitting = |f: &FuncId| fits(&p.func(*f).ty, &want) && version(&p.func(*f).name).map(|v| v.1) != Some("new");
        let (callers, named): (Vec<FuncId>, Vec<FuncId>) =
            taken.iter().copied().filter(fitting).partition(|&f| is_caller_function(&p.func(f).name));
        let targets: Vec<FuncId> = callers.into_iter().chain(named).take(MAX_FUNCTIONS).collect();
        if targets.is_empty() {
            return self.input(leaf, inputs);
        }
        let sel = self.choice(linked);
        let uchar = self.p.target.int(IntName::UChar);
        let int = self.int();
        // (bit 0 picks a function or NULL-or-free, the bits above bit 1 which function)
        let which = Expr::binary(BinOp::Shr, sel.clone(), Expr::int(2, uchar.clone()), uchar.clone());
        let which = Expr::binary(BinOp::Rem, which, Expr::int(targets.len() as i128, uchar.clone()), uchar.clone());
        let to_free = self.body.len();
        let free = self.bit_clear(sel.clone(), 1);
        self.push(InstrKind::Goto { cond: Some(free), target: usize::MAX });
        let mut to_end = Vec::new();
        for (k, &f) in targets.iter().enumerate() {
            let other = Expr::binary(BinOp::Ne, which.clone(), Expr::int(k as i128, uchar.clone()), int.clone());
            let skip = self.body.len();
            self.push(InstrKind::Goto { cond: Some(other), target: usize::MAX });
            let fe = crate::ir::build::func_expr(self.p, f);
            self.assign(leaf.expr.clone(), Expr::cast(Expr::addr_of(fe), leaf.expr.ty.clone()));
            to_end.push(self.body.len());
            self.push(InstrKind::Goto { cond: None, target: usize::MAX });
            let next = self.body.len();
            self.patch(skip, next);
        }
        let free_at = self.body.len();
        self.patch(to_free, free_at);
        let name = self.free_value(&sel, leaf, inputs);
        let end = self.body.len();
        for at in to_end {
            self.patch(at, end);
        }
        name
    }

    /// The other choices for a stored pointer: NULL when bit 1 of `sel` is set, else a free
    /// value (which may also be NULL: the NULL choice only makes it as likely in random runs
    /// as the code testing for it needs). Returns the leaf's name.
    fn free_value(&mut self, sel: &Expr, leaf: &Leaf, inputs: &mut Vec<InputLeaf>) -> String {
        self.value_or_input(sel, 2, 0, leaf, inputs)
    }

    /// `leaf = value` when bit `bit` of the choice `sel` is set, else a free value, as
    /// [`Builder::input`] gives (every value stays possible). Returns the leaf's name.
    fn value_or_input(
        &mut self,
        sel: &Expr,
        bit: i128,
        value: i128,
        leaf: &Leaf,
        inputs: &mut Vec<InputLeaf>,
    ) -> String {
        let to_free = self.body.len();
        let free = self.bit_clear(sel.clone(), bit);
        self.push(InstrKind::Goto { cond: Some(free), target: usize::MAX });
        self.assign(leaf.expr.clone(), Expr::int(value, leaf.expr.ty.clone()));
        let to_end = self.body.len();
        self.push(InstrKind::Goto { cond: None, target: usize::MAX });
        let free_at = self.body.len();
        let name = self.input(leaf, inputs);
        let end = self.body.len();
        self.patch(to_free, free_at);
        self.patch(to_end, end);
        name
    }

    /// The elements of the fresh object a sibling member may point to, when `leaf` is an
    /// integer member named as a size (`length`, `len`, `size`, `capacity`, `count`, …) of a
    /// struct with one data pointer member: a caller's buffer and its length (cJSON's
    /// `printbuffer { buffer; length; offset; }`), which drawn apart almost never agree.
    fn described_elems(&self, leaf: &Leaf) -> Option<u64> {
        let ExprKind::Member(base, k) = &leaf.expr.kind else { return None };
        let (Type::Struct(c) | Type::Union(c)) = &base.ty else { return None };
        let c = self.p.composites.get(*c as usize)?;
        let field = c.fields.get(*k as usize)?;
        if !field.ty.is_int() || field.bits.is_some() || !size_name(&field.name) {
            return None;
        }
        let buffer = described_buffer(c)?;
        match self.target_type(&buffer.ty)? {
            Type::Array(e, crate::ir::ArrayLen::Fixed(_)) if !e.is_composite() => Some(DESCRIBED_ELEMS),
            _ => None,
        }
    }

    /// The type of the fresh object the stored pointer `leaf` may point to: as
    /// [`Builder::target_type`], but [`DESCRIBED_ELEMS`] elements for the buffer of a struct
    /// that also holds its size (a caller's output buffer has room for what is written).
    fn linked_type(&self, leaf: &Leaf) -> Option<Type> {
        let t = self.target_type(&leaf.expr.ty)?;
        let ExprKind::Member(base, k) = &leaf.expr.kind else { return Some(t) };
        let (Type::Struct(c) | Type::Union(c)) = &base.ty else { return Some(t) };
        let Some(c) = self.p.composites.get(*c as usize) else { return Some(t) };
        let described = described_buffer(c).zip(c.fields.get(*k as usize)).is_some_and(|(b, f)| std::ptr::eq(b, f))
            && c.fields.iter().any(|f| f.ty.is_int() && f.bits.is_none() && size_name(&f.name));
        match &t {
            Type::Array(e, _) if described && !e.is_composite() => Some(Type::array((**e).clone(), DESCRIBED_ELEMS)),
            _ => Some(t),
        }
    }

    /// `leaf = elems` (the size of the buffer its sibling points to) when a hidden choice
    /// says so (bit 0 set: about half the random runs, none of the all-zero run), else a
    /// free value: what EQUIVALENT covers does not shrink. Returns the leaf's name.
    fn size_or_input(&mut self, leaf: &Leaf, elems: u64, inputs: &mut Vec<InputLeaf>, linked: &mut Linked) -> String {
        let sel = self.choice(linked);
        self.value_or_input(&sel, 1, elems as i128, leaf, inputs)
    }

    /// `param = object`, or with `nullable` NULL instead when a hidden choice says so (bits 0
    /// and 1 set: a quarter of random runs, none of the all-zero run): a pointer parameter the
    /// code tests for NULL, which a caller may pass (cJSON's `print_string_ptr(NULL, …)` prints
    /// `""`; a change there was invisible while the parameter always had an object).
    pub(super) fn object_or_null(&mut self, param: Expr, object: Expr, nullable: bool, linked: &mut Linked) {
        if !nullable {
            self.assign(param, object);
            return;
        }
        let sel = self.choice(linked);
        let uchar = self.p.target.int(IntName::UChar);
        let bits = Expr::binary(BinOp::BitAnd, sel, Expr::int(3, uchar.clone()), uchar.clone());
        let null = Expr::binary(BinOp::Eq, bits, Expr::int(3, uchar), self.int());
        let to_null = self.body.len();
        self.push(InstrKind::Goto { cond: Some(null), target: usize::MAX });
        self.assign(param.clone(), object);
        let to_end = self.body.len();
        self.push(InstrKind::Goto { cond: None, target: usize::MAX });
        let null_at = self.body.len();
        self.assign(param.clone(), Expr::int(0, param.ty.clone()));
        let end = self.body.len();
        self.patch(to_null, null_at);
        self.patch(to_end, end);
    }

    /// Puts the input object `oe` on the heap: a caller's linked data usually is, and the
    /// compared functions may free it (cJSON frees an item and its strings); freeing a
    /// harness local was undefined behaviour that ended every such run of the old version.
    pub(super) fn on_heap(&mut self, oe: &Expr) {
        let vp = Type::ptr(Type::Void);
        let heap = self.intrinsic("__verdiff_product_heap", Type::Void, vec![vp.clone()]);
        self.call(heap, None, vec![Expr::cast(Expr::addr_of(oe.clone()), vp)]);
    }

    /// A new hidden input choosing how a stored pointer is built.
    fn choice(&mut self, linked: &mut Linked) -> Expr {
        let uchar = self.p.target.int(IntName::UChar);
        let sel = self.local(&format!("$linked{}", linked.choices), uchar.clone(), false);
        linked.choices += 1;
        self.push(InstrKind::Decl(sel));
        let sel_e = Expr::var(sel, uchar.clone());
        // (an input like any other, which random runs draw as uniform bits rather than as
        // the characters and sizes that input bytes are drawn from: cJSON compares bytes
        // with mostly even characters, so bit 0 — "a fresh object" — was rarely set)
        let choice = self.intrinsic("__verdiff_product_choice", uchar, vec![]);
        self.call(choice, Some(sel_e.clone()), vec![]);
        sel_e
    }

    /// `(sel & bit) == 0` (all-zero inputs make every pointer free: bit 0 clear picks the
    /// NULL-or-free choices, bit 1 clear then the free value).
    fn bit_clear(&self, sel: Expr, bit: i128) -> Expr {
        let uchar = self.p.target.int(IntName::UChar);
        let bit = Expr::binary(BinOp::BitAnd, sel, Expr::int(bit, uchar.clone()), uchar.clone());
        Expr::binary(BinOp::Eq, bit, Expr::int(0, uchar), self.int())
    }

    /// Points the jump at `at` to instruction `target`.
    fn patch(&mut self, at: usize, target: usize) {
        if let InstrKind::Goto { target: t, .. } = &mut self.body[at].kind {
            *t = target;
        }
    }

    /// The type of the fresh object a stored pointer of type `ty` may point to: one struct or
    /// union, `--object-size` elements of anything else (bytes for `void *`); None for a
    /// function pointer, an incomplete type or a non-pointer.
    fn target_type(&self, ty: &Type) -> Option<Type> {
        let to = ty.pointee()?;
        let (elem, n) = match to {
            Type::Function(_) => return None,
            Type::Void => (self.p.target.int(IntName::UChar), self.o.object_elems),
            t if t.is_composite() => (t.clone(), 1),
            t => (t.clone(), self.o.object_elems),
        };
        self.p.size_of(&elem).filter(|&s| s > 0)?;
        Some(Type::array(elem, n))
    }

    /// Builds the fresh object `leaf` may point to and the choice between it and a free
    /// value; returns the object's scalars, which the caller gives values.
    fn link(
        &mut self,
        leaf: &Leaf,
        obj_ty: Type,
        inputs: &mut Vec<InputLeaf>,
        linked: &mut Linked,
    ) -> Result<Vec<Leaf>, String> {
        let text = crate::ir::display::expr_to_c(self.p, &leaf.expr);
        let mut oname = format!("{}_object", identifier(&text));
        if linked.objects.iter().any(|(_, _, n)| *n == oname) {
            oname = format!("{oname}{}", linked.objects.len());
        }
        let ov = self.local(&oname, obj_ty.clone(), true);
        self.push(InstrKind::Decl(ov));
        let oe = Expr::var(ov, obj_ty.clone());
        self.on_heap(&oe);
        let inner = self.leaves_of(oe.clone(), &oname)?;
        // the choice: an input of its own (hidden from traces, drawn like any other by random
        // runs; all-zero inputs leave the pointer free, hence NULL)
        let sel = self.choice(linked);
        let to_free = self.body.len();
        let free = self.bit_clear(sel.clone(), 1);
        self.push(InstrKind::Goto { cond: Some(free), target: usize::MAX });
        let elem = match &obj_ty {
            Type::Array(e, _) => (**e).clone(),
            t => t.clone(),
        };
        let first =
            Expr::new(ExprKind::Index(Box::new(oe.clone()), Box::new(Expr::int(0, self.p.target.size_t()))), elem);
        self.assign(leaf.expr.clone(), Expr::cast(Expr::addr_of(first), leaf.expr.ty.clone()));
        let to_end = self.body.len();
        self.push(InstrKind::Goto { cond: None, target: usize::MAX });
        let free_at = self.body.len();
        self.free_value(&sel, leaf, inputs);
        let end = self.body.len();
        self.patch(to_free, free_at);
        self.patch(to_end, end);
        linked.objects.push((format!("*{text}"), oe, oname));
        Ok(inner)
    }
}

/// The elements of a buffer whose struct holds its size (see [`Builder::linked_type`]):
/// room for a few printed values (cJSON's `print_object` writes `{"":null}` and its end).
pub(super) const DESCRIBED_ELEMS: u64 = 32;

/// The one data pointer member of a struct, the buffer a size member describes.
fn described_buffer(c: &crate::ir::Composite) -> Option<&crate::ir::Field> {
    let mut data = c.fields.iter().filter(|f| f.ty.pointee().is_some_and(|t| !t.is_function()));
    let only = data.next()?;
    data.next().is_none().then_some(only)
}

/// Whether a member's name reads as the size of a buffer: `length`, `len`, `buf_size`,
/// `capacity`, `cap`, `count`, `nitems` (not `offset`, `depth`, `flags`).
fn size_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    ["len", "size", "cap", "count", "nitems", "nelem", "avail"].iter().any(|w| n.contains(w))
}

/// `item_object[0].child` as `item_object_0_child`: a C identifier naming the object behind
/// a stored pointer after the pointer's place.
fn identifier(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

#[cfg(test)]
mod tests {
    use super::identifier;

    #[test]
    fn an_object_is_named_after_the_place_of_its_pointer() {
        assert_eq!(identifier("item_object[0].child"), "item_object_0_child");
        assert_eq!(identifier("p_object[0].next->data"), "p_object_0_next_data");
        assert_eq!(identifier("(*q).s"), "q_s");
    }
}
