//! Every case of `testdata/eight/`, through the library function and through the program.

use std::path::Path;

#[test]
fn testdata() {
    slide_testdata::check_folder("eight", eight::run);
}

#[test]
fn testdata_through_the_program() {
    let program = Path::new(env!("CARGO_BIN_EXE_eight"));
    slide_testdata::check_folder("eight", |input| slide_testdata::run_program(program, input.as_bytes()));
}

#[test]
fn input_that_is_not_text_is_refused() {
    let program = Path::new(env!("CARGO_BIN_EXE_eight"));
    let error = slide_testdata::run_program(program, b"1 2 3 \xff").unwrap_err();
    assert_eq!(error, "byte 7: the input is not UTF-8 text");
}

#[test]
fn no_input_makes_it_panic() {
    for input in slide_testdata::random_inputs("12345678x.0_9y \t\r\n", 3000, 40) {
        let _ = eight::run(&input);
    }
}
