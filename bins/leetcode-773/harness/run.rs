// The judge's side of LeetCode 773, for tests: each line of the input is a
// board in LeetCode's notation, such as [[1,2,3],[4,0,5]], and each answer
// is the number `Solution::sliding_puzzle` returns, on a line of its own.

fn run(input: &str) -> Result<String, String> {
    let mut output = String::new();
    for (index, line) in input.lines().enumerate() {
        let text: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if text.is_empty() {
            continue;
        }
        let bad = || format!("line {}: expected a board such as [[1,2,3],[4,0,5]]", index + 1);
        let inner = text.strip_prefix("[[").and_then(|t| t.strip_suffix("]]")).ok_or_else(bad)?;
        let mut board = Vec::new();
        for row in inner.split("],[") {
            let cells: Result<Vec<i32>, _> = row.split(',').map(str::parse).collect();
            board.push(cells.map_err(|_| bad())?);
        }
        output.push_str(&format!("{}\n", Solution::sliding_puzzle(board)));
    }
    Ok(output)
}
