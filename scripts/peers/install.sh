#!/usr/bin/env bash
# Installs the reference peers the benchmarks compare against, from Debian's packages, when missing:
# wrk (load client), nginx (server), ab (apache2-utils), h2load (nghttp2-client: raw per-request latencies)
# and curl; with --go also Go 1.19 and fasthttp (golang-go, golang-github-valyala-fasthttp-dev) for the Go peers
# (scripts/peers/go.sh); with --db also PostgreSQL's server and pgbench (postgresql: the database scenarios'
# throw-away clusters, scripts/db/postgres.sh). Needs root or sudo for apt-get.
# Usage: scripts/peers/install.sh [--go] [--db] [--check]   (--check: only report what is missing; exit 1 if anything is)
set -euo pipefail

check=false; go=false; db=false
for arg in "$@"; do
    case "$arg" in
        --check) check=true ;;
        --go) go=true ;;
        --db) db=true ;;
        *) echo "usage: scripts/peers/install.sh [--go] [--db] [--check]" >&2; exit 2 ;;
    esac
done

declare -A package_of=([wrk]=wrk [nginx]=nginx [ab]=apache2-utils [curl]=curl [taskset]=util-linux [h2load]=nghttp2-client)
missing=()
for tool in wrk nginx ab curl taskset h2load; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("${package_of[$tool]}")
done
if $go; then
    command -v go >/dev/null 2>&1 || missing+=(golang-go)
    [ -d /usr/share/gocode/src/github.com/valyala/fasthttp ] || missing+=(golang-github-valyala-fasthttp-dev)
fi
if $db; then
    compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/pgbench' >/dev/null \
        || missing+=(postgresql)
fi

if $check; then
    if [ ${#missing[@]} -eq 0 ]; then echo "peers: all present"; exit 0; fi
    echo "peers: missing packages: ${missing[*]}"; exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
    echo "peers: wrk, nginx, ab, curl, taskset, h2load$($go && echo ', go, fasthttp')$($db && echo ', postgresql') already installed"
    exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "peers: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts the packaged nginx service on port 80 on install; our runs use their own instance.
if printf '%s\n' "${missing[@]}" | grep -qx nginx; then
    "${sudo_cmd[@]}" systemctl disable --now nginx >/dev/null 2>&1 || "${sudo_cmd[@]}" service nginx stop >/dev/null 2>&1 || true
fi
# Debian's postgresql package starts a cluster of its own on port 5432; the runs make their own clusters.
if printf '%s\n' "${missing[@]}" | grep -qx postgresql; then
    "${sudo_cmd[@]}" systemctl disable --now postgresql >/dev/null 2>&1 || "${sudo_cmd[@]}" service postgresql stop >/dev/null 2>&1 || true
fi
echo "peers: installed ${missing[*]}"
