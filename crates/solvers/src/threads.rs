//! Work on several threads at once, or on the caller's alone.

/// `work` run on `count` scoped threads at once, their results in the
/// order the threads were started; on the calling thread alone when
/// `count` is 1 (or 0): one thread needs no other, and a browser's worker
/// (the web page's WebAssembly) cannot start one. (Private: its test is
/// below.)
pub(crate) fn on_threads<R: Send>(count: usize, work: impl Fn() -> R + Sync) -> Vec<R> {
    if count <= 1 {
        return vec![work()];
    }
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..count).map(|_| scope.spawn(&work)).collect();
        threads
            .into_iter()
            .map(|thread| thread.join().expect("a search thread does not panic"))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::on_threads;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_thread_runs_the_work_once() {
        for count in [1, 2, 5] {
            let runs = AtomicUsize::new(0);
            let results = on_threads(count, || runs.fetch_add(1, Ordering::Relaxed));
            assert_eq!(results.len(), count);
            assert_eq!(runs.into_inner(), count);
        }
    }
}
