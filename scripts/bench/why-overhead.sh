#!/usr/bin/env bash
# The cost of looking: how much the why figures (docs/why.md) add to a cell's server CPU per request.
#
#   scripts/bench/why-overhead.sh [--models LIST] [--[no-]keep-alive|--keep-alive=both] [--rounds N]
#                                 [--duration TIME] [--warmup TIME] [-c N] [--work TIME]
#
# Each model serves each cell in one JVM, warmed until its JIT is quiet; then windows of --duration (2s) are
# recorded alternately with the figures on and off, A B then B A, --rounds (6) rounds:
#   on   perf counts an unrecorded 300 ms chunk of the cell's load, then the window is recorded while /proc
#        and the model's JVM are read at its start and end (what compare does by default)
#   off  the same 300 ms chunk without perf, then the window with nothing read but CPU and memory
# and prints every window, then per cell the medians of server CPU µs per request, their ratio and the median of
# the per-round paired ratios (on / off): the cost of looking, which docs/why.md bounds at 1 %. Pinned as compare
# is (models on cpu 0, the client on cpu 1 on two cores). Wrap in `flock` on the lock file
# scripts/regress-selfcheck.sh takes when another benchmark may run on this machine; say the load average
# (/proc/loadavg) with the result.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --models|--rounds|--duration|--warmup|-c|--work|--work-ms) args+=("$1" "${2:?}"); shift 2 ;;
        --keep-alive|--no-keep-alive|--keep-alive=*) args+=("$1"); shift ;;
        -h|--help) usage ;;
        *) echo "why-overhead.sh: unknown argument '$1'" >&2; usage ;;
    esac
done

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
work_dir="$HTTPMODELS_ROOT/target/bench/why-overhead"
mkdir -p "$work_dir"
rounds_file="$work_dir/rounds.txt"

echo "why-overhead: $(nproc) cpus ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | sed -n 1p)), $(date -u +%FT%TZ)," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg), commit $(git -C "$HTTPMODELS_ROOT" rev-parse --short HEAD 2>/dev/null || echo ?)"
export HTTPMODELS_ROOT
# shellcheck disable=SC2086 # HTTPMODELS_JAVA_OPTS is a list of flags
"$java_bin" -Xms256m -Xmx256m -XX:+UseParallelGC ${HTTPMODELS_JAVA_OPTS:-} -jar "$jar" overhead "${args[@]}" \
    > "$rounds_file"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '%-44s %12s %12s %10s %12s %7s\n' cell "off µs/req" "on µs/req" "on/off" "paired on/off" rounds
while read -r key a b ratio paired n; do
    case "$key" in *-rps) continue ;; esac
    printf '%-44s %12.3f %12.3f %10.4f %12.4f %7s\n' "$key" "$a" "$b" "$ratio" "$paired" "$n"
done < <(grep -v -e '-rps ' "$rounds_file" | httpmodels_stats pairs --a off --b on)
echo "paired on/off: the median of each round's on/off, the two windows of a round back to back in one JVM;"
echo "1.0100 would be the 1 % the figures may cost. Every window: $rounds_file"
