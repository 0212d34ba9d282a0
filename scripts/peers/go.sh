#!/usr/bin/env bash
# Builds, starts or stops a Go reference peer on loopback (article 004 of the seeds): Go's standard net/http
# server or valyala/fasthttp, each serving /plaintext and /json as the models do, with no simulated work.
#
#   scripts/peers/go.sh start nethttp|fasthttp [--port N] [--cpu N]   start in the background; prints "127.0.0.1:PORT PID"
#   scripts/peers/go.sh stop  nethttp|fasthttp [--port N]             stop the instance started on that port, by its pid
#   scripts/peers/go.sh build nethttp|fasthttp                        build only (offline, from Debian's packages)
#
# --port defaults to 8481 (nethttp) or 8482 (fasthttp); --cpu pins the peer to that core with taskset and sets
# GOMAXPROCS to 1, the cores it is pinned to (unpinned: GOMAXPROCS is Go's default, every online core).
# Built offline in GOPATH mode (GO111MODULE=off GOPATH=/usr/share/gocode: golang-go 1.19 and
# golang-github-valyala-fasthttp-dev); scripts/peers/install.sh --go installs them. Binaries and their files
# (pid, log) live in target/peers/go-NAME/ and target/peers/go-NAME-PORT/.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

action="${1:-}"; [ $# -gt 0 ] && shift
peer="${1:-}"; [ $# -gt 0 ] && shift
case "$peer" in
    nethttp) port=8481 ;;
    fasthttp) port=8482 ;;
    -h|--help) usage ;;
    *) echo "go.sh: unknown peer '$peer' (nethttp or fasthttp)" >&2; usage ;;
esac
cpu=""
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --cpu) cpu="${2:?--cpu needs a number}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "go.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    echo "go.sh: bad port '$port'" >&2; exit 2
fi
[ -z "$cpu" ] || [[ "$cpu" =~ ^[0-9]+$ ]] || { echo "go.sh: bad cpu '$cpu'" >&2; exit 2; }

source_dir="$(cd "$(dirname "$0")" && pwd)/go/$peer"
build_dir="$HTTPMODELS_ROOT/target/peers/go-$peer"
binary="$build_dir/go-$peer"
run_dir="$HTTPMODELS_ROOT/target/peers/go-$peer-$port"

# Builds the peer when its binary is missing or older than its source. GOPATH mode, offline: only Debian's
# packaged sources under /usr/share/gocode are used, and nothing is downloaded.
build() {
    command -v go >/dev/null 2>&1 || { echo "go.sh: go not installed: run scripts/peers/install.sh --go" >&2; exit 1; }
    if [ "$peer" = fasthttp ] && [ ! -d /usr/share/gocode/src/github.com/valyala/fasthttp ]; then
        echo "go.sh: fasthttp not installed: run scripts/peers/install.sh --go" >&2; exit 1
    fi
    if [ -x "$binary" ] && [ -z "$(find "$source_dir" -newer "$binary" -print -quit)" ]; then
        return 0
    fi
    # Go's own build cache (go env GOCACHE, ~/.cache/go-build), as go uses by default: a fresh clone then does not
    # compile the standard library and fasthttp again (5 s of a core each time). A private one when it has none.
    local cache
    cache="$(go env GOCACHE 2>/dev/null || true)"
    if [ -z "$cache" ] || [ "$cache" = off ]; then cache="$build_dir/cache"; fi
    mkdir -p "$build_dir" "$cache"
    (cd "$source_dir" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$cache" GOFLAGS='' \
        GOPROXY=off go build -o "$binary" .) || { echo "go.sh: build of go-$peer failed" >&2; exit 1; }
}

case "$action" in
    build)
        build
        echo "$binary"
        ;;
    start)
        build
        if [ -f "$run_dir/pid" ] && kill -0 "$(cat "$run_dir/pid")" 2>/dev/null; then
            echo "go.sh: go-$peer already running on port $port (pid $(cat "$run_dir/pid"))" >&2; exit 1
        fi
        mkdir -p "$run_dir"
        start_cmd=("$binary" -listen "127.0.0.1:$port")
        # setsid and taskset both exec (no fork here: the script is not a process-group leader), so $! is the
        # peer's own pid, the one the harness samples and stops.
        if [ -n "$cpu" ]; then
            if command -v taskset >/dev/null 2>&1 && [ "$cpu" -lt "$(httpmodels_cpus)" ]; then
                start_cmd=(taskset -c "$cpu" "${start_cmd[@]}")
            else
                echo "note: not pinned to cpu $cpu (taskset missing or cpu offline)" >&2
            fi
            export GOMAXPROCS=1
        fi
        setsid "${start_cmd[@]}" >"$run_dir/log" 2>&1 < /dev/null &
        pid=$!
        echo "$pid" > "$run_dir/pid"
        # Bounded wait, 5 s: the peer says it listens once its socket is bound.
        for _ in $(seq 1 50); do
            grep -q listening "$run_dir/log" 2>/dev/null && break
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if ! grep -q listening "$run_dir/log" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            rm -f "$run_dir/pid"
            echo "go.sh: go-$peer did not start: $(tail -n 3 "$run_dir/log" 2>/dev/null | tr '\n' ' ')" >&2; exit 1
        fi
        echo "127.0.0.1:$port $pid"
        ;;
    stop)
        [ -f "$run_dir/pid" ] || { echo "go.sh: no go-$peer started on port $port" >&2; exit 1; }
        pid="$(cat "$run_dir/pid")"
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
        rm -f "$run_dir/pid"
        echo "stopped go-$peer on port $port"
        ;;
    *) usage ;;
esac
