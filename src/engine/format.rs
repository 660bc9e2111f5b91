//! Rendering concrete values of a replayed execution as C text.

use super::result::{TraceEvent, TraceStep, TraceValue};
use crate::ir::{Program, Type};
use crate::symex::{Output, Step};
use crate::term::{fp_bits_to_f64, Bits, Op, TermStore, T};

fn binary_groups(b: &crate::term::Bits) -> String {
    let s = b.to_binary();
    s.as_bytes().chunks(8).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

/// What a pointer's object number means in a run: the names of its objects, and whether the
/// numbers from half the object space up are the caller's objects (a run with an input heap)
/// or just bits (a random run's pointer into no object).
#[derive(Clone, Copy)]
pub(super) struct ObjectNames<'a> {
    pub objects: &'a [String],
    pub caller_heap: bool,
}

impl<'a> ObjectNames<'a> {
    pub fn of(out: &'a Output) -> ObjectNames<'a> {
        ObjectNames { objects: &out.objects, caller_heap: out.input_heap }
    }
}

/// A concrete value of type `ty` as C text.
pub(super) fn value(p: &Program, s: &TermStore, names: ObjectNames, off_bits: u32, v: T, ty: &Type) -> TraceValue {
    match s.op(v) {
        Op::BvConst(b) => bits_value(names, off_bits, b, ty),
        Op::FpConst(b) => {
            let (e, sb) = match s.sort(v) {
                crate::term::Sort::Fp(e, sb) => (*e, *sb),
                _ => (11, 53),
            };
            TraceValue { text: float_text(e, sb, b), binary: Some(binary_groups(b)) }
        }
        Op::BoolConst(b) => TraceValue { text: (*b as u8).to_string(), binary: None },
        _ => {
            let _ = p;
            TraceValue { text: "(symbolic)".into(), binary: None }
        }
    }
}

/// The bits `b` of a value of type `ty` (not a float) as C text.
pub(super) fn bits_value(names: ObjectNames, off_bits: u32, b: &Bits, ty: &Type) -> TraceValue {
    let text = match ty {
        Type::Pointer(_) => pointer_text(names, off_bits, b),
        Type::Int(i) if i.signed => b.to_sdec(),
        Type::Bool => (!b.is_zero() as u8).to_string(),
        Type::Struct(_) | Type::Union(_) => format!("{{ 0x{} }}", b.to_hex()),
        Type::Float(k) => {
            let (e, sb) = k.format();
            if e + sb == b.width() {
                float_text(e, sb, b)
            } else {
                format!("0x{}", b.to_hex())
            }
        }
        _ => b.to_udec(),
    };
    let binary = if b.width() <= 128 { Some(binary_groups(b)) } else { None };
    TraceValue { text, binary }
}

/// A pointer's bits as C text: `NULL`, `&a`, `&a + 4`; objects of the caller's memory (the
/// input heap, numbers from half the object space up) are `caller_object_N`, in a run that
/// has one; any other number no object has is `object N`.
fn pointer_text(names: ObjectNames, off_bits: u32, b: &Bits) -> String {
    if b.is_zero() {
        return "NULL".to_string();
    }
    let w = b.width();
    let obj = b.extract(w - 1, off_bits).to_u64().unwrap_or(0);
    let off_i = b.extract(off_bits - 1, 0).to_i128().unwrap_or(0);
    let name = match names.objects.get(obj as usize) {
        Some(n) => n.clone(),
        None => match super::inputs::caller_object(w, off_bits, obj).filter(|_| names.caller_heap) {
            Some(k) => format!("caller_object_{k}"),
            None => format!("object {obj}"),
        },
    };
    if off_i == 0 {
        format!("&{name}")
    } else {
        format!("&{name} + {off_i}")
    }
}

fn float_text(e: u32, sb: u32, b: &Bits) -> String {
    match fp_bits_to_f64(e, sb, b) {
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
    }
}

/// The steps of a replayed execution, up to and including the violation.
pub fn trace(p: &Program, out: &Output, off_bits: u32) -> Vec<TraceStep> {
    let mut steps = Vec::new();
    for st in &out.trace {
        let function = st.func.map(|f| p.func(f).name.clone()).unwrap_or_else(|| "(static initialisation)".into());
        let event = match &st.step {
            Step::Assign { lhs, value: v, ty } => TraceEvent::Assign {
                lhs: lhs.clone(),
                value: value(p, &out.store, ObjectNames::of(out), off_bits, *v, ty),
            },
            Step::Input { lhs, value: v, ty } => {
                let val = value(p, &out.store, ObjectNames::of(out), off_bits, *v, ty);
                let file = p.file_name(st.loc).to_string();
                let at = |event| TraceStep {
                    file: file.clone(),
                    line: st.loc.line,
                    col: st.loc.col,
                    function: function.clone(),
                    thread: st.thread,
                    event,
                };
                steps.push(at(TraceEvent::Input { name: lhs.clone(), value: val.clone() }));
                // what the caller's memory behind a pointer input held, where the run read it
                if let (Type::Pointer(to), Op::BvConst(b)) = (ty, out.store.op(*v)) {
                    for (name, value) in super::inputs::memory(p, out, off_bits, lhs, b, to) {
                        steps.push(at(TraceEvent::Input { name, value }));
                    }
                }
                continue;
            }
            Step::Call { func, args } => TraceEvent::Call {
                func: func.clone(),
                args: args
                    .iter()
                    .map(|(v, t)| value(p, &out.store, ObjectNames::of(out), off_bits, *v, t).text)
                    .collect(),
            },
            Step::Return { func } => TraceEvent::Return { func: func.clone() },
            Step::Violation { .. } => continue,
            Step::Switch { thread } => TraceEvent::Switch { thread: *thread },
            Step::Spawn { thread, func } => TraceEvent::Spawn { thread: *thread, func: func.clone() },
        };
        steps.push(TraceStep {
            file: p.file_name(st.loc).to_string(),
            line: st.loc.line,
            col: st.loc.col,
            function,
            thread: st.thread,
            event,
        });
    }
    steps
}
