#!/bin/sh
# The strength ladder (docs/strength.md): each level against the level
# STEP above it, in each variant, with `turncoat match`; prints one line
# per pair: variant, lower level, upper level, the lower level's Elo
# against the upper with its 95% error, games.
#
#   contrib/ladder/ladder.sh [TURNCOAT] [GAMES] [TC] [CONCURRENCY] [STEP]
#
# defaults: target/release/turncoat, 40 games (20 openings, colours
# swapped), tc=2+0.02 (cutechess convention: seconds), one game per CPU,
# STEP 2. VARIANTS (environment) limits the variants, LEVELS the lower
# levels of the pairs.
set -eu
TURNCOAT=${1:-target/release/turncoat}
GAMES=${2:-40}
TC=${3:-2+0.02}
CONCURRENCY=${4:-$(nproc)}
STEP=${5:-2}
VARIANTS=${VARIANTS:-"chess pacifist pacifist2 subversion apocalypse"}
LEVELS=${LEVELS:-$(seq 0 "$STEP" $((20 - STEP)))}
ROUNDS=$((GAMES / 2))
echo "variant lower upper elo error games"
for variant in $VARIANTS; do
  for low in $LEVELS; do
    high=$((low + STEP))
    [ "$high" -le 20 ] || continue
    out=$("$TURNCOAT" match -variant "$variant" -games 2 -rounds "$ROUNDS" -repeat \
      -openings plies=4 -concurrency "$CONCURRENCY" -each tc="$TC" \
      -engine cmd="$TURNCOAT" name="L$low" "option.Skill Level=$low" \
      -engine cmd="$TURNCOAT" name="L$high" "option.Skill Level=$high" 2>/dev/null)
    elo=$(printf '%s\n' "$out" | grep '^Elo:' | tail -1 | sed 's/^Elo: \([^ ]*\) +\/- \([^,]*\),.*/\1 \2/')
    games=$(printf '%s\n' "$out" | grep '^Games:' | tail -1 | sed 's/^Games: \([0-9]*\),.*/\1/')
    echo "$variant $low $high $elo $games"
  done
done
