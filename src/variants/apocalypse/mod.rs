//! Apocalypse (RULES.md section 5): the 5x5 simultaneous-move game.
