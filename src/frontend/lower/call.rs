//! Function calls: implicit declarations, argument conversions, compile-time builtins.
//!
//! Calls to the verification API and the C library are lowered like any call; the instrument
//! stage turns body-less API calls into claims and assumptions, and symbolic execution models
//! library functions.

use std::rc::Rc;

use lang_c::ast::{CallExpression, Expression};
use lang_c::span::Node;

use super::{LResult, Lowerer, Sym};
use crate::ir::{Expr, ExprKind, FloatKind, FuncType, InstrKind, IntName, Type};

/// The return type a `nondet_X` / `__VERIFIER_nondet_X` name implies.
pub fn nondet_type(name: &str, t: &crate::ir::Target) -> Option<Type> {
    let suffix = name.strip_prefix("__VERIFIER_nondet_").or_else(|| name.strip_prefix("nondet_"))?;
    Some(match suffix {
        "bool" | "_Bool" => Type::Bool,
        "char" => t.int(IntName::Char),
        "schar" => t.int(IntName::SChar),
        "uchar" | "unsigned_char" => t.int(IntName::UChar),
        "short" => t.int(IntName::Short),
        "ushort" | "unsigned_short" => t.int(IntName::UShort),
        "int" | "s32" | "i32" => t.int(IntName::Int),
        "uint" | "unsigned" | "unsigned_int" | "u32" => t.int(IntName::UInt),
        "long" => t.int(IntName::Long),
        "ulong" | "unsigned_long" => t.int(IntName::ULong),
        "longlong" | "long_long" | "s64" | "i64" => t.int(IntName::LongLong),
        "ulonglong" | "unsigned_long_long" | "u64" => t.int(IntName::ULongLong),
        "u8" => t.int(IntName::UChar),
        "s8" | "i8" => t.int(IntName::SChar),
        "u16" => t.int(IntName::UShort),
        "s16" | "i16" => t.int(IntName::Short),
        "size_t" | "sizet" => t.size_t(),
        "float" => Type::Float(FloatKind::Float),
        "double" => Type::Float(FloatKind::Double),
        "pointer" | "ptr" => Type::ptr(Type::Void),
        _ => return None,
    })
}

impl Lowerer<'_> {
    pub fn call(&mut self, c: &Node<CallExpression>, want: bool) -> LResult<Expr> {
        let at = c.span.start;
        let args = &c.node.arguments;
        if let Expression::Identifier(id) = &c.node.callee.node {
            let name = id.node.name.as_str();
            if let Some(r) = self.compile_time_builtin(name, args, at)? {
                return Ok(r);
            }
            if let Some(r) = self.clause_call(name, c)? {
                return Ok(r);
            }
            if matches!(name, "__ESBMC_forall" | "__ESBMC_exists" | "__CPROVER_forall" | "__CPROVER_exists") {
                return Err(self.err(at, &format!("quantifiers (`{name}`) are not supported")));
            }
            if self.lookup(name).is_none() {
                self.implicit_declaration(name, at)?;
            }
        }
        let callee = self.rvalue(&c.node.callee)?;
        let ft: FuncType = match &callee.ty {
            Type::Pointer(t) => match &**t {
                Type::Function(ft) => (**ft).clone(),
                _ => return Err(self.err(at, "called object is not a function")),
            },
            _ => return Err(self.err(at, "called object is not a function")),
        };
        // direct calls keep the function designator
        let func = match callee.kind {
            ExprKind::AddrOf(inner) if matches!(inner.kind, ExprKind::Func(_)) => *inner,
            k => Expr::new(k, callee.ty.clone()),
        };
        let mut lowered = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = self.rvalue(a)?;
            let v = if ft.prototyped && i < ft.params.len() {
                self.convert_assign(v, &ft.params[i], a.span.start)?
            } else {
                self.default_promote(v, a.span.start)?
            };
            lowered.push(v);
        }
        if ft.prototyped && lowered.len() < ft.params.len() {
            return Err(self.err(at, "too few arguments in call"));
        }
        if ft.prototyped && !ft.variadic && lowered.len() > ft.params.len() {
            return Err(self.err(at, "too many arguments in call"));
        }
        let loc = self.loc(at);
        if ft.ret.is_void() || (!want && !ft.ret.is_composite()) {
            self.b.emit(InstrKind::Call { lhs: None, func, args: lowered }, loc);
            return Ok(Expr::new(ExprKind::Int(0), if ft.ret.is_void() { Type::Void } else { ft.ret.clone() }));
        }
        let tmp = self.new_temp("return_value", ft.ret.clone(), loc);
        let te = self.var_expr(tmp);
        self.b.emit(InstrKind::Call { lhs: Some(te.clone()), func, args: lowered }, loc);
        Ok(te)
    }

    /// Default argument promotions (for unprototyped and variadic arguments).
    fn default_promote(&mut self, v: Expr, at: usize) -> LResult<Expr> {
        match &v.ty {
            Type::Float(FloatKind::Float) => self.convert(v, &Type::Float(FloatKind::Double), at),
            Type::Bool | Type::Int(_) => {
                let t = self.promote(&v.ty);
                self.convert(v, &t, at)
            }
            _ => Ok(v),
        }
    }

    /// C89 implicit declaration: `int f()`; nondet functions are typed by their name.
    fn implicit_declaration(&mut self, name: &str, at: usize) -> LResult<()> {
        let ret = match nondet_type(name, &self.prog.target) {
            Some(t) => t,
            None => {
                if let Some(stripped) = name.strip_prefix("__builtin_") {
                    // __builtin_memcpy & co. are the library functions
                    if let Some(Sym::Func(f)) = self.lookup(stripped) {
                        self.declare(name.to_string(), Sym::Func(f));
                        return Ok(());
                    }
                    if let Some(ty) = super::super::libdecl::library_type(stripped, &self.prog.target) {
                        let f = self.declare_function(stripped, ty, false, at);
                        self.declare(name.to_string(), Sym::Func(f));
                        return Ok(());
                    }
                    // type-generic or unknown builtin: symbolic execution models it or
                    // reports it as unsupported when reached
                    self.prog.target.int_t()
                } else if let Some(ty) = super::super::libdecl::library_type(name, &self.prog.target) {
                    let f = self.declare_function(name, ty, false, at);
                    self.declare(name.to_string(), Sym::Func(f));
                    return Ok(());
                } else {
                    self.note(at, format!("implicit declaration of function `{name}`"));
                    self.prog.target.int_t()
                }
            }
        };
        let ft = FuncType { ret, params: vec![], variadic: false, prototyped: false, const_pointee: vec![] };
        let new = self.prog.func_named(name).is_none();
        let f = self.declare_function(name, ft, false, at);
        self.prog.funcs[f.0 as usize].implicit = new;
        // implicit declarations have file scope
        if let Some(s) = self.scopes.first_mut() {
            s.insert(name.to_string(), Sym::Func(f));
        }
        Ok(())
    }

    /// Builtins evaluated by the front end. `None`: not one of them.
    fn compile_time_builtin(&mut self, name: &str, args: &[Node<Expression>], at: usize) -> LResult<Option<Expr>> {
        let long = self.prog.target.int(IntName::Long);
        let int = self.prog.target.int_t();
        Ok(Some(match name {
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                let v = self.rvalue(&args[0])?;
                for a in &args[1..] {
                    self.effect(a)?;
                }
                self.convert(v, &long, at)?
            }
            "__builtin_constant_p" => {
                let c = self.try_const_int(&args[0]).is_some();
                Expr::int(c as i128, int)
            }
            "__builtin_va_start" | "__builtin_c23_va_start" => {
                let ap = self.lvalue(&args[0])?;
                let Some(block) = self.b.va_block else {
                    return Err(self.err(at, "va_start outside a variadic function"));
                };
                let be = self.var_expr(block);
                let be = self.convert(be, &ap.ty, at)?;
                let loc = self.loc(at);
                self.b.assign(ap, be, loc);
                Expr::new(ExprKind::Int(0), Type::Void)
            }
            "__builtin_va_end" => {
                self.effect(&args[0])?;
                Expr::new(ExprKind::Int(0), Type::Void)
            }
            "__builtin_va_copy" => {
                let d = self.lvalue(&args[0])?;
                let s = self.rvalue(&args[1])?;
                let s = self.convert(s, &d.ty, at)?;
                let loc = self.loc(at);
                self.b.assign(d, s, loc);
                Expr::new(ExprKind::Int(0), Type::Void)
            }
            "__builtin_object_size" | "__builtin_dynamic_object_size" => {
                // the bytes from p to the end of its object (GCC); symbolic execution knows them
                let size_t = self.prog.target.size_t();
                let p = self.rvalue(&args[0])?;
                let ty = self.const_int(&args[1]).unwrap_or(0);
                let char_p = Type::ptr(self.prog.target.int(IntName::Char));
                let p = self.convert(p, &char_p, at)?;
                let size = Expr::builtin(crate::ir::Builtin::ObjectSize, vec![p.clone()], size_t.clone());
                let off = Expr::builtin(crate::ir::Builtin::PointerOffset, vec![p.clone()], size_t.clone());
                let rest = Expr::binary(crate::ir::BinOp::Sub, size, off, size_t.clone());
                // unknown (NULL or an invalid pointer): (size_t)-1 for types 0 and 1, 0 for 2 and 3
                let int = self.prog.target.int_t();
                let valid = Expr::builtin(crate::ir::Builtin::IsAlive, vec![p], int);
                let unknown = Expr::int(if ty < 2 { -1 } else { 0 }, size_t.clone());
                Expr::new(ExprKind::Cond(Box::new(valid), Box::new(rest), Box::new(unknown)), size_t)
            }
            "__builtin_classify_type" => return Err(self.err(at, "unsupported builtin `__builtin_classify_type`")),
            _ => return Ok(None),
        }))
    }

    /// The function type of a library function verdiff knows (for implicit declarations).
    #[allow(dead_code)]
    pub fn func_type(ret: Type, params: Vec<Type>, variadic: bool) -> Type {
        Type::Function(Rc::new(FuncType { ret, params, variadic, prototyped: true, const_pointee: vec![] }))
    }
}
