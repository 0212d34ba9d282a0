#!/usr/bin/env bash
# Does our load client keep up with h2load over HTTP/2? Runs h2load and scripts/load.sh --protocol h2c (or h2)
# against one nginx serving h2c with prior knowledge (scripts/peers/nginx.sh --h2c), or h2 by ALPN over TLS 1.3
# (--https-port --h2, a self-signed EC P-256 certificate, sessions resumed), one worker pinned to cpu 0, each client
# pinned to cpu 1, same connections, streams per connection and duration, alternating A B / B A for several rounds.
# Prints every run's requests/s, p50, client CPU per request and nginx's CPU (in % of its core, over the client's
# whole life: near 100 %, nginx and not the client set the pace), then per shape the medians and the ratio
# client/h2load (of the medians, and the median of the per-round ratios with their range).
# Target (issue 47): ratio >= 1.0 at 4 connections x 100 streams, over h2c and over h2.
#
#   scripts/bench/client-h2-vs-h2load.sh [--protocol h2c|h2] [--rounds N] [--duration SECONDS] [--warmup SECONDS]
#                                        [--port N] [--shapes C:M,C:M]
#
# --protocol: h2c (the default) or h2, HTTP/2 over TLS 1.3 (our client on its default TLS provider, -k; h2load
# offers ALPN h2 as it always does over https).
# --shapes: connections:streams pairs (default 4:100,4:10). Each run's client CPU per request (us) is the process's
# user + system time over its life / (req/s x its elapsed time); our client's JVM start and warm-up are in it, so
# its figure is an upper bound. p50: our client's raw latency, from each stream's HEADERS write to its END_STREAM;
# h2load's from its per-request log (--log-file), raw too.
# Defaults: 3 rounds, 10 s recorded per run, our client warms its JIT 3 s first (unrecorded), h2load 1 s (it needs
# no JIT: the time to open its connections), port 18490 (h2: PORT+1 for TLS). On a shared machine run it under flock on
# /tmp/httpmodels-bench.lock, so benchmarks never overlap.
# shellcheck disable=SC2317 # cleanup and run_h2load/run_client are called indirectly (trap, run_"$tool")
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; duration=10; warmup=3; port=18490; shape_list="4:100,4:10"; protocol=h2c
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        --shapes) shape_list="${2:?}"; shift 2 ;;
        --protocol) protocol="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "client-h2-vs-h2load.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "client-h2-vs-h2load.sh: not a number: '$n'" >&2; usage; }
done
case "$protocol" in
    h2c | h2) ;;
    *) echo "client-h2-vs-h2load.sh: --protocol is h2c or h2, not '$protocol'" >&2; usage ;;
esac
IFS=, read -r -a shapes <<<"$shape_list"
for shape in "${shapes[@]}"; do
    [[ "$shape" =~ ^[0-9]+:[0-9]+$ ]] || { echo "client-h2-vs-h2load.sh: bad shape '$shape' (C:M)" >&2; usage; }
done
command -v h2load >/dev/null \
    || { echo "client-h2-vs-h2load.sh: h2load missing; run scripts/peers/install.sh" >&2; exit 1; }

root="$HTTPMODELS_ROOT"
url="http://127.0.0.1:$port/plaintext"
peer_flags=(--h2c)
client_flags=(--protocol h2c)
if [ "$protocol" = h2 ]; then
    url="https://127.0.0.1:$((port + 1))/plaintext"
    peer_flags=(--https-port "$((port + 1))" --h2)
    client_flags=(--protocol h2 -k --tls-version 1.3)
fi
work="$(mktemp -d)"
cleanup() { "$root/scripts/peers/nginx.sh" stop --port "$port" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# Build first, so no build runs inside a measurement.
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
# Its last line is "ADDRESS PID" (an https line comes before it with --https-port).
nginx_pid="$("$root/scripts/peers/nginx.sh" start --port "$port" "${peer_flags[@]}" --cpu 0 | tail -n 1 | cut -d' ' -f2)"

# No harness call between runs (httpmodels_stats may build the harness first): each run's figures are arithmetic
# in awk; the medians and ratios, httpmodels_stats, come after the last run.
TIME_FORMAT="cpu=%P times=%U %S %e"
# cpu_us_of OUTPUT RPS -> the process's CPU microseconds per request over its life (see the header).
cpu_us_of() {
    sed -n 's/^cpu=[0-9]*% times=\(.*\)$/\1/p' <<<"$1" | tail -n 1 \
        | awk -v r="$2" '{ printf "%.2f", ($1 + $2) * 1e6 / (r * $3) }'
}
cpu_of() { sed -n 's/^cpu=\([0-9]*\)%.*/\1/p' <<<"$1" | tail -n 1; }
# server_cpu_of OUTPUT TICKS -> nginx's CPU over the client's life (warm-up and start included), in % of a core.
server_cpu_of() {
    sed -n 's/^cpu=[0-9]*% times=\(.*\)$/\1/p' <<<"$1" | tail -n 1 \
        | awk -v t="$2" -v hz="$(httpmodels_clock_ticks)" '{ printf "%.0f", 100 * t / hz / $3 }'
}

# run_client CONNECTIONS STREAMS -> "RPS P50_US CPU% CPU_US_PER_REQUEST"
run_client() {
    local c="$1" m="$2" out rps p50 before
    before=$(httpmodels_cpu_ticks "$nginx_pid")
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 "$root/scripts/load.sh" "$url" "${client_flags[@]}" -t 1 -c "$c" \
        --streams "$m" -d "${duration}s" --warmup "${warmup}s" -q 2>&1)" \
        || { echo "client failed: $out" >&2; return 1; }
    grep -q '^  Errors:' <<<"$out" && echo "client errors: $(grep '^  Errors:' <<<"$out")" >&2
    rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$out" | sed -n 1p)"
    p50="$(sed -n 's/^ *50% *\([0-9.]*\)\([um]*s\).*/\1 \2/p' <<<"$out" | sed -n 1p \
        | awk '{ v=$1; if ($2=="ms") v*=1000; else if ($2=="s") v*=1000000; printf "%.0f", v }')"
    echo "$rps $p50 $(cpu_of "$out") $(cpu_us_of "$out" "$rps") $(server_cpu_of "$out" \
        $(($(httpmodels_cpu_ticks "$nginx_pid") - before)))"
}

# run_h2load CONNECTIONS STREAMS -> the same, p50 from its per-request log (raw).
run_h2load() {
    local c="$1" m="$2" out log="$work/h2load-$RANDOM.log" rps p50 before
    before=$(httpmodels_cpu_ticks "$nginx_pid")
    out="$(/usr/bin/time -f "$TIME_FORMAT" taskset -c 1 h2load -t 1 -c "$c" -m "$m" -D "$duration" \
        --warm-up-time=1 --log-file="$log" "$url" 2>&1)" || { echo "h2load failed: $out" >&2; return 1; }
    grep -q ' 0 failed, 0 errored' <<<"$out" || echo "h2load errors: $(grep '^requests:' <<<"$out")" >&2
    rps="$(sed -n 's/^finished in [^,]*, *\([0-9.]*\) req\/s.*/\1/p' <<<"$out")"
    p50="$(awk '{ print $3 }' "$log" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    rm -f "$log"
    echo "$rps $p50 $(cpu_of "$out") $(cpu_us_of "$out" "$rps") $(server_cpu_of "$out" \
        $(($(httpmodels_cpu_ticks "$nginx_pid") - before)))"
}

java_version="$("$(httpmodels_find_java)" -version 2>&1 | sed -n 1p)"
what="h2c, prior knowledge"
[ "$protocol" = h2 ] && what="h2 by ALPN over TLS 1.3"
echo "client-h2-vs-h2load: $url ($what), $(nginx -v 2>&1 | sed 's/^nginx version: //') 1 worker on" \
     "cpu 0, each client -t1 on cpu 1, ${duration}s per run (our client +${warmup}s unrecorded warm-up, h2load +1s)," \
     "$rounds rounds alternating; $(nproc) cpus; $java_version; $(h2load --version | sed -n 1p)"
echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown); load before: $(cut -d' ' -f1-3 /proc/loadavg)"

for round in $(seq 1 "$rounds"); do
    for shape in "${shapes[@]}"; do
        IFS=: read -r c m <<<"$shape"
        order="h2load client"
        [ $((round % 2)) -eq 0 ] && order="client h2load"
        for tool in $order; do
            r="$(run_"$tool" "$c" "$m")"
            read -r rps p50 cpu cpu_us server_cpu <<<"$r"
            printf '%s-rps %d %s %s\n%s-p50 %d %s %s\n%s-cpu %d %s %s\n' "$shape" "$round" "$tool" "$rps" \
                "$shape" "$round" "$tool" "$p50" "$shape" "$round" "$tool" "$cpu_us" >> "$work/rounds"
            printf 'round %d  c=%-3s m=%-4s %-6s  %12s req/s  p50 %7s us  cpu %s%%  %s us cpu/req  nginx cpu %s%%\n' \
                "$round" "$c" "$m" "$tool" "$rps" "$p50" "$cpu" "$cpu_us" "$server_cpu"
        done
    done
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
status=0
for shape in "${shapes[@]}"; do
    IFS=: read -r c m <<<"$shape"
    read -r _ med_h2load med_client ratio paired _ < <(grep "^$shape-rps " "$work/rounds" \
        | httpmodels_stats pairs --a h2load --b client)
    # The spread: the per-round ratios' range.
    spread="$(grep "^$shape-rps " "$work/rounds" | awk '
        { v[$2" "$3] = $4; r[$2] = 1 }
        END { lo = 1e9; hi = 0; for (k in r) { x = v[k" client"] / v[k" h2load"]; if (x < lo) lo = x; if (x > hi) hi = x }
              printf "%.2f-%.2f", lo, hi }')"
    read -r _ med_p50_h2load med_p50_client _ < <(grep "^$shape-p50 " "$work/rounds" \
        | httpmodels_stats pairs --a h2load --b client)
    read -r _ med_cpu_h2load med_cpu_client _ < <(grep "^$shape-cpu " "$work/rounds" \
        | httpmodels_stats pairs --a h2load --b client)
    verdict="ok"
    if [ "$shape" = "4:100" ]; then
        awk -v r="$ratio" 'BEGIN { exit !(r >= 1.0) }' || { verdict="BELOW TARGET (1.0)"; status=1; }
    fi
    printf '%-7s median h2load %10.0f req/s  client %10.0f req/s  ratio %s  paired ratio %s (rounds %s)  %s\n' \
        "$c x $m" "$med_h2load" "$med_client" "$ratio" "$paired" "$spread" "$verdict"
    printf '%-7s median client CPU per request: h2load %s us  client %s us;  median p50: h2load %s us  client %s us\n' \
        "$c x $m" "$med_cpu_h2load" "$med_cpu_client" "$med_p50_h2load" "$med_p50_client"
done
exit "$status"
