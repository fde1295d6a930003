//! Texel tuning of a variant's evaluation parameters from self-play data
//! (docs/tuning.md): the optimiser under `turncoat tune`, the games under
//! `turncoat datagen`.
//!
//! The loss is Texel's: the mean squared difference between the game's
//! result (blended with the search's score by `--lambda`) and the
//! evaluation mapped to an expected score, `1 / (1 + 10^(-K e / 400))`,
//! with `K` fitted first so that today's parameters fit the data best.
//!
//! Every value of the variant's parameter table is tuned (hundreds for
//! the piece-square tables). Each training position's evaluation is
//! linearised once: its value and its central difference
//! `(e(v + h) - e(v - h)) / 2h` (h = [`linear::STEP`]) in every parameter, kept
//! where not zero (a position touches a few dozen of them). Adam then
//! moves real-valued parameters on this sparse linear model, which is
//! cheap per epoch; `--relinearize N` redoes the linearisation every N
//! epochs. The losses printed per epoch are the true evaluation's with
//! the rounded parameters, on the training data and on the held-out data
//! (every tenth game), and the parameters of the epoch with the
//! lowest held-out loss are the result (`turncoat tune` writes them as
//! the source file the build includes).

pub mod adam;
pub mod data;
pub mod linear;
pub mod selfplay;

use crate::eval::table::Tunable;
use adam::Adam;
use data::{Sample, SamplePosition};
use linear::Tuner;
use thiserror::Error;

/// How a run tunes.
#[derive(Clone, Debug)]
pub struct Options {
    pub epochs: usize,
    pub lr: f64,
    pub lambda: f64,
    /// Linearise again every this many epochs (0: never).
    pub relinearize: usize,
    /// Weight of the squared distance from the build's values, per
    /// parameter, added to the loss: it keeps the parameters that few
    /// positions touch near their values (Adam would move them as fast as
    /// the well-determined ones).
    pub l2: f64,
    /// The parameters kept at the build's values, by index (`true`:
    /// frozen); shorter than the table when the rest are free.
    pub frozen: Vec<bool>,
}

/// Whether the parameter `name` is among those `pattern` names: the
/// pattern's dot-separated parts appear in the name's, consecutively
/// (`mobility` names `chess.mobility.rook.eg`, `value.queen` names
/// `value.queen.mg` and `value.queen.eg`).
fn names_parameter(pattern: &str, name: &str) -> bool {
    let want: Vec<&str> = pattern.split('.').collect();
    let parts: Vec<&str> = name.split('.').collect();
    parts.windows(want.len()).any(|w| w == want.as_slice())
}

/// A `--freeze` pattern that names no parameter.
#[derive(Debug, Error)]
#[error("--freeze {pattern} names no parameter (names look like {example})")]
pub struct NoSuchParameter {
    pub pattern: String,
    /// The first parameter's name, to show what names look like.
    pub example: String,
}

/// Which of the parameters `names` the `patterns` freeze (`true`: kept at
/// the build's value), or the first pattern that names none.
pub fn frozen(names: &[String], patterns: &[String]) -> Result<Vec<bool>, NoSuchParameter> {
    if let Some(p) = patterns
        .iter()
        .find(|p| !names.iter().any(|name| names_parameter(p, name)))
    {
        return Err(NoSuchParameter {
            pattern: p.clone(),
            example: names.first().cloned().unwrap_or_default(),
        });
    }
    Ok(names
        .iter()
        .map(|name| patterns.iter().any(|p| names_parameter(p, name)))
        .collect())
}

/// What one epoch reports.
pub struct Epoch {
    pub epoch: usize,
    pub k: f64,
    pub train_loss: f64,
    pub held_out_loss: f64,
}

/// What a run returns: the best parameters on the held-out data, and the
/// losses per epoch (epoch 0: the starting parameters).
pub struct Tuned {
    pub best: Vec<i32>,
    pub epochs: Vec<Epoch>,
}

/// Splits off every tenth game as held-out data. Positions of one game
/// share its result, so a held-out position from a training game would
/// reward remembering games; a file lists its games in order, and a game
/// starts where the move number goes down or the result changes.
fn split<P: SamplePosition>(samples: &[Sample<P>]) -> (Vec<Sample<P>>, Vec<Sample<P>>) {
    let mut train = Vec::with_capacity(samples.len());
    let mut test = Vec::with_capacity(samples.len() / 10 + 1);
    let mut game = 0usize;
    for (i, s) in samples.iter().enumerate() {
        if let Some(prev) = i.checked_sub(1).map(|j| &samples[j]) {
            if s.pos.move_number() < prev.pos.move_number() || s.result != prev.result {
                game += 1;
            }
        }
        if game % 10 == 9 {
            test.push(*s);
        } else {
            train.push(*s);
        }
    }
    (train, test)
}

/// Tunes the table of `target` from `samples`, calling `report` after
/// the linearisation (`None`) and after every epoch.
pub fn tune<P: SamplePosition>(
    target: &dyn Tunable<P>,
    samples: &[Sample<P>],
    o: &Options,
    report: &mut dyn FnMut(Option<&Epoch>),
) -> Tuned {
    let (train, test) = split(samples);
    let start = target.values();
    let mut tuner = Tuner::new(target, &train, &test, o.lambda);
    tuner.linearize(&start);
    report(None);
    tuner.fit_k();
    let mut x: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let mut adam = Adam::new(x.len());
    let measure = |tuner: &Tuner<P>, epoch: usize, v: &[i32]| Epoch {
        epoch,
        k: tuner.k,
        train_loss: tuner.loss(tuner.train, v),
        held_out_loss: tuner.loss(tuner.test, v),
    };
    let first = measure(&tuner, 0, &start);
    report(Some(&first));
    let mut best = (first.held_out_loss, start.clone());
    let mut epochs = vec![first];
    for epoch in 1..=o.epochs {
        let mut g = tuner.gradient(&x);
        for ((g, x), s) in g.iter_mut().zip(&x).zip(&start) {
            *g += 2.0 * o.l2 * (x - *s as f64);
        }
        // A frozen parameter has no gradient, so Adam never moves it.
        for (g, _) in g.iter_mut().zip(&o.frozen).filter(|(_, &f)| f) {
            *g = 0.0;
        }
        adam.step(&mut x, &g, o.lr);
        let v: Vec<i32> = x.iter().map(|f| f.round() as i32).collect();
        let e = measure(&tuner, epoch, &v);
        report(Some(&e));
        if e.held_out_loss < best.0 {
            best = (e.held_out_loss, v.clone());
        }
        epochs.push(e);
        if o.relinearize > 0 && epoch % o.relinearize == 0 && epoch < o.epochs {
            tuner.linearize(&v);
            report(None);
        }
    }
    Tuned {
        best: best.1,
        epochs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::eval::{self, tune_target};
    use crate::rules::apocalypse::ApocalypsePosition;
    use crate::tune::data::load;
    use crate::tune::selfplay::{play_game, SelfPlay};
    use crate::{BoardVariant, Variant};

    /// A run of short self-play games of `variant`.
    fn self_play(variant: Variant, nodes: u64) -> SelfPlay {
        SelfPlay {
            variant,
            nodes,
            seed: 1,
            plies: 8,
            max_plies: 80,
        }
    }

    /// Positions of a few short self-play games (`turncoat datagen`'s
    /// games), as a tiny data set.
    pub(crate) fn generated(variant: Variant, games: u64) -> Vec<Sample> {
        let a = self_play(variant, 200);
        let mut out = Vec::new();
        for g in 0..games {
            let (positions, result) = play_game(&a, g);
            for (fen, score) in positions {
                out.push(Sample {
                    pos: Position::from_fen(&fen, variant).unwrap(),
                    result,
                    score,
                });
            }
        }
        out
    }

    fn options(epochs: usize, lr: f64) -> Options {
        Options {
            epochs,
            lr,
            lambda: 0.7,
            relinearize: 0,
            l2: 0.0,
            frozen: Vec::new(),
        }
    }

    /// On self-play data, tuning lowers the training loss of the true
    /// evaluation and moves the parameters.
    #[test]
    fn frozen_parameters_keep_their_values() {
        let target = tune_target(BoardVariant::Pacifist);
        let knight = target
            .names()
            .iter()
            .position(|n| n == "value.knight")
            .unwrap();
        let run = |freeze: &str| {
            let frozen = target
                .names()
                .iter()
                .map(|n| names_parameter(freeze, n))
                .collect();
            let o = Options {
                lambda: 1.0,
                frozen,
                ..options(30, 5.0)
            };
            tune(target.as_ref(), &lopsided_samples(), &o, &mut |_| {}).best
        };
        let start = target.values()[knight];
        assert_ne!(run("no.such.parameter")[knight], start);
        assert_eq!(run("knight")[knight], start);
    }

    #[test]
    fn freeze_names_runs_of_name_parts() {
        assert!(names_parameter("mobility", "chess.mobility.rook.eg"));
        assert!(names_parameter("mobility.rook", "chess.mobility.rook.eg"));
        assert!(names_parameter(
            "chess.mobility.rook.eg",
            "chess.mobility.rook.eg"
        ));
        assert!(!names_parameter("mobility.eg", "chess.mobility.rook.eg"));
        assert!(!names_parameter("mob", "chess.mobility.rook.eg"));
        assert!(!names_parameter("rook.mobility", "chess.mobility.rook.eg"));
    }

    #[test]
    fn tuning_lowers_the_training_loss() {
        for variant in [Variant::Chess, Variant::Subversion, Variant::Pacifist] {
            let samples = generated(variant, 3);
            let target = tune_target(variant.board().unwrap());
            let mut relinearised = 0;
            let tuned = tune(
                target.as_ref(),
                &samples,
                &Options {
                    relinearize: 10,
                    ..options(20, 2.0)
                },
                &mut |e| relinearised += e.is_none() as usize,
            );
            let first = tuned.epochs[0].train_loss;
            let last = tuned.epochs.last().unwrap().train_loss;
            assert!(last < first, "{variant}: {first} -> {last}");
            assert_eq!(tuned.epochs.len(), 21);
            assert_eq!(relinearised, 2, "{variant}");
            assert_ne!(tuned.best.len(), 0);
        }
    }

    /// White up a knight wins, level positions are drawn: tuning raises
    /// the knight's value and lowers the held-out loss.
    /// Forty pacifist positions; in half of them Black is a knight short
    /// and loses, in the others it is a draw: the data asks for a knight
    /// worth more.
    fn lopsided_samples() -> Vec<Sample> {
        (0..40)
            .map(|i| {
                let (fen, result) = if i % 2 == 0 {
                    (
                        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        1.0,
                    )
                } else {
                    (
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        0.5,
                    )
                };
                Sample {
                    pos: Position::from_fen(fen, Variant::Pacifist).unwrap(),
                    result,
                    score: 0,
                }
            })
            .collect()
    }

    #[test]
    fn tuning_lowers_the_held_out_loss() {
        let target = tune_target(BoardVariant::Pacifist);
        let samples = lopsided_samples();
        let o = Options {
            lambda: 1.0,
            ..options(30, 5.0)
        };
        let tuned = tune(target.as_ref(), &samples, &o, &mut |_| {});
        let losses: Vec<f64> = tuned.epochs.iter().map(|e| e.held_out_loss).collect();
        assert!(losses.iter().skip(1).any(|&l| l < losses[0]), "{losses:?}");
        let knight = target
            .names()
            .iter()
            .position(|n| n == "value.knight")
            .unwrap();
        assert!(
            tuned.best[knight] > target.values()[knight],
            "{:?}",
            tuned.best
        );
    }

    /// Apocalypse's evaluation is tuned like the others: from its own
    /// datagen games, read back from their lines, the training loss falls.
    #[test]
    fn apocalypse_tunes_from_its_games() {
        let a = self_play(Variant::Apocalypse, 300);
        let mut text = String::new();
        for g in 0..40 {
            let (positions, result) = play_game(&a, g);
            for (fen, score) in positions {
                text.push_str(&format!("{fen} | {score} | {result}\n"));
            }
        }
        let path = std::env::temp_dir().join(format!("turncoat-apo-{}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let samples = load::<ApocalypsePosition>(path.to_str().unwrap(), Variant::Apocalypse);
        std::fs::remove_file(&path).unwrap();
        let samples = samples.unwrap();
        assert!(samples.len() >= 20, "{} positions", samples.len());
        let target = eval::apocalypse::tune_target();
        assert_eq!(
            target.evaluate_with(&samples[0].pos, &target.values()),
            eval::apocalypse::evaluate(&samples[0].pos)
        );
        let tuned = tune(&target, &samples, &options(20, 5.0), &mut |_| {});
        let losses: Vec<f64> = tuned.epochs.iter().map(|e| e.train_loss).collect();
        assert!(losses[1..].iter().any(|&l| l < losses[0]), "{losses:?}");
    }
}
