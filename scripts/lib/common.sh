# Shared helpers for the scripts in scripts/: find a JDK >= 21, build a module's jar when its sources
# are newer than the jar, pin a process to a core. Source it; it defines functions and changes nothing else.
#   . "$(dirname "$0")/lib/common.sh"        (from scripts/)
#   . "$(dirname "$0")/../lib/common.sh"     (from scripts/*/)

HTTPMODELS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HTTPMODELS_MIN_JAVA=21

# Prints the major version of the java binary $1 (17, 21, 25...), or nothing if it does not run.
httpmodels_java_major() {
    "$1" -XshowSettings:properties -version 2>&1 \
        | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

# Prints the path of a java binary >= 21: $JAVA_HOME first, then the one on PATH, then the newest under
# /usr/lib/jvm. Exits non-zero with one line saying what to install when there is none.
httpmodels_find_java() {
    local candidate major
    for candidate in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java 2>/dev/null)" \
        $(ls -d /usr/lib/jvm/*/bin/java 2>/dev/null | sort -rV); do
        [ -n "$candidate" ] && [ -x "$candidate" ] || continue
        major=$(httpmodels_java_major "$candidate")
        if [ -n "$major" ] && [ "$major" -ge "$HTTPMODELS_MIN_JAVA" ]; then
            printf '%s\n' "$candidate"
            return 0
        fi
    done
    echo "error: no JDK >= $HTTPMODELS_MIN_JAVA found in JAVA_HOME, PATH or /usr/lib/jvm; install one (e.g. Temurin 21 or 25) and retry" >&2
    return 1
}

# httpmodels_ensure_jar MODULE JAR: runs `mvn package` for MODULE (and what it needs, tests skipped) when
# JAR is missing or any source or pom in the project is newer than it, so a script never runs stale code.
httpmodels_ensure_jar() {
    local module="$1" jar="$2"
    if [ -f "$jar" ] && [ -z "$(find "$HTTPMODELS_ROOT" -path "$HTTPMODELS_ROOT/.git" -prune -o \
            \( -path '*/src/*' -o -name pom.xml \) -newer "$jar" -print -quit 2>/dev/null)" ]; then
        return 0
    fi
    echo "building $module (tests skipped; run 'mvn verify' for those)..." >&2
    (cd "$HTTPMODELS_ROOT" && mvn -q -B -DskipTests -pl "$module" -am package >&2) || {
        echo "error: build of $module failed" >&2
        return 1
    }
}

# Number of online CPUs.
httpmodels_cpus() { nproc 2>/dev/null || echo 1; }

# httpmodels_pin CPU CMD...: runs CMD pinned to CPU with taskset when it exists and the CPU is online;
# otherwise runs it unpinned and says so once on stderr.
httpmodels_pin() {
    local cpu="$1"; shift
    if command -v taskset >/dev/null 2>&1 && [ "$cpu" -lt "$(httpmodels_cpus)" ]; then
        taskset -c "$cpu" "$@"
    else
        echo "note: not pinned to cpu $cpu (taskset missing or cpu offline)" >&2
        "$@"
    fi
}
