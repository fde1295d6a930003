#!/bin/sh
# Chess's UCI_Elo against Stockfish's (docs/strength.md, "Calibration"):
# turncoat at a level, or at UCI_Elo X, against Stockfish at UCI_Elo X.
#
#   contrib/ladder/anchor.sh level LEVEL SF_ELO [GAMES] [TURNCOAT] [STOCKFISH]
#   contrib/ladder/anchor.sh elo ELO [GAMES] [TURNCOAT] [STOCKFISH]
#
# The first places a level on Stockfish's scale (the anchor of
# scale.py); the second checks the scale: turncoat at UCI_Elo X should
# score 50 +/- 10% against Stockfish at UCI_Elo X. Prints one line:
# chess, the level (or elo=X), Stockfish's UCI_Elo, turncoat's Elo against
# Stockfish with its 95% error, games, wins, losses, draws (scale.py
# --anchors reads the level lines). Stockfish moves in 0.1 s (its level picks its move
# at a depth it reaches at once), turncoat's levels end on their node
# budgets (a clock of 60+0.6 that never binds; level 20, the full
# search, plays at TOP_TC, default 10+0.1). Default GAMES 40,
# TURNCOAT target/release/turncoat, STOCKFISH stockfish (Debian puts it
# in /usr/games).
set -eu
case ${1:-} in
level) setting="option.Skill Level=$2"; what=$2; sf=$3; shift 3 ;;
elo) setting="option.UCI_Elo=$2"; what="elo=$2"; sf=$2; shift 2 ;;
*) echo "usage: $0 level LEVEL SF_ELO [GAMES] [TURNCOAT] [STOCKFISH] | elo ELO [GAMES] ..." >&2; exit 2 ;;
esac
GAMES=${1:-40}
TURNCOAT=${2:-target/release/turncoat}
STOCKFISH=${3:-$(command -v stockfish || echo /usr/games/stockfish)}
tc=60+0.6
[ "$what" != 20 ] || tc=${TOP_TC:-10+0.1}
out=$("$TURNCOAT" match -variant chess -games 2 -rounds $((GAMES / 2)) -repeat \
  -openings plies=4 -concurrency 1 \
  -engine cmd="$TURNCOAT" name=turncoat option.UCI_LimitStrength=true "$setting" tc="$tc" \
  -engine cmd="$STOCKFISH" name="SF$sf" option.UCI_LimitStrength=true option.UCI_Elo="$sf" \
  option.Threads=1 st=0.1 2>/dev/null)
elo=$(printf '%s\n' "$out" | grep '^Elo:' | tail -1 | sed 's/^Elo: \([^ ]*\) +\/- \([^,]*\),.*/\1 \2/')
counts=$(printf '%s\n' "$out" | grep '^Games:' | tail -1 |
  sed 's/^Games: \([0-9]*\), Wins: \([0-9]*\), Losses: \([0-9]*\), Draws: \([0-9]*\),.*/\1 \2 \3 \4/')
echo "chess $what SF$sf $elo $counts"
