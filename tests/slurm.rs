//! Sharded matches on cluster schedulers (docs/match.md, *Sharding and
//! clusters*): a one-node Slurm cluster (munged, slurmctld, slurmd from
//! Debian's `munge` and `slurm-wlm`) started in a temporary directory runs
//! contrib/slurm/submit.sh — a 4-task job array of a small match at fixed
//! depth, then the dependent merge job — and the merged report must be the
//! unsharded run's, line for line. The Kubernetes manifests
//! (contrib/k8s/) are checked for their shape, and the scripts they hold
//! are run as the pods would run them, shard by shard and then the merge.
//!
//! `.ci/run` installs slurm-wlm and munge; without them, or not as root,
//! the Slurm test says it is skipped and passes (in CI, where `CI` is set,
//! it fails). Every daemon it starts is ended on every path (a guard's
//! Drop), and every wait has a time limit. `cargo test --release --test
//! slurm -- --nocapture` shows the jobs' outputs and the timings.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const T: &str = env!("CARGO_BIN_EXE_turncoat");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The small match: fixed depth, one thread, seeded openings — the same
/// games on every run, sharded or not. The wide SPRT bounds are never
/// reached in 8 pairs, so the LLR and SPRT lines are compared too.
fn match_args(turncoat: &str) -> Vec<String> {
    let cmd = format!("cmd={turncoat}");
    [
        "-engine",
        &cmd,
        "name=a",
        "depth=2",
        "-engine",
        &cmd,
        "name=b",
        "depth=1",
        "-each",
        "proto=uci",
        "option.Threads=1",
        "-variant",
        "chess",
        "-games",
        "2",
        "-rounds",
        "8",
        "-repeat",
        "-openings",
        "plies=4",
        "-seed",
        "7",
        "-maxmoves",
        "80",
        "-sprt",
        "elo0=-10",
        "elo1=0",
        "alpha=0.001",
        "beta=0.001",
        "-concurrency",
        "1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The lines of the report at the end of a match, as `match-merge` prints
/// them.
fn report_lines(out: &str) -> Vec<String> {
    const STARTS: [&str; 7] = [
        "Elo difference:",
        "Elo:",
        "Games:",
        "Ptnml(0-2):",
        "LLR:",
        "SPRT ",
        "Finished match",
    ];
    out.lines()
        .filter(|l| STARTS.iter().any(|s| l.starts_with(s)))
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The report of the small match played in one run, and its wall time.
fn unsharded_report(dir: &Path) -> (Vec<String>, Duration) {
    let start = Instant::now();
    let mut cmd = Command::new(T);
    cmd.arg("match").args(match_args(T)).current_dir(dir);
    let out = run_limited(&mut cmd, Duration::from_secs(120)).expect("unsharded match");
    let elapsed = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = report_lines(&text);
    for line in [
        "Elo:",
        "Games: 16,",
        "Ptnml(0-2):",
        "LLR:",
        "Finished match",
    ] {
        assert!(
            report.iter().any(|l| l.starts_with(line)),
            "no {line:?} in the report:\n{text}"
        );
    }
    (report, elapsed)
}

/// Runs `cmd` (stdin closed, stdout and stderr read) for at most `limit`;
/// past it the process is killed and the error holds what it printed.
fn run_limited(cmd: &mut Command, limit: Duration) -> Result<Output, String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let reader = |mut pipe: Box<dyn Read + Send>| {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            let _ = tx.send(buf);
        });
        rx
    };
    let stdout = reader(Box::new(child.stdout.take().unwrap()));
    let stderr = reader(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // A grandchild could keep a pipe open: wait for the rest a little only.
    let take =
        |rx: mpsc::Receiver<Vec<u8>>| rx.recv_timeout(Duration::from_secs(5)).unwrap_or_default();
    let (stdout, stderr) = (take(stdout), take(stderr));
    match status {
        Some(status) => Ok(Output {
            status,
            stdout,
            stderr,
        }),
        None => Err(format!(
            "{cmd:?} still running after {limit:?}, killed\n{}\n{}",
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&stderr)
        )),
    }
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(what: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let dir = std::env::temp_dir().join(format!("turncoat-{what}-{}-{nanos}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where `name` is installed: on the PATH, or in the sbin directories a
/// non-login root shell may lack.
fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// Two distinct ports nobody listens on now (asked of the kernel, both
/// held until both are known, then let go).
fn free_ports() -> (u16, u16) {
    let bind = || std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let (a, b) = (bind(), bind());
    (
        a.local_addr().unwrap().port(),
        b.local_addr().unwrap().port(),
    )
}

/// Sends `signal` to `pid` with kill(1).
fn signal(pid: u32, signal: &str) {
    let _ = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .stderr(Stdio::null())
        .status();
}

/// The one-node cluster: its directory and the daemons it started. Drop
/// cancels its jobs, ends the daemons (TERM, then KILL), kills whatever is
/// left that carries the directory in its environment (the jobs and
/// slurmstepd: `SLURM_CONF` names it) and removes the directory.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    daemons: Vec<(&'static str, Child)>,
    jobs: Vec<String>,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd in `dir`, and waits until the
    /// node is idle.
    fn start(dir: PathBuf, programs: &Programs) -> Cluster {
        let conf = dir.join("slurm.conf");
        let mut cluster = Cluster {
            dir: dir.clone(),
            conf: conf.clone(),
            daemons: Vec::new(),
            jobs: Vec::new(),
        };
        for sub in ["state", "spool", "log", "results"] {
            fs::create_dir_all(dir.join(sub)).unwrap();
        }

        // munge: a key of 1024 random bytes, readable by its owner (root,
        // who runs munged) alone, and the daemon on a socket of our own.
        let key = dir.join("munge.key");
        let mut bytes = vec![0u8; 1024];
        fs::File::open("/dev/urandom")
            .unwrap()
            .read_exact(&mut bytes)
            .unwrap();
        fs::write(&key, &bytes).unwrap();
        set_mode(&key, 0o400);
        let socket = dir.join("munge.socket");
        let munged = cluster.spawn(
            "munged",
            Command::new(&programs.munged)
                .arg("--foreground")
                .arg("--force")
                .arg(format!("--key-file={}", key.display()))
                .arg(format!("--socket={}", socket.display()))
                .arg(format!("--pid-file={}", dir.join("munged.pid").display()))
                .arg(format!(
                    "--log-file={}",
                    dir.join("log/munged.log").display()
                ))
                .arg(format!("--seed-file={}", dir.join("munged.seed").display())),
        );
        cluster.daemons.push(("munged", munged));
        cluster.wait_for("munged's socket", Duration::from_secs(20), |c| {
            socket
                .exists()
                .then_some(())
                .ok_or_else(|| c.log("munged.log"))
        });

        // The node as slurmd sees it (its name, CPUs and their layout).
        let out = run_limited(
            Command::new(&programs.slurmd).arg("-C"),
            Duration::from_secs(30),
        )
        .expect("slurmd -C");
        let detected = String::from_utf8_lossy(&out.stdout).into_owned();
        let node: Vec<&str> = detected
            .lines()
            .find(|l| l.starts_with("NodeName="))
            .unwrap_or_else(|| panic!("slurmd -C printed no NodeName= line:\n{detected}"))
            .split_whitespace()
            .filter(|field| {
                [
                    "NodeName=",
                    "CPUs=",
                    "Boards=",
                    "SocketsPerBoard=",
                    "CoresPerSocket=",
                    "ThreadsPerCore=",
                ]
                .iter()
                .any(|k| field.starts_with(k))
            })
            .collect();
        let host = node[0].trim_start_matches("NodeName=");
        let d = dir.display();
        let ports = free_ports();
        let text = format!(
            "# A one-node cluster for tests/slurm.rs.\n\
             ClusterName=turncoat-test\n\
             SlurmctldHost={host}(127.0.0.1)\n\
             SlurmctldPort={ctld_port}\n\
             SlurmdPort={slurmd_port}\n\
             SlurmUser=root\n\
             SlurmdUser=root\n\
             AuthType=auth/munge\n\
             CredType=cred/munge\n\
             AuthInfo=socket={socket}\n\
             ProctrackType=proctrack/linuxproc\n\
             TaskPlugin=task/none\n\
             SelectType=select/cons_tres\n\
             SelectTypeParameters=CR_CPU\n\
             SchedulerType=sched/backfill\n\
             MpiDefault=none\n\
             JobAcctGatherType=jobacct_gather/none\n\
             AccountingStorageType=accounting_storage/none\n\
             ReturnToService=2\n\
             MessageTimeout=10\n\
             StateSaveLocation={d}/state\n\
             SlurmdSpoolDir={d}/spool\n\
             SlurmctldPidFile={d}/slurmctld.pid\n\
             SlurmdPidFile={d}/slurmd.pid\n\
             SlurmctldLogFile={d}/log/slurmctld.log\n\
             SlurmdLogFile={d}/log/slurmd.log\n\
             {node} NodeAddr=127.0.0.1 State=UNKNOWN\n\
             PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            ctld_port = ports.0,
            slurmd_port = ports.1,
            socket = socket.display(),
            node = node.join(" "),
        );
        fs::write(&conf, &text).unwrap();
        fs::write(
            dir.join("cgroup.conf"),
            "CgroupPlugin=cgroup/v1\nIgnoreSystemd=yes\n",
        )
        .unwrap();
        println!("slurm: slurm.conf\n{text}");

        let ctld = cluster.spawn("slurmctld", Command::new(&programs.slurmctld).arg("-D"));
        cluster.daemons.push(("slurmctld", ctld));
        let slurmd = cluster.spawn("slurmd", Command::new(&programs.slurmd).arg("-D"));
        cluster.daemons.push(("slurmd", slurmd));

        cluster.wait_for("the node to be idle", Duration::from_secs(60), |c| {
            let out = c.slurm_command("sinfo", &["-h", "-o", "%T"])?;
            if out.trim() == "idle" {
                Ok(())
            } else {
                Err(format!("sinfo: {out:?}"))
            }
        });
        cluster
    }

    /// `program` started with the cluster's environment, its output in the
    /// log directory.
    fn spawn(&self, name: &str, cmd: &mut Command) -> Child {
        let log =
            |suffix: &str| fs::File::create(self.dir.join(format!("log/{name}.{suffix}"))).unwrap();
        cmd.env("SLURM_CONF", &self.conf)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(log("stdout"))
            .stderr(log("stderr"))
            .spawn()
            .unwrap_or_else(|e| panic!("start {name}: {e}"))
    }

    /// Runs a Slurm client command (at most 30 s) against this cluster.
    fn slurm_command(&self, program: &str, args: &[&str]) -> Result<String, String> {
        let out = run_limited(
            Command::new(find_program(program).ok_or(format!("no {program}"))?)
                .args(args)
                .env("SLURM_CONF", &self.conf),
            Duration::from_secs(30),
        )?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(format!(
                "{program} {args:?}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    /// Polls `ready` every half second until it is Ok; past `limit`, fails
    /// the test with its last error, a daemon that died, and the logs.
    fn wait_for<R>(
        &mut self,
        what: &str,
        limit: Duration,
        mut ready: impl FnMut(&Cluster) -> Result<R, String>,
    ) -> R {
        let deadline = Instant::now() + limit;
        loop {
            let last = match ready(self) {
                Ok(r) => return r,
                Err(e) => e,
            };
            let died = self.daemons.iter_mut().find_map(|(name, child)| {
                child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|status| format!("{name} exited ({status})"))
            });
            if let Some(died) = died {
                panic!("{died} while waiting for {what}\n{}", self.logs());
            }
            if Instant::now() > deadline {
                panic!("no {what} after {limit:?}: {last}\n{}", self.logs());
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    }

    /// The last lines of one log file.
    fn log(&self, name: &str) -> String {
        let text = fs::read_to_string(self.dir.join("log").join(name)).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        format!(
            "--- {name}\n{}",
            lines[lines.len().saturating_sub(30)..].join("\n")
        )
    }

    fn logs(&self) -> String {
        let mut names: Vec<String> = fs::read_dir(self.dir.join("log"))
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
            .iter()
            .map(|n| self.log(n))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The state of a job (of each task of an array), from
    /// `scontrol show job -o`: (id, JobState, StartTime, EndTime).
    fn job_states(&self, id: &str) -> Result<Vec<[String; 4]>, String> {
        let out = self.slurm_command("scontrol", &["show", "job", "-o", id])?;
        Ok(out
            .lines()
            .filter(|l| l.starts_with("JobId="))
            .map(|line| {
                let field = |key: &str| {
                    line.split_whitespace()
                        .find_map(|f| f.strip_prefix(key))
                        .unwrap_or("?")
                        .to_string()
                };
                let task = field("ArrayTaskId=");
                let id = if task == "?" {
                    field("JobId=")
                } else {
                    format!("{}_{task}", field("ArrayJobId="))
                };
                [
                    id,
                    field("JobState="),
                    field("StartTime="),
                    field("EndTime="),
                ]
            })
            .collect())
    }

    /// Kills whatever process still carries the cluster's directory in its
    /// environment (jobs, slurmstepd); returns how many there were.
    fn kill_leftovers(&self) -> usize {
        let needle = self.dir.to_string_lossy().into_owned().into_bytes();
        let me = std::process::id();
        let mut found = 0;
        for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            if pid == me {
                continue;
            }
            let Ok(env) = fs::read(entry.path().join("environ")) else {
                continue;
            };
            if env.windows(needle.len()).any(|w| w == needle.as_slice()) {
                signal(pid, "KILL");
                found += 1;
            }
        }
        found
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Jobs first, while slurmctld and slurmd can still end them.
        if !self.jobs.is_empty() && self.daemons.len() == 3 {
            let jobs: Vec<&str> = self.jobs.iter().map(String::as_str).collect();
            let _ = self.slurm_command("scancel", &jobs);
            let deadline = Instant::now() + Duration::from_secs(15);
            while Instant::now() < deadline {
                match self.slurm_command("squeue", &["-h", "-o", "%i %T"]) {
                    Ok(out) if out.trim().is_empty() => break,
                    Err(_) => break,
                    _ => std::thread::sleep(Duration::from_millis(500)),
                }
            }
        }
        // The daemons in reverse order of their start: TERM, then KILL.
        while let Some((_, mut child)) = self.daemons.pop() {
            signal(child.id(), "TERM");
            let deadline = Instant::now() + Duration::from_secs(10);
            while child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        // Whatever they left (slurmctld's slurmscriptd, slurmstepd, jobs).
        for _ in 0..10 {
            if self.kill_leftovers() == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        if std::env::var_os("TURNCOAT_KEEP_SLURM").is_none() {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

struct Programs {
    munged: PathBuf,
    slurmctld: PathBuf,
    slurmd: PathBuf,
}

/// The daemons and commands, or why the test cannot run (a failure in CI).
fn slurm_programs() -> Option<Programs> {
    let missing: Vec<&str> = [
        "munged",
        "slurmctld",
        "slurmd",
        "sbatch",
        "scontrol",
        "sinfo",
        "squeue",
        "scancel",
    ]
    .into_iter()
    .filter(|p| find_program(p).is_none())
    .collect();
    let why = if !missing.is_empty() {
        format!("{missing:?} not installed: apt-get install slurm-wlm munge")
    } else if !is_root() {
        "not running as root (munged and slurmd here run as root)".to_string()
    } else {
        return Some(Programs {
            munged: find_program("munged")?,
            slurmctld: find_program("slurmctld")?,
            slurmd: find_program("slurmd")?,
        });
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "slurm: cannot run in CI: {why} (.ci/run installs slurm-wlm and munge)"
    );
    println!("slurm: skipped ({why})");
    None
}

#[test]
fn slurm_job_array_merges_to_the_unsharded_report() {
    let Some(programs) = slurm_programs() else {
        return;
    };
    let dir = temp_dir("slurm");
    let (expected, unsharded_time) = unsharded_report(&dir);
    println!(
        "slurm: unsharded run: {:.1} s",
        unsharded_time.as_secs_f64()
    );

    let started = Instant::now();
    let mut cluster = Cluster::start(dir.clone(), &programs);
    println!(
        "slurm: cluster up in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let results = dir.join("results");
    let submitted = Instant::now();
    let out = run_limited(
        Command::new("bash")
            .arg(format!("{ROOT}/contrib/slurm/submit.sh"))
            .args(match_args(T))
            .current_dir(&dir)
            .env("SLURM_CONF", &cluster.conf)
            .env("RESULTS_DIR", &results)
            .env("TURNCOAT", T)
            .env("SHARDS", "4")
            .env("CPUS_PER_TASK", "1"),
        Duration::from_secs(60),
    )
    .expect("submit.sh");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "submit.sh failed: {text}\n{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        cluster.logs()
    );
    print!("slurm: submit.sh:\n{text}");
    let id_after = |prefix: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(prefix))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no {prefix:?} in submit.sh's output"))
            .to_string()
    };
    let (array, merge) = (id_after("array job "), id_after("merge job "));
    cluster.jobs = vec![array.clone(), merge.clone()];

    // The merge job ends when the array has (or is cancelled when a task
    // fails: --kill-on-invalid-dep); a failed task fails the test at once.
    let finished = [
        "COMPLETED",
        "FAILED",
        "CANCELLED",
        "TIMEOUT",
        "NODE_FAIL",
        "OUT_OF_MEMORY",
        "BOOT_FAIL",
        "DEADLINE",
        "PREEMPTED",
    ];
    let state = cluster.wait_for("end of the merge job", Duration::from_secs(300), |c| {
        let tasks = c.job_states(&array)?;
        if let Some(t) = tasks
            .iter()
            .find(|t| t[1] != "COMPLETED" && finished.contains(&t[1].as_str()))
        {
            return Ok(format!("array task {} {}", t[0], t[1]));
        }
        let merge_state = c.job_states(&merge)?;
        match merge_state.first() {
            Some(m) if finished.contains(&m[1].as_str()) => Ok(m[1].clone()),
            other => Err(format!("merge job: {other:?}; array: {tasks:?}")),
        }
    });
    let slurm_time = submitted.elapsed();

    // The log of the run: each job's times and output.
    for id in [&array, &merge] {
        for [job, state, start, end] in cluster.job_states(id).unwrap_or_default() {
            println!("slurm: job {job}: {state}, {start} to {end}");
        }
    }
    let mut outputs: Vec<PathBuf> = fs::read_dir(&results)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .collect();
    outputs.sort();
    for path in &outputs {
        println!(
            "slurm: ==> {} <==\n{}",
            path.file_name().unwrap().to_string_lossy(),
            fs::read_to_string(path).unwrap_or_default()
        );
    }
    println!(
        "slurm: submit to merged report {:.1} s (4 shards on {} CPUs), unsharded {:.1} s",
        slurm_time.as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        unsharded_time.as_secs_f64()
    );
    assert_eq!(state, "COMPLETED", "{}", cluster.logs());

    let report = fs::read_to_string(results.join("report.txt")).expect("report.txt");
    assert_eq!(report_lines(&report), expected, "merged report:\n{report}");
    let pgn = fs::read_to_string(results.join("merged.pgn")).expect("merged.pgn");
    assert_eq!(pgn.matches("[Result \"").count(), 16, "{pgn}");
    for k in 0..4 {
        assert!(
            results.join(format!("shard-{k}.jsonl")).is_file(),
            "no shard-{k}.jsonl"
        );
    }
    drop(cluster);
    assert!(!dir.exists() || std::env::var_os("TURNCOAT_KEEP_SLURM").is_some());
}

/// contrib/slurm's scripts parse, and shellcheck (where installed) finds
/// nothing in them.
#[test]
fn slurm_scripts_are_clean_shell() {
    let scripts =
        ["match.sbatch", "merge.sbatch", "submit.sh"].map(|s| format!("{ROOT}/contrib/slurm/{s}"));
    for script in &scripts {
        let text = fs::read_to_string(script).unwrap();
        assert!(text.contains("set -euo pipefail"), "{script}");
        let out = Command::new("bash").arg("-n").arg(script).output().unwrap();
        assert!(
            out.status.success(),
            "{script}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    match Command::new("shellcheck").args(&scripts).output() {
        Ok(out) => assert!(
            out.status.success(),
            "shellcheck:\n{}",
            String::from_utf8_lossy(&out.stdout)
        ),
        Err(_) => println!("slurm: shellcheck not installed, not run"),
    }
}

/// The manifests as JSON values (YAML read by python3's yaml module), or
/// None where that is missing.
fn manifests(file: &str) -> Option<Vec<serde_json::Value>> {
    let path = format!("{ROOT}/contrib/k8s/{file}");
    let script = "import json, sys, yaml\n\
                  print(json.dumps([d for d in yaml.safe_load_all(open(sys.argv[1])) if d]))";
    let out = Command::new("python3")
        .args(["-c", script, &path])
        .output()
        .ok()?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("No module named 'yaml'"),
            "{file} is not YAML: {err}"
        );
        return None;
    }
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

/// A container's bash script, its $0 and its arguments.
fn container_script(job: &serde_json::Value) -> (String, Vec<String>) {
    let container = &job["spec"]["template"]["spec"]["containers"][0];
    assert_eq!(container["command"], serde_json::json!(["/bin/bash", "-c"]));
    let args: Vec<String> = container["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    (args[0].clone(), args[1..].to_vec())
}

fn env_value(job: &serde_json::Value, name: &str) -> String {
    job["spec"]["template"]["spec"]["containers"][0]["env"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .and_then(|e| e["value"].as_str())
        .unwrap_or_else(|| panic!("no env {name}"))
        .to_string()
}

/// contrib/k8s: an Indexed Job of 16 shards on a ReadWriteMany claim, and
/// a merge Job on the same claim; then their scripts run here as the pods
/// would (the image's /usr/local/bin/turncoat and /results replaced by this
/// build and a temporary directory), 4 shards of the small match and the
/// merge, whose report must be the unsharded run's.
#[test]
fn k8s_manifests_shard_and_merge() {
    let (Some(matches), Some(merges)) = (manifests("match-job.yaml"), manifests("merge-job.yaml"))
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "k8s: python3's yaml module missing in CI (.ci/run installs pyyaml)"
        );
        println!("k8s: skipped (python3's yaml module is not installed: pip install pyyaml)");
        return;
    };
    let claim = matches
        .iter()
        .find(|d| d["kind"] == "PersistentVolumeClaim")
        .expect("a PersistentVolumeClaim in match-job.yaml");
    assert_eq!(
        claim["spec"]["accessModes"],
        serde_json::json!(["ReadWriteMany"])
    );
    let claim_name = &claim["metadata"]["name"];
    let job = matches.iter().find(|d| d["kind"] == "Job").expect("a Job");
    let merge = merges
        .iter()
        .find(|d| d["kind"] == "Job")
        .expect("a merge Job");
    assert_eq!(job["apiVersion"], "batch/v1");
    assert_eq!(job["spec"]["completionMode"], "Indexed");
    let completions = job["spec"]["completions"].as_u64().unwrap();
    assert!(job["spec"]["parallelism"].as_u64().is_some());
    assert_eq!(
        env_value(job, "SHARDS"),
        completions.to_string(),
        "SHARDS is not completions"
    );
    assert_eq!(env_value(job, "RUN"), env_value(merge, "RUN"));
    for j in [job, merge] {
        let pod = &j["spec"]["template"]["spec"];
        assert_eq!(
            pod["volumes"][0]["persistentVolumeClaim"]["claimName"],
            *claim_name
        );
        assert_eq!(
            pod["containers"][0]["volumeMounts"][0]["mountPath"],
            "/results"
        );
        assert_eq!(
            j["spec"]["template"]["spec"]["containers"][0]["image"],
            job["spec"]["template"]["spec"]["containers"][0]["image"]
        );
    }
    let (shard_script, shard_args) = container_script(job);
    assert!(shard_script.contains("$JOB_COMPLETION_INDEX"));
    assert!(shard_args.iter().any(|a| a == "-engine"));
    let (merge_script, _) = container_script(merge);
    assert!(merge_script.contains("match-merge"));

    // The pods' scripts, run here.
    let dir = temp_dir("k8s");
    let (expected, _) = unsharded_report(&dir);
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(T, bin.join("turncoat")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let volume = dir.join("volume");
    let here = |script: &str| script.replace("/results", &volume.to_string_lossy());
    let run = |script: &str, args: Vec<String>, index: Option<u32>| {
        let mut cmd = Command::new("bash");
        cmd.arg("-c").arg(here(script)).arg("pod").args(args);
        cmd.env("PATH", &path).env("RUN", "test").env("SHARDS", "4");
        if let Some(k) = index {
            cmd.env("JOB_COMPLETION_INDEX", k.to_string());
        }
        let out = run_limited(&mut cmd, Duration::from_secs(120)).unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    for k in 0..4 {
        run(&shard_script, match_args(T), Some(k));
    }
    let report = run(&merge_script, Vec::new(), None);
    println!("k8s: the merge pod's output:\n{report}");
    assert_eq!(report_lines(&report), expected);
    assert!(volume.join("test/report.txt").is_file() && volume.join("test/merged.pgn").is_file());
    let _ = fs::remove_dir_all(&dir);
}
