//! A wake-up for a thread that waits on flags another thread sets (`stop`,
//! `ponderhit`): it sleeps on a condition variable instead of polling.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How long a waiter sleeps before it looks at its flags on its own,
/// should one be set without [`Signal::notify`]: a safety net, not a poll.
const RECHECK: Duration = Duration::from_millis(100);

/// Set a flag, then [`Signal::notify`]; wait with [`Signal::wait_while`].
#[derive(Debug, Default)]
pub struct Signal {
    lock: Mutex<()>,
    changed: Condvar,
}

impl Signal {
    /// Wakes every waiter, to look at its flags again. Taking the lock
    /// first means no waiter can miss it between its look and its sleep.
    pub fn notify(&self) {
        let _held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.changed.notify_all();
    }

    /// Returns once `waiting()` is false.
    pub fn wait_while(&self, mut waiting: impl FnMut() -> bool) {
        let mut held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while waiting() {
            held = match self.changed.wait_timeout(held, RECHECK) {
                Ok((held, _)) => held,
                Err(e) => e.into_inner().0,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn a_waiter_wakes_when_told() {
        let (flag, signal) = (AtomicBool::new(false), Signal::default());
        std::thread::scope(|s| {
            s.spawn(|| signal.wait_while(|| !flag.load(Ordering::Relaxed)));
            std::thread::sleep(Duration::from_millis(5));
            flag.store(true, Ordering::Relaxed);
            signal.notify();
        });
        signal.wait_while(|| false);
    }
}
