//! `turncoat gui` on a phone and the variants read plainly (issue #49):
//! tests/clients/gui_phone.py drives Chromium emulating a 390x844 phone
//! with touch — the last move on screen beside the board after each move,
//! touch targets of at least 44 px, a lesson's board brought into view,
//! the subversion chooser clear of the payment squares, apocalypse
//! speculations that cannot succeed marked and every penalty-risking ply
//! confirmed before it is sent, the rules panel opening with three plain
//! sentences per variant. Skipped outside CI without a browser (see
//! tests/common/browser.rs).

#[path = "common/browser.rs"]
mod browser;

#[test]
fn phone_and_variant_readability_in_a_browser() {
    browser::run_script("gui_phone.py", "gui phone: ok");
}
