//! Threaded and hashed perft give the counts of the plain one-thread
//! count: on every line of every variant's suite (`perft/`), each way of
//! counting is checked against the suite's own numbers, and `divide`
//! lists the same root moves in the same order with the same counts.

use turncoat::cli::perft::parse_suite;
use turncoat::game::Game;
use turncoat::perft::{Perft, NEVER};
use turncoat::Variant;

/// The deepest check of each line whose count stays under this: deep
/// enough that the threaded count splits below the root (8x8 from depth
/// 4, apocalypse from 3).
const NODE_BUDGET: u64 = 2_500_000;

/// The ways of counting: (name, threads, table MiB). The 1 MiB table is
/// small enough that entries are overwritten and shared all the time.
const COUNTERS: [(&str, usize, usize); 4] = [
    ("one thread", 1, 0),
    ("3 threads", 3, 0),
    ("hash", 1, 1),
    ("3 threads + hash", 3, 1),
];

fn checks(variant: Variant) -> Vec<(Game, u32, u64)> {
    let path = format!(
        "{}/perft/{}.epd",
        env!("CARGO_MANIFEST_DIR"),
        variant.name()
    );
    let text = std::fs::read_to_string(path).expect("suite file");
    parse_suite(&text)
        .expect("well-formed suite")
        .iter()
        .filter_map(|line| {
            let game = Game::from_fen(variant, &line.fen).expect("suite FEN");
            let &(depth, expected) = line
                .expected
                .iter()
                .filter(|(_, n)| *n <= NODE_BUDGET)
                .max_by_key(|(d, _)| *d)?;
            Some((game, depth, expected))
        })
        .collect()
}

fn same_counts_every_way(variant: Variant) {
    let checks = checks(variant);
    assert!(checks.len() >= 3, "{variant}: too few lines");
    assert!(
        checks.iter().any(|(_, d, _)| *d >= 4),
        "{variant}: no check deep enough to split below the root"
    );
    for (name, threads, mib) in COUNTERS {
        let counter = Perft::new(threads, mib).unwrap();
        for (game, depth, expected) in &checks {
            assert_eq!(
                game.perft_with(&counter, *depth, &NEVER),
                *expected,
                "{variant} {name}: {} depth {depth}",
                game.fen()
            );
        }
    }
    // Divide: same moves, same order, same counts.
    let (game, depth, _) = &checks[0];
    let one = game.divide(*depth, false);
    assert!(!one.is_empty());
    for (name, threads, mib) in COUNTERS {
        let counter = Perft::new(threads, mib).unwrap();
        assert_eq!(
            game.divide_with(&counter, *depth, false, &NEVER),
            one,
            "{variant} {name}: divide of {}",
            game.fen()
        );
    }
}

#[test]
fn chess_counts_alike() {
    same_counts_every_way(Variant::Chess);
}

#[test]
fn pacifist_counts_alike() {
    same_counts_every_way(Variant::Pacifist);
}

#[test]
fn pacifist2_counts_alike() {
    same_counts_every_way(Variant::Pacifist2);
}

#[test]
fn subversion_counts_alike() {
    same_counts_every_way(Variant::Subversion);
}

#[test]
fn apocalypse_counts_alike() {
    same_counts_every_way(Variant::Apocalypse);
}

#[test]
fn a_counter_has_the_threads_asked_for() {
    assert_eq!(Perft::new(1, 0).unwrap().threads(), 1);
    assert_eq!(Perft::new(3, 0).unwrap().threads(), 3);
}
