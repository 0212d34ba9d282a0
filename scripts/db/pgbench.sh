#!/usr/bin/env bash
# The database's own ceiling: TechEmpower's single query (one random world row by id) as a prepared statement,
# from pgbench, with no HTTP server in front: what a model's /db can at best approach on the same CPUs.
#
#   scripts/db/pgbench.sh [-c N[,N...]] [-d SECONDS] [--warmup SECONDS] [--db-cpus LIST] [--client-cpus LIST]
#                         [--cluster DIR]
#
# Makes a throw-away cluster (scripts/db/postgres.sh) pinned to --db-cpus (default 0), or uses the running one
# postgres.sh made in DIR (--cluster, as a comparison's; left running, --db-cpus ignored), warms it for --warmup
# seconds (default 3, unrecorded) and measures the next -d seconds (default 5) of one pgbench run per client count
# of -c (default 40), pinned to --client-cpus (default 1), one connection per client, one pgbench thread. Prints per
# count: queries per second, pgbench's mean latency, the database's CPU per query over the measured seconds
# (postmaster and every backend, from /proc, at 10 ms ticks) and pgbench's own CPU, then stops the cluster. Its
# folder is target/pgbench-PID/.
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

counts="40"; duration=5; warmup=3; db_cpus=0; client_cpus=1; cluster=""
while [ $# -gt 0 ]; do
    case "$1" in
        -c) counts="${2:?-c needs client counts}"; shift 2 ;;
        -d) duration="${2:?-d needs seconds}"; shift 2 ;;
        --warmup) warmup="${2:?--warmup needs seconds}"; shift 2 ;;
        --db-cpus) db_cpus="${2:?--db-cpus needs a CPU list}"; shift 2 ;;
        --client-cpus) client_cpus="${2:?--client-cpus needs a CPU list}"; shift 2 ;;
        --cluster) cluster="${2:?--cluster needs the folder of a running cluster}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "pgbench.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
[[ "$counts" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || { echo "pgbench.sh: bad client counts '$counts'" >&2; exit 2; }
for n in "$duration" "$warmup"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "pgbench.sh: bad number of seconds '$n'" >&2; exit 2; }
done
[ "$duration" -ge 1 ] || { echo "pgbench.sh: -d must be at least 1 second" >&2; exit 2; }
pgbench_bin="$(printf '%s\n' /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -n 1)"
[ -x "$pgbench_bin" ] || { echo "pgbench.sh: pgbench is not installed; run scripts/peers/install.sh --db" >&2; exit 1; }

dir="$HTTPMODELS_ROOT/target/pgbench-$$"
rm -rf "$dir"
mkdir -p "$dir"
if [ -n "$cluster" ]; then
    if ! [ -f "$cluster/port" ] || ! [ -f "$cluster/data/postmaster.pid" ]; then
        echo "pgbench.sh: no running cluster made by postgres.sh in '$cluster'" >&2; exit 1
    fi
    port="$(cat "$cluster/port")"; postmaster="$(head -n 1 "$cluster/data/postmaster.pid")"
    db_cpus="$(cat "$cluster/cpus" 2>/dev/null || true)"; db_cpus="${db_cpus:-any}"
    trap 'rm -rf "$dir"' EXIT
else
    started="$("$(dirname "$0")/postgres.sh" start "$dir/cluster" --cpus "$db_cpus")"
    read -r url postmaster <<<"$(tail -n 1 <<<"$started")"
    port="${url#jdbc:postgresql://127.0.0.1:}"; port="${port%%/*}"
    stop() { "$(dirname "$0")/postgres.sh" stop "$dir/cluster" >/dev/null || true; }
    trap stop EXIT
fi

cat > "$dir/db.sql" <<'EOF'
\set id random(1, 10000)
SELECT id, randomnumber FROM world WHERE id = :id;
EOF

ticks="$(getconf CLK_TCK)"
# The cluster's CPU now, in clock ticks: the postmaster's and its live children's (the backends of pgbench's
# sessions, the writer and checkpointer processes), user and system.
cluster_ticks() {
    local total=0 pid stat
    for pid in "$postmaster" $(pgrep -P "$postmaster"); do
        stat="$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null)" || continue
        read -r -a fields <<<"$stat"
        total=$((total + fields[11] + fields[12]))
    done
    echo "$total"
}

# Waits until $2 holds $1 progress reports with queries in them: pgbench reports each second from its start,
# connecting included, so the seconds it spent connecting report none. Bounded by pgbench's own end.
await_reports() {
    while [ "$(awk '/^progress: / && $4 + 0 > 0' "$2" | wc -l)" -lt "$1" ]; do
        kill -0 "$bench" 2>/dev/null || return 1
        sleep 0.02
    done
}

echo "pgbench: TechEmpower's single query, prepared; database on CPUs $db_cpus, pgbench on CPUs $client_cpus;" \
    "${warmup} s warm-up, then $duration s measured"
printf '%8s %12s %12s %14s %12s\n' clients queries/s "latency ms" "db µs/query" "pgbench CPU"
IFS=',' read -r -a count_list <<<"$counts"
for clients in "${count_list[@]}"; do
    # One run per count: its sessions connect first (scram authentication, a backend forked each), in seconds
    # that report no queries; then the warm-up's seconds, then the measured ones. The database's CPU is read at
    # the measured seconds' edges, as their reports arrive, so connecting and warming are not counted.
    out="$dir/out-$clients"
    PGPASSWORD=benchmarkdbpass /usr/bin/time -f '%U %S %e' -o "$dir/time-$clients" taskset -c "$client_cpus" \
        "$pgbench_bin" -n -M prepared -c "$clients" -j 1 -T $((warmup + duration + 60)) -P 1 -f "$dir/db.sql" \
        -h 127.0.0.1 -p "$port" -U benchmarkdbuser hello_world >"$out" 2>&1 &
    bench=$!
    await_reports "$warmup" "$out" || { cat "$out" >&2; exit 1; }
    before="$(cluster_ticks)"
    await_reports $((warmup + duration)) "$out" || { cat "$out" >&2; exit 1; }
    after="$(cluster_ticks)"
    # The measured seconds are in: pgbench (time's child; taskset execs it) ends now, not at -T's margin.
    pkill -TERM -P "$bench" 2>/dev/null || true
    wait "$bench" || true
    # Each report: "progress: S s, TPS tps, lat MEAN ms stddev ..., 0 failed", one a second.
    awk -v from="$warmup" -v to=$((warmup + duration)) -v c="$clients" -v d=$((after - before)) -v hz="$ticks" \
        -v time="$(tail -n 1 "$dir/time-$clients" 2>/dev/null)" '
        /^progress: / && $4 + 0 > 0 { n++; if (n > from && n <= to) { q += $4; l += $4 * $7; m++ } }
        END {
            if (m == 0 || q == 0) { print "pgbench.sh: no progress reports" > "/dev/stderr"; exit 1 }
            cpu = "?"
            if (split(time, t, " ") == 3 && t[3] > 0) cpu = sprintf("%.0f%%", (t[1] + t[2]) / t[3] * 100)
            printf "%8d %12.0f %12.3f %14.1f %12s\n", c, q / m, l / q, d / hz * 1e6 / q, cpu
        }' "$out"
done
