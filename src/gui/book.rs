//! The rules panel of `turncoat gui`: each variant's section of the rules
//! book (docs/rules.md, embedded at build time), as HTML, with its
//! diagrams as positions to set up at the board. The diagrams are read from
//! the book's own `<!-- diagram: ... -->` comments (the command lines
//! `turncoat diagram` drew its pictures with), so the panel cannot drift
//! from the book.

use crate::diagram::DiagramSpec;
use crate::Variant;
use pulldown_cmark::{html, Options, Parser};
use serde::Serialize;
use std::sync::OnceLock;

/// The book page's look: readable lines, the pictures at a board's size,
/// the reader's light or dark scheme.
pub const BOOK_STYLE: &str =
    "html{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;\
margin:0 auto;max-width:46rem;padding:1rem}figure{margin:1rem 0}figure svg{max-width:22rem;\
width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #8886;\
padding:.2rem .5rem}code{font-size:.9em}";

/// The rules book.
const BOOK: &str = include_str!("../../docs/rules.md");

/// One diagram of the book, as a lesson: the position and the moves to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagram {
    /// The picture's name without `-before`/`-after` (`pacifist-cascade`):
    /// a before picture and its after twin share it.
    pub id: String,
    /// The variant to play it in (`--variant`; it may differ from the
    /// section's, as in §3).
    pub variant: String,
    /// The position before the moves (`--fen`).
    pub fen: String,
    /// The moves the picture shows, in the variant's notation (`--moves`).
    pub moves: Vec<String>,
    /// The picture's caption (its image's alternative text).
    pub caption: String,
}

/// A variant's section of the book.
#[derive(Clone, Debug, Serialize)]
pub struct Section {
    pub variant: String,
    /// `§2`.
    pub section: String,
    /// `Pacifist (conversion by count)`.
    pub title: String,
    /// The section's opening paragraph as HTML: three plain sentences
    /// (what you do, how men change sides, how you win), from the anchor
    /// `<a id="sN-in-short"></a>` (docs/rules.md, "How each variant
    /// reads"); the first words of the panel, before the first game.
    pub in_short: String,
    /// The section's "Your first game" (docs/rules.md, "How each variant
    /// reads") as HTML, shown open at the top of the panel; empty when the
    /// section has none.
    pub first_game: String,
    /// The rest of the section (its introduction, the rules, the
    /// readings) as HTML; each picture replaced by a button
    /// `data-diagram` that sets its position up.
    pub html: String,
    /// The section's diagrams, one per position (before and after
    /// pictures of one move are one lesson): the first game's, then the
    /// others in the book's order.
    pub diagrams: Vec<Diagram>,
}

/// The whole book as HTML, its pictures drawn inline (the page `/book`
/// that the panel's links into other sections open).
pub fn book_html() -> &'static str {
    static BOOK_HTML: OnceLock<String> = OnceLock::new();
    BOOK_HTML.get_or_init(|| render("", "", BOOK, Use::Book).html)
}

/// Where a rendered text is shown: in the panel, each picture with the
/// button that sets it up; in the book page, the pictures alone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Panel,
    Book,
}

/// The section of `variant`.
pub fn section(variant: Variant) -> Option<&'static Section> {
    static SECTIONS: OnceLock<Vec<Section>> = OnceLock::new();
    SECTIONS
        .get_or_init(|| sections(BOOK))
        .iter()
        .find(|s| s.variant == variant.name())
}

/// Every variant's section: the table of the book's introduction names
/// the section of each variant (`| [§2](#s2) | \`pacifist\` | ...`).
fn sections(book: &str) -> Vec<Section> {
    book.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("| [§")?;
            let (number, rest) = rest.split_once(']')?;
            let name = rest.split('`').nth(1)?;
            Some((number.to_string(), name.to_string()))
        })
        .filter_map(|(number, name)| {
            let text = section_text(book, &number)?;
            Some(panel_section(&number, &name, text))
        })
        .collect()
}

/// A variant's section for the panel: its opening sentences and its
/// first game apart — the first game from its anchor `<a
/// id="sN-first-game">` to the heading `### The rules` — and the rest of
/// the section around them.
fn panel_section(number: &str, variant: &str, text: &str) -> Section {
    let (in_short, text) = cut(text, &format!("<a id=\"s{number}-in-short\"></a>"), "\n\n");
    let (first, rest) = cut(
        &text,
        &format!("<a id=\"s{number}-first-game\"></a>"),
        "\n### The rules",
    );
    let mut section = render(number, variant, &rest, Use::Panel);
    if let Some(first) = first {
        let first = render(number, variant, &first, Use::Panel);
        let mut diagrams = first.diagrams;
        diagrams.extend(section.diagrams);
        section.diagrams = diagrams;
        section.first_game = first.html;
    }
    if let Some(short) = in_short {
        section.in_short = render(number, variant, &short, Use::Panel).html;
    }
    section
}

/// The part of `text` from `anchor` up to `end` (or the text's end), and
/// the text without it; `None` and the whole text when there is no anchor.
fn cut(text: &str, anchor: &str, end: &str) -> (Option<String>, String) {
    let Some(start) = text.find(anchor) else {
        return (None, text.to_string());
    };
    let stop = text[start..].find(end).map_or(text.len(), |i| start + i);
    let rest = format!("{}{}", &text[..start], &text[stop..]);
    (Some(text[start..stop].to_string()), rest)
}

/// The markdown from the anchor `<a id="sN"></a>` to the next section's
/// (`sM`, a number alone; or the book's end), the horizontal rule between
/// them left out.
fn section_text<'a>(book: &'a str, number: &str) -> Option<&'a str> {
    let start = book.find(&format!("<a id=\"s{number}\"></a>"))?;
    let rest = &book[start..];
    let end = rest
        .match_indices("\n<a id=\"s")
        .find(|(i, _)| {
            let id = &rest[i + 9..];
            let id = &id[..id.find('"').unwrap_or(0)];
            !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && id != number
        })
        .map_or(rest.len(), |(i, _)| i);
    let text = &rest[..end];
    Some(text.trim_end().trim_end_matches('-').trim_end())
}

/// A `<!-- diagram: PATH --variant V --fen "FEN" --moves "M1 M2" [--after] -->`
/// comment taken apart: (the picture's name, the lesson, after?).
fn parse_diagram(line: &str) -> Option<(String, Diagram, bool)> {
    let body = line
        .trim()
        .strip_prefix("<!-- diagram:")?
        .strip_suffix("-->")?;
    let words = split_args(body);
    let path = words.first()?;
    let name = path
        .rsplit('/')
        .next()?
        .trim_end_matches(".svg")
        .to_string();
    let value = |flag: &str| {
        words
            .iter()
            .position(|w| w == flag)
            .and_then(|i| words.get(i + 1))
            .cloned()
    };
    let after = words.iter().any(|w| w == "--after");
    let id = name
        .strip_suffix("-before")
        .or_else(|| name.strip_suffix("-after"))
        .unwrap_or(&name)
        .to_string();
    let diagram = Diagram {
        id,
        variant: value("--variant")?,
        fen: value("--fen")?,
        moves: value("--moves")
            .map(|m| m.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default(),
        caption: String::new(),
    };
    Some((name, diagram, after))
}

/// Words split at spaces, a double-quoted string being one word.
fn split_args(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            words.push(chars.by_ref().take_while(|&c| c != '"').collect());
        } else {
            let mut w = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                w.push(c);
                chars.next();
            }
            words.push(w);
        }
    }
    words
}

/// `![alt](path)` → `alt`.
fn image_alt(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("![")?
        .split_once("](")
        .map(|(alt, _)| alt)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn render(number: &str, variant: &str, text: &str, usage: Use) -> Section {
    let mut diagrams: Vec<Diagram> = Vec::new();
    let mut markdown = String::with_capacity(text.len());
    let mut title = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if title.is_empty() {
            if let Some(t) = line.strip_prefix("## §") {
                title = t.split_once(' ').map_or("", |(_, t)| t).to_string();
            }
        }
        let Some((_, mut diagram, after)) = parse_diagram(line) else {
            markdown.push_str(line);
            markdown.push('\n');
            continue;
        };
        // The picture follows its comment.
        while lines.peek().is_some_and(|l| l.trim().is_empty()) {
            lines.next();
        }
        let caption = lines
            .next_if(|l| image_alt(l).is_some())
            .and_then(image_alt)
            .unwrap_or(&diagram.id)
            .to_string();
        // An after picture is the lesson of its before picture, when the
        // section has one (same variant, position and moves).
        let twin = diagrams.iter().find(|d| {
            d.variant == diagram.variant && d.fen == diagram.fen && d.moves == diagram.moves
        });
        let id = match twin {
            Some(d) => d.id.clone(),
            None => {
                diagram.caption = caption.clone();
                let id = diagram.id.clone();
                diagrams.push(diagram);
                id
            }
        };
        let picture = picture(&diagrams, &id, after);
        let button = (usage == Use::Panel).then(|| {
            let label = if after {
                format!("{caption} — set up the position before, and play it")
            } else {
                caption.clone()
            };
            format!(
                "<button type=\"button\" class=\"diagram\" data-diagram=\"{}\">&#9654; {}</button>",
                escape(&id),
                escape(&label)
            )
        });
        markdown.push_str(&format!(
            "<figure class=\"diagram-slot\">{picture}<figcaption>{}</figcaption></figure>\n\n",
            button.unwrap_or_else(|| escape(&caption))
        ));
    }
    let mut out = String::new();
    html::push_html(&mut out, Parser::new_ext(&markdown, Options::ENABLE_TABLES));
    let out = retarget_links(&out);
    Section {
        variant: variant.to_string(),
        section: format!("§{number}"),
        title,
        in_short: String::new(),
        first_game: String::new(),
        html: out,
        diagrams,
    }
}

/// The picture of lesson `id` (its position before the moves, or after
/// them), drawn by `turncoat diagram`'s own code so that it is the book's.
fn picture(diagrams: &[Diagram], id: &str, after: bool) -> String {
    let Some(d) = diagrams.iter().find(|d| d.id == id) else {
        return String::new();
    };
    let Some(variant) = Variant::from_name(&d.variant) else {
        return String::new();
    };
    let spec = DiagramSpec {
        variant,
        fen: Some(d.fen.clone()),
        moves: d.moves.clone(),
        after,
    };
    // The book's diagrams are drawn by a test (tests/docs.rs): they render.
    crate::diagram::render(&spec).unwrap_or_default()
}

/// A link to a section that this text does not hold (`#s1.2` in the
/// pacifist section) opens it in the book page, in a new tab.
fn retarget_links(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("href=\"#") {
        let (before, link) = rest.split_at(i);
        out.push_str(before);
        let target = &link[7..];
        let id = &target[..target.find('"').unwrap_or(0)];
        if html.contains(&format!("id=\"{id}\"")) {
            out.push_str(&link[..7]);
            rest = target;
        } else {
            out.push_str(&format!(
                "href=\"book#{id}\" target=\"_blank\" rel=\"noopener\" data-book=\"{id}\""
            ));
            rest = &target[id.len() + 1..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_its_section() {
        for v in Variant::ALL {
            let s = section(v).unwrap_or_else(|| panic!("no section for {}", v.name()));
            assert!(s.html.contains("<h2>"), "{}", v.name());
        }
        let p = section(Variant::Pacifist).unwrap();
        assert_eq!(
            (p.section.as_str(), p.title.as_str()),
            ("§2", "Pacifist (conversion by count)")
        );
        // docs/rules.md §2.2 is in the pacifist section, §3 is not.
        assert!(p.html.contains("id=\"s2.2\""));
        assert!(!p.html.contains("id=\"s3\""));
        assert!(!p.html.contains("diagram:"));
    }

    #[test]
    fn the_diagrams_come_from_the_books_comments() {
        // docs/rules.md §2: the first game's lesson first, then seed
        // diagram 1 of §2.3, its before and after pictures one lesson.
        let p = section(Variant::Pacifist).unwrap();
        assert_eq!(p.diagrams[0].id, "pacifist-first-game");
        assert_eq!(p.diagrams[0].moves, ["g1f3"]);
        let cascade = p
            .diagrams
            .iter()
            .find(|d| d.id == "pacifist-cascade")
            .unwrap();
        assert_eq!(cascade.variant, "pacifist");
        assert_eq!(
            cascade.fen,
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"
        );
        assert_eq!(cascade.moves, ["e3f5"]);
        assert_eq!(cascade.caption, "A cascade: White to play 1.Ne3-f5");
        let ids: Vec<&str> = p.diagrams.iter().map(|d| d.id.as_str()).collect();
        let position = |id: &str| ids.iter().position(|&i| i == id).unwrap();
        assert!(position("pacifist-cascade") < position("pacifist-king-exchange"));
        assert!(position("pacifist-mate") < position("pacifist-castling-right"));
        let castling = &p.diagrams[position("pacifist-castling-right")];
        assert_eq!(castling.moves, ["e4g3", "c2b4"]);
        // every picture of the section is a button, in one part or the other
        let pictures = BOOK
            [BOOK.find("<a id=\"s2\">").unwrap()..BOOK.find("<a id=\"s3\">").unwrap()]
            .matches("<!-- diagram:")
            .count();
        let buttons =
            p.html.matches("data-diagram=").count() + p.first_game.matches("data-diagram=").count();
        assert_eq!(buttons, pictures);
        // §3 shows a move played as pacifist: an after picture alone
        let p2 = section(Variant::Pacifist2).unwrap();
        let as_pacifist = p2
            .diagrams
            .iter()
            .find(|d| d.id == "pacifist2-example-as-pacifist")
            .unwrap();
        assert_eq!(as_pacifist.variant, "pacifist");
        let a = section(Variant::Apocalypse).unwrap();
        assert_eq!(a.diagrams[0].id, "apocalypse-first-game");
        let start = a
            .diagrams
            .iter()
            .find(|d| d.id == "apocalypse-start")
            .unwrap();
        assert!(start.moves.is_empty());
        assert_eq!(a.diagrams[0].moves, ["a2b3", "a5b3"]);
    }

    #[test]
    fn the_first_game_is_apart_and_every_variant_has_one() {
        for v in Variant::ALL {
            let s = section(v).unwrap();
            assert!(s.first_game.contains("Your first game"), "{}", v.name());
            assert!(!s.html.contains("Your first game"), "{}", v.name());
            assert!(s.html.contains("The rules"), "{}", v.name());
        }
    }

    #[test]
    fn every_variant_opens_with_three_plain_sentences() {
        // docs/rules.md, "How each variant reads": what you do, how men
        // change sides, how you win; apart from the rest, before it.
        for v in Variant::ALL {
            let s = section(v).unwrap();
            let text = s.in_short.replace("<p>", "").replace("</p>", "");
            let sentences = text.trim().split(". ").count();
            assert!(
                text.trim().ends_with('.') && sentences == 3,
                "{}: {text}",
                v.name()
            );
            assert!(!s.html.contains(text.trim()), "{}", v.name());
            assert!(!s.first_game.contains(text.trim()), "{}", v.name());
        }
        // no caption calls a diagram by its source's number
        for v in Variant::ALL {
            for d in &section(v).unwrap().diagrams {
                assert!(!d.caption.to_lowercase().contains("seed"), "{}", d.caption);
            }
        }
    }

    #[test]
    fn pictures_are_drawn_and_links_out_of_the_section_open_the_book() {
        let p = section(Variant::Pacifist).unwrap();
        let pictures = BOOK
            [BOOK.find("<a id=\"s2\">").unwrap()..BOOK.find("<a id=\"s3\">").unwrap()]
            .matches("<!-- diagram:")
            .count();
        let drawn = p.html.matches("<svg").count() + p.first_game.matches("<svg").count();
        assert_eq!(drawn, pictures);
        // §1.3.1 (chess) from the pacifist section: the book page; §2.2 stays.
        assert!(p.html.contains(
            "href=\"book#s1.3.1\" target=\"_blank\" rel=\"noopener\" data-book=\"s1.3.1\""
        ));
        assert!(p.html.contains("href=\"#s2.2\""));
        let book = book_html();
        assert_eq!(
            book.matches("<svg").count(),
            BOOK.matches("<!-- diagram:").count()
        );
        assert!(!book.contains("data-book") && !book.contains("data-diagram"));
        assert!(book.contains("id=\"s5.3.1\""));
    }
}
