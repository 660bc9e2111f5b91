//! The tokens of the formula syntax (see [`super::formula`]), with their byte spans.

use super::formula::{ParseError, Span};

/// A token kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    LParen,
    RParen,
    Not,
    And,
    Or,
    Implies,
    Iff,
    Next,
    Finally,
    Globally,
    Until,
    Release,
    WeakUntil,
    True,
    False,
    /// An atom; the token's span is its trimmed C text.
    Atom,
    End,
}

/// A token and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Tok,
    pub span: Span,
}

/// Splits `text` into tokens.
pub fn tokens(text: &str) -> Result<Vec<Token>, ParseError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        i = if c.is_ascii_alphabetic() || c == b'_' { word(text, i, &mut out)? } else { symbol(text, i, &mut out)? };
    }
    Ok(out)
}

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

fn error(start: usize, end: usize, message: impl Into<String>) -> ParseError {
    ParseError { span: span(start, end), message: message.into() }
}

/// Operators and delimiters, longest spelling first.
const SYMBOLS: &[(&str, Tok)] = &[
    ("<==>", Tok::Iff),
    ("<->", Tok::Iff),
    ("==>", Tok::Implies),
    ("->", Tok::Implies),
    ("<>", Tok::Finally),
    ("[]", Tok::Globally),
    ("&&", Tok::And),
    ("||", Tok::Or),
    ("&", Tok::And),
    ("|", Tok::Or),
    ("!", Tok::Not),
    ("(", Tok::LParen),
    (")", Tok::RParen),
];

/// Lexes the symbol or delimited atom at `start`; returns the position after it.
fn symbol(text: &str, start: usize, out: &mut Vec<Token>) -> Result<usize, ParseError> {
    let rest = &text[start..];
    if rest.starts_with('{') {
        return delimited_atom(text, start, start + 1, b'{', b'}', out);
    }
    if rest.starts_with('"') {
        return quoted_atom(text, start, out);
    }
    for (spelling, kind) in SYMBOLS {
        if rest.starts_with(spelling) {
            let end = start + spelling.len();
            out.push(Token { kind: *kind, span: span(start, end) });
            return Ok(end);
        }
    }
    let width = rest.chars().next().map_or(1, char::len_utf8);
    Err(error(start, start + width, format!("unexpected character `{}`", &rest[..width])))
}

/// Lexes the word at `start` (constants, `AP(…)`, binary temporal operators, and runs of the
/// unary letters `X`, `F`, `G`); returns the position after it.
fn word(text: &str, start: usize, out: &mut Vec<Token>) -> Result<usize, ParseError> {
    let bytes = text.as_bytes();
    let mut end = start;
    while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
        end += 1;
    }
    let kind = match &text[start..end] {
        "true" => Tok::True,
        "false" => Tok::False,
        "U" => Tok::Until,
        "R" | "V" => Tok::Release,
        "W" | "WU" => Tok::WeakUntil,
        "AP" => return ap_atom(text, start, end, out),
        w if w.bytes().all(|b| matches!(b, b'X' | b'F' | b'G')) => {
            unary_letters(start, w, out);
            return Ok(end);
        }
        w => {
            let message = format!(
                "unknown word `{w}`: write a C expression as {{{w}}}, AP({w}) or \"{w}\"; the operators are \
                 X F G U R V W WU"
            );
            return Err(error(start, end, message));
        }
    };
    out.push(Token { kind, span: span(start, end) });
    Ok(end)
}

/// One token per letter of a run such as `GF` or `XFG`.
fn unary_letters(start: usize, word: &str, out: &mut Vec<Token>) {
    for (k, b) in word.bytes().enumerate() {
        let kind = match b {
            b'X' => Tok::Next,
            b'F' => Tok::Finally,
            _ => Tok::Globally,
        };
        out.push(Token { kind, span: span(start + k, start + k + 1) });
    }
}

/// `AP(` … `)` with the word `AP` at `start..word_end`.
fn ap_atom(text: &str, start: usize, word_end: usize, out: &mut Vec<Token>) -> Result<usize, ParseError> {
    let bytes = text.as_bytes();
    let mut open = word_end;
    while open < bytes.len() && bytes[open].is_ascii_whitespace() {
        open += 1;
    }
    if bytes.get(open) != Some(&b'(') {
        return Err(error(start, word_end, "`AP` must be followed by a parenthesised C expression"));
    }
    delimited_atom(text, start, open + 1, b'(', b')', out)
}

/// The atom whose text starts at `inner` and ends before the `close` that balances the `open`
/// just before `inner`. C string and character literals inside are skipped. `start` is where
/// the atom's spelling begins (for errors).
fn delimited_atom(
    text: &str,
    start: usize,
    inner: usize,
    open: u8,
    close: u8,
    out: &mut Vec<Token>,
) -> Result<usize, ParseError> {
    let bytes = text.as_bytes();
    let mut depth = 1usize;
    let mut i = inner;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\'' {
            i = skip_c_literal(bytes, i);
            continue;
        }
        if b == open {
            depth += 1;
        } else if b == close {
            depth -= 1;
            if depth == 0 {
                push_atom(text, start, inner, i, out)?;
                return Ok(i + 1);
            }
        }
        i += 1;
    }
    let message = format!("unterminated atom: no `{}` balances this `{}`", close as char, open as char);
    Err(error(start, text.len(), message))
}

/// The position after the C string or character literal starting at `start` (or the end of
/// the text when it is not closed).
fn skip_c_literal(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// `"` … `"`: the text up to the next double quote.
fn quoted_atom(text: &str, start: usize, out: &mut Vec<Token>) -> Result<usize, ParseError> {
    match text[start + 1..].find('"') {
        Some(k) => {
            let close = start + 1 + k;
            push_atom(text, start, start + 1, close, out)?;
            Ok(close + 1)
        }
        None => Err(error(start, text.len(), "unterminated atom: no closing `\"`")),
    }
}

/// Pushes the atom token for the trimmed text `inner..close`.
fn push_atom(text: &str, start: usize, inner: usize, close: usize, out: &mut Vec<Token>) -> Result<(), ParseError> {
    let raw = &text[inner..close];
    let lead = raw.len() - raw.trim_start().len();
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(error(start, close + 1, "empty atom"));
    }
    let from = inner + lead;
    out.push(Token { kind: Tok::Atom, span: span(from, from + trimmed.len()) });
    Ok(())
}
