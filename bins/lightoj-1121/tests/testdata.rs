//! Every case of `testdata/lightoj-1121/`, through the library function and through the program.

slide_testdata::driver_tests!("lightoj-1121", lightoj_1121::run, env!("CARGO_BIN_EXE_lightoj-1121"));
