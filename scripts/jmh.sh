#!/usr/bin/env bash
# Runs the JMH benchmarks of bench-jmh and prints a table of the results.
#
#   scripts/jmh.sh                                   every benchmark, workMs=0, with -prof gc (~3-4 min on 2 cores)
#   scripts/jmh.sh ServerModelBenchmark -t 40        JMH's own arguments: here every model, 40 connections
#   scripts/jmh.sh ServerCodecBenchmark -prof gc     one class, with allocation per operation
#   scripts/jmh.sh -l | -h                           list the benchmarks | JMH's flags
#
# Builds bench-jmh/target/benchmarks.jar when missing or stale, runs it with the arguments given (or the
# defaults above when none), writes JMH's JSON to results/jmh/<timestamp>.json and the table beside it (.md).
# On a shared machine: flock /tmp/httpmodels-bench.lock scripts/jmh.sh ...
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

java_bin="$(httpmodels_find_java)"
# JMH 1.37 uses sun.misc.Unsafe, which JDK 24+ warns about on every start; allow it quietly where the flag exists
# (JDK 23+). The forks inherit the flag.
java_opts=()
if [ "$(httpmodels_java_major "$java_bin")" -ge 23 ]; then
    java_opts+=(--sun-misc-unsafe-memory-access=allow)
fi
jar="$HTTPMODELS_ROOT/bench-jmh/target/benchmarks.jar"
httpmodels_ensure_jar bench-jmh "$jar"

if [ $# -eq 0 ]; then
    set -- -p workMs=0 -prof gc
fi
for arg in "$@"; do
    case "$arg" in
        -h | -help | --help | -l | -lp | -lprof | -lrf)
            exec "$java_bin" "${java_opts[@]}" -jar "$jar" "$@" ;; # nothing runs: no results to keep
    esac
done

results_dir="$HTTPMODELS_ROOT/results/jmh"
mkdir -p "$results_dir"
stamp="$(date +%Y%m%dT%H%M%S)"
json="$results_dir/$stamp.json"
echo "jmh: $(nproc) cpus, $("$java_bin" -version 2>&1 | sed -n 1p), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'); results in $json" >&2

"$java_bin" "${java_opts[@]}" -jar "$jar" "$@" -rf json -rff "$json"
if [ ! -s "$json" ]; then
    echo "error: JMH wrote no results to $json" >&2
    exit 1
fi
"$java_bin" -cp "$jar" io.httpmodels.bench.JmhResultsTable "$json" | tee "$results_dir/$stamp.md"
