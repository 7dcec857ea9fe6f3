//! The estimate policy: which estimate a search takes, decided here for
//! every caller: `slide solve` and `slide batch` (through `Route::of`),
//! `slide units`, `Solver` (and so the Python package) and the wide boards'
//! searches. An [`ResolvedEstimate`] is the default for the instance's goal and
//! shape, or the one a name gives; [`fits`] says whether it serves the
//! boards a search runs on; [`ResolvedEstimate::needs`] names the tables it reads,
//! which the cache's one loader reads (`slide_cache::load_table`: mapped
//! where that pays, the checksum checked either way) or builds.

use clap::ValueEnum;
use slide_core::Board;
use slide_pattern_db::{placement_split, strongest_estimate, PlacementSplit, Split, Strongest};

use crate::args::HeuristicArg;
use crate::instance::Instance;
use crate::route::Tables;

/// The boards a search runs on, which decide the estimates it can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Packing {
    /// The packed `u64` boards of at most 16 cells: every estimate.
    Packed,
    /// The wide packings (`slide_solvers::WideBoard`), any size: Manhattan
    /// distance, linear conflict, and on 5x5, 6x6 and 7x7 the placement tables.
    Wide,
}

impl Packing {
    /// The boards an optimal search of `instance` runs on.
    pub(crate) fn of(instance: &Instance) -> Packing {
        match instance.packed() {
            Some(_) => Packing::Packed,
            None => Packing::Wide,
        }
    }
}

/// An estimate resolved for an instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ResolvedEstimate {
    /// The estimate, as `--heuristic` names it.
    pub(crate) heuristic: HeuristicArg,
    /// Whether it is the default ([`default_for`]) rather than named.
    pub(crate) by_default: bool,
}

/// The tables an estimate reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Needs {
    /// None: Manhattan distance, linear conflict, walking distance (its
    /// small table built at once).
    Nothing,
    /// The 4x4 pattern databases of a split for the goal's blank.
    PatternDbs(Split),
    /// The placement tables of a split (Korf and Felner's two of the
    /// 24-puzzle, the 35-puzzle's seven, the 48-puzzle's twelve), serving the goal's corner by
    /// symmetry.
    Placement(PlacementSplit),
}

impl Needs {
    /// The cache's files of the tables, where they are the same for every
    /// goal (the placement tables); the 4x4 tables' files are named by goal.
    pub(crate) fn files(&self) -> Vec<String> {
        match self {
            Needs::Placement(split) => slide_cache::placement_file_names(split),
            Needs::Nothing | Needs::PatternDbs(_) => Vec::new(),
        }
    }
}

impl ResolvedEstimate {
    /// `named`, or the default for `instance` on `packing`'s boards.
    pub(crate) fn resolve(
        named: Option<HeuristicArg>,
        instance: &Instance,
        packing: Packing,
        tables: &Tables,
    ) -> ResolvedEstimate {
        match named {
            Some(heuristic) => ResolvedEstimate {
                heuristic,
                by_default: false,
            },
            None => ResolvedEstimate {
                heuristic: default_for(instance, packing, tables),
                by_default: true,
            },
        }
    }

    /// The tables this estimate reads on `packing`'s boards of `rows` by
    /// `cols`: `pdb` is the 6-6-3 split on the packed boards, the shape's
    /// placement split on the wide (none where it has none: [`fits`]
    /// refuses it there).
    pub(crate) fn needs(&self, packing: Packing, (rows, cols): (usize, usize)) -> Needs {
        match (self.heuristic, packing) {
            (HeuristicArg::Pdb78, _) => Needs::PatternDbs(Split::SevenEight),
            (HeuristicArg::Pdb, Packing::Packed) => Needs::PatternDbs(crate::small::SPLIT),
            (HeuristicArg::Pdb, Packing::Wide) => placement_split(rows, cols).map_or(Needs::Nothing, Needs::Placement),
            (HeuristicArg::Manhattan | HeuristicArg::LinearConflict | HeuristicArg::WalkingDistance, _) => {
                Needs::Nothing
            }
        }
    }
}

/// The default estimate for `instance` on `packing`'s boards, decided here
/// alone. On the packed boards, the strongest for the goal
/// ([`strongest_packed`]), and the 7-8 tables instead of 6-6-3 when the
/// cache holds them for the goal (the one 15-puzzle known to take 6-6-3
/// over a minute, the goal transposed, takes them seconds: `record/`). On
/// the wide boards, the placement tables on 5x5, 6x6 and 7x7 when the cache
/// holds them whole for the goal's corner; else linear conflict.
pub(crate) fn default_for(instance: &Instance, packing: Packing, tables: &Tables) -> HeuristicArg {
    if let (Packing::Packed, Some((_, goal))) = (packing, instance.packed()) {
        return match strongest_packed(&goal) {
            HeuristicArg::Pdb if tables.small.largest_ready(&goal) => HeuristicArg::Pdb78,
            heuristic => heuristic,
        };
    }
    let goal = &instance.goal;
    match placement_split(goal.rows(), goal.cols()) {
        Some(split) if split.patterns(goal.blank()).is_ok() && placement_cached(&split, goal.blank()) => {
            HeuristicArg::Pdb
        }
        _ => HeuristicArg::LinearConflict,
    }
}

/// Whether `heuristic` serves the searches on `packing`'s boards of `rows`
/// by `cols`: on the packed boards every estimate (a pattern database that
/// does not fit the goal is refused when its tables are asked for); on the
/// wide boards Manhattan distance, linear conflict, and `pdb` on 5x5 and
/// 6x6.
pub(crate) fn fits(heuristic: HeuristicArg, packing: Packing, (rows, cols): (usize, usize)) -> bool {
    match (packing, heuristic) {
        (Packing::Packed, _) => true,
        (Packing::Wide, HeuristicArg::Manhattan | HeuristicArg::LinearConflict) => true,
        (Packing::Wide, HeuristicArg::Pdb) => placement_split(rows, cols).is_some(),
        (Packing::Wide, HeuristicArg::WalkingDistance | HeuristicArg::Pdb78) => false,
    }
}

/// The command line's name of the strongest estimate for a goal of at most
/// 16 cells, whatever the cache holds ([`strongest_estimate`]).
pub(crate) fn strongest_packed(goal: &Board) -> HeuristicArg {
    match strongest_estimate(goal) {
        Strongest::PatternDb(_) => HeuristicArg::Pdb,
        Strongest::WalkingDistance => HeuristicArg::WalkingDistance,
        Strongest::LinearConflict => HeuristicArg::LinearConflict,
    }
}

/// The name `--heuristic` gives `heuristic`.
pub(crate) fn name_of(heuristic: HeuristicArg) -> String {
    heuristic
        .to_possible_value()
        .map(|value| value.get_name().to_string())
        .unwrap_or_default()
}

/// Whether the tables of `split` for a goal whose blank is in the corner
/// `blank` are in the cache, whole and intact (read then, once per
/// process). A table there but damaged is as good as missing to the
/// estimate chosen by default: it is said once on standard error, and only
/// `--heuristic pdb` builds it again (minutes).
fn placement_cached(split: &PlacementSplit, blank: usize) -> bool {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    match slide_cache::load_placement(&slide_cache::cache_dir(), split, blank) {
        Ok(_) => true,
        Err(unusable) => {
            if !unusable.missing && !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                crate::error::say(&format!(
                    "warning: a {} table is unusable ({unusable}); --heuristic pdb builds it again",
                    split.puzzle
                ));
            }
            false
        }
    }
}
