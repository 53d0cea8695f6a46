#!/usr/bin/env bash
# Whole-process timings of nimber against the plain C++ yardsticks on the
# boards of docs/performance.md. Builds into a temporary folder, generates the
# boards with `nimber gen`, runs each program with /usr/bin/time -v, checks the
# answers agree, and prints one line per run: wall seconds and peak RSS.
# Usage: bench/compare.sh [--no-cpp]
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/nimber" ./cmd/nimber
cpp=1
[ "${1:-}" = "--no-cpp" ] && cpp=0
if [ $cpp = 1 ]; then
  for g in bacterial inventor caos3; do
    g++ -O2 -std=c++17 -o "$work/$g.cpp.bin" "bench/yardstick/$g.cpp"
  done
fi

# timed NAME COMMAND...: runs COMMAND with stdin from $input, prints the
# figures and leaves the output in $work/NAME.out.
timed() {
  local name=$1; shift
  /usr/bin/time -v "$@" < "$input" > "$work/$name.out" 2> "$work/$name.time"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/$name.time")
  printf '%-44s %-8s wall %-8s peak RSS %6d MB\n' "$board" "$name" "$wall" "$((rss / 1024))"
}

while read -r problem cppname rows cols density; do
  board="$problem ${rows}x${cols} density $density"
  input="$work/board.in"
  "$work/nimber" gen "$problem" --rows "$rows" --cols "$cols" --density "$density" --seed 1 > "$input"
  timed nimber "$work/nimber" solve "$problem"
  if [ $cpp = 1 ]; then
    timed cpp "$work/$cppname.cpp.bin"
    cmp -s "$work/nimber.out" "$work/cpp.out" || { echo "ANSWERS DIFFER on $board" >&2; exit 1; }
  fi
done <<'BOARDS'
bacterial-tactics bacterial 100 100 0.001
inventor-outlasting inventor 45 45 0.7
inventor-outlasting inventor 60 60 0.7
caos3 caos3 48 48 0.01
BOARDS

for f in games/bacterial/testdata/official/*.in games/inventor/testdata/official/*.in games/caos3/testdata/official/*.in; do
  case $f in */bacterial/*) p=bacterial-tactics ;; */inventor/*) p=inventor-outlasting ;; *) p=caos3 ;; esac
  board="$p $(basename "$f")"
  input=$f
  timed nimber "$work/nimber" solve "$p"
  cmp -s "$work/nimber.out" "${f%.in}.ans" || { echo "WRONG ANSWER on $f" >&2; exit 1; }
done
