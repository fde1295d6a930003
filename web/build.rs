// The module's stack: rustc's default for wasm32 is 1 MiB, where a native
// search thread has 2 MiB and a perft thread 32 MiB (src/perft/mod.rs). The
// search and the count run on the module's one stack, so it gets 8 MiB,
// enough for the search's MAX_PLY plies and a perft as deep as any will
// finish. `cargo:rustc-link-arg` reaches only this crate's link.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size={}", 8 << 20);
    }
}
