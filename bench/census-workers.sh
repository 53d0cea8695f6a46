#!/usr/bin/env bash
# Measures the census's scaling with workers in process: the same survey run
# once for each worker count of WORKERS, each into a fresh database (so
# nothing is answered from the store), printing a tab-separated line per run:
# workers, codes, wall seconds, the jobs' seconds added up, the slowest job's
# seconds, peak RSS (KB), and the SHA-256 of the codes' values (every run must
# print the same). SURVEY is census's flags naming the codes and heaps.
# NIMBER is the binary (default: built here).
# Usage: bench/census-workers.sh [WORKERS [SURVEY...]]
#   bench/census-workers.sh "1 2 4 8 16" --digits 2 --to 100000
set -euo pipefail
cd "$(dirname "$0")/.."
workers=${1:-"1 $(nproc)"}
shift $(( $# < 1 ? $# : 1 ))
survey=("$@")
[[ ${#survey[@]} -gt 0 ]] || survey=(--digits 2 --to 30000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${NIMBER:-}
if [[ -z "$bin" ]]; then
  go build -o "$work/nimber" ./cmd/nimber
  bin="$work/nimber"
fi
printf 'workers\tcodes\twall_s\tjobs_s\tslowest_s\tpeak_rss_kb\tvalues\n'
for w in $workers; do
  dir="$work/w$w"
  mkdir -p "$dir"
  start=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$dir/rss" "$bin" census "${survey[@]}" --workers "$w" \
    --db "$dir/census.db" --json > "$dir/out.json"
  end=$(date +%s.%N)
  python3 - "$dir/out.json" "$w" "$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b-a}')" \
    "$(tail -n 1 "$dir/rss")" <<'PY'
import hashlib, json, sys
rows = json.load(open(sys.argv[1]))
secs = [r["seconds"] for r in rows]
values = hashlib.sha256("".join(r["code"] + r["values_sha256"] for r in rows).encode()).hexdigest()[:16]
print("\t".join([sys.argv[2], str(len(rows)), sys.argv[3], f"{sum(secs):.2f}", f"{max(secs):.2f}", sys.argv[4], values]))
PY
done
