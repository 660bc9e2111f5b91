//! C's implicit conversions: integer promotions, usual arithmetic conversions, assignment
//! conversions, array and function decay.

use super::{LResult, Lowerer};
use crate::ir::{Expr, ExprKind, FloatKind, IntName, IntTy, Type};

impl Lowerer<'_> {
    /// Integer promotion (C11 6.3.1.1p2).
    pub fn promote(&self, t: &Type) -> Type {
        match t {
            Type::Bool => self.prog.target.int_t(),
            Type::Int(i) if i.width < 32 => self.prog.target.int_t(),
            t => t.clone(),
        }
    }

    /// The common type of the usual arithmetic conversions (C11 6.3.1.8).
    pub fn common_type(&self, a: &Type, b: &Type) -> Type {
        if let (Type::Float(x), _) | (_, Type::Float(x)) = (a, b) {
            let rank = |k: &FloatKind| match k {
                FloatKind::Float => 0,
                FloatKind::Double => 1,
                FloatKind::LongDouble => 2,
            };
            let mut best = *x;
            for t in [a, b] {
                if let Type::Float(k) = t {
                    if rank(k) > rank(&best) {
                        best = *k;
                    }
                }
            }
            return Type::Float(best);
        }
        let (pa, pb) = (self.promote(a), self.promote(b));
        let (Type::Int(x), Type::Int(y)) = (&pa, &pb) else {
            return pa;
        };
        if x == y {
            return pa;
        }
        if x.signed == y.signed {
            return if (x.width, x.name.rank()) >= (y.width, y.name.rank()) { pa } else { pb };
        }
        let (s, u) = if x.signed { (x, y) } else { (y, x) };
        if u.width >= s.width {
            // unsigned wins; the name of the higher rank, made unsigned
            let name = if u.name.rank() >= s.name.rank() { u.name } else { unsigned_name(s.name) };
            return Type::Int(IntTy { width: u.width, signed: false, name });
        }
        // the signed type is wider and can represent every value of the unsigned one
        Type::Int(*s)
    }

    /// Converts a value to `to` as by assignment (and by cast); constants are folded.
    pub fn convert(&mut self, e: Expr, to: &Type, at: usize) -> LResult<Expr> {
        if &e.ty == to {
            return Ok(e);
        }
        let ok = match (&e.ty, to) {
            (_, Type::Void) => true,
            (f, t) if f.is_arith() && t.is_arith() => true,
            (Type::Pointer(_), Type::Pointer(_)) => true,
            (f, Type::Pointer(_)) if f.is_int() => true,
            (Type::Pointer(_), t) if t.is_int() => true,
            (Type::Struct(a), Type::Struct(b)) | (Type::Union(a), Type::Union(b)) => {
                a == b || self.prog.composites[*a as usize].tag == self.prog.composites[*b as usize].tag
            }
            // GNU cast to union: (union U) x
            (_, Type::Union(_)) => false,
            _ => false,
        };
        if !ok {
            return Err(self.err(
                at,
                &format!("cannot convert `{}` to `{}`", self.prog.type_name(&e.ty), self.prog.type_name(to)),
            ));
        }
        if to.is_void() {
            return Ok(Expr::new(ExprKind::Cast(Box::new(e), false), Type::Void));
        }
        if matches!((&e.ty, to), (Type::Struct(_), Type::Struct(_)) | (Type::Union(_), Type::Union(_))) {
            return Ok(Expr { kind: e.kind, ty: to.clone() });
        }
        // constant folding
        match (&e.kind, to) {
            (ExprKind::Int(v), Type::Int(_) | Type::Pointer(_)) if e.ty.is_int() || e.ty.is_pointer() => {
                let sv = self.int_value(*v, &e.ty);
                return Ok(Expr::int(sv, to.clone()));
            }
            (ExprKind::Int(v), Type::Bool) => return Ok(Expr::int((*v != 0) as i128, Type::Bool)),
            (ExprKind::Int(v), Type::Float(k)) if e.ty.is_int() => {
                let sv = self.int_value(*v, &e.ty);
                let f = if *k == FloatKind::Float { sv as f32 as f64 } else { sv as f64 };
                return Ok(Expr::new(ExprKind::Float(f), to.clone()));
            }
            (ExprKind::Float(f), Type::Float(k)) => {
                let f = if *k == FloatKind::Float { *f as f32 as f64 } else { *f };
                return Ok(Expr::new(ExprKind::Float(f), to.clone()));
            }
            _ => {}
        }
        Ok(Expr::new(ExprKind::Cast(Box::new(e), false), to.clone()))
    }

    /// The mathematical value of integer constant bits of a type.
    pub fn int_value(&self, v: u128, ty: &Type) -> i128 {
        match ty {
            Type::Int(i) if i.signed && i.width < 128 => {
                if (v >> (i.width - 1)) & 1 == 1 {
                    (v as i128) - (1i128 << i.width)
                } else {
                    v as i128
                }
            }
            _ => v as i128,
        }
    }

    /// Arrays become pointers to their first element, functions become function pointers.
    pub fn decay(&mut self, e: Expr) -> Expr {
        match &e.ty {
            Type::Array(elem, _) => {
                let elem = (**elem).clone();
                self.mark_addressed(&e);
                Expr::new(ExprKind::AddrOf(Box::new(e)), Type::ptr(elem))
            }
            Type::Function(_) => {
                let ty = Type::ptr(e.ty.clone());
                Expr::new(ExprKind::AddrOf(Box::new(e)), ty)
            }
            _ => e,
        }
    }

    /// Records that the variable at the root of an lvalue has its address taken.
    pub fn mark_addressed(&mut self, lv: &Expr) {
        let mut cur = lv;
        loop {
            match &cur.kind {
                ExprKind::Var(v) => {
                    self.prog.vars[v.0 as usize].addressed = true;
                    return;
                }
                ExprKind::Index(b, _) | ExprKind::Member(b, _) => cur = b,
                _ => return,
            }
        }
    }
}

fn unsigned_name(n: IntName) -> IntName {
    match n {
        IntName::Char | IntName::SChar | IntName::UChar => IntName::UChar,
        IntName::Short | IntName::UShort => IntName::UShort,
        IntName::Int | IntName::UInt => IntName::UInt,
        IntName::Long | IntName::ULong => IntName::ULong,
        IntName::LongLong | IntName::ULongLong => IntName::ULongLong,
        IntName::Int128 | IntName::UInt128 => IntName::UInt128,
    }
}
