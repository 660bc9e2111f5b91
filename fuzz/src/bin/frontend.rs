//! Preprocessed C text → parse and lower (the front end every command goes through), then
//! the instrumentation of the lowered program.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            if let Ok(mut prog) = verdiff::frontend::load_text(text, verdiff::ir::Target::default()) {
                verdiff::instrument::instrument(&mut prog, &verdiff::instrument::CheckOptions::default());
            }
        }
    });
}
