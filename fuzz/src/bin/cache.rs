//! Bytes as a cache file (`.verdiff/cache.db`): open, read its statistics, look a key up.
fn main() {
    let dir = std::env::temp_dir().join(format!("verdiff-fuzz-cache-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("cache.db");
    afl::fuzz!(|data: &[u8]| {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        if std::fs::write(&path, data).is_ok() {
            if let Ok(cache) = verdiff::cache::Cache::open(&path) {
                let _ = cache.stats();
                let _ = cache.get("check:0000000000000000");
            }
        }
    });
}
