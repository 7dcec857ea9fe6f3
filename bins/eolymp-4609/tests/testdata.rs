//! Every case of `testdata/eolymp-4609/`, through the library function and through the program.

slide_testdata::driver_tests!("eolymp-4609", eolymp_4609::run, env!("CARGO_BIN_EXE_eolymp-4609"));
