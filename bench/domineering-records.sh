#!/usr/bin/env bash
# Decides every empty rectangle of games/domineering/records.tsv with both
# starts known, up to MAXCELLS cells (default 64), with `nimber outcome`
# (default threads and memory), checks the answer against the record, and
# writes records.tsv again with nimber's positions, wall seconds and the
# machine filled in. Then regenerate the records page:
#   go test ./games/domineering -run TestRecordsDoc -records.update
# Usage: bench/domineering-records.sh [MAXCELLS [MACHINE]]
# Exits 1 when an answer disagrees with its record.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-64}
machine=${2:-"$(nproc) cores, $(awk -F': *' '/^Model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || lscpu | awk -F': *' '/Model name/ {print $2; exit}')"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/nimber" ./cmd/nimber
records=games/domineering/records.tsv
out="$work/records.tsv"
bad=0
while IFS= read -r line; do
  IFS=$'\t' read -r rows cols left right class source evidence positions seconds mach <<<"$line"
  if [[ "$line" == \#* || "$rows" == rows || ( "$left" != L && "$left" != R ) || ( "$right" != L && "$right" != R ) || $((rows * cols)) -gt $max ]]; then
    echo "$line" >> "$out"
    continue
  fi
  board=$(printf '%*s' "$cols" '' | tr ' ' '.')
  board=$(for _ in $(seq "$rows"); do printf '%s|' "$board"; done)
  board=${board%|}
  json=$("$work/nimber" outcome --game domineering "$board" --json)
  got_left=$(jq -r '.left_first[0:1]' <<<"$json")
  got_right=$(jq -r '.right_first[0:1]' <<<"$json")
  pos=$(jq -r '.positions' <<<"$json")
  sec=$(jq -r '.seconds * 1000 | round / 1000' <<<"$json")
  if [[ "$got_left$got_right" != "$left$right" ]]; then
    echo "DISAGREE ${rows}x$cols: nimber $got_left$got_right, record $left$right" >&2
    bad=1
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$rows" "$cols" "$left" "$right" "$class" "$source" "$evidence" "$pos" "$sec" "$machine" >> "$out"
  printf '%3dx%-3d %s%s  %12s positions %9s s\n' "$rows" "$cols" "$got_left" "$got_right" "$pos" "$sec" >&2
done < "$records"
cp "$out" "$records"
exit $bad
