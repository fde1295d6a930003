//! Where the engine core runs a search or a count. Natively on a thread of
//! its own, so that the protocol loop stays free for `isready`, `stop` and
//! `ponderhit` meanwhile. In WebAssembly (wasm32-unknown-unknown) there
//! are no threads: the work runs to its end on the calling thread before
//! the call that starts it returns, so a `go` answers its `bestmove` inside
//! the call that started it (docs/web.md, "One thread").

/// A search or count started by [`Task::run`] or [`Task::spawn`].
pub(crate) struct Task {
    #[cfg(not(target_arch = "wasm32"))]
    handle: std::thread::JoinHandle<()>,
}

impl Task {
    /// Starts `work` on a thread of its own (`std::thread::spawn`, which
    /// panics when no thread can be had), or, in WebAssembly, right here.
    pub fn run(work: impl FnOnce() + Send + 'static) -> Task {
        #[cfg(not(target_arch = "wasm32"))]
        return Task {
            handle: std::thread::spawn(work),
        };
        #[cfg(target_arch = "wasm32")]
        {
            work();
            Task {}
        }
    }

    /// Starts `work` on a thread named `name` with `stack` bytes of stack,
    /// or, in WebAssembly, right here (on the module's one stack, whose
    /// size web/build.rs sets).
    pub fn spawn(
        name: &str,
        stack: Option<usize>,
        work: impl FnOnce() + Send + 'static,
    ) -> std::io::Result<Task> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut builder = std::thread::Builder::new().name(name.into());
            if let Some(bytes) = stack {
                builder = builder.stack_size(bytes);
            }
            builder.spawn(work).map(|handle| Task { handle })
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (name, stack);
            work();
            Ok(Task {})
        }
    }

    /// Whether the work is done.
    pub fn is_finished(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.handle.is_finished();
        #[cfg(target_arch = "wasm32")]
        true
    }

    /// Waits for the end of the work. A panic in it is not passed on: the
    /// engine stays usable, as it did when a search thread panicked.
    pub fn join(self) {
        #[cfg(not(target_arch = "wasm32"))]
        let _ = self.handle.join();
    }
}
