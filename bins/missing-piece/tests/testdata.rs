//! Every case of `testdata/missing-piece/`, through the library function and through the program.

slide_testdata::driver_tests!("missing-piece", missing_piece::run, env!("CARGO_BIN_EXE_missing-piece"));
