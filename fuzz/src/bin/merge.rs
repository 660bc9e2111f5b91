//! Bytes as a `verdiff merge` part (the JSON report of a shard), through the command line.
fn main() {
    let dir = std::env::temp_dir().join(format!("verdiff-fuzz-merge-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let part = dir.join("part.json");
    let out = dir.join("merged.json");
    afl::fuzz!(|data: &[u8]| {
        if std::fs::write(&part, data).is_ok() {
            let args =
                ["merge", &part.display().to_string(), "--format", "json", "--output", &out.display().to_string()];
            let _ = verdiff::cli::main(args.iter().map(|s| s.to_string()).collect());
        }
    });
}
