//! The Elo of every level in every variant: the calibration of
//! docs/strength.md, written by contrib/ladder/scale.py from the ladder
//! (contrib/ladder/ladder.sh); rerun both after the engine changes
//! rather than editing the numbers by hand.

/// The lowest `UCI_Elo`: the lowest level 0.
pub(super) const MIN_ELO: u32 = 500;
/// The highest `UCI_Elo`: the full search's Elo where it is highest.
pub(super) const MAX_ELO: u32 = 2079;

/// Per variant in `Variant::ALL`'s order, levels 0 to 20.
#[rustfmt::skip]
pub(super) const ELO: [[i32; 21]; 5] = [
    // chess
    [500, 645, 790, 914, 1006, 1136, 1192, 1252, 1303, 1379, 1455, 1515, 1571, 1625, 1642, 1669, 1713, 1758, 1832, 1867, 2079],
    // pacifist
    [500, 605, 710, 772, 796, 937, 1059, 1077, 1113, 1125, 1155, 1216, 1258, 1264, 1322, 1365, 1409, 1437, 1480, 1495, 1509],
    // pacifist2
    [500, 524, 599, 661, 783, 801, 824, 907, 955, 1017, 1092, 1181, 1304, 1337, 1370, 1403, 1436, 1441, 1446, 1451, 1543],
    // subversion
    [500, 568, 623, 647, 752, 842, 910, 952, 1049, 1086, 1091, 1159, 1208, 1247, 1286, 1325, 1365, 1417, 1469, 1521, 1817],
    // apocalypse
    [500, 505, 511, 516, 521, 533, 544, 555, 567, 572, 580, 587, 595, 602, 616, 630, 645, 659, 751, 806, 861],
];
