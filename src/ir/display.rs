//! C-like rendering of expressions and instructions (claims, traces, `--show-goto`).

use super::expr::{BinOp, Builtin, Expr, ExprKind, UnOp};
use super::program::{InstrKind, Program};
use super::types::Type;

pub fn expr_to_c(p: &Program, e: &Expr) -> String {
    let mut s = String::new();
    write_expr(p, e, &mut s, 0);
    s
}

fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Binary(op, ..) => match op {
            BinOp::Mul | BinOp::Div | BinOp::Rem => 13,
            BinOp::Add | BinOp::Sub | BinOp::PtrAdd | BinOp::PtrSub | BinOp::PtrDiff => 12,
            BinOp::Shl | BinOp::Shr => 11,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 10,
            BinOp::Eq | BinOp::Ne => 9,
            BinOp::BitAnd => 8,
            BinOp::BitXor => 7,
            BinOp::BitOr => 6,
            BinOp::LogAnd => 5,
            BinOp::LogOr => 4,
        },
        ExprKind::Cond(..) => 3,
        ExprKind::Unary(..) | ExprKind::Cast(..) | ExprKind::Deref(_) | ExprKind::AddrOf(_) => 14,
        _ => 16,
    }
}

fn write_expr(p: &Program, e: &Expr, s: &mut String, ctx: u8) {
    let my = prec(e);
    let paren = my < ctx;
    if paren {
        s.push('(');
    }
    match &e.kind {
        ExprKind::Int(v) => match &e.ty {
            Type::Int(i) if i.signed => {
                let w = i.width;
                let x = if w < 128 && (v >> (w - 1)) & 1 == 1 { (*v as i128) - (1i128 << w) } else { *v as i128 };
                s.push_str(&x.to_string());
            }
            Type::Pointer(_) if *v == 0 => s.push_str("NULL"),
            _ => s.push_str(&v.to_string()),
        },
        ExprKind::Float(f) => s.push_str(&format!("{f:?}")),
        ExprKind::Var(v) => s.push_str(&p.var(*v).name),
        ExprKind::Func(f) => s.push_str(&p.func(*f).name),
        ExprKind::Str(id) => {
            s.push('"');
            for &b in p.string(*id).iter().take(p.string(*id).len().saturating_sub(1)) {
                match b {
                    b'"' => s.push_str("\\\""),
                    b'\\' => s.push_str("\\\\"),
                    b'\n' => s.push_str("\\n"),
                    0x20..=0x7e => s.push(b as char),
                    _ => s.push_str(&format!("\\x{b:02x}")),
                }
            }
            s.push('"');
        }
        ExprKind::Unary(op, a) => {
            s.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::LogNot => "!",
            });
            write_expr(p, a, s, 14);
        }
        ExprKind::Binary(op, a, b) => {
            write_expr(p, a, s, my);
            s.push(' ');
            s.push_str(op.c_symbol());
            s.push(' ');
            write_expr(p, b, s, my + 1);
        }
        ExprKind::Cast(a, _) => {
            s.push('(');
            s.push_str(&p.type_name(&e.ty));
            s.push(')');
            write_expr(p, a, s, 14);
        }
        ExprKind::Cond(c, a, b) => {
            write_expr(p, c, s, 4);
            s.push_str(" ? ");
            write_expr(p, a, s, 3);
            s.push_str(" : ");
            write_expr(p, b, s, 3);
        }
        ExprKind::Index(a, i) => {
            write_expr(p, a, s, 15);
            s.push('[');
            write_expr(p, i, s, 0);
            s.push(']');
        }
        ExprKind::Member(a, f) => {
            let name = p.layout().composite(&a.ty).and_then(|c| c.fields.get(*f as usize)).map(|f| f.name.clone());
            if let ExprKind::Deref(inner) = &a.kind {
                write_expr(p, inner, s, 15);
                s.push_str("->");
            } else {
                write_expr(p, a, s, 15);
                s.push('.');
            }
            s.push_str(name.as_deref().unwrap_or("?"));
        }
        ExprKind::Deref(a) => {
            s.push('*');
            write_expr(p, a, s, 14);
        }
        ExprKind::AddrOf(a) => {
            s.push('&');
            write_expr(p, a, s, 14);
        }
        ExprKind::Nondet => s.push_str("nondet()"),
        ExprKind::Zero => s.push_str("{0}"),
        ExprKind::Builtin(b, args) => {
            s.push_str(builtin_name(*b));
            s.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_expr(p, a, s, 0);
            }
            s.push(')');
        }
    }
    if paren {
        s.push(')');
    }
}

pub fn builtin_name(b: Builtin) -> &'static str {
    match b {
        Builtin::PointerObject => "POINTER_OBJECT",
        Builtin::PointerOffset => "POINTER_OFFSET",
        Builtin::ObjectSize => "OBJECT_SIZE",
        Builtin::SameObject => "SAME_OBJECT",
        Builtin::IsDynamic => "IS_DYNAMIC_OBJECT",
        Builtin::IsAlive => "VALID_OBJECT",
        Builtin::ReadOk => "R_OK",
        Builtin::AddOverflow => "overflow_add",
        Builtin::SubOverflow => "overflow_sub",
        Builtin::MulOverflow => "overflow_mul",
        Builtin::NegOverflow => "overflow_neg",
        Builtin::DivOverflow => "overflow_div",
        Builtin::ShlOverflow => "overflow_shl",
        Builtin::ConvOverflow => "overflow_conversion",
        Builtin::IsNan => "isnan",
        Builtin::IsInf => "isinf",
        Builtin::IsNormal => "isnormal",
        Builtin::IsFinite => "isfinite",
        Builtin::SignBit => "signbit",
        Builtin::IsInvalidPointer => "INVALID_POINTER",
        Builtin::IsReadOnly => "READ_ONLY_OBJECT",
        Builtin::IsAligned => "ALIGNED",
        Builtin::IsInputObject => "INPUT_OBJECT",
        Builtin::IsUnsizedInput => "UNSIZED_INPUT_OBJECT",
        Builtin::IsFresh => "__ESBMC_is_fresh",
        Builtin::RaceFree => "NO_RACE",
    }
}

/// Renders a function body, one instruction per line (for `--show-goto`).
pub fn function_to_text(p: &Program, name: &str) -> Option<String> {
    let f = p.func(p.func_named(name)?);
    let body = f.body.as_ref()?;
    let mut out = format!("{}:\n", f.name);
    for (i, ins) in body.iter().enumerate() {
        for l in &ins.labels {
            out.push_str(&format!("  {l}:\n"));
        }
        let text = match &ins.kind {
            InstrKind::Skip => "skip".to_string(),
            InstrKind::Decl(v) => {
                format!("decl {} : {}", p.var(*v).name, p.type_name(&p.var(*v).ty))
            }
            InstrKind::Dead(v) => format!("dead {}", p.var(*v).name),
            InstrKind::Assign { lhs, rhs } => {
                format!("{} = {}", expr_to_c(p, lhs), expr_to_c(p, rhs))
            }
            InstrKind::Assume(c) => format!("assume({})", expr_to_c(p, c)),
            InstrKind::Assert { cond, kind, msg } => {
                format!("assert({}) // {}: {}", expr_to_c(p, cond), kind.name(), msg)
            }
            InstrKind::Goto { cond: Some(c), target } => format!("if ({}) goto {}", expr_to_c(p, c), target),
            InstrKind::Goto { cond: None, target } => format!("goto {target}"),
            InstrKind::Call { lhs, func, args } => {
                let a: Vec<String> = args.iter().map(|a| expr_to_c(p, a)).collect();
                let call = format!("{}({})", expr_to_c(p, func), a.join(", "));
                match lhs {
                    Some(l) => format!("{} = {}", expr_to_c(p, l), call),
                    None => call,
                }
            }
            InstrKind::Return(Some(e)) => format!("return {}", expr_to_c(p, e)),
            InstrKind::Return(None) => "return".to_string(),
            InstrKind::EndPath => "end of path".to_string(),
            InstrKind::Unsupported(r) => format!("UNSUPPORTED: {r}"),
        };
        out.push_str(&format!("  {i:4} [{}:{}] {text}\n", p.file_name(ins.loc), ins.loc.line));
    }
    Some(out)
}
