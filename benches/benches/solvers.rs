//! Criterion benchmarks: this workspace's solvers side by side, and the
//! `pathfinding` crate's generic searches on the same 8-puzzle instances.
//! Every benchmark checks its answer against the distance table.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use slide_benches::plain::{self, Plain};
use slide_core::{Board, Shape};
use slide_pattern_db::{AdditivePdb, Split};
use slide_solvers::{
    astar, bfs, bidirectional_bfs, ida_star, Answer, DistanceTable, LinearConflict, Manhattan, MaxOf, WalkingDistance,
};
use slide_testdata::{eight_puzzle_set, korf100, korf_goal};

/// One of this workspace's solvers, from start and goal to an answer.
type Solver = fn(&Board, &Board) -> Answer;

/// One of the `pathfinding` crate's searches, from start and goal to a length.
type PeerSolver = fn(&Plain, &Plain) -> Option<usize>;

/// The distance of every board of a set, from the complete table.
fn expected(boards: &[Board], goal: &Board) -> Vec<Option<usize>> {
    let table = DistanceTable::for_target(goal).unwrap();
    boards.iter().map(|b| table.distance(b)).collect()
}

fn check(answer: Answer, expected: Option<usize>) {
    assert_eq!(answer.length(), expected);
}

fn eight_puzzle(c: &mut Criterion) {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let plain_goal = plain::from_board(&goal);
    for set in ["eight-hardest", "eight-random-100", "eight-unsolvable"] {
        let boards = eight_puzzle_set(set);
        // The hardest set is benchmarked per position, the others whole.
        let boards = if set == "eight-hardest" {
            boards[..1].to_vec()
        } else {
            boards
        };
        let lengths = expected(&boards, &goal);
        let plains: Vec<Plain> = boards.iter().map(plain::from_board).collect();
        let mut group = c.benchmark_group(format!("3x3/{set}"));
        group.sample_size(20);
        let cases: [(&str, Solver); 9] = [
            ("bfs", |s, g| bfs(s, g).unwrap()),
            ("bidirectional_bfs", |s, g| bidirectional_bfs(s, g).unwrap()),
            ("ida_star_manhattan", |s, g| ida_star(s, g, Manhattan).unwrap()),
            ("ida_star_linear_conflict", |s, g| {
                ida_star(s, g, LinearConflict).unwrap()
            }),
            ("ida_star_walking_distance", |s, g| {
                ida_star(s, g, WalkingDistance).unwrap()
            }),
            ("ida_star_wd_lc", |s, g| {
                ida_star(s, g, MaxOf(WalkingDistance, LinearConflict)).unwrap()
            }),
            ("astar_manhattan", |s, g| astar(s, g, Manhattan).unwrap()),
            ("astar_linear_conflict", |s, g| astar(s, g, LinearConflict).unwrap()),
            ("astar_walking_distance", |s, g| astar(s, g, WalkingDistance).unwrap()),
        ];
        for (name, solve) in cases {
            group.bench_function(BenchmarkId::new("slide", name), |b| {
                b.iter(|| {
                    for (board, &length) in boards.iter().zip(&lengths) {
                        check(solve(black_box(board), &goal), length);
                    }
                })
            });
        }
        group.bench_function(BenchmarkId::new("slide", "distance_table_build_and_solve"), |b| {
            b.iter(|| {
                let table = DistanceTable::for_target(&goal).unwrap();
                for (board, &length) in boards.iter().zip(&lengths) {
                    check(table.solve(black_box(board), &goal).unwrap(), length);
                }
            })
        });
        let peers: [(&str, PeerSolver); 4] = [
            ("bfs", plain::bfs),
            ("bfs_bidirectional", plain::bfs_bidirectional),
            ("idastar_manhattan", plain::idastar),
            ("astar_manhattan", plain::astar),
        ];
        for (name, solve) in peers {
            // The peers' BFS and A* explore the whole unsolvable half
            // (181,440 states) before they give up, and their IDA* never
            // stops there.
            if set == "eight-unsolvable" && name == "idastar_manhattan" {
                continue;
            }
            group.bench_function(BenchmarkId::new("pathfinding", name), |b| {
                b.iter(|| {
                    for (board, &length) in plains.iter().zip(&lengths) {
                        assert_eq!(solve(black_box(board), &plain_goal), length);
                    }
                })
            });
        }
        group.finish();
    }
}

fn distance_table(c: &mut Criterion) {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let mut group = c.benchmark_group("3x3/complete");
    group.sample_size(20);
    group.bench_function("slide/distance_table", |b| {
        b.iter(|| {
            let table = DistanceTable::for_target(black_box(&goal)).unwrap();
            assert_eq!(table.histogram().len(), 32);
        })
    });
    group.finish();
}

fn fifteen_puzzle(c: &mut Criterion) {
    let goal = korf_goal();
    let mut instances = korf100();
    instances.sort_by_key(|instance| instance.optimal);
    let chosen = &instances[..3];
    let mut group = c.benchmark_group("4x4/korf");
    group.sample_size(10);
    for instance in chosen {
        let solvers: [(&str, Solver); 7] = [
            ("ida_star_manhattan", |s, g| ida_star(s, g, Manhattan).unwrap()),
            ("ida_star_linear_conflict", |s, g| {
                ida_star(s, g, LinearConflict).unwrap()
            }),
            ("ida_star_walking_distance", |s, g| {
                ida_star(s, g, WalkingDistance).unwrap()
            }),
            ("ida_star_wd_lc", |s, g| {
                ida_star(s, g, MaxOf(WalkingDistance, LinearConflict)).unwrap()
            }),
            ("astar_manhattan", |s, g| astar(s, g, Manhattan).unwrap()),
            ("astar_linear_conflict", |s, g| astar(s, g, LinearConflict).unwrap()),
            ("astar_walking_distance", |s, g| astar(s, g, WalkingDistance).unwrap()),
        ];
        for (name, solve) in solvers {
            group.bench_function(BenchmarkId::new(name, instance.id), |b| {
                b.iter(|| check(solve(black_box(&instance.start), &goal), Some(instance.optimal)))
            });
        }
    }
    group.finish();
}

/// Pattern databases apart: building each split's tables (6-6-3 takes
/// seconds; `korf100` times it), and IDA* with each split's tables on the
/// three shortest of Korf's instances.
fn pattern_databases(c: &mut Criterion) {
    let goal = korf_goal();
    let mut instances = korf100();
    instances.sort_by_key(|instance| instance.optimal);
    let mut group = c.benchmark_group("4x4/pdb");
    group.sample_size(10);
    for split in [Split::FourFourFourThree, Split::FiveFiveFive] {
        group.bench_function(BenchmarkId::new("build", split.name()), |b| {
            b.iter(|| AdditivePdb::fifteen_puzzle(black_box(split), goal.blank()).unwrap())
        });
    }
    let dir = slide_cache::cache_dir();
    for split in [Split::FourFourFourThree, Split::FiveFiveFive, Split::SixSixThree] {
        let (pdb, _) = slide_cache::load_or_build(&dir, split, goal.shape(), goal.blank()).unwrap();
        for instance in &instances[..3] {
            let name = format!("search_{}", split.name());
            group.bench_function(BenchmarkId::new(name, instance.id), |b| {
                b.iter(|| {
                    check(
                        ida_star(black_box(&instance.start), &goal, &pdb).unwrap(),
                        Some(instance.optimal),
                    )
                })
            });
        }
    }
    group.finish();
}

/// The reduction of boards of any size, on one seeded random board per
/// size (the `large` binary measures lengths over many boards).
fn large_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("reduce");
    group.sample_size(10);
    for n in [5, 10, 20, 50, 100] {
        let goal = slide_core::LargeBoard::goal(n, n);
        let start = &slide_benches::large::random_boards(n, 1)[0];
        for (name, reducer) in slide_benches::large::REDUCERS {
            group.bench_with_input(BenchmarkId::new(name, format!("{n}x{n}")), start, |b, start| {
                b.iter(|| slide_benches::large::run(reducer, black_box(start), &goal))
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    distance_table,
    eight_puzzle,
    fifteen_puzzle,
    pattern_databases,
    large_boards
);
criterion_main!(benches);
