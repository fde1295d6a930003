//! The Elo of every level in every variant: the calibration of
//! docs/strength.md, written by contrib/ladder/scale.py from the ladder
//! (contrib/ladder/ladder.sh); rerun both after the engine changes
//! rather than editing the numbers by hand.

/// The lowest `UCI_Elo`: the lowest level 0.
pub(super) const MIN_ELO: u32 = 744;
/// The highest `UCI_Elo`: the full search's Elo where it is highest.
pub(super) const MAX_ELO: u32 = 2008;

/// Per variant in `Variant::ALL`'s order, levels 0 to 20.
#[rustfmt::skip]
pub(super) const ELO: [[i32; 21]; 5] = [
    // chess
    [744, 861, 977, 1076, 1149, 1254, 1298, 1346, 1387, 1448, 1508, 1557, 1601, 1644, 1658, 1680, 1715, 1751, 1810, 1838, 2008],
    // pacifist
    [744, 828, 912, 961, 980, 1093, 1191, 1205, 1234, 1244, 1268, 1317, 1351, 1355, 1402, 1436, 1471, 1494, 1528, 1557, 1726],
    // pacifist2
    [744, 763, 823, 872, 970, 984, 1003, 1069, 1108, 1157, 1217, 1289, 1387, 1430, 1444, 1465, 1501, 1537, 1596, 1624, 1794],
    // subversion
    [744, 799, 843, 862, 946, 1017, 1072, 1106, 1184, 1212, 1217, 1271, 1310, 1353, 1367, 1389, 1424, 1460, 1519, 1548, 1717],
    // apocalypse
    [744, 758, 773, 787, 806, 810, 829, 834, 838, 843, 847, 852, 856, 899, 913, 934, 970, 1006, 1065, 1093, 1263],
];
