//! `turncoat bench`: the search's signature (docs/command-line.md).

use super::NumberIn;
use crate::engine::options::MAX_THREADS;

/// The most `--depth-offset` may add or take: the search's own limit of
/// plies, so that the depth stays meaningful and its arithmetic in range.
const MAX_DEPTH_OFFSET: i32 = crate::search::MAX_PLY as i32;

/// Searches fixed positions: nodes and speed, a signature of the search.
///
/// A fixed set of positions of every sequential variant, each to a fixed
/// depth; the output ends with `Nodes searched: N` and `Nodes/second: X`.
/// With one thread N is deterministic: a signature of the search.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct BenchArgs {
    /// Search threads, 1 to 256.
    #[arg(verbatim_doc_comment, long, value_name = "N", default_value_t = 1,
          value_parser = NumberIn::new(1, MAX_THREADS))]
    threads: usize,
    /// Added to every position's depth, -100 to 100 (the depth is at
    /// least 1).
    #[arg(verbatim_doc_comment, long, value_name = "D", default_value_t = 0, allow_negative_numbers = true,
          value_parser = NumberIn::new(-MAX_DEPTH_OFFSET, MAX_DEPTH_OFFSET))]
    depth_offset: i32,
}

/// Runs `turncoat bench`; returns the exit status.
pub fn command(a: &BenchArgs) -> i32 {
    crate::bench::run(a.threads, a.depth_offset);
    0
}
