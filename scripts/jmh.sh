#!/usr/bin/env bash
# Runs the JMH benchmarks of bench-jmh and prints a table of the results.
#
#   scripts/jmh.sh                                   every benchmark, workMs=0, with -prof gc (~3-4 min on 2 cores)
#   scripts/jmh.sh ServerModelBenchmark -t 40        JMH's own arguments: here every model, 40 connections
#   scripts/jmh.sh ServerCodecBenchmark -prof gc     one class, with allocation per operation
#   scripts/jmh.sh -l | -h                           list the benchmarks | JMH's flags
#   HTTPMODELS_JMH_CPU=none scripts/jmh.sh ...       not pinned (default: every JVM on the last cpu)
#
# Builds bench-jmh/target/benchmarks.jar when missing or stale, runs it with the arguments given (or the
# defaults above when none), writes JMH's JSON to results/jmh/<timestamp>.json and the table beside it (.md).
# On a shared machine run one benchmark at a time: flock on the lock file scripts/regress-selfcheck.sh takes.
#
# Why pinned: client and server share the JVM. Unpinned on a small VM, a one-connection round trip measured
# either ~6 us (both threads on one cpu) or ~70 us (each waking the other on an idle cpu), as the scheduler
# placed them, fork by fork. On one cpu it is the cost of the round trip itself, the same in every fork. The
# JMH forks inherit the affinity, and every model sizes its defaults for the one cpu it sees, as the servers
# in scripts/bench/ do (pinned at start).
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

cpu="${HTTPMODELS_JMH_CPU:-$(($(httpmodels_cpus) - 1))}"
jmh=("$java_bin" "${java_opts[@]}" -jar "$jar")
pinning="not pinned"
if [ "$cpu" != none ]; then
    jmh=(httpmodels_pin "$cpu" "${jmh[@]}")
    pinning="pinned to cpu $cpu"
fi

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
conditions="$(nproc) cpus, $pinning, $("$java_bin" -version 2>&1 | sed -n 1p), load average at start $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), JMH args: $*"
echo "jmh: $conditions; results in $json" >&2

"${jmh[@]}" "$@" -rf json -rff "$json"
if [ ! -s "$json" ]; then
    echo "error: JMH wrote no results to $json" >&2
    exit 1
fi
{
    printf '%s\n\n' "$conditions"
    "$java_bin" -cp "$jar" io.httpmodels.bench.JmhResultsTable "$json"
} | tee "$results_dir/$stamp.md"
