#!/usr/bin/env bash
# Does our load client keep up with wrk? Runs wrk and scripts/load.sh against one nginx (one worker, pinned to
# cpu 0), each client pinned to cpu 1, same connections and duration, alternating A B / B A for several rounds,
# in two shapes: keep-alive at 40 connections, and pipeline depth 16 at 256 connections.
# Prints every run's requests/s and p50, then per shape the medians, the ratio client/wrk (of the medians,
# and the median of the per-round ratios) and both p50s.
# Target: ratio >= 0.9 in both shapes, and (keep-alive) p50 within 25 % of wrk's. Where h2load is installed
# (nghttp2-client, from scripts/peers/install.sh) it runs too in the keep-alive shape, as a referee for p50:
# it logs every request's raw latency.
#
#   scripts/bench/client-vs-wrk.sh [--rounds N] [--duration SECONDS] [--warmup SECONDS] [--port N]
#
# Defaults: 3 rounds, 10 s recorded per run, our client warms its JIT 3 s first (unrecorded; wrk needs none),
# port 18480. To keep benchmarks from overlapping on a shared machine:
#   flock /tmp/httpmodels-bench.lock scripts/bench/client-vs-wrk.sh
# Notes on the figures: wrk's p50 in closed loop is its own histogram (it adds corrected samples, which moves
# p50 little); with pipelining wrk records one sample per batch, so its pipelined p50 is not comparable.
# In closed loop a latency is the time a request spends queued at the server; when a client saturates its own
# core (see its cpu %), requests queue inside the client before they are written, untimed, and its p50 drops.
# shellcheck disable=SC2317 # cleanup and run_wrk/run_client/run_h2load are called indirectly (trap, run_"$tool")
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; duration=10; warmup=3; port=18480
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "client-vs-wrk.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "client-vs-wrk.sh: not a number: '$n'" >&2; usage; }
done
command -v wrk >/dev/null || { echo "client-vs-wrk.sh: wrk missing; run scripts/peers/install.sh" >&2; exit 1; }

root="$HTTPMODELS_ROOT"
url="http://127.0.0.1:$port/plaintext"
work="$(mktemp -d)"
cleanup() { "$root/scripts/peers/nginx.sh" stop --port "$port" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# Build first, so no build runs inside a measurement.
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
"$root/scripts/peers/nginx.sh" start --port "$port" --cpu 0 >/dev/null

# run_wrk CONNECTIONS DEPTH -> prints "RPS P50_US CPU%"
# Without pipelining wrk runs with no script: a Lua request() hook would cost it a call per request.
run_wrk() {
    local c="$1" depth="$2" out script=()
    [ "$depth" -gt 1 ] && script=(-s "$root/scripts/bench/pipeline.lua")
    out="$(/usr/bin/time -f "cpu=%P" taskset -c 1 wrk -t1 -c"$c" -d"${duration}s" --latency \
        "${script[@]}" "$url" -- /plaintext "$depth" 2>&1)" || { echo "wrk failed: $out" >&2; return 1; }
    echo "$(rps_of "$out") $(p50_of "$out") $(cpu_of "$out")"
}

# run_client CONNECTIONS DEPTH -> prints "RPS P50_US CPU%"
run_client() {
    local c="$1" depth="$2" out
    out="$(/usr/bin/time -f "cpu=%P" taskset -c 1 "$root/scripts/load.sh" "$url" -t 1 -c "$c" -p "$depth" \
        -d "${duration}s" --warmup "${warmup}s" -q 2>&1)" || { echo "client failed: $out" >&2; return 1; }
    echo "$(rps_of "$out") $(p50_of "$out") $(cpu_of "$out")"
}

# run_h2load CONNECTIONS DEPTH -> prints "RPS P50_US CPU%". h2load (nghttp2-client) logs every request's own
# latency (--log-file), raw, with no synthetic samples: the referee for p50 when wrk and this client disagree.
run_h2load() {
    local c="$1" depth="$2" out log="$work/h2load-$RANDOM.log"
    out="$(/usr/bin/time -f "cpu=%P" taskset -c 1 h2load --h1 -t 1 -c "$c" -m "$depth" -D "$duration" \
        --warm-up-time="$warmup" --log-file="$log" "$url" 2>&1)" || { echo "h2load failed: $out" >&2; return 1; }
    local rps p50
    rps="$(sed -n 's/^finished in [^,]*, *\([0-9.]*\) req\/s.*/\1/p' <<<"$out")"
    p50="$(awk '{ print $3 }' "$log" | httpmodels_stats median)"
    rm -f "$log"
    echo "$rps $p50 $(cpu_of "$out")"
}

rps_of() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$1" | sed -n 1p; }
cpu_of() { sed -n 's/^cpu=\([0-9]*\)%.*/\1/p' <<<"$1" | tail -n 1; }
# First "50%" line, in microseconds (both tools print us, ms or s).
p50_of() {
    sed -n 's/^ *50% *\([0-9.]*\)\([um]*s\).*/\1 \2/p' <<<"$1" | sed -n 1p \
        | awk '{ v=$1; if ($2=="ms") v*=1000; else if ($2=="s") v*=1000000; printf "%.0f", v }'
}

have_h2load="$(command -v h2load || true)"
[ -n "$have_h2load" ] || echo "note: h2load (nghttp2-client) missing: no raw per-request p50 referee; scripts/peers/install.sh installs it" >&2
java_version="$("$(httpmodels_find_java)" -version 2>&1 | sed -n 1p)"
echo "client-vs-wrk: nginx 1 worker on cpu 0, each client -t1 on cpu 1, ${duration}s per run" \
     "(our client +${warmup}s unrecorded warm-up), $rounds rounds alternating; $(nproc) cpus; $java_version"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

shapes=("keep-alive:40:1" "pipeline16:256:16")
declare -A results
for round in $(seq 1 "$rounds"); do
    for shape in "${shapes[@]}"; do
        IFS=: read -r name c depth <<<"$shape"
        tools="wrk client"
        # The referee only where latency is per request for every tool: no pipelining.
        [ "$depth" -eq 1 ] && [ -n "$have_h2load" ] && tools="wrk client h2load"
        order="$tools"
        [ $((round % 2)) -eq 0 ] && order="$(tr ' ' '\n' <<<"$tools" | tac | tr '\n' ' ')"
        for tool in $order; do
            r="$(run_"$tool" "$c" "$depth")"
            results["$name:$tool:$round"]="$r"
            read -r rps p50 cpu <<<"$r"
            printf '%s-rps %d %s %s\n%s-p50 %d %s %s\n' "$name" "$round" "$tool" "$rps" "$name" "$round" "$tool" \
                "$p50" >> "$work/rounds"
            printf 'round %d  %-10s  c=%-3s p=%-2s  %-6s  %12s req/s  p50 %6s us  cpu %s%%\n' \
                "$round" "$name" "$c" "$depth" "$tool" "$rps" "$p50" "$cpu"
        done
    done
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
status=0
for shape in "${shapes[@]}"; do
    IFS=: read -r name c depth <<<"$shape"
    # Medians and client/wrk ratios (of the medians, and the median of the per-round ratios: robust to drift).
    read -r _ med_rps_wrk med_rps_client ratio paired _ < <(grep -v h2load "$work/rounds" | grep "^$name-rps " \
        | httpmodels_stats pairs --a wrk --b client)
    read -r _ med_p50_wrk med_p50_client p50_ratio _ < <(grep -v h2load "$work/rounds" | grep "^$name-p50 " \
        | httpmodels_stats pairs --a wrk --b client)
    p50_delta="$(awk -v r="$p50_ratio" 'BEGIN { printf "%+.0f%%", (r - 1) * 100 }')"
    verdict="ok"
    awk -v r="$ratio" 'BEGIN { exit !(r >= 0.9) }' || { verdict="BELOW TARGET (0.9)"; status=1; }
    printf '%-10s  median wrk %12.0f req/s  client %12.0f req/s  ratio %s  paired ratio %s  %s\n' \
        "$name" "$med_rps_wrk" "$med_rps_client" "$ratio" "$paired" "$verdict"
    note=""
    [ "$depth" -gt 1 ] && note="  (wrk's pipelined p50 is one sample per batch: not comparable)"
    # In closed loop a request's whole cycle is connections / throughput (Little's law): a p50 far below it
    # means requests spent the rest of the cycle somewhere untimed (queued in a saturated client).
    cycle_of() { awk -v p="$1" -v r="$2" -v c="$c" 'BEGIN { printf "%.2f", p * r / c / 1e6 }'; }
    printf '%-10s  median p50 wrk %s us  client %s us  (%s)%s\n' "$name" "$med_p50_wrk" "$med_p50_client" \
        "$p50_delta" "$note"
    [ "$depth" -eq 1 ] && printf '%-10s  p50 as a share of the cycle (connections / req/s): wrk %s, client %s\n' \
        "$name" "$(cycle_of "$med_p50_wrk" "$med_rps_wrk")" "$(cycle_of "$med_p50_client" "$med_rps_client")"
    if [ -n "${results["$name:h2load:1"]:-}" ]; then
        rps_list=""; p50_list=""
        for round in $(seq 1 "$rounds"); do
            read -r rps p50 _ <<<"${results["$name:h2load:$round"]}"
            rps_list+=" $rps"; p50_list+=" $p50"
        done
        # shellcheck disable=SC2086 # one number a word
        h_rps="$(httpmodels_median $rps_list)"
        # shellcheck disable=SC2086
        h_p50="$(httpmodels_median $p50_list)"
        printf '%-10s  referee h2load (raw per-request log): median %.0f req/s, p50 %s us (%s of its cycle)\n' \
            "$name" "$h_rps" "$h_p50" "$(cycle_of "$h_p50" "$h_rps")"
    fi
done
exit "$status"
