//! Every case of `testdata/uva-10181/`, through the library function and through the program.

slide_testdata::driver_tests!("uva-10181", uva_10181::run, env!("CARGO_BIN_EXE_uva-10181"));
