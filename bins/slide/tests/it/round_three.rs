//! The failures of issue 33, the third hostile pass: each one a test that
//! failed before its fix.

use crate::hostile::{empty_cache, shell, slide_with};

/// 1: a folder, or any input that cannot be read, is one error and the end.
#[test]
fn an_unreadable_input_is_one_error_and_the_end() {
    let dir = empty_cache("unreadable");
    let folder = dir.to_str().unwrap();
    for script in [
        format!("timeout 10 \"$SLIDE\" batch {folder}"),
        format!("timeout 10 \"$SLIDE\" batch - < {folder}"),
    ] {
        let (status, stdout, stderr) = shell(&script);
        assert_eq!(status, 2, "{script}: {stderr}");
        assert_eq!(stdout, "");
        assert_eq!(
            stderr, "error: line 1: cannot read the input: Is a directory (os error 21)\n",
            "{script}"
        );
    }
}

/// 2: a line with no end is refused by its number at once, in bounded
/// memory, and the lines after it go on.
#[test]
fn an_endless_line_is_refused_and_the_rest_go_on() {
    let mut input = b"12345678x\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 20 << 20));
    input.extend_from_slice(b"\n1234567x8\n");
    let (status, stdout, stderr) = slide_with(&["batch"], &input, &empty_cache("endless"));
    assert_eq!(status, 2);
    assert_eq!(stdout, "1\t0\t\n3\t1\tr\n");
    assert!(
        stderr.starts_with("line 2: the line is longer than 16 MiB, more than any board\n"),
        "{stderr}"
    );
    // An input that never ends: the refusal comes before the end.
    let (status, _, stderr) = shell("timeout 3 \"$SLIDE\" batch /dev/zero");
    assert_eq!(status, 124, "still reading, as cat would");
    assert_eq!(stderr, "line 1: the line is longer than 16 MiB, more than any board\n");
}
