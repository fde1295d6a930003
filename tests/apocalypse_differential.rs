//! Differential test: the engine's `apocalypse` rules
//! (`turncoat::rules::apocalypse`) against the independent reference of
//! `tests/apocalypse_reference/mod.rs`, written from docs/rules.md §5.
//!
//! Games of seeded random turns (a small local xorshift, no external
//! crates) from the start position, from hand-made positions that exercise
//! rare rules and from random placements. At every start-of-turn position:
//! * both FEN writers agree, and each FEN reader accepts the other's FEN;
//! * each side's list of candidates (notation, sure) is the same;
//! * for every (white, black) pair of candidates, or a random sample of the
//!   pairs in some positions, the resulting position (FEN) and its end of
//!   the game (`terminal`) are the same;
//! * the game goes on with a random pair, and `ApocalypseGame::outcome` (repetition
//!   included) agrees with the reference's game.

mod apocalypse_reference;

use apocalypse_reference::{self as reference, Candidate, End, Side};
use turncoat::board::{Color, Outcome};
use turncoat::rules::apocalypse::{ApocalypseGame, ApocalypsePosition, Ply};

/// xorshift64*: small, seeded, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn engine_end(outcome: Option<Outcome>) -> Option<End> {
    outcome.map(|o| match o {
        Outcome::Win(Color::White, _) => End::Win(Side::White),
        Outcome::Win(Color::Black, _) => End::Win(Side::Black),
        Outcome::Draw(_) => End::Draw,
    })
}

#[derive(Default)]
struct Stats {
    positions: u64,
    exhaustive_positions: u64,
    pairs: u64,
    games: u64,
    outcomes: [u64; 4], // white wins, black wins, draws, repetition draws
    /// Compared pairs with: a valid speculative move, a valid relocation
    /// (back to its start square), a valid knight promotion, a collision.
    valid_speculative: u64,
    relocations: u64,
    relocations_home: u64,
    promotions: u64,
    collisions: u64,
}

impl Stats {
    /// Counts the rare rules a compared pair exercises (reference's view).
    fn count_rules(&mut self, pos: &reference::Pos, w: &Candidate, b: &Candidate) {
        let (vw, vb) = (pos.valid(w, b), pos.valid(b, w));
        for (m, v) in [(w, vw), (b, vb)] {
            self.valid_speculative += u64::from(v && !m.sure);
            self.relocations += u64::from(v && m.relocation.is_some());
            self.relocations_home += u64::from(v && m.relocation == Some(m.from));
            self.promotions += u64::from(v && m.promotes);
        }
        self.collisions += u64::from(vw && vb && w.end() == b.end());
    }
}

/// How a game picks its turns and how many pairs it compares.
#[derive(Clone, Copy)]
struct Policy {
    /// Chance (percent) that a side picks among its sure candidates only.
    sure_percent: u64,
    /// Chance (percent) that a side picks a sure knight move.
    knight_percent: u64,
    max_turns: u32,
    /// Every pair in positions with at most this many pairs ...
    exhaustive_limit: usize,
    /// ... in every `exhaustive_every`-th position and in the first position
    /// of every game; elsewhere a random sample of `sample` pairs.
    exhaustive_every: u64,
    sample: usize,
}

/// The candidates of one side in both implementations, aligned by notation
/// (after checking that the two lists are equal).
fn aligned_candidates(
    fen: &str,
    pos: &ApocalypsePosition,
    rpos: &reference::Pos,
    side: Side,
) -> (Vec<Ply>, Vec<Candidate>) {
    let color = match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    let mut engine: Vec<Ply> = pos.candidates(color).iter().copied().collect();
    let mut refs = rpos.candidates(side);
    engine.sort_by_key(|p| p.to_string());
    refs.sort_by_key(|c| c.notation());
    let e: Vec<(String, bool)> = engine.iter().map(|p| (p.to_string(), p.sure)).collect();
    let r: Vec<(String, bool)> = refs.iter().map(|c| (c.notation(), c.sure)).collect();
    if e != r {
        let only_e: Vec<_> = e.iter().filter(|x| !r.contains(x)).collect();
        let only_r: Vec<_> = r.iter().filter(|x| !e.contains(x)).collect();
        panic!(
            "{side:?} candidates differ in {fen}\n  (notation, sure) only in engine: {only_e:?}\n  \
             only in reference: {only_r:?}\n  (lengths {} vs {}; duplicates count)",
            e.len(),
            r.len()
        );
    }
    (engine, refs)
}

/// FEN agreement: both writers agree and each reader reads the other's FEN.
fn check_fen(pos: &ApocalypsePosition, rpos: &reference::Pos, context: &str) {
    let fen = pos.to_fen();
    assert_eq!(fen, rpos.to_fen(), "FEN writers differ ({context})");
    let reread = reference::Pos::from_fen(&fen)
        .unwrap_or_else(|e| panic!("reference rejects engine FEN {fen}: {e} ({context})"));
    assert_eq!(
        &reread, rpos,
        "reference reads {fen} differently ({context})"
    );
    let reread = ApocalypsePosition::from_fen(&rpos.to_fen())
        .unwrap_or_else(|e| panic!("engine rejects reference FEN {fen}: {e} ({context})"));
    assert_eq!(reread.to_fen(), fen, "engine FEN round trip ({context})");
}

/// Compares one start-of-turn position and returns the aligned candidates.
fn compare_position(
    pos: &ApocalypsePosition,
    rpos: &reference::Pos,
    first: bool,
    policy: &Policy,
    rng: &mut Rng,
    stats: &mut Stats,
) -> (Vec<Ply>, Vec<Candidate>, Vec<Ply>, Vec<Candidate>) {
    let fen = pos.to_fen();
    check_fen(pos, rpos, "start of turn");
    let (ew, rw) = aligned_candidates(&fen, pos, rpos, Side::White);
    let (eb, rb) = aligned_candidates(&fen, pos, rpos, Side::Black);
    let n = ew.len() * eb.len();
    stats.positions += 1;
    let exhaustive = first
        || n <= policy.exhaustive_limit
        || stats.positions.is_multiple_of(policy.exhaustive_every);
    let pairs: Vec<(usize, usize)> = if exhaustive {
        stats.exhaustive_positions += 1;
        (0..n).map(|k| (k / eb.len(), k % eb.len())).collect()
    } else {
        (0..policy.sample)
            .map(|_| (rng.below(ew.len()), rng.below(eb.len())))
            .collect()
    };
    for (i, j) in pairs {
        stats.pairs += 1;
        stats.count_rules(rpos, &rw[i], &rb[j]);
        let child = pos.resolve(ew[i], eb[j]);
        let rchild = rpos.resolve(&rw[i], &rb[j]);
        let (efen, rfen) = (child.to_fen(), rchild.to_fen());
        let (eend, rend) = (engine_end(child.terminal()), rchild.terminal());
        if efen != rfen || eend != rend {
            panic!(
                "apocalypse mismatch\n  position:  {fen}\n  turn:      white {} ({}), black {} ({})\n  \
                 engine:    {efen}  terminal {:?}\n  reference: {rfen}  terminal {rend:?}",
                rw[i].notation(),
                if rw[i].sure { "sure" } else { "speculative" },
                rb[j].notation(),
                if rb[j].sure { "sure" } else { "speculative" },
                child.terminal(),
            );
        }
    }
    (ew, rw, eb, rb)
}

/// A random candidate index: with the policy's chances a sure knight move
/// (knights going back and forth make repetitions), else a sure move, else
/// any candidate.
fn pick(rng: &mut Rng, list: &[Candidate], policy: &Policy) -> usize {
    let of = |keep: &dyn Fn(&Candidate) -> bool| -> Vec<usize> {
        (0..list.len()).filter(|&i| keep(&list[i])).collect()
    };
    let knights = of(&|c| c.sure && c.kind == reference::Kind::Knight);
    let sure = of(&|c| c.sure);
    if !knights.is_empty() && rng.chance(policy.knight_percent) {
        knights[rng.below(knights.len())]
    } else if !sure.is_empty() && rng.chance(policy.sure_percent) {
        sure[rng.below(sure.len())]
    } else {
        rng.below(list.len())
    }
}

/// One game of random turns from `fen`, compared turn by turn.
fn play_game(fen: &str, policy: Policy, rng: &mut Rng, stats: &mut Stats) {
    let epos =
        ApocalypsePosition::from_fen(fen).unwrap_or_else(|e| panic!("engine rejects {fen}: {e}"));
    let rpos =
        reference::Pos::from_fen(fen).unwrap_or_else(|e| panic!("reference rejects {fen}: {e}"));
    let mut game = ApocalypseGame::new(epos);
    let mut rgame = reference::Game::new(rpos);
    let mut moves: Vec<String> = Vec::new();
    stats.games += 1;
    for turn in 0..policy.max_turns {
        let (end, rend) = (engine_end(game.outcome()), rgame.outcome());
        assert_eq!(
            end,
            rend,
            "game outcome differs (engine {:?}) from {fen} after turns {moves:?}, now {}",
            game.outcome(),
            game.position().to_fen()
        );
        if let Some(end) = end {
            let repetition = game.position().terminal().is_none();
            stats.outcomes[match end {
                _ if repetition => 3,
                End::Win(Side::White) => 0,
                End::Win(Side::Black) => 1,
                End::Draw => 2,
            }] += 1;
            return;
        }
        let (ew, rw, eb, rb) = compare_position(
            game.position(),
            &rgame.position,
            turn == 0,
            &policy,
            rng,
            stats,
        );
        let (i, j) = (pick(rng, &rw, &policy), pick(rng, &rb, &policy));
        game.play_turn(ew[i], eb[j]);
        rgame.play_turn(&rw[i], &rb[j]);
        moves.push(format!("{} {}", rw[i].notation(), rb[j].notation()));
        check_fen(
            game.position(),
            &rgame.position,
            &format!("{fen} after {moves:?}"),
        );
    }
}

/// Hand-made positions for rare rules. Comments say what each one is for.
const SPECIAL: &[&str] = &[
    // Perft-reference positions: promotions with 0, 1 and 2 knights, both
    // sides relocating, the seed's example.
    "4n/1P1p1/5/4P/5 w 00 1",
    "n4/1P1p1/5/2P2/4N w 00 1",
    "4n/1P1p1/2p2/4P/N3N w 00 1",
    "n3n/1P3/5/3p1/N3N w 00 1",
    "npppn/p4/4P/P2pP/NPP1N w 00 3",
    // Pawns face to face and side by side: forward collisions (both sure),
    // speculative forward moves onto an enemy, diagonals onto empty squares.
    "2n2/p1p1p/5/P1P1P/2N2 w 00 1",
    "n3n/1p1p1/1P1P1/5/N3N w 00 4",
    "1n3/2p2/2P2/5/3N1 w 00 9",
    // Knights next to their own pieces: speculative self-captures.
    "pnp2/1p3/2n2/1PN2/PNP2 w 00 5",
    "2n2/1p1p1/p1n1p/1PNP1/N1P1N w 00 6",
    // Two knights and pawns about to promote onto occupied last-rank
    // squares: relocation captures, knight promotions onto own knights,
    // relocations back to the start square.
    "nNn1n/1P1P1/5/1p1p1/NnN1N w 00 2",
    "Nn1nN/P3P/5/p3p/nN1Nn w 00 2",
    "2n1n/1P1P1/1p3/2pP1/N3N w 00 8",
    "n1n2/4P/2p2/p4/N1N2 w 00 3",
    // Penalty points already on the board.
    "npppn/p3p/5/P3P/NPPPN w 10 1",
    "npppn/p3p/5/P3P/NPPPN w 01 1",
    "n3n/1P1p1/5/1p1P1/N3N w 11 7",
];

#[test]
fn reference_matches_engine_on_random_turns() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut stats = Stats::default();
    let base = Policy {
        sure_percent: 90,
        knight_percent: 0,
        max_turns: 60,
        exhaustive_limit: 400,
        exhaustive_every: 3,
        sample: 48,
    };
    // Games from the start position: mostly sure moves (long games), some
    // with more speculation, some uniform.
    for g in 0..240 {
        let sure_percent = [95, 80, 50][g % 3];
        play_game(
            reference::START_FEN,
            Policy {
                sure_percent,
                ..base
            },
            &mut rng,
            &mut stats,
        );
    }
    // Knights shuffling: repetitions.
    for _ in 0..40 {
        let policy = Policy {
            knight_percent: 97,
            ..base
        };
        play_game(reference::START_FEN, policy, &mut rng, &mut stats);
    }
    let from_start = (stats.positions, stats.pairs);
    // Games from the hand-made positions.
    for fen in SPECIAL {
        for g in 0..8 {
            let sure_percent = [90, 60][g % 2];
            play_game(
                fen,
                Policy {
                    sure_percent,
                    max_turns: 30,
                    ..base
                },
                &mut rng,
                &mut stats,
            );
        }
    }
    // Short games from random placements (many knights, promotions close).
    for _ in 0..250 {
        let fen = random_placement(&mut rng);
        play_game(
            &fen,
            Policy {
                max_turns: 8,
                ..base
            },
            &mut rng,
            &mut stats,
        );
    }
    eprintln!(
        "apocalypse differential: {} games, {} positions ({} from the start; {} with every pair), \
         {} pairs ({} from the start); game ends: white wins {}, black wins {}, draws {} + {} by repetition; \
         pairs with a valid speculative move {}, relocation {} (home {}), knight promotion {}, collision {}",
        stats.games,
        stats.positions,
        from_start.0,
        stats.exhaustive_positions,
        stats.pairs,
        from_start.1,
        stats.outcomes[0],
        stats.outcomes[1],
        stats.outcomes[2],
        stats.outcomes[3],
        stats.valid_speculative,
        stats.relocations,
        stats.relocations_home,
        stats.promotions,
        stats.collisions
    );
    assert!(stats.positions > 5_000 && stats.pairs > 500_000);
}

/// A random legal placement: 0 to 3 knights and 1 to 4 pawns a side (now
/// and then no pawn), pawns off their own last rank, penalties 0 or 1.
fn random_placement(rng: &mut Rng) -> String {
    let mut board = [[None; 5]; 5];
    for side in [Side::White, Side::Black] {
        let knights = rng.below(4);
        let pawns = if rng.chance(3) { 0 } else { 1 + rng.below(4) };
        for kind in std::iter::repeat_n(reference::Kind::Knight, knights)
            .chain(std::iter::repeat_n(reference::Kind::Pawn, pawns))
        {
            loop {
                let (f, r) = (rng.below(5), rng.below(5));
                let last = if side == Side::White { 4 } else { 0 };
                if board[r][f].is_none() && !(kind == reference::Kind::Pawn && r == last) {
                    board[r][f] = Some((side, kind));
                    break;
                }
            }
        }
    }
    let pos = reference::Pos {
        board,
        penalties: [u32::from(rng.chance(15)), u32::from(rng.chance(15))],
        turn: 1 + rng.below(40) as u32,
    };
    pos.to_fen()
}

/// Threefold repetition (docs/rules.md §5.3.3, §5.1: the start counts as the
/// first occurrence): knights out and back twice.
#[test]
fn repetition_agrees() {
    let start = reference::START_FEN;
    let mut game = ApocalypseGame::new(ApocalypsePosition::from_fen(start).unwrap());
    let mut rgame = reference::Game::new(reference::Pos::from_fen(start).unwrap());
    let turns = [("a1c2", "a5c4"), ("c2a1", "c4a5")];
    for k in 0..4 {
        assert_eq!(engine_end(game.outcome()), None, "before turn {k}");
        assert_eq!(rgame.outcome(), None, "before turn {k}");
        let (w, b) = turns[k % 2];
        let find_e = |side: Color, text: &str| {
            let list = game.position().candidates(side);
            *list.iter().find(|p| p.to_string() == text).unwrap()
        };
        let find_r = |side: Side, text: &str| {
            rgame
                .position
                .candidates(side)
                .into_iter()
                .find(|c| c.notation() == text)
                .unwrap()
        };
        let (ew, eb) = (find_e(Color::White, w), find_e(Color::Black, b));
        let (rw, rb) = (find_r(Side::White, w), find_r(Side::Black, b));
        game.play_turn(ew, eb);
        rgame.play_turn(&rw, &rb);
        assert_eq!(game.position().to_fen(), rgame.position.to_fen());
    }
    assert_eq!(
        rgame.outcome(),
        Some(End::Draw),
        "reference: third occurrence"
    );
    assert_eq!(
        engine_end(game.outcome()),
        Some(End::Draw),
        "engine: third occurrence"
    );
}

/// FEN validity: both readers reject a pawn on its own last rank and
/// accept a white pawn on rank 1 / a black pawn on rank 5.
#[test]
fn fen_validity_agrees() {
    for (fen, ok) in [
        ("npppn/p3p/5/P3P/NPPPN w 00 1", true),
        ("P4/5/5/5/p4 w 00 1", false),
        ("1P3/p4/5/5/5 w 00 1", false),
        ("5/5/5/P4/1p3 w 00 1", false),
        ("p4/5/5/5/P4 w 00 1", true),
        ("npppn/p3p/5/P3P/NPPPN b 00 1", false),
        ("npppn/p3p/5/P3P/NPPPN w 0 1", false),
        ("npppn/p3p/6/P3P/NPPPN w 00 1", false),
        ("npppn/p3p/5/P3P w 00 1", false),
    ] {
        assert_eq!(
            reference::Pos::from_fen(fen).is_ok(),
            ok,
            "reference on {fen}"
        );
        assert_eq!(
            ApocalypsePosition::from_fen(fen).is_ok(),
            ok,
            "engine on {fen}"
        );
    }
}

/// The reference's perft against /work/shared's perft reference numbers
/// (docs/rules.md §5.4; the same lines as `perft/apocalypse.epd`).
#[test]
fn reference_perft_matches_published_numbers() {
    for (fen, counts) in [
        ("npppn/p3p/5/P3P/NPPPN w 00 1", &[289u64, 90901][..]),
        ("4n/1P1p1/5/4P/5 w 00 1", &[25, 722, 13519][..]),
        ("n4/1P1p1/5/2P2/4N w 00 1", &[40, 2003, 75634][..]),
        ("4n/1P1p1/2p2/4P/N3N w 00 1", &[432, 165371][..]),
        ("n3n/1P3/5/3p1/N3N w 00 1", &[3364, 3167485][..]),
        ("npppn/p4/4P/P2pP/NPP1N w 00 3", &[765, 419180][..]),
    ] {
        let pos = reference::Pos::from_fen(fen).unwrap();
        for (d, &expected) in counts.iter().enumerate() {
            assert_eq!(
                pos.perft(d as u32 + 1),
                expected,
                "reference perft({}) of {fen}",
                d + 1
            );
        }
    }
}
