//! Every case of `testdata/aoj-0190/`, through the library function and through the program.

slide_testdata::driver_tests!("aoj-0190", aoj_0190::run, env!("CARGO_BIN_EXE_aoj-0190"));
