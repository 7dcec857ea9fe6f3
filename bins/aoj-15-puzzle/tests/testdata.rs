//! Every case of `testdata/aoj-15-puzzle/`, through the library function and through the program.

slide_testdata::driver_tests!("aoj-15-puzzle", aoj_15_puzzle::run, env!("CARGO_BIN_EXE_aoj-15-puzzle"));
