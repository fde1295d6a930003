//! `turncoat gui` over HTTP, as a page (or anything else on the machine)
//! would talk to it: the token and the Host/Origin checks, the actions and
//! the state they answer with, bad requests answered with a 4xx, engines
//! playing a game to its end, PGN out and back in. The page itself is
//! driven in a real browser by `tests/gui_browser.rs`.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Gui {
    child: Child,
    base: String,
    token: String,
    agent: ureq::Agent,
}

impl Gui {
    fn start(extra: &[&str]) -> Gui {
        let mut child = Command::new(env!("CARGO_BIN_EXE_turncoat"))
            .args(["gui", "--no-open", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start turncoat gui");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let url = first
            .trim()
            .strip_prefix("turncoat gui: ")
            .unwrap_or_else(|| panic!("first line: {first:?}"));
        let (base, token) = url.split_once("/?token=").expect("address with token");
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        Gui {
            child,
            base: base.to_string(),
            token: token.to_string(),
            agent,
        }
    }

    fn port(&self) -> &str {
        self.base.rsplit(':').next().unwrap()
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}?token={}", self.base, self.token)
    }

    /// Status and body of a GET with extra headers.
    fn get_with(&self, url: &str, headers: &[(&str, &str)]) -> (u16, String) {
        let mut req = self.agent.get(url);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let mut resp = req.call().expect("HTTP GET");
        let status = resp.status().as_u16();
        (status, resp.body_mut().read_to_string().unwrap_or_default())
    }

    fn state(&self) -> Value {
        let (status, body) = self.get_with(&self.url("/api/state"), &[]);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    fn post_raw(&self, action: &str, body: &str) -> (u16, Value) {
        let mut resp = self
            .agent
            .post(&self.url(&format!("/api/{action}")))
            .header("Content-Type", "application/json")
            .send(body)
            .expect("HTTP POST");
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// The state after a successful action.
    fn act(&self, action: &str, body: Value) -> Value {
        let (status, v) = self.post_raw(action, &body.to_string());
        assert_eq!(status, 200, "{action} {body}: {v}");
        v
    }

    /// Waits (generously: no test asserts on speed) until `done`.
    fn wait_for(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let began = Instant::now();
        loop {
            let s = self.state();
            if done(&s) {
                return s;
            }
            assert!(
                began.elapsed() < Duration::from_secs(120),
                "waited too long for {what}: {s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn piece(state: &Value, square: &str) -> String {
    state["board"][square].as_str().unwrap_or("").to_string()
}

#[test]
fn every_request_needs_the_token_and_this_machine_as_host_and_origin() {
    let gui = Gui::start(&[]);
    let state = format!("{}/api/state", gui.base);
    assert_eq!(gui.get_with(&state, &[]).0, 403, "no token");
    // The token with its first digit changed.
    let first = if gui.token.starts_with('0') { '1' } else { '0' };
    let wrong = format!("{state}?token={first}{}", &gui.token[1..]);
    assert_eq!(gui.get_with(&wrong, &[]).0, 403, "a wrong token");
    let url = gui.url("/api/state");
    assert_eq!(gui.get_with(&url, &[]).0, 200);
    let (status, body) = gui.get_with(&url, &[("Origin", "http://evil.example")]);
    assert_eq!(status, 403);
    assert!(body.contains("not accepted"), "{body}");
    let rebound = format!("attacker.example:{}", gui.port());
    assert_eq!(
        gui.get_with(&url, &[("Host", &rebound)]).0,
        403,
        "DNS rebinding"
    );
    let localhost = format!("http://localhost:{}", gui.port());
    assert_eq!(gui.get_with(&url, &[("Origin", &localhost)]).0, 200);
    let header = [("X-Turncoat-Token", gui.token.as_str())];
    assert_eq!(
        gui.get_with(&state, &header).0,
        200,
        "the token as a header"
    );
    // The events channel and the page need the token too.
    assert_eq!(
        gui.get_with(&format!("{}/api/events", gui.base), &[]).0,
        403
    );
    assert_eq!(gui.get_with(&format!("{}/", gui.base), &[]).0, 403);
}

#[test]
fn bad_requests_get_a_4xx_and_the_server_goes_on() {
    let gui = Gui::start(&[]);
    gui.act("new", json!({"variant": "chess", "mode": "hotseat"}));
    let cases: &[(&str, &str, u16)] = &[
        ("move", "{\"move\": \"e2e5\"}", 422),
        ("move", "{\"move\": 7}", 400),
        ("move", "not json", 400),
        ("move", "{\"mv\": \"e2e4\"}", 400),
        ("new", "{\"variant\": \"fairy\"}", 422),
        ("new", "{\"variant\": \"chess\", \"fen\": \"8/8 w\"}", 422),
        ("new", "{\"variant\": \"chess\", \"mode\": \"blitz\"}", 422),
        (
            "new",
            "{\"variant\": \"chess\", \"white\": \"/bin/sh\"}",
            422,
        ),
        ("new", "{\"variant\": \"chess\", \"tc\": \"-5\"}", 422),
        ("goto", "{\"ply\": 99}", 422),
        ("goto", "{\"ply\": -1}", 400),
        ("analysis", "{\"multipv\": 0}", 422),
        ("preview", "{\"moves\": [\"e2e4\", \"e2e4\"]}", 422),
        ("pgn-import", "{\"pgn\": \"\"}", 422),
        ("pgn-import", "{\"pgn\": \"1. e4 e4 *\"}", 422),
        ("undo", "{}", 409),
        ("level", "{\"side\": \"b\", \"level\": 9}", 422),
        ("level", "{\"level\": 3}", 400),
        ("launch", "{}", 404),
    ];
    for (action, body, status) in cases {
        let (got, v) = gui.post_raw(action, body);
        assert_eq!(got, *status, "{action} {body}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
    // A person's move in a game of two engines is not theirs to make.
    gui.act(
        "new",
        json!({"variant": "chess", "mode": "watch", "tc": "1+1"}),
    );
    assert_eq!(gui.post_raw("move", "{\"move\": \"e2e4\"}").0, 409);
    assert_eq!(gui.state()["variant"], "chess", "still serving");
}

#[test]
fn the_first_pacifist_diagram_converts_seven_pieces_in_waves() {
    let gui = Gui::start(&[]);
    let fen = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1";
    let s = gui.act(
        "new",
        json!({"variant": "pacifist", "fen": fen, "mode": "hotseat"}),
    );
    assert_eq!(s["human_to_move"], true);
    assert!(s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["move"] == "e3f5" && m["from"] == "e3" && m["to"] == "f5"));
    let s = gui.act("move", json!({"move": "e3f5"}));
    for sq in ["d8", "f8", "g8", "e7", "f7", "g7", "h7"] {
        assert!(piece(&s, sq).starts_with('w'), "{sq}: {}", s["board"]);
    }
    assert_eq!(piece(&s, "b8"), "bK");
    let mut converted: Vec<&str> = s["last"]["conversions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    converted.sort();
    assert_eq!(converted, ["d8", "e7", "f7", "f8", "g7", "g8", "h7"]);
    let waves = s["last"]["waves"].as_array().unwrap();
    assert!(waves.len() >= 2);
    assert_eq!(waves[0]["board"]["f5"], "wN");
    assert_eq!(
        waves[0]["board"]["d8"], "bN",
        "nothing converted before wave 1"
    );
    assert_eq!(s["side_to_move"], "b");
    // The overlay: every occupied square has persuasion and support.
    let influence = s["influence"].as_object().unwrap();
    assert_eq!(influence.len(), s["board"].as_object().unwrap().len());
    let undone = gui.act("undo", json!({}));
    assert_eq!(piece(&undone, "d8"), "bN");
    assert_eq!(undone["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_subversion_offers_every_payment_and_plays_the_chosen_one() {
    let gui = Gui::start(&[]);
    let fen = "4k3/8/8/8/4n3/3N4/P6P/4K3 w - - 0 1";
    let s = gui.act(
        "new",
        json!({"variant": "subversion", "fen": fen, "mode": "hotseat"}),
    );
    let payments: Vec<&Value> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e4" && m["to"].is_null())
        .collect();
    assert_eq!(payments.len(), 2, "{payments:?}");
    let s = gui.act("move", json!({"move": "@e4a2"}));
    assert_eq!(piece(&s, "e4"), "wN");
    assert_eq!(piece(&s, "a2"), "");
    assert_eq!(piece(&s, "h2"), "wP");
    assert_eq!(s["last"]["removed"], json!(["a2"]));
}

#[test]
fn an_apocalypse_turn_is_chosen_blind_and_resolved() {
    let gui = Gui::start(&[]);
    let s = gui.act(
        "new",
        json!({"variant": "apocalypse", "fen": "4n/4p/5/P4/N4 w 00 1", "mode": "hotseat"}),
    );
    assert_eq!(s["size"], 5);
    assert_eq!(s["penalties"], json!({"w": 0, "b": 0}));
    let s = gui.act("move", json!({"move": "a1b3"}));
    assert_eq!(s["pending"], "w");
    assert_eq!(s["side_to_move"], "b");
    assert_eq!(piece(&s, "a1"), "wN", "white's choice stays hidden");
    let s = gui.act("move", json!({"move": "e5d3"}));
    assert_eq!(s["turn"]["white"], "a1b3");
    gui.act("move", json!({"move": "b3c5"}));
    let s = gui.act("move", json!({"move": "d3c5"}));
    assert_eq!(s["turn"]["collision"], "c5");
    gui.act("move", json!({"move": "a2b3"}));
    let s = gui.act("move", json!({"move": "e4e3"}));
    assert_eq!(s["turn"]["white_valid"], false, "a failed speculation");
    assert_eq!(s["penalties"], json!({"w": 1, "b": 0}));
}

#[test]
fn two_engines_play_a_game_to_its_end() {
    let gui = Gui::start(&["--engine", &format!("a={}", env!("CARGO_BIN_EXE_turncoat"))]);
    // Pacifist, seed diagram 3 (docs/rules.md §2.5): 1.Qg1-b6 converts the
    // black king for good.
    let fen = "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1";
    let s = gui.act(
        "new",
        json!({"variant": "pacifist", "fen": fen, "mode": "watch", "white": "a", "black": "a", "tc": "0:05+0.1"}),
    );
    assert_eq!(
        (s["white"].as_str(), s["black"].as_str()),
        (Some("a"), Some("a"))
    );
    let s = gui.wait_for("the end of the game", |s| s["result"] != "");
    assert!(!s["reason"].as_str().unwrap().contains("illegal"), "{s}");
    assert!(!s["moves"].as_array().unwrap().is_empty());
    // The game's PGN reads back into the same moves.
    let (status, pgn) = gui.get_with(&gui.url("/api/pgn"), &[]);
    assert_eq!(status, 200);
    assert!(pgn.contains("[Variant \"pacifist\"]"), "{pgn}");
    let moves = s["moves"].clone();
    let back = gui.act("pgn-import", json!({"pgn": pgn}));
    assert_eq!(back["mode"], "analysis");
    assert_eq!(back["cursor"], 0);
    let listed: Vec<&Value> = back["moves"].as_array().unwrap().iter().collect();
    let played: Vec<&Value> = moves.as_array().unwrap().iter().collect();
    assert_eq!(
        listed.iter().map(|m| &m["move"]).collect::<Vec<_>>(),
        played.iter().map(|m| &m["move"]).collect::<Vec<_>>()
    );
}

#[test]
fn a_game_is_browsed_without_leaving_it() {
    let gui = Gui::start(&[]);
    gui.act("new", json!({"variant": "chess", "mode": "hotseat"}));
    gui.act("move", json!({"move": "e2e4"}));
    let s = gui.act("move", json!({"move": "e7e5"}));
    let earlier = gui.act("preview", json!({"ply": 1}));
    assert_eq!(piece(&earlier, "e4"), "wP");
    assert_eq!(piece(&earlier, "e7"), "bP");
    assert_eq!(earlier["last"]["move"], "e2e4");
    let start = gui.act("preview", json!({"ply": 0}));
    assert_eq!(piece(&start, "e2"), "wP");
    assert!(start["last"].is_null());
    assert_eq!(gui.post_raw("preview", "{\"ply\": 3}").0, 422);
    let now = gui.state();
    assert_eq!(now["mode"], "hotseat", "browsing leaves the game as it is");
    assert_eq!((&now["fen"], &now["cursor"]), (&s["fen"], &json!(2)));
}

/// Plays `moves` as White against the engine, each after the engine's reply.
fn play_as_white(gui: &Gui, moves: &[&str]) -> Value {
    let mut s = gui.state();
    for mv in moves {
        gui.wait_for("the person's turn", |s| s["human_to_move"] == true);
        gui.act("move", json!({ "move": mv }));
        let n = s["moves"].as_array().map_or(0, Vec::len);
        s = gui.wait_for("the engine's reply", |s| {
            s["human_to_move"] == true && s["moves"].as_array().unwrap().len() >= n + 2
        });
    }
    s
}

#[test]
fn a_person_resigns_aborts_and_asks_for_a_rematch() {
    let gui = Gui::start(&[]);
    let s = gui.act(
        "new",
        json!({"variant": "chess", "mode": "play-white", "tc": "0:10+0.1"}),
    );
    assert_eq!(s["actions"]["abort"], true);
    assert_eq!(s["actions"]["rematch"], false);
    assert_eq!(gui.post_raw("rematch", "{}").0, 409, "the game is not over");
    // aborted before the first move: no result, no more moves
    let s = gui.act("abort", json!({}));
    assert_eq!((&s["aborted"], &s["result"]), (&json!(true), &json!("")));
    assert_eq!(
        s["message"], "",
        "#result says it, not a message that outlives the game"
    );
    assert_eq!(s["human_to_move"], false);
    assert_eq!(gui.post_raw("move", "{\"move\": \"e2e4\"}").0, 409);
    assert_eq!(gui.post_raw("resign", "{}").0, 409);
    // the rematch: the same start, the colours swapped
    let s = gui.act("rematch", json!({}));
    assert_eq!(
        (&s["mode"], &s["aborted"]),
        (&json!("play-black"), &json!(false))
    );
    gui.wait_for("the engine's first move as White", |s| {
        s["human_to_move"] == true && s["moves"].as_array().unwrap().len() == 1
    });
    let s = gui.act("resign", json!({}));
    assert_eq!(s["result"], "1-0");
    assert_eq!(s["reason"], "Black resigns");
    assert_eq!(s["mode"], "play-black");
    assert_eq!(s["human_to_move"], false);
    assert_eq!(s["actions"]["rematch"], true);
    let (_, pgn) = gui.get_with(&gui.url("/api/pgn"), &[]);
    assert!(pgn.contains("1-0"), "{pgn}");
    let s = gui.act("rematch", json!({}));
    assert_eq!(
        (&s["mode"], &s["result"]),
        (&json!("play-white"), &json!(""))
    );
    // two plies played: too late to abort
    play_as_white(&gui, &["e2e4"]);
    assert_eq!(gui.post_raw("abort", "{}").0, 409);
    assert_eq!(gui.post_raw("rematch", "{}").0, 409);
}

/// The deepest search among the engine's lines in `state` (those of its
/// last move).
fn deepest(state: &Value) -> u64 {
    let lines = state["engine_output"].as_array().unwrap();
    lines
        .iter()
        .filter_map(|l| l["depth"].as_u64())
        .max()
        .unwrap_or(0)
}

/// What an engine's log says it was told: `uci`, `skill` and `go` in
/// order (the other lines left out), and the `Skill Level` values.
fn skills_told(log: &str) -> (String, Vec<u8>) {
    let mut shape = Vec::new();
    let mut skills = Vec::new();
    for line in log.lines() {
        if let Some(v) = line.strip_prefix("setoption name Skill Level value ") {
            shape.push("skill");
            skills.push(v.parse().unwrap());
        } else if line == "uci" || line.starts_with("go ") {
            shape.push(line.split(' ').next().unwrap());
        }
    }
    (shape.join(" "), skills)
}

/// The PGN's tag `key`, if it has it.
fn tag(pgn: &str, key: &str) -> Option<String> {
    let start = format!("[{key} \"");
    let line = pgn.lines().find(|l| l.starts_with(&start))?;
    Some(line[start.len()..line.len() - 2].to_string())
}

#[test]
fn each_engine_seat_plays_at_its_level_from_its_next_move() {
    let logs = std::env::temp_dir().join(format!("turncoat-levels-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&logs);
    std::fs::create_dir_all(&logs).unwrap();
    let (told, told_plain) = (logs.join("turncoat.log"), logs.join("plain.log"));
    let fixture = |name: &str| format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let exe = env!("CARGO_BIN_EXE_turncoat");
    // turncoat, what it is told logged; and turncoat without `Skill Level`
    // in its UCI answer (it would obey one)
    let logged = format!(
        "turncoat={} {exe} {}",
        fixture("logged_engine.sh"),
        told.display()
    );
    let plain = format!(
        "plain={} {exe} {}",
        fixture("no_skill_engine.sh"),
        told_plain.display()
    );
    let gui = Gui::start(&["--engine", &logged, "--engine", &plain]);
    let s = gui.state();
    assert_eq!(s["levels"], json!({"w": 2, "b": 2}), "a new player's level");
    assert_eq!(s["level_engines"], json!(["turncoat"]));
    let bad = [
        ("{\"side\": \"b\", \"level\": 0}", 422, "1 to 8"),
        ("{\"side\": \"b\", \"level\": 9}", 422, "1 to 8"),
        ("{\"side\": \"b\", \"level\": \"x\"}", 422, "1 to 8"),
        ("{\"side\": \"b\", \"level\": 2.5}", 422, "1 to 8"),
        ("{\"side\": \"x\", \"level\": 3}", 422, "'w'"),
        ("{\"level\": 3}", 400, "side"),
    ];
    for (body, status, says) in bad {
        let (got, v) = gui.post_raw("level", body);
        assert_eq!(got, status, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(says), "{body}: {v}");
    }
    assert_eq!(
        gui.state()["levels"],
        s["levels"],
        "a refused level changes nothing"
    );

    // The lowest level, then the highest from the engine's next move.
    gui.act("level", json!({"side": "b", "level": 1}));
    let game =
        json!({"variant": "chess", "mode": "play-white", "black": "turncoat", "tc": "0:30+0.3"});
    let s = gui.act("new", game.clone());
    assert_eq!(s["players"]["b"], "turncoat (level 1)");
    let low = play_as_white(&gui, &["e2e4"]);
    let s = gui.act("level", json!({"side": "b", "level": 8}));
    assert_eq!(s["players"]["b"], "turncoat (level 8)");
    let high = play_as_white(&gui, &["d2d4"]);
    // the engine was told the lower skill, then full strength before its
    // second search, without a restart
    let log = std::fs::read_to_string(&told).unwrap();
    let (shape, skills) = skills_told(&log);
    assert_eq!(shape, "uci uci skill go skill go", "{log}");
    assert!(skills[0] < skills[1] && skills[1] == 20, "{log}");
    // and it played so
    assert!(
        deepest(&low) < deepest(&high),
        "level 1 searched {} plies, level 8 {}",
        deepest(&low),
        deepest(&high)
    );
    let (_, pgn) = gui.get_with(&gui.url("/api/pgn"), &[]);
    assert_eq!(
        tag(&pgn, "Black").as_deref(),
        Some("turncoat (level 8)"),
        "{pgn}"
    );
    assert_eq!(tag(&pgn, "BlackLevel").as_deref(), Some("8"), "{pgn}");
    assert_eq!(tag(&pgn, "WhiteLevel"), None, "the person's side: {pgn}");
    // read back, the game keeps its players and their levels
    let back = gui.act("pgn-import", json!({"pgn": pgn}));
    assert_eq!(back["players"]["b"], "turncoat (level 8)");
    let (_, again) = gui.get_with(&gui.url("/api/pgn"), &[]);
    assert_eq!(tag(&again, "BlackLevel").as_deref(), Some("8"), "{again}");
    gui.act("new", game);

    // A rematch: the engine keeps its level on its new side.
    gui.act("resign", json!({}));
    let s = gui.act("rematch", json!({}));
    assert_eq!(
        (&s["mode"], &s["levels"]["w"]),
        (&json!("play-black"), &json!(8))
    );
    assert_eq!(s["players"]["w"], "turncoat (level 8)");

    // An engine without `Skill Level` is sent none: at level 1 it still
    // searches deeper than turncoat did there.
    gui.act("level", json!({"side": "b", "level": 1}));
    let s = gui.act(
        "new",
        json!({"variant": "chess", "mode": "play-white", "black": "plain", "tc": "0:30+0.3"}),
    );
    assert_eq!(s["players"]["b"], "plain");
    let plain = play_as_white(&gui, &["e2e4"]);
    let log = std::fs::read_to_string(&told_plain).unwrap();
    assert!(log.contains("\ngo ") && !log.contains("Skill"), "{log}");
    assert!(
        deepest(&plain) > deepest(&low),
        "plain searched {} plies",
        deepest(&plain)
    );
    let (_, pgn) = gui.get_with(&gui.url("/api/pgn"), &[]);
    assert_eq!(tag(&pgn, "BlackLevel"), None, "{pgn}");
    let _ = std::fs::remove_dir_all(&logs);
}

#[test]
fn time_controls_are_minutes_and_each_sides_clock_starts_with_its_first_move() {
    let gui = Gui::start(&[]);
    let s = gui.state();
    assert_eq!(s["tc"], Value::Null, "hotseat: no clock");
    let s = gui.act("mode", json!({"mode": "play-white"}));
    assert_eq!(s["tc"], "5+3", "the default: five minutes, 3 s a move");
    assert_eq!(
        (&s["clock"]["w"], &s["clock"]["b"], &s["clock"]["running"]),
        (&json!(300_000), &json!(300_000), &Value::Null),
        "5:00 each, and White's clock waits for White's first move"
    );
    let (status, v) = gui.post_raw("mode", "{\"mode\": \"play-white\", \"tc\": \"5 sec\"}");
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("5+3 (5 minutes"),
        "{v}"
    );

    // 0.05+0: three seconds. White's first move and Black's are free;
    // then White, who does not move again, loses on time with 0:00.
    gui.act(
        "new",
        json!({"variant": "chess", "mode": "play-white", "tc": "0.05+0"}),
    );
    std::thread::sleep(Duration::from_millis(3500));
    let s = gui.state();
    assert_eq!(s["result"], "", "no flag before the first move: {s}");
    gui.act("move", json!({"move": "e2e4"}));
    let s = gui.wait_for("the engine's reply", |s| {
        s["human_to_move"] == true && s["moves"].as_array().unwrap().len() == 2
    });
    assert_eq!(
        (&s["clock"]["b"], &s["clock"]["running"]),
        (&json!(3000), &json!("w")),
        "the engine's first move cost nothing; White's clock runs now"
    );
    let s = gui.wait_for("the flag", |s| s["result"] != "");
    assert_eq!(
        (&s["result"], &s["reason"]),
        (&json!("0-1"), &json!("White loses on time"))
    );
    assert_eq!(
        (&s["clock"]["w"], &s["clock"]["running"]),
        (&json!(0), &Value::Null),
        "the flagged clock reads 0:00"
    );
}

#[test]
fn the_engine_accepts_a_draw_when_its_score_stayed_near_zero() {
    let gui = Gui::start(&[]);
    // blocked pawns, kings alone: the engine's score stays 0
    let fen = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";
    // At full strength: a weak level's shallow scores wander.
    gui.act("level", json!({"side": "b", "level": 8}));
    gui.act(
        "new",
        json!({"variant": "chess", "fen": fen, "mode": "play-white", "tc": "0:10+0.1"}),
    );
    gui.wait_for("the person's turn", |s| s["human_to_move"] == true);
    let s = gui.act("draw", json!({}));
    assert_eq!(
        s["draw"], "declined",
        "no scores yet: {}",
        s["draw_message"]
    );
    assert_eq!(s["result"], "");
    play_as_white(&gui, &["e1f1", "f1g1", "g1h1", "h1h2"]);
    let s = gui.act("draw", json!({}));
    assert_eq!(s["draw"], "accepted", "{}", s["draw_message"]);
    assert_eq!(
        (&s["result"], &s["reason"]),
        (&json!("1/2-1/2"), &json!("draw agreed"))
    );
    // at a hotseat board an offer is an agreement
    gui.act("new", json!({"variant": "chess", "mode": "hotseat"}));
    gui.act("move", json!({"move": "e2e4"}));
    let s = gui.act("draw", json!({}));
    assert_eq!(s["result"], "1/2-1/2");
    // nobody to offer it to
    gui.act("new", json!({"variant": "chess", "mode": "analysis"}));
    assert_eq!(gui.post_raw("draw", "{}").0, 409);
}

#[test]
fn analysis_gives_multipv_lines_and_previews_them() {
    let gui = Gui::start(&[]);
    gui.act("new", json!({"variant": "chess", "mode": "analysis"}));
    gui.act("analysis", json!({"multipv": 2}));
    let s = gui.wait_for("two lines", |s| {
        s["engine_output"].as_array().is_some_and(|l| l.len() == 2)
    });
    let line = &s["engine_output"][0];
    assert!(line["depth"].as_u64().unwrap() >= 1);
    let pv: Vec<String> = line["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let preview = gui.act("preview", json!({"moves": pv[..1]}));
    assert_ne!(preview["fen"], s["fen"]);
    assert_eq!(gui.state()["fen"], s["fen"], "a preview changes nothing");
    // A move in analysis is the user's, for either side.
    let s = gui.act("move", json!({"move": "e2e4"}));
    assert_eq!(s["side_to_move"], "b");
    assert_eq!(s["human_to_move"], true);
}

#[test]
fn an_engine_that_cannot_run_is_refused_at_the_start() {
    let out = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .args(["gui", "--no-open", "--engine", "x=/nonexistent/engine"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("engine x"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .args(["gui", "--port", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A small deterministic generator for the random requests below.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn random_requests_get_answers_below_500_and_the_server_goes_on() {
    let gui = Gui::start(&[]);
    let actions = [
        "new",
        "move",
        "undo",
        "goto",
        "mode",
        "analysis",
        "preview",
        "pgn-import",
        "level",
        "state",
        "nothing",
    ];
    let keys = [
        "variant", "fen", "mode", "white", "black", "tc", "move", "ply", "multipv", "engine",
        "moves", "pgn", "index", "side", "level",
    ];
    let values = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1e300),
        json!(""),
        json!("x".repeat(3000)),
        json!("e2e4"),
        json!("@e5d2"),
        json!("b4c5,c5d2"),
        json!([]),
        json!({}),
        json!(["e2e4", "e7e5", "e2e4"]),
        json!("apocalypse"),
        json!("pacifist2"),
        json!("hotseat"),
        json!("analysis"),
        json!("play-black"),
        json!("1+0"),
        json!("0/0+0"),
        json!("\u{0}\u{1F4A5}"),
        json!(2),
        json!(true),
        json!("b"),
    ];
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..400 {
        let action = rng.pick(&actions);
        let mut body = serde_json::Map::new();
        for _ in 0..rng.next() % 4 {
            body.insert(rng.pick(&keys).to_string(), rng.pick(&values).clone());
        }
        let text = if rng.next().is_multiple_of(10) {
            "{\"variant\": [".to_string()
        } else {
            Value::Object(body).to_string()
        };
        let (status, v) = gui.post_raw(action, &text);
        assert!(
            (200..500).contains(&status),
            "{action} {text}: {status} {v}"
        );
    }
    gui.act("new", json!({"variant": "chess", "mode": "hotseat"}));
    assert_eq!(
        gui.act("move", json!({"move": "e2e4"}))["side_to_move"],
        "b"
    );
}

#[test]
fn the_rules_panel_and_the_explanations_come_from_the_rules_book() {
    let gui = Gui::start(&[]);
    // docs/rules.md §2: the pacifist section, its first game apart and
    // its first lesson; seed diagram 1 (§2.3) a lesson to play
    let (status, body) = gui.get_with(&format!("{}&variant=pacifist", gui.url("/api/rules")), &[]);
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["section"], "§2");
    assert!(r["html"].as_str().unwrap().contains("id=\"s2.2\""));
    assert!(r["first_game"]
        .as_str()
        .unwrap()
        .contains("Your first game"));
    assert_eq!(r["diagrams"][0]["id"], "pacifist-first-game");
    let diagrams = r["diagrams"].as_array().unwrap();
    let first = diagrams
        .iter()
        .find(|d| d["id"] == "pacifist-cascade")
        .unwrap();
    assert_eq!(first["moves"], json!(["e3f5"]));
    let (status, _) = gui.get_with(&format!("{}&variant=shogi", gui.url("/api/rules")), &[]);
    assert_eq!(status, 422);
    // the lesson played: the seven conversions explained (docs/rules.md §2.3)
    gui.act(
        "new",
        json!({"variant": "pacifist", "fen": first["fen"], "mode": "hotseat"}),
    );
    let s = gui.act("move", json!({"move": "e3f5"}));
    let explain = &s["learn"]["explain"];
    for sq in ["d8", "f8", "g8", "e7", "f7", "g7", "h7"] {
        assert_eq!(explain[sq]["kind"], "converted", "{sq}: {explain}");
    }
    // docs/rules.md §5.3: at the apocalypse start a2b3 is a speculation
    let s = gui.act("new", json!({"variant": "apocalypse", "mode": "hotseat"}));
    let c = &s["learn"]["candidates"];
    assert_eq!(c["a2a3"]["sure"], true);
    assert_eq!(c["a2b3"]["sure"], false);
    assert!(c["a2b3"]["condition"]
        .as_str()
        .unwrap()
        .contains("Black plays …Nb3"));
    // docs/rules.md §4.1.4: the pawn e5 costs one pawn
    let s = gui.act(
        "new",
        json!({"variant": "subversion", "fen": "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "mode": "hotseat"}),
    );
    assert_eq!(s["learn"]["prices"]["e5"]["price"], "1 pawn");
    assert_eq!(s["learn"]["prices"]["e5"]["by"], json!(["f6"]));
}
