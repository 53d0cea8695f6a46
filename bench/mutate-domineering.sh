#!/usr/bin/env bash
# Mutation test of the Domineering search's cuts: each mutation below makes
# one cut unsound (a bound too generous, a rule too wide, a symmetry that
# does not hold), and the package's tests, which hold the search to the
# plain search and to the canonical forms on random boards with blocked
# cells, must then fail. Prints one line per mutation: "caught" or
# "MISSED"; exits 1 when any is missed.
# Usage: bench/mutate-domineering.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/repo"
git ls-files -z | tar --null -T - -cf - | tar -C "$work/repo" -xf -
pkg=games/domineering
tests='TestBoundsAgainstPlain|TestSolveOutcomeAgainstPlain|TestSolveOutcomeManyBoards|TestSolveOutcomeAgainstValues|TestSplitAgainstWins|TestSolveOutcomeTranspose|TestSolveOutcomeLargeBoards'

# mutate NAME FILE FROM TO: replaces the first FROM (a fixed string) in FILE.
missed=0
mutate() {
  local name=$1 file=$2 from=$3 to=$4
  local f="$work/repo/$pkg/$file"
  cp "$f" "$f.orig"
  python3 - "$f" "$from" "$to" <<'EOF'
import sys
path, old, new = sys.argv[1:]
s = open(path).read()
if old not in s:
    sys.exit("mutation not found: " + old)
open(path, "w").write(s.replace(old, new, 1))
EOF
  if (cd "$work/repo" && go test -count=1 -run "$tests" "./$pkg" >/dev/null 2>&1); then
    echo "MISSED  $name"
    missed=1
  else
    echo "caught  $name"
  fi
  mv "$f.orig" "$f"
}

mutate "safe moves: a move with one cell out of reach also skipped" board.go \
  'm &^= prot & (prot >> 1)' 'm &^= prot | (prot >> 1)'
mutate "sure vulnerable moves: half of them instead of a third" solve.go \
  'max((v+2*r)/3, (even+r)/2, (odd+r)/2)' 'max((v+r)/2, (even+r)/2, (odd+r)/2)'
mutate "the opponent's possible moves: one fewer" solve.go \
  'm > c.theirMost ||' 'm >= c.theirMost ||'
mutate "empty cells: the opponent's cells out of reach counted as kept" solve.go \
  'return moves, 2*moves + prot - 2*safe' 'return moves, 2*moves + prot'
mutate "areas: a wall on neither side" bounds.go \
  'a := greedyPairsWhere(col, wall|floor)' 'a := greedyPairs(^rows[r] & ^rows[r+1] &^ (used[r-1] | used[r] | used[r+1] | used[r+2]))'
mutate "areas: the opponent never plays in one she can answer" bounds.go \
  'case p >= 2:' 'case p < 0:'
mutate "areas: each denies the opponent two moves" bounds.go \
  'return [2]int16{m, m}, [2]int16{int16(p / 2 * 2), int16(p / 2 * 2)}' 'return [2]int16{m, m}, [2]int16{int16(p * 2), int16(p * 2)}'
mutate "alone dominoes: every vulnerable domino alone" bounds.go \
  'a := bits.OnesCount32(starts[r] &^ (near | near>>1))' 'a := bits.OnesCount32(starts[r])'
mutate "areas: she takes an area for nothing when he plays in one" bounds.go \
  'worst = min(worst, 2+t[0][p-2][a][s])' 'worst = min(worst, 2+t[1][p-2][a][s])'
mutate "spare cells: every half-safe domino's cell kept" bounds.go \
  'max(0, int16(st.halfSafe)-m)' 'int16(st.halfSafe)'
mutate "symmetry: Right's key is her transpose's on any board" board.go \
  'if p == 1 && zob.square {' 'if p == 1 {'
mutate "options: each denies one cell more" bounds.go \
  'st.options[1] += bits.OnesCount32(chosen) - both - one' 'st.options[2] += bits.OnesCount32(chosen) - both - one'
mutate "options: he never spoils one (she gets them all)" bounds.go \
  'if (i%2 == 0) == first {' 'if true {'
mutate "options: a cell of her structures taken as an option" bounds.go \
  'ok := ^rows[r] &^ used[r] &' 'ok := ^rows[r] &'
mutate "options: a cell next to her structures above or below" bounds.go \
  '(rows[r-1] | ^used[r-1]) & (rows[r+1] | ^used[r+1])' '^uint32(0)'
mutate "options: a cell above denied whatever lies beyond it" bounds.go \
  'up = ^rows[r-1] & rows[r-2]' 'up = ^rows[r-1]'
exit $missed
