//! The lines of `slide batch`'s input, each of bounded length, and the end
//! of the input at the first read error.

use std::io::{BufRead, ErrorKind};

/// The longest line `slide batch` reads: room for a start and a goal of
/// 1000x1000 cells, each cell at most six digits and a space, with row
/// separators. A longer line cannot be a board the command line takes.
pub(crate) const MAX_LINE: usize = 16 << 20;

/// A line of the input: its bytes, or why it has none.
pub(crate) enum Line {
    /// The line's bytes, without the newline.
    Text(Vec<u8>),
    /// The line is longer than [`MAX_LINE`]; its bytes were skipped.
    TooLong,
    /// The input could not be read here: the last item.
    Failed(std::io::Error),
}

/// The lines of `reader`, numbered from 1, each at most `max` bytes (a
/// longer one is skipped, not held, and reported as [`Line::TooLong`]),
/// ending after the first read error that is not an interruption.
pub(crate) struct Lines<R> {
    reader: R,
    max: usize,
    number: usize,
    /// Whether the rest of a line too long is being skipped.
    skipping: bool,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(reader: R, max: usize) -> Lines<R> {
        Lines {
            reader,
            max,
            number: 0,
            skipping: false,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = (usize, Line);

    /// A line longer than `max` is reported as soon as it passes `max`
    /// (an endless one, `/dev/zero`, too), and the rest of it is skipped
    /// before the next line is read.
    fn next(&mut self) -> Option<(usize, Line)> {
        let mut line = Vec::new();
        let mut read_any = false;
        while !self.done {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.done = true;
                    self.number += 1;
                    return Some((self.number, Line::Failed(error)));
                }
            };
            if buffer.is_empty() {
                self.done = true;
                break;
            }
            let (chunk, ends) = match buffer.iter().position(|&byte| byte == b'\n') {
                Some(at) => (&buffer[..at], Some(at + 1)),
                None => (buffer, None),
            };
            let skipped = self.skipping;
            if !skipped {
                read_any = true;
                line.extend_from_slice(&chunk[..chunk.len().min(self.max + 1 - line.len())]);
            }
            let used = ends.unwrap_or(buffer.len());
            self.reader.consume(used);
            if !skipped && line.len() > self.max {
                self.skipping = ends.is_none();
                self.number += 1;
                return Some((self.number, Line::TooLong));
            }
            if ends.is_some() {
                self.skipping = false;
                if !skipped {
                    break;
                }
            }
        }
        if !read_any {
            return None;
        }
        self.number += 1;
        Some((self.number, Line::Text(line)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8], max: usize) -> Vec<String> {
        Lines::new(input, max)
            .map(|(number, line)| match line {
                Line::Text(text) => format!("{number}:{}", String::from_utf8_lossy(&text)),
                Line::TooLong => format!("{number}:too long"),
                Line::Failed(_) => format!("{number}:failed"),
            })
            .collect()
    }

    #[test]
    fn lines_are_bounded_and_numbered() {
        assert_eq!(read(b"ab\ncdefg\nh", 3), ["1:ab", "2:too long", "3:h"]);
        assert_eq!(read(b"abc\n\n", 3), ["1:abc", "2:"]);
        assert_eq!(read(b"", 3), Vec::<String>::new());
        assert_eq!(read(&[b'x'; 10_000], 100), ["1:too long"]);
    }

    /// A reader that fails every time, as a folder does.
    struct Broken;

    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("broken"))
        }
    }

    #[test]
    fn a_read_error_ends_the_lines() {
        let lines: Vec<usize> = Lines::new(std::io::BufReader::new(Broken), 10)
            .map(|(n, _)| n)
            .collect();
        assert_eq!(lines, [1]);
    }
}
