//! IDA* on Korf's 15-puzzle instances, against the lengths and node counts
//! of `testdata/reference/korf100.tsv`.

use crate::common::check_answer;
use slide_core::Board;
use slide_solvers::{ida_star, Heuristic, LinearConflict, Manhattan, MaxOf, WalkingDistance};
use slide_testdata::{korf100, korf_goal, KorfInstance};

/// Korf's instances, and their goal: the blank top-left, tile `t` in cell `t`.
fn instances() -> (Board, Vec<KorfInstance>) {
    (korf_goal(), korf100())
}

#[test]
fn manhattan_distances_match() {
    let (goal, instances) = instances();
    assert_eq!(instances.len(), 100);
    for instance in &instances {
        assert_eq!(
            Manhattan.estimate(&instance.start, &goal),
            Ok(instance.manhattan),
            "instance {}",
            instance.id
        );
        assert!(LinearConflict.estimate(&instance.start, &goal).unwrap() <= instance.optimal as u32);
    }
}

#[test]
fn ida_star_reproduces_korfs_node_counts() {
    let (goal, mut instances) = instances();
    instances.sort_by_key(|instance| instance.ida_md_nodes);
    for instance in &instances[..5] {
        let answer = ida_star(&instance.start, &goal, Manhattan).unwrap();
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
        let answer = ida_star(&instance.start, &goal, LinearConflict).unwrap();
        check_answer("ida_star", &instance.start, &goal, &answer, Some(instance.optimal));
        assert!(
            answer.stats.generated < instance.ida_md_nodes,
            "instance {}",
            instance.id
        );
    }
}

#[test]
fn walking_distance_is_admissible_on_korfs_instances_and_solves_some() {
    let (goal, mut instances) = instances();
    for instance in &instances {
        let wd = WalkingDistance.estimate(&instance.start, &goal).unwrap();
        let both = MaxOf(WalkingDistance, LinearConflict)
            .estimate(&instance.start, &goal)
            .unwrap();
        assert!(
            wd <= both && both as usize <= instance.optimal,
            "instance {}: {wd}, {both}",
            instance.id
        );
    }
    instances.sort_by_key(|instance| instance.ida_md_nodes);
    for instance in &instances[..3] {
        let answer = ida_star(&instance.start, &goal, MaxOf(WalkingDistance, LinearConflict)).unwrap();
        check_answer(
            "ida_star wd+lc",
            &instance.start,
            &goal,
            &answer,
            Some(instance.optimal),
        );
        assert!(
            answer.stats.generated < instance.ida_md_nodes,
            "instance {}",
            instance.id
        );
    }
}
