// Written by `turncoat tune --variant apocalypse --lambda 0.7 --l2 1e-7 --lr 2 --epochs 300` from 68,254 positions of `turncoat datagen --variant apocalypse --nodes 3000 --seed 11 --threads 1` (about 11,000 games, stopped by hand); held-out loss 0.084919 -> 0.079154.
Params {
    pawns: [0, 208, 412, 545, 658, 758],
    knight: 294,
    penalty: -140,
    advancement: [48, 40, 42, 46, 0],
    knight_square: [-4, 0, -5, 2, -6, 1, 1, -4, 3, 2, -1, -5, 1, -3, -3, 13, -5, -12, 4, 9, -14, 13, -3, 13, -4],
    sure_move: 3,
    hanging: [-34, -32],
}
