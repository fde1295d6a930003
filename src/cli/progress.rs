//! The progress of a long command (datagen, analyse) on stderr: indicatif's bar
//! where the build has the `gui` feature (the terminal extras go with the
//! web stack), a log line after each batch without it (`RUST_LOG=info`).

/// Progress through `total` games.
#[cfg(feature = "gui")]
pub struct Progress(indicatif::ProgressBar);

#[cfg(feature = "gui")]
impl Progress {
    pub fn games(total: u64) -> Progress {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg}, ETA {eta}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        Progress(bar)
    }

    /// One more game done (from any thread).
    pub fn inc(&self) {
        self.0.inc(1);
    }

    /// What the games so far have given, after a batch.
    pub fn message(&self, message: String) {
        self.0.set_message(message);
    }

    pub fn finish(&self) {
        self.0.finish();
    }

    /// A line about one game: the bar's message on a terminal, a line on
    /// stderr otherwise (a log, a pipe).
    pub fn note(&self, line: String) {
        if self.0.is_hidden() {
            eprintln!("{line}");
        } else {
            self.0.set_message(line);
        }
    }
}

/// Progress through `total` games.
#[cfg(not(feature = "gui"))]
pub struct Progress {
    total: u64,
    done: std::sync::atomic::AtomicU64,
}

#[cfg(not(feature = "gui"))]
impl Progress {
    pub fn games(total: u64) -> Progress {
        Progress {
            total,
            done: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// One more game done (from any thread).
    pub fn inc(&self) {
        self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// What the games so far have given, after a batch.
    pub fn message(&self, message: String) {
        let done = self.done.load(std::sync::atomic::Ordering::Relaxed);
        log::info!("{done}/{} games, {message}", self.total);
    }

    pub fn finish(&self) {}

    /// A line about one game, on stderr.
    pub fn note(&self, line: String) {
        eprintln!("{line}");
    }
}
