//! The comparison report: every algorithm on a uniform sample of the
//! 8-puzzle's solvable positions, and per solution length the mean nodes
//! expanded and the mean time, as a CSV file and an SVG plot; and the
//! reductions of n x n boards, 5 to 100, per n the mean length / n^3 and
//! the median time (`large.csv`, `large.svg`).
//!
//! `cargo xtask report` runs it; by hand:
//! `cargo run --release -p slide-benches --features bench --bin report -- [--every N] [--out DIR]`
//! (every N-th solvable position in rank order; default 40, 4,536 positions).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use plotters::prelude::*;
use slide_benches::plain;
use slide_core::{factorial, unrank, Board, Shape};
use slide_solvers::{
    astar, bfs, bidirectional_bfs, ida_star, Answer, DistanceTable, LinearConflict, Manhattan, WalkingDistance,
};

/// Runs an algorithm on a start (to the goal): the length, and the nodes
/// expanded when the algorithm counts them.
type Run = Box<dyn Fn(&Board) -> (Option<usize>, Option<u64>)>;

/// One algorithm: its name and how to run it.
struct Algorithm {
    name: &'static str,
    run: Run,
}

/// A panel of the plot: its title, the value it shows, and whether only
/// this workspace's algorithms (which count nodes) appear on it.
type Panel<'a> = (&'a str, &'a dyn Fn(&Totals) -> f64, bool);

fn ours(name: &'static str, solve: impl Fn(&Board, &Board) -> Answer + 'static, goal: Board) -> Algorithm {
    Algorithm {
        name,
        run: Box::new(move |start| {
            let answer = solve(start, &goal);
            (answer.length(), Some(answer.stats.expanded))
        }),
    }
}

fn peer(name: &'static str, solve: fn(&plain::Plain, &plain::Plain) -> Option<usize>, goal: Board) -> Algorithm {
    let plain_goal = plain::from_board(&goal);
    Algorithm {
        name,
        run: Box::new(move |start| (solve(&plain::from_board(start), &plain_goal), None)),
    }
}

/// Sums per solution length.
#[derive(Clone, Default)]
struct Totals {
    positions: u64,
    nodes: u64,
    seconds: f64,
}

fn main() -> ExitCode {
    let mut every = 40u64;
    let mut out = PathBuf::from("target/report");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        match (flag.as_str(), args.next()) {
            ("--every", Some(value)) if value.parse::<u64>().is_ok_and(|n| n > 0) => every = value.parse().unwrap(),
            ("--out", Some(value)) => out = PathBuf::from(value),
            _ => {
                eprintln!("error: usage: report [--every N] [--out DIR]");
                return ExitCode::from(2);
            }
        }
    }
    let shape = Shape::new(3, 3).expect("3x3");
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).expect("3x3 has a table");
    let sample: Vec<(Board, usize)> = (0..factorial(9))
        .filter_map(|r| {
            let board = unrank(shape, r)?;
            table.distance(&board).map(|d| (board, d))
        })
        .step_by(every as usize)
        .collect();
    let table_for_lookup = DistanceTable::for_target(&goal).expect("3x3 has a table");
    let algorithms = vec![
        ours("bfs", |s, g| bfs(s, g).expect("3x3"), goal),
        ours("bidirectional_bfs", |s, g| bidirectional_bfs(s, g).expect("3x3"), goal),
        ours(
            "ida_star_manhattan",
            |s, g| ida_star(s, g, Manhattan).expect("3x3"),
            goal,
        ),
        ours(
            "ida_star_linear_conflict",
            |s, g| ida_star(s, g, LinearConflict).expect("3x3"),
            goal,
        ),
        ours(
            "ida_star_walking_distance",
            |s, g| ida_star(s, g, WalkingDistance).expect("3x3"),
            goal,
        ),
        ours("astar_manhattan", |s, g| astar(s, g, Manhattan).expect("3x3"), goal),
        ours(
            "astar_linear_conflict",
            |s, g| astar(s, g, LinearConflict).expect("3x3"),
            goal,
        ),
        ours(
            "astar_walking_distance",
            |s, g| astar(s, g, WalkingDistance).expect("3x3"),
            goal,
        ),
        ours(
            "distance_table_lookup",
            move |s, g| table_for_lookup.solve(s, g).expect("3x3"),
            goal,
        ),
        peer("pathfinding_bfs", plain::bfs, goal),
        peer("pathfinding_bfs_bidirectional", plain::bfs_bidirectional, goal),
        peer("pathfinding_idastar_manhattan", plain::idastar, goal),
        peer("pathfinding_astar_manhattan", plain::astar, goal),
    ];
    let longest = sample.iter().map(|(_, d)| *d).max().unwrap_or(0);
    let mut totals = vec![vec![Totals::default(); longest + 1]; algorithms.len()];
    eprintln!("{} positions, every {every}th solvable one", sample.len());
    for (a, algorithm) in algorithms.iter().enumerate() {
        let started = Instant::now();
        for (board, distance) in &sample {
            let timer = Instant::now();
            let (length, nodes) = (algorithm.run)(board);
            let seconds = timer.elapsed().as_secs_f64();
            assert_eq!(length, Some(*distance), "{} on {board}", algorithm.name);
            let cell = &mut totals[a][*distance];
            cell.positions += 1;
            cell.nodes += nodes.unwrap_or(0);
            cell.seconds += seconds;
        }
        eprintln!("{}: {:.2} s", algorithm.name, started.elapsed().as_secs_f64());
    }

    let mut csv = String::from("length,algorithm,positions,mean_nodes_expanded,mean_seconds\n");
    for (a, algorithm) in algorithms.iter().enumerate() {
        for (length, cell) in totals[a].iter().enumerate().filter(|(_, c)| c.positions > 0) {
            let nodes = if algorithm.name.starts_with("pathfinding") {
                String::new()
            } else {
                format!("{:.1}", cell.nodes as f64 / cell.positions as f64)
            };
            writeln!(
                csv,
                "{length},{},{},{nodes},{:.9}",
                algorithm.name,
                cell.positions,
                cell.seconds / cell.positions as f64
            )
            .expect("writing to a string");
        }
    }
    if let Err(error) = std::fs::create_dir_all(&out).and_then(|()| std::fs::write(out.join("report.csv"), &csv)) {
        eprintln!("error: writing {}: {error}", out.display());
        return ExitCode::from(1);
    }
    let svg = out.join("report.svg");
    if let Err(error) = plot(&svg, &algorithms, &totals, longest) {
        eprintln!("error: drawing {}: {error}", svg.display());
        return ExitCode::from(1);
    }
    eprintln!("wrote {} and {}", out.join("report.csv").display(), svg.display());
    if let Err(error) = large_boards(&out) {
        eprintln!("error: the large-board report: {error}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// One size of the large-board report: n, the mean length / n^3, the median seconds.
type LargePoint = (f64, f64, f64);

/// The sizes of the large-board report, and how many boards of each.
const LARGE_SIZES: [usize; 10] = [5, 6, 8, 10, 15, 20, 30, 50, 100, 200];
const LARGE_BOARDS: usize = 20;

/// The earlier reduction's figures, drawn beside today's: `large-before.csv`
/// in the report's folder, written by this report before the reduction
/// changed (`record/2026-12-07-big-boards.md` says when and how).
const LARGE_BEFORE: &str = "large-before.csv";

/// The series of a `large.csv` file's text: per reduction, its name and
/// (n, mean length / n^3, median seconds) by size.
fn large_series(csv: &str) -> Result<Vec<(String, Vec<LargePoint>)>, String> {
    let mut series: Vec<(String, Vec<LargePoint>)> = Vec::new();
    for (number, line) in csv.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let field = |i: usize| -> Result<f64, String> {
            fields
                .get(i)
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| format!("line {}: field {} is not a number", number + 1, i + 1))
        };
        let (name, point) = (fields.get(1).copied().unwrap_or(""), (field(0)?, field(4)?, field(6)?));
        match series.iter_mut().find(|(known, _)| known == name) {
            Some((_, points)) => points.push(point),
            None => series.push((name.to_string(), vec![point])),
        }
    }
    Ok(series)
}

/// The reductions of boards of any size: per n, the mean length divided
/// by n^3 and the median time, as `large.csv` and `large.svg` in `out`;
/// the figures of `large-before.csv` there, if any, drawn beside them in
/// dashes.
fn large_boards(out: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    use slide_benches::large::{random_boards, run, summarize, REDUCERS};
    let mut csv = String::from("n,solver,boards,mean_length,mean_over_n3,mean_over_manhattan,median_seconds\n");
    // Per reduction: (n, mean length / n^3, median seconds) by size.
    let mut series: Vec<(&str, Vec<LargePoint>)> = REDUCERS.iter().map(|(name, _)| (*name, Vec::new())).collect();
    for n in LARGE_SIZES {
        let goal = slide_core::LargeBoard::goal(n, n);
        let starts = random_boards(n, LARGE_BOARDS);
        for (index, (name, reducer)) in REDUCERS.into_iter().enumerate() {
            let runs: Vec<_> = starts.iter().map(|start| run(reducer, start, &goal)).collect();
            let summary = summarize(&runs);
            let per_cube = summary.mean / (n * n * n) as f64;
            let seconds = summary.median.as_secs_f64();
            writeln!(
                csv,
                "{n},{name},{},{:.1},{per_cube:.4},{:.3},{seconds:.6}",
                runs.len(),
                summary.mean,
                summary.over_manhattan
            )?;
            series[index].1.push((n as f64, per_cube, seconds));
        }
        eprintln!("{n}x{n}: done");
    }
    std::fs::write(out.join("large.csv"), &csv)?;
    let before = match std::fs::read_to_string(out.join(LARGE_BEFORE)) {
        Ok(text) => large_series(&text).map_err(|error| format!("{LARGE_BEFORE}: {error}"))?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(format!("{LARGE_BEFORE}: {error}").into()),
    };
    let path = out.join("large.svg");
    let root = SVGBackend::new(&path, (1100, 450)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(550);
    let largest = *LARGE_SIZES.last().expect("sizes") as f64;
    let colours = [RED, BLUE];
    let mut lengths = ChartBuilder::on(&left)
        .caption("n x n boards: mean length / n^3", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(35)
        .y_label_area_size(50)
        .build_cartesian_2d((4f64..largest * 1.2).log_scale(), 0f64..3.5)?;
    lengths
        .configure_mesh()
        .x_desc("n")
        .y_desc("mean length / n^3")
        .draw()?;
    let mut times = ChartBuilder::on(&right)
        .caption("n x n boards: median time", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(35)
        .y_label_area_size(70)
        .build_cartesian_2d((4f64..largest * 1.2).log_scale(), (1e-5f64..10.0).log_scale())?;
    times
        .configure_mesh()
        .x_desc("n")
        .y_desc("seconds")
        .y_label_formatter(&|y| format!("{y:.0e}"))
        .draw()?;
    for ((name, points), colour) in series.iter().zip(colours) {
        lengths
            .draw_series(LineSeries::new(
                points.iter().map(|&(n, l, _)| (n, l)),
                colour.stroke_width(2),
            ))?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
        times
            .draw_series(LineSeries::new(
                points.iter().map(|&(n, _, t)| (n, t)),
                colour.stroke_width(2),
            ))?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
        // The same reduction before, in dashes of its colour.
        let Some((_, earlier)) = before.iter().find(|(known, _)| known == name) else {
            continue;
        };
        let label = format!("{name}, before");
        let legend = move |(x, y): (i32, i32)| PathElement::new(vec![(x, y), (x + 6, y)], colour.stroke_width(2));
        let points = earlier.iter().map(|&(n, l, _)| (n, l)).collect::<Vec<_>>();
        lengths
            .draw_series(dashes(&points, false, colour))?
            .label(label.clone())
            .legend(legend);
        let points = earlier.iter().map(|&(n, _, t)| (n, t)).collect::<Vec<_>>();
        times
            .draw_series(dashes(&points, true, colour))?
            .label(label)
            .legend(legend);
    }
    lengths
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerRight)
        .draw()?;
    times
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;
    root.present()?;
    eprintln!("wrote {} and {}", out.join("large.csv").display(), path.display());
    Ok(())
}

/// A dashed line through `points` on a chart whose x axis is a log scale
/// (and its y axis too, if `log_y`): six dashes between two points.
fn dashes(points: &[(f64, f64)], log_y: bool, colour: RGBColor) -> Vec<PathElement<(f64, f64)>> {
    points
        .windows(2)
        .flat_map(|pair| {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            let at = move |t: f64| {
                let y = if log_y {
                    y0 * (y1 / y0).powf(t)
                } else {
                    y0 + (y1 - y0) * t
                };
                (x0 * (x1 / x0).powf(t), y)
            };
            (0..6).map(move |k| {
                let k = k as f64;
                PathElement::new(vec![at(k / 6.0), at((k + 0.5) / 6.0)], colour.stroke_width(2))
            })
        })
        .collect()
}

/// Two panels, log scale: mean nodes expanded and mean time per solution length.
fn plot(
    path: &PathBuf,
    algorithms: &[Algorithm],
    totals: &[Vec<Totals>],
    longest: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (1100, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(550);
    let colours = [
        RED,
        BLUE,
        GREEN,
        MAGENTA,
        CYAN,
        RGBColor(230, 140, 0),
        RGBColor(120, 60, 20),
        RGBColor(0, 120, 120),
        RGBColor(150, 0, 150),
        RGBColor(90, 150, 0),
        RGBColor(120, 120, 120),
        RGBColor(180, 180, 0),
        BLACK,
        RGBColor(255, 120, 180),
    ];
    let panels: [Panel; 2] = [
        (
            "mean nodes expanded",
            &|t: &Totals| t.nodes as f64 / t.positions as f64,
            true,
        ),
        (
            "mean time (seconds)",
            &|t: &Totals| t.seconds / t.positions as f64,
            false,
        ),
    ];
    for ((title, value, ours_only), area) in panels.into_iter().zip([left, right]) {
        let points = |a: usize| -> Vec<(f64, f64)> {
            totals[a]
                .iter()
                .enumerate()
                .filter(|(_, t)| t.positions > 0)
                .map(|(length, t)| (length as f64, value(t)))
                .filter(|&(_, v)| v > 0.0)
                .collect()
        };
        let shown: Vec<usize> = (0..algorithms.len())
            .filter(|&a| !(ours_only && algorithms[a].name.starts_with("pathfinding")))
            .collect();
        let all: Vec<f64> = shown.iter().flat_map(|&a| points(a)).map(|(_, v)| v).collect();
        let (low, high) = all
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let mut chart = ChartBuilder::on(&area)
            .caption(format!("3x3: {title} by solution length"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(35)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..(longest as f64 + 1.0), (low / 2.0..high * 2.0).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("solution length")
            .y_desc(title)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()?;
        for &a in &shown {
            let colour = colours[a % colours.len()];
            chart
                .draw_series(LineSeries::new(points(a), colour.stroke_width(2)))?
                .label(algorithms[a].name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 11))
            .draw()?;
    }
    root.present()?;
    Ok(())
}
