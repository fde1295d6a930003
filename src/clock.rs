//! The clocks the engine reads: std's natively; in WebAssembly the host's
//! (`performance.now()` and `Date.now()` through the `web-time` crate),
//! since std's `Instant::now()` and `SystemTime::now()` panic on
//! wasm32-unknown-unknown, which has no clock of its own. A leaf module:
//! the search, the engine core and the bench take their clocks from here.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
