//! Expressions: side effects become instructions, the value becomes a pure [`Expr`].

use lang_c::ast::{
    BinaryOperator, Constant, Expression, GenericAssociation, MemberOperator, OffsetMember, UnaryOperator,
};
use lang_c::span::Node;

use super::consts::{decode_escapes, float_literal, int_literal, split_prefix};
use super::{LResult, Lowerer, Sym};
use crate::ir::{ArrayLen, BinOp, Expr, ExprKind, FloatKind, InstrKind, IntName, StrId, Type, UnOp, VarKind};

/// Whether evaluating the expression can have an effect beyond producing its value (so that it
/// must not be evaluated speculatively).
pub fn has_side_effects(e: &Expression) -> bool {
    match e {
        Expression::Identifier(_) | Expression::Constant(_) | Expression::StringLiteral(_) => false,
        Expression::SizeOfTy(_) | Expression::SizeOfVal(_) | Expression::AlignOf(_) | Expression::OffsetOf(_) => false,
        Expression::Call(c) => {
            // pure builtins keep short-circuit operators pure
            if let Expression::Identifier(id) = &c.node.callee.node {
                let name = id.node.name.as_str();
                if matches!(name, "__builtin_expect" | "__builtin_constant_p")
                    || super::contract::is_clause_builtin(name)
                {
                    return c.node.arguments.iter().any(|a| has_side_effects(&a.node));
                }
            }
            true
        }
        Expression::Statement(_) | Expression::VaArg(_) | Expression::CompoundLiteral(_) => true,
        Expression::GenericSelection(g) => g.node.associations.iter().any(|a| match &a.node {
            GenericAssociation::Type(t) => has_side_effects(&t.node.expression.node),
            GenericAssociation::Default(d) => has_side_effects(&d.node),
        }),
        Expression::Member(m) => has_side_effects(&m.node.expression.node),
        Expression::UnaryOperator(u) => {
            matches!(
                u.node.operator.node,
                UnaryOperator::PostIncrement
                    | UnaryOperator::PostDecrement
                    | UnaryOperator::PreIncrement
                    | UnaryOperator::PreDecrement
            ) || has_side_effects(&u.node.operand.node)
        }
        Expression::Cast(c) => has_side_effects(&c.node.expression.node),
        Expression::BinaryOperator(b) => {
            !matches!(
                b.node.operator.node,
                BinaryOperator::Index
                    | BinaryOperator::Multiply
                    | BinaryOperator::Divide
                    | BinaryOperator::Modulo
                    | BinaryOperator::Plus
                    | BinaryOperator::Minus
                    | BinaryOperator::ShiftLeft
                    | BinaryOperator::ShiftRight
                    | BinaryOperator::Less
                    | BinaryOperator::Greater
                    | BinaryOperator::LessOrEqual
                    | BinaryOperator::GreaterOrEqual
                    | BinaryOperator::Equals
                    | BinaryOperator::NotEquals
                    | BinaryOperator::BitwiseAnd
                    | BinaryOperator::BitwiseXor
                    | BinaryOperator::BitwiseOr
                    | BinaryOperator::LogicalAnd
                    | BinaryOperator::LogicalOr
            ) || has_side_effects(&b.node.lhs.node)
                || has_side_effects(&b.node.rhs.node)
        }
        Expression::Conditional(c) => {
            has_side_effects(&c.node.condition.node)
                || has_side_effects(&c.node.then_expression.node)
                || has_side_effects(&c.node.else_expression.node)
        }
        Expression::Comma(es) => es.iter().any(|x| has_side_effects(&x.node)),
    }
}

impl Lowerer<'_> {
    /// The value of an expression (arrays and functions decay to pointers).
    pub fn rvalue(&mut self, e: &Node<Expression>) -> LResult<Expr> {
        let x = self.operand(e, true)?;
        Ok(self.decay(x))
    }

    /// Evaluates an expression statement. Its value is discarded, but C still evaluates it:
    /// `p[6];` reads p[6], so a read that can fail is kept as an assignment to a discarded
    /// temporary (where the instrumentation puts its claims).
    pub fn effect(&mut self, e: &Node<Expression>) -> LResult<()> {
        if let Expression::Call(c) = &e.node {
            if let Expression::Identifier(id) = &c.node.callee.node {
                if let Some(kind) = super::contract::clause_kind(&id.node.name) {
                    if self.cur_func.is_some() && self.lookup(&id.node.name).is_none_or(|s| !has_body(self, &s)) {
                        return self.contract_clause(kind, c);
                    }
                }
            }
        }
        let v = self.operand(e, false)?;
        let evaluated_already = match &e.node {
            Expression::BinaryOperator(b) => matches!(
                b.node.operator.node,
                BinaryOperator::Assign
                    | BinaryOperator::AssignMultiply
                    | BinaryOperator::AssignDivide
                    | BinaryOperator::AssignModulo
                    | BinaryOperator::AssignPlus
                    | BinaryOperator::AssignMinus
                    | BinaryOperator::AssignShiftLeft
                    | BinaryOperator::AssignShiftRight
                    | BinaryOperator::AssignBitwiseAnd
                    | BinaryOperator::AssignBitwiseXor
                    | BinaryOperator::AssignBitwiseOr
            ),
            Expression::UnaryOperator(u) => matches!(
                u.node.operator.node,
                UnaryOperator::PostIncrement
                    | UnaryOperator::PostDecrement
                    | UnaryOperator::PreIncrement
                    | UnaryOperator::PreDecrement
            ),
            Expression::Call(_) | Expression::Comma(_) | Expression::Statement(_) | Expression::Cast(_) => true,
            Expression::Conditional(_) => false,
            _ => false,
        };
        if !evaluated_already && !v.ty.is_void() && can_fault(&v) {
            let v = self.decay(v);
            self.temp_of(v, "discard", e.span.start);
        }
        Ok(())
    }

    /// An lvalue designating an object.
    pub fn lvalue(&mut self, e: &Node<Expression>) -> LResult<Expr> {
        let x = self.operand(e, true)?;
        if !is_lvalue(&x) {
            return Err(self.err(e.span.start, "expression is not assignable"));
        }
        Ok(x)
    }

    /// The type of an expression as an operand (no decay); any code is discarded.
    pub fn typed(&mut self, e: &Node<Expression>) -> LResult<Type> {
        let (r, _) = self.scratch(|l| l.operand(e, true));
        r.map(|x| x.ty)
    }

    /// Runs `f` with a fresh builder whose instructions are returned instead of kept.
    pub fn scratch<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> (R, Vec<crate::ir::Instr>) {
        let mut fresh = super::Builder::new();
        fresh.ret_ty = self.b.ret_ty.clone();
        fresh.va_block = self.b.va_block;
        let saved = std::mem::replace(&mut self.b, fresh);
        let r = f(self);
        let used = std::mem::replace(&mut self.b, saved);
        (r, used.instrs)
    }

    /// Where an lvalue's object, and what it points to, is `_Atomic` (see ctype::AtomicLevels).
    fn atomic_levels(&self, e: &Expr) -> super::ctype::AtomicLevels {
        let tail = |mut l: super::ctype::AtomicLevels| {
            if !l.is_empty() {
                l.remove(0);
            }
            l
        };
        match &e.kind {
            ExprKind::Var(v) => self.atomic_vars.get(v).cloned().unwrap_or_default(),
            ExprKind::Deref(p) => tail(self.atomic_levels(p)),
            // an array has its element's levels; a pointer, one more
            ExprKind::Index(b, _) if b.ty.is_array() => self.atomic_levels(b),
            ExprKind::Index(b, _) => tail(self.atomic_levels(b)),
            ExprKind::AddrOf(x) => {
                let mut l = self.atomic_levels(x);
                l.insert(0, false);
                l
            }
            ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, p, _) => self.atomic_levels(p),
            ExprKind::Member(b, f) => match &b.ty {
                Type::Struct(c) | Type::Union(c) => self.atomic_fields.get(&(*c, *f)).cloned().unwrap_or_default(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn is_atomic_lvalue(&self, e: &Expr) -> bool {
        self.atomic_levels(e).first() == Some(&true)
    }

    /// Begins (or ends) an atomic section, as `__VERIFIER_atomic_begin()` (`_end`) would.
    fn atomic_marker(&mut self, begin: bool, at: usize) {
        let name = if begin { "__VERIFIER_atomic_begin" } else { "__VERIFIER_atomic_end" };
        let f = crate::ir::build::declare(self.prog, name, Type::Void, vec![]);
        let func = crate::ir::build::func_expr(self.prog, f);
        let loc = self.loc(at);
        self.b.emit(InstrKind::Call { lhs: None, func, args: vec![] }, loc);
    }

    fn temp_of(&mut self, value: Expr, hint: &str, at: usize) -> Expr {
        let loc = self.loc(at);
        let v = self.new_temp(hint, value.ty.clone(), loc);
        let ve = self.var_expr(v);
        self.b.assign(ve.clone(), value, loc);
        ve
    }

    /// Lowers an expression. `want`: the value is used (else it may be dropped).
    pub fn operand(&mut self, e: &Node<Expression>, want: bool) -> LResult<Expr> {
        let at = e.span.start;
        match &e.node {
            Expression::Identifier(id) => self.identifier(&id.node.name, at),
            Expression::Constant(c) => self.constant(&c.node, at),
            Expression::StringLiteral(s) => self.string_literal(&s.node, at),
            Expression::Member(m) => {
                let base = match m.node.operator.node {
                    MemberOperator::Direct => {
                        let b = self.operand(&m.node.expression, true)?;
                        if !is_lvalue(&b) && b.ty.is_composite() {
                            // member of an rvalue (e.g. a call's result): keep the value
                            b
                        } else {
                            b
                        }
                    }
                    MemberOperator::Indirect => {
                        let p = self.rvalue(&m.node.expression)?;
                        if !p.ty.is_pointer() {
                            return Err(self.err(at, "`->` applied to a non-pointer"));
                        }
                        Expr::deref(p)
                    }
                };
                self.member(base, &m.node.identifier.node.name, at)
            }
            Expression::Call(c) => self.call(c, want),
            Expression::CompoundLiteral(cl) => {
                let ty = self.type_name(&cl.node.type_name)?;
                let loc = self.loc(at);
                let v = if self.at_file_scope() {
                    self.new_var(format!("$literal{}", self.prog.vars.len()), ty, VarKind::Global, loc)
                } else {
                    let v = self.new_temp("literal", ty, loc);
                    self.b.emit(InstrKind::Decl(v), loc);
                    // a compound literal lives until the end of its block
                    if let Some(b) = self.b.blocks.last_mut() {
                        b.push(v);
                    }
                    v
                };
                let init = lang_c::ast::Initializer::List(cl.node.initializer_list.clone());
                let node = Node::new(init, cl.span);
                if self.at_file_scope() {
                    self.static_initializer(v, &node)?;
                } else {
                    self.local_initializer(v, &node)?;
                }
                Ok(self.var_expr(v))
            }
            Expression::SizeOfTy(t) => {
                let ty = self.type_name(&t.node.0)?;
                self.size_expr(&ty, at)
            }
            Expression::SizeOfVal(v) => {
                let (r, _) = self.scratch(|l| l.operand(&v.node.0, true));
                let ty = r?.ty;
                if contains_vla(&ty) {
                    // the operand of sizeof is evaluated for VLAs (C11 6.5.3.4p2) — only its size
                    let x = self.operand(&v.node.0, true)?;
                    return self.size_expr(&x.ty, at);
                }
                self.size_expr(&ty, at)
            }
            Expression::AlignOf(t) => {
                let ty = self.type_name(&t.node.0)?;
                let a = self.prog.layout().align_of(&ty);
                Ok(Expr::int(a as i128, self.prog.target.size_t()))
            }
            Expression::UnaryOperator(u) => self.unary(&u.node.operator.node, &u.node.operand, want, at),
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name)?;
                if ty.is_void() {
                    self.effect(&c.node.expression)?;
                    return Ok(Expr::new(ExprKind::Int(0), Type::Void));
                }
                let v = self.rvalue(&c.node.expression)?;
                if let Type::Union(u) = &ty {
                    // GNU cast to union: a union value whose member of the operand's type is set
                    let u = *u;
                    return self.cast_to_union(u, v, at);
                }
                let c = self.convert(v, &ty, at)?;
                Ok(match c.kind {
                    ExprKind::Cast(x, _) => Expr::new(ExprKind::Cast(x, true), c.ty),
                    k => Expr::new(k, c.ty),
                })
            }
            Expression::BinaryOperator(b) => self.binary(&b.node.operator.node, &b.node.lhs, &b.node.rhs, want, at),
            Expression::Conditional(c) => self.conditional(c, at),
            Expression::Comma(es) => {
                let n = es.len();
                for x in &es[..n - 1] {
                    self.effect(x)?;
                }
                self.operand(&es[n - 1], want)
            }
            Expression::OffsetOf(o) => {
                let ty = self.type_name(&o.node.type_name)?;
                let off = self.offset_of(&ty, &o.node.designator.node, at)?;
                Ok(Expr::int(off as i128, self.prog.target.size_t()))
            }
            Expression::VaArg(va) => {
                let ty = self.type_name(&va.node.type_name)?;
                let ap = self.lvalue(&va.node.va_list)?;
                let loc = self.loc(at);
                let pty = Type::ptr(ty.clone());
                let cast = self.convert(ap.clone(), &pty, at)?;
                let val = self.temp_of(Expr::deref(cast), "va_arg", at);
                let size = self.prog.size_of(&ty).unwrap_or(8);
                let slot = size.div_ceil(8) * 8;
                let char_p = Type::ptr(self.prog.target.int(IntName::Char));
                let as_char = self.convert(ap.clone(), &char_p, at)?;
                let next =
                    Expr::binary(BinOp::PtrAdd, as_char, Expr::int(slot as i128, self.prog.target.size_t()), char_p);
                let next = self.convert(next, &ap.ty, at)?;
                self.b.assign(ap, next, loc);
                Ok(val)
            }
            Expression::Statement(s) => self.statement_expression(s, at),
            Expression::GenericSelection(g) => {
                let ctrl = self.typed(&g.node.expression)?;
                let ctrl = match &ctrl {
                    Type::Array(e, _) => Type::Pointer(e.clone()),
                    t => t.clone(),
                };
                let mut default = None;
                for a in &g.node.associations {
                    match &a.node {
                        GenericAssociation::Type(t) => {
                            let ty = self.type_name(&t.node.type_name)?;
                            if ty == ctrl {
                                return self.operand(&t.node.expression, want);
                            }
                        }
                        GenericAssociation::Default(d) => default = Some(d),
                    }
                }
                match default {
                    Some(d) => self.operand(d, want),
                    None => Err(self.err(at, "_Generic: no association matches")),
                }
            }
        }
    }

    fn identifier(&mut self, name: &str, at: usize) -> LResult<Expr> {
        if self.in_clause.is_some() && super::contract::is_return_value(name) {
            return self.clause_return_value(at);
        }
        match self.lookup(name) {
            Some(Sym::Var(v)) => Ok(self.var_expr(v)),
            Some(Sym::Func(f)) => {
                let ty = Type::Function(std::rc::Rc::new(self.prog.func(f).ty.clone()));
                Ok(Expr::new(ExprKind::Func(f), ty))
            }
            Some(Sym::EnumConst(v, ty)) => Ok(Expr::int(v, ty)),
            Some(Sym::Typedef(..)) => Err(self.err(at, &format!("`{name}` is a type, not a value"))),
            None => {
                if matches!(name, "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__") {
                    let fname = self.cur_func.map(|f| self.prog.func(f).name.clone()).unwrap_or_default();
                    let bytes: Vec<u8> = fname.bytes().chain(std::iter::once(0)).collect();
                    let ch = self.prog.target.int(IntName::Char);
                    return Ok(self.new_string(bytes, ch));
                }
                Err(self.err(at, &format!("use of undeclared identifier `{name}`")))
            }
        }
    }

    fn constant(&mut self, c: &Constant, at: usize) -> LResult<Expr> {
        match c {
            Constant::Integer(i) => {
                let (v, ty) = int_literal(i, &self.prog.target).map_err(|m| self.err(at, &m))?;
                Ok(Expr::new(ExprKind::Int(v), ty))
            }
            Constant::Float(f) => {
                let (v, ty) = float_literal(f).map_err(|m| self.err(at, &m))?;
                Ok(Expr::new(ExprKind::Float(v), ty))
            }
            Constant::Character(s) => {
                let (prefix, body) = split_prefix(s, '\'');
                let bits = if prefix.is_empty() || prefix == "u8" {
                    8
                } else if prefix == "u" {
                    16
                } else {
                    32
                };
                let units = decode_escapes(body, bits).map_err(|m| self.err(at, &m))?;
                if prefix.is_empty() {
                    // int value of a char: sign-extended through (char); multi-char: gcc order
                    let v: i128 = if units.len() == 1 {
                        let b = units[0] as u8;
                        if self.prog.target.char_signed {
                            b as i8 as i128
                        } else {
                            b as i128
                        }
                    } else {
                        units.iter().fold(0i128, |acc, &u| (acc << 8) | (u as i128 & 0xff)) as i32 as i128
                    };
                    return Ok(Expr::int(v, self.prog.target.int_t()));
                }
                let ty = match prefix {
                    "u" => self.prog.target.int(IntName::UShort),
                    "U" => self.prog.target.int(IntName::UInt),
                    _ => self.prog.target.int(IntName::Int),
                };
                Ok(Expr::int(units.first().copied().unwrap_or(0) as i128, ty))
            }
        }
    }

    pub fn string_literal(&mut self, parts: &[String], at: usize) -> LResult<Expr> {
        let mut prefix = "";
        let mut units = Vec::new();
        for p in parts {
            let (pre, _) = split_prefix(p, '"');
            if !pre.is_empty() {
                prefix = pre;
            }
        }
        let (bits, elem) = match prefix {
            "" | "u8" => (8, self.prog.target.int(IntName::Char)),
            "u" => (16, self.prog.target.int(IntName::UShort)),
            "U" => (32, self.prog.target.int(IntName::UInt)),
            _ => (32, self.prog.target.int(IntName::Int)),
        };
        for p in parts {
            let (_, body) = split_prefix(p, '"');
            units.extend(decode_escapes(body, bits).map_err(|m| self.err(at, &m))?);
        }
        units.push(0);
        let bytes: Vec<u8> = match bits {
            8 => units.iter().map(|&u| u as u8).collect(),
            16 => units.iter().flat_map(|&u| (u as u16).to_le_bytes()).collect(),
            _ => units.iter().flat_map(|&u| u.to_le_bytes()).collect(),
        };
        Ok(self.new_string(bytes, elem))
    }

    pub fn new_string(&mut self, bytes: Vec<u8>, elem: Type) -> Expr {
        let esz = self.prog.size_of(&elem).unwrap_or(1).max(1);
        let len = bytes.len() as u64 / esz;
        let id = StrId(self.prog.strings.len() as u32);
        self.prog.strings.push(bytes);
        self.prog.string_elem.push(elem.clone());
        Expr::new(ExprKind::Str(id), Type::array(elem, len))
    }

    /// `sizeof` of a type as a size_t expression (runtime for variable-length arrays).
    pub fn size_expr(&mut self, ty: &Type, at: usize) -> LResult<Expr> {
        let size_t = self.prog.target.size_t();
        if let Some(s) = self.prog.size_of(ty) {
            return Ok(Expr::int(s as i128, size_t));
        }
        match ty {
            Type::Array(e, ArrayLen::Var(v)) => {
                let es = self.size_expr(e, at)?;
                let n = Expr::cast(self.var_expr(*v), size_t.clone());
                Ok(Expr::binary(BinOp::Mul, n, es, size_t))
            }
            Type::Void | Type::Function(_) => Ok(Expr::int(1, size_t)), // GNU extension
            _ => Err(self.err(at, &format!("sizeof of incomplete type `{}`", self.prog.type_name(ty)))),
        }
    }

    /// `base.name`, searching anonymous members.
    pub fn member(&mut self, base: Expr, name: &str, at: usize) -> LResult<Expr> {
        let path = self
            .field_path(&base.ty, name)
            .ok_or_else(|| self.err(at, &format!("no member named `{name}` in `{}`", self.prog.type_name(&base.ty))))?;
        let mut cur = base;
        for idx in path {
            let c = self.prog.layout().composite(&cur.ty).cloned();
            let Some(c) = c else {
                return Err(self.err(at, "member access on a non-struct"));
            };
            let fty = c.fields[idx].ty.clone();
            cur = Expr::new(ExprKind::Member(Box::new(cur), idx as u32), fty);
        }
        Ok(cur)
    }

    fn field_path(&self, ty: &Type, name: &str) -> Option<Vec<usize>> {
        let c = self.prog.layout().composite(ty)?.clone();
        if let Some(i) = c.field_index(name) {
            return Some(vec![i]);
        }
        for (i, f) in c.fields.iter().enumerate() {
            if f.name.is_empty() && f.ty.is_composite() {
                if let Some(mut rest) = self.field_path(&f.ty, name) {
                    rest.insert(0, i);
                    return Some(rest);
                }
            }
        }
        None
    }

    fn offset_of(&mut self, ty: &Type, d: &lang_c::ast::OffsetDesignator, at: usize) -> LResult<u64> {
        let mut cur = ty.clone();
        let mut off = 0u64;
        off += self.offset_step(&mut cur, &d.base.node.name, at)?;
        for m in &d.members {
            match &m.node {
                OffsetMember::Member(id) | OffsetMember::IndirectMember(id) => {
                    off += self.offset_step(&mut cur, &id.node.name, at)?
                }
                OffsetMember::Index(e) => {
                    let i = self.const_int(e)?;
                    let elem = cur.elem().cloned().ok_or_else(|| self.err(at, "offsetof index on non-array"))?;
                    off = off.wrapping_add((i as u64).wrapping_mul(self.prog.size_of(&elem).unwrap_or(0)));
                    cur = elem;
                }
            }
        }
        Ok(off)
    }

    fn offset_step(&mut self, cur: &mut Type, name: &str, at: usize) -> LResult<u64> {
        let path = self.field_path(cur, name).ok_or_else(|| self.err(at, &format!("no member `{name}`")))?;
        let mut off = 0;
        for i in path {
            let c = self.prog.layout().composite(cur).cloned().ok_or_else(|| self.err(at, "offsetof on non-struct"))?;
            off += c.fields[i].offset;
            *cur = c.fields[i].ty.clone();
        }
        Ok(off)
    }

    fn cast_to_union(&mut self, u: u32, v: Expr, at: usize) -> LResult<Expr> {
        let c = self.prog.composites[u as usize].clone();
        let Some(idx) = c.fields.iter().position(|f| f.ty == v.ty) else {
            return Err(self.err(at, "cast to union: no member of the operand's type"));
        };
        let loc = self.loc(at);
        let tmp = self.new_temp("union", Type::Union(u), loc);
        let te = self.var_expr(tmp);
        self.b.assign(te.clone(), Expr::new(ExprKind::Zero, Type::Union(u)), loc);
        let m = Expr::new(ExprKind::Member(Box::new(te.clone()), idx as u32), c.fields[idx].ty.clone());
        self.b.assign(m, v, loc);
        Ok(te)
    }

    fn unary(&mut self, op: &UnaryOperator, a: &Node<Expression>, want: bool, at: usize) -> LResult<Expr> {
        match op {
            UnaryOperator::PostIncrement
            | UnaryOperator::PostDecrement
            | UnaryOperator::PreIncrement
            | UnaryOperator::PreDecrement => {
                let lv = self.lvalue(a)?;
                let inc = matches!(op, UnaryOperator::PostIncrement | UnaryOperator::PreIncrement);
                let post = matches!(op, UnaryOperator::PostIncrement | UnaryOperator::PostDecrement);
                // on an _Atomic object: one indivisible read-modify-write (C11 6.5.2.4p2)
                let atomic = self.is_atomic_lvalue(&lv);
                if atomic {
                    self.atomic_marker(true, at);
                }
                let old = if post && want { self.temp_of(lv.clone(), "post", at) } else { lv.clone() };
                let new = self.add_one(lv.clone(), inc, at)?;
                let loc = self.loc(at);
                self.b.assign(lv.clone(), new, loc);
                if atomic {
                    // the value is the one the operation wrote, not a later read
                    let v = if !post && want { self.temp_of(lv.clone(), "atomic", at) } else { old.clone() };
                    self.atomic_marker(false, at);
                    return Ok(if post || want { v } else { lv });
                }
                Ok(if post { old } else { lv })
            }
            UnaryOperator::Address => {
                let x = self.operand(a, true)?;
                if let ExprKind::Deref(p) = x.kind {
                    let ty = Type::ptr(x.ty);
                    return Ok(Expr::new(p.kind, ty));
                }
                if matches!(x.kind, ExprKind::Func(_)) {
                    let ty = Type::ptr(x.ty.clone());
                    return Ok(Expr::new(ExprKind::AddrOf(Box::new(x)), ty));
                }
                if !is_lvalue(&x) {
                    return Err(self.err(at, "cannot take the address of an rvalue"));
                }
                if let ExprKind::Member(_, f) = &x.kind {
                    if let ExprKind::Member(b, _) = &x.kind {
                        let bits = self
                            .prog
                            .layout()
                            .composite(&b.ty)
                            .and_then(|c| c.fields.get(*f as usize))
                            .and_then(|f| f.bits);
                        if bits.is_some() {
                            return Err(self.err(at, "cannot take the address of a bit-field"));
                        }
                    }
                }
                self.mark_addressed(&x);
                Ok(Expr::addr_of(x))
            }
            UnaryOperator::Indirection => {
                let p = self.rvalue(a)?;
                match &p.ty {
                    Type::Pointer(t) if t.is_function() => {
                        // *fp is the function designator; it decays back to fp
                        Ok(p)
                    }
                    Type::Pointer(t) if t.is_void() => Err(self.err(at, "dereferencing a `void *` pointer")),
                    Type::Pointer(_) => Ok(Expr::deref(p)),
                    _ => Err(self.err(at, "dereference of a non-pointer")),
                }
            }
            UnaryOperator::Plus => {
                let v = self.rvalue(a)?;
                let t = self.promote(&v.ty);
                self.convert(v, &t, at)
            }
            UnaryOperator::Minus | UnaryOperator::Complement => {
                let v = self.rvalue(a)?;
                if !v.ty.is_arith() || (matches!(op, UnaryOperator::Complement) && !v.ty.is_int()) {
                    return Err(self.err(at, "invalid operand to unary operator"));
                }
                let t = self.promote(&v.ty);
                let v = self.convert(v, &t, at)?;
                let uop = if matches!(op, UnaryOperator::Minus) { UnOp::Neg } else { UnOp::BitNot };
                if let (ExprKind::Int(x), true) = (&v.kind, t.is_int()) {
                    let sv = self.int_value(*x, &t);
                    let r = if uop == UnOp::Neg { sv.wrapping_neg() } else { !sv };
                    return Ok(Expr::int(r, t));
                }
                if let (ExprKind::Float(f), UnOp::Neg) = (&v.kind, uop) {
                    return Ok(Expr::new(ExprKind::Float(-f), t));
                }
                Ok(Expr::unary(uop, v, t))
            }
            UnaryOperator::Negate => {
                let v = self.rvalue(a)?;
                if !v.ty.is_scalar() {
                    return Err(self.err(at, "invalid operand to `!`"));
                }
                let int = self.prog.target.int_t();
                if let ExprKind::Int(x) = v.kind {
                    return Ok(Expr::int((x == 0) as i128, int));
                }
                Ok(Expr::unary(UnOp::LogNot, v, int))
            }
        }
    }

    /// `lv + 1` / `lv - 1` in the type of lv (for ++/--).
    fn add_one(&mut self, lv: Expr, inc: bool, at: usize) -> LResult<Expr> {
        let ty = lv.ty.clone();
        match &ty {
            Type::Pointer(_) => {
                let one = Expr::int(1, self.prog.target.ptrdiff_t());
                Ok(Expr::binary(if inc { BinOp::PtrAdd } else { BinOp::PtrSub }, lv, one, ty))
            }
            Type::Bool => {
                if inc {
                    Ok(Expr::int(1, Type::Bool))
                } else {
                    // --b on _Bool: 1 becomes 0, 0 becomes 1 (as (b - 1) != 0)
                    let int = self.prog.target.int_t();
                    let v = self.convert(lv, &int, at)?;
                    Ok(Expr::unary(UnOp::LogNot, v, Type::Bool))
                }
            }
            Type::Float(_) => {
                let one = Expr::new(ExprKind::Float(1.0), ty.clone());
                Ok(Expr::binary(if inc { BinOp::Add } else { BinOp::Sub }, lv, one, ty))
            }
            Type::Int(_) => {
                let pt = self.promote(&ty);
                let v = self.convert(lv, &pt, at)?;
                let one = Expr::int(1, pt.clone());
                let r = Expr::binary(if inc { BinOp::Add } else { BinOp::Sub }, v, one, pt);
                self.convert(r, &ty, at)
            }
            _ => Err(self.err(at, "invalid operand to ++/--")),
        }
    }

    fn binary(
        &mut self,
        op: &BinaryOperator,
        l: &Node<Expression>,
        r: &Node<Expression>,
        want: bool,
        at: usize,
    ) -> LResult<Expr> {
        use BinaryOperator as B;
        match op {
            B::Index => {
                let a = self.operand(l, true)?;
                let i = self.operand(r, true)?;
                let (base, idx) = if a.ty.is_int() && (i.ty.is_array() || i.ty.is_pointer()) { (i, a) } else { (a, i) };
                let idx = self.decay(idx);
                if !idx.ty.is_int() {
                    return Err(self.err(at, "array subscript is not an integer"));
                }
                let pt = self.promote(&idx.ty);
                let idx = self.convert(idx, &pt, at)?;
                if let Type::Array(elem, _) = &base.ty {
                    let elem = (**elem).clone();
                    return Ok(Expr::new(ExprKind::Index(Box::new(base), Box::new(idx)), elem));
                }
                let base = self.decay(base);
                if !base.ty.is_pointer() {
                    return Err(self.err(at, "subscripted value is not an array or pointer"));
                }
                if base.ty.pointee().is_some_and(|t| t.is_void()) {
                    return Err(self.err(at, "subscript of a `void *` pointer"));
                }
                let pty = base.ty.clone();
                Ok(Expr::deref(Expr::binary(BinOp::PtrAdd, base, idx, pty)))
            }
            B::LogicalAnd | B::LogicalOr => self.logical(matches!(op, B::LogicalAnd), l, r, at),
            B::Assign => {
                let lv = self.lvalue(l)?;
                let v = self.rvalue(r)?;
                let v = self.convert_assign(v, &lv.ty, at)?;
                let loc = self.loc(at);
                self.b.assign(lv.clone(), v, loc);
                let _ = want;
                Ok(lv)
            }
            B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr => {
                let lv = self.lvalue(l)?;
                let mut v = self.rvalue(r)?;
                // on an _Atomic object: the operand is evaluated first, then one indivisible
                // read-modify-write (C11 6.5.16.2p3)
                let atomic = self.is_atomic_lvalue(&lv);
                if atomic {
                    if !matches!(v.kind, ExprKind::Int(_) | ExprKind::Float(_)) {
                        v = self.temp_of(v, "operand", at);
                    }
                    self.atomic_marker(true, at);
                }
                let bop = match op {
                    B::AssignMultiply => BinOp::Mul,
                    B::AssignDivide => BinOp::Div,
                    B::AssignModulo => BinOp::Rem,
                    B::AssignPlus => BinOp::Add,
                    B::AssignMinus => BinOp::Sub,
                    B::AssignShiftLeft => BinOp::Shl,
                    B::AssignShiftRight => BinOp::Shr,
                    B::AssignBitwiseAnd => BinOp::BitAnd,
                    B::AssignBitwiseXor => BinOp::BitXor,
                    _ => BinOp::BitOr,
                };
                let res = self.arith(bop, lv.clone(), v, at)?;
                let res = self.convert(res, &lv.ty, at)?;
                let loc = self.loc(at);
                self.b.assign(lv.clone(), res, loc);
                if atomic {
                    let v = if want { self.temp_of(lv.clone(), "atomic", at) } else { lv.clone() };
                    self.atomic_marker(false, at);
                    return Ok(v);
                }
                Ok(lv)
            }
            _ => {
                let a = self.rvalue(l)?;
                let b = self.rvalue(r)?;
                let bop = match op {
                    B::Multiply => BinOp::Mul,
                    B::Divide => BinOp::Div,
                    B::Modulo => BinOp::Rem,
                    B::Plus => BinOp::Add,
                    B::Minus => BinOp::Sub,
                    B::ShiftLeft => BinOp::Shl,
                    B::ShiftRight => BinOp::Shr,
                    B::Less => BinOp::Lt,
                    B::Greater => BinOp::Gt,
                    B::LessOrEqual => BinOp::Le,
                    B::GreaterOrEqual => BinOp::Ge,
                    B::Equals => BinOp::Eq,
                    B::NotEquals => BinOp::Ne,
                    B::BitwiseAnd => BinOp::BitAnd,
                    B::BitwiseXor => BinOp::BitXor,
                    _ => BinOp::BitOr,
                };
                self.arith(bop, a, b, at)
            }
        }
    }

    /// Conversion as by assignment; allows a null pointer constant and pointer/integer mixes
    /// (with a note, as gcc warns).
    pub fn convert_assign(&mut self, v: Expr, to: &Type, at: usize) -> LResult<Expr> {
        self.convert(v, to, at)
    }

    /// Typing and conversions of a binary operator on two values.
    pub fn arith(&mut self, op: BinOp, a: Expr, b: Expr, at: usize) -> LResult<Expr> {
        let int = self.prog.target.int_t();
        let (ap, bp) = (a.ty.is_pointer(), b.ty.is_pointer());
        match op {
            BinOp::Add | BinOp::Sub if ap || bp => {
                if ap && bp && op == BinOp::Sub {
                    let pd = self.prog.target.ptrdiff_t();
                    return Ok(Expr::binary(BinOp::PtrDiff, a, b, pd));
                }
                let (p, i) = if ap { (a, b) } else { (b, a) };
                if !i.ty.is_int() {
                    return Err(self.err(at, "invalid operands to pointer arithmetic"));
                }
                if op == BinOp::Sub && !ap {
                    return Err(self.err(at, "integer minus pointer"));
                }
                let it = self.promote(&i.ty);
                let i = self.convert(i, &it, at)?;
                let pty = p.ty.clone();
                Ok(Expr::binary(if op == BinOp::Add { BinOp::PtrAdd } else { BinOp::PtrSub }, p, i, pty))
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge if ap || bp => {
                let (a, b) = if ap && bp {
                    (a, b)
                } else if ap {
                    let t = a.ty.clone();
                    let b = self.convert(b, &t, at)?;
                    (a, b)
                } else {
                    let t = b.ty.clone();
                    let a = self.convert(a, &t, at)?;
                    (a, b)
                };
                Ok(fold_cmp(op, a, b, int))
            }
            BinOp::Shl | BinOp::Shr => {
                if !a.ty.is_int() || !b.ty.is_int() {
                    return Err(self.err(at, "shift of a non-integer"));
                }
                let ta = self.promote(&a.ty);
                let tb = self.promote(&b.ty);
                let a = self.convert(a, &ta, at)?;
                let b = self.convert(b, &tb, at)?;
                Ok(Expr::binary(op, a, b, ta))
            }
            _ => {
                if !a.ty.is_arith() || !b.ty.is_arith() {
                    return Err(self.err(
                        at,
                        &format!(
                            "invalid operands to `{}` (`{}` and `{}`)",
                            op.c_symbol(),
                            self.prog.type_name(&a.ty),
                            self.prog.type_name(&b.ty)
                        ),
                    ));
                }
                if matches!(op, BinOp::Rem | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor)
                    && (a.ty.is_float() || b.ty.is_float())
                {
                    return Err(self.err(at, &format!("`{}` on a floating operand", op.c_symbol())));
                }
                let ct = self.common_type(&a.ty, &b.ty);
                let a = self.convert(a, &ct, at)?;
                let b = self.convert(b, &ct, at)?;
                if op.is_comparison() {
                    return Ok(fold_cmp(op, a, b, int));
                }
                Ok(self.fold_arith(op, a, b, ct))
            }
        }
    }

    /// Folds integer arithmetic on two constants when the result is defined (no overflow,
    /// no division by zero — those are left for the checks to see).
    fn fold_arith(&self, op: BinOp, a: Expr, b: Expr, ty: Type) -> Expr {
        if let (ExprKind::Int(x), ExprKind::Int(y), Type::Int(it)) = (&a.kind, &b.kind, &ty) {
            let (x, y) = (self.int_value(*x, &ty), self.int_value(*y, &ty));
            let r = match op {
                BinOp::Add => x.checked_add(y),
                BinOp::Sub => x.checked_sub(y),
                BinOp::Mul => x.checked_mul(y),
                BinOp::Div if y != 0 => x.checked_div(y),
                BinOp::Rem if y != 0 => x.checked_rem(y),
                BinOp::BitAnd => Some(x & y),
                BinOp::BitOr => Some(x | y),
                BinOp::BitXor => Some(x ^ y),
                _ => None,
            };
            if let Some(r) = r {
                let fits = if it.signed {
                    it.width >= 128 || (r >= -(1i128 << (it.width - 1)) && r < (1i128 << (it.width - 1)))
                } else {
                    true
                };
                if fits {
                    return Expr::int(r, ty);
                }
            }
        }
        Expr::binary(op, a, b, ty)
    }

    fn logical(&mut self, is_and: bool, l: &Node<Expression>, r: &Node<Expression>, at: usize) -> LResult<Expr> {
        let int = self.prog.target.int_t();
        let a = self.rvalue(l)?;
        if !a.ty.is_scalar() {
            return Err(self.err(at, "operand of a logical operator is not a scalar"));
        }
        if !has_side_effects(&r.node) {
            let b = self.rvalue(r)?;
            if !b.ty.is_scalar() {
                return Err(self.err(at, "operand of a logical operator is not a scalar"));
            }
            let op = if is_and { BinOp::LogAnd } else { BinOp::LogOr };
            return Ok(Expr::binary(op, a, b, int));
        }
        // The right operand runs only when needed.
        let loc = self.loc(at);
        let tmp = self.new_temp(if is_and { "and" } else { "or" }, int.clone(), loc);
        let te = self.var_expr(tmp);
        self.b.assign(te.clone(), Expr::int(if is_and { 0 } else { 1 }, int.clone()), loc);
        let skip_cond = if is_and { Expr::unary(UnOp::LogNot, a, int.clone()) } else { a };
        let j = self.b.jump(Some(skip_cond), loc);
        let b = self.rvalue(r)?;
        if !b.ty.is_scalar() {
            return Err(self.err(at, "operand of a logical operator is not a scalar"));
        }
        let nb = Expr::binary(BinOp::Ne, b.clone(), self.zero_of(&b.ty), int.clone());
        self.b.assign(te.clone(), nb, loc);
        let end = self.b.here();
        self.b.patch(j, end);
        Ok(te)
    }

    /// The zero value of a scalar type (null for pointers).
    pub fn zero_of(&self, t: &Type) -> Expr {
        match t {
            Type::Float(_) => Expr::new(ExprKind::Float(0.0), t.clone()),
            _ => Expr::int(0, t.clone()),
        }
    }

    fn conditional(&mut self, c: &Node<lang_c::ast::ConditionalExpression>, at: usize) -> LResult<Expr> {
        let cond = self.rvalue(&c.node.condition)?;
        if !cond.ty.is_scalar() {
            return Err(self.err(at, "condition is not a scalar"));
        }
        let (te, ee) = (&c.node.then_expression, &c.node.else_expression);
        let pure = !has_side_effects(&te.node) && !has_side_effects(&ee.node);
        if pure {
            let a = self.rvalue(te)?;
            let b = self.rvalue(ee)?;
            let ty = self.cond_type(&a, &b, at)?;
            if ty.is_void() {
                return Ok(Expr::new(ExprKind::Int(0), Type::Void));
            }
            let a = self.convert(a, &ty, at)?;
            let b = self.convert(b, &ty, at)?;
            if let ExprKind::Int(v) = cond.kind {
                return Ok(if v != 0 { a } else { b });
            }
            return Ok(Expr::new(ExprKind::Cond(Box::new(cond), Box::new(a), Box::new(b)), ty));
        }
        // types first (code discarded), then control flow
        let (ra, _) = self.scratch(|l| l.rvalue(te));
        let (rb, _) = self.scratch(|l| l.rvalue(ee));
        let ty = self.cond_type(&ra?, &rb?, at)?;
        let loc = self.loc(at);
        let tmp = if ty.is_void() { None } else { Some(self.new_temp("cond", ty.clone(), loc)) };
        let int = self.prog.target.int_t();
        let j_else = self.b.jump(Some(Expr::unary(UnOp::LogNot, cond, int)), loc);
        let a = self.operand(te, tmp.is_some())?;
        if let Some(t) = tmp {
            let a = self.decay(a);
            let a = self.convert(a, &ty, at)?;
            let tv = self.var_expr(t);
            self.b.assign(tv, a, loc);
        }
        let j_end = self.b.jump(None, loc);
        let else_at = self.b.here();
        self.b.patch(j_else, else_at);
        let b = self.operand(ee, tmp.is_some())?;
        if let Some(t) = tmp {
            let b = self.decay(b);
            let b = self.convert(b, &ty, at)?;
            let tv = self.var_expr(t);
            self.b.assign(tv, b, loc);
        }
        let end = self.b.here();
        self.b.patch(j_end, end);
        Ok(match tmp {
            Some(t) => self.var_expr(t),
            None => Expr::new(ExprKind::Int(0), Type::Void),
        })
    }

    /// The type of `c ? a : b` (C11 6.5.15).
    fn cond_type(&self, a: &Expr, b: &Expr, at: usize) -> LResult<Type> {
        let (ta, tb) = (&a.ty, &b.ty);
        if ta.is_arith() && tb.is_arith() {
            return Ok(self.common_type(ta, tb));
        }
        if ta.is_void() || tb.is_void() {
            return Ok(Type::Void);
        }
        if ta == tb {
            return Ok(ta.clone());
        }
        let is_null = |e: &Expr| {
            e.ty.is_int() && e.as_int() == Some(0)
                || matches!(&e.kind, ExprKind::Cast(x, _) if x.as_int() == Some(0) && e.ty.pointee().is_some_and(|t| t.is_void()))
        };
        match (ta, tb) {
            (Type::Pointer(_), _) if is_null(b) => Ok(ta.clone()),
            (_, Type::Pointer(_)) if is_null(a) => Ok(tb.clone()),
            (Type::Pointer(x), Type::Pointer(_)) if x.is_void() => Ok(ta.clone()),
            (Type::Pointer(_), Type::Pointer(y)) if y.is_void() => Ok(tb.clone()),
            (Type::Pointer(_), Type::Pointer(_)) => Ok(ta.clone()),
            (Type::Pointer(_), t) if t.is_int() => Ok(ta.clone()),
            (t, Type::Pointer(_)) if t.is_int() => Ok(tb.clone()),
            (Type::Struct(x), Type::Struct(y)) | (Type::Union(x), Type::Union(y))
                if self.prog.composites[*x as usize].tag == self.prog.composites[*y as usize].tag =>
            {
                Ok(ta.clone())
            }
            _ => Err(self.err(at, "incompatible operand types in conditional expression")),
        }
    }

    fn statement_expression(&mut self, s: &Node<lang_c::ast::Statement>, at: usize) -> LResult<Expr> {
        let lang_c::ast::Statement::Compound(items) = &s.node else {
            return Err(self.err(at, "statement expression is not a block"));
        };
        self.push_scope();
        self.b.blocks.push(Vec::new());
        let mut result = Expr::new(ExprKind::Int(0), Type::Void);
        let n = items.len();
        for (i, item) in items.iter().enumerate() {
            if i + 1 == n {
                if let lang_c::ast::BlockItem::Statement(st) = &item.node {
                    if let lang_c::ast::Statement::Expression(Some(e)) = &st.node {
                        let v = self.rvalue(e)?;
                        if !v.ty.is_void() {
                            result = self.temp_of(v, "stmt_expr", at);
                        }
                        continue;
                    }
                }
            }
            self.block_item(item);
        }
        self.close_block(at);
        self.pop_scope();
        Ok(result)
    }
}

/// Whether evaluating a pure expression can violate a claim (memory access, division).
fn can_fault(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| {
        found |= matches!(
            x.kind,
            ExprKind::Deref(_)
                | ExprKind::Index(..)
                | ExprKind::Binary(BinOp::Div | BinOp::Rem | BinOp::Shl | BinOp::Shr, ..)
        ) || matches!(&x.kind, ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..) if x.ty.is_signed())
            || matches!(&x.kind, ExprKind::Unary(UnOp::Neg, _) if x.ty.is_signed())
    });
    found
}

/// A comparison, folded when both sides are integer constants.
fn fold_cmp(op: BinOp, a: Expr, b: Expr, int: Type) -> Expr {
    if let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) {
        if a.ty == b.ty {
            let signed = a.ty.is_signed();
            let w = a.ty.int_width().unwrap_or(64);
            let sx = |v: u128| -> i128 {
                if signed && w < 128 && (v >> (w - 1)) & 1 == 1 {
                    (v as i128) - (1i128 << w)
                } else {
                    v as i128
                }
            };
            let r = if signed {
                let (x, y) = (sx(*x), sx(*y));
                match op {
                    BinOp::Eq => x == y,
                    BinOp::Ne => x != y,
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    _ => x >= y,
                }
            } else {
                match op {
                    BinOp::Eq => x == y,
                    BinOp::Ne => x != y,
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    _ => x >= y,
                }
            };
            return Expr::int(r as i128, int);
        }
    }
    Expr::binary(op, a, b, int)
}

/// Lvalues: variables, dereferences, indexing and members of lvalues, string literals.
pub fn is_lvalue(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Deref(_) | ExprKind::Str(_) => true,
        ExprKind::Index(b, _) | ExprKind::Member(b, _) => is_lvalue(b),
        _ => false,
    }
}

fn contains_vla(t: &Type) -> bool {
    match t {
        Type::Array(_, ArrayLen::Var(_)) => true,
        Type::Array(e, _) => contains_vla(e),
        _ => false,
    }
}

#[allow(dead_code)]
fn float_kind(t: &Type) -> Option<FloatKind> {
    match t {
        Type::Float(k) => Some(*k),
        _ => None,
    }
}

/// Whether a symbol is a function the program defines (a program may define its own
/// `__ESBMC_requires`; then its calls are calls).
fn has_body(l: &Lowerer<'_>, s: &Sym) -> bool {
    matches!(s, Sym::Func(f) if l.prog.func(*f).body.is_some())
}
