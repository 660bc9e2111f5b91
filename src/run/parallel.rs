//! Work spread over threads: each item on one of up to `jobs` threads (large stacks: lowering
//! recurses), results handed back in the items' order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// `f` over `items` on up to `jobs` threads; `emit(i, result)` runs on the calling thread in
/// the order of `items`, each as soon as it and all before it are done (for streamed output).
pub fn ordered<I: Sync, R: Send>(items: &[I], jobs: usize, f: impl Fn(&I) -> R + Sync, mut emit: impl FnMut(usize, R)) {
    let next = AtomicUsize::new(0);
    let mut waiting: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let mut done = 0;
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|sc| {
        for _ in 0..jobs.max(1).min(items.len().max(1)) {
            let (tx, next, f) = (tx.clone(), &next, &f);
            let _ = std::thread::Builder::new().stack_size(1 << 30).spawn_scoped(sc, move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                if tx.send((i, f(item))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            waiting[i] = Some(r);
            while let Some(r) = waiting.get_mut(done).and_then(Option::take) {
                emit(done, r);
                done += 1;
            }
        }
    });
    // (a thread that could not start leaves its items: run them here)
    for (i, item) in items.iter().enumerate().skip(done) {
        let r = waiting[i].take().unwrap_or_else(|| f(item));
        emit(i, r);
    }
}

/// `f` over `items` on up to `jobs` threads, results in order.
pub fn map<I: Sync, R: Send>(items: &[I], jobs: usize, f: impl Fn(&I) -> R + Sync) -> Vec<R> {
    let mut out = Vec::with_capacity(items.len());
    ordered(items, jobs, f, |_, r| out.push(r));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_finishes_first() {
        // later items finish first: the emitted order is still the items' order
        let items: Vec<u64> = (0..8).collect();
        let mut seen = Vec::new();
        ordered(
            &items,
            4,
            |&i| {
                std::thread::sleep(std::time::Duration::from_millis(40 - 5 * i));
                i * 10
            },
            |k, r| seen.push((k, r)),
        );
        assert_eq!(seen, (0..8).map(|i| (i as usize, i * 10)).collect::<Vec<_>>());
        assert_eq!(map(&items, 3, |&i| i + 1), (1..9).collect::<Vec<u64>>());
    }
}
