fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Protocol lines as arguments, as OpenBench runs engines:
    // `turncoat "genfens 10 seed 1 book None" quit`.
    if turncoat::protocol::commands_in_args(&args) {
        turncoat::protocol::run_args(&args);
        return;
    }
    std::process::exit(turncoat::cli::run(&args));
}
