#!/usr/bin/env bash
# Checks the regression gate itself: how often it flags a candidate made slower on purpose (detection), and how
# often it flags the same build measured against itself (false alarms).
#
#   scripts/regress-selfcheck.sh                                  10 slowed runs + 20 same-build runs, interleaved
#   scripts/regress-selfcheck.sh --slowed 5 --same 5 --cells netty:c40
#   scripts/regress-selfcheck.sh --slow-flags "-XX:TieredStopAtLevel=1" --rounds 8 --windows 3 --duration 0.5s
#   scripts/regress-selfcheck.sh --slow-patch my-regression.patch
#   scripts/regress-selfcheck.sh --server-transport io_uring --cpu-windows 0   netty on io_uring, CPU in the closed loop
#
# Each run is regress with the gate's defaults unless a flag here says otherwise: --rounds 8, --windows 1 (in turns
# of --turn 20ms, --duration 0.5s a side), --cpu-windows 2 at --cpu-rate-share 0.25, --server-transport epoll, --warmup 1s.
#
# The slowdown is a code change of a fixed size: by default scripts/selfcheck/netty-crc32-per-response.patch, which
# makes the netty model compute a CRC32 of 96 KiB for every response (an intrinsic: the same work in every JVM,
# whatever the JIT makes of the rest; in a closed loop on io_uring it cost netty 0 to +18 % of its CPU per request
# from run to run on the 2-core EPYC host, on epoll -16 to -23 % of its requests/s:
# docs/regression-gate.md#how-well-it-works-the-self-check). The
# working tree's tracked files are copied, the patch applied and that copy built once (mvn package, checks
# skipped; about a minute); the slowed runs run that build as the candidate. --slow-patch takes another patch
# (git diff form, from the project root). --slow-flags instead slows the candidate's server JVMs with JVM flags
# and touches no code (e.g. -XX:MaxInlineLevel=6: C2 inlines 6 calls deep instead of 15, which cost netty about
# 10 % on the Xeon host and 4-13 % from one JVM to the next on the EPYC one, so a run may meet a slowdown within
# the tolerance; C1 only, -XX:TieredStopAtLevel=1, costs about 120 %). What it costs is measured in the same runs:
# each slowed run's median paired ratio is the cost it saw, and the summary prints their median, in requests/s and
# in CPU. Every run is `httpmodels regress --base-jar` against a copy of the working tree's own build (same bytes,
# a separate JVM per measurement), so "same" is true by construction.
# The benchmark lock (/tmp/httpmodels-bench.lock) is taken for each batch of --batch runs (default 3, about 5-10
# minutes), so other measurements on a shared machine interleave between batches, never within a run. Results: results/regress-selfcheck-<timestamp>/.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

batch=3 slowed=10 same=20 slow_flags="" cells="netty:c40" rounds=8 windows=1 cpu_windows=2 cpu_rate_share=0.25 transport=epoll duration=0.5s turn=20ms warmup=1s
slow_patch="$HTTPMODELS_ROOT/scripts/selfcheck/netty-crc32-per-response.patch"
while [ $# -gt 0 ]; do
    case "$1" in
        --slowed) slowed="$2"; shift 2 ;;
        --batch) batch="$2"; shift 2 ;;
        --same) same="$2"; shift 2 ;;
        --slow-flags) slow_flags="$2"; slow_patch=""; shift 2 ;;
        --slow-patch) slow_patch="$(realpath "$2")"; slow_flags=""; shift 2 ;;
        --cells) cells="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --windows) windows="$2"; shift 2 ;;
        --cpu-windows) cpu_windows="$2"; shift 2 ;;
        --cpu-rate-share) cpu_rate_share="$2"; shift 2 ;;
        --server-transport) transport="$2"; shift 2 ;;
        --transport) # the old spelling, one release more
            echo "regress-selfcheck.sh: --transport is an old spelling: use --server-transport" >&2
            transport="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --turn) turn="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        -h|--help) awk 'NR > 1 && /^#/ { print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "error: unknown flag $1 (--help lists them)" >&2; exit 2 ;;
    esac
done

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
export HTTPMODELS_ROOT
out="$HTTPMODELS_ROOT/results/regress-selfcheck-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
# Base and candidate: two copies of this build (same bytes, separate files), so a rebuild of the working tree
# while the check runs changes neither.
base_dir="$out/base-build" candidate_dir="$out/candidate-build"
for d in "$base_dir" "$candidate_dir"; do
    mkdir -p "$d"
    cp -r "$HTTPMODELS_ROOT/harness/target/harness.jar" "$HTTPMODELS_ROOT/harness/target/lib" "$d/"
    # The frameworks' model folders (harness/target/models/, beside the jar), when the build has them.
    if [ -d "$HTTPMODELS_ROOT/harness/target/models" ]; then cp -r "$HTTPMODELS_ROOT/harness/target/models" "$d/"; fi
done
# The slowed candidate: this build's own harness jar with --slow-flags, or a build of the working tree with the patch.
slowed_dir="$candidate_dir"
slowdown="$slow_flags"
if [ -n "$slow_patch" ] && [ "$slowed" -gt 0 ]; then
    [ -f "$slow_patch" ] || { echo "error: --slow-patch: no such file: $slow_patch" >&2; exit 2; }
    src="$out/slowed-src" slowed_dir="$out/slowed-build"
    mkdir -p "$src" "$slowed_dir"
    (cd "$HTTPMODELS_ROOT" && git ls-files -z | tar --null -T - -cf -) | tar -x -C "$src"
    # The copy is a repository of its own: git apply run inside another repository's work tree (results/ is in
    # this one) skips, without a word, every path outside the directory it runs in.
    git init -q "$src"
    (cd "$src" && git apply "$slow_patch" && git apply -R --check "$slow_patch") \
        || { echo "error: $slow_patch does not apply to the working tree" >&2; exit 2; }
    echo "building the slowed candidate (the working tree with $(basename "$slow_patch"))..."
    (cd "$src" && mvn -q -B -ntp -DskipTests -Denforcer.skip=true -Dspotless.check.skip=true -Dspotless.skip=true \
        -Dmutation.skip=true -Derrorprone.flags=-XepDisableAllChecks -pl harness -am package) >"$out/slowed-build.log" 2>&1 \
        || { echo "error: the slowed candidate did not build (see $out/slowed-build.log)" >&2; exit 3; }
    cp -r "$src/harness/target/harness.jar" "$src/harness/target/lib" "$slowed_dir/"
    if [ -d "$src/harness/target/models" ]; then cp -r "$src/harness/target/models" "$slowed_dir/"; fi
    rm -rf "$src"
    slowdown="$(basename "$slow_patch")"
fi

# One run: regress with or without the slowdown; prints "KIND EXIT RPS CPU NOISE": the median change of each cell
# in requests/s and in the server's CPU time per request, e.g. -12.3% +14.1%, and the machine's noise as the run
# saw it (how far apart one JVM's windows were in CPU time per request, median), e.g. 4.2%.
run_one() {
    local kind="$1" dir="$out/$1-$2" code=0
    local args=(regress --base-jar "$base_dir/harness.jar" --cells "$cells" --rounds "$rounds" --windows "$windows" \
        --cpu-windows "$cpu_windows" --cpu-rate-share "$cpu_rate_share" --server-transport "$transport" --duration "$duration" --turn "$turn" --warmup "$warmup" --out "$dir")
    local running="$candidate_dir"
    if [ "$kind" = slowed ]; then
        running="$slowed_dir"
        if [ -n "$slow_flags" ]; then args+=(--slow-candidate "$slow_flags"); fi
    fi
    "$java_bin" -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$running/harness.jar" "${args[@]}" \
        >"$dir.log" 2>&1 || code=$?
    local rps="?" cpu="?" noise="?"
    if [ -f "$dir/results.json" ]; then
        rps="$(change "$dir/results.json" requestsPerSecond)"
        cpu="$(change "$dir/results.json" cpuPerRequest)"
        noise="$(jq -r '[.regression.cells[] | if .cpuWindowSpread then (.cpuWindowSpread * 1000 | round / 10
            | tostring) + "%" else "n/a" end] | join(",")' "$dir/results.json")"
    fi
    echo "$kind $code $rps $cpu $noise" | tee -a "$out/runs.txt"
}

# The median change of FIGURE in each cell of a run's results.json, comma-separated, e.g. "-12.3%".
change() {
    jq -r --arg f "$2" '[.regression.cells[] | (if .[$f] then ((.[$f].median - 1) * 100 | . * 10 | round / 10
        | tostring) + "%" else "n/a" end)] | join(",")' "$1"
}

total=$((slowed + same))
i_slowed=0 i_same=0
exec 9>>/tmp/httpmodels-bench.lock
for ((i = 1; i <= total; i++)); do
    if [ $(((i - 1) % batch)) -eq 0 ]; then
        flock -u 9
        flock 9
        echo "lock taken at $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/locks.txt"
    fi
    # Interleave: a slowed run every total/slowed runs, so both kinds see the same machine over time.
    if [ "$i_slowed" -lt "$slowed" ] && { [ "$i_same" -ge "$same" ] || [ $((i_slowed * total)) -le $((i * slowed - slowed)) ]; }; then
        i_slowed=$((i_slowed + 1)); run_one slowed "$i_slowed"
    else
        i_same=$((i_same + 1)); run_one same "$i_same"
    fi
done
flock -u 9

flagged_slowed=$(awk '$1 == "slowed" && $2 == 1' "$out/runs.txt" | wc -l)
flagged_same=$(awk '$1 == "same" && $2 == 1' "$out/runs.txt" | wc -l)
errors=$(awk '$2 != 0 && $2 != 1' "$out/runs.txt" | wc -l)
costs=$(awk '$1 == "slowed" {print $3}' "$out/runs.txt" | tr ',' '\n' | sed -n 's/%$//p' | grep -v '^n/a' || true)
cpu_costs=$(awk '$1 == "slowed" {print $4}' "$out/runs.txt" | tr ',' '\n' | sed -n 's/%$//p' | grep -v '^n/a' || true)
noises=$(awk '{print $5}' "$out/runs.txt" | tr ',' '\n' | sed -n 's/%$//p' | grep -v '^n/a' || true)
{
    echo
    echo "cells: $cells; $rounds rounds, $warmup warm-up per JVM, $windows window(s) a round in turns of $turn, $duration per side, $cpu_windows CPU windows side by side at $cpu_rate_share of the lower requests/s, transport $transport; slowdown: $slowdown"
    if [ -n "$costs" ]; then
        # shellcheck disable=SC2086 # one number per word
        echo "measured cost of the slowdown (median over the slowed runs of their median req/s change): $(printf '%+.1f' "$(httpmodels_median $costs)") %"
    fi
    if [ -n "$cpu_costs" ]; then
        # shellcheck disable=SC2086 # one number per word
        echo "  and in the server's CPU time per request (median of the slowed runs' median change): $(printf '%+.1f' "$(httpmodels_median $cpu_costs)") %"
    fi
    if [ -n "$noises" ]; then
        # shellcheck disable=SC2086 # one number per word
        echo "the machine's noise (median over the runs of one JVM's windows apart in CPU per request): $(printf '%.1f' "$(httpmodels_median $noises)") %"
    fi
    echo "detection: $flagged_slowed of $slowed slowed runs flagged as a regression"
    echo "false alarms: $flagged_same of $same same-build runs flagged"
    [ "$errors" -eq 0 ] || echo "runs that could not decide (exit other than 0/1): $errors"
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "runs: $out/runs.txt; each run's results.json and log in $out/"
} | tee -a "$out/summary.txt"
