//! Initialisers (C11 6.7.9): designators, brace elision, strings initialising char arrays.
//!
//! An initialiser becomes assignments to sub-objects. Objects with static storage start as zero;
//! automatic objects with a brace initialiser are first set to zero as a whole.

use lang_c::ast::{Designator, Expression, Initializer, InitializerListItem};
use lang_c::span::Node;

use super::stmt::append_relocated;
use super::{LResult, Lowerer};
use crate::ir::{ArrayLen, Expr, ExprKind, InstrKind, Type, VarId};

/// The most elements one GNU range designator `[lo ... hi]` may initialise: each becomes an
/// assignment, so a range over a huge array would stall the lowering.
const MAX_RANGE_DESIGNATOR: u64 = 1 << 20;

impl Lowerer<'_> {
    /// Initialisation of an object with static storage: code appended to the program's
    /// static initialiser.
    pub fn static_initializer(&mut self, v: VarId, init: &Node<Initializer>) -> LResult<()> {
        self.complete_array_type(v, init);
        let saved_func = self.cur_func.take();
        let (r, code) = self.scratch(|l| {
            let lv = l.var_expr(v);
            l.init_object(lv, init, true)
        });
        self.cur_func = saved_func;
        r?;
        append_relocated(&mut self.prog.init, code);
        Ok(())
    }

    /// Initialisation of an automatic object, emitted in place.
    pub fn local_initializer(&mut self, v: VarId, init: &Node<Initializer>) -> LResult<()> {
        let lv = self.var_expr(v);
        self.init_object(lv, init, false)
    }

    /// Gives `T a[] = init` its size.
    pub fn complete_array_type(&mut self, v: VarId, init: &Node<Initializer>) {
        let ty = self.prog.var(v).ty.clone();
        let Type::Array(elem, ArrayLen::Unknown) = &ty else {
            return;
        };
        let n = match &init.node {
            Initializer::List(items) => self.list_length(elem, items),
            Initializer::Expression(e) => match self.string_len(e, elem) {
                Some(n) => n,
                None => return,
            },
        };
        self.prog.vars[v.0 as usize].ty = Type::Array(elem.clone(), ArrayLen::Fixed(n));
    }

    /// The number of elements a brace list gives an array of unknown size.
    fn list_length(&mut self, elem: &Type, items: &[Node<InitializerListItem>]) -> u64 {
        // a string literal in braces initialising a char array
        if items.len() == 1 && items[0].node.designation.is_empty() {
            if let Initializer::Expression(e) = &items[0].node.initializer.node {
                if let Some(n) = self.string_len(e, elem) {
                    return n;
                }
            }
        }
        let scalars_per_elem = self.scalar_count(elem).max(1);
        let mut idx: u64 = 0;
        let mut max: u64 = 0;
        let mut pending_scalars = 0u64;
        for it in items {
            if let Some(Designator::Index(e)) = it.node.designation.first().map(|d| &d.node) {
                if let Some(i) = self.try_const_int(e) {
                    idx = i.max(0) as u64;
                    pending_scalars = 0;
                }
            } else if let Some(Designator::Range(r)) = it.node.designation.first().map(|d| &d.node) {
                if let Some(hi) = self.try_const_int(&r.node.to) {
                    idx = hi.max(0) as u64;
                    pending_scalars = 0;
                }
            }
            let braced = matches!(it.node.initializer.node, Initializer::List(_)) || !it.node.designation.is_empty();
            let is_aggregate_value = match &it.node.initializer.node {
                Initializer::Expression(e) => self.typed(e).map(|t| t.is_composite() || t.is_array()).unwrap_or(false),
                _ => false,
            };
            if braced || is_aggregate_value || !(elem.is_array() || elem.is_composite()) {
                if pending_scalars > 0 {
                    idx += 1;
                    pending_scalars = 0;
                }
                max = max.max(idx + 1);
                idx += 1;
            } else {
                // brace elision: several scalars make up one element
                max = max.max(idx + 1);
                pending_scalars += 1;
                if pending_scalars == scalars_per_elem {
                    idx += 1;
                    pending_scalars = 0;
                }
            }
        }
        max
    }

    fn scalar_count(&self, t: &Type) -> u64 {
        match t {
            Type::Array(e, ArrayLen::Fixed(n)) => n * self.scalar_count(e),
            Type::Struct(_) => self
                .prog
                .layout()
                .composite(t)
                .map(|c| c.fields.iter().map(|f| self.scalar_count(&f.ty)).sum())
                .unwrap_or(1),
            Type::Union(_) => self
                .prog
                .layout()
                .composite(t)
                .and_then(|c| c.fields.first())
                .map(|f| self.scalar_count(&f.ty))
                .unwrap_or(1),
            _ => 1,
        }
    }

    /// If `e` is a string literal suitable for a char array of element `elem`: its length
    /// including the terminator.
    fn string_len(&mut self, e: &Node<Expression>, elem: &Type) -> Option<u64> {
        let Expression::StringLiteral(_) = &e.node else {
            return None;
        };
        if !elem.is_int() {
            return None;
        }
        let (r, _) = self.scratch(|l| l.operand(e, true));
        match r.ok()?.ty {
            Type::Array(_, ArrayLen::Fixed(n)) => Some(n),
            _ => None,
        }
    }

    fn init_object(&mut self, lv: Expr, init: &Node<Initializer>, is_static: bool) -> LResult<()> {
        let at = init.span.start;
        let loc = self.loc(at);
        match &init.node {
            Initializer::Expression(e) => {
                if lv.ty.is_array() {
                    if let Some(()) = self.init_char_array(&lv, e, is_static)? {
                        return Ok(());
                    }
                    return Err(self.err(at, "array initialised from a non-brace expression"));
                }
                let v = self.rvalue(e)?;
                let v = self.convert_assign(v, &lv.ty, at)?;
                self.b.assign(lv, v, loc);
                Ok(())
            }
            Initializer::List(items) => {
                if !is_static {
                    self.b.assign(lv.clone(), Expr::new(ExprKind::Zero, lv.ty.clone()), loc);
                }
                if lv.ty.is_array() || lv.ty.is_composite() {
                    let mut idx = 0;
                    self.fill(&lv, items, &mut idx, true, is_static)?;
                    if idx < items.len() {
                        self.note(at, "excess elements in initializer are ignored".into());
                    }
                    Ok(())
                } else {
                    // scalar in braces: { x }
                    match items.first() {
                        Some(it) => self.init_object(lv, &it.node.initializer, is_static),
                        None => Ok(()),
                    }
                }
            }
        }
    }

    /// `char s[N] = "..."`: element-wise, the rest is already zero.
    fn init_char_array(&mut self, lv: &Expr, e: &Node<Expression>, is_static: bool) -> LResult<Option<()>> {
        let Expression::StringLiteral(s) = &e.node else {
            return Ok(None);
        };
        let Type::Array(elem, len) = &lv.ty else {
            return Ok(None);
        };
        if !elem.is_int() {
            return Ok(None);
        }
        let lit = self.string_literal(&s.node, e.span.start)?;
        let ExprKind::Str(id) = lit.kind else {
            return Ok(None);
        };
        let esz = self.prog.size_of(elem).unwrap_or(1).max(1) as usize;
        let bytes = self.prog.string(id).to_vec();
        let units: Vec<u128> =
            bytes.chunks(esz).map(|c| c.iter().rev().fold(0u128, |acc, &b| (acc << 8) | b as u128)).collect();
        let n = match len {
            ArrayLen::Fixed(n) => *n as usize,
            _ => units.len(),
        };
        let loc = self.loc(e.span.start);
        let idx_ty = self.prog.target.size_t();
        if !is_static && n > units.len() {
            self.b.assign(lv.clone(), Expr::new(ExprKind::Zero, lv.ty.clone()), loc);
        }
        for (i, &u) in units.iter().enumerate().take(n) {
            if is_static && u == 0 {
                continue;
            }
            let el = Expr::new(
                ExprKind::Index(Box::new(lv.clone()), Box::new(Expr::int(i as i128, idx_ty.clone()))),
                (**elem).clone(),
            );
            self.b.assign(el, Expr::new(ExprKind::Int(u), (**elem).clone()), loc);
        }
        Ok(Some(()))
    }

    /// The sub-object `i` of an aggregate lvalue and its type; None past the end.
    fn sub_object(&self, lv: &Expr, i: u64) -> Option<Expr> {
        match &lv.ty {
            Type::Array(elem, len) => {
                if let ArrayLen::Fixed(n) = len {
                    if i >= *n {
                        return None;
                    }
                }
                let idx_ty = self.prog.target.size_t();
                Some(Expr::new(
                    ExprKind::Index(Box::new(lv.clone()), Box::new(Expr::int(i as i128, idx_ty))),
                    (**elem).clone(),
                ))
            }
            Type::Struct(_) | Type::Union(_) => {
                let c = self.prog.layout().composite(&lv.ty)?;
                if c.is_union && i > 0 {
                    return None;
                }
                let f = c.fields.get(i as usize)?;
                if f.ty.is_array() && matches!(f.ty, Type::Array(_, ArrayLen::Unknown)) {
                    return None; // flexible array member
                }
                Some(Expr::new(ExprKind::Member(Box::new(lv.clone()), i as u32), f.ty.clone()))
            }
            _ => None,
        }
    }

    /// Fills an aggregate from `items[*idx..]`. `braced`: this aggregate has its own braces
    /// (designators apply here); otherwise it is brace-elided and stops at a designator.
    fn fill(
        &mut self,
        lv: &Expr,
        items: &[Node<InitializerListItem>],
        idx: &mut usize,
        braced: bool,
        is_static: bool,
    ) -> LResult<()> {
        let mut cur: u64 = 0;
        while *idx < items.len() {
            let it = &items[*idx];
            let at = it.span.start;
            if !it.node.designation.is_empty() {
                if !braced {
                    return Ok(());
                }
                let (first, rest) = (&it.node.designation[0], &it.node.designation[1..]);
                let (lo, hi) = match &first.node {
                    Designator::Index(e) => {
                        let i = self.const_int(e)?;
                        (i as u64, i as u64)
                    }
                    Designator::Range(r) => (self.const_int(&r.node.from)? as u64, self.const_int(&r.node.to)? as u64),
                    Designator::Member(id) => {
                        let c = self.prog.layout().composite(&lv.ty).cloned();
                        let Some(c) = c else {
                            return Err(self.err(at, "member designator on a non-struct"));
                        };
                        match c.field_index(&id.node.name) {
                            Some(i) => (i as u64, i as u64),
                            None => {
                                // a member of an anonymous struct/union member
                                let pos = c.fields.iter().position(|f| {
                                    f.name.is_empty()
                                        && self
                                            .prog
                                            .layout()
                                            .composite(&f.ty)
                                            .is_some_and(|ic| ic.field_index(&id.node.name).is_some())
                                });
                                match pos {
                                    Some(p) => {
                                        let sub = self
                                            .sub_object(lv, p as u64)
                                            .ok_or_else(|| self.err(at, "bad designator"))?;
                                        let m = self.member(sub, &id.node.name, at)?;
                                        self.designated(m, rest, &it.node.initializer, is_static)?;
                                        *idx += 1;
                                        cur = p as u64 + 1;
                                        continue;
                                    }
                                    None => return Err(self.err(at, &format!("no member named `{}`", id.node.name))),
                                }
                            }
                        }
                    }
                };
                self.range_within_limit(lo, hi, at)?;
                for i in lo..=hi {
                    let sub = self.sub_object(lv, i).ok_or_else(|| self.err(at, "designator outside the object"))?;
                    self.designated(sub, rest, &it.node.initializer, is_static)?;
                }
                *idx += 1;
                cur = hi + 1;
                continue;
            }
            let Some(sub) = self.sub_object(lv, cur) else {
                return Ok(());
            };
            match &it.node.initializer.node {
                Initializer::List(_) => {
                    self.init_braced(sub, &it.node.initializer, is_static)?;
                    *idx += 1;
                }
                Initializer::Expression(e) => {
                    let sub_is_agg = sub.ty.is_array() || sub.ty.is_composite();
                    let takes_whole = if sub_is_agg {
                        if sub.ty.is_array() {
                            self.string_len(e, sub.ty.elem().unwrap_or(&Type::Void)).is_some()
                        } else {
                            // a struct value of the member's type
                            let t = self.typed(e)?;
                            t.is_composite() && self.same_composite(&t, &sub.ty)
                        }
                    } else {
                        true
                    };
                    if takes_whole {
                        self.init_object(sub, &it.node.initializer, true)?;
                        *idx += 1;
                    } else {
                        let before = *idx;
                        self.fill(&sub, items, idx, false, is_static)?;
                        if *idx == before {
                            // a sub-object with no scalars (GNU zero-length array, empty
                            // struct): GCC takes the value as an excess element of it and
                            // drops it; every item still moves the list on, so a huge array of
                            // such elements ends with the list
                            self.note(at, "excess elements in initializer are ignored".into());
                            *idx += 1;
                        }
                    }
                }
            }
            cur += 1;
        }
        Ok(())
    }

    /// A GNU range designator `[lo ... hi]` over more than [`MAX_RANGE_DESIGNATOR`] elements is
    /// refused at its line.
    fn range_within_limit(&self, lo: u64, hi: u64, at: usize) -> LResult<()> {
        if hi >= lo && hi - lo >= MAX_RANGE_DESIGNATOR {
            return Err(self.err(
                at,
                &format!(
                    "range designator [{lo} ... {hi}] covers {} elements; verdiff lowers at most {MAX_RANGE_DESIGNATOR}",
                    hi - lo + 1
                ),
            ));
        }
        Ok(())
    }

    fn same_composite(&self, a: &Type, b: &Type) -> bool {
        match (a, b) {
            (Type::Struct(x), Type::Struct(y)) | (Type::Union(x), Type::Union(y)) => {
                x == y || self.prog.composites[*x as usize].tag == self.prog.composites[*y as usize].tag
            }
            _ => false,
        }
    }

    /// A braced initialiser for a sub-object (already zeroed by the enclosing object).
    fn init_braced(&mut self, sub: Expr, init: &Node<Initializer>, _is_static: bool) -> LResult<()> {
        // sub-objects of an automatic aggregate were zeroed with the whole object
        self.init_object_nozero(sub, init)
    }

    fn init_object_nozero(&mut self, lv: Expr, init: &Node<Initializer>) -> LResult<()> {
        match &init.node {
            Initializer::List(items) if lv.ty.is_array() || lv.ty.is_composite() => {
                let mut idx = 0;
                self.fill(&lv, items, &mut idx, true, true)
            }
            _ => self.init_object(lv, init, true),
        }
    }

    /// The rest of a designation applied to a sub-object.
    fn designated(
        &mut self,
        sub: Expr,
        rest: &[Node<Designator>],
        init: &Node<Initializer>,
        is_static: bool,
    ) -> LResult<()> {
        if rest.is_empty() {
            return match &init.node {
                Initializer::List(_) => self.init_braced(sub, init, is_static),
                Initializer::Expression(e) => {
                    if sub.ty.is_array() || sub.ty.is_composite() {
                        let t = self.typed(e)?;
                        let whole = (sub.ty.is_composite() && self.same_composite(&t, &sub.ty))
                            || (sub.ty.is_array()
                                && self.string_len(e, sub.ty.elem().unwrap_or(&Type::Void)).is_some());
                        if !whole {
                            // `.arr = 1` initialises the first scalar of the aggregate
                            let items = vec![Node::new(
                                InitializerListItem { designation: vec![], initializer: Box::new(init.clone()) },
                                init.span,
                            )];
                            let mut idx = 0;
                            return self.fill(&sub, &items, &mut idx, true, true);
                        }
                    }
                    self.init_object(sub, init, true)
                }
            };
        }
        let at = rest[0].span.start;
        match &rest[0].node {
            Designator::Member(id) => {
                let m = self.member(sub, &id.node.name, at)?;
                self.designated(m, &rest[1..], init, is_static)
            }
            Designator::Index(e) => {
                let i = self.const_int(e)? as u64;
                let s = self.sub_object(&sub, i).ok_or_else(|| self.err(at, "designator outside the array"))?;
                self.designated(s, &rest[1..], init, is_static)
            }
            Designator::Range(r) => {
                let (lo, hi) = (self.const_int(&r.node.from)? as u64, self.const_int(&r.node.to)? as u64);
                self.range_within_limit(lo, hi, at)?;
                for i in lo..=hi {
                    let s = self.sub_object(&sub, i).ok_or_else(|| self.err(at, "designator outside the array"))?;
                    self.designated(s, &rest[1..], init, is_static)?;
                }
                Ok(())
            }
        }
    }
}

#[allow(dead_code)]
fn _unused(_: InstrKind) {}
