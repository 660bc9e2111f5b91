//! `--shard I/N`: a deterministic split of the functions over N jobs (GitHub Actions matrix).
//! A function belongs to shard `hash(name) mod N`, by name only, so that a function moved
//! to another file stays in its shard and both halves of the comparison meet.

use sha2::{Digest, Sha256};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Parses `I/N` with 1 <= I <= N.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let err = || format!("--shard takes I/N with 1 <= I <= N (e.g. 2/4), not `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(err)?;
        let (index, count): (u32, u32) = (i.trim().parse().map_err(|_| err())?, n.trim().parse().map_err(|_| err())?);
        if index == 0 || count == 0 || index > count {
            return Err(err());
        }
        Ok(Shard { index, count })
    }

    pub fn contains(&self, function: &str) -> bool {
        let h = Sha256::digest(function.as_bytes());
        let v = u64::from_le_bytes([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]]);
        (v % self.count as u64) as u32 == self.index - 1
    }
}

/// Whether `function` is in `shard` (no shard: every function).
pub fn selected(shard: Option<Shard>, function: &str) -> bool {
    shard.is_none_or(|s| s.contains(function))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_functions() {
        let names: Vec<String> = (0..200).map(|i| format!("f{i}")).collect();
        let shards: Vec<Shard> = (1..=4).map(|i| Shard::parse(&format!("{i}/4")).unwrap()).collect();
        for n in &names {
            assert_eq!(shards.iter().filter(|s| s.contains(n)).count(), 1, "{n} in exactly one shard");
        }
        // roughly balanced: every shard gets some
        for s in &shards {
            assert!(names.iter().filter(|n| s.contains(n)).count() > 20);
        }
        assert!(Shard::parse("0/4").is_err() && Shard::parse("5/4").is_err() && Shard::parse("x").is_err());
    }
}
