#!/bin/sh
# The strength ladder (docs/strength.md): each rung against the next one
# up, in each variant, with `turncoat match`; prints one line per pair:
# variant, lower level, upper level, the lower level's Elo against the
# upper with its 95% error, games, and the lower level's wins, losses and
# draws (contrib/ladder/scale.py turns these lines into the Elo scale).
#
#   contrib/ladder/ladder.sh [TURNCOAT] [GAMES] [TC] [CONCURRENCY]
#
# defaults: target/release/turncoat, 40 games (20 openings, colours
# swapped), tc=60+0.6 (cutechess convention: seconds; the levels below
# 20 stop on their node budgets long before such a clock), one game per
# CPU. In the environment: VARIANTS limits the variants, RUNGS lists the
# levels of the ladder (default: every level, 0 to 20), TOP_TC is the
# clock of a pair with level 20, the full search, which uses its clock
# (default 10+0.1), and TOP_GAMES its games (default GAMES). Games are
# adjudicated as cutechess does (ADJUDICATE, default: resigned after 3
# moves at 1000 cp or worse for one side, drawn from move 80 after 10 at
# 5 cp or less): a weak level's score is as reliable there as a strong
# one's, and it halves the time of the upper levels' games.
set -eu
TURNCOAT=${1:-target/release/turncoat}
GAMES=${2:-40}
TC=${3:-60+0.6}
CONCURRENCY=${4:-$(nproc)}
VARIANTS=${VARIANTS:-"chess pacifist pacifist2 subversion apocalypse"}
RUNGS=${RUNGS:-$(seq 0 20)}
TOP_TC=${TOP_TC:-10+0.1}
TOP_GAMES=${TOP_GAMES:-$GAMES}
ADJUDICATE=${ADJUDICATE:-"-resign movecount=3 score=1000 -draw movenumber=80 movecount=10 score=5"}
echo "variant lower upper elo error games wins losses draws"
for variant in $VARIANTS; do
  low=""
  for high in $RUNGS; do
    if [ -n "$low" ]; then
      tc=$TC games=$GAMES
      if [ "$high" -ge 20 ]; then tc=$TOP_TC games=$TOP_GAMES; fi
      out=$("$TURNCOAT" match -variant "$variant" -games 2 -rounds $((games / 2)) -repeat \
        -openings plies=4 -concurrency "$CONCURRENCY" -each tc="$tc" $ADJUDICATE \
        -engine cmd="$TURNCOAT" name="L$low" "option.Skill Level=$low" \
        -engine cmd="$TURNCOAT" name="L$high" "option.Skill Level=$high" 2>/dev/null)
      elo=$(printf '%s\n' "$out" | grep '^Elo:' | tail -1 | sed 's/^Elo: \([^ ]*\) +\/- \([^,]*\),.*/\1 \2/')
      counts=$(printf '%s\n' "$out" | grep '^Games:' | tail -1 |
        sed 's/^Games: \([0-9]*\), Wins: \([0-9]*\), Losses: \([0-9]*\), Draws: \([0-9]*\),.*/\1 \2 \3 \4/')
      echo "$variant $low $high $elo $counts"
    fi
    low=$high
  done
done
