#!/usr/bin/env bash
# Everything CI checks, at full length: .ci/run (every test, the slow set, mutation testing, a bounded fuzz, the
# scripts' checks, a quick comparison), then what left .ci/run to keep it shorter:
#   - the regression gate checks itself: the same build against itself must say "same", a candidate slowed with a
#     JVM flag (C1 only: about 2x the server CPU per request, no code touched) must exit 1 and name the cell
#     (about 5 minutes; scripts/regress-selfcheck.sh counts its rates over many runs);
#   - every fuzz target for 5 minutes (.ci/run gives each 10 to 30 s);
#   - the leak kits at 100,000 requests a model (.ci/run runs 20,000), inside its .ci/run;
#   - the backpressure floods held for a 15 s idle timeout that .ci/run holds 500 ms (the blocking models', the JDK
#     server's) or runs on fewer models (netty's other transports and netty-virtual): tagged attack, about 7 minutes;
#   - mutation testing of the load client's command line, whose mutants only timed runs kill (about 3 minutes).
# Run it before pushing a change to a model's I/O path, the codec, the load client's loop or the gate
# (CONTRIBUTING.md); the nightly workflow runs it on main. About 110 minutes on a 2-core machine (45 of them fuzzing).
#
#   scripts/ci-full.sh [--skip-ci-run]      --skip-ci-run: only the parts beyond .ci/run (after a .ci/run that passed)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/common.sh
. scripts/lib/common.sh

die() { printf '\nCI-FULL FAILED: %s\n' "$*" >&2; exit 1; }
step() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }

case "${1:-}" in
    --skip-ci-run) ;;
    "") HTTPMODELS_LEAK_REQUESTS=100000 .ci/run || die ".ci/run failed" ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac

step "the regression gate checks itself (scripts/regress.sh, bounded: one cell, 8 rounds same build, 8 rounds slowed)"
httpmodels_ensure_jar harness harness/target/harness.jar
# The base is a copy of this build: HEAD on this unchanged tree (scripts/regress-selfcheck.sh and
# .github/workflows/bench.yml build another ref's base).
regress_dir="$(mktemp -d)"
trap 'rm -rf "$regress_dir"' EXIT
mkdir -p "$regress_dir/base"
cp -r harness/target/harness.jar harness/target/lib "$regress_dir/base/"
regress_args=(--base-jar "$regress_dir/base/harness.jar" --cells netty:c40) # every other setting the gate's default
# The gate's false-alarm rate is not zero (docs/regression-gate.md): a first verdict other than "same" gets one more
# run, which must say "same". Two in a row are unlikely at the measured rate; a gate that always cries wolf fails.
same_build_verdict() { # $1: the run's folder; prints its verdict ("none" when it wrote no results)
    scripts/regress.sh "${regress_args[@]}" --rounds 8 --out "$1" >&2 || true
    jq -r '.regression.verdict' "$1/results.json" 2>/dev/null || echo none
}
verdict="$(same_build_verdict "$regress_dir/same")"
if [ "$verdict" != same ]; then
    echo "NOTE: the same build against itself said '$verdict' (a false alarm, see above); one more run must say 'same'"
    verdict="$(same_build_verdict "$regress_dir/same-again")"
    [ "$verdict" = same ] || die "regress: the same build against itself said '$verdict' twice in a row"
fi
code=0
scripts/regress.sh "${regress_args[@]}" --rounds 8 --slow-candidate "-XX:TieredStopAtLevel=1" \
    --out "$regress_dir/slowed" >"$regress_dir/slowed.log" 2>&1 || code=$?
cat "$regress_dir/slowed.log"
[ "$code" -eq 1 ] || die "regress: a candidate slowed with -XX:TieredStopAtLevel=1 exited $code, not 1"
grep -q 'REGRESSION in 1 cell(s): netty/plaintext-c40-ka-w0' "$regress_dir/slowed.log" \
    || die "regress: the slowed cell was not named"

step "the backpressure floods at an attack's length (mvn -B -T 1 verify -Pslow, tagged attack)"
CI=true mvn -B -ntp -T 1 verify -Pslow -Dtests.groups=attack \
    || die "a backpressure flood at an attack's length broke its bound (see the test reports above)"

step "mutation testing of what .ci/run leaves out: the load client's command line (the 'nightly' execution)"
# Its mutants die only in timed end-to-end runs, seconds each (load-client/pom.xml, mutation.nightly.classes).
mvn -B -ntp -T 1 -Pmutation -Dmutation.jvm="$(httpmodels_find_java)" -DskipTests -Dmutation.nightly.skip=false \
    -pl load-client org.pitest:pitest-maven:mutationCoverage@nightly \
    || die "mutation testing of the load client's command line missed its threshold (load-client/target/pit-reports/nightly)"

step "fuzzing with Jazzer: each of the 9 targets for 5 minutes (scripts/fuzz.sh 300)"
scripts/fuzz.sh 300 || die "a fuzz target found a failing input (see above and docs/fuzzing.md)"

printf '\nCI-FULL passed\n'
