//! The caller's memory a counterexample read, as inputs named by C paths from the entry's
//! parameters: `q->n = 5`, `s[-1] = 1`, `name[0] to name[5] = "hello\0"`.
//!
//! A replay logs every byte of the input heap (symex/input.rs) it read. A pointer input into
//! one of the heap's objects names that object's bytes: by the pointee's layout (members,
//! elements, negative indices below the pointer), and through pointers read from it, the
//! objects they lead to (`q->next->n`).

use std::collections::{BTreeMap, HashSet};

use super::result::TraceValue;
use crate::ir::{Program, Type};
use crate::symex::Output;
use crate::term::Bits;

/// How many pointers deep the caller's memory is named (the objects past it are not shown).
const DEPTH: u32 = 4;

/// The caller's object number `obj` as 1, 2, ... (its place in the input heap), or None
/// when `obj` is not one of the input heap's objects.
pub(super) fn caller_object(ptr_w: u32, off_bits: u32, obj: u64) -> Option<u64> {
    let obj_bits = ptr_w.checked_sub(off_bits)?;
    let base = 1u64.checked_shl(obj_bits.checked_sub(1)?)?;
    (obj >= base).then(|| obj - base + 1)
}

/// The bytes the run read of the caller's memory behind pointer `ptr` (the value of input
/// `name`, pointing to `to`), as (C path, value) pairs in address order.
pub(super) fn memory(
    p: &Program,
    out: &Output,
    off_bits: u32,
    name: &str,
    ptr: &Bits,
    to: &Type,
) -> Vec<(String, TraceValue)> {
    let mut shown = Vec::new();
    if out.input_bytes.is_empty() {
        return shown;
    }
    let mut seen = HashSet::new();
    walk(&Walk { p, out, off_bits }, name, ptr, to, 0, &mut seen, &mut shown);
    shown
}

struct Walk<'a> {
    p: &'a Program,
    out: &'a Output,
    off_bits: u32,
}

/// One scalar of the caller's memory: where it starts, its type, and the bytes read of it.
struct Leaf {
    path: String,
    ty: Type,
    start: u64,
    bytes: BTreeMap<u64, u8>,
}

fn walk(
    w: &Walk<'_>,
    name: &str,
    ptr: &Bits,
    to: &Type,
    depth: u32,
    seen: &mut HashSet<u64>,
    shown: &mut Vec<(String, TraceValue)>,
) {
    let ptr_w = ptr.width();
    if ptr.is_zero() || depth >= DEPTH || w.off_bits >= ptr_w {
        return;
    }
    let obj = ptr.extract(ptr_w - 1, w.off_bits).to_u64().unwrap_or(0);
    let at = ptr.extract(w.off_bits - 1, 0).to_u64().unwrap_or(0);
    if caller_object(ptr_w, w.off_bits, obj).is_none() || !seen.insert(obj) {
        return;
    }
    let lo = (obj as u128) << w.off_bits;
    let hi = ((obj as u128) + 1) << w.off_bits;
    let layout = w.p.layout();
    let elem = match to {
        Type::Void | Type::Function(_) => w.p.target.int(crate::ir::IntName::UChar),
        t => t.clone(),
    };
    let size = layout.size_of(&elem).filter(|&s| s > 0).unwrap_or(1);
    // the scalars the read bytes belong to, by (element index, path within the element)
    let mut leaves: BTreeMap<(i128, String), Leaf> = BTreeMap::new();
    for (&addr, &byte) in w.out.input_bytes.range(lo..hi) {
        let off = (addr - lo) as u64;
        let rel = off as i128 - at as i128;
        let idx = rel.div_euclid(size as i128);
        let within = rel.rem_euclid(size as i128) as u64;
        let (suffix, ty, start) = leaf(w.p, &elem, within);
        let path = element_path(name, idx, &suffix);
        let start = (at as i128 + idx * size as i128) as u64 + start;
        let l = leaves.entry((idx, suffix)).or_insert_with(|| Leaf { path, ty, start, bytes: BTreeMap::new() });
        l.bytes.insert(off, byte);
    }
    let mut leaves: Vec<Leaf> = leaves.into_values().collect();
    leaves.sort_by_key(|l| l.start);
    let chars = matches!(&elem, Type::Int(i) if i.width == 8);
    let mut i = 0;
    while i < leaves.len() {
        // a run of characters read one after another is shown as one string
        if chars {
            let mut j = i;
            while j + 1 < leaves.len() && leaves[j + 1].start == leaves[j].start + 1 && complete(w.p, &leaves[j + 1]) {
                j += 1;
            }
            if j > i && complete(w.p, &leaves[i]) {
                let bytes: Vec<u8> = leaves[i..=j].iter().filter_map(|l| l.bytes.values().next().copied()).collect();
                let text = format!("\"{}\"", c_escape(&bytes));
                let first = (leaves[i].start as i128 - at as i128) / size as i128;
                let last = first + (j - i) as i128;
                shown.push((format!("{name}[{first}] to {name}[{last}]"), TraceValue { text, binary: None }));
                i = j + 1;
                continue;
            }
        }
        let l = &leaves[i];
        i += 1;
        match value_of(w.p, l) {
            Some(bits) => {
                shown.push((
                    l.path.clone(),
                    super::format::bits_value(super::format::ObjectNames::of(w.out), w.off_bits, &bits, &l.ty),
                ));
                if let Type::Pointer(next) = &l.ty {
                    if bits.width() == ptr_w {
                        walk(w, &l.path, &bits, next, depth + 1, seen, shown);
                    }
                }
            }
            None => {
                let bytes: Vec<String> = l.bytes.values().map(|b| format!("{b:02x}")).collect();
                let text = format!("(bytes read, lowest address first: {})", bytes.join(" "));
                shown.push((l.path.clone(), TraceValue { text, binary: None }));
            }
        }
    }
}

/// The C path of element `idx` of what `name` points to, followed by `suffix`
/// (`.member`, `[i]`, or nothing).
fn element_path(name: &str, idx: i128, suffix: &str) -> String {
    match (idx, suffix.strip_prefix('.')) {
        (0, Some(member)) => format!("{name}->{member}"),
        (0, None) if suffix.is_empty() => format!("*{name}"),
        _ => format!("{name}[{idx}]{suffix}"),
    }
}

/// The scalar of `t` that byte `within` belongs to: its path within `t` (`.a[2].b`), its
/// type and its first byte. A byte of padding or of a bit-field is a byte of its own.
fn leaf(p: &Program, t: &Type, within: u64) -> (String, Type, u64) {
    let layout = p.layout();
    let byte = || (format!("(byte {within})"), p.target.int(crate::ir::IntName::UChar), within);
    match t {
        Type::Struct(_) | Type::Union(_) => {
            let Some(c) = layout.composite(t) else { return byte() };
            let field = c.fields.iter().find(|f| {
                f.bits.is_none() && layout.size_of(&f.ty).is_some_and(|s| f.offset <= within && within < f.offset + s)
            });
            match field {
                Some(f) => {
                    let (sub, ty, start) = leaf(p, &f.ty, within - f.offset);
                    (format!(".{}{sub}", f.name), ty, f.offset + start)
                }
                None => byte(),
            }
        }
        Type::Array(e, _) => {
            let es = layout.size_of(e).filter(|&s| s > 0).unwrap_or(1);
            let i = within / es;
            let (sub, ty, start) = leaf(p, e, within - i * es);
            (format!("[{i}]{sub}"), ty, i * es + start)
        }
        _ => (String::new(), t.clone(), 0),
    }
}

/// Whether every byte of the scalar was read.
fn complete(p: &Program, l: &Leaf) -> bool {
    p.layout().size_of(&l.ty).is_some_and(|s| l.bytes.len() as u64 == s)
}

/// The scalar's value (little-endian), when every byte of it was read.
fn value_of(p: &Program, l: &Leaf) -> Option<Bits> {
    let size = p.layout().size_of(&l.ty)?;
    if !complete(p, l) || size == 0 || size > 16 {
        return None;
    }
    let mut v: u128 = 0;
    for k in (0..size).rev() {
        v = (v << 8) | *l.bytes.get(&(l.start + k))? as u128;
    }
    Some(Bits::from_u128((size * 8) as u32, v))
}

/// C text of a string's bytes (`\0`, `\n`, `\x01`).
fn c_escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            0 => s.push_str("\\0"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_members_elements_and_bytes_below_the_pointer() {
        assert_eq!(element_path("q", 0, ".n"), "q->n");
        assert_eq!(element_path("q", 0, ""), "*q");
        assert_eq!(element_path("s", -1, ""), "s[-1]");
        assert_eq!(element_path("a", 2, ".b[1]"), "a[2].b[1]");
        assert_eq!(element_path("q->next", 0, ".v"), "q->next->v");
    }

    #[test]
    fn caller_objects_are_the_upper_half_of_the_object_space() {
        // 64-bit pointers with 48 offset bits: 16 object bits, the input heap from 2^15 up
        assert_eq!(caller_object(64, 48, 1 << 15), Some(1));
        assert_eq!(caller_object(64, 48, (1 << 15) + 2), Some(3));
        assert_eq!(caller_object(64, 48, 7), None);
    }

    #[test]
    fn strings_are_escaped_as_c_writes_them() {
        assert_eq!(c_escape(b"ab\0\n\x01\""), "ab\\0\\n\\x01\\\"");
    }
}
