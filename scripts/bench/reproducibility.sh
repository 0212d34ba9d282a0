#!/usr/bin/env bash
# Do two runs of the same comparison agree? Runs scripts/compare.sh N times back to back (default 3; extra
# arguments go to every run, e.g. --profile quick or --models netty,nio-reactor), then reports, for requests/s and
# server CPU per request: each cell's medians and their spread, how often one run's median lies inside another
# run's 95 % interval, how often a run's interval covers the median of the other runs' medians (the coverage to
# hold against the 95 % stated), and every pair of targets one run orders (intervals apart) that another run's
# medians reverse (httpmodels stats agreement).
#
#   scripts/bench/reproducibility.sh [N] [compare flags...]
#
# The runs are kept in results/reproducibility-<timestamp>/run-<i>/; the report is printed and saved beside them
# as agreement.txt. Measure on a quiet machine: anything else running is noise the runs disagree by.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

runs=3
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
    runs="$1"; shift
fi
case "${1:-}" in -h|--help) usage ;; esac
[ "$runs" -ge 2 ] || { echo "reproducibility.sh: N must be at least 2, was $runs" >&2; usage; }

out="$HTTPMODELS_ROOT/results/reproducibility-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
echo "reproducibility: $runs runs of scripts/compare.sh $*, into $out" >&2
dirs=()
for i in $(seq 1 "$runs"); do
    echo "== run $i of $runs ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))" >&2
    "$HTTPMODELS_ROOT/scripts/compare.sh" "$@" --out "$out/run-$i" >"$out/run-$i.log" 2>&1 \
        || { echo "reproducibility.sh: run $i failed (see $out/run-$i.log)" >&2; exit 1; }
    dirs+=("$out/run-$i")
done
httpmodels_stats agreement "${dirs[@]}" | tee "$out/agreement.txt"
