//! Every case of `testdata/leetcode-773/`, through `Solution::sliding_puzzle`.

use leetcode_773::Solution;

include!("../harness/run.rs");

#[test]
fn testdata() {
    slide_testdata::check_folder("leetcode-773", run);
}

#[test]
fn malformed_boards_give_minus_one() {
    assert_eq!(Solution::sliding_puzzle(vec![]), -1);
    assert_eq!(Solution::sliding_puzzle(vec![vec![1, 2, 3]]), -1);
    assert_eq!(Solution::sliding_puzzle(vec![vec![1, 2, 3], vec![4, 5]]), -1);
    assert_eq!(Solution::sliding_puzzle(vec![vec![1, 2, 3], vec![4, 5, 6]]), -1);
    assert_eq!(Solution::sliding_puzzle(vec![vec![1, 2, -3], vec![4, 5, 0]]), -1);
}
