#!/usr/bin/env bash
# Starts or stops nginx as a reference peer on loopback, with the config this project ships
# (scripts/peers/nginx.conf.template: one worker, /plaintext, access log off).
#
#   scripts/peers/nginx.sh start [--port N] [--cpu N]   start in the background; prints "127.0.0.1:PORT PID"
#   scripts/peers/nginx.sh stop  [--port N]             stop the instance started on that port, by its pid
#
# --port defaults to 8480; --cpu pins nginx (master and worker) to that core with taskset.
# Its files (config, pid, error log) live in target/peers/nginx-PORT/.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

action="${1:-}"; [ $# -gt 0 ] && shift
port=8480; cpu=""
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --cpu) cpu="${2:?--cpu needs a number}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "nginx.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    echo "nginx.sh: bad port '$port'" >&2; exit 2
fi
[ -z "$cpu" ] || [[ "$cpu" =~ ^[0-9]+$ ]] || { echo "nginx.sh: bad cpu '$cpu'" >&2; exit 2; }

run_dir="$HTTPMODELS_ROOT/target/peers/nginx-$port"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

case "$action" in
    start)
        [ -x "$nginx_bin" ] || { echo "nginx.sh: nginx not installed; run scripts/peers/install.sh" >&2; exit 1; }
        if [ -f "$run_dir/nginx.pid" ] && kill -0 "$(cat "$run_dir/nginx.pid")" 2>/dev/null; then
            echo "nginx.sh: already running on port $port (pid $(cat "$run_dir/nginx.pid"))" >&2; exit 1
        fi
        mkdir -p "$run_dir"
        sed -e "s|@RUN_DIR@|$run_dir|g" -e "s|@LISTEN@|127.0.0.1:$port|g" \
            "$(dirname "$0")/nginx.conf.template" > "$run_dir/nginx.conf"
        # As root nginx would drop its worker to 'nobody'; run the worker as the caller so it can use run_dir.
        [ "$(id -u)" -ne 0 ] || sed -i '1i user root;' "$run_dir/nginx.conf"
        start_cmd=("$nginx_bin" -p "$run_dir" -e "$run_dir/error.log" -c "$run_dir/nginx.conf")
        if [ -n "$cpu" ]; then httpmodels_pin "$cpu" "${start_cmd[@]}"; else "${start_cmd[@]}"; fi
        # nginx daemonises once it listens; the pid file appears then. Bounded wait: 5 s.
        for _ in $(seq 1 50); do
            [ -s "$run_dir/nginx.pid" ] && break
            sleep 0.1
        done
        [ -s "$run_dir/nginx.pid" ] || { echo "nginx.sh: nginx did not start; see $run_dir/error.log" >&2; exit 1; }
        echo "127.0.0.1:$port $(cat "$run_dir/nginx.pid")"
        ;;
    stop)
        [ -f "$run_dir/nginx.pid" ] || { echo "nginx.sh: no nginx started on port $port" >&2; exit 1; }
        pid="$(cat "$run_dir/nginx.pid")"
        kill -QUIT "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
        rm -f "$run_dir/nginx.pid"
        echo "stopped nginx on port $port"
        ;;
    *) usage ;;
esac
