#!/usr/bin/env bash
# Do three agents at a total rate R measure what one agent at R measures? Starts the netty model (one event
# loop, pinned to cpu 0), then alternates for several rounds: one load-client agent at R with C connections, and
# three agents at R/3 with C/3 connections each (--agents 3 --agent-index i, one shared --start-at), every agent
# pinned to cpu 1, open loop. Each run's logs are merged with `httpmodels merge` (one agent's log too, so both
# go through the same path); prints every run's p50, p99 and each agent's start skew, then the medians and the
# three/one ratios. Target: p50 and p99 within 10 % (ratios 0.9 to 1.1), every skew within 100 ms.
#
#   scripts/bench/agents-agreement.sh [--rounds N] [--rate R] [--connections C] [--duration S] [--warmup S] [--port N]
#
# Defaults: 3 rounds, R = 2000 requests/s, C = 60, 10 s recorded after 5 s of warm-up, port 18490. R must stay
# well below what server and client sustain here, or both setups measure a queue. To keep benchmarks from
# overlapping on a shared machine, run it under flock on the lock file scripts/regress-selfcheck.sh takes.
# The logs stay in results/agreement/<timestamp>/ (one folder per run, with its merged.json).
# shellcheck disable=SC2317 # cleanup is called by the trap
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; rate=2000; connections=60; duration=10; warmup=5; port=18490
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?}"; shift 2 ;;
        --rate) rate="${2:?}"; shift 2 ;;
        --connections) connections="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "agents-agreement.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$rate" "$connections" "$duration" "$warmup" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "agents-agreement.sh: not a number: '$n'" >&2; usage; }
done
[ $((connections % 3)) -eq 0 ] || { echo "agents-agreement.sh: connections must split in three" >&2; exit 2; }

root="$HTTPMODELS_ROOT"
java="$(httpmodels_find_java)"
url="http://127.0.0.1:$port/plaintext"
out="$root/results/agreement/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

# Build first, so no build runs inside a measurement.
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
httpmodels_ensure_jar harness "$root/harness/target/harness.jar"
# Copies, so that a rebuild while this runs cannot change the code under measurement.
cp "$root/load-client/target/load-client.jar" "$out/load-client.jar"
cp -r "$root/harness/target/harness.jar" "$root/harness/target/lib" "$out/"
taskset -c 0 "$java" -jar "$out/harness.jar" serve netty --server-threads 1 --port "$port" \
    >"$out/server.log" 2>&1 &
server_pid=$!
httpmodels_wait_for_port "$port" 60

# A start time far enough ahead that every agent's JVM is up and connected (a loaded machine starts a JVM
# slowly): the agents idle until start - warm-up, warm up, then record from the start time.
lead_ms=$(( (warmup + 8) * 1000 ))

# run_agents NAME N DIR: N agents sharing rate and connections, one start time; then their logs merged.
run_agents() {
    local name="$1" n="$2" dir="$3" start i pids=()
    mkdir -p "$dir"
    start=$(( $(date +%s%3N) + lead_ms ))
    for ((i = 0; i < n; i++)); do
        taskset -c 1 "$java" -XX:+UseParallelGC -Xms128m -Xmx128m -jar "$out/load-client.jar" \
            "$url" -c $((connections / n)) -R "$rate" --agents "$n" --agent-index "$i" -d "${duration}s" \
            --warmup "${warmup}s" --start-at "$start" -q --hlog "$dir/agent-$i.hlog" --json "$dir/agent-$i.json" \
            >"$dir/agent-$i.out" 2>&1 &
        pids+=($!)
    done
    local failed=0
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || { echo "$name: agent $i failed: $(tail -n 1 "$dir/agent-$i.out")" >&2; failed=1; }
    done
    [ "$failed" -eq 0 ] || return 1
    "$java" -jar "$out/harness.jar" merge --json "$dir/merged.json" "$dir"/agent-*.hlog \
        >"$dir/merge.out"
}

echo "netty (1 event loop, cpu 0) at $url; agents on cpu 1; ${rate} requests/s in total over $connections"
echo "connections, ${duration} s recorded after ${warmup} s warm-up, $rounds rounds alternating; load before:"\
     "$(cut -d' ' -f1-3 /proc/loadavg)"
: >"$out/rounds"
for ((r = 1; r <= rounds; r++)); do
    order=(one three)
    [ $((r % 2)) -eq 0 ] && order=(three one)
    for name in "${order[@]}"; do
        n=1; [ "$name" = three ] && n=3
        dir="$out/round-$r-$name"
        run_agents "$name" "$n" "$dir"
        if [ "$(jq '.total.requests' "$dir/merged.json")" -eq 0 ]; then
            # Open loop times each request from its schedule: an agent that fell behind during its warm-up
            # answers only warm-up requests in the window. The rate is too high for the machine as it is now.
            echo "round $r $name: no request recorded (the agent never caught up with its schedule): lower --rate" >&2
            exit 1
        fi
        p50="$(jq '.total.latency.p50' "$dir/merged.json")"
        p99="$(jq '.total.latency.p99' "$dir/merged.json")"
        rps="$(jq '.total.requestsPerSecond' "$dir/merged.json")"
        skews="$(jq -r '[.agents[].startSkewMillis | tostring] | join(" ")' "$dir/merged.json")"
        offsets="$(jq -r '[.agents[].startOffsetMillis | tostring] | join(" ")' "$dir/merged.json")"
        printf 'round %d %-5s  %8.1f req/s  p50 %6d us  p99 %7d us  start skew (ms) %s  start offsets (ms) %s\n' \
            "$r" "$name" "$rps" "$p50" "$p99" "$skews" "$offsets"
        echo "p50 $r $name $p50" >>"$out/rounds"
        echo "p99 $r $name $p99" >>"$out/rounds"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
status=0
for key in p50 p99; do
    read -r _ med_one med_three ratio paired _ < <(grep "^$key " "$out/rounds" \
        | httpmodels_stats pairs --a one --b three)
    verdict="ok"
    awk -v r="$ratio" 'BEGIN { exit !(r >= 0.9 && r <= 1.1) }' || { verdict="OUTSIDE 10 %"; status=1; }
    printf '%s  median one agent %6.0f us  three agents %6.0f us  ratio %s  paired ratio %s  %s\n' \
        "$key" "$med_one" "$med_three" "$ratio" "$paired" "$verdict"
done
echo "logs: $out"
exit "$status"
