//! Every case of `testdata/knightsfen/`, through the library function and through the program.

slide_testdata::driver_tests!("knightsfen", knightsfen::run, env!("CARGO_BIN_EXE_knightsfen"));
