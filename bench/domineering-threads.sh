#!/usr/bin/env bash
# Measures the Domineering search's scaling with threads: each empty board
# of BOARDS (RxC) decided by `nimber outcome --json` on each thread count of
# THREADS, one run each, printing a tab-separated line per run: board,
# threads, outcome, positions, seconds, positions per second, peak RSS (KB),
# each thread's positions. NIMBER is the binary (default: built here).
# Usage: bench/domineering-threads.sh [BOARDS [THREADS [EXTRA FLAGS...]]]
#   bench/domineering-threads.sh "7x8 8x8" "1 2 4 8 16"
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-"7x8 8x8"}
threads=${2:-"1 2 $(nproc)"}
shift $(( $# < 2 ? $# : 2 ))
bin=${NIMBER:-}
if [[ -z "$bin" ]]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  go build -o "$work/nimber" ./cmd/nimber
  bin="$work/nimber"
fi
printf 'board\tthreads\toutcome\tpositions\tseconds\tpositions/s\tpeak_rss_kb\tthread_positions\n'
for b in $boards; do
  rows=${b%x*} cols=${b#*x}
  row=$(printf '%*s' "$cols" '' | tr ' ' '.')
  board=$row
  for ((i = 1; i < rows; i++)); do board="$board|$row"; done
  for t in $threads; do
    json=$( { /usr/bin/time -f '%M' -o /dev/fd/3 "$bin" outcome --game domineering "$board" --json --threads "$t" "$@"; } 3>&1 )
    rss=$(tail -n 1 <<<"$json")
    json=$(sed '$d' <<<"$json")
    jq -r --arg b "$b" --arg t "$t" --arg rss "$rss" \
      '[$b, $t, .outcome, .positions, (.seconds * 100 | round / 100), (.positions_per_second | round), $rss, (.thread_positions | map(tostring) | join(","))] | @tsv' <<<"$json"
  done
done
