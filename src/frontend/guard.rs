//! Text the C parser cannot take in reasonable time, refused before parsing with a clear error.
//!
//! lang-c's parser backtracks between `++` and `+ +` (and `--` / `- -`): on a run of `+` or
//! `-` characters that does not form an expression its time doubles with every two more
//! characters (28 characters take half a second, 36 over twenty; found by fuzzing the front
//! end, bench/fuzz.sh). No C program needs such a run outside a literal (after preprocessing
//! there are no comments), so a run of `MAX_SIGN_RUN` or more is refused.

/// The longest run of `+` / `-` characters accepted outside string and character literals.
pub const MAX_SIGN_RUN: usize = 20;

/// The first run of more than `MAX_SIGN_RUN` `+` / `-` characters outside literals, as
/// (offset, length).
pub fn sign_run(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = skip_literal(b, i) + 1,
            b'+' | b'-' => {
                let start = i;
                while i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                    i += 1;
                }
                if i - start > MAX_SIGN_RUN {
                    return Some((start, i - start));
                }
            }
            _ => i += 1,
        }
    }
    None
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
    fn a_run_after_an_unterminated_literal_on_another_line_is_found() {
        let text = format!("char c = 'x;\n{}", "-".repeat(25));
        assert_eq!(sign_run(&text), Some((13, 25)));
    }
}
