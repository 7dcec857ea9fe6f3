//! Solving on every core: how many threads, and answers in input order as
//! they finish.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, OnceLock};

/// The number of cores, asked of the system once: the question costs
/// several system calls (it reads the process's cgroup limits), and `slide
/// batch` would ask it for every line.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// How many threads to solve with: `requested`, else `RAYON_NUM_THREADS`,
/// else one per core; never more than four per core, where more only adds
/// the cost of starting them.
pub fn thread_count(requested: Option<usize>) -> usize {
    let cores = cores();
    let from_environment = || {
        std::env::var("RAYON_NUM_THREADS")
            .ok()
            .and_then(|text| text.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
    };
    requested.or_else(from_environment).unwrap_or(cores).clamp(1, 4 * cores)
}

/// Sets up rayon's global pool with [`thread_count`] threads, if it is not
/// set up yet.
pub fn start_threads(requested: Option<usize>) {
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(thread_count(requested))
        .build_global();
}

/// Runs `solve` on every item of `items` on rayon's threads, and hands each
/// result to `emit` in the order of the items, as soon as it and every
/// earlier one are done. At most `window` items are in flight or waiting to
/// be emitted, so memory stays bounded however many items come, and `items`
/// is read only as fast as the answers go out. When `emit` returns `false`,
/// no further item is started (one being read then is read to its end).
/// Between answers, when none is ready, `emit` gets [`Emit::Idle`]: the
/// moment to write out what it holds (one write for many answers).
///
/// `items` is read on a thread of its own: a reader that waits for input
/// (a terminal, a pipe that stays open) never holds back the answers to
/// what came before.
pub fn for_each_in_order<T, R>(
    items: impl IntoIterator<Item = T, IntoIter: Send>,
    window: usize,
    solve: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(Emit<R>) -> bool,
) where
    T: Send,
    R: Send,
{
    let window = window.max(1);
    let (results, received) = mpsc::channel::<(usize, std::thread::Result<R>)>();
    // Each item in flight holds a token; the reader takes one before it
    // starts an item, and the emitter gives it back when the item is out.
    let (give_token, take_token) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        give_token.send(()).expect("the channel has room for the window");
    }
    let stop = AtomicBool::new(false);
    let (solve, stop_ref) = (&solve, &stop);
    let items = items.into_iter();
    std::thread::scope(|threads| {
        threads.spawn(move || {
            // The jobs run on rayon's pool; this thread only reads and
            // starts them, and waits for them at the end of the scope.
            rayon::in_place_scope(|scope| {
                for (index, item) in items.enumerate() {
                    if take_token.recv().is_err() || stop_ref.load(Ordering::Relaxed) {
                        break;
                    }
                    let results = results.clone();
                    scope.spawn(move |_| {
                        // A panic travels to the emitter as a value, to be
                        // raised there: it must not wait for a result that
                        // never comes. The receiver outlives every job.
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(item)));
                        let _ = results.send((index, result));
                    });
                }
            });
            drop(results);
        });
        let mut done: BTreeMap<usize, R> = BTreeMap::new();
        let (mut next, mut going) = (0, true);
        let stop_if = |going: &mut bool, wanted: bool| {
            if *going && !wanted {
                *going = false;
                stop.store(true, Ordering::Relaxed);
            }
        };
        // The channel closes when the reader and every job are done.
        loop {
            let (index, result) = match received.try_recv() {
                Ok(received) => received,
                Err(mpsc::TryRecvError::Empty) => {
                    if going {
                        let wanted = emit(Emit::Idle);
                        stop_if(&mut going, wanted);
                    }
                    match received.recv() {
                        Ok(received) => received,
                        Err(_) => break,
                    }
                }
                Err(mpsc::TryRecvError::Disconnected) => break,
            };
            done.insert(index, result.unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            while let Some(result) = done.remove(&next) {
                next += 1;
                if going {
                    let wanted = emit(Emit::Answer(result));
                    stop_if(&mut going, wanted);
                }
                let _ = give_token.send(());
            }
        }
        if going {
            emit(Emit::Idle);
        }
    });
}

/// What [`for_each_in_order`] hands its `emit`.
pub enum Emit<R> {
    /// The next answer, in order.
    Answer(R),
    /// No answer is ready now (or none is left).
    Idle,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_clamped() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(thread_count(Some(1)), 1);
        assert_eq!(thread_count(Some(100_000)), 4 * cores);
    }

    #[test]
    fn answers_come_in_order_until_emit_stops() {
        let mut squares = Vec::new();
        for_each_in_order(
            1..=5u64,
            2,
            |x| x * x,
            |emitted| match emitted {
                Emit::Answer(square) => {
                    squares.push(square);
                    square < 9
                }
                Emit::Idle => true,
            },
        );
        assert_eq!(squares, [1, 4, 9]);
    }
}
