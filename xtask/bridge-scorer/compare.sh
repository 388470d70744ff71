#!/bin/sh
# Issue 30: countback against bridge-scorer 2.4.0 on the same sessions,
# whole commands, alternating runs, user+sys CPU. Not run by CI.
#
#     cd xtask/bridge-scorer && npm install && ./compare.sh ../../target/release/countback
set -eu
countback=${1:?the countback binary}
here=$(dirname "$0")
work=$(mktemp -d)
for shape in "20000 1" "1000 50"; do
  set -- $shape
  file="$work/session-$1x$2.json"
  python3 "$here/../scripts/pairs_session.py" "$1" "$2" > "$file"
  for run in 1 2 3; do
    /usr/bin/time -f "countback     $1 x $2 run $run: %U user %S sys %e wall %M KB" \
      "$countback" score "$file" --format csv > "$work/countback.csv"
    /usr/bin/time -f "bridge-scorer $1 x $2 run $run: %U user %S sys %e wall %M KB" \
      node "$here/score.js" "$file" > "$work/bridge-scorer.csv"
  done
  # The same totals, pair by pair, or the timing compares nothing.
  awk -F, 'NR > 1 && $4 != "" { print $4 "," $7 }' "$work/countback.csv" | sort > "$work/a"
  sort "$work/bridge-scorer.csv" > "$work/b"
  cmp -s "$work/a" "$work/b" && echo "$1 x $2: every pair's total agrees" \
    || { echo "$1 x $2: the totals differ"; exit 1; }
done
rm -rf "$work"
