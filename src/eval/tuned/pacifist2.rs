// The hand-set values (no tuned values verified yet).
Params {
    value: [100, 310, 320, 500, 900, 0],
    kings_held: [-4000, 0, 400],
    mobility: [2, 4, 4, 3, 2, 1],
    control: 3,
    pressure: 4,
    pressure_floor: -20,
    tempo: 10,
}
