//! Every case of `testdata/uva-652/`, through the library function and through the program.

slide_testdata::driver_tests!("uva-652", uva_652::run, env!("CARGO_BIN_EXE_uva-652"));
