//! HDU 3567 Eight II: for each pair of 3x3 states, the fewest moves from the
//! first to the second, and of the shortest move strings the one that comes
//! first in the order `d < l < r < u`.
//!
//! Input: a count T (at most 200), then T cases of two lines of 9
//! characters, state A then state B; `X` is the blank (`x`, `.`, `0` and `_`
//! are blanks too). Output per case: `Case k: d`, then the move string on a
//! line of its own (an empty line when d is 0). The judge never sends a pair
//! that cannot be solved; such a pair gets `Case k: -1` and an empty line.
//!
//! One complete distance table per cell of B's blank (at most nine) answers
//! every pair: renaming the tiles carries any B to the table's goal.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{boards, characters, quoted, words, Board, InputError, MoveOrder, Shape};
use slide_solvers::{answer_without_search, DistanceTable};

/// The answers to every case of `input`, or the first problem with it.
///
/// ```
/// let input = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
/// assert_eq!(hdu_3567::run(input).unwrap(), "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let order = MoveOrder::parse("dlru").expect("an order");
    let mut words = words(input);
    let count = words.next().ok_or("the input is empty: expected the number of cases")?;
    let cases: usize = count.text.parse().map_err(|_| {
        let message = format!("expected the number of cases, found '{}'", quoted(count.text));
        InputError::at(count.line, Some(count.column), message).to_string()
    })?;
    let states: Vec<Board> = if cases == 0 {
        Vec::new()
    } else {
        boards(characters(words), shape)
            .collect::<Result<_, _>>()
            .map_err(|error| error.to_string())?
    };
    if states.len() != 2 * cases {
        let cases = match cases {
            1 => "1 case".to_string(),
            cases => format!("{cases} cases"),
        };
        return Err(format!(
            "line {}: the count says {cases} (two states each), the input holds {} states",
            count.line,
            states.len()
        ));
    }
    let mut tables: Vec<Option<DistanceTable>> = (0..shape.cells()).map(|_| None).collect();
    let mut output = String::new();
    for (case, pair) in states.chunks(2).enumerate() {
        let (start, target) = (&pair[0], &pair[1]);
        let answer = match answer_without_search(start, target).map_err(|error| error.to_string())? {
            Some(answer) => answer,
            None => {
                let table = tables[target.blank()]
                    .get_or_insert_with(|| DistanceTable::for_target(target).expect("a 3x3 board has a table"));
                table
                    .solve_in_order(start, target, order)
                    .map_err(|error| error.to_string())?
            }
        };
        match &answer.path {
            Some(path) => output.push_str(&format!("Case {}: {}\n{}\n", case + 1, path.len(), order.write(path))),
            None => output.push_str(&format!("Case {}: -1\n\n", case + 1)),
        }
    }
    Ok(output)
}
