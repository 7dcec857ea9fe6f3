//! `slide` in the browser: what the page in `web/` asks of the solvers,
//! compiled to WebAssembly and run in a Web Worker (`web/worker.js`).
//!
//! Every answer is the command line's own: [`solve`] runs `slide solve`'s
//! route and prints what it prints ([`slide_cli::Solver::solve_output`]), so a
//! link's `--json` answer is the one `slide solve --json` gives for the same
//! request. What a browser lacks, the crates below get from here: a clock
//! (`slide_core::set_clock`, built for WebAssembly only: the page's
//! `performance.now()` behind [`slide_core::Instant`]), and the
//! cache folder, held in memory ([`slide_cache::hold_in_memory`]) and kept
//! by the page in IndexedDB: [`put_file`] hands a kept table in,
//! [`new_files`] hands the tables built since out. A browser's worker has
//! one thread: every search runs on it.
//!
//! `cargo xtask web` builds the page (docs/web.md).

#![deny(missing_docs)]

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The page's clock, in milliseconds (a worker has `performance` too).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;

    /// The console's error line, for a panic's message.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Sets up the clock and the cache held in memory; the worker calls it
/// once, before anything else.
#[wasm_bindgen]
pub fn start() {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    slide_core::set_clock(performance_now);
    // A panic is a bug: its message and place go to the console before the
    // worker's call fails.
    std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
    slide_cache::hold_in_memory();
}

thread_local! {
    /// The worker's solver: its tables, once read or built, serve every
    /// later search.
    static SOLVER: slide_cli::Solver = slide_cli::Solver::new();
}

/// What `slide solve ARGS` prints (`args`: what follows `solve`), or the
/// one line of its error.
#[wasm_bindgen]
pub fn solve(args: Vec<String>) -> Result<String, String> {
    SOLVER
        .with(|solver| solver.solve_output(args))
        .map_err(|error| error.message)
}

/// Reads, or builds, the pattern databases `slide solve` takes towards
/// `goal` (on 4x4, the 6-6-3 split's) and the move machine its searches
/// with them prune by, so that a later search finds them; the estimate of
/// the goal itself (0), or the one line of the error.
#[wasm_bindgen]
pub fn build_tables(goal: &str) -> Result<u32, String> {
    let estimate = SOLVER
        .with(|solver| solver.estimate(goal, Some(goal), "pdb"))
        .map_err(|error| error.message)?;
    slide_cache::shared_move_fsm(&slide_cache::cache_dir(), |_| {});
    Ok(estimate)
}

/// The start and the goal as the command line reads them: their rows and
/// columns, then the start's cells and the goal's, row-major, 0 the blank;
/// or the one line of the error.
#[wasm_bindgen]
pub fn read(start: &str, goal: Option<String>) -> Result<Vec<u32>, String> {
    let (start, goal) = slide_cli::read_boards(start, goal.as_deref()).map_err(|error| error.message)?;
    let mut numbers = vec![start.rows() as u32, start.cols() as u32];
    numbers.extend_from_slice(start.cells());
    numbers.extend_from_slice(goal.cells());
    Ok(numbers)
}

/// A random board of `rows` by `cols` that reaches the goal, as `slide
/// random ROWSxCOLS --seed SEED [--moves MOVES]` writes it.
#[wasm_bindgen]
pub fn random(rows: usize, cols: usize, seed: u64, moves: Option<usize>) -> Result<String, String> {
    let mut boards = slide_cli::random_boards(rows, cols, Some(seed), moves).map_err(|error| error.message)?;
    Ok(boards.next().expect("random boards are endless").to_string())
}

/// Hands in a table kept from an earlier visit (`name` as the cache names
/// its files).
#[wasm_bindgen]
pub fn put_file(name: &str, bytes: Vec<u8>) {
    slide_cache::put_file(name, bytes);
}

/// The tables built since the last call, to be kept: their names, each
/// followed by [`new_file`]'s bytes.
#[wasm_bindgen]
pub fn new_files() -> Vec<String> {
    let files = slide_cache::take_new_files();
    let names = files.iter().map(|(name, _)| name.clone()).collect();
    NEW.with(|new| *new.borrow_mut() = files);
    names
}

/// The bytes of the table `name` of the last [`new_files`] (empty if none).
#[wasm_bindgen]
pub fn new_file(name: &str) -> Vec<u8> {
    NEW.with(|new| {
        let new = new.borrow();
        new.iter()
            .find(|(held, _)| held == name)
            .map_or_else(Vec::new, |(_, bytes)| bytes.clone())
    })
}

thread_local! {
    /// The files [`new_files`] handed out last.
    static NEW: std::cell::RefCell<Vec<(String, Vec<u8>)>> = const { std::cell::RefCell::new(Vec::new()) };
}
