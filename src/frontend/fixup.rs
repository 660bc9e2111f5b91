//! Token-level rewrites of preprocessed text for GNU C that lang-c does not parse, applied
//! before parsing. Each rewrite preserves line structure, so source locations stay exact.
//!
//! - `struct __attribute__((packed)) S {` → `struct S {` with the attribute recorded for S
//!   (anonymous ones get a synthetic tag);
//! - `_Alignas(N)` → `__attribute__((aligned(N)))`;
//! - `__int128` → typedef names declared in verdiff.h;
//! - C89 implicit `int` at file scope, inserted where the parser stops (see [`implicit_int`]).

use std::collections::HashMap;

/// Attributes found between `struct`/`union` and the tag, by tag.
pub type TagAttrs = HashMap<String, Vec<String>>;

/// `#pragma pack` state changes: (offset in the rewritten text, packing from there on).
pub type Packs = Vec<(usize, Option<u64>)>;

/// Parses a `#pragma pack(...)` line, updating the stack; returns the new packing.
fn pragma_pack(line: &str, stack: &mut Vec<Option<u64>>, cur: Option<u64>) -> Option<Option<u64>> {
    let rest = line.trim_start_matches('#').trim_start();
    let rest = rest.strip_prefix("pragma")?.trim_start();
    let rest = rest.strip_prefix("pack")?.trim();
    let inner = rest.strip_prefix('(')?.strip_suffix(')')?;
    let parts: Vec<&str> = inner.split(',').map(|p| p.trim()).filter(|p| !p.is_empty()).collect();
    let num = |s: &str| s.parse::<u64>().ok();
    Some(match parts.as_slice() {
        [] => None,
        ["push"] => {
            stack.push(cur);
            cur
        }
        ["push", n] => {
            stack.push(cur);
            num(n)
        }
        ["pop"] | ["pop", _] => stack.pop().unwrap_or(None),
        [n] => num(n),
        _ => cur,
    })
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Index just past a balanced parenthesised group starting at `i` (which must be `(`).
fn skip_parens(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' | b'\'' => i = skip_literal(b, i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Index of the closing quote of the literal starting at `i`.
fn skip_literal(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q {
        if b[j] == b'\\' {
            j += 1;
        }
        if b[j.min(b.len() - 1)] == b'\n' {
            break;
        }
        j += 1;
    }
    j.min(b.len().saturating_sub(1))
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t' || b[i] == b'\n' || b[i] == b'\r') {
        i += 1;
    }
    i
}

fn ident_at(b: &[u8], i: usize) -> Option<&str> {
    if i >= b.len() || !(b[i].is_ascii_alphabetic() || b[i] == b'_') {
        return None;
    }
    let mut j = i;
    while j < b.len() && is_ident_char(b[j]) {
        j += 1;
    }
    std::str::from_utf8(&b[i..j]).ok()
}

/// Splits `a, b` at its one top-level comma.
fn split_top_comma(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    let mut at = None;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' | b'\'' => i = skip_literal(b, i),
            b',' if depth == 0 => {
                if at.is_some() {
                    return None;
                }
                at = Some(i);
            }
            _ => {}
        }
        i += 1;
    }
    at.map(|k| (s[..k].trim(), s[k + 1..].trim()))
}

/// Rewrites `text`; returns the new text, the struct attributes and the `#pragma pack` changes.
pub fn rewrite(text: &str) -> (String, TagAttrs, Packs) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 64);
    let mut attrs = TagAttrs::new();
    let mut i = 0;
    let mut last = 0;
    let mut anon = 0;
    let mut line_start = true;
    let mut packs: Packs = Vec::new();
    let mut pack_stack: Vec<Option<u64>> = Vec::new();
    let mut pack: Option<u64> = None;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if line_start && c == b'#' {
            // line markers and pragmas: copy as is
            let start = i;
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            if let Some(p) = pragma_pack(&text[start..i], &mut pack_stack, pack) {
                pack = p;
                packs.push((out.len() + (start - last), pack));
            }
            continue;
        }
        if c != b' ' && c != b'\t' {
            line_start = false;
        }
        if c == b'"' || c == b'\'' {
            i = skip_literal(b, i) + 1;
            continue;
        }
        if !(c.is_ascii_alphabetic() || c == b'_') || (i > 0 && is_ident_char(b[i - 1])) {
            i += 1;
            continue;
        }
        let Some(word) = ident_at(b, i) else {
            i += 1;
            continue;
        };
        let end = i + word.len();
        match word {
            "struct" | "union" => {
                let j = skip_ws(b, end);
                let Some(next) = ident_at(b, j) else {
                    i = end;
                    continue;
                };
                if next != "__attribute__" && next != "__attribute" {
                    i = end;
                    continue;
                }
                let p = skip_ws(b, j + next.len());
                if p >= b.len() || b[p] != b'(' {
                    i = end;
                    continue;
                }
                let Some(close) = skip_parens(b, p) else {
                    i = end;
                    continue;
                };
                let attr_text: String = text[p..close].chars().filter(|c| !c.is_whitespace()).collect();
                let attr_text = attr_text.trim_start_matches("((").trim_end_matches("))").to_string();
                let after = skip_ws(b, close);
                let tag = match ident_at(b, after) {
                    Some(t) => t.to_string(),
                    None => {
                        anon += 1;
                        format!("__verdiff_tag{anon}")
                    }
                };
                out.push_str(&text[last..end]);
                out.push(' ');
                // keep the newlines of the removed attribute
                for ch in text[j..close].chars().filter(|&c| c == '\n') {
                    out.push(ch);
                }
                if ident_at(b, after).is_none() {
                    out.push_str(&tag);
                    out.push(' ');
                }
                attrs.entry(tag).or_default().extend(attr_text.split(',').map(|s| s.trim_matches('_').to_string()));
                last = close;
                i = close;
            }
            "_Alignas" => {
                let p = skip_ws(b, end);
                let Some(close) = (if p < b.len() && b[p] == b'(' { skip_parens(b, p) } else { None }) else {
                    i = end;
                    continue;
                };
                let arg = text[p + 1..close - 1].trim();
                let is_number =
                    arg.chars().all(|c| c.is_ascii_alphanumeric()) && arg.starts_with(|c: char| c.is_ascii_digit());
                out.push_str(&text[last..i]);
                if is_number {
                    out.push_str(&format!("__attribute__((aligned({arg})))"));
                } else {
                    out.push_str(&format!("__attribute__((aligned(_Alignof({arg}))))"));
                }
                last = close;
                i = close;
            }
            "__int128" | "__int128_t" | "__uint128_t" => {
                // `unsigned __int128` / `signed __int128`: drop the sign keyword before it
                let prev = out.len() + (i - last);
                let _ = prev;
                let before = &text[last..i];
                let trimmed = before.trim_end();
                let (kept, unsigned) = if trimmed.ends_with("unsigned") && word == "__int128" {
                    (&trimmed[..trimmed.len() - "unsigned".len()], true)
                } else if trimmed.ends_with("signed") && !trimmed.ends_with("unsigned") && word == "__int128" {
                    (&trimmed[..trimmed.len() - "signed".len()], false)
                } else {
                    (before, word == "__uint128_t")
                };
                out.push_str(kept);
                out.push(' ');
                out.push_str(if unsigned { "__verdiff_uint128" } else { "__verdiff_int128" });
                last = end;
                i = end;
            }
            "__builtin_types_compatible_p" => {
                // lang-c cannot parse type arguments: _Generic decides compatibility
                let p = skip_ws(b, end);
                let close = if p < b.len() && b[p] == b'(' { skip_parens(b, p) } else { None };
                let Some(close) = close else {
                    i = end;
                    continue;
                };
                let Some((t1, t2)) = split_top_comma(&text[p + 1..close - 1]) else {
                    i = end;
                    continue;
                };
                out.push_str(&text[last..i]);
                let one = |t: &str| {
                    let t = t.replace('\n', " ");
                    if t.starts_with("__typeof") || t.starts_with("typeof") {
                        t
                    } else {
                        format!("__typeof__({t})")
                    }
                };
                out.push_str(&format!("_Generic(({} *)0, {} *: 1, default: 0)", one(t1), one(t2)));
                for _ in text[p..close].matches('\n') {
                    out.push('\n');
                }
                last = close;
                i = close;
            }
            _ => i = end,
        }
    }
    out.push_str(&text[last..]);
    (out, attrs, packs)
}

/// If the parser stopped at a file-scope declaration that relies on implicit `int` (`f(x) {`,
/// `main() {`, `a[3];`), the text with `int ` inserted there.
pub fn implicit_int(text: &str, offset: usize) -> Option<String> {
    let b = text.as_bytes();
    if offset >= b.len() {
        return None;
    }
    // the error is reported at or after the start of the offending declaration: walk back to
    // the start of its line
    let line_start = text[..offset].rfind('\n').map(|p| p + 1).unwrap_or(0);
    let first = skip_ws(b, line_start);
    let word = ident_at(b, first)?;
    if matches!(word, "int" | "struct" | "union" | "enum" | "typedef" | "return" | "if" | "while" | "for" | "else") {
        return None;
    }
    let (insert_at, name_at) = if matches!(word, "static" | "extern" | "register" | "const" | "volatile" | "inline") {
        let j = skip_ws(b, first + word.len());
        (j, j)
    } else {
        (first, first)
    };
    let name = ident_at(b, name_at)?;
    let k = skip_ws(b, name_at + name.len());
    if k < b.len() && matches!(b[k], b'(' | b'[' | b';' | b'=' | b',') {
        let mut s = String::with_capacity(text.len() + 4);
        s.push_str(&text[..insert_at]);
        s.push_str("int ");
        s.push_str(&text[insert_at..]);
        return Some(s);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_attributes_move_to_the_tag() {
        let (t, a, _) = rewrite("typedef struct __attribute__((__packed__)) {\n char c; int i; } S;\nstruct __attribute__((aligned(16))) T { int x; };");
        let squashed: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squashed.contains("struct __verdiff_tag1 {"), "{t}");
        assert!(squashed.contains("struct T {"), "{t}");
        assert_eq!(a.get("__verdiff_tag1").map(|v| v[0].as_str()), Some("packed"));
        assert_eq!(a.get("T").map(|v| v[0].as_str()), Some("aligned(16)"));
        assert_eq!(t.matches('\n').count(), 2);
    }

    #[test]
    fn int128_and_alignas_are_rewritten() {
        let (t, _, _) = rewrite("unsigned __int128 x; __int128 y; struct s { _Alignas(32) int a; };");
        assert!(t.contains("__verdiff_uint128 x"), "{t}");
        assert!(t.contains("__verdiff_int128 y"), "{t}");
        assert!(t.contains("__attribute__((aligned(32))) int a"), "{t}");
    }

    #[test]
    fn implicit_int_is_inserted_at_the_declaration() {
        let src = "#line 1\nfoo(int x) { return x; }\n";
        let off = src.find("foo").unwrap();
        let fixed = implicit_int(src, off).unwrap();
        assert!(fixed.contains("int foo(int x)"));
        assert!(implicit_int("int x = ;", 8).is_none());
    }
}

/// Removes C comments (keeping newlines, so line numbers stay) from text that does not go
/// through the preprocessor (verdiff's own library models).
pub fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => {
                let end = skip_literal(b, i) + 1;
                out.extend_from_slice(&b[i..end.min(b.len())]);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        out.push(b'\n');
                    }
                    i += 1;
                }
                i += 2;
                out.push(b' ');
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod strip_tests {
    #[test]
    fn comments_go_newlines_stay() {
        let s = super::strip_comments("int a; // x\n/* a\nb */ int b = '/'; char *c = \"/*\";\n");
        assert_eq!(s, "int a; \n\n  int b = '/'; char *c = \"/*\";\n");
    }
}
