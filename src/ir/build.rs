//! Building functions in the IR: the harnesses other stages generate (the equivalence product,
//! the entry harness of a function verified with its precondition) are goto programs written
//! instruction by instruction.

use std::rc::Rc;

use super::{Expr, ExprKind, FuncId, FuncType, Function, Instr, InstrKind, Loc, Program, Type, Var, VarId, VarKind};

/// Appends instructions to the body of function `h` of `p` (installed by [`FnBuilder::finish`]).
pub struct FnBuilder<'a> {
    pub p: &'a mut Program,
    pub h: FuncId,
    pub body: Vec<Instr>,
    /// The location every instruction gets.
    pub loc: Loc,
}

impl<'a> FnBuilder<'a> {
    pub fn new(p: &'a mut Program, h: FuncId, loc: Loc) -> FnBuilder<'a> {
        FnBuilder { p, h, body: Vec::new(), loc }
    }

    /// A new variable of kind `kind`.
    pub fn var(&mut self, name: &str, ty: Type, kind: VarKind, addressed: bool) -> VarId {
        new_var(self.p, name, ty, kind, self.loc, addressed)
    }

    /// A new local of the function being built.
    pub fn local(&mut self, name: &str, ty: Type, addressed: bool) -> VarId {
        self.var(name, ty, VarKind::Local(self.h), addressed)
    }

    /// A new local, declared here.
    pub fn declared(&mut self, name: &str, ty: Type, addressed: bool) -> VarId {
        let v = self.local(name, ty, addressed);
        self.push(InstrKind::Decl(v));
        v
    }

    pub fn push(&mut self, k: InstrKind) {
        self.body.push(Instr::new(k, self.loc));
    }

    pub fn assign(&mut self, lhs: Expr, rhs: Expr) {
        self.push(InstrKind::Assign { lhs, rhs });
    }

    pub fn int(&self) -> Type {
        self.p.target.int_t()
    }

    /// A body-less function (intrinsic or stub), reused by name.
    pub fn intrinsic(&mut self, name: &str, ret: Type, params: Vec<Type>) -> FuncId {
        declare(self.p, name, ret, params)
    }

    pub fn call(&mut self, f: FuncId, lhs: Option<Expr>, args: Vec<Expr>) {
        let func = func_expr(self.p, f);
        self.push(InstrKind::Call { lhs, func, args });
    }

    /// Installs the body built so far as the body of `h`.
    pub fn finish(self) {
        self.p.funcs[self.h.0 as usize].body = Some(self.body);
    }
}

/// A new variable of `p`.
pub fn new_var(p: &mut Program, name: &str, ty: Type, kind: VarKind, loc: Loc, addressed: bool) -> VarId {
    let v = VarId(p.vars.len() as u32);
    p.vars.push(Var {
        name: name.to_string(),
        ty,
        kind,
        loc,
        addressed,
        is_const: false,
        external: false,
        thread_local: false,
        system: false,
        align: 0,
    });
    v
}

/// The designator of function `f` (what a direct call names).
pub fn func_expr(p: &Program, f: FuncId) -> Expr {
    let fty = Type::Function(Rc::new(p.func(f).ty.clone()));
    Expr::new(ExprKind::Func(f), fty)
}

/// Declares a body-less function `name` (or returns the existing one).
pub fn declare(p: &mut Program, name: &str, ret: Type, params: Vec<Type>) -> FuncId {
    if let Some(f) = p.func_named(name) {
        return f;
    }
    let f = FuncId(p.funcs.len() as u32);
    let n = params.len();
    p.funcs.push(Function {
        name: name.to_string(),
        ty: FuncType { ret, params, variadic: false, prototyped: true, const_pointee: vec![false; n] },
        params: vec![],
        body: None,
        loc: Loc::default(),
        system: false,
        model: false,
        implicit: false,
        va_block: None,
        contract: None,
        internal: false,
        type_names: None,
        trusted: false,
    });
    p.func_by_name.insert(name.to_string(), f);
    f
}
