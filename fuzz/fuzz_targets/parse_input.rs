//! Any text, read as a board and as every 3x3 judge's input: an answer or
//! an error, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use slide_core::{boards, symbols, Board, Shape};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = Board::parse_rows(text, None);
    let _ = slide_core::parse_path(text);
    for shape in Shape::all() {
        let _ = Board::parse(shape, text);
        let _ = Board::parse_rows(text, Some(shape));
        let _ = boards(symbols(text, shape), shape).count();
    }
    // The drivers solve what they read; keep the inputs short enough that
    // a run stays fast.
    if text.len() <= 400 {
        let _ = eight::run(text);
        let _ = eight_path::run(text);
        let _ = jiugong::run(text);
        let _ = luogu_p1379::run(text);
        let _ = aoj_8_puzzle::run(text);
    }
});
