#!/usr/bin/env bash
# Starts or stops a throw-away PostgreSQL cluster on loopback for the database scenarios: initdb into a folder of
# its own, the settings of scripts/db/postgresql.conf, TechEmpower's data set (scripts/db/techempower.sql) in the
# database hello_world, owned by the user benchmarkdbuser, password benchmarkdbpass (TechEmpower's names).
#
#   scripts/db/postgres.sh start DIR [--port N] [--cpus LIST]   make a cluster in DIR (empty or new) and start it
#       in the background; prints "jdbc:postgresql://127.0.0.1:PORT/hello_world PID" last
#   scripts/db/postgres.sh stop DIR                             stop it (fast shutdown) and wait until it is gone
#   scripts/db/postgres.sh restart DIR                          start a stopped one again, data kept, on its port
#       and CPUs; prints the same last line as start
#
# --port defaults to the first free one from 15432; --cpus pins the postmaster, and so every backend it forks, to
# those CPUs (a taskset list: 0, or 0,1). PostgreSQL refuses to run as root: run as root, the cluster runs as the
# postgres user and DIR is handed to it. Needs PostgreSQL's server: scripts/peers/install.sh --db. The cluster's
# log is DIR/postgres.log; a start that fails stops what it started and prints the log's end.
set -euo pipefail

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "postgres.sh: $*" >&2; exit 1; }

action="${1:-}"; [ $# -gt 0 ] && shift
dir="${1:-}"; [ $# -gt 0 ] && shift
port=""; cpus=""
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --cpus) cpus="${2:?--cpus needs a list of CPUs}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "postgres.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
case "$action" in start|stop|restart) ;; -h|--help|"") usage ;; *) echo "postgres.sh: unknown action '$action'" >&2; usage ;; esac
[ -n "$dir" ] || { echo "postgres.sh: give the cluster's folder" >&2; usage; }
if [ -n "$port" ] && { ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65535 ]; }; then
    echo "postgres.sh: bad port '$port' (1024-65535)" >&2; exit 2
fi
[ -z "$cpus" ] || [[ "$cpus" =~ ^[0-9]+([,-][0-9]+)*$ ]] || { echo "postgres.sh: bad CPU list '$cpus'" >&2; exit 2; }

here="$(cd "$(dirname "$0")" && pwd)"
pg_bin="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
[ -x "$pg_bin/pg_ctl" ] || pg_bin="$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)")"
if ! [ -x "$pg_bin/pg_ctl" ] || ! [ -x "$pg_bin/initdb" ]; then
    fail "PostgreSQL's server is not installed (initdb, pg_ctl); run scripts/peers/install.sh --db"
fi

# As root, every PostgreSQL program that touches the cluster runs as postgres, the owner of its files.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || fail "running as root needs the postgres user (Debian's postgresql package makes it)"
    as_owner=(runuser -u postgres --)
fi
pin=()
[ -z "$cpus" ] || pin=(taskset -c "$cpus")

pg_ctl() { "${as_owner[@]}" "$pg_bin/pg_ctl" "$@"; }

if [ "$action" = stop ]; then
    [ -d "$dir/data" ] || fail "no cluster in '$dir'"
    if ! pg_ctl -D "$dir/data" status >/dev/null 2>&1; then
        echo "postgres.sh: the cluster in $dir is not running"; exit 0
    fi
    pg_ctl -D "$dir/data" -m fast -w -t 60 stop >/dev/null || fail "the cluster in $dir did not stop within 60 s"
    echo "postgres.sh: stopped the cluster in $dir"
    exit 0
fi

# The last line of a start: what a client connects to, and the postmaster's PID.
started_line() {
    echo "jdbc:postgresql://127.0.0.1:$1/hello_world $(head -n 1 "$dir/data/postmaster.pid")"
}

if [ "$action" = restart ]; then
    if ! [ -d "$dir/data" ] || ! [ -f "$dir/port" ]; then fail "no cluster made by this script in '$dir'"; fi
    dir="$(cd "$dir" && pwd)"
    ! pg_ctl -D "$dir/data" status >/dev/null 2>&1 || fail "the cluster in $dir is running already"
    port="$(cat "$dir/port")"; cpus="$(cat "$dir/cpus" 2>/dev/null || true)"
    pin=(); [ -z "$cpus" ] || pin=(taskset -c "$cpus")
    "${pin[@]}" "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
        -o "-p $port -k $dir" start >/dev/null 2>&1 || fail "the cluster in $dir did not start again on port $port"
    echo "postgres.sh: restarted the cluster in $dir on 127.0.0.1:$port${cpus:+, CPUs $cpus}"
    started_line "$port"
    exit 0
fi

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
[ -z "$(ls -A "$dir")" ] || fail "'$dir' is not empty: a cluster is made in a new or empty folder"
if [ ${#as_owner[@]} -gt 0 ]; then
    chown postgres: "$dir"
    "${as_owner[@]}" test -w "$dir" \
        || fail "the postgres user cannot reach '$dir' (a folder above it is closed to other users); give one it can"
fi

# The password file is read by initdb and removed; the cluster keeps its hash only.
(umask 077 && echo benchmarkdbpass > "$dir/password")
[ ${#as_owner[@]} -eq 0 ] || chown postgres: "$dir/password"
"${as_owner[@]}" "$pg_bin/initdb" -D "$dir/data" -U benchmarkdbuser --pwfile="$dir/password" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { rm -f "$dir/password"; fail "initdb failed; see $dir/initdb.log"; }
rm -f "$dir/password"
cp "$here/postgresql.conf" "$dir/data/httpmodels.conf"
echo "include 'httpmodels.conf'" >> "$dir/data/postgresql.conf"
[ ${#as_owner[@]} -eq 0 ] || chown postgres: "$dir/data/httpmodels.conf"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Without --port, the first port from 15432 that nothing listens on; another process may take it between the
# check and the start, so a start that fails tries the next one, 20 in all.
candidates=()
if [ -n "$port" ]; then candidates=("$port"); else
    for p in $(seq 15432 15531); do
        port_free "$p" && candidates+=("$p")
        [ ${#candidates[@]} -lt 20 ] || break
    done
fi
started=""
for p in "${candidates[@]}"; do
    # -w: pg_ctl returns once the server accepts connections (or fails to), bounded by -t.
    if "${pin[@]}" "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
            -o "-p $p -k $dir" start >/dev/null 2>&1; then
        started="$p"; break
    fi
    pg_ctl -D "$dir/data" status >/dev/null 2>&1 && break # up but not ready within 60 s: stop below, not retry
done
if [ -z "$started" ]; then
    pg_ctl -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    tail -n 20 "$dir/postgres.log" >&2 2>/dev/null || true
    fail "the cluster in $dir did not start (ports tried: ${candidates[*]:-none free})"
fi
port="$started"

psql() { "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U benchmarkdbuser "$@"; }
if ! { psql -d postgres -c "CREATE DATABASE hello_world" && psql -d hello_world -f "$here/techempower.sql"; } \
        >"$dir/load.log" 2>&1; then
    pg_ctl -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
    cat "$dir/load.log" >&2
    fail "could not load TechEmpower's data set; the cluster in $dir is stopped"
fi
echo "postgres.sh: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') in $dir on 127.0.0.1:$port${cpus:+, CPUs $cpus}"
echo "$port" > "$dir/port"; echo "$cpus" > "$dir/cpus"
started_line "$port"
