#!/usr/bin/env bash
# Does the harness measure what the load client alone measures? One model, started once and pinned to cpu 0;
# then, alternating A B / B A over several rounds, the same load from
#   A  scripts/load.sh (the load client's own command line), pinned to cpu 1
#   B  scripts/compare.sh --target (the harness driving the same running server), client pinned to cpu 1
# with the same connections, warm-up and duration. Prints every round, the medians and the ratios B / A
# (target: within 5 %). Wrap in `flock` on the lock file scripts/regress-selfcheck.sh takes on a shared machine.
#
#   scripts/bench/harness-vs-load.sh [--model NAME] [--rounds N] [--duration S] [--warmup S] [-c N] [--port N]
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
model=netty; rounds=3; duration=5; warmup=2; connections=40; port=18490
while [ $# -gt 0 ]; do
    case "$1" in
        --model) model="${2:?}"; shift 2 ;;
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        -c) connections="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "harness-vs-load.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$connections" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "harness-vs-load.sh: not a number: '$n'" >&2; exit 2; }
done
if httpmodels_port_in_use "$port"; then
    echo "harness-vs-load.sh: port $port is in use; pick another with --port" >&2; exit 1
fi

root="$HTTPMODELS_ROOT"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; then
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

httpmodels_ensure_jar harness "$root/harness/target/harness.jar"
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
java_bin="$(httpmodels_find_java)"
stats() { "$java_bin" -jar "$root/harness/target/harness.jar" stats "$@"; }

# Started directly, not through a shell function: taskset and serve.sh exec, so $! is the JVM's pid (a function
# in the background would be a subshell, and killing it would leave the JVM running).
export HTTPMODELS_JAVA_OPTS="-Xms128m -Xmx512m -XX:+UseParallelGC"
serve=("$root/scripts/serve.sh" "$model" --port "$port")
if command -v taskset >/dev/null 2>&1 && [ "$(httpmodels_cpus)" -ge 2 ]; then
    taskset -c 0 "${serve[@]}" > "$work/server.log" 2>&1 &
else
    echo "note: $model not pinned (taskset missing or one cpu)" >&2
    "${serve[@]}" > "$work/server.log" 2>&1 &
fi
server_pid=$!
httpmodels_wait_for_port "$port"
url="http://127.0.0.1:$port/plaintext"
echo "harness-vs-load: $model on cpu 0, client on cpu 1, -c $connections keep-alive, ${warmup}s warm-up +" \
     "${duration}s per run, $rounds rounds alternating; $(nproc) cpus; load $(cut -d' ' -f1-3 /proc/loadavg)"

run_load() {
    httpmodels_pin 1 "$root/scripts/load.sh" "$url" -c "$connections" -d "${duration}s" --warmup "${warmup}s" -q \
        | sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'
}
run_harness() {
    local out="$work/compare-$RANDOM"
    "$root/scripts/compare.sh" --models none --target "$model=http://127.0.0.1:$port" --keep-alive \
        -c "$connections" --warmup "${warmup}s" -d "${duration}s" --server-cpus 0 --client-cpus 1 \
        --out "$out" > "$work/compare.log" 2>&1 || { cat "$work/compare.log" >&2; return 1; }
    # The first requestsPerSecond of results.json is the one cell's (cells precede summaries).
    sed -n 's/^ *"requestsPerSecond" : \([0-9.E]*\).*/\1/p' "$out/results.json" | sed -n 1p
}

: > "$work/rounds"
for round in $(seq 1 "$rounds"); do
    order="load harness"; [ $((round % 2)) -eq 0 ] && order="harness load"
    for who in $order; do
        rps="$(run_"$who")"
        echo "rps $round $who $rps" >> "$work/rounds"
        printf 'round %d  %-8s %12.0f requests/s\n' "$round" "$who" "$rps"
    done
done
echo
read -r _ med_a med_b ratio paired n < <(stats pairs --a load --b harness < "$work/rounds")
printf 'median: load.sh %.0f, harness %.0f requests/s; harness / load.sh: ratio of medians %.3f, paired %.3f (%d rounds)\n' \
    "$med_a" "$med_b" "$ratio" "$paired" "$n"
