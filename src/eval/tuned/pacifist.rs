// The hand-set values (no tuned values verified yet).
Params {
    value: [100, 300, 300, 450, 800, 0],
    kings_held: [-4000, 0, 350],
    mobility: [2, 4, 4, 3, 2, 1],
    control: 3,
    pressure: 12,
    pressure_floor: -6,
    tempo: 10,
}
