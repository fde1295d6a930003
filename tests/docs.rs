//! The documentation holds: every relative link and anchor in README.md and
//! docs/ resolves; every citation of the rules book (`docs/rules.md §2.3`)
//! in the code, the tests and the docs names a section the book has; the
//! book's diagrams are what `turncoat diagram` draws today; the command
//! reference in docs/command-line.md is what `turncoat COMMAND --help`
//! prints today; and the commands README shows run.
//!
//! `TURNCOAT_RECORD=1 cargo test --test docs` redraws the diagrams and
//! rewrites the command reference.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "common/words.rs"]
mod words;
use words::words;

const T: &str = env!("CARGO_BIN_EXE_turncoat");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The markdown files a reader meets: README, the top-level documents and
/// everything under docs/.
fn markdown_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md"]
        .iter()
        .map(|f| root().join(f))
        .filter(|p| p.exists())
        .collect();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The text outside fenced code blocks and inline code, where links live.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code spans hold no links.
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)` links.
fn link_targets(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let target = rest[..end].split_whitespace().next().unwrap_or_default();
        targets.push(target.to_string());
        rest = &rest[end..];
    }
    targets
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor a markdown file offers: its headings' slugs (repeated ones
/// numbered as GitHub numbers them) and explicit `<a id="...">`s.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        if let Some(h) = line.strip_prefix('#') {
            let title = h.trim_start_matches('#').trim().replace('`', "");
            let base = slug(&title);
            let mut name = base.clone();
            let mut n = 0;
            while set.contains(&name) {
                n += 1;
                name = format!("{base}-{n}");
            }
            set.insert(name);
        }
        let mut rest = line;
        while let Some(i) = rest.find("<a id=\"").or_else(|| rest.find("<a name=\"")) {
            rest = &rest[i..];
            let start = rest.find('"').unwrap() + 1;
            let len = rest[start..].find('"').unwrap_or(0);
            set.insert(rest[start..start + len].to_string());
            rest = &rest[start + len..];
        }
    }
    set
}

#[test]
fn relative_links_and_anchors_resolve() {
    let mut broken = Vec::new();
    for file in markdown_files() {
        let text = read(&file);
        let dir = file.parent().unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if path.is_empty() {
                file.clone()
            } else {
                dir.join(path)
            };
            if !linked.exists() {
                broken.push(format!("{}: {target}: no such file", file.display()));
                continue;
            }
            let markdown = linked.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && markdown && !anchors(&read(&linked)).contains(anchor) {
                broken.push(format!("{}: {target}: no such anchor", file.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The sections the rules book numbers: headings `## §2 ...` and items
/// starting `**§4.1.3**`.
fn book_sections() -> BTreeSet<String> {
    let text = read(&root().join("docs/rules.md"));
    let mut set = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim_start().trim_start_matches(['-', '*', ' ']);
        let line = line.trim_start_matches('#').trim_start();
        if let Some(rest) = line.strip_prefix('§') {
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            set.insert(number.trim_end_matches('.').to_string());
        }
    }
    set
}

/// Every `§N.N` cited in a file's text (a `§` not followed by a number,
/// as in "`§N.N`", cites nothing).
fn citations(text: &str) -> Vec<String> {
    text.split('§')
        .skip(1)
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect::<String>()
                .trim_end_matches('.')
                .to_string()
        })
        .collect()
}

/// Citations in the old form, a section and then an item in parentheses
/// (`§5.3 (3)`, `§5.2 (a)`, `[§5.3](#s5.3) (3)`, also across a line break
/// in a comment): each with its line and as written. Every item now has a
/// number of its own (§5.3.3).
fn old_form_citations(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices('§') {
        let rest = &text[at + '§'.len_utf8()..];
        let number_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = rest[..number_len].trim_end_matches('.');
        if number.is_empty() {
            continue;
        }
        let mut after = &rest[number.len()..];
        // A markdown link's target: `[§5.3](#s5.3) (3)`.
        if let Some(link) = after.strip_prefix("](") {
            after = link.split_once(')').map_or("", |(_, tail)| tail);
        }
        // Spaces, and a line break with the next line's comment marker.
        let mut tail = after.trim_start_matches([' ', '\t']);
        if let Some(next) = tail.strip_prefix('\n') {
            tail = next
                .trim_start()
                .trim_start_matches(['/', '!', '#', '*'])
                .trim_start_matches([' ', '\t']);
        }
        let Some((item, _)) = tail.strip_prefix('(').and_then(|t| t.split_once(')')) else {
            continue;
        };
        let digits = !item.is_empty() && item.chars().all(|c| c.is_ascii_digit());
        let letter = item.len() == 1 && item.chars().all(|c| c.is_ascii_alphabetic());
        if digits || letter {
            let line = text[..at].matches('\n').count() + 1;
            found.push((line, format!("§{number} ({item})")));
        }
    }
    found
}

#[test]
fn old_form_citations_are_found() {
    let text = "docs/rules.md §5.3 (3): x\n/// see docs/rules.md §5.3\n/// (3) too\n[§5.2](#s5.2) (a)\n§5.3.3 (step 3), §1.1 (and §4), §2 (a rook)";
    assert_eq!(
        old_form_citations(text),
        vec![
            (1, "§5.3 (3)".to_string()),
            (2, "§5.3 (3)".to_string()),
            (4, "§5.2 (a)".to_string()),
        ]
    );
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.extension().is_some_and(|e| {
            ["rs", "py", "session", "md", "js", "html", "sh"].contains(&e.to_str().unwrap())
        }) {
            out.push(path);
        }
    }
}

#[test]
fn every_rules_citation_names_a_section_of_the_book() {
    let sections = book_sections();
    for expected in ["1", "2", "2.3", "3", "4.1.3", "5.3.1", "5.4"] {
        assert!(
            sections.contains(expected),
            "the book lacks §{expected}: {sections:?}"
        );
    }
    let mut files = Vec::new();
    for dir in ["src", "tests", "docs", "perft"] {
        files_under(&root().join(dir), &mut files);
    }
    files.extend(markdown_files());
    let mut dangling = Vec::new();
    let mut cited = 0;
    for file in &files {
        let text = read(file);
        if file.file_name().is_some_and(|n| n == "docs.rs") {
            continue;
        }
        for c in citations(&text) {
            cited += 1;
            if !sections.contains(&c) {
                dangling.push(format!("{}: §{c}", file.display()));
            }
        }
        if text.contains("RULES.md") {
            dangling.push(format!("{}: cites RULES.md, not the book", file.display()));
        }
        for (line, cite) in old_form_citations(&text) {
            dangling.push(format!(
                "{}:{line}: `{cite}` cites an item by the old form; cite the numbered rule (like §5.3.3)",
                file.display()
            ));
        }
    }
    assert!(cited > 100, "only {cited} citations found");
    assert!(
        dangling.is_empty(),
        "citations of missing sections:\n{}",
        dangling.join("\n")
    );
}

#[test]
fn the_rules_book_diagrams_are_drawn_by_the_engine() {
    let record = std::env::var_os("TURNCOAT_RECORD").is_some();
    let book = read(&root().join("docs/rules.md"));
    let tmp = std::env::temp_dir().join(format!("turncoat-diagrams-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut count = 0;
    let mut stale = Vec::new();
    for comment in book.split("<!-- diagram:").skip(1) {
        let spec = comment.split("-->").next().unwrap();
        let mut args = words(spec);
        assert!(!args.is_empty(), "a diagram comment without a file");
        let file = args.remove(0);
        let committed = root().join("docs").join(&file);
        let drawn = tmp.join(format!("{count}.svg"));
        let out = Command::new(T)
            .arg("diagram")
            .args(&args)
            .arg("-o")
            .arg(&drawn)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "turncoat diagram {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            book.contains(&format!("]({file})")),
            "{file} is drawn but never shown"
        );
        let svg = read(&drawn);
        if record {
            std::fs::create_dir_all(committed.parent().unwrap()).unwrap();
            std::fs::write(&committed, &svg).unwrap();
        } else if !committed.exists() || read(&committed) != svg {
            stale.push(file);
        }
        count += 1;
    }
    assert!(count >= 4, "only {count} diagrams in the rules book");
    assert!(
        stale.is_empty(),
        "diagrams that differ from what `turncoat diagram` draws (TURNCOAT_RECORD=1 redraws them): {stale:?}"
    );
}

/// The commands of README's ```sh blocks, with `turncoat` or `cargo run
/// --release --` as the program; `gui` (a server) and `cargo test` are
/// left out, and so are lines marked `# needs: PROGRAM`.
fn readme_commands() -> Vec<String> {
    let text = read(&root().join("README.md"));
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && (trimmed == "```sh" || trimmed == "```bash" || trimmed == "```shell");
            continue;
        }
        if !in_sh {
            continue;
        }
        let line = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
        if let Some(start) = line.strip_suffix('\\') {
            pending.push_str(start);
            continue;
        }
        let full = format!("{pending}{line}");
        pending.clear();
        if full.contains("# needs:") {
            continue;
        }
        let command = full.split(" #").next().unwrap().trim().to_string();
        let runs_turncoat = command.starts_with("turncoat ")
            || command.starts_with("cargo run --release")
            || command.contains("| turncoat");
        let server = words(&command).iter().any(|w| w == "gui");
        if runs_turncoat && !server {
            commands.push(command);
        }
    }
    commands
}

#[test]
fn readme_commands_run() {
    let commands = readme_commands();
    assert!(
        commands.len() >= 3,
        "README shows too few commands: {commands:?}"
    );
    let dir = std::env::temp_dir().join(format!("turncoat-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for shared in ["perft", "tests", "docs"] {
        let link = dir.join(shared);
        if !link.exists() {
            std::os::unix::fs::symlink(root().join(shared), link).unwrap();
        }
    }
    // Examples name the binary as built (`cmd=target/release/turncoat`).
    let built = dir.join("target/release/turncoat");
    if !built.exists() {
        std::fs::create_dir_all(built.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(T, built).unwrap();
    }
    for command in commands {
        let shell = command
            .replace("cargo run --release --", T)
            .replace("cargo run --release", T);
        let shell = words_replaced(&shell);
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&shell)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                panic!("README's `{command}` did not finish in 120 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut err = String::new();
        use std::io::Read;
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(
            status.success(),
            "README's `{command}` failed: {status}\n{err}"
        );
    }
}

/// `turncoat` as a command word (at the start or after a pipe) becomes
/// this build's path.
fn words_replaced(shell: &str) -> String {
    shell
        .split('|')
        .map(|part| {
            let trimmed = part.trim_start();
            match trimmed.strip_prefix("turncoat") {
                Some(rest) if rest.is_empty() || rest.starts_with(' ') => {
                    format!(" {T}{rest}")
                }
                _ => part.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The commands whose help docs/command-line.md holds; the program's own
/// help first (`turncoat --help`).
const COMMANDS: [&str; 11] = [
    "",
    "gui",
    "match",
    "match-merge",
    "perft",
    "perft-suite",
    "diagram",
    "bench",
    "datagen",
    "tune",
    "analyse",
];

/// What `turncoat COMMAND --help` prints.
fn help_of(command: &str) -> String {
    let out = Command::new(T)
        .args(command.split_whitespace())
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "turncoat {command} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// docs/command-line.md's reference holds every command's `--help`
/// verbatim, each in a `text` block after its marker
/// `<!-- turncoat COMMAND --help -->`: every flag, value range and default
/// the program takes is in the doc as the program says it.
#[test]
fn the_command_reference_is_the_help() {
    let record = std::env::var_os("TURNCOAT_RECORD").is_some();
    let path = root().join("docs/command-line.md");
    let mut doc = read(&path);
    let mut stale = Vec::new();
    for command in COMMANDS {
        let marker = format!(
            "<!-- {} --help -->\n",
            format!("turncoat {command}").trim_end()
        );
        let block = format!("```text\n{}```\n", help_of(command));
        let Some(at) = doc.find(&marker).map(|i| i + marker.len()) else {
            panic!("docs/command-line.md has no `{}`", marker.trim_end());
        };
        // The block's closing fence: the first line that is only ``` (its
        // opening one is ```text).
        let end = doc[at..]
            .match_indices("\n```\n")
            .next()
            .map(|(i, _)| at + i + 5)
            .expect("a text block after the marker");
        if doc[at..end] != block {
            stale.push(format!("turncoat {command}"));
            doc.replace_range(at..end, &block);
        }
    }
    if record {
        std::fs::write(&path, doc).unwrap();
    } else {
        assert!(
            stale.is_empty(),
            "docs/command-line.md differs from `--help` (TURNCOAT_RECORD=1 rewrites it): {stale:?}"
        );
    }
}
