//! The thread behind the board: in a game mode the referee of `turncoat
//! match` plays the game turn by turn with two seats — an engine process,
//! or the person at the board whose moves come from the page; in analysis
//! an engine searches the position shown until it changes. Either thread
//! reports through [`Reports`] (the hub implements it: the runner does not
//! know the hub) and stops when told.

use super::engine::Engine;
use super::level::SKILL_OPTION;
use super::session::{Mode, Session};
use crate::arena::adjudication::Adjudication;
use crate::arena::clock::{ClockStart, Limit};
use crate::arena::interrupt::Interrupt;
use crate::arena::players::{Players, Seat};
use crate::arena::program::{Failure, Program, ProgramConfig, Watch};
use crate::arena::referee;
use crate::arena::request::{Answer, MoveLimit, MoveRequest};
use crate::arena::result::GameResult;
use crate::arena::turn::ScoreSheet;
use crate::board::Color;
use crate::game::Game;
use crate::Variant;
use crossbeam_channel::{select, unbounded, Receiver, Sender, TryRecvError};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a runner's thread tells the board as the game or analysis goes;
/// `generation` names the position it was started on, so that reports on
/// an older one are dropped.
pub trait Reports: Send + Sync {
    /// A seat is asked for the move `request` wants (its side, limit,
    /// and whether its clock runs).
    fn asking(&self, generation: u64, request: &MoveRequest, human: bool);
    /// A seat answered after `elapsed`; `ply` is the index its move will
    /// have in the line, `score` the engine's (from its side).
    fn answered(
        &self,
        generation: u64,
        side: Color,
        ply: usize,
        score: Option<i32>,
        elapsed: Duration,
    );
    /// The referee played a turn: `game` is the game now, `moves` its
    /// whole line.
    fn turn_played(&self, generation: u64, game: &Game, moves: &[String]);
    /// The referee's game ended with `result`.
    fn game_over(&self, generation: u64, result: GameResult);
    /// An engine printed `line` while searching for `side`.
    fn engine_line(&self, generation: u64, engine: &str, side: Color, line: &str);
    /// A message for the user (an engine that failed to start, ...).
    fn notice(&self, generation: u64, message: String);
}

/// The running thread and the handles to steer it.
pub struct Runner {
    /// Takes back what the thread is doing (a move asked, a search).
    interrupt: Interrupt,
    /// The person's moves, in a game.
    inbox: Option<Sender<String>>,
    /// New positions, in an analysis.
    targets: Option<Sender<Target>>,
    /// The `Skill Level` of each engine seat that takes one, in a game.
    skills: [Option<Skill>; 2],
    handle: JoinHandle<()>,
}

impl Runner {
    /// Stops the thread and waits for it (its engines have quit then).
    pub fn stop(self) {
        self.interrupt.raise();
        drop(self.inbox);
        drop(self.targets);
        if self.handle.join().is_err() {
            log::error!("the GUI's game thread panicked");
        }
    }

    pub fn inbox(&self) -> Option<Sender<String>> {
        self.inbox.clone()
    }

    /// The engine of `side` plays at `skill` from its next move (none
    /// there, or one that takes no level: nothing changes).
    pub fn set_skill(&self, side: Color, skill: u8) {
        if let Some(dial) = &self.skills[side.index()] {
            dial.0.store(skill, Ordering::SeqCst);
        }
    }

    /// Points a running analysis at a new position; false when this is
    /// no analysis or it has ended.
    pub fn retarget(&self, target: Target) -> bool {
        let Some(targets) = &self.targets else {
            return false;
        };
        if self.handle.is_finished() || targets.send(target).is_err() {
            return false;
        }
        // After the send, so the thread that clears the flag sees the
        // new position (see `analyse`).
        self.interrupt.raise();
        true
    }
}

/// A position to analyse.
#[derive(Clone, Debug)]
pub struct Target {
    pub generation: u64,
    pub start_fen: String,
    pub moves: Vec<String>,
    /// The side the engine searches for.
    pub side: Color,
    /// Nothing to search (the game has ended).
    pub over: bool,
}

impl Target {
    pub fn of(s: &Session) -> Target {
        Target {
            generation: s.generation,
            start_fen: s.start_fen.clone(),
            moves: s.line[..s.cursor].to_vec(),
            side: s.game.side_to_move(),
            over: s.game.outcome().is_some(),
        }
    }
}

// ----- a game ------------------------------------------------------------

/// The `Skill Level` an engine seat is to play at: the hub sets it (the
/// page's level picker), the seat reads it before each search.
#[derive(Clone, Debug)]
struct Skill(Arc<AtomicU8>);

/// Who sits on one side: a person, or an engine with its `Skill Level`
/// where it takes one.
enum SeatSpec {
    Person,
    Engine(ProgramConfig, Option<Skill>),
}

/// Starts the referee on the session's game in its mode.
pub fn start_game(hub: Arc<dyn Reports>, engines: &[Engine], s: &Session) -> Runner {
    let interrupt = Interrupt::default();
    let (inbox, moves_in) = unbounded();
    let skills = Color::ALL.map(|side| {
        let engine = &engines[s.sides[side.index()]];
        let seated = !s.mode.human_plays(side) && engine.takes_level;
        let skill = s.levels[side.index()].skill();
        seated.then(|| Skill(Arc::new(AtomicU8::new(skill))))
    });
    let seats = Color::ALL.map(|side| {
        if s.mode.human_plays(side) {
            SeatSpec::Person
        } else {
            let config = engines[s.sides[side.index()]].config.clone();
            SeatSpec::Engine(config, skills[side.index()].clone())
        }
    });
    let game = GameRun {
        hub,
        generation: s.generation,
        interrupt: interrupt.clone(),
        game: s.game.clone(),
        start_fen: s.start_fen.clone(),
        moves: s.line.clone(),
        limits: s.limits(),
    };
    let handle = std::thread::spawn(move || game.run(seats, moves_in));
    Runner {
        interrupt,
        inbox: Some(inbox),
        targets: None,
        skills,
        handle,
    }
}

struct GameRun {
    hub: Arc<dyn Reports>,
    generation: u64,
    interrupt: Interrupt,
    game: Game,
    start_fen: String,
    moves: Vec<String>,
    limits: [Limit; 2],
}

impl GameRun {
    fn run(mut self, specs: [SeatSpec; 2], moves_in: Receiver<String>) {
        let variant = self.game.variant();
        let moves_in = Rc::new(moves_in);
        let mut seats: Vec<Box<dyn Seat>> = Vec::new();
        for (side, spec) in Color::ALL.into_iter().zip(specs) {
            match self.seat(side, spec, variant, &moves_in) {
                Ok(seat) => seats.push(seat),
                Err(lost) => {
                    seats.into_iter().for_each(|s| s.quit());
                    self.hub.game_over(self.generation, lost);
                    return;
                }
            }
        }
        let [white, black]: [Box<dyn Seat>; 2] = seats.try_into().ok().expect("two seats");
        // As on lichess, each side's clock starts with its own first move.
        let mut players = Players::seated(variant, &self.start_fen, [white, black], self.limits)
            .starting_clocks(ClockStart::AfterOwnFirstMove);
        let mut sheet = ScoreSheet::new(std::mem::take(&mut self.moves));
        let adjudication = Adjudication::default();
        let result = loop {
            match referee::next_turn(&mut self.game, &mut players, &mut sheet, &adjudication) {
                Ok(()) => self
                    .hub
                    .turn_played(self.generation, &self.game, &sheet.moves),
                Err(end) => break end,
            }
        };
        players.quit();
        if !self.interrupt.is_raised() {
            self.hub.game_over(self.generation, result);
        }
    }

    /// The seat of `side`: the person, or the engine started for it (one
    /// that fails to start loses the game, as in `turncoat match`).
    fn seat(
        &self,
        side: Color,
        spec: SeatSpec,
        variant: Variant,
        moves_in: &Rc<Receiver<String>>,
    ) -> Result<Box<dyn Seat>, GameResult> {
        let reporter = Reporter {
            hub: self.hub.clone(),
            generation: self.generation,
            side,
        };
        match spec {
            SeatSpec::Person => Ok(Box::new(Person {
                reporter,
                moves_in: moves_in.clone(),
                interrupt: self.interrupt.clone(),
            })),
            SeatSpec::Engine(config, skill) => {
                let mut engine = Program::start(&config, variant).map_err(|f| {
                    self.hub
                        .notice(self.generation, format!("{}: {f}", config.name));
                    GameResult::forfeit(side, f)
                })?;
                let (hub, generation, name) =
                    (self.hub.clone(), self.generation, config.name.clone());
                engine.set_watch(Watch {
                    on_line: Box::new(move |line| hub.engine_line(generation, &name, side, line)),
                    interrupt: self.interrupt.clone(),
                });
                Ok(Box::new(EngineSeat {
                    reporter,
                    engine,
                    skill: skill.map(|dial| (dial, None)),
                }))
            }
        }
    }
}

/// Tells the hub what a seat is doing.
struct Reporter {
    hub: Arc<dyn Reports>,
    generation: u64,
    side: Color,
}

impl Reporter {
    fn asking(&self, request: &MoveRequest, human: bool) {
        self.hub.asking(self.generation, request, human);
    }

    /// `moves`: what the seat was shown; its move comes after them (for
    /// black in apocalypse after white's hidden ply, which `moves` holds
    /// a stand-in for).
    fn answered(&self, moves: &[String], answer: &Answer) {
        let ply = moves.len() + 1;
        self.hub.answered(
            self.generation,
            self.side,
            ply,
            answer.score,
            answer.elapsed,
        );
    }
}

/// The person at the board: the move comes from the page.
struct Person {
    reporter: Reporter,
    moves_in: Rc<Receiver<String>>,
    interrupt: Interrupt,
}

impl Seat for Person {
    fn request_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure> {
        let began = Instant::now();
        // A person on the clock loses on time like an engine, once the
        // clock runs (not on a first move: `ClockStart`).
        let deadline = match request.limit {
            MoveLimit::Clock { .. } if request.timed => {
                request.budget().map(|b| began + b + request.grace)
            }
            _ => None,
        };
        self.reporter.asking(request, true);
        // Without a clock a person may think for ever.
        let deadline = deadline.unwrap_or(began + Duration::from_secs(365 * 24 * 3600));
        loop {
            if self.interrupt.is_raised() {
                return Err(Failure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            select! {
                recv(self.moves_in) -> mv => {
                    let Ok(mv) = mv else {
                        return Err(Failure::Interrupted);
                    };
                    let answer = Answer {
                        mv,
                        score: None,
                        elapsed: began.elapsed(),
                    };
                    self.reporter.answered(request.moves, &answer);
                    return Ok(answer);
                }
                // The flag, looked at above, decides.
                recv(self.interrupt.woken()) -> _ => {}
                default(left) => return Err(Failure::Hung),
            }
        }
    }

    fn quit(self: Box<Self>) {}
}

/// An engine process in a GUI game: its lines go to the page.
struct EngineSeat {
    reporter: Reporter,
    engine: Program,
    /// Its `Skill Level` as set, and as last sent (none yet).
    skill: Option<(Skill, Option<u8>)>,
}

impl EngineSeat {
    /// Sends the `Skill Level` set since the last search, if it changed
    /// (a level chosen during the game applies from this move).
    fn send_skill(&mut self) -> Result<(), Failure> {
        let Some((dial, sent)) = &mut self.skill else {
            return Ok(());
        };
        let wanted = dial.0.load(Ordering::SeqCst);
        if *sent != Some(wanted) {
            self.engine.set_option(SKILL_OPTION, &wanted.to_string())?;
            *sent = Some(wanted);
        }
        Ok(())
    }
}

impl Seat for EngineSeat {
    fn request_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure> {
        self.send_skill()?;
        self.reporter.asking(request, false);
        let answer = self.engine.request_move(request)?;
        self.reporter.answered(request.moves, &answer);
        Ok(answer)
    }

    fn quit(self: Box<Self>) {
        self.engine.quit();
    }
}

// ----- an analysis -------------------------------------------------------

/// Starts an engine analysing `target` with the session's settings;
/// `None` when no engine is configured.
pub fn start_analysis(
    hub: Arc<dyn Reports>,
    engines: &[Engine],
    s: &Session,
    target: Target,
) -> Option<Runner> {
    debug_assert_eq!(s.mode, Mode::Analysis);
    // At full strength: an analysis is no opponent to be beaten.
    let config = engines.get(s.analysis_engine)?.config.clone();
    let interrupt = Interrupt::default();
    let (targets, targets_in) = unbounded();
    targets.send(target).ok()?;
    let run = AnalysisRun {
        hub,
        config,
        variant: s.variant,
        multipv: s.multipv,
        interrupt: interrupt.clone(),
    };
    let handle = std::thread::spawn(move || run.run(targets_in));
    Some(Runner {
        interrupt,
        inbox: None,
        targets: Some(targets),
        skills: [None, None],
        handle,
    })
}

struct AnalysisRun {
    hub: Arc<dyn Reports>,
    config: ProgramConfig,
    variant: Variant,
    multipv: u32,
    interrupt: Interrupt,
}

impl AnalysisRun {
    fn run(self, targets: Receiver<Target>) {
        let Ok(mut target) = targets.recv() else {
            return;
        };
        let mut engine = match Program::start(&self.config, self.variant) {
            Ok(e) => e,
            Err(f) => {
                let why = format!("analysis engine {}: {f}", self.config.name);
                self.hub.notice(target.generation, why);
                return;
            }
        };
        // Whose lines these are: the generation and side of the position
        // being searched (lines of an older one are dropped by the hub).
        let current = Arc::new(AtomicU64::new(target.generation));
        let side = Arc::new(AtomicBool::new(target.side == Color::White));
        let (hub, name) = (self.hub.clone(), self.config.name.clone());
        let (seen, white) = (current.clone(), side.clone());
        engine.set_watch(Watch {
            on_line: Box::new(move |line| {
                let side = if white.load(Ordering::SeqCst) {
                    Color::White
                } else {
                    Color::Black
                };
                hub.engine_line(seen.load(Ordering::SeqCst), &name, side, line);
            }),
            interrupt: self.interrupt.clone(),
        });
        loop {
            // Cleared before the newest position is taken: a position sent
            // after this sets the flag again (see `Runner::retarget`).
            self.interrupt.clear();
            loop {
                match targets.try_recv() {
                    Ok(t) => target = t,
                    Err(TryRecvError::Empty) => break,
                    // The hub let go of this analysis.
                    Err(TryRecvError::Disconnected) => {
                        engine.quit();
                        return;
                    }
                }
            }
            current.store(target.generation, Ordering::SeqCst);
            side.store(target.side == Color::White, Ordering::SeqCst);
            if !target.over {
                if let Err(f) = engine.analyse(&target.start_fen, &target.moves, self.multipv) {
                    let why = format!("analysis engine {}: {f}", self.config.name);
                    self.hub.notice(target.generation, why);
                    break;
                }
            }
            // Searched out, or nothing to search: wait for a new position
            // (or, when the hub lets go, the end of the channel).
            if !self.interrupt.is_raised() {
                match targets.recv() {
                    Ok(t) => target = t,
                    Err(_) => break,
                }
            }
        }
        engine.quit();
    }
}
