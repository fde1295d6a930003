//! `turncoat match` in shards as a tournament operator runs it on a
//! cluster (docs/match.md, *Sharding and clusters*): N shards with their
//! results files, merged by `turncoat match-merge`, give the report and
//! the games of the whole run; a killed shard resumes; the merge refuses
//! what is not one run.

use std::process::Command;

const T: &str = env!("CARGO_BIN_EXE_turncoat");

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("turncoat-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

/// A small match at fixed depth (one thread: deterministic), engines of
/// different strength so that the statistics are not all even.
fn match_args(seed: &str) -> Vec<String> {
    let cmd = format!("cmd={T}");
    let args = [
        "-engine",
        &cmd,
        "name=deep",
        "depth=2",
        "-engine",
        &cmd,
        "name=shallow",
        "depth=1",
        "-each",
        "option.Threads=1",
        "-variant",
        "chess",
        "-games",
        "2",
        "-rounds",
        "5",
        "-repeat",
        "-openings",
        "plies=4",
        "-seed",
        seed,
        "-maxmoves",
        "80",
        "-sprt",
        "elo0=-5",
        "elo1=5",
        "alpha=0.001",
        "beta=0.001",
    ];
    args.iter().map(|s| s.to_string()).collect()
}

fn run(sub: &str, args: &[String]) -> (i32, String, String) {
    let out = Command::new(T)
        .arg(sub)
        .args(args)
        .output()
        .expect("run turncoat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(sub: &str, args: &[String]) -> String {
    let (code, out, err) = run(sub, args);
    assert_eq!(code, 0, "{out}\n{err}");
    out
}

/// The report a run prints at its end: from its `Elo difference` line on.
fn report(out: &str) -> String {
    let start = out.find("Elo difference").expect("a report");
    out[start..].to_string()
}

/// The games of a PGN, each as its text, in a canonical order.
fn games(pgn: &str) -> Vec<String> {
    let mut g: Vec<String> = pgn
        .split("[Event ")
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .collect();
    g.sort();
    g
}

fn with(mut args: Vec<String>, more: &[&str]) -> Vec<String> {
    args.extend(more.iter().map(|s| s.to_string()));
    args
}

#[test]
fn four_shards_merged_are_the_whole_run() {
    let whole_pgn = temp("whole.pgn");
    let whole = ok(
        "match",
        &with(
            match_args("7"),
            &["-concurrency", "2", "-pgnout", &whole_pgn],
        ),
    );
    let files: Vec<String> = (0..4).map(|k| temp(&format!("shard-{k}.jsonl"))).collect();
    let shards: Vec<_> = (0..4)
        .map(|k| {
            let args = with(
                match_args("7"),
                &["-shard", &format!("{k}/4"), "-results", &files[k]],
            );
            std::thread::spawn(move || ok("match", &args))
        })
        .collect();
    for s in shards {
        let out = s.join().unwrap();
        assert!(out.contains("Shard "), "{out}");
    }
    let merged_pgn = temp("merged.pgn");
    let merged = ok(
        "match-merge",
        &with(files.clone(), &["-pgnout", &merged_pgn]),
    );
    assert_eq!(report(&merged), report(&whole));
    assert!(
        merged.contains("Ptnml(0-2): [") && merged.contains("LLR: "),
        "{merged}"
    );
    let read = |p: &str| std::fs::read_to_string(p).unwrap();
    let merged_games = games(&read(&merged_pgn));
    assert_eq!(merged_games.len(), 10);
    assert_eq!(merged_games, games(&read(&whole_pgn)));
    // Each game pair is in exactly one file, one line each.
    let lines: usize = files.iter().map(|f| read(f).lines().count()).sum();
    assert_eq!(lines, 5);
}

#[test]
fn a_killed_shard_resumes_where_it_stopped() {
    let file = temp("resume.jsonl");
    let args = with(match_args("11"), &["-shard", "0/2", "-results", &file]);
    let first = ok("match", &args);
    let full = std::fs::read_to_string(&file).unwrap();
    assert_eq!(full.lines().count(), 3, "{first}");
    // Killed while writing its last pair: that line is cut short.
    let cut = full.len() - full.lines().last().unwrap().len() / 2 - 1;
    std::fs::write(&file, &full[..cut]).unwrap();
    let again = ok("match", &args);
    assert!(
        again.contains("2 game pairs already in the results"),
        "{again}"
    );
    assert!(again.contains("Shard 0/2: 2 games to play"), "{again}");
    assert_eq!(report(&again), report(&first));
    let mut lines: Vec<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .filter(|l| l.ends_with('}'))
        .map(str::to_string)
        .collect();
    let mut want: Vec<String> = full.lines().map(str::to_string).collect();
    lines.sort();
    want.sort();
    assert_eq!(lines, want, "the pair played again is the same pair");
    // Nothing left: a third run plays no game.
    assert!(ok("match", &args).contains("Shard 0/2: 0 games to play"));
}

#[test]
fn the_merge_refuses_duplicates_and_other_runs() {
    let a = temp("dup-a.jsonl");
    let b = temp("dup-b.jsonl");
    let small = |seed: &str, file: &str| {
        let mut args = match_args(seed);
        let rounds = args.iter().position(|x| x == "-rounds").unwrap();
        args[rounds + 1] = "1".into();
        ok("match", &with(args, &["-results", file]));
    };
    small("3", &a);
    small("4", &b);
    let (code, _, err) = run("match-merge", &[a.clone(), a.clone()]);
    assert_eq!(code, 2);
    assert!(err.contains("game pair 1 is in"), "{err}");
    let (code, _, err) = run("match-merge", &[a.clone(), b.clone()]);
    assert_eq!(code, 2);
    assert!(err.contains("another run"), "{err}");
    // A shard's results file of another run is refused before any game.
    let (code, _, err) = run("match", &with(match_args("5"), &["-results", &a]));
    assert_eq!(code, 2);
    assert!(err.contains("another run"), "{err}");
    for bad in [&["-shard", "4/4"][..], &["-shard", "x"][..]] {
        let (code, _, err) = run("match", &with(match_args("5"), bad));
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("-shard"), "{err}");
    }
    let (code, _, err) = run("match-merge", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("no results file"), "{err}");
    let (code, _, err) = run("match-merge", &[temp("missing.jsonl")]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

/// The games of a datagen file, each as its lines, by game.
fn data_games(text: &str) -> Vec<String> {
    let mut games: Vec<String> = text
        .split("# game ")
        .filter(|g| !g.is_empty())
        .map(str::to_string)
        .collect();
    games.sort();
    games
}

#[test]
fn datagen_shards_hold_the_whole_runs_games_once() {
    let data = |name: &str, shard: Option<&str>| {
        let out = temp(name);
        let _ = std::fs::remove_file(&out);
        let mut args: Vec<String> = [
            "--variant",
            "pacifist",
            "--games",
            "6",
            "--nodes",
            "300",
            "--seed",
            "9",
            "--max-plies",
            "40",
            "--threads",
            "2",
            "--out",
            &out,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if let Some(k) = shard {
            args.extend(["--shard".to_string(), k.to_string()]);
        }
        ok("datagen", &args);
        std::fs::read_to_string(&out).unwrap()
    };
    let whole = data("whole.txt", None);
    let parts: Vec<String> = (0..3)
        .map(|k| data(&format!("part-{k}.txt"), Some(&format!("{k}/3"))))
        .collect();
    assert!(parts.iter().all(|p| p.matches("# game ").count() == 2));
    let merged = temp("merged.txt");
    std::fs::write(&merged, parts.concat()).unwrap();
    assert_eq!(data_games(&parts.concat()), data_games(&whole));
    let checked = ok("datagen", &["--check".to_string(), merged.clone()]);
    assert!(checked.starts_with("6 games, "), "{checked}");
    let (code, _, err) = run(
        "datagen",
        &["--check".to_string(), merged.clone(), temp("part-1.txt")],
    );
    assert_eq!(code, 1);
    assert!(err.contains("game 9/1 is twice"), "{err}");
}
