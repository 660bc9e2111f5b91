//! The harness text: the test file copied with chosen constant inputs replaced by calls of
//! range-constrained nondeterministic helpers, a prelude defining those helpers, and an entry
//! function running the test (with the framework's set-up and tear-down).

/// A replacement of one element of an input: (input index, element index, generator text).
pub struct Replacement {
    pub input: usize,
    pub element: usize,
    pub text: String,
}

/// The nondet function suffix of an integer C type.
pub fn nondet_suffix(c_type: &str) -> Option<&'static str> {
    Some(match c_type {
        "char" => "char",
        "signed char" => "schar",
        "unsigned char" => "uchar",
        "short" => "short",
        "unsigned short" => "ushort",
        "int" => "int",
        "unsigned int" => "uint",
        "long" => "long",
        "unsigned long" => "ulong",
        "long long" => "longlong",
        "unsigned long long" => "ulonglong",
        _ => return None,
    })
}

/// The helpers for one C type: `__vd_range_S(lo, hi)`, `__vd_outside_S(lo, hi)`, `__vd_any_S()`.
pub fn helpers(c_type: &str) -> String {
    let Some(s) = nondet_suffix(c_type) else { return String::new() };
    format!(
        "static {t} __vd_range_{s}({t} lo, {t} hi) {{ {t} v = __VERIFIER_nondet_{s}(); __VERIFIER_assume(lo <= v && v <= hi); return v; }}\n\
         static {t} __vd_outside_{s}({t} lo, {t} hi) {{ {t} v = __VERIFIER_nondet_{s}(); __VERIFIER_assume(v < lo || v > hi); return v; }}\n\
         static {t} __vd_any_{s}(void) {{ return __VERIFIER_nondet_{s}(); }}\n",
        t = c_type
    )
}

/// A C literal of `v` for type `c_type` (suffixes keep large values in range).
pub fn literal(v: i128, c_type: &str) -> String {
    let unsigned = c_type.starts_with("unsigned");
    let long = c_type.contains("long");
    match (unsigned, long) {
        (true, true) => format!("{v}ULL"),
        (true, false) => format!("{v}U"),
        // the most negative value of a type has no literal: write it as an expression
        (false, _) if v == i64::MIN as i128 => "(-9223372036854775807LL - 1)".to_string(),
        (false, _) if v == i32::MIN as i128 => "(-2147483647 - 1)".to_string(),
        (false, true) => format!("{v}LL"),
        (false, false) => format!("{v}"),
    }
}

/// Byte offset of (1-based) line `line`, column `col` in `text`.
fn offset(text: &str, line: u32, col: u32) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line as usize {
            return off + (col.saturating_sub(1) as usize).min(l.len());
        }
        off += l.len();
    }
    text.len()
}

/// The end of the balanced group starting at `start` (which holds `(`, `{` or `[`), or of
/// the expression ending at a top-level `,`, `;` or closing bracket; skips strings and
/// character constants.
fn scan(text: &[u8], start: usize, stop_at_comma: bool) -> usize {
    let mut depth = 0i32;
    let mut i = start;
    while i < text.len() {
        match text[i] {
            b'"' | b'\'' => {
                let q = text[i];
                i += 1;
                while i < text.len() && text[i] != q {
                    if text[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => {
                if depth == 0 {
                    return i;
                }
                depth -= 1;
                if depth == 0 && !stop_at_comma {
                    return i + 1;
                }
            }
            b',' | b';' if depth == 0 && stop_at_comma => return i,
            b';' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    text.len()
}

/// Top-level comma-separated items of `text[open+1..close]` as byte ranges (trimmed).
fn items(text: &[u8], open: usize, close: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = open + 1;
    while i < close {
        let end = scan(text, i, true).min(close);
        let (mut a, mut b) = (i, end);
        while a < b && text[a].is_ascii_whitespace() {
            a += 1;
        }
        while b > a && text[b - 1].is_ascii_whitespace() {
            b -= 1;
        }
        if a < b {
            out.push((a, b));
        }
        i = end + 1;
    }
    out
}

/// Edits (byte range, new text) that replace the chosen elements of a variable's initialiser
/// declared at `line`/`col`; None when the declaration's text is not recognised.
pub fn variable_edits(
    src: &str,
    line: u32,
    col: u32,
    name: &str,
    is_string: bool,
    count: usize,
    repl: &[(usize, String)],
) -> Option<Vec<(usize, usize, String)>> {
    let b = src.as_bytes();
    let from = offset(src, line, col.min(1));
    // the name as a whole word, then `=`
    let mut at = from;
    let name_at = loop {
        let i = src[at..].find(name)? + at;
        let before = i.checked_sub(1).map(|k| b[k]);
        let after = b.get(i + name.len()).copied();
        let word = |c: Option<u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_');
        if !word(before) && !word(after) {
            break i;
        }
        at = i + name.len();
    };
    let eq = name_at + src[name_at..].find('=')?;
    let mut init = eq + 1;
    while init < b.len() && b[init].is_ascii_whitespace() {
        init += 1;
    }
    match b.get(init)? {
        b'{' => {
            let close = scan(b, init, false).checked_sub(1)?;
            let its = items(b, init, close);
            // positional only: a designated item (`.x = 3`, `[2] = 1`) is not the k-th element
            if its.len() != count || its.iter().any(|&(x, _)| matches!(b[x], b'.' | b'[')) {
                return None;
            }
            Some(repl.iter().filter_map(|(k, t)| its.get(*k).map(|&(x, y)| (x, y, t.clone()))).collect())
        }
        b'"' if is_string => {
            let end = scan(b, init, true);
            // `{ g0, g1, ..., 0 }` keeps the length and the terminator
            let mut elems: Vec<String> = (0..count).map(|_| String::new()).collect();
            let lit = &src[init..end];
            let chars = c_string_chars(lit)?;
            if chars.len() != count {
                return None;
            }
            for (k, c) in chars.iter().enumerate() {
                elems[k] = c.to_string();
            }
            for (k, t) in repl {
                if let Some(e) = elems.get_mut(*k) {
                    *e = t.clone();
                }
            }
            elems.push("0".into());
            Some(vec![(init, end, format!("{{{}}}", elems.join(", ")))])
        }
        _ if count == 1 => {
            let end = scan(b, init, true);
            repl.first().map(|(_, t)| vec![(init, end, t.clone())])
        }
        _ => None,
    }
}

/// The character codes of a (simple) C string literal's text `"..."`.
fn c_string_chars(lit: &str) -> Option<Vec<i32>> {
    let inner = lit.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = Vec::new();
    let mut it = inner.bytes();
    while let Some(c) = it.next() {
        if c == b'\\' {
            let e = it.next()?;
            out.push(match e {
                b'n' => 10,
                b't' => 9,
                b'r' => 13,
                b'0' => 0,
                b'\\' => 92,
                b'"' => 34,
                b'\'' => 39,
                _ => return None,
            });
        } else {
            out.push(c as i8 as i32);
        }
    }
    Some(out)
}

/// The edit replacing argument `arg` of the first call of `func` on or after `line`.
pub fn argument_edit(src: &str, line: u32, func: &str, arg: usize, text: &str) -> Option<(usize, usize, String)> {
    let b = src.as_bytes();
    let from = offset(src, line, 1);
    let mut at = from;
    loop {
        let i = src[at..].find(func)? + at;
        let after = i + func.len();
        let mut k = after;
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        let word_before = i.checked_sub(1).is_some_and(|p| b[p].is_ascii_alphanumeric() || b[p] == b'_');
        if b.get(k) == Some(&b'(') && !word_before {
            let close = scan(b, k, false).checked_sub(1)?;
            let its = items(b, k, close);
            let &(x, y) = its.get(arg)?;
            return Some((x, y, text.to_string()));
        }
        at = after;
    }
}

/// The edit replacing argument `arg` of the first call of `func` on or after `line` by
/// `make(its text)`.
pub fn argument_wrap(
    src: &str,
    line: u32,
    func: &str,
    arg: usize,
    make: impl Fn(&str) -> String,
) -> Option<(usize, usize, String)> {
    let (x, y, _) = argument_edit(src, line, func, arg, "")?;
    Some((x, y, make(&src[x..y])))
}

/// Applies non-overlapping edits.
pub fn apply(src: &str, mut edits: Vec<(usize, usize, String)>) -> String {
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut s = src.to_string();
    let mut last = usize::MAX;
    for (a, b, t) in edits {
        if b > last || a > b || b > s.len() {
            continue;
        }
        s.replace_range(a..b, &t);
        last = a;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initialisers_and_arguments() {
        let src = "void t(void) {\n    int ssr[] = {1, -128,\n      98};\n    char s[] = \"ab\";\n    int x = 7, y = 2;\n    f(x, 5 + 0, g(1, 2));\n}\n";
        let e = variable_edits(src, 2, 5, "ssr", false, 3, &[(1, "A".into()), (2, "B".into())]).unwrap();
        let out = apply(src, e);
        assert!(out.contains("int ssr[] = {1, A,\n      B};"), "{out}");
        let e = variable_edits(src, 4, 5, "s", true, 2, &[(0, "C".into())]).unwrap();
        assert!(apply(src, e).contains("char s[] = {C, 98, 0};"));
        let e = variable_edits(src, 5, 5, "x", false, 1, &[(0, "D".into())]).unwrap();
        assert!(apply(src, e).contains("int x = D, y = 2;"));
        let e = variable_edits(src, 5, 5, "y", false, 1, &[(0, "E".into())]).unwrap();
        assert!(apply(src, e).contains("int x = 7, y = E;"));
        let e = argument_edit(src, 6, "f", 1, "F").unwrap();
        assert!(apply(src, vec![e]).contains("f(x, F, g(1, 2));"));
        let e = argument_edit(src, 6, "g", 0, "G").unwrap();
        assert!(apply(src, vec![e]).contains("g(G, 2)"));
        assert_eq!(literal(-2147483648, "int"), "(-2147483647 - 1)");
        assert_eq!(literal(5, "unsigned long"), "5ULL");
    }

    #[test]
    fn designated_initialisers_are_not_rewritten_by_position() {
        // `.y` written first: its position is not its member's index
        let src = "void t(void) {\n    struct pt p = {.y = 4, .x = 3};\n    struct pt q = {3, 4};\n}\n";
        assert!(variable_edits(src, 2, 5, "p", false, 2, &[(0, "A".into())]).is_none());
        let e = variable_edits(src, 3, 5, "q", false, 2, &[(1, "B".into())]).expect("positional");
        assert!(apply(src, e).contains("struct pt q = {3, B};"));
    }
}

/// Equality assertions of the frameworks: (name prefix, index of the first compared operand).
/// Only equalities: `!=`, `<`, NOT_NULL and the like are predicates that a generalised input
/// keeps meaningful.
const EQUALITY_MACROS: &[(&str, usize)] = &[
    ("TEST_ASSERT_EQUAL", 0),
    ("TEST_ASSERT_INT_WITHIN", 1),
    ("TEST_ASSERT_UINT_WITHIN", 1),
    ("TEST_ASSERT_FLOAT_WITHIN", 1),
    ("TEST_ASSERT_DOUBLE_WITHIN", 1),
    ("assert_int_equal", 0),
    ("assert_uint_equal", 0),
    ("assert_string_equal", 0),
    ("assert_memory_equal", 0),
    ("ck_assert_int_eq", 0),
    ("ck_assert_uint_eq", 0),
    ("ck_assert_str_eq", 0),
    ("CU_ASSERT_EQUAL", 0),
    ("CU_ASSERT_STRING_EQUAL", 0),
    ("CU_ASSERT_DOUBLE_EQUAL", 0),
];

/// Assertions that a pointer is (not) NULL or is a given address, with the asserted
/// expressions first. A test asserts them for its own addresses; once an address it passes
/// may be NULL (`hull` where some test passes NULL there), they are expectations for that
/// address like the literal equalities above: `TEST_ASSERT_NOT_NULL(cJSON_ParseWithOpts("{}",
/// NULL, false))` does not hold for NULL, nor `TEST_ASSERT_EQUAL_PTR(empty_string,
/// cJSON_GetErrorPtr())` after parsing NULL instead of `empty_string`.
const NULL_MACROS: &[&str] = &[
    "TEST_ASSERT_NULL",
    "TEST_ASSERT_NOT_NULL",
    "TEST_ASSERT_EQUAL_PTR",
    "TEST_ASSERT_POINTERS_EQUAL",
    "assert_ptr_equal",
    "ck_assert_ptr_eq",
    "CU_ASSERT_PTR_EQUAL",
    "assert_null",
    "assert_non_null",
    "ck_assert_ptr_null",
    "ck_assert_ptr_nonnull",
    "CU_ASSERT_PTR_NULL",
    "CU_ASSERT_PTR_NOT_NULL",
];

/// Condition-style assertions, whose condition may be `expr == literal`.
const CONDITION_MACROS: &[&str] = &[
    "assert",
    "TEST_ASSERT",
    "TEST_ASSERT_TRUE",
    "ck_assert",
    "ck_assert_msg",
    "CU_ASSERT",
    "CU_ASSERT_TRUE",
    "CU_ASSERT_FATAL",
    "assert_true",
    "fail_unless",
];

/// A constant as C code writes expected values: a number, a character or string literal,
/// or an all-capitals name (an enumerator or a macro by C convention: `OK`, `NO_DATA`, `NULL`),
/// `true`/`false`.
fn is_literal(t: &str) -> bool {
    let t = t.trim();
    let t = t.strip_prefix('-').unwrap_or(t).trim();
    let t = t.trim_start_matches('(').trim_end_matches(')').trim();
    let constant_name = t.chars().any(|c| c.is_ascii_uppercase())
        && t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && !t.as_bytes()[0].is_ascii_digit();
    !t.is_empty()
        && (t.starts_with('"')
            || t.starts_with('\'')
            || constant_name
            || t == "true"
            || t == "false"
            || (t.as_bytes()[0].is_ascii_digit()
                && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '+' || c == '-')))
}

/// Splits a condition at a top-level `==` (and `!=` with `unequal`).
fn comparison(cond: &str, unequal: bool) -> Option<(&str, &str)> {
    let b = cond.as_bytes();
    let mut depth = 0;
    let mut i = 0;
    while i + 1 < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' | b'\'' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'=' if depth == 0 && b[i + 1] == b'=' && (i == 0 || !matches!(b[i - 1], b'!' | b'<' | b'>' | b'=')) => {
                return Some((&cond[..i], &cond[i + 2..]))
            }
            b'!' if unequal && depth == 0 && b[i + 1] == b'=' => return Some((&cond[..i], &cond[i + 2..])),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A test's comparisons with a literal expected value are its oracle for its own input: once
/// inputs are generalised they no longer apply, so the harness keeps the compared expression
/// (its calls and their safety) but drops the comparison. With `null_inputs` (an address the
/// test passes may be NULL in the harness) also its NULL expectations ([`NULL_MACROS`],
/// `!= NULL`) — but these become assumptions: a test framework ends the test at a failed
/// assertion, so the rest of the test runs only where the pointer is what the test expects
/// (cJSON's `TEST_ASSERT_NOT_NULL(null = cJSON_GetObjectItem(root, "null")); null->type`,
/// where `root` is NULL when malloc fails: the test stops at the assertion, it never reads
/// `null->type`). Returns the text and where the dropped ones were.
pub fn drop_literal_oracles(src: &str, null_inputs: bool) -> (String, Vec<usize>) {
    let b = src.as_bytes();
    let mut edits = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let word_start = (b[i].is_ascii_alphabetic() || b[i] == b'_')
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'));
        if !word_start {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
            j += 1;
        }
        let name = &src[i..j];
        let mut k = j;
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        if b.get(k) != Some(&b'(') {
            i = j;
            continue;
        }
        let close = scan(b, k, false).saturating_sub(1);
        if close <= k {
            i = j;
            continue;
        }
        let args = items(b, k, close);
        let text = |r: &(usize, usize)| &src[r.0..r.1];
        let mut assumed: Option<String> = None;
        let kept: Option<Vec<&str>> =
            // (before the equalities: TEST_ASSERT_EQUAL_PTR is one of them by its prefix)
            if null_inputs && NULL_MACROS.iter().any(|m| name.starts_with(m)) {
                let n = if name.contains("EQUAL") || name.ends_with("_eq") { 2 } else { 1 };
                let ops: Vec<&str> = args.iter().take(n).map(text).collect();
                assumed = match ops.as_slice() {
                    [a, b] => Some(format!("({a}) == ({b})")),
                    [a] if name.contains("NOT_NULL") || name.contains("non_null") || name.contains("nonnull") => {
                        Some(format!("({a}) != 0"))
                    }
                    [a] => Some(format!("({a}) == 0")),
                    _ => None,
                };
                Some(ops)
            } else if let Some(&(_, first)) = EQUALITY_MACROS.iter().find(|(m, _)| name.starts_with(m)) {
                match (args.get(first), args.get(first + 1)) {
                    (Some(a), Some(c)) if is_literal(text(a)) || is_literal(text(c)) => {
                        Some([a, c].into_iter().map(text).filter(|t| !is_literal(t)).collect())
                    }
                    _ => None,
                }
            } else if CONDITION_MACROS.contains(&name.strip_suffix("_MESSAGE").unwrap_or(name)) {
                let cond = args.first().map(text);
                match cond.and_then(|c| comparison(c, null_inputs)) {
                    Some((l, r)) if is_literal(l) || is_literal(r) => {
                        if null_inputs && [l, r].iter().any(|t| t.trim() == "NULL") {
                            assumed = cond.map(|c| c.trim().to_string());
                        }
                        Some([l, r].into_iter().filter(|t| !is_literal(t)).map(str::trim).collect())
                    }
                    _ => None,
                }
            } else {
                None
            };
        if let Some(kept) = kept {
            let call = &src[i..=close];
            let keep = match &assumed {
                // the operands are evaluated once, inside the assumption
                Some(cond) => format!("__ESBMC_assume({cond})"),
                None if kept.is_empty() => "0".to_string(),
                None => kept.iter().map(|t| format!("(void)({t})")).collect::<Vec<_>>().join(", "),
            };
            let note = call.replace("*/", "* /").replace('\n', " ");
            // (an assertion written as a statement without its `;`, as Unity's are, stays a
            // statement)
            let next = b[close + 1..].iter().find(|c| !c.is_ascii_whitespace());
            let end = if matches!(next, Some(b';' | b',' | b')' | b':' | b'?')) { "" } else { ";" };
            edits.push((
                i,
                close + 1,
                format!("({keep}){end} /* verdiff: `{note}` checks this test's own input only */"),
            ));
            i = close + 1;
            continue;
        }
        i = j;
    }
    let at = edits.iter().map(|e| e.0).collect();
    (apply(src, edits), at)
}

/// The byte range of the body of the function whose definition starts on `line` (from its
/// first `{` to the matching `}`).
pub fn function_body(text: &str, line: u32) -> Option<(usize, usize)> {
    let from = offset(text, line, 1);
    let open = text[from..].find('{')? + from;
    Some((open, scan(text.as_bytes(), open, false)))
}

#[cfg(test)]
mod oracle_tests {
    use super::{drop_literal_oracles, function_body};

    #[test]
    fn the_body_of_a_function_by_its_line() {
        let src = "void a(void) {\n  if (x) { y(); }\n}\nvoid b(void)\n{\n  TEST_ASSERT_EQUAL(1, f(2));\n}\n";
        let (x, y) = function_body(src, 4).expect("b's body");
        assert_eq!(&src[x..y], "{\n  TEST_ASSERT_EQUAL(1, f(2));\n}");
        let (x, y) = function_body(src, 1).expect("a's body");
        assert_eq!(&src[x..y], "{\n  if (x) { y(); }\n}");
        // the comparison dropped lies in b's body, not in a's
        let (_, at) = drop_literal_oracles(src, false);
        assert_eq!(at.len(), 1);
        assert!(function_body(src, 4).is_some_and(|(x, y)| x <= at[0] && at[0] < y));
    }

    #[test]
    fn literal_expectations_are_dropped_relational_ones_kept() {
        let src = "TEST_ASSERT_EQUAL_INT(5, average(v, 4));\nTEST_ASSERT_EQUAL_INT(ssr[i], removeLogElem());\nassert(f(x) == -1);\nassert(f(x) > 0);\nck_assert_int_eq(g(y), 'a');\nTEST_ASSERT_NOT_NULL(level_name(1));\nTEST_ASSERT_EQUAL(NO_DATA, init(&r, size));\nTEST_ASSERT_EQUAL(expected, init(&r, size));\nassert(p != NULL);\nck_assert_int_ne(g(y), 0);\n";
        let (out, at) = drop_literal_oracles(src, false);
        assert_eq!(at.len(), 4, "{out}");
        assert!(out.contains("((void)(init(&r, size)))"), "{out}");
        assert!(out.contains("TEST_ASSERT_EQUAL(expected, init(&r, size));"), "{out}");
        assert!(out.contains("assert(p != NULL);") && out.contains("ck_assert_int_ne(g(y), 0);"), "{out}");
        assert!(out.contains("((void)(average(v, 4)))"), "{out}");
        assert!(out.contains("TEST_ASSERT_EQUAL_INT(ssr[i], removeLogElem());"));
        assert!(out.contains("((void)(f(x)))"), "{out}");
        assert!(out.contains("assert(f(x) > 0);"));
        assert!(out.contains("((void)(g(y)))"), "{out}");
        assert!(out.contains("TEST_ASSERT_NOT_NULL(level_name(1));"));
    }

    #[test]
    fn a_dropped_assertion_without_its_semicolon_stays_a_statement() {
        // (Unity accepts its assertions without `;`)
        let src =
            "TEST_ASSERT_EQUAL_INT_MESSAGE(5, average(v, 4), \"all\")\n    TEST_ASSERT_EQUAL_INT(3, average(v, 2));\nTEST_ASSERT_TRUE_MESSAGE(f(x) == 2, \"two\")\n";
        let (out, at) = drop_literal_oracles(src, false);
        assert_eq!(at.len(), 3, "{out}");
        assert!(out.contains("((void)(f(x))); /* verdiff"), "{out}");
        assert!(out.starts_with("((void)(average(v, 4))); /* verdiff"), "{out}");
        assert!(out.contains("((void)(average(v, 2))) /* verdiff") && out.contains("*/;"), "{out}");
    }

    #[test]
    fn null_expectations_are_dropped_when_an_address_may_be_null() {
        let src = "item = cJSON_ParseWithOpts(s, NULL, false);\nTEST_ASSERT_NOT_NULL_MESSAGE(item, \"no item\");\nTEST_ASSERT_NULL(f(p));\nassert(q != NULL);\nassert(n != 0);\nassert(n > 0);\nTEST_ASSERT_EQUAL_PTR(empty, cJSON_GetErrorPtr());\n";
        let (kept, at) = drop_literal_oracles(src, false);
        assert!(at.is_empty(), "{kept}");
        let (out, at) = drop_literal_oracles(src, true);
        assert_eq!(at.len(), 5, "{out}");
        // a NULL expectation that fails ends the test: what follows runs only where it holds
        assert!(out.contains("(__ESBMC_assume((empty) == (cJSON_GetErrorPtr())))"), "{out}");
        assert!(
            out.contains("(__ESBMC_assume((item) != 0))")
                && out.contains("(__ESBMC_assume((f(p)) == 0))")
                && out.contains("(__ESBMC_assume(q != NULL))"),
            "{out}"
        );
        // an integer compared with a literal is the test's oracle for its own input: dropped
        assert!(out.contains("((void)(n))"), "n != 0 compares with a literal too: {out}");
        assert!(out.contains("assert(n > 0);"), "{out}");
    }
}
