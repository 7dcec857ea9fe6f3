//! Every case of `testdata/boj-1525/`, through the library function and through the program.

slide_testdata::driver_tests!("boj-1525", boj_1525::run, env!("CARGO_BIN_EXE_boj-1525"));
