//! Taking a request back from another thread (`turncoat gui`: a take-back,
//! a new game, a new position to analyse): a flag, and a wake-up on a
//! channel, so that a thread waiting for an engine's line or a person's
//! move sees it at once instead of looking at the flag now and then.

use crossbeam_channel::{bounded, Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One runner's interrupt, shared by the thread that raises it and the
/// one that waits. Clones are the same interrupt.
#[derive(Clone, Debug)]
pub struct Interrupt {
    raised: Arc<AtomicBool>,
    wake_tx: Sender<()>,
    wake_rx: Receiver<()>,
}

impl Default for Interrupt {
    fn default() -> Interrupt {
        // One pending wake-up is enough: the waiter looks at the flag.
        let (wake_tx, wake_rx) = bounded(1);
        Interrupt {
            raised: Arc::new(AtomicBool::new(false)),
            wake_tx,
            wake_rx,
        }
    }
}

impl Interrupt {
    /// Takes the current request back and wakes its waiter.
    pub fn raise(&self) {
        self.raised.store(true, Ordering::SeqCst);
        // Full: a wake-up is already pending, which is all it takes.
        let _ = self.wake_tx.try_send(());
    }

    /// Lowers the flag for the next request (a wake-up left pending only
    /// makes the waiter look at the flag once more).
    pub fn clear(&self) {
        self.raised.store(false, Ordering::SeqCst);
    }

    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::SeqCst)
    }

    /// The channel a waiter selects on beside what it waits for.
    pub fn woken(&self) -> &Receiver<()> {
        &self.wake_rx
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_waiter_wakes_when_raised_and_sees_the_flag() {
        let interrupt = Interrupt::default();
        let other = interrupt.clone();
        let waiter = std::thread::spawn(move || {
            // Without the wake-up this would wait out the whole minute.
            let woke = other.woken().recv_timeout(Duration::from_secs(60)).is_ok();
            (woke, other.is_raised())
        });
        interrupt.raise();
        interrupt.raise();
        assert_eq!(waiter.join().unwrap(), (true, true));
        interrupt.clear();
        assert!(!interrupt.is_raised());
    }
}
