//! Function contracts as ESBMC and CBMC write them (docs/contracts.md §3): `requires`,
//! `ensures` and `assigns` clauses at the top of a body become the function's
//! [`crate::ir::Contract`] instead of instructions. Inside a clause, `__ESBMC_return_value`
//! is a local of the function's return type, `__ESBMC_old(e)` a local holding `e`'s value on
//! entry, `__ESBMC_is_fresh(p, n)` and `r_ok`/`w_ok` pure predicates.

use lang_c::ast::{CallExpression, Expression};
use lang_c::span::Node;

use super::{LResult, Lowerer};
use crate::ir::{BinOp, Builtin, Clause, Contract, Expr, ExprKind, Type, UnOp, VarKind};

/// The kinds of contract clause.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClauseKind {
    Requires,
    Ensures,
    Assigns,
}

/// The clause a statement-level call names, if it is one.
pub fn clause_kind(name: &str) -> Option<ClauseKind> {
    Some(match name {
        "__ESBMC_requires" | "__CPROVER_requires" => ClauseKind::Requires,
        "__ESBMC_ensures" | "__CPROVER_ensures" => ClauseKind::Ensures,
        "__ESBMC_assigns" | "__CPROVER_assigns" => ClauseKind::Assigns,
        _ => return None,
    })
}

/// Names that are pure inside a clause (their calls are not side effects).
pub fn is_clause_builtin(name: &str) -> bool {
    matches!(
        name,
        "__ESBMC_old"
            | "__CPROVER_old"
            | "__ESBMC_is_fresh"
            | "__CPROVER_is_fresh"
            | "__CPROVER_r_ok"
            | "__CPROVER_w_ok"
            | "__CPROVER_rw_ok"
            | "__ESBMC_r_ok"
            | "__ESBMC_w_ok"
    )
}

/// The names of the return value inside an `ensures` clause.
pub fn is_return_value(name: &str) -> bool {
    matches!(name, "__ESBMC_return_value" | "__CPROVER_return_value")
}

impl Lowerer<'_> {
    /// `requires(c);`, `ensures(c);`, `assigns(a, b);` at statement level of a function body.
    pub fn contract_clause(&mut self, kind: ClauseKind, c: &Node<CallExpression>) -> LResult<()> {
        let at = c.span.start;
        let Some(f) = self.cur_func else {
            return Err(self.err(at, "a contract clause outside a function"));
        };
        let loc = self.loc(at);
        let mark = self.b.here();
        let saved = self.in_clause.replace(kind);
        let lowered = self.clause_body(kind, c);
        self.in_clause = saved;
        let lowered = match lowered {
            Ok(l) => l,
            Err(e) => {
                self.b.instrs.truncate(mark);
                let contract = self.contract.get_or_insert_with(Contract::default);
                contract.unsupported.get_or_insert((format!("contract clause: {}", e.msg), e.loc));
                return Err(e);
            }
        };
        if self.b.here() != mark {
            // the clause called a function or had another side effect
            self.b.instrs.truncate(mark);
            return Err(self.err(
                at,
                "a contract clause may only read values (calls of functions other than __ESBMC_old, __ESBMC_is_fresh and r_ok/w_ok are not supported)",
            ));
        }
        let contract = self.contract.get_or_insert_with(Contract::default);
        match (kind, lowered) {
            (ClauseKind::Assigns, Lowered::Targets(ts)) => {
                contract.assigns.get_or_insert_with(Vec::new).extend(ts);
            }
            (ClauseKind::Requires, Lowered::Cond(cond)) => {
                let text = crate::ir::display::expr_to_c(self.prog, &cond);
                self.contract_mut().requires.push(Clause { cond, loc, text });
            }
            (ClauseKind::Ensures, Lowered::Cond(cond)) => {
                let text = crate::ir::display::expr_to_c(self.prog, &cond);
                self.contract_mut().ensures.push(Clause { cond, loc, text });
            }
            _ => {}
        }
        let _ = f;
        Ok(())
    }

    fn contract_mut(&mut self) -> &mut Contract {
        self.contract.get_or_insert_with(Contract::default)
    }

    fn clause_body(&mut self, kind: ClauseKind, c: &Node<CallExpression>) -> LResult<Lowered> {
        let at = c.span.start;
        let args = &c.node.arguments;
        if kind == ClauseKind::Assigns {
            let mut targets = Vec::new();
            for a in args {
                // `assigns(0)`: nothing
                if let Expression::Constant(_) = &a.node {
                    continue;
                }
                targets.push(self.lvalue(a)?);
            }
            return Ok(Lowered::Targets(targets));
        }
        let [arg] = args.as_slice() else {
            return Err(self.err(at, "a requires/ensures clause takes one condition"));
        };
        let v = self.rvalue(arg)?;
        let int = self.prog.target.int_t();
        Ok(Lowered::Cond(self.truth_value(v, &int)))
    }

    /// `v != 0` as a C int (for pointers and numbers), `v` itself when it already is one.
    fn truth_value(&self, v: Expr, int: &Type) -> Expr {
        if v.ty == *int {
            return v;
        }
        let zero = match &v.ty {
            Type::Float(_) => Expr::new(ExprKind::Float(0.0), v.ty.clone()),
            t => Expr::int(0, t.clone()),
        };
        Expr::binary(BinOp::Ne, v, zero, int.clone())
    }

    /// The local standing for the return value in this function's clauses.
    pub fn clause_return_value(&mut self, at: usize) -> LResult<Expr> {
        let Some(f) = self.cur_func else {
            return Err(self.err(at, "`__ESBMC_return_value` outside a function"));
        };
        let ret_ty = self.prog.func(f).ty.ret.clone();
        if ret_ty.is_void() {
            return Err(self.err(at, "`__ESBMC_return_value` in a function that returns void"));
        }
        if let Some(v) = self.contract.as_ref().and_then(|c| c.ret) {
            return Ok(self.var_expr(v));
        }
        let loc = self.loc(at);
        let v = self.new_var("__ESBMC_return_value".into(), ret_ty, VarKind::Local(f), loc);
        self.contract_mut().ret = Some(v);
        Ok(self.var_expr(v))
    }

    /// The pure builtins of clauses; None when `name` is not one (or not in a clause).
    pub fn clause_call(&mut self, name: &str, c: &Node<CallExpression>) -> LResult<Option<Expr>> {
        if self.in_clause.is_none() || !is_clause_builtin(name) {
            return Ok(None);
        }
        let at = c.span.start;
        let args = &c.node.arguments;
        let int = self.prog.target.int_t();
        let size_t = self.prog.target.size_t();
        match name {
            "__ESBMC_old" | "__CPROVER_old" => {
                let [a] = args.as_slice() else { return Err(self.err(at, "old takes one expression")) };
                let e = self.rvalue(a)?;
                let f = self.cur_func.ok_or_else(|| self.err(at, "old outside a function"))?;
                let k = self.contract.as_ref().map(|c| c.olds.len()).unwrap_or(0);
                let loc = self.loc(at);
                let v = self.new_var(format!("$old{k}"), e.ty.clone(), VarKind::Local(f), loc);
                self.contract_mut().olds.push((v, e));
                Ok(Some(self.var_expr(v)))
            }
            "__ESBMC_is_fresh" | "__CPROVER_is_fresh" => {
                let [p, n] = args.as_slice() else { return Err(self.err(at, "is_fresh takes a pointer and a size")) };
                let mut pv = self.rvalue(p)?;
                // `is_fresh(&p, n)`: the pointer p
                if let ExprKind::AddrOf(inner) = &pv.kind {
                    if !inner.ty.is_pointer() {
                        return Err(self.err(at, "__ESBMC_is_fresh of the address of a non-pointer"));
                    }
                    pv = (**inner).clone();
                }
                if !pv.ty.is_pointer() {
                    return Err(self.err(at, "__ESBMC_is_fresh needs a pointer"));
                }
                let nv = self.rvalue(n)?;
                let nv = Expr::cast(nv, size_t);
                Ok(Some(Expr::builtin(Builtin::IsFresh, vec![pv, nv], int)))
            }
            _ => {
                // r_ok / w_ok / rw_ok
                let [p, n] = args.as_slice() else { return Err(self.err(at, "r_ok/w_ok take a pointer and a size")) };
                let pv = self.rvalue(p)?;
                let nv = self.rvalue(n)?;
                let nv = Expr::cast(nv, size_t);
                let null = Expr::int(0, pv.ty.clone());
                let not_null = Expr::binary(BinOp::Ne, pv.clone(), null, int.clone());
                let alive = Expr::builtin(Builtin::IsAlive, vec![pv.clone()], int.clone());
                let ok = Expr::builtin(Builtin::ReadOk, vec![pv.clone(), nv], int.clone());
                let mut all = Expr::binary(BinOp::LogAnd, not_null, alive, int.clone());
                all = Expr::binary(BinOp::LogAnd, all, ok, int.clone());
                if name.contains("w_ok") {
                    let ro = Expr::builtin(Builtin::IsReadOnly, vec![pv], int.clone());
                    let writable = Expr::unary(UnOp::LogNot, ro, int.clone());
                    all = Expr::binary(BinOp::LogAnd, all, writable, int);
                }
                Ok(Some(all))
            }
        }
    }
}

enum Lowered {
    Cond(Expr),
    Targets(Vec<Expr>),
}
