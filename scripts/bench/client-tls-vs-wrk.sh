#!/usr/bin/env bash
# Does our load client open TLS connections as fast as wrk? Runs wrk and scripts/load.sh on both client TLS providers
# (--client-tls-provider openssl, jdk) against nginx (one worker, pinned to cpu 0), each client pinned to cpu 1,
# alternating wrk / openssl / jdk (reversed every other round), in three shapes over TLS 1.3 at 40 connections:
#   full       a new connection per request, every handshake a full one: nginx keeps no session cache and issues
#              no tickets (scripts/peers/nginx.sh --no-resumption), our client also --no-tls-resume
#   resumed    a new connection per request, resuming: nginx with its session cache and tickets; wrk offers its
#              last session on each reconnect (SSL_clear keeps it on the SSL object), ours resumes by default
#   keep-alive TLS set up once per connection, then requests
# wrk gets a new connection per request from -H 'Connection: close' (nginx closes after answering, wrk reconnects).
# Per shape: the median of the per-round ratios ours/wrk of requests/s with their spread (min-max), and each
# client's CPU per request (per handshake in full and resumed), us: the process's user + system ticks from
# /proc/PID/stat between 1 s into its recorded part and 0.5 s before its end, over the requests of that span
# (its requests/s x the span): warm-up and JVM start are outside it, as wrk's start is.
# Targets (issue 49): full: ratio >= 0.9 and CPU per handshake <= 1.1x wrk's; resumed and keep-alive: ratio >= 1.0.
#
#   scripts/bench/client-tls-vs-wrk.sh [--rounds N] [--duration SECONDS] [--warmup SECONDS] [--jdk-warmup SECONDS]
#                                      [--port N] [--shapes full,resumed,keep-alive]
#
# Defaults: 3 rounds, 5 s recorded per run, our client warms 8 s first on OpenSSL (the ciphers are native, but C2
# still compiled the Java around them 4-9 s into a run: its CPU would count in the span) and 15 s on the JDK's
# provider (its handshake code needs the JIT: 3 s left it at 0.13-0.31 of wrk); wrk needs none. Ports: PORT (http) and PORT+1 (https, resumption) for one nginx, PORT+2 and PORT+3 (https, no
# resumption) for another, both on cpu 0. Run it alone on the machine: a second benchmark on either core moves
# both figures.
# shellcheck disable=SC2317 # cleanup and the run_* functions are called indirectly (trap, run_"$tool")
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; duration=5; warmup=8; jdk_warmup=15; port=18490; shape_list=full,resumed,keep-alive
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --jdk-warmup) jdk_warmup="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        --shapes) shape_list="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "client-tls-vs-wrk.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$jdk_warmup" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "client-tls-vs-wrk.sh: not a number: '$n'" >&2; usage; }
done
[ "$duration" -ge 3 ] || { echo "client-tls-vs-wrk.sh: --duration must be 3 s or more (the CPU span is 1.5 s shorter)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "client-tls-vs-wrk.sh: wrk missing; run scripts/peers/install.sh" >&2; exit 1; }

root="$HTTPMODELS_ROOT"
resume_url="https://127.0.0.1:$((port + 1))/plaintext"
full_url="https://127.0.0.1:$((port + 3))/plaintext"
work="$(mktemp -d)"
cleanup() {
    "$root/scripts/peers/nginx.sh" stop --port "$port" >/dev/null 2>&1 || true
    "$root/scripts/peers/nginx.sh" stop --port "$((port + 2))" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

# Build first, so no build runs inside a measurement.
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
"$root/scripts/peers/nginx.sh" start --port "$port" --https-port "$((port + 1))" --cpu 0 >/dev/null
"$root/scripts/peers/nginx.sh" start --port "$((port + 2))" --https-port "$((port + 3))" --no-resumption --cpu 0 >/dev/null
ticks_per_s="$(httpmodels_clock_ticks)"

# measure START_DELAY_S DURATION_S CMD...: runs CMD in the background (pinned by the caller's taskset), samples its
# CPU ticks at START_DELAY + 1 s and at START_DELAY + DURATION - 0.5 s, waits; prints its output, then a last line
# "cpu-span TICKS SECONDS", or "cpu-span - -" when the client had ended before the span's end (a busy machine
# delays the sampling sleeps): its ticks are gone with it, and its CPU is then not measured rather than wrong.
measure() {
    local delay="$1" dur="$2"; shift 2
    local out="$work/out-$RANDOM" a b ta tb
    "$@" > "$out" 2>&1 &
    local pid=$!
    sleep "$(awk -v d="$delay" 'BEGIN { print d + 1 }')"
    a="$(httpmodels_cpu_ticks "$pid")"; ta="$(date +%s.%N)"
    sleep "$(awk -v d="$dur" 'BEGIN { print d - 1.5 }')"
    b="$(httpmodels_cpu_ticks "$pid")"; tb="$(date +%s.%N)"
    local alive=1
    [ -d "/proc/$pid" ] || alive=0
    wait "$pid" || { cat "$out" >&2; return 1; }
    cat "$out"
    if [ "$alive" = 1 ]; then
        echo "cpu-span $((b - a)) $(awk -v a="$ta" -v b="$tb" 'BEGIN { printf "%.3f", b - a }')"
    else
        echo "cpu-span - -"
    fi
}

rps_of() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$1" | sed -n 1p; }
# CPU us per request over the span: ticks / (req/s x span).
cpu_us_of() {
    local ticks span
    read -r _ ticks span < <(grep '^cpu-span ' <<<"$1")
    [ "$ticks" != - ] || { echo -; return; }
    awk -v t="$ticks" -v hz="$ticks_per_s" -v r="$2" -v s="$span" 'BEGIN { printf "%.0f", t / hz * 1e6 / (r * s) }'
}

# run_TOOL SHAPE -> "RPS CPU_US_PER_REQUEST"
run_wrk() {
    local shape="$1" url="$resume_url" close=()
    [ "$shape" = full ] && url="$full_url"
    [ "$shape" = keep-alive ] || close=(-H 'Connection: close')
    local out
    # wrk starts within milliseconds: its recorded part begins at once.
    out="$(measure 0 "$duration" taskset -c 1 wrk -t1 -c40 -d"${duration}s" "${close[@]}" "$url")" \
        || { echo "wrk failed" >&2; return 1; }
    local rps; rps="$(rps_of "$out")"
    echo "$rps $(cpu_us_of "$out" "$rps")"
}

run_ours() {
    local provider="$1" shape="$2" url="$resume_url" flags=() w="$warmup"
    [ "$provider" = jdk ] && w="$jdk_warmup"
    case "$shape" in
        full) url="$full_url"; flags=(--no-keep-alive --no-tls-resume) ;;
        resumed) flags=(--no-keep-alive) ;;
    esac
    local out
    # The JVM starts in about 0.5 s before its warm-up: counted into the delay, so the span is inside the record.
    out="$(measure "$(awk -v w="$w" 'BEGIN { print w + 0.5 }')" "$duration" taskset -c 1 "$root/scripts/load.sh" \
        "$url" -t 1 -c 40 -d "${duration}s" --warmup "${w}s" -q -k --tls-version 1.3 \
        --client-tls-provider "$provider" "${flags[@]}")" || { echo "our client ($provider) failed" >&2; return 1; }
    local rps; rps="$(rps_of "$out")"
    echo "$rps $(cpu_us_of "$out" "$rps")"
}
run_openssl() { run_ours openssl "$@"; }
run_jdk() { run_ours jdk "$@"; }

java_version="$("$(httpmodels_find_java)" -version 2>&1 | sed -n 1p)"
echo "client-tls-vs-wrk: nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), 1 worker on cpu 0, EC P-256, TLS 1.3;" \
     "each client -t1 -c40 on cpu 1, ${duration}s recorded per run (ours after ${warmup}s warm-up on openssl," \
     "${jdk_warmup}s on jdk); $rounds rounds alternating; $(nproc) cpus; $java_version;" \
     "$(date -u +%Y-%m-%dT%H:%MZ); commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

IFS=, read -r -a shapes <<<"$shape_list"
for shape in "${shapes[@]}"; do
    case "$shape" in full|resumed|keep-alive) ;; *) echo "client-tls-vs-wrk.sh: unknown shape '$shape'" >&2; usage ;; esac
done
tools="wrk openssl jdk"
for round in $(seq 1 "$rounds"); do
    for shape in "${shapes[@]}"; do
        order="$tools"
        [ $((round % 2)) -eq 0 ] && order="$(tr ' ' '\n' <<<"$tools" | tac | tr '\n' ' ')"
        for tool in $order; do
            r="$(run_"$tool" "$shape")"
            read -r rps cpu_us <<<"$r"
            echo "$shape $round $tool $rps $cpu_us" >> "$work/rounds"
            printf 'round %d  %-10s  %-7s  %10s req/s  %6s us cpu/req\n' "$round" "$shape" "$tool" "$rps" "$cpu_us"
        done
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# summary SHAPE TOOL -> "MEDIAN_RATIO MIN MAX MEDIAN_RPS MEDIAN_CPU_US MEDIAN_CPU_RATIO" over the rounds.
summary() {
    awk -v shape="$1" -v tool="$2" '
        $1 == shape && $3 == "wrk" { wr[$2] = $4; wc[$2] = $5 }
        $1 == shape && $3 == tool { tr[$2] = $4; tc[$2] = $5 }
        function median(a, n,   i, j, t) {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        END {
            # CPU figures over the rounds that measured both clients'"'"' ("-": a client ended before its span did).
            n = 0; m = 0
            for (k in tr) {
                n++; r[n] = tr[k] / wr[k]; rp[n] = tr[k]
                if (tc[k] != "-" && wc[k] != "-") { m++; cu[m] = tc[k]; cr[m] = tc[k] / wc[k] }
            }
            min = r[1]; max = r[1]
            for (i = 2; i <= n; i++) { if (r[i] < min) min = r[i]; if (r[i] > max) max = r[i] }
            if (m == 0) { printf "%.2f %.2f %.2f %.0f - -\n", median(r, n), min, max, median(rp, n); exit }
            printf "%.2f %.2f %.2f %.0f %.0f %.2f\n", median(r, n), min, max, median(rp, n), median(cu, m), median(cr, m)
        }' "$work/rounds"
}

printf '%-10s  %-7s  %12s  %18s  %14s  %14s  %s\n' shape client "median req/s" "ratio (min-max)" "cpu us/req" \
    "cpu vs wrk" verdict
status=0
for shape in "${shapes[@]}"; do
    wrk_rps="$(awk -v s="$shape" '$1 == s && $3 == "wrk" { print $4 }' "$work/rounds" | sort -g \
        | awk '{ a[NR] = $1 } END { print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
    wrk_cpu="$(awk -v s="$shape" '$1 == s && $3 == "wrk" && $5 != "-" { print $5 }' "$work/rounds" | sort -g \
        | awk '{ a[NR] = $1 } END { print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
    printf '%-10s  %-7s  %12.0f  %18s  %14s  %14s\n' "$shape" wrk "$wrk_rps" "1" "$wrk_cpu" "1"
    for tool in openssl jdk; do
        read -r ratio min max rps cpu cpu_ratio <<<"$(summary "$shape" "$tool")"
        verdict=ok
        if [ "$shape" = full ]; then
            awk -v r="$ratio" -v c="$cpu_ratio" 'BEGIN { exit !(r >= 0.9 && c != "-" && c <= 1.1) }' \
                || verdict="BELOW TARGET (0.9x rate, 1.1x cpu)"
        else
            awk -v r="$ratio" 'BEGIN { exit !(r >= 1.0) }' || verdict="BELOW TARGET (1.0x)"
        fi
        # The target is the default provider's; the JDK's is reported beside it.
        [ "$tool" = openssl ] && [ "$verdict" != ok ] && status=1
        printf '%-10s  %-7s  %12.0f  %18s  %14s  %14s  %s\n' "$shape" "$tool" "$rps" "$ratio ($min-$max)" "$cpu" \
            "$cpu_ratio" "$verdict"
    done
done
exit "$status"
