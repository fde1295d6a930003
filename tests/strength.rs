//! Strength levels (docs/strength.md) through UCI and XBoard: the options
//! listed and validated, a weak level narrow and quick, reproducible with
//! `Seed`, in every variant, and the top level the full search.

mod common;
use common::Engine;

fn bestmove_of(line: &str) -> String {
    line.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// The moves `plies` searches at `level` play from `variant`'s start, the
/// engine answering itself; `Seed` `seed`.
fn self_play(variant: &str, level: u32, seed: u32, plies: usize) -> Vec<String> {
    let mut e = Engine::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send(&format!("setoption name Skill Level value {level}"));
    e.send(&format!("setoption name Seed value {seed}"));
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go wtime 10000 btime 10000");
        let (best, _) = e.until("bestmove");
        let mv = bestmove_of(&best);
        if mv == "(none)" || mv.is_empty() {
            break;
        }
        moves.push(mv);
    }
    e.send("quit");
    moves
}

#[test]
fn skill_level_is_listed_and_validated() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.until("uciok");
    assert!(
        lines.contains(&"option name Skill Level type spin default 20 min 0 max 20".to_string()),
        "{lines:?}"
    );
    for bad in ["21", "-1", "weak", ""] {
        e.send(&format!("setoption name Skill Level value {bad}"));
        let out = e.sync();
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string error:") && l.contains("Skill Level")),
            "{bad}: {out:?}"
        );
    }
    // Nothing changed: still the full search, which searches one line.
    e.send("position startpos");
    e.send("go depth 3");
    let (_, infos) = e.until("bestmove");
    assert!(infos.iter().all(|l| !l.contains("multipv 2")), "{infos:?}");

    let mut x = Engine::start();
    x.send("xboard");
    x.send("protover 2");
    let (features, _) = x.until("feature");
    assert!(
        features.contains("option=\"Skill Level -spin 20 0 20\""),
        "{features}"
    );
    x.send("option Skill Level=30");
    x.send("ping 7");
    let (_, out) = x.until("pong 7");
    assert!(out.iter().any(|l| l.starts_with("Error")), "{out:?}");
}

/// `option name NAME type spin default D min A max B`: (D, A, B).
fn spin_of(lines: &[String], name: &str) -> (u32, u32, u32) {
    let head = format!("option name {name} type spin ");
    let line = lines.iter().find(|l| l.starts_with(&head)).expect(name);
    let words: Vec<u32> = line[head.len()..]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (words[0], words[1], words[2])
}

#[test]
fn uci_elo_is_listed_validated_and_rules_only_when_strength_is_limited() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.until("uciok");
    assert!(
        lines.contains(&"option name UCI_LimitStrength type check default false".to_string()),
        "{lines:?}"
    );
    let (default, min, max) = spin_of(&lines, "UCI_Elo");
    assert!(min < max && default == min, "{lines:?}");
    let refused = |e: &mut Engine, line: &str, name: &str| {
        e.send(line);
        let out = e.sync();
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string error:") && l.contains(name)),
            "{line}: {out:?}"
        );
    };
    for bad in [min - 1, max + 1] {
        refused(
            &mut e,
            &format!("setoption name UCI_Elo value {bad}"),
            "UCI_Elo",
        );
    }
    refused(&mut e, "setoption name UCI_Elo value strong", "UCI_Elo");
    refused(
        &mut e,
        "setoption name UCI_LimitStrength value maybe",
        "UCI_LimitStrength",
    );
    // UCI_Elo alone changes nothing: the full search, one line.
    let several_lines = |e: &mut Engine| {
        e.send("position startpos moves e2e4");
        e.send("go depth 3");
        let (_, infos) = e.until("bestmove");
        infos.iter().any(|l| l.contains(" multipv 2 "))
    };
    e.send(&format!("setoption name UCI_Elo value {min}"));
    assert!(!several_lines(&mut e));
    // With UCI_LimitStrength on it rules: the lowest Elo is level 0 in
    // pacifist (the bottom anchor of the variants' own scales), a one-ply
    // search among four lines.
    e.send("setoption name UCI_Variant value pacifist");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let (_, infos) = e.until("bestmove");
    assert!(infos.iter().any(|l| l.contains("multipv 4")), "{infos:?}");
    assert!(
        infos.iter().all(|l| !l.starts_with("info depth 2")),
        "{infos:?}"
    );
    // And Skill Level no longer does.
    e.send("setoption name Skill Level value 20");
    assert!(several_lines(&mut e));

    let mut x = Engine::start();
    x.send("xboard");
    x.send("protover 2");
    let (features, _) = x.until("feature");
    assert!(
        features.contains("option=\"UCI_LimitStrength -check 0\"")
            && features.contains(&format!("option=\"UCI_Elo -spin {min} {min} {max}\"")),
        "{features}"
    );
    x.send("option UCI_LimitStrength=1");
    x.send(&format!("option UCI_Elo={max}"));
    x.send("ping 7");
    let (_, out) = x.until("pong 7");
    assert!(out.iter().all(|l| !l.starts_with("Error")), "{out:?}");
    x.send(&format!("option UCI_Elo={}", max + 1));
    x.send("ping 8");
    let (_, out) = x.until("pong 8");
    assert!(out.iter().any(|l| l.starts_with("Error")), "{out:?}");
}

#[test]
fn every_level_below_the_top_answers_long_before_its_clock() {
    for level in [0, 10, 15] {
        let mut e = Engine::start();
        e.send(&format!("setoption name Skill Level value {level}"));
        e.send("position startpos moves d2d4 d7d5 c2c4");
        e.send("go wtime 60000 btime 60000");
        let (_, infos) = e.until("bestmove");
        let time: u64 = infos
            .iter()
            .rev()
            .find_map(|l| l.split(" time ").nth(1))
            .and_then(|t| t.split_whitespace().next())
            .and_then(|t| t.parse().ok())
            .expect("a time");
        // A node budget, not the clock, ends it: a generous bound, a
        // tenth of the 60 s it had (level 15's 40,000 nodes take a tenth
        // of a second on an idle core).
        assert!(time < 6000, "level {level}: {time} ms");
    }
}

#[test]
fn a_weak_level_is_narrow_and_quick() {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 0");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go wtime 60000 btime 60000");
    let (best, infos) = e.until("bestmove");
    assert!(!bestmove_of(&best).is_empty());
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let field = |name: &str| -> u64 {
        let words: Vec<&str> = last.split_whitespace().collect();
        let i = words.iter().position(|w| *w == name).unwrap();
        words[i + 1].parse().unwrap()
    };
    // Level 0 looks one ply ahead, a few hundred nodes at most, and
    // chooses among four lines.
    assert_eq!(field("depth"), 1, "{last}");
    assert!(field("nodes") <= 400, "{last}");
    assert!(infos.iter().any(|l| l.contains("multipv 4")), "{infos:?}");
    // It answers at once rather than spending its clock: a generous
    // bound, a tenth of the 60 s it had.
    assert!(field("time") < 6000, "{last}");
}

#[test]
fn a_level_is_reproducible_with_a_seed_in_every_variant() {
    for variant in ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"] {
        let a = self_play(variant, 3, 11, 8);
        let b = self_play(variant, 3, 11, 8);
        assert!(!a.is_empty(), "{variant}: no move");
        assert_eq!(a, b, "{variant}: the same seed, different games");
    }
    // Different seeds let a weak level vary its play.
    let games: std::collections::HashSet<Vec<String>> = (1..=6)
        .map(|seed| self_play("pacifist", 0, seed, 6))
        .collect();
    assert!(games.len() > 1, "{games:?}");
}

#[test]
fn the_top_level_is_the_full_search() {
    // The last line's nodes and PV, and the move: the same search.
    let search = |level: Option<u32>| {
        let mut e = Engine::start();
        if let Some(level) = level {
            e.send(&format!("setoption name Skill Level value {level}"));
        }
        e.send("position startpos moves d2d4 g8f6");
        e.send("go depth 7");
        let (best, infos) = e.until("bestmove");
        let last = infos
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap()
            .clone();
        let nodes = last
            .split(" nps ")
            .next()
            .unwrap()
            .split(" nodes ")
            .nth(1)
            .unwrap()
            .to_string();
        let pv = last.split(" pv ").nth(1).unwrap().to_string();
        (best, nodes, pv)
    };
    assert_eq!(search(None), search(Some(20)));
}

/// The deepest `info depth` of one search from `variant`'s start at
/// `level`, and its nodes.
fn deepest(variant: &str, level: u32) -> (u32, u64) {
    let mut e = Engine::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send(&format!("setoption name Skill Level value {level}"));
    e.send("position startpos");
    e.send("go wtime 600000 btime 600000");
    let (_, infos) = e.until("bestmove");
    e.send("quit");
    let field = |l: &str, name: &str| -> u64 {
        let w: Vec<&str> = l.split_whitespace().collect();
        w.iter()
            .position(|&x| x == name)
            .and_then(|i| w.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    infos
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| (field(l, "depth") as u32, field(l, "nodes")))
        .max()
        .unwrap_or((0, 0))
}

/// In apocalypse a turn deeper costs some seventy times the nodes (160,
/// then 11,000 from the start): the levels' budgets give one turn to
/// level 8 and two from level 9, and the budget binds within the
/// iteration it ends (it once polled too rarely to end any).
#[test]
fn apocalypse_levels_reach_their_depths_within_their_budgets() {
    let (depth, _) = deepest("apocalypse", 8);
    assert_eq!(depth, 1, "level 8");
    let (depth, nodes) = deepest("apocalypse", 9);
    assert_eq!(depth, 2, "level 9");
    // Level 9's budget: 3.5 * 150 * 1.45^9 nodes.
    assert!(nodes <= 15_000, "level 9 searched {nodes} nodes");
}
