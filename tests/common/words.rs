//! Splitting a command line into words as a shell does, for the
//! `<!-- diagram: ... -->` and `<!-- check: ... -->` comments of the rules
//! book (tests/docs.rs, tests/rules_book.rs).

/// Splits a command line as a shell does for words and double or single
/// quotes.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}
