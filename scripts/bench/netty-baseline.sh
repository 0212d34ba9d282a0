#!/usr/bin/env bash
# What of netty's cost per request is its pipeline's and what is Netty's own: one compare run of the netty model,
# nginx and a baseline of Netty's plain HttpServerCodec (CodecBaselineServer, in servers-netty's tests), pinned
# alike, the baseline measured as an external target (its /proc figures and perf's counts; no JVM figures).
#
#   scripts/bench/netty-baseline.sh [--port N] [--server-cpu N] [compare's flags...]
#
# Defaults to a new connection per request, 40 connections, no work, 3 repetitions; other compare flags are passed
# on (e.g. --keep-alive=both). The baseline runs on --server-cpu (0), as compare pins the models and nginx.
# Results in results/<timestamp>/ as any compare run; the why table tells the three apart per request.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

port=8495; server_cpu=0
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?}"; shift 2 ;;
        --server-cpu) server_cpu="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
        *) args+=("$1"); shift ;;
    esac
done
if httpmodels_port_in_use "$port"; then
    echo "netty-baseline.sh: port $port is already in use; pick another with --port" >&2
    exit 1
fi

java_bin="$(httpmodels_find_java)"
httpmodels_ensure_jar harness "$HTTPMODELS_ROOT/harness/target/harness.jar"
classes="$HTTPMODELS_ROOT/servers-netty/target/test-classes"
[ -d "$classes" ] || (cd "$HTTPMODELS_ROOT" && mvn -q -B -DskipTests -pl servers-netty -am test-compile >&2)
work_dir="$HTTPMODELS_ROOT/target/bench/netty-baseline"
mkdir -p "$work_dir"
baseline_pid=""
cleanup() {
    if [ -n "$baseline_pid" ] && kill -0 "$baseline_pid" 2>/dev/null; then
        kill "$baseline_pid" 2>/dev/null || true
        wait "$baseline_pid" 2>/dev/null || true
    fi
}
trap cleanup EXIT INT TERM

# The same JVM flags as compare's models (ServerJvmOptions.DEFAULT and the launcher's native access). Started
# directly, not through a shell function: taskset execs java, so $! is the JVM's pid and cleanup stops it.
baseline=("$java_bin" --enable-native-access=ALL-UNNAMED -Xms128m -Xmx512m -XX:+UseParallelGC
    -cp "$classes:$HTTPMODELS_ROOT/harness/target/lib/*" io.httpmodels.server.netty.CodecBaselineServer "$port")
if command -v taskset >/dev/null 2>&1 && [ "$server_cpu" -lt "$(httpmodels_cpus)" ]; then
    taskset -c "$server_cpu" "${baseline[@]}" > "$work_dir/baseline.log" 2>&1 &
else
    echo "note: the baseline is not pinned to cpu $server_cpu (taskset missing or cpu offline)" >&2
    "${baseline[@]}" > "$work_dir/baseline.log" 2>&1 &
fi
baseline_pid=$!
httpmodels_wait_for_port "$port"
sed -n 1p "$work_dir/baseline.log"

# Each default unless the caller gave that flag.
given=" ${args[*]:-} "
defaults=(--models netty --with nginx)
for pair in "--no-keep-alive" "-c 40" "--work 0ms" "--forks 3"; do
    flag="${pair%% *}"
    case "$given" in *" $flag "*) ;; *) read -r -a more <<<"$pair"; defaults+=("${more[@]}") ;; esac
done
"$HTTPMODELS_ROOT/scripts/compare.sh" "${defaults[@]}" --target "netty-codec=http://127.0.0.1:$port" ${args[@]+"${args[@]}"}
