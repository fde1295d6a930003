//! The marks of game review (docs/review.md, "Marks"): a move that loses
//! win chance is an inaccuracy (`?!`), a mistake (`?`) or a blunder
//! (`??`). The thresholds are lichess's: it marks a drop of 0.1, 0.2 and
//! 0.3 in its "winning chances" (from -1 to +1, twice an expected score
//! less one), that is of 0.05, 0.10 and 0.15 in the expected score (0 to
//! 1) that turncoat's model gives ([`super::wdl`]).

/// How bad a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The least loss of expected score (0 to 1) for each mark, worst first.
const THRESHOLDS: [(f64, Mark); 3] = [
    (0.15, Mark::Blunder),
    (0.10, Mark::Mistake),
    (0.05, Mark::Inaccuracy),
];

impl Mark {
    /// The mark of a move that loses `loss` of its side's expected score
    /// (0 to 1); none below the inaccuracy's threshold.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        THRESHOLDS
            .iter()
            .find(|(least, _)| loss >= *least - 1e-12)
            .map(|&(_, mark)| mark)
    }

    /// Its Numeric Annotation Glyph (PGN standard, section 10): `$6`,
    /// `$2`, `$4`.
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// Its symbol after a move: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// Its name, as lichess writes it in a comment.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "Inaccuracy",
            Mark::Mistake => "Mistake",
            Mark::Blunder => "Blunder",
        }
    }
}

/// Whether a NAG is one of PGN's six move assessments (`!`, `?`, `!!`,
/// `??`, `!?`, `?!`), which review replaces with its own.
pub fn is_move_assessment(nag: u8) -> bool {
    (1..=6).contains(&nag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_marked_by_lichess_thresholds() {
        assert_eq!(Mark::of_loss(0.0), None);
        assert_eq!(Mark::of_loss(0.049), None);
        assert_eq!(Mark::of_loss(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.12), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(0.15), Some(Mark::Blunder));
        assert_eq!(Mark::of_loss(1.0), Some(Mark::Blunder));
        assert_eq!(Mark::of_loss(-0.3), None);
        assert_eq!(
            [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].map(|m| (m.nag(), m.symbol())),
            [(6, "?!"), (2, "?"), (4, "??")]
        );
    }
}
