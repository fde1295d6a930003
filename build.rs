//! Embeds the files of `src/gui/assets/` (the browser GUI's page, its ES
//! modules, style sheets and piece images) into the binary: `turncoat gui`
//! needs nothing else installed, and no front-end build step runs. The
//! folder is flat: the server serves each file by its name.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("src/gui/assets");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut table = String::from("&[\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        let absolute = std::fs::canonicalize(&path).unwrap();
        writeln!(table, "    ({name:?}, include_bytes!({:?})),", absolute).unwrap();
    }
    table.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("assets.rs");
    std::fs::write(out, table).unwrap();
}
