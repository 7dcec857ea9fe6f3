//! Every case of `testdata/eight-path/`, through the library function and through the program.

slide_testdata::driver_tests!("eight-path", eight_path::run, env!("CARGO_BIN_EXE_eight-path"));
