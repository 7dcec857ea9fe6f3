//! Every case of `testdata/hackerrank-n-puzzle/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "hackerrank-n-puzzle",
    hackerrank_n_puzzle::run,
    env!("CARGO_BIN_EXE_hackerrank-n-puzzle")
);
