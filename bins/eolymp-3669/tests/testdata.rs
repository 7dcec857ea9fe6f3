//! Every case of `testdata/eolymp-3669/`, through the library function and through the program.

slide_testdata::driver_tests!("eolymp-3669", eolymp_3669::run, env!("CARGO_BIN_EXE_eolymp-3669"));
