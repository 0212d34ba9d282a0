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
#   scripts/bench/client-vs-wrk.sh [--rounds N] [--duration SECONDS] [--warmup SECONDS] [--port N] [--tls]
#                                  [--baseline-jar JAR]
#
# --tls: the same over https (nginx's https server block, scripts/peers/nginx.sh --https-port, on PORT + 1; our
# client with --insecure, TLS 1.3 as wrk and h2load negotiate it), keep-alive shape only.
# --baseline-jar: also runs another build of our client (java -jar JAR, as scripts/load.sh runs its own) in every
# round, alternating with the others: this build against an earlier one in the same run, each beside wrk.
# Each run's client CPU per request (us) is printed beside its req/s: the process's user + system time over its
# life / (req/s x its elapsed time); our client's JVM start and warm-up are in it, so its figure is an upper bound.
#
# Defaults: 3 rounds, 10 s recorded per run, our client warms its JIT 3 s first (unrecorded; wrk needs none),
# port 18480. To keep benchmarks from overlapping on a shared machine, run it under flock on the lock file
# scripts/regress-selfcheck.sh takes.
# Notes on the figures: wrk's p50 in closed loop is its own histogram (it adds corrected samples, which moves
# p50 little); with pipelining wrk records one sample per batch, so its pipelined p50 is not comparable.
# In closed loop a latency is the time a request spends queued at the server; when a client saturates its own
# core (see its cpu %), requests queue inside the client before they are written, untimed, and its p50 drops.
# shellcheck disable=SC2317 # cleanup and run_wrk/run_client/run_h2load are called indirectly (trap, run_"$tool")
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; duration=10; warmup=3; port=18480; tls=false; baseline_jar=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        --tls) tls=true; shift ;;
        --baseline-jar) baseline_jar="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "client-vs-wrk.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "client-vs-wrk.sh: not a number: '$n'" >&2; usage; }
done
command -v wrk >/dev/null || { echo "client-vs-wrk.sh: wrk missing; run scripts/peers/install.sh" >&2; exit 1; }
[ -z "$baseline_jar" ] || [ -f "$baseline_jar" ] || { echo "client-vs-wrk.sh: no such jar: $baseline_jar" >&2; exit 2; }

root="$HTTPMODELS_ROOT"
url="http://127.0.0.1:$port/plaintext"
nginx_tls=()
client_tls=()
if $tls; then
    url="https://127.0.0.1:$((port + 1))/plaintext"
    nginx_tls=(--https-port "$((port + 1))")
    client_tls=(--insecure)
fi
work="$(mktemp -d)"
cleanup() { "$root/scripts/peers/nginx.sh" stop --port "$port" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# Build first, so no build runs inside a measurement.
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
"$root/scripts/peers/nginx.sh" start --port "$port" "${nginx_tls[@]}" --cpu 0 >/dev/null

# Each run_TOOL prints "RPS P50_US CPU% CPU_US_PER_REQUEST"; /usr/bin/time's TIME line gives the last two.
TIME_FORMAT="cpu=%P times=%U %S %e"
# cpu_us_of OUTPUT RPS -> the process's CPU microseconds per request over its life (see the header).
cpu_us_of() {
    local times
    times="$(sed -n 's/^cpu=[0-9]*% times=\(.*\)$/\1/p' <<<"$1" | tail -n 1)"
    read -r user sys elapsed <<<"$times"
    httpmodels_stats cpu-per-request "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 100 }')" 100 \
        "$(awk -v r="$2" -v e="$elapsed" 'BEGIN { printf "%d", r * e }')"
}

# run_wrk CONNECTIONS DEPTH
# Without pipelining wrk runs with no script: a Lua request() hook would cost it a call per request.
run_wrk() {
    local c="$1" depth="$2" out script=()
    [ "$depth" -gt 1 ] && script=(-s "$root/scripts/bench/pipeline.lua")
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 wrk -t1 -c"$c" -d"${duration}s" --latency \
        "${script[@]}" "$url" -- /plaintext "$depth" 2>&1)" || { echo "wrk failed: $out" >&2; return 1; }
    echo "$(rps_of "$out") $(p50_of "$out") $(cpu_of "$out") $(cpu_us_of "$out" "$(rps_of "$out")")"
}

# run_client CONNECTIONS DEPTH
run_client() {
    local c="$1" depth="$2" out
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 "$root/scripts/load.sh" "$url" -t 1 -c "$c" --pipeline "$depth" \
        -d "${duration}s" --warmup "${warmup}s" -q "${client_tls[@]}" 2>&1)" \
        || { echo "client failed: $out" >&2; return 1; }
    echo "$(rps_of "$out") $(p50_of "$out") $(cpu_of "$out") $(cpu_us_of "$out" "$(rps_of "$out")")"
}

# run_base CONNECTIONS DEPTH: the baseline build, started as scripts/load.sh starts this one.
run_base() {
    local c="$1" depth="$2" out
    # shellcheck disable=SC2086 # HTTPMODELS_JAVA_OPTS is a list of flags
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 "$(httpmodels_find_java)" -Xms256m -Xmx256m \
        -XX:+UseParallelGC ${HTTPMODELS_JAVA_OPTS:-} -jar "$baseline_jar" "$url" -t 1 -c "$c" --pipeline "$depth" \
        -d "${duration}s" --warmup "${warmup}s" -q "${client_tls[@]}" 2>&1)" \
        || { echo "baseline client failed: $out" >&2; return 1; }
    echo "$(rps_of "$out") $(p50_of "$out") $(cpu_of "$out") $(cpu_us_of "$out" "$(rps_of "$out")")"
}

# run_h2load CONNECTIONS DEPTH -> prints "RPS P50_US CPU%". h2load (nghttp2-client) logs every request's own
# latency (--log-file), raw, with no synthetic samples: the referee for p50 when wrk and this client disagree.
run_h2load() {
    local c="$1" depth="$2" out log="$work/h2load-$RANDOM.log"
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 h2load --h1 -t 1 -c "$c" -m "$depth" -D "$duration" \
        --warm-up-time="$warmup" --log-file="$log" "$url" 2>&1)" || { echo "h2load failed: $out" >&2; return 1; }
    local rps p50
    rps="$(sed -n 's/^finished in [^,]*, *\([0-9.]*\) req\/s.*/\1/p' <<<"$out")"
    p50="$(awk '{ print $3 }' "$log" | httpmodels_stats median)"
    rm -f "$log"
    echo "$rps $p50 $(cpu_of "$out") $(cpu_us_of "$out" "$rps")"
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
echo "client-vs-wrk: $url, nginx 1 worker on cpu 0, each client -t1 on cpu 1, ${duration}s per run" \
     "(our client +${warmup}s unrecorded warm-up), $rounds rounds alternating; $(nproc) cpus; $java_version"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

shapes=("keep-alive:40:1" "pipeline16:256:16")
$tls && shapes=("keep-alive:40:1")
declare -A results
for round in $(seq 1 "$rounds"); do
    for shape in "${shapes[@]}"; do
        IFS=: read -r name c depth <<<"$shape"
        tools="wrk client"
        [ -z "$baseline_jar" ] || tools="$tools base"
        # The referee only where latency is per request for every tool: no pipelining.
        [ "$depth" -eq 1 ] && [ -n "$have_h2load" ] && tools="$tools h2load"
        order="$tools"
        [ $((round % 2)) -eq 0 ] && order="$(tr ' ' '\n' <<<"$tools" | tac | tr '\n' ' ')"
        for tool in $order; do
            r="$(run_"$tool" "$c" "$depth")"
            results["$name:$tool:$round"]="$r"
            read -r rps p50 cpu cpu_us <<<"$r"
            printf '%s-rps %d %s %s\n%s-p50 %d %s %s\n%s-cpu %d %s %s\n' "$name" "$round" "$tool" "$rps" \
                "$name" "$round" "$tool" "$p50" "$name" "$round" "$tool" "$cpu_us" >> "$work/rounds"
            printf 'round %d  %-10s  c=%-3s p=%-2s  %-6s  %12s req/s  p50 %6s us  cpu %s%%  %s us cpu/req\n' \
                "$round" "$name" "$c" "$depth" "$tool" "$rps" "$p50" "$cpu" "$cpu_us"
        done
    done
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
status=0
for shape in "${shapes[@]}"; do
    IFS=: read -r name c depth <<<"$shape"
    # Medians and client/wrk ratios (of the medians, and the median of the per-round ratios: robust to drift).
    read -r _ med_rps_wrk med_rps_client ratio paired _ < <(grep -v 'h2load\| base ' "$work/rounds" \
        | grep "^$name-rps " | httpmodels_stats pairs --a wrk --b client)
    read -r _ med_p50_wrk med_p50_client p50_ratio _ < <(grep -v 'h2load\| base ' "$work/rounds" \
        | grep "^$name-p50 " | httpmodels_stats pairs --a wrk --b client)
    read -r _ med_cpu_wrk med_cpu_client _ < <(grep -v 'h2load\| base ' "$work/rounds" | grep "^$name-cpu " \
        | httpmodels_stats pairs --a wrk --b client)
    p50_delta="$(awk -v r="$p50_ratio" 'BEGIN { printf "%+.0f%%", (r - 1) * 100 }')"
    verdict="ok"
    awk -v r="$ratio" 'BEGIN { exit !(r >= 0.9) }' || { verdict="BELOW TARGET (0.9)"; status=1; }
    printf '%-10s  median wrk %12.0f req/s  client %12.0f req/s  ratio %s  paired ratio %s  %s\n' \
        "$name" "$med_rps_wrk" "$med_rps_client" "$ratio" "$paired" "$verdict"
    printf '%-10s  median client CPU per request: wrk %s us  client %s us\n' "$name" "$med_cpu_wrk" "$med_cpu_client"
    if [ -n "$baseline_jar" ]; then
        read -r _ _ med_rps_base base_ratio base_paired _ < <(grep -v 'h2load\| client ' "$work/rounds" \
            | grep "^$name-rps " | httpmodels_stats pairs --a wrk --b base)
        read -r _ _ _ this_ratio this_paired _ < <(grep "^$name-rps " "$work/rounds" \
            | grep -v 'h2load\| wrk ' | httpmodels_stats pairs --a base --b client)
        printf '%-10s  baseline %s: median %12.0f req/s, ratio to wrk %s (paired %s); this build / baseline %s (paired %s)\n' \
            "$name" "$(basename "$baseline_jar")" "$med_rps_base" "$base_ratio" "$base_paired" "$this_ratio" \
            "$this_paired"
    fi
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
