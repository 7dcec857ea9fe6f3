//! Every case of `testdata/aoj-8-puzzle/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "aoj-8-puzzle",
    aoj_8_puzzle::run,
    env!("CARGO_BIN_EXE_aoj-8-puzzle"),
    large = "1 3 0\n4 2 5\n7 8 6\n"
);
