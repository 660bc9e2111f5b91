//! Statements and block-scope declarations.
//!
//! Loops are lowered so that the loop test of `while`/`for` sits at the head with an
//! unconditional backward jump at the end, and the test of `do … while` is the conditional
//! backward jump itself — the shapes ESBMC's unwinding bounds assume. A `switch` evaluates its
//! case labels first and dispatches before the body, so every case jump is forward.

use lang_c::ast::{BlockItem, Declaration, Label, Statement, StorageClassSpecifier};
use lang_c::span::Node;

use super::builder::SwitchCtx;
use super::{LResult, Lowerer, Sym};
use crate::ir::{BinOp, Expr, ExprKind, Instr, InstrKind, Type, UnOp, VarKind};

impl Lowerer<'_> {
    /// Lowers a block item; a failure becomes an `Unsupported` instruction at its location, so
    /// that reaching it makes the verdict UNKNOWN while other paths are still verified.
    pub fn block_item(&mut self, item: &Node<BlockItem>) {
        let r = match &item.node {
            BlockItem::Declaration(d) => self.local_declaration(d),
            BlockItem::StaticAssert(sa) => self.static_assert(sa),
            BlockItem::Statement(s) => self.statement(s),
        };
        if let Err(e) = r {
            self.b.emit(InstrKind::Unsupported(e.msg), e.loc);
        }
    }

    fn sub_statement(&mut self, s: &Node<Statement>) {
        if let Err(e) = self.statement(s) {
            self.b.emit(InstrKind::Unsupported(e.msg), e.loc);
        }
    }

    /// Emits `Dead` for the variables of the innermost block and closes it.
    pub fn close_block(&mut self, at: usize) {
        let loc = self.loc(at);
        if let Some(vars) = self.b.blocks.pop() {
            for v in vars.into_iter().rev() {
                self.b.emit(InstrKind::Dead(v), loc);
            }
        }
    }

    fn cond_false(&self, c: Expr) -> Expr {
        let int = self.prog.target.int_t();
        Expr::unary(UnOp::LogNot, c, int)
    }

    pub fn statement(&mut self, s: &Node<Statement>) -> LResult<()> {
        let at = s.span.start;
        let loc = self.loc(at);
        match &s.node {
            Statement::Labeled(l) => {
                match &l.node.label.node {
                    Label::Identifier(id) => {
                        if self.b.labels.contains_key(&id.node.name) {
                            return Err(self.err(at, &format!("duplicate label `{}`", id.node.name)));
                        }
                        self.b.label(&id.node.name, loc);
                    }
                    Label::Case(_) | Label::CaseRange(_) => self.case_target(at, false)?,
                    Label::Default => self.case_target(at, true)?,
                }
                self.sub_statement(&l.node.statement);
                Ok(())
            }
            Statement::Compound(items) => {
                self.push_scope();
                self.b.blocks.push(Vec::new());
                for item in items {
                    self.block_item(item);
                }
                self.close_block(s.span.end.saturating_sub(1));
                self.pop_scope();
                Ok(())
            }
            Statement::Expression(Some(e)) => self.effect(e),
            Statement::Expression(None) => Ok(()),
            Statement::If(i) => {
                let c = self.rvalue(&i.node.condition)?;
                if !c.ty.is_scalar() {
                    return Err(self.err(at, "if condition is not a scalar"));
                }
                let nc = self.cond_false(c);
                let j = self.b.jump(Some(nc), loc);
                self.sub_statement(&i.node.then_statement);
                match &i.node.else_statement {
                    Some(e) => {
                        let end_loc = self.loc(e.span.start);
                        let j2 = self.b.jump(None, end_loc);
                        let else_at = self.b.here();
                        self.b.patch(j, else_at);
                        self.sub_statement(e);
                        let end = self.b.here();
                        self.b.patch(j2, end);
                    }
                    None => {
                        let end = self.b.here();
                        self.b.patch(j, end);
                    }
                }
                Ok(())
            }
            Statement::While(w) => {
                let head = self.b.label_free_skip(loc);
                let c = self.rvalue(&w.node.expression)?;
                let exit_jump = self.loop_test(c, loc);
                self.b.breaks.push(Vec::new());
                self.b.continues.push(Vec::new());
                self.sub_statement(&w.node.statement);
                self.b.jump_to(None, head, loc);
                let exit = self.b.here();
                if let Some(j) = exit_jump {
                    self.b.patch(j, exit);
                }
                let br = self.b.breaks.pop().unwrap_or_default();
                self.b.patch_all(&br, exit);
                let co = self.b.continues.pop().unwrap_or_default();
                self.b.patch_all(&co, head);
                Ok(())
            }
            Statement::DoWhile(d) => {
                let top = self.b.label_free_skip(loc);
                self.b.breaks.push(Vec::new());
                self.b.continues.push(Vec::new());
                self.sub_statement(&d.node.statement);
                let cond_at = self.b.here();
                let cloc = self.loc(d.node.expression.span.start);
                let c = self.rvalue(&d.node.expression)?;
                if !c.ty.is_scalar() {
                    return Err(self.err(at, "loop condition is not a scalar"));
                }
                match c.as_int() {
                    Some(0) => {}
                    Some(_) => {
                        self.b.jump_to(None, top, cloc);
                    }
                    None => {
                        self.b.jump_to(Some(c), top, cloc);
                    }
                }
                let exit = self.b.here();
                let br = self.b.breaks.pop().unwrap_or_default();
                self.b.patch_all(&br, exit);
                let co = self.b.continues.pop().unwrap_or_default();
                self.b.patch_all(&co, cond_at);
                Ok(())
            }
            Statement::For(f) => {
                self.push_scope();
                self.b.blocks.push(Vec::new());
                match &f.node.initializer.node {
                    lang_c::ast::ForInitializer::Empty => {}
                    lang_c::ast::ForInitializer::Expression(e) => self.effect(e)?,
                    lang_c::ast::ForInitializer::Declaration(d) => self.local_declaration(d)?,
                    lang_c::ast::ForInitializer::StaticAssert(sa) => self.static_assert(sa)?,
                }
                let head = self.b.label_free_skip(loc);
                let exit_jump = match &f.node.condition {
                    Some(c) => {
                        let c = self.rvalue(c)?;
                        self.loop_test(c, loc)
                    }
                    None => None,
                };
                self.b.breaks.push(Vec::new());
                self.b.continues.push(Vec::new());
                self.sub_statement(&f.node.statement);
                let step_at = self.b.here();
                if let Some(st) = &f.node.step {
                    self.effect(st)?;
                }
                self.b.jump_to(None, head, loc);
                let exit = self.b.here();
                if let Some(j) = exit_jump {
                    self.b.patch(j, exit);
                }
                let br = self.b.breaks.pop().unwrap_or_default();
                self.b.patch_all(&br, exit);
                let co = self.b.continues.pop().unwrap_or_default();
                self.b.patch_all(&co, step_at);
                self.close_block(s.span.end.saturating_sub(1));
                self.pop_scope();
                Ok(())
            }
            Statement::Switch(sw) => self.switch(sw, at),
            Statement::Goto(id) => {
                let j = self.b.jump(None, loc);
                self.b.gotos.push((j, id.node.name.clone(), loc));
                Ok(())
            }
            Statement::Continue => {
                let j = self.b.jump(None, loc);
                match self.b.continues.last_mut() {
                    Some(c) => c.push(j),
                    None => return Err(self.err(at, "`continue` outside a loop")),
                }
                Ok(())
            }
            Statement::Break => {
                let j = self.b.jump(None, loc);
                match self.b.breaks.last_mut() {
                    Some(b) => b.push(j),
                    None => return Err(self.err(at, "`break` outside a loop or switch")),
                }
                Ok(())
            }
            Statement::Return(e) => {
                let ret_ty = self.b.ret_ty.clone().unwrap_or(Type::Void);
                let v = match e {
                    Some(e) => {
                        let v = self.rvalue(e)?;
                        if ret_ty.is_void() || v.ty.is_void() {
                            None
                        } else {
                            Some(self.convert_assign(v, &ret_ty, at)?)
                        }
                    }
                    None => None,
                };
                self.b.emit(InstrKind::Return(v), loc);
                Ok(())
            }
            Statement::Asm(a) => {
                let empty = match &a.node {
                    lang_c::ast::AsmStatement::GnuBasic(t) => {
                        t.node.iter().all(|p| p.trim_matches('"').trim().is_empty())
                    }
                    lang_c::ast::AsmStatement::GnuExtended(g) => {
                        g.template.node.iter().all(|p| p.trim_matches('"').trim().is_empty()) && g.outputs.is_empty()
                    }
                };
                if empty {
                    // a compiler barrier such as asm volatile("" ::: "memory") has no effect
                    return Ok(());
                }
                Err(self.err(at, "inline assembly is not supported"))
            }
        }
    }

    /// Emits the exit test of a loop head; None when the condition is a non-zero constant.
    fn loop_test(&mut self, c: Expr, loc: crate::ir::Loc) -> Option<usize> {
        match c.as_int() {
            Some(v) if v != 0 => None,
            Some(_) => Some(self.b.jump(None, loc)),
            None => {
                let nc = self.cond_false(c);
                Some(self.b.jump(Some(nc), loc))
            }
        }
    }

    fn switch(&mut self, sw: &Node<lang_c::ast::SwitchStatement>, at: usize) -> LResult<()> {
        let loc = self.loc(at);
        let v = self.rvalue(&sw.node.expression)?;
        if !v.ty.is_int() {
            return Err(self.err(at, "switch on a non-integer"));
        }
        let pt = self.promote(&v.ty);
        let v = self.convert(v, &pt, at)?;
        let tmp = self.new_temp("switch_value", pt.clone(), loc);
        let te = self.var_expr(tmp);
        self.b.assign(te.clone(), v, loc);
        // case labels of this switch (not of nested ones), in order
        let mut labels = Vec::new();
        collect_cases(&sw.node.statement, &mut labels);
        let mut ctx = SwitchCtx::default();
        let int = self.prog.target.int_t();
        let mut default_jump = None;
        for lab in &labels {
            match lab {
                Label::Case(e) => {
                    let c = self.const_int(e)?;
                    let ce = self.convert(Expr::int(c, int.clone()), &pt, at)?;
                    let cond = Expr::binary(BinOp::Eq, te.clone(), ce, int.clone());
                    let j = self.b.jump(Some(cond), loc);
                    ctx.cases.push((c, c, j, loc));
                }
                Label::CaseRange(r) => {
                    let lo = self.const_int(&r.node.low)?;
                    let hi = self.const_int(&r.node.high)?;
                    let lo_e = self.convert(Expr::int(lo, int.clone()), &pt, at)?;
                    let hi_e = self.convert(Expr::int(hi, int.clone()), &pt, at)?;
                    let c1 = Expr::binary(BinOp::Ge, te.clone(), lo_e, int.clone());
                    let c2 = Expr::binary(BinOp::Le, te.clone(), hi_e, int.clone());
                    let cond = Expr::binary(BinOp::LogAnd, c1, c2, int.clone());
                    let j = self.b.jump(Some(cond), loc);
                    ctx.cases.push((lo, hi, j, loc));
                }
                Label::Default => {}
                Label::Identifier(_) => {}
            }
        }
        let fallthrough = self.b.jump(None, loc);
        if labels.iter().any(|l| matches!(l, Label::Default)) {
            default_jump = Some(fallthrough);
        }
        // during the body, case labels patch their dispatch jumps in order
        ctx.default = default_jump;
        self.b.switches.push(ctx);
        self.switch_cursor.push(0);
        self.b.breaks.push(Vec::new());
        self.sub_statement(&sw.node.statement);
        let exit = self.b.here();
        let br = self.b.breaks.pop().unwrap_or_default();
        self.b.patch_all(&br, exit);
        self.b.switches.pop();
        self.switch_cursor.pop();
        if default_jump.is_none() {
            self.b.patch(fallthrough, exit);
        }
        Ok(())
    }

    /// A `case`/`default` label: the dispatch jump for it now targets here.
    fn case_target(&mut self, at: usize, is_default: bool) -> LResult<()> {
        let loc = self.loc(at);
        let here = self.b.label_free_skip(loc);
        let Some(ctx) = self.b.switches.last() else {
            return Err(self.err(at, "case label outside a switch"));
        };
        if is_default {
            if let Some(j) = ctx.default {
                self.b.patch(j, here);
            }
            return Ok(());
        }
        let Some(cursor) = self.switch_cursor.last_mut() else {
            return Ok(());
        };
        let idx = *cursor;
        *cursor += 1;
        if let Some(&(_, _, j, _)) = ctx.cases.get(idx) {
            self.b.patch(j, here);
        }
        Ok(())
    }

    pub fn local_declaration(&mut self, d: &Node<Declaration>) -> LResult<()> {
        let spec = self.decl_spec(&d.node.specifiers)?;
        for id in &d.node.declarators {
            let decl = self.declarator(spec.base.clone(), &id.node.declarator, false)?;
            let Some(name) = decl.name.clone() else {
                continue;
            };
            let loc = self.loc(decl.offset);
            match spec.storage {
                Some(StorageClassSpecifier::Typedef) => {
                    let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
                    self.declare(name, Sym::Typedef(decl.ty, atomic));
                    continue;
                }
                Some(StorageClassSpecifier::Extern) => {
                    if let Type::Function(ft) = &decl.ty {
                        let f = self.declare_function(&name, (**ft).clone(), false, decl.offset);
                        self.declare(name, Sym::Func(f));
                    } else {
                        let v = self.declare_global(&name, decl.ty, false, true, decl.offset);
                        let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
                        self.note_atomic_var(v, atomic);
                        self.declare(name, Sym::Var(v));
                    }
                    continue;
                }
                _ => {}
            }
            if let Type::Function(ft) = &decl.ty {
                let f = self.declare_function(&name, (**ft).clone(), false, decl.offset);
                self.declare(name, Sym::Func(f));
                continue;
            }
            let Some(func) = self.cur_func else {
                return Err(self.err(decl.offset, "local declaration outside a function"));
            };
            if spec.storage == Some(StorageClassSpecifier::Static)
                || spec.storage == Some(StorageClassSpecifier::ThreadLocal)
            {
                let v = self.new_var(name.clone(), decl.ty.clone(), VarKind::StaticLocal(func), loc);
                self.prog.vars[v.0 as usize].thread_local = spec.thread_local;
                let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
                self.note_atomic_var(v, atomic);
                self.prog.vars[v.0 as usize].align = super::declared_align(&spec, &decl);
                if super::object_is_const(&spec, &decl) {
                    self.prog.vars[v.0 as usize].is_const = true;
                }
                self.declare(name, Sym::Var(v));
                if let Some(init) = &id.node.initializer {
                    self.static_initializer(v, init)?;
                }
                continue;
            }
            let v = self.new_var(name.clone(), decl.ty.clone(), VarKind::Local(func), loc);
            let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
            self.note_atomic_var(v, atomic);
            self.prog.vars[v.0 as usize].align = super::declared_align(&spec, &decl);
            if super::object_is_const(&spec, &decl) {
                self.prog.vars[v.0 as usize].is_const = true;
            }
            self.declare(name, Sym::Var(v));
            if let Some(b) = self.b.blocks.last_mut() {
                b.push(v);
            }
            match &id.node.initializer {
                Some(init) => {
                    // the size of `int a[] = {...}` comes from the initialiser
                    self.complete_array_type(v, init);
                    self.b.emit(InstrKind::Decl(v), loc);
                    self.local_initializer(v, init)?;
                }
                None => {
                    self.b.emit(InstrKind::Decl(v), loc);
                }
            }
        }
        Ok(())
    }
}

impl super::Builder {
    /// A skip instruction that marks a jump target (loop heads, case labels).
    pub fn label_free_skip(&mut self, loc: crate::ir::Loc) -> usize {
        self.emit(InstrKind::Skip, loc)
    }
}

/// The case/default labels belonging to a switch body, in source order (nested switches excluded).
fn collect_cases(s: &Node<Statement>, out: &mut Vec<Label>) {
    match &s.node {
        Statement::Labeled(l) => {
            match &l.node.label.node {
                Label::Identifier(_) => {}
                other => out.push(other.clone()),
            }
            collect_cases(&l.node.statement, out);
        }
        Statement::Compound(items) => {
            for i in items {
                if let BlockItem::Statement(st) = &i.node {
                    collect_cases(st, out);
                }
            }
        }
        Statement::If(i) => {
            collect_cases(&i.node.then_statement, out);
            if let Some(e) = &i.node.else_statement {
                collect_cases(e, out);
            }
        }
        Statement::While(w) => collect_cases(&w.node.statement, out),
        Statement::DoWhile(d) => collect_cases(&d.node.statement, out),
        Statement::For(f) => collect_cases(&f.node.statement, out),
        Statement::Switch(_) => {}
        _ => {}
    }
}

/// Appends code to another instruction list, shifting its internal jump targets.
pub fn append_relocated(dst: &mut Vec<Instr>, chunk: Vec<Instr>) {
    let base = dst.len();
    for mut ins in chunk {
        if let InstrKind::Goto { target, .. } = &mut ins.kind {
            *target += base;
        }
        dst.push(ins);
    }
}

#[allow(dead_code)]
fn is_const_zero(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Int(0))
}
