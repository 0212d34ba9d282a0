#!/usr/bin/env bash
# wrk (h2load over h2c) against nginx and against the netty model, in one go, alternating: is our fast end as fast
# as nginx?
#
#   scripts/bench/netty-vs-nginx.sh [--protocol h1|h2c] [--rounds N] [--duration S] [--warmup S]
#                                   [--server-transport T] [--server-cpu N] [--client-cpu N] [--nginx-port N]
#                                   [--netty-port N]
#
# Both servers run one event loop (nginx: 1 worker; netty: --server-threads 1) pinned to --server-cpu (0); the
# client runs one thread pinned to --client-cpu (1). Two loads, each GET /plaintext on keep-alive connections;
# over HTTP/1.1 (--protocol h1, the default) wrk's:
#   c40     wrk -t1 -c40, one request at a time per connection
#   c256p16 wrk -t1 -c256 with 16 pipelined requests per write (scripts/bench/pipeline.lua)
# over HTTP/2 with prior knowledge (--protocol h2c: nginx.sh --h2c, serve.sh netty --h2c) h2load's:
#   c4m100  h2load -t1 -c4 -m100, 100 streams in flight on each of 4 connections
#   c4m10   h2load -t1 -c4 -m10
# Each server is warmed up under both loads first (not recorded), then --rounds rounds (3) alternate
# nginx, netty (then netty, nginx) for each load. Prints every round's requests/s, the medians, the ratio of
# the medians and the median of the per-round ratios (paired: robust to drift between rounds), plus
# the client's CPU use (a client near 100 % of its core measures itself). With pipelining wrk's latency is per
# batch, so only requests/s is printed. Each run also prints the server's CPU time per request (its threads and
# worker processes, from /proc): when wrk saturates its core, that is the fairer comparison.
# Extra JVM flags for netty: HTTPMODELS_JAVA_OPTS.
# Wrap in `flock` on the lock file scripts/regress-selfcheck.sh takes when another benchmark may run here.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=3; duration=10; warmup=5; transport=auto; protocol=h1
server_cpu=0; client_cpu=1; nginx_port=8480; netty_port=8490
while [ $# -gt 0 ]; do
    case "$1" in
        --protocol) protocol="${2:?}"; shift 2 ;;
        --rounds) rounds="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --warmup) warmup="${2:?}"; shift 2 ;;
        --server-transport) transport="${2:?}"; shift 2 ;;
        --transport) # the old spelling, one release more
            echo "netty-vs-nginx.sh: --transport is an old spelling: use --server-transport" >&2
            transport="${2:?}"; shift 2 ;;
        --server-cpu) server_cpu="${2:?}"; shift 2 ;;
        --client-cpu) client_cpu="${2:?}"; shift 2 ;;
        --nginx-port) nginx_port="${2:?}"; shift 2 ;;
        --netty-port) netty_port="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "netty-vs-nginx.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$rounds" "$duration" "$warmup" "$server_cpu" "$client_cpu" "$nginx_port" "$netty_port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "netty-vs-nginx.sh: not a number: '$n'" >&2; exit 2; }
done
if [ "$rounds" -lt 1 ] || [ "$rounds" -gt 20 ] || [ "$duration" -lt 1 ] || [ "$duration" -gt 300 ]; then
    echo "netty-vs-nginx.sh: rounds must be 1..20 and duration 1..300 s" >&2; exit 2
fi
case "$protocol" in
    h1) loads=(c40 c256p16); client=wrk; h2c_flag=() ;;
    h2c) loads=(c4m100 c4m10); client=h2load; h2c_flag=(--h2c) ;;
    *) echo "netty-vs-nginx.sh: --protocol is h1 or h2c, not '$protocol'" >&2; exit 2 ;;
esac
command -v "$client" >/dev/null \
    || { echo "netty-vs-nginx.sh: $client not installed; run scripts/peers/install.sh" >&2; exit 1; }

bench_dir="$(cd "$(dirname "$0")" && pwd)"
pipeline_lua="$bench_dir/pipeline.lua"
work_dir="$HTTPMODELS_ROOT/target/bench/netty-vs-nginx"
mkdir -p "$work_dir"
netty_pid=""

cleanup() {
    if [ -n "$netty_pid" ] && kill -0 "$netty_pid" 2>/dev/null; then
        kill "$netty_pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$netty_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$netty_pid" 2>/dev/null || true
    fi
    "$HTTPMODELS_ROOT/scripts/peers/nginx.sh" stop --port "$nginx_port" >/dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM

# run_load PORT SERVER_PID LOAD SECONDS: prints "RPS CLIENT_CPU% SERVER_US_PER_REQUEST" for one run of the
# client: the server's CPU time (all its threads and worker processes) per request says what throughput alone
# hides when the client saturates its core. The raw output goes to $work_dir.
run_load() {
    local port="$1" server_pid="$2" load="$3" seconds="$4" out="$work_dir/$client-$1-$3.txt" args before after
    case "$load" in
        c40) args=(-t1 -c40 "-d${seconds}s" "http://127.0.0.1:$port/plaintext") ;;
        c256p16) args=(-t1 -c256 "-d${seconds}s" -s "$pipeline_lua" "http://127.0.0.1:$port" -- /plaintext 16) ;;
        c4m100) args=(-t1 -c4 -m100 -D "$seconds" "http://127.0.0.1:$port/plaintext") ;;
        c4m10) args=(-t1 -c4 -m10 -D "$seconds" "http://127.0.0.1:$port/plaintext") ;;
    esac
    before=$(httpmodels_cpu_ticks "$server_pid")
    httpmodels_pin "$client_cpu" /usr/bin/time -f 'cpu %P' "$client" "${args[@]}" > "$out" 2>&1
    after=$(httpmodels_cpu_ticks "$server_pid")
    local rps requests
    if [ "$client" = wrk ]; then
        if grep -q -e 'Non-2xx' -e 'Socket errors' "$out"; then
            echo "netty-vs-nginx.sh: wrk saw errors against port $port ($load):" >&2
            grep -e 'Non-2xx' -e 'Socket errors' "$out" >&2
        fi
        rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$out")"
        requests="$(awk '/requests in/ { print $1 }' "$out")"
    else
        # "requests: T total, S started, D done, OK succeeded, F failed, E errored, ..."; "status codes: ..."
        if ! grep -q ' 0 failed, 0 errored' "$out" || grep -q -E 'status codes: .*[1-9][0-9]* [345]xx' "$out"; then
            echo "netty-vs-nginx.sh: h2load saw errors against port $port ($load):" >&2
            grep -e '^requests:' -e '^status codes:' "$out" >&2
        fi
        rps="$(sed -n 's/^finished in [^,]*, *\([0-9.]*\) req\/s.*/\1/p' "$out")"
        requests="$(sed -n 's/^requests: .* \([0-9]*\) succeeded,.*/\1/p' "$out")"
    fi
    echo "$rps $(sed -n 's/^cpu \([0-9]*%\).*/\1/p' "$out") $(httpmodels_stats cpu-per-request \
        $((after - before)) "$(httpmodels_clock_ticks)" "${requests:-0}")"
}

# A server already on either port would be measured in place of ours.
for port in "$nginx_port" "$netty_port"; do
    if httpmodels_port_in_use "$port"; then
        echo "netty-vs-nginx.sh: port $port is already in use; pick another with --nginx-port/--netty-port" >&2
        exit 1
    fi
done

jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"

read -r _ nginx_pid < <("$HTTPMODELS_ROOT/scripts/peers/nginx.sh" start --port "$nginx_port" "${h2c_flag[@]}" \
    --cpu "$server_cpu")
httpmodels_wait_for_port "$nginx_port"

export HTTPMODELS_JAVA_OPTS="${HTTPMODELS_JAVA_OPTS:---enable-native-access=ALL-UNNAMED -Xms256m -Xmx256m -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled}"
# Started directly, not through a shell function: taskset and serve.sh exec, so $! is the JVM's pid.
serve=("$HTTPMODELS_ROOT/scripts/serve.sh" netty --port "$netty_port" --server-threads 1 --server-transport "$transport"
    "${h2c_flag[@]}")
if command -v taskset >/dev/null 2>&1 && [ "$server_cpu" -lt "$(httpmodels_cpus)" ]; then
    taskset -c "$server_cpu" "${serve[@]}" > "$work_dir/netty.log" 2>&1 &
else
    echo "note: netty not pinned to cpu $server_cpu (taskset missing or cpu offline)" >&2
    "${serve[@]}" > "$work_dir/netty.log" 2>&1 &
fi
netty_pid=$!
httpmodels_wait_for_port "$netty_port"
kill -0 "$netty_pid" 2>/dev/null || { echo "netty-vs-nginx.sh: the netty model exited; see $work_dir/netty.log" >&2; exit 1; }

echo "netty-vs-nginx: $(nproc) cpus, servers on cpu $server_cpu, $client -t1 on cpu $client_cpu, GET /plaintext" \
     "over $protocol," \
     "${duration}s runs after ${warmup}s warm-up per server and load, $rounds rounds alternating"
echo "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), 1 worker | $(grep -o -m 1 'netty: [^)]*' "$work_dir/netty.log")" \
     "| $("$(httpmodels_find_java)" -version 2>&1 | sed -n 1p) | HTTPMODELS_JAVA_OPTS=$HTTPMODELS_JAVA_OPTS"

for load in "${loads[@]}"; do
    run_load "$nginx_port" "$nginx_pid" "$load" "$warmup" >/dev/null
    run_load "$netty_port" "$netty_pid" "$load" "$warmup" >/dev/null
done

# Every measurement as "KEY ROUND CONTENDER VALUE" for `httpmodels stats pairs`.
rounds_file="$work_dir/rounds.txt"
: > "$rounds_file"
for load in "${loads[@]}"; do
    for round in $(seq 1 "$rounds"); do
        # A B, then B A: drift on a shared machine favours neither side.
        order="nginx netty"; [ $((round % 2)) -eq 0 ] && order="netty nginx"
        for server in $order; do
            port=$nginx_port; pid=$nginx_pid
            [ "$server" = netty ] && { port=$netty_port; pid=$netty_pid; }
            read -r value cpu us < <(run_load "$port" "$pid" "$load" "$duration")
            printf '%s-rps %d %s %s\n%s-cpu %d %s %s\n' "$load" "$round" "$server" "$value" \
                "$load" "$round" "$server" "$us" >> "$rounds_file"
            printf '%-8s round %d  %-6s %12.0f requests/s  %6.2f us server cpu/request  (%s cpu %s)\n' \
                "$load" "$round" "$server" "$value" "$us" "$client" "$cpu"
        done
    done
done

echo
declare -A med_a med_b ratio paired
while read -r key a b r p _; do
    med_a[$key]=$a; med_b[$key]=$b; ratio[$key]=$r; paired[$key]=$p
done < <(httpmodels_stats pairs --a nginx --b netty < "$rounds_file")
printf '%-8s %13s %13s %12s %12s %19s\n' load "nginx median" "netty median" "netty/nginx" "paired ratio" \
    "cpu/request n / m"
for load in "${loads[@]}"; do
    printf '%-8s %13.0f %13.0f %12.2f %12.2f %8.2f / %.2f us\n' "$load" "${med_a[$load-rps]}" "${med_b[$load-rps]}" \
        "${ratio[$load-rps]}" "${paired[$load-rps]}" "${med_a[$load-cpu]}" "${med_b[$load-cpu]}"
done
echo "paired ratio: the median of each round's netty/nginx, the two runs of a round being back to back."
