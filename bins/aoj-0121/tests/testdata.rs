//! Every case of `testdata/aoj-0121/`, through the library function and through the program.

slide_testdata::driver_tests!("aoj-0121", aoj_0121::run, env!("CARGO_BIN_EXE_aoj-0121"));
