//! Every case of `testdata/uva-10085/`, through the library function and through the program.

slide_testdata::driver_tests!("uva-10085", uva_10085::run, env!("CARGO_BIN_EXE_uva-10085"));
