// The hand-set values (no tuning run yet).
Params {
    pawns: [0, 250, 420, 530, 640, 750],
    knight: 300,
    penalty: -200,
    advancement: [0, 5, 15, 30, 0],
    knight_square: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    sure_move: 4,
    hanging: [-25, -60],
}
