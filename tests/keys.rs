//! The incrementally updated Zobrist key equals the key of the same
//! position parsed afresh from its FEN, along random games of every 8x8
//! variant; and FEN printing round-trips.

use turncoat::board::Position;
use turncoat::Variant;

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn incremental_keys_match_fresh_keys() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for variant in [
        Variant::Chess,
        Variant::Pacifist,
        Variant::Pacifist2,
        Variant::Subversion,
    ] {
        for _game in 0..40 {
            let mut pos = Position::startpos(variant.board().unwrap());
            for _ply in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())]);
                let fen = pos.to_fen();
                let fresh = Position::from_fen(&fen, variant)
                    .unwrap_or_else(|e| panic!("{variant}: own FEN rejected: {fen}: {e}"));
                assert_eq!(fresh.to_fen(), fen, "{variant}: FEN round trip");
                assert_eq!(fresh.key(), pos.key(), "{variant}: key of {fen}");
            }
        }
    }
}
