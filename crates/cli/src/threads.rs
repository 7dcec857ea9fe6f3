//! Solving on every core: how many threads, and answers in input order as
//! they finish.

use std::collections::BTreeMap;
use std::collections::VecDeque;
use std::sync::{mpsc, Condvar, Mutex, OnceLock};
use std::time::Duration;

use slide_core::Instant;

/// The number of cores, asked of the system once: the question costs
/// several system calls (it reads the process's cgroup limits), and `slide
/// batch` would ask it for every line.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// How many threads to solve with: `requested`, else `SLIDE_THREADS`, else
/// `RAYON_NUM_THREADS`, else one per core; never more than four per core,
/// where more only adds the cost of starting them.
pub fn thread_count(requested: Option<usize>) -> usize {
    let cores = cores();
    let from = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|text| text.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
    };
    requested
        .or_else(|| from("SLIDE_THREADS"))
        .or_else(|| from("RAYON_NUM_THREADS"))
        .unwrap_or(cores)
        .clamp(1, 4 * cores)
}

/// Runs `solve` on every item of `items` on `threads` threads, and hands
/// each result to `emit` in the order of the items, as soon as it and
/// every earlier one are done. The items in flight or waiting to be
/// emitted stay within `window` (so many items, and so much of what
/// `weigh` says each weighs, beyond a first one), so memory stays bounded
/// however many items come, and `items` is read only as fast as the
/// answers go out. When `emit` returns `false`, no further item is started
/// (one being read then is read to its end). Between answers, when none is
/// ready, `emit` gets [`Emit::Idle`]: the moment to write out what it holds
/// (one write for many answers).
///
/// `items` is read on a thread of its own: a reader that waits for input
/// (a terminal, a pipe that stays open) never holds back the answers to
/// what came before.
///
/// The threads share a queue of the items read. A worker takes its share
/// of what is queued at once (up to [`MOST_TAKEN`]) and sends the results
/// back together, and a thread is woken only when one waits: an item that
/// takes microseconds (a line answered from a distance table) would
/// otherwise cost more in waking threads than in solving
/// (`record/2026-12-01-reliability.md`). When the input comes slowly, a
/// worker takes the one item there is, and its answer goes out at once.
pub fn for_each_in_order<T, R>(
    items: impl IntoIterator<Item = T, IntoIter: Send>,
    window: Window,
    weigh: impl Fn(&T) -> usize + Send,
    threads: usize,
    solve: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(Emit<R>) -> bool,
) where
    T: Send,
    R: Send,
{
    let threads = threads.max(1);
    let shared = Shared {
        queue: Mutex::new(Queue {
            items: VecDeque::new(),
            held: 0,
            weight: 0,
            read: false,
            stopped: false,
            idle_workers: 0,
            reader_waits: false,
        }),
        work: Condvar::new(),
        room: Condvar::new(),
    };
    let (results, received) = mpsc::channel::<Vec<(usize, usize, std::thread::Result<R>)>>();
    let (shared, solve) = (&shared, &solve);
    let items = items.into_iter();
    std::thread::scope(|scope| {
        // Whatever way the emitter leaves (its own panic included), the
        // reader and the workers stop, so that the scope can end.
        let _stop = StopOnDrop(shared);
        scope.spawn(move || {
            for (index, item) in items.enumerate() {
                let weight = weigh(&item);
                let mut queue = shared.lock();
                let full = |queue: &Queue<T>| {
                    queue.held > 0 && (queue.held >= window.items || queue.weight + weight > window.weight)
                };
                while full(&queue) && !queue.stopped {
                    queue.reader_waits = true;
                    queue = shared.room.wait(queue).unwrap_or_else(|poisoned| poisoned.into_inner());
                }
                if queue.stopped {
                    return;
                }
                queue.items.push_back((index, weight, item));
                queue.held += 1;
                queue.weight += weight;
                if queue.idle_workers > 0 {
                    shared.work.notify_one();
                }
            }
            shared.lock().read = true;
            shared.work.notify_all();
        });
        for _ in 0..threads {
            let results = results.clone();
            scope.spawn(move || loop {
                let taken: Vec<(usize, usize, T)> = {
                    let mut queue = shared.lock();
                    while queue.items.is_empty() && !queue.read && !queue.stopped {
                        queue.idle_workers += 1;
                        queue = shared.work.wait(queue).unwrap_or_else(|poisoned| poisoned.into_inner());
                        queue.idle_workers -= 1;
                    }
                    if queue.stopped || queue.items.is_empty() {
                        return;
                    }
                    let share = queue.items.len().div_ceil(threads).min(MOST_TAKEN);
                    queue.items.drain(..share).collect()
                };
                // The answers go back together, and also before an item
                // once the share has run a while: an answer waits at most
                // [`FLUSH`] for the ones after it, or for one slow item.
                let mut solved = Vec::with_capacity(taken.len());
                let mut since = Instant::now();
                for (index, weight, item) in taken {
                    if !solved.is_empty() && since.elapsed() >= FLUSH {
                        if results.send(std::mem::take(&mut solved)).is_err() {
                            return;
                        }
                        since = Instant::now();
                    }
                    // A panic travels to the emitter as a value, to be
                    // raised there: it must not wait for a result that
                    // never comes.
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(item)));
                    solved.push((index, weight, result));
                }
                if results.send(solved).is_err() {
                    return;
                }
            });
        }
        drop(results);
        let mut done: BTreeMap<usize, (usize, R)> = BTreeMap::new();
        let (mut next, mut going) = (0, true);
        // The channel closes when every worker is done.
        loop {
            let solved = match received.try_recv() {
                Ok(solved) => solved,
                Err(mpsc::TryRecvError::Empty) => {
                    if going && !emit(Emit::Idle) {
                        going = false;
                        shared.stop();
                    }
                    match received.recv() {
                        Ok(solved) => solved,
                        Err(_) => break,
                    }
                }
                Err(mpsc::TryRecvError::Disconnected) => break,
            };
            let (mut emitted, mut emitted_weight) = (0, 0);
            for (index, weight, result) in solved {
                let result = result.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                done.insert(index, (weight, result));
            }
            while let Some((weight, result)) = done.remove(&next) {
                next += 1;
                emitted += 1;
                emitted_weight += weight;
                if going && !emit(Emit::Answer(result)) {
                    going = false;
                    shared.stop();
                }
            }
            if emitted > 0 {
                let mut queue = shared.lock();
                queue.held -= emitted;
                queue.weight -= emitted_weight;
                // The reader, once full, is woken when half the window is
                // free again, not for every answer.
                let half_free = queue.held <= window.items / 2 && queue.weight <= window.weight / 2;
                if queue.reader_waits && half_free {
                    queue.reader_waits = false;
                    shared.room.notify_one();
                }
            }
        }
        if going {
            emit(Emit::Idle);
        }
    });
}

/// How much [`for_each_in_order`] holds at most: so many items, and so
/// much weight beyond a first item.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// The most items read and not yet emitted.
    pub items: usize,
    /// The most weight of those items, unless there is only one.
    pub weight: usize,
}

/// The most items a worker of [`for_each_in_order`] takes at once: enough
/// that waking it is rare beside the work, few enough that the answers
/// still come out steadily.
pub const MOST_TAKEN: usize = 64;

/// How long a worker of [`for_each_in_order`] holds answers it has before
/// it starts another item of its share.
const FLUSH: Duration = Duration::from_millis(1);

/// What the threads of [`for_each_in_order`] share.
struct Shared<T> {
    queue: Mutex<Queue<T>>,
    /// Where idle workers wait for items.
    work: Condvar,
    /// Where the reader waits for room in the window.
    room: Condvar,
}

/// The items read and not yet taken, and what the threads must know of
/// each other. A thread is notified only when it said it waits.
struct Queue<T> {
    /// The items read and not yet taken by a worker, with their indices
    /// and weights.
    items: VecDeque<(usize, usize, T)>,
    /// The items read and not yet emitted (queued, in work, or waiting for
    /// an earlier one), and their weight: within the window.
    held: usize,
    weight: usize,
    /// Whether the reader has read every item.
    read: bool,
    /// Whether `emit` asked to stop (or the emitter left).
    stopped: bool,
    /// How many workers wait on `work`.
    idle_workers: usize,
    /// Whether the reader waits on `room`.
    reader_waits: bool,
}

impl<T> Shared<T> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue<T>> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Tells every thread to stop taking and reading items.
    fn stop(&self) {
        self.lock().stopped = true;
        self.work.notify_all();
        self.room.notify_all();
    }
}

/// Stops the threads of [`for_each_in_order`] when dropped.
struct StopOnDrop<'s, T>(&'s Shared<T>);

impl<T> Drop for StopOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.stop();
    }
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
            Window { items: 2, weight: 10 },
            |&x| x as usize,
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

    /// Checks that `items` come out in order on three threads, and that
    /// no item is started more than `ahead` items past the last one out.
    fn check_window(items: usize, window: Window, weight: usize, ahead: usize) {
        let out = std::sync::atomic::AtomicUsize::new(0);
        let mut answers = Vec::new();
        for_each_in_order(
            0..items,
            window,
            |_| weight,
            3,
            |index| {
                let emitted = out.load(std::sync::atomic::Ordering::SeqCst);
                assert!(index < emitted + ahead, "item {index} started with {emitted} out");
                // Some items take longer, so that the threads finish out of order.
                if index % 7 == 0 {
                    std::thread::sleep(Duration::from_micros(50));
                }
                index
            },
            |emitted| {
                if let Emit::Answer(index) = emitted {
                    answers.push(index);
                    out.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
                true
            },
        );
        assert_eq!(answers, (0..items).collect::<Vec<_>>());
    }

    #[test]
    fn the_window_bounds_what_is_held() {
        check_window(
            2_000,
            Window {
                items: 8,
                weight: 1_000,
            },
            1,
            8,
        );
        // Two items of weight 6 pass a weight of 10: one at a time.
        check_window(200, Window { items: 100, weight: 10 }, 6, 1);
        // An item heavier than the window still goes, alone.
        check_window(50, Window { items: 100, weight: 10 }, 50, 1);
    }
}
