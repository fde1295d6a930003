fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(turncoat::cli::run(&args));
}
