#!/usr/bin/env bash
# The conformance matrix: runs the kits of the chosen modules, then collects their records into
# docs/conformance/conformance.{json,md}.
#
#   scripts/conformance.sh                                   every module with kits, one at a time (minutes each)
#   scripts/conformance.sh --modules servers-vertx,servers-tomcat
#   scripts/conformance.sh --collect-only                    the matrix from the records already in */target
#   scripts/conformance.sh --out target/matrix               somewhere else than docs/conformance
#
# A module's kits are its test classes that extend ConformanceKit, HostileClientKit, DeadlineKit, LeakKit,
# BackpressureKit, TlsConformanceKit, TlsHostileKit, Http2ConformanceKit or Http2AttackKit, or such a class (found by
# grep), run with -Pslow (the leak kit at full size) and -Dtests.groups= (every kit class, whether tagged slow or in
# the default set). Each module's old records are removed before its kits run, so the matrix holds only this run's; a
# failing kit case is recorded as FAILED and the run goes on (the script then exits 1 after writing the matrix).
# Exit codes: 0 written, 1 a kit failed or the matrix could not be written, 2 usage error.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }

kits='ConformanceKit|HostileClientKit|DeadlineKit|LeakKit|BackpressureKit|TlsConformanceKit|TlsHostileKit|Http2ConformanceKit|Http2AttackKit'
modules=""
out="$HTTPMODELS_ROOT/docs/conformance"
collect_only=false
while [ $# -gt 0 ]; do
    case "$1" in
        --modules) [ $# -ge 2 ] || { echo "error: --modules needs a list" >&2; exit 2; }; modules="$2"; shift 2 ;;
        --modules=*) modules="${1#*=}"; shift ;;
        --out) [ $# -ge 2 ] || { echo "error: --out needs a directory" >&2; exit 2; }; out="$2"; shift 2 ;;
        --out=*) out="${1#*=}"; shift ;;
        --collect-only) collect_only=true; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "error: unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

# The kit classes of a module, comma-separated: the test classes whose source extends a kit, and those that extend
# such a class (a kit class's slow variant, BioBackpressureSlowTest), to any depth.
kit_classes() {
    local dir="$HTTPMODELS_ROOT/$1/src/test/java" found next extending="$kits"
    found=""
    while :; do
        next="$( { [ -n "$found" ] && echo "$found"
                   grep -rlE "extends ($extending)\b" "$dir" --include='*.java' 2>/dev/null \
                       | xargs -r -n1 basename | sed 's/\.java$//'; } | sort -u)"
        [ "$next" = "$found" ] && break
        found="$next"
        extending="$kits|$(echo "$found" | paste -sd'|' -)"
    done
    echo "$found" | paste -sd, -
}

if [ -z "$modules" ]; then
    modules="$(cd "$HTTPMODELS_ROOT" && for m in servers-*; do [ -n "$(kit_classes "$m")" ] && echo "$m"; done | paste -sd, -)"
fi

failed=""
if ! $collect_only; then
    IFS=',' read -r -a list <<< "$modules"
    for module in "${list[@]}"; do
        [ -d "$HTTPMODELS_ROOT/$module" ] || { echo "error: no module $module" >&2; exit 2; }
        classes="$(kit_classes "$module")"
        [ -n "$classes" ] || { echo "error: $module has no kit classes" >&2; exit 2; }
        echo "== $module: $classes" >&2
        rm -rf "$HTTPMODELS_ROOT/$module/target/conformance"
        (cd "$HTTPMODELS_ROOT" && mvn -B -ntp -Dmutation.skip=true -Pslow -Dtests.groups= -pl "$module" -am verify \
            -Dtest="$classes" -Dsurefire.failIfNoSpecifiedTests=false >&2) || failed="$failed $module"
    done
fi

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
"$java_bin" -jar "$jar" conformance --from "$HTTPMODELS_ROOT" --out "$out"
if [ -n "$failed" ]; then
    echo "kits failed in:$failed (their cases are FAILED in the matrix; the build logs above say why)" >&2
    exit 1
fi
