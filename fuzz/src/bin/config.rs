//! `.verdiff.yml` text → the configuration reader (errors are values, never panics).
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = verdiff::config::parse(text, std::path::Path::new(".verdiff.yml"));
        }
    });
}
