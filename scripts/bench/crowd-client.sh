#!/usr/bin/env bash
# Does the load client hold 10,000 idle connections within its 256 MB heap? One model, pinned to cpu 0; the
# load client (scripts/load.sh: -Xms256m -Xmx256m) on cpu 1 measures 40 keep-alive connections while it holds
# N idle ones (--idle-connections). Once they are open it forces a full GC in the client (jcmd GC.run) and
# prints the heap still used, the client's RSS and its open descriptors; then the run's own summary.
# Raises the open-file limit first and says when it cannot. Wrap in `flock` on the lock file scripts/regress-selfcheck.sh takes.
#
#   scripts/bench/crowd-client.sh [--model NAME] [--idle N] [-c N] [--duration S] [--port N]
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
model=netty; idle=10000; connections=40; duration=10; port=18491
while [ $# -gt 0 ]; do
    case "$1" in
        --model) model="${2:?}"; shift 2 ;;
        --idle) idle="${2:?}"; shift 2 ;;
        -c) connections="${2:?}"; shift 2 ;;
        --duration) duration="${2:?}"; shift 2 ;;
        --port) port="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "crowd-client.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$idle" "$connections" "$duration" "$port"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "crowd-client.sh: not a number: '$n'" >&2; exit 2; }
done
if httpmodels_port_in_use "$port"; then
    echo "crowd-client.sh: port $port is in use; pick another with --port" >&2; exit 1
fi
httpmodels_raise_fd_limit $((idle + connections + 2048)) \
    || echo "crowd-client.sh: going on with $(ulimit -Sn) descriptors: expect connect errors" >&2

root="$HTTPMODELS_ROOT"
work="$(mktemp -d)"
server_pid=""
load_pid=""
cleanup() {
    for pid in "$load_pid" "$server_pid"; do
        if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

httpmodels_ensure_jar harness "$root/harness/target/harness.jar"
httpmodels_ensure_jar load-client "$root/load-client/target/load-client.jar"
java_bin="$(httpmodels_find_java)"
jcmd_bin="$(dirname "$java_bin")/jcmd"
# Pinned with taskset when there are two cpus. Started directly, never through a shell function: taskset and the
# scripts exec, so $! is the JVM's pid (a function in the background is a subshell, and killing it would leave
# the JVM running).
pin0=(); pin1=()
if command -v taskset >/dev/null 2>&1 && [ "$(httpmodels_cpus)" -ge 2 ]; then
    pin0=(taskset -c 0); pin1=(taskset -c 1)
else
    echo "note: not pinned (taskset missing or one cpu)" >&2
fi
export HTTPMODELS_JAVA_OPTS="-Xms128m -Xmx512m -XX:+UseParallelGC"
"${pin0[@]}" "$root/scripts/serve.sh" "$model" --port "$port" > "$work/server.log" 2>&1 &
server_pid=$!
httpmodels_wait_for_port "$port"
echo "crowd-client: $model on cpu 0; the client on cpu 1 (-Xms256m -Xmx256m) with $idle idle connections and" \
     "-c $connections measured, 2 s warm-up + ${duration} s; fd limit $(ulimit -Sn); load $(cut -d' ' -f1-3 /proc/loadavg)"

"${pin1[@]}" "$root/scripts/load.sh" "http://127.0.0.1:$port/plaintext" -c "$connections" --idle-connections "$idle" \
    --warmup 2s -d "${duration}s" -q > "$work/load.out" 2>&1 &
load_pid=$!

# Bounded wait until the client holds them all (its descriptors), then the heap they keep alive.
for ((i = 0; i < 600; i++)); do
    # Entries come and go while find reads them: its complaints are not failures here.
    fds=$( (find "/proc/$load_pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null || true) | wc -l)
    [ "$fds" -ge "$((idle + connections))" ] && break
    kill -0 "$load_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$load_pid" 2>/dev/null; then
    "$jcmd_bin" "$load_pid" GC.run > /dev/null
    # Young and old generation ("total NK, used MK" lines), summed: the heap the connections keep alive.
    heap=$("$jcmd_bin" "$load_pid" GC.heap_info | grep -o 'total [0-9]*K, used [0-9]*K' \
        | awk '{ gsub(/[K,]/, ""); t += $2; u += $4 } END { printf "%.1f MiB used of %.0f MiB", u / 1024, t / 1024 }')
    rss=$(sed -n 's/^VmRSS: *//p' "/proc/$load_pid/status")
    echo "client after a full GC, holding them: heap $heap;" \
         "RSS $rss; $fds descriptors"
else
    echo "crowd-client.sh: the client ended before it held the connections" >&2
fi
wait "$load_pid" || true
load_pid=""
cat "$work/load.out"
