#!/usr/bin/env bash
# Starts or stops nginx as a reference peer on loopback, with the config this project ships
# (scripts/peers/nginx.conf.template: one worker, /plaintext, access log off).
#
#   scripts/peers/nginx.sh start [--port N] [--h2c] [--https-port N [--cert F --key F] [--no-resumption] [--h2]] [--cpu N]   start in the
#       background; prints "127.0.0.1:PORT PID" last (after "https 127.0.0.1:HTTPS_PORT" with --https-port)
#   scripts/peers/nginx.sh stop  [--port N]             stop the instance started on that port, by its pid
#
# --port defaults to 8480; --cpu pins nginx (master and worker) to that core with taskset. --https-port also serves
# /plaintext over TLS 1.2/1.3 (nginx-https.conf.template) with a self-signed EC P-256 certificate for 127.0.0.1 and
# localhost, made by openssl on first use (cert.pem, key.pem), or the PEM files --cert and --key give (copied in:
# the harness's TLS runs give every server the same one); clients need --insecure (curl -k) or cert.pem.
# --no-resumption: that https server keeps no session cache and issues no tickets, so every handshake is a full one.
# --h2c: the plain port speaks HTTP/2 with prior knowledge only (listen ... http2, nginx 1.22), not HTTP/1.1.
# --h2: the https port offers HTTP/2 by ALPN beside HTTP/1.1 (listen ... ssl http2).
# Its files (config, pid, error log, certificate) live in target/peers/nginx-PORT/.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

action="${1:-}"; [ $# -gt 0 ] && shift
port=8480; cpu=""; https_port=""; cert=""; key=""; resumption=on; listen_options=""; https_h2=()
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --cpu) cpu="${2:?--cpu needs a number}"; shift 2 ;;
        --https-port) https_port="${2:?--https-port needs a number}"; shift 2 ;;
        --cert) cert="${2:?--cert needs a file}"; shift 2 ;;
        --key) key="${2:?--key needs a file}"; shift 2 ;;
        --no-resumption) resumption=off; shift ;;
        --h2c) listen_options=" http2"; shift ;;
        --h2) https_h2=(-e 's|ssl backlog=|ssl http2 backlog=|'); shift ;;
        -h|--help) usage ;;
        *) echo "nginx.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    echo "nginx.sh: bad port '$port'" >&2; exit 2
fi
[ -z "$cpu" ] || [[ "$cpu" =~ ^[0-9]+$ ]] || { echo "nginx.sh: bad cpu '$cpu'" >&2; exit 2; }
if [ -n "$https_port" ]; then
    if ! [[ "$https_port" =~ ^[0-9]+$ ]] || [ "$https_port" -lt 1 ] || [ "$https_port" -gt 65535 ] \
        || [ "$https_port" -eq "$port" ]; then
        echo "nginx.sh: bad https port '$https_port' (1-65535, not the http port)" >&2; exit 2
    fi
fi
if [ -n "$cert$key" ]; then
    [ -n "$https_port" ] || { echo "nginx.sh: --cert and --key need --https-port" >&2; exit 2; }
    if [ -z "$cert" ] || [ -z "$key" ]; then echo "nginx.sh: --cert and --key go together" >&2; exit 2; fi
    for f in "$cert" "$key"; do
        [ -r "$f" ] || { echo "nginx.sh: cannot read '$f'" >&2; exit 2; }
    done
fi

run_dir="$HTTPMODELS_ROOT/target/peers/nginx-$port"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

case "$action" in
    start)
        [ -x "$nginx_bin" ] || { echo "nginx.sh: nginx not installed; run scripts/peers/install.sh" >&2; exit 1; }
        if [ -f "$run_dir/nginx.pid" ] && kill -0 "$(cat "$run_dir/nginx.pid")" 2>/dev/null; then
            echo "nginx.sh: already running on port $port (pid $(cat "$run_dir/nginx.pid"))" >&2; exit 1
        fi
        mkdir -p "$run_dir"
        sed -e "s|@RUN_DIR@|$run_dir|g" -e "s|@LISTEN@|127.0.0.1:$port$listen_options|g" \
            "$(dirname "$0")/nginx.conf.template" > "$run_dir/nginx.conf"
        : > "$run_dir/https-server.conf"
        if [ -n "$https_port" ]; then
            if [ -n "$cert" ]; then
                # Copied under temporary names and moved into place; the key stays readable by its owner only.
                (umask 077 && cp "$key" "$run_dir/key.pem.tmp")
                cp "$cert" "$run_dir/cert.pem.tmp"
                mv "$run_dir/key.pem.tmp" "$run_dir/key.pem"
                mv "$run_dir/cert.pem.tmp" "$run_dir/cert.pem"
            fi
            if [ ! -s "$run_dir/cert.pem" ] || [ ! -s "$run_dir/key.pem" ]; then
                command -v openssl >/dev/null \
                    || { echo "nginx.sh: --https-port needs openssl to make a certificate" >&2; exit 1; }
                # Written under temporary names and moved into place, so a failed run leaves no half a pair.
                openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
                    -subj /CN=localhost -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
                    -keyout "$run_dir/key.pem.tmp" -out "$run_dir/cert.pem.tmp" 2>"$run_dir/openssl.log" \
                    || { echo "nginx.sh: openssl could not make a certificate; see $run_dir/openssl.log" >&2; exit 1; }
                mv "$run_dir/key.pem.tmp" "$run_dir/key.pem"
                mv "$run_dir/cert.pem.tmp" "$run_dir/cert.pem"
            fi
            # --no-resumption: no session cache and no tickets, so every handshake is a full one, whatever the client
            # offers (wrk offers its last session on every reconnect).
            no_resume=()
            [ "$resumption" = on ] || no_resume=(-e 's|ssl_session_cache shared:SSL:10m;|ssl_session_cache off;|' \
                -e 's|ssl_session_tickets on;|ssl_session_tickets off;|')
            sed -e "s|@RUN_DIR@|$run_dir|g" -e "s|@LISTEN_HTTPS@|127.0.0.1:$https_port|g" "${no_resume[@]}" "${https_h2[@]}" \
                "$(dirname "$0")/nginx-https.conf.template" > "$run_dir/https-server.conf"
        fi
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
        [ -z "$https_port" ] || echo "https 127.0.0.1:$https_port"
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
