#!/usr/bin/env bash
# Does `mvn verify` pass on a busy machine? A user's laptop is never idle, so the build's bounds (a child JVM's
# start, a deadline, a condition waited on) must hold beside other work. Runs N times (default 3): a fresh clone of
# the current HEAD (committed work only) in a temporary folder, `mvn -B -ntp -o verify` in it beside two busy
# processes at normal priority (`stress-ng --cpu 2`, installed from Debian when missing; two `sha256sum
# /dev/zero` if it cannot be), then the clone removed. Prints per run: pass or fail, wall time, the failing tests
# (or the first error when the build failed elsewhere), and the load average (1 min) at the start, the highest
# seen during the run (sampled every 5 s) and at the end.
#
#   scripts/bench/verify-under-load.sh [N] [--timeout DURATION] [-- MAVEN_ARGS...]
#
# --timeout  bound on each run (default 30m, as timeout(1) reads it); a run that reaches it fails, its processes
#            stopped
# --         the rest goes to Maven after `verify`, e.g. `-- -pl harness -am` for one module and what it needs
#
# Maven runs offline (-o); when the cache lacks something the run is repeated online, and so are the next ones.
# Each run's Maven log, and the reports of its failing test classes, stay in target/bench/verify-under-load/
# <timestamp>/run-K/. Exit status: 0 when every run passed, 1 when any failed, 2 on a usage error. Every process
# the script starts (Maven and what it forks, the busy processes) is stopped on every path out, Ctrl-C included.
# Say the load average with the result: other work on the machine adds to the busy processes.
# shellcheck disable=SC2317 # cleanup is called by the trap
set -euo pipefail
# shellcheck source=../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

runs=3; limit=30m; mvn_extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --timeout) limit="${2:?--timeout needs a duration}"; shift 2 ;;
        --) shift; mvn_extra=("$@"); break ;;
        -h|--help) usage ;;
        [0-9]*) runs="$1"; shift ;;
        *) echo "verify-under-load.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "verify-under-load.sh: N must be a whole number of runs, 1 or more, not '$runs'" >&2; usage; }
[[ "$limit" =~ ^[1-9][0-9]*[smh]?$ ]] || { echo "verify-under-load.sh: --timeout takes a duration such as 30m or 900s, not '$limit'" >&2; usage; }
command -v mvn >/dev/null 2>&1 || { echo "verify-under-load.sh: mvn is not on the PATH" >&2; exit 2; }

root="$HTTPMODELS_ROOT"
commit="$(git -C "$root" rev-parse HEAD)"
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
    echo "note: the working tree has uncommitted changes; the runs build the commit, $(git -C "$root" rev-parse --short HEAD), without them" >&2
fi

# The busy processes: stress-ng from Debian, installed here as the other scripts install their tools.
if ! command -v stress-ng >/dev/null 2>&1; then
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    echo "verify-under-load: installing stress-ng"
    { "${sudo_cmd[@]}" apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends stress-ng >/dev/null; } \
        || echo "verify-under-load: cannot install stress-ng; two 'sha256sum /dev/zero' keep the cores busy instead" >&2
fi

out="$root/target/bench/verify-under-load/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
work=""         # the current run's temporary folder
groups=()       # process groups to stop: each started under timeout(1), which leads a group of its own
cleanup() {
    local g
    for g in "${groups[@]}"; do kill -TERM -- "-$g" 2>/dev/null || true; done
    for g in "${groups[@]}"; do wait "$g" 2>/dev/null || true; done
    # What ignored SIGTERM (a stuck JVM) goes now.
    for g in "${groups[@]}"; do kill -KILL -- "-$g" 2>/dev/null || true; done
    groups=()
    if [ -n "$work" ]; then rm -rf "$work"; work=""; fi
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM HUP

# start_busy BOUND: two busy processes at normal priority, each group bounded by BOUND.
start_busy() {
    if command -v stress-ng >/dev/null 2>&1; then
        timeout -k 10s "$1" stress-ng --cpu 2 --quiet >/dev/null 2>&1 &
        groups+=("$!")
        busy="stress-ng --cpu 2"
    else
        timeout -k 10s "$1" sha256sum /dev/zero >/dev/null 2>&1 &
        groups+=("$!")
        timeout -k 10s "$1" sha256sum /dev/zero >/dev/null 2>&1 &
        groups+=("$!")
        busy="2 x sha256sum /dev/zero"
    fi
}

load1() { cut -d' ' -f1 /proc/loadavg; }

# failing_tests DIR: "Class.method" for every test case that failed or erred in DIR's surefire reports.
failing_tests() {
    # shellcheck disable=SC2016 # the $0 are awk's
    find "$1" -path '*/target/surefire-reports/TEST-*.xml' -print0 2>/dev/null | xargs -0 -r awk '
        /<testcase / {
            name = $0; sub(/.* name="/, "", name); sub(/".*/, "", name)
            cls = $0; sub(/.* classname="/, "", cls); sub(/".*/, "", cls); sub(/.*\./, "", cls)
            current = cls "." name
            if ($0 ~ /\/>[[:space:]]*$/) current = ""
        }
        /<(failure|error)[ >]/ && current != "" { print current; current = "" }
        /<\/testcase>/ { current = "" }
    ' | sort -u
}

# run_once K OFFLINE: one run; sets status, seconds, failures, load_start, load_max, load_end, offline_missing.
run_once() {
    local k="$1" offline="$2" log pid started
    work="$(mktemp -d "${TMPDIR:-/tmp}/httpmodels-verify.XXXXXX")"
    git clone -q --no-checkout "$root" "$work/clone"
    git -C "$work/clone" checkout -q --detach "$commit"
    log="$out/run-$k/maven.log"
    mkdir -p "$out/run-$k"
    load_start="$(load1)"; load_max="$load_start"
    start_busy "$limit"
    started="$(date +%s)"
    (cd "$work/clone" && exec timeout -k 30s "$limit" mvn -B -ntp ${offline:+-o} verify "${mvn_extra[@]}") >"$log" 2>&1 &
    pid=$!
    groups+=("$pid")
    while kill -0 "$pid" 2>/dev/null; do
        sleep 5
        load_max="$(awk -v a="$load_max" -v b="$(load1)" 'BEGIN { print (b > a ? b : a) }')"
    done
    status=0; wait "$pid" || status=$?
    seconds=$(( $(date +%s) - started ))
    load_end="$(load1)"
    cleanup_busy_and_keep_clone
    failures="$(failing_tests "$work/clone")"
    offline_missing=false
    if [ "$status" -ne 0 ] && [ -n "$offline" ] && grep -q 'in offline mode' "$log"; then offline_missing=true; fi
    if [ -n "$failures" ]; then
        # The failing classes' reports, for after the clone is gone.
        local cls
        while read -r cls; do
            find "$work/clone" -path '*/target/surefire-reports/*' \( -name "*.$cls.txt" -o -name "*.$cls-output.txt" \
                -o -name "TEST-*.$cls.xml" \) -exec cp {} "$out/run-$k/" \;
        done < <(cut -d. -f1 <<<"$failures" | sort -u)
    fi
    rm -rf "$work"; work=""
}

# Stops the busy processes and whatever the run left in its group; keeps the clone for its reports.
cleanup_busy_and_keep_clone() {
    local keep="$work"
    work=""
    cleanup
    work="$keep"
}

echo "verify-under-load: $runs run(s) of mvn -B -ntp verify${mvn_extra[*]:+ ${mvn_extra[*]}} on fresh clones of $(git -C "$root" rev-parse --short HEAD)," \
    "$(nproc) cpus ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | sed -n 1p)), each bounded by $limit;" \
    "$(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
offline=o; passed=0; k=1
while [ "$k" -le "$runs" ]; do
    run_once "$k" "$offline"
    if $offline_missing; then
        echo "run $k: Maven's cache lacks something offline; this run and the next ones go online"
        offline=""
        run_once "$k" "$offline"
    fi
    if [ "$status" -eq 0 ]; then verdict=pass; passed=$((passed + 1))
    elif [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then verdict="FAIL (timed out after $limit)"
    else verdict=FAIL; fi
    printf 'run %d: %s  %dm%02ds  beside %s  load average %s at the start, %s at most, %s at the end\n' \
        "$k" "$verdict" $((seconds / 60)) $((seconds % 60)) "$busy" "$load_start" "$load_max" "$load_end"
    if [ "$status" -ne 0 ]; then
        if [ -n "$failures" ]; then
            while read -r test; do echo "    failed: $test"; done <<<"$failures"
        else
            # Not a test: the build's own first error (compile, format check, enforcer...).
            grep -m1 '^\[ERROR\]' "$out/run-$k/maven.log" | sed 's/^/    /' || true
        fi
        echo "    log: $out/run-$k/maven.log"
    fi
    k=$((k + 1))
done
echo "verify-under-load: $passed of $runs passed; logs in $out"
[ "$passed" -eq "$runs" ]
