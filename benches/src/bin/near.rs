//! The near-optimal route as a whole process: `slide solve - --budget B
//! --json` run once a board, on each class of boards, printing per class
//! and budget the mean length, the mean over the Manhattan distance, the
//! mean proven lower bound, the mean over the optimum where it is known,
//! and the seconds a board.
//!
//! ```text
//! cargo build --release -p slide
//! cargo run --release -p slide-benches --bin near -- [--boards N] [--budgets 10,30] \
//!     [--classes kf50,6x6,7x7,scrambled-6x6,scrambled-7x7,8x8,10x10] [--slide target/release/slide]
//! ```
//!
//! The classes: Korf and Felner's 50 24-puzzles (their goal, the optimal
//! lengths known; their tables are used where the cache holds them);
//! uniformly random boards of 6x6, 7x7, 8x8 and 10x10 (seeds 1 to N);
//! scrambles of the kind DeepCubeA was tested on, drawn as its code draws
//! them (random steps from the goal, a step off the board a step in
//! place), their number of steps chosen so that the expected Manhattan
//! distance is that of DeepCubeA's 500 test boards of each size (91.8 on
//! 6x6, 195.1 on 7x7; Agostinelli et al., Nature Machine Intelligence
//! 2019).

use std::io::Write;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use slide_core::{LargeBoard, Move, SplitMix64};

const USAGE: &str = "usage: near [--boards N] [--budgets 10,30] [--classes kf50,6x6,7x7,scrambled-6x6,scrambled-7x7,8x8,10x10] [--slide PATH]\n\
Measures slide solve's near-optimal route, a whole process a board.";

/// A board to solve, its goal, and its optimal length where known.
struct Case {
    start: LargeBoard,
    goal: LargeBoard,
    optimal: Option<usize>,
}

/// What one run of `slide solve` answered.
struct Answer {
    length: usize,
    lower_bound: usize,
    seconds: f64,
}

/// The number after `"key":` in a line of JSON.
fn field(json: &str, key: &str) -> Option<f64> {
    let at = json.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &json[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// `slide solve - --budget BUDGET --json` on `case`, timed as a whole process.
fn solve(slide: &str, case: &Case, budget: &str) -> Answer {
    let started = Instant::now();
    let mut child = Command::new(slide)
        .args([
            "solve",
            "-",
            "--json",
            "--budget",
            budget,
            "--goal",
            &case.goal.to_string(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the slide program runs (cargo build --release -p slide)");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(case.start.to_string().as_bytes())
        .expect("the board is written");
    let output = child.wait_with_output().expect("slide ends");
    let json = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "slide solve failed on {}", case.start);
    Answer {
        length: field(&json, "length").expect("a length") as usize,
        lower_bound: field(&json, "lower_bound").unwrap_or_else(|| field(&json, "length").expect("a length")) as usize,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// A walk of `steps` steps from `goal` as DeepCubeA draws its boards
/// (`Environment.generate_states` in its code, Agostinelli et al. 2019):
/// each step one of the four moves at random, a move off the board
/// leaving the board as it is, and a move that undoes the last allowed.
fn walk(goal: &LargeBoard, steps: usize, random: &mut SplitMix64) -> LargeBoard {
    let mut board = goal.clone();
    for _ in 0..steps {
        board.apply(Move::ALL[random.below(4)]);
    }
    board
}

/// `count` walks from the `n` x `n` goal of one number of steps, chosen
/// (by bisection, over a sample of 500 walks) so that their expected
/// Manhattan distance is `manhattan`: the boards are a sample of that
/// kind, not boards picked to bring their own mean to it.
fn scrambles(n: usize, count: usize, manhattan: f64) -> Vec<LargeBoard> {
    let goal = LargeBoard::goal(n, n);
    let draw = |steps: usize, count: usize, seed: u64| {
        let mut random = SplitMix64::new(seed);
        (0..count).map(|_| walk(&goal, steps, &mut random)).collect::<Vec<_>>()
    };
    let mean = |boards: &[LargeBoard]| {
        boards.iter().map(|board| board.manhattan(&goal) as f64).sum::<f64>() / boards.len() as f64
    };
    let (mut low, mut high) = (1usize, 1usize << 16);
    while high - low > 1 {
        let middle = (low + high) / 2;
        if mean(&draw(middle, 500, 2)) < manhattan {
            low = middle;
        } else {
            high = middle;
        }
    }
    let boards = draw(high, count, 1);
    eprintln!(
        "{n}x{n} scrambles: walks of {high} steps, these {count} boards' mean Manhattan distance {:.1}",
        mean(&boards)
    );
    boards
}

/// The boards of `class`, at most `count` of them.
fn cases(class: &str, count: usize) -> Option<Vec<Case>> {
    let random = |n: usize| {
        let goal = LargeBoard::goal(n, n);
        (1..=count as u64)
            .map(|seed| Case {
                start: LargeBoard::random(&goal, &mut SplitMix64::new(seed)),
                goal: goal.clone(),
                optimal: None,
            })
            .collect()
    };
    let scrambled = |n: usize, manhattan: f64| {
        scrambles(n, count, manhattan)
            .into_iter()
            .map(|start| Case {
                start,
                goal: LargeBoard::goal(n, n),
                optimal: None,
            })
            .collect()
    };
    Some(match class {
        "kf50" => slide_testdata::korf_felner_24()
            .into_iter()
            .take(count)
            .map(|instance| Case {
                start: instance.start,
                goal: slide_testdata::korf_felner_goal(),
                optimal: Some(instance.optimal),
            })
            .collect(),
        "6x6" => random(6),
        "7x7" => random(7),
        "8x8" => random(8),
        "10x10" => random(10),
        "scrambled-6x6" => scrambled(6, 91.8),
        "scrambled-7x7" => scrambled(7, 195.1),
        _ => return None,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut boards = 100;
    let mut budgets = vec!["10".to_string()];
    let mut classes: Vec<String> = ["kf50", "6x6", "7x7", "scrambled-6x6", "scrambled-7x7", "8x8", "10x10"]
        .map(String::from)
        .to_vec();
    let mut slide = "target/release/slide".to_string();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = rest.next();
        let parsed = match (arg.as_str(), value) {
            ("--boards", Some(v)) => v.parse().map(|n| boards = n).is_ok(),
            ("--budgets", Some(v)) => {
                budgets = v.split(',').map(String::from).collect();
                budgets.iter().all(|b| b.parse::<f64>().is_ok_and(|b| b > 0.0))
            }
            ("--classes", Some(v)) => {
                classes = v.split(',').map(String::from).collect();
                true
            }
            ("--slide", Some(v)) => {
                slide = v.clone();
                true
            }
            _ => false,
        };
        if !parsed || boards == 0 {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    println!("| boards | budget | count | mean length | mean / Manhattan | mean lower bound | mean / optimal | median seconds | largest seconds |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for class in &classes {
        let Some(cases) = cases(class, boards) else {
            eprintln!("no class {class:?}\n{USAGE}");
            return ExitCode::from(2);
        };
        for budget in &budgets {
            let answers: Vec<Answer> = cases.iter().map(|case| solve(&slide, case, budget)).collect();
            let count = answers.len() as f64;
            let mean = |value: &dyn Fn(&Answer, &Case) -> f64| {
                answers.iter().zip(&cases).map(|(a, c)| value(a, c)).sum::<f64>() / count
            };
            let mut seconds: Vec<f64> = answers.iter().map(|answer| answer.seconds).collect();
            seconds.sort_by(f64::total_cmp);
            let length = mean(&|a, _| a.length as f64);
            let manhattan = mean(&|_, c| c.start.manhattan(&c.goal) as f64);
            let optimal = cases
                .iter()
                .map(|case| case.optimal.map(|o| o as f64))
                .sum::<Option<f64>>()
                .map_or(String::new(), |sum| format!("{:.4}", length / (sum / count)));
            println!(
                "| {class} | {budget} s | {} | {length:.2} | {:.4} | {:.2} | {optimal} | {:.2} | {:.2} |",
                answers.len(),
                length / manhattan,
                mean(&|a, _| a.lower_bound as f64),
                seconds[seconds.len() / 2],
                seconds[seconds.len() - 1],
            );
        }
    }
    ExitCode::SUCCESS
}
