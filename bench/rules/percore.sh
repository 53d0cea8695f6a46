#!/usr/bin/env bash
# One core each: nimber against CPython on the example heap games, whole
# processes pinned to CPU 0 with taskset, interleaved, the median of RUNS
# runs (default 3) of each. nimber runs the plain Starlark file and the
# one written with its Go builtins (kayles_fast.star, subtraction_fast.star);
# CPython runs the plain file with memo_mex.py. Prints the wall seconds
# and peak RSS of each median run.
# Usage: bench/rules/percore.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/nimber" ./cmd/nimber

# timed: runs the command on CPU 0 and prints "SECONDS KB".
timed() {
  /usr/bin/time -f '%e %M' -o "$work/time" taskset -c 0 "$@" > /dev/null
  cat "$work/time"
}

while read -r file n; do
  declare -A all=()
  for ((i = 0; i < runs; i++)); do
    all[python]+="$(timed python3 bench/rules/memo_mex.py "examples/rules/$file.star" "$n")"$'\n'
    all[nimber]+="$(timed "$work/nimber" sequence --rules "examples/rules/$file.star" --to "$n")"$'\n'
    all[builtins]+="$(timed "$work/nimber" sequence --rules "examples/rules/${file}_fast.star" --to "$n")"$'\n'
  done
  for k in python nimber builtins; do
    printf '%-12s %8d %-9s %s\n' "$file" "$n" "$k" "$(printf '%s' "${all[$k]}" | sort -n | sed -n "$(((runs + 1) / 2))p" | awk '{printf "%6.2f s %6d MB", $1, $2 / 1024}')"
  done
  unset all
done <<'RUNS'
kayles 1000
kayles 2000
kayles 4000
subtraction 100000
subtraction 1000000
RUNS
