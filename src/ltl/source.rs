//! Finding formulas in files: Ultimate's ACSL annotations in C sources,
//! `//@ ltl invariant NAME: FORMULA;` (also inside `/*@ … */`), and SV-COMP property files,
//! `CHECK( init(main()), LTL( FORMULA ) )`. The formula text is returned unparsed, with its
//! place, for [`super::formula::parse`].

use std::fmt;

/// One formula found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFormula {
    /// The annotation's name (`positive` in `//@ ltl invariant positive: …`), or `prp:LINE`.
    pub name: String,
    /// The formula text, trimmed.
    pub text: String,
    /// The 1-based line the annotation or `CHECK` starts on.
    pub line: usize,
    /// The byte offset of `text` in the file (add it to a [`super::formula::Span`]).
    pub offset: usize,
}

/// A malformed annotation or property line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SourceError {}

/// Every `ltl invariant` annotation of a C source, in order.
pub fn ltl_invariants(source: &str) -> Result<Vec<SourceFormula>, SourceError> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(found) = next_annotation(source, pos) {
        let (body_start, body_end) = annotation_body(source, found)?;
        if let Some(formula) = ltl_annotation(source, found, body_start, body_end)? {
            out.push(formula);
        }
        pos = body_end;
    }
    Ok(out)
}

/// The position of the next `//@` or `/*@` at or after `from`.
fn next_annotation(source: &str, from: usize) -> Option<usize> {
    let rest = &source[from..];
    [rest.find("//@"), rest.find("/*@")].into_iter().flatten().min().map(|k| from + k)
}

/// The annotation text after the `//@` / `/*@` at `start`: to the end of the line, or to `*/`.
fn annotation_body(source: &str, start: usize) -> Result<(usize, usize), SourceError> {
    let body = start + 3;
    if source[start..].starts_with("//@") {
        let end = source[body..].find('\n').map_or(source.len(), |k| body + k);
        return Ok((body, end));
    }
    match source[body..].find("*/") {
        Some(k) => Ok((body, body + k)),
        None => Err(SourceError { line: line_of(source, start), message: "unterminated `/*@` comment".into() }),
    }
}

/// The 1-based line of byte `pos`.
fn line_of(source: &str, pos: usize) -> usize {
    source[..pos].bytes().filter(|&b| b == b'\n').count() + 1
}

/// Reads `ltl invariant NAME: FORMULA;` from `body_start..body_end`; `None` for other ACSL.
fn ltl_annotation(
    source: &str,
    start: usize,
    body_start: usize,
    body_end: usize,
) -> Result<Option<SourceFormula>, SourceError> {
    let line = line_of(source, start);
    let fail = |message: &str| SourceError { line, message: message.to_string() };
    let mut cursor = Cursor { text: source, pos: body_start, end: body_end };
    if cursor.word() != Some("ltl") {
        return Ok(None);
    }
    if cursor.word() != Some("invariant") {
        return Err(fail("expected `invariant` after `ltl`"));
    }
    let name = cursor.word().ok_or_else(|| fail("expected the invariant's name after `ltl invariant`"))?.to_string();
    if !cursor.eat(':') {
        return Err(fail("expected `:` after the invariant's name"));
    }
    let end = formula_end(source, cursor.pos, body_end).ok_or_else(|| fail("missing `;` after the LTL formula"))?;
    Ok(Some(trimmed(source, name, line, cursor.pos, end)))
}

/// The formula in `from..to`, trimmed, with its offset.
fn trimmed(source: &str, name: String, line: usize, from: usize, to: usize) -> SourceFormula {
    let raw = &source[from..to];
    let offset = from + (raw.len() - raw.trim_start().len());
    SourceFormula { name, text: raw.trim().to_string(), line, offset }
}

/// The position of the `;` ending a formula that starts at `from`: the first one outside
/// parentheses, braces and quoted atoms.
fn formula_end(source: &str, from: usize, to: usize) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < to {
        match bytes[i] {
            b'"' if depth == 0 => i = source[i + 1..to].find('"').map(|k| i + 1 + k)?,
            b'"' | b'\'' => i = skip_literal(bytes, i, to),
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth = depth.saturating_sub(1),
            b';' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The position of the closing quote of the C literal at `start` (or `to`).
fn skip_literal(bytes: &[u8], start: usize, to: usize) -> usize {
    let mut i = start + 1;
    while i < to {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == bytes[start] => return i,
            _ => i += 1,
        }
    }
    to
}

/// A position in `text[..end]`, reading words and punctuation.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        while self.pos < self.end && self.text.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The next identifier, if the next thing is one.
    fn word(&mut self) -> Option<&'a str> {
        self.skip_space();
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < self.end && (bytes[self.pos].is_ascii_alphanumeric() || bytes[self.pos] == b'_') {
            self.pos += 1;
        }
        (self.pos > start).then(|| &self.text[start..self.pos])
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.text[self.pos..self.end].starts_with(c) {
            self.pos += c.len_utf8();
            return true;
        }
        false
    }
}

/// SV-COMP properties written in the `LTL(…)` form that are not formulas over program state.
const NOT_STATE_FORMULAS: &[(&str, &str)] = &[
    ("call(", "unreach-call"),
    ("valid-", "memory safety"),
    ("overflow", "no-overflow"),
    ("data-race", "no-data-race"),
    ("end", "termination"),
];

/// Every `CHECK( …, LTL( FORMULA ) )` of an SV-COMP property file, in order.
pub fn prp_formulas(prp: &str) -> Result<Vec<SourceFormula>, SourceError> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for (i, line) in prp.split('\n').enumerate() {
        if let Some(formula) = prp_line(prp, line_start, line, i + 1)? {
            out.push(formula);
        }
        line_start += line.len() + 1;
    }
    Ok(out)
}

/// The formula of one `.prp` line (`None` for a line without `CHECK`).
fn prp_line(prp: &str, line_start: usize, line: &str, number: usize) -> Result<Option<SourceFormula>, SourceError> {
    let fail = |message: String| SourceError { line: number, message };
    let Some(check) = line.find("CHECK(") else {
        return Ok(None);
    };
    let ltl = line[check..].find("LTL(").map(|k| check + k).ok_or_else(|| fail("`CHECK` without `LTL(`".into()))?;
    let open = ltl + 3;
    let close = matching_paren(line, open).ok_or_else(|| fail("unbalanced parentheses after `LTL(`".into()))?;
    let formula = trimmed(prp, format!("prp:{number}"), number, line_start + open + 1, line_start + close);
    if let Some(property) = not_a_state_formula(&formula.text) {
        let message =
            format!("`{}` is SV-COMP's {property} property, not an LTL formula over program state", formula.text);
        return Err(fail(message));
    }
    Ok(Some(formula))
}

/// The position of the `)` matching the `(` at `open`, skipping quoted atoms.
fn matching_paren(line: &str, open: usize) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = line[i + 1..].find('"').map(|k| i + 1 + k)?,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The SV-COMP property `text` stands for, when it is one of the non-LTL ones: their
/// keywords appear outside the quoted atoms.
fn not_a_state_formula(text: &str) -> Option<&'static str> {
    let outside: String = text.split('"').step_by(2).collect::<Vec<_>>().join(" ");
    NOT_STATE_FORMULAS
        .iter()
        .find(|(keyword, _)| {
            outside.match_indices(keyword).any(|(k, _)| !outside[..k].ends_with(|c: char| c.is_ascii_alphanumeric()))
        })
        .map(|(_, property)| *property)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ultimate_annotations() {
        let src = "int x;\n//@ ltl invariant positive: [](AP(x > 0) ==> <>AP(y == 1));\nint main() {}\n\
                   /*@ ltl invariant second:\n  AP(s == \";\") U AP(t); */\n//@ requires x > 0;\n";
        let found = ltl_invariants(src).expect("well formed");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "positive");
        assert_eq!(found[0].text, "[](AP(x > 0) ==> <>AP(y == 1))");
        assert_eq!(found[0].line, 2);
        assert_eq!(&src[found[0].offset..found[0].offset + found[0].text.len()], found[0].text);
        assert_eq!(found[1].name, "second");
        assert_eq!(found[1].text, "AP(s == \";\") U AP(t)");
        assert_eq!(found[1].line, 4);
        assert_eq!(&src[found[1].offset..found[1].offset + found[1].text.len()], found[1].text);
    }

    #[test]
    fn annotation_errors_carry_the_line() {
        let e = ltl_invariants("\n\n//@ ltl invariant positive: <>(AP(x || y))\nint x;").expect_err("no ;");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("`;`"));
        let e = ltl_invariants("//@ ltl positive: F AP(x);").expect_err("no invariant");
        assert_eq!(e.line, 1);
        let e = ltl_invariants("int a;\n//@ ltl invariant : F AP(x);").expect_err("no name");
        assert_eq!(e.line, 2);
        let e = ltl_invariants("int a;\n/*@ ltl invariant p: F AP(x);").expect_err("unterminated");
        assert_eq!(e.line, 2);
        assert_eq!(ltl_invariants("// ltl invariant positive: F AP(x);").expect("ignored"), vec![]);
    }

    #[test]
    fn sv_comp_property_files() {
        let prp = "CHECK( init(main()), LTL( (! \"output == 21\" WU (\"output == 21\" WU (G ! \"x)\"))) ) )\n\
                   CHECK( init(main()), LTL( GF\"otime < time\" ) )\n";
        let found = prp_formulas(prp).expect("well formed");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].text, "(! \"output == 21\" WU (\"output == 21\" WU (G ! \"x)\")))");
        assert_eq!(found[1].text, "GF\"otime < time\"");
        assert_eq!(found[1].line, 2);
        assert_eq!(&prp[found[1].offset..found[1].offset + found[1].text.len()], found[1].text);
    }

    #[test]
    fn other_sv_comp_properties_are_named() {
        let e = prp_formulas("\nCHECK( init(main()), LTL(G ! call(reach_error())) )").expect_err("reach");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unreach-call"));
        let e = prp_formulas("CHECK( init(main()), LTL(G valid-free) )").expect_err("memsafety");
        assert!(e.message.contains("memory safety"));
        let e = prp_formulas("CHECK( init(main()), LTL(F end) )").expect_err("termination");
        assert!(e.message.contains("termination"));
        // the keywords inside atoms do not count
        assert!(prp_formulas("CHECK( init(main()), LTL(G \"end == overflow\") )").is_ok());
        assert!(prp_formulas("CHECK( init(main()), LTL(G \"x\" ").is_err());
    }
}
