//! Text the C parser cannot take in reasonable time, refused before parsing with a clear error.
//!
//! lang-c's parser backtracks between `++` and `+ +` (and `--` / `- -`): on a run of `+` or
//! `-` characters that does not form an expression its time doubles with every two more
//! characters (28 characters take half a second, 36 over twenty; found by fuzzing the front
//! end, bench/fuzz.sh). No C program needs such a run outside a literal (after preprocessing
//! there are no comments), so a run of `MAX_SIGN_RUN` or more is refused. Whitespace and the
//! other prefix operators (`! ~ & *`) between the signs do not end the backtracking (fuzzing
//! found `+&++…` split over three lines taking over 30 s), so they do not end a run either;
//! only the signs are counted.

/// The most `+` / `-` characters accepted in one run outside string and character literals.
pub const MAX_SIGN_RUN: usize = 20;

/// The first run with more than `MAX_SIGN_RUN` `+` / `-` characters outside literals (signs,
/// whitespace and prefix operators between them), as (offset of its first sign, signs).
pub fn sign_run(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = skip_literal(b, i) + 1,
            b'+' | b'-' => {
                let start = i;
                let mut signs = 0;
                while i < b.len() {
                    if continues_run(b[i]) {
                        signs += usize::from(b[i] == b'+' || b[i] == b'-');
                        i += 1;
                    } else if let Some(end) = type_keyword_at(b, i) {
                        i = end;
                    } else {
                        break;
                    }
                }
                if signs > MAX_SIGN_RUN {
                    return Some((start, signs));
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// A character a run of signs goes on over.
fn continues_run(c: u8) -> bool {
    matches!(c, b'+' | b'-' | b'!' | b'~' | b'&' | b'*' | b'(' | b'[') || c.is_ascii_whitespace()
}

/// The end of a type keyword or qualifier starting at `i` (a run goes on over it: between
/// `+++++(` and `void[` the parser tries a cast and an expression at every level — fuzzing
/// found seven such levels taking 30 s); None for any other word.
fn type_keyword_at(b: &[u8], i: usize) -> Option<usize> {
    const WORDS: [&str; 14] = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "const", "volatile",
        "struct", "union",
    ];
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let end = (i..b.len()).find(|&j| !(b[j].is_ascii_alphanumeric() || b[j] == b'_')).unwrap_or(b.len());
    let word = std::str::from_utf8(&b[i..end]).ok()?;
    WORDS.contains(&word).then_some(end)
}

/// Index of the closing quote of the literal opening at `i` (or of the end of its line: an
/// unterminated literal is the parser's to report).
fn skip_literal(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q && b[j] != b'\n' {
        if b[j] == b'\\' {
            j += 1;
        }
        j += 1;
    }
    j.min(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_of_signs_is_found_where_it_starts() {
        let text = format!("int f(void) {{ return {} }}", "+".repeat(30));
        assert_eq!(sign_run(&text), Some((21, 30)));
    }

    #[test]
    fn short_runs_and_runs_inside_literals_are_accepted() {
        assert_eq!(sign_run("int f(int x) { return x++ + ++x - --x; }"), None);
        let banner = format!("int main(void) {{ puts(\"{}\"); return '-'; }}", "-".repeat(60));
        assert_eq!(sign_run(&banner), None);
        let escaped = format!("char *s = \"\\\"{}\";", "+".repeat(40));
        assert_eq!(sign_run(&escaped), None);
    }

    #[test]
    fn a_run_split_by_lines_and_prefix_operators_is_one_run() {
        // (fuzzing: 49 signs over three lines, 35 with `!&` between, each piece under 20)
        let text = format!("int main(void) {{2./{}\n{}\n{}", "+".repeat(11), "+".repeat(20), "+".repeat(18));
        assert_eq!(sign_run(&text), Some((19, 49)));
        let text = format!("int main(void) {{!&+\n{}!&+\n{}@+d ;; }}", "+".repeat(15), "+".repeat(18));
        assert_eq!(sign_run(&text), Some((18, 35)));
        // signs between casts and subscripts: `+++++(void[` seven times
        let text = format!("ai[{}\n", "+++++(void[  ".repeat(7));
        assert_eq!(sign_run(&text), Some((3, 35)));
        // real expressions keep their signs apart
        assert_eq!(sign_run("int f(int x, int *p) { return -x + - -*p - ~x & -x + !x - **&p; }"), None);
        let sum = format!("int g(int a) {{ return (int)-(long)a{}; }}", " + a".repeat(30));
        assert_eq!(sign_run(&sum), None);
        let casts = format!("int h(int a) {{ return {}a; }}", "-(int)".repeat(10));
        assert_eq!(sign_run(&casts), None);
    }

    #[test]
    fn a_run_after_an_unterminated_literal_on_another_line_is_found() {
        let text = format!("char c = 'x;\n{}", "-".repeat(25));
        assert_eq!(sign_run(&text), Some((13, 25)));
    }
}
