//! IDA* on Korf's 15-puzzle instances, against the lengths and node counts
//! of `testdata/reference/korf100.tsv`.

mod common;

use common::{check_answer, reference, tsv_rows};
use slide_core::{Board, Shape};
use slide_solvers::{ida_star, Heuristic};

/// One of Korf's instances.
struct Instance {
    id: usize,
    start: Board,
    optimal: usize,
    manhattan: u32,
    ida_md_nodes: u64,
}

/// Korf's instances, and their goal: the blank top-left, tile `t` in cell `t`.
fn instances() -> (Board, Vec<Instance>) {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::from_cells(shape, &(0..16).collect::<Vec<u8>>()).unwrap();
    let instances = tsv_rows(&reference("korf100.tsv"))
        .iter()
        .map(|row| Instance {
            id: row[0].parse().unwrap(),
            start: Board::parse(shape, &row[1]).unwrap(),
            optimal: row[2].parse().unwrap(),
            manhattan: row[3].parse().unwrap(),
            ida_md_nodes: row[4].parse().unwrap(),
        })
        .collect();
    (goal, instances)
}

#[test]
fn manhattan_distances_match() {
    let (goal, instances) = instances();
    assert_eq!(instances.len(), 100);
    for instance in &instances {
        assert_eq!(
            Heuristic::Manhattan.estimate(&instance.start, &goal),
            instance.manhattan,
            "instance {}",
            instance.id
        );
        assert!(Heuristic::LinearConflict.estimate(&instance.start, &goal) <= instance.optimal as u32);
    }
}

#[test]
fn ida_star_reproduces_korfs_node_counts() {
    let (goal, mut instances) = instances();
    instances.sort_by_key(|instance| instance.ida_md_nodes);
    for instance in &instances[..5] {
        let answer = ida_star(&instance.start, &goal, Heuristic::Manhattan).unwrap();
        check_answer("ida_star", &instance.start, &goal, &answer, Some(instance.optimal));
        assert_eq!(
            answer.stats.generated, instance.ida_md_nodes,
            "instance {}",
            instance.id
        );
    }
}

#[test]
fn linear_conflict_solves_them_optimally_with_fewer_nodes() {
    let (goal, mut instances) = instances();
    instances.sort_by_key(|instance| instance.ida_md_nodes);
    for instance in &instances[..5] {
        let answer = ida_star(&instance.start, &goal, Heuristic::LinearConflict).unwrap();
        check_answer("ida_star", &instance.start, &goal, &answer, Some(instance.optimal));
        assert!(
            answer.stats.generated < instance.ida_md_nodes,
            "instance {}",
            instance.id
        );
    }
}
