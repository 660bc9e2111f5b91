//! Rendering concrete values of a replayed execution as C text.

use super::result::{TraceEvent, TraceStep, TraceValue};
use crate::ir::{Program, Type};
use crate::symex::{Output, Step};
use crate::term::{fp_bits_to_f64, Op, TermStore, T};

fn binary_groups(b: &crate::term::Bits) -> String {
    let s = b.to_binary();
    s.as_bytes().chunks(8).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

/// A concrete value of type `ty` as C text.
pub fn value(p: &Program, s: &TermStore, objects: &[String], off_bits: u32, v: T, ty: &Type) -> TraceValue {
    match s.op(v) {
        Op::BvConst(b) => {
            let text = match ty {
                Type::Pointer(_) => {
                    let w = b.width();
                    let obj = b.extract(w - 1, off_bits).to_u64().unwrap_or(0) as usize;
                    let off = b.extract(off_bits - 1, 0);
                    let off_i = off.to_i128().unwrap_or(0);
                    if b.is_zero() {
                        "NULL".to_string()
                    } else {
                        let name = objects.get(obj).cloned().unwrap_or_else(|| format!("object {obj}"));
                        if off_i == 0 {
                            format!("&{name}")
                        } else {
                            format!("&{name} + {off_i}")
                        }
                    }
                }
                Type::Int(i) if i.signed => b.to_sdec(),
                Type::Bool => (!b.is_zero() as u8).to_string(),
                Type::Struct(_) | Type::Union(_) => format!("{{ 0x{} }}", b.to_hex()),
                _ => b.to_udec(),
            };
            let binary = if b.width() <= 128 { Some(binary_groups(b)) } else { None };
            TraceValue { text, binary }
        }
        Op::FpConst(b) => {
            let (e, sb) = match s.sort(v) {
                crate::term::Sort::Fp(e, sb) => (*e, *sb),
                _ => (11, 53),
            };
            let text = match fp_bits_to_f64(e, sb, b) {
                Some(x) if x.is_nan() => "NAN".to_string(),
                Some(x) if x.is_infinite() => if x > 0.0 { "+INFINITY" } else { "-INFINITY" }.to_string(),
                Some(x) if x != 0.0 && (x.abs() < 1e-6 || x.abs() >= 1e17) => format!("{x:e}"),
                Some(x) => {
                    let t = format!("{x}");
                    if t.contains('.') || t.contains('e') {
                        t
                    } else {
                        format!("{t}.0")
                    }
                }
                None => format!("0x{}", b.to_hex()),
            };
            TraceValue { text, binary: Some(binary_groups(b)) }
        }
        Op::BoolConst(b) => TraceValue { text: (*b as u8).to_string(), binary: None },
        _ => {
            let _ = p;
            TraceValue { text: "(symbolic)".into(), binary: None }
        }
    }
}

/// The steps of a replayed execution, up to and including the violation.
pub fn trace(p: &Program, out: &Output, off_bits: u32) -> Vec<TraceStep> {
    let mut steps = Vec::new();
    for st in &out.trace {
        let function = st.func.map(|f| p.func(f).name.clone()).unwrap_or_else(|| "(static initialisation)".into());
        let event = match &st.step {
            Step::Assign { lhs, value: v, ty } => {
                TraceEvent::Assign { lhs: lhs.clone(), value: value(p, &out.store, &out.objects, off_bits, *v, ty) }
            }
            Step::Call { func, args } => TraceEvent::Call {
                func: func.clone(),
                args: args.iter().map(|(v, t)| value(p, &out.store, &out.objects, off_bits, *v, t).text).collect(),
            },
            Step::Return { func } => TraceEvent::Return { func: func.clone() },
            Step::Violation { .. } => continue,
        };
        steps.push(TraceStep {
            file: p.file_name(st.loc).to_string(),
            line: st.loc.line,
            col: st.loc.col,
            function,
            event,
        });
    }
    steps
}
