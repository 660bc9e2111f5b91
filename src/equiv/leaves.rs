//! Splitting a value into its scalar parts ("leaves"): what the product program initialises
//! and compares, one scalar at a time.

use crate::ir::{ArrayLen, Expr, ExprKind, Program, Type};

/// A scalar part of a value: its C access path (`x`, `s.f`, `a[3]`) and the lvalue.
#[derive(Clone, Debug)]
pub struct Leaf {
    pub path: String,
    pub expr: Expr,
}

/// Appends the scalar parts of lvalue `e` (named `path`) to `out`; fails for values verdiff
/// cannot enumerate (unknown sizes, more than `limit` scalars).
pub fn leaves(p: &Program, e: Expr, path: String, out: &mut Vec<Leaf>, limit: usize) -> Result<(), String> {
    if out.len() > limit {
        return Err(format!("more than {limit} scalar values to compare"));
    }
    match e.ty.clone() {
        Type::Bool | Type::Int(_) | Type::Float(_) | Type::Pointer(_) => {
            out.push(Leaf { path, expr: e });
            Ok(())
        }
        Type::Array(elem, ArrayLen::Fixed(n)) => {
            for i in 0..n {
                let idx = Expr::int(i as i128, p.target.size_t());
                let x = Expr::new(ExprKind::Index(Box::new(e.clone()), Box::new(idx)), (*elem).clone());
                leaves(p, x, format!("{path}[{i}]"), out, limit)?;
            }
            Ok(())
        }
        Type::Struct(i) | Type::Union(i) => {
            let Some(c) = p.composites.get(i as usize) else {
                return Err(format!("`{path}` has an unknown struct type"));
            };
            if !c.complete {
                return Err(format!("`{path}` has an incomplete type"));
            }
            for (k, f) in c.fields.iter().enumerate() {
                if c.flexible && k + 1 == c.fields.len() {
                    // a flexible array member has no size of its own
                    continue;
                }
                let x = Expr::new(ExprKind::Member(Box::new(e.clone()), k as u32), f.ty.clone());
                let name = if f.name.is_empty() { format!("#{k}") } else { f.name.clone() };
                leaves(p, x, format!("{path}.{name}"), out, limit)?;
            }
            Ok(())
        }
        Type::Array(..) => Err(format!("`{path}` is an array of unknown or variable size")),
        Type::Void | Type::Function(_) => Err(format!("`{path}` has no value to compare")),
    }
}

/// The shape of a type's leaves (their types as text), to check that two versions' types
/// line up leaf by leaf.
pub fn shape(p: &Program, t: &Type, limit: usize) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    // a placeholder lvalue: only the types of the leaves matter
    let e = Expr::new(ExprKind::Zero, t.clone());
    leaves(p, e, String::new(), &mut out, limit)?;
    Ok(out.iter().map(|l| format!("{}{}", l.path, p.type_name(&l.expr.ty))).collect())
}
