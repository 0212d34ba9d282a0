# shellcheck shell=bash
# Shared helpers for the scripts in scripts/: find a JDK >= 21, build a module's jar when its sources
# are newer than the jar, pin a process to a core. Source it; it defines functions and changes nothing else.
#   . "$(dirname "$0")/lib/common.sh"        (from scripts/)
#   . "$(dirname "$0")/../lib/common.sh"     (from scripts/*/)

HTTPMODELS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HTTPMODELS_MIN_JAVA=21

# Prints the major version of the java binary $1 (17, 21, 25...), or nothing if it does not run.
httpmodels_java_major() {
    "$1" -XshowSettings:properties -version 2>&1 \
        | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p'
}

# Prints the path of a java binary >= 21: $JAVA_HOME first, then the one on PATH, then the newest under
# /usr/lib/jvm. Exits non-zero with one line saying what to install when there is none.
httpmodels_find_java() {
    local candidate major
    for candidate in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java 2>/dev/null)" \
        $(printf '%s\n' /usr/lib/jvm/*/bin/java | sort -rV); do
        if [ -z "$candidate" ] || [ ! -x "$candidate" ]; then continue; fi
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
            \( -path '*/src/*' -o -name pom.xml -o -path '*/docs/conformance/*' \) -newer "$jar" -print -quit 2>/dev/null)" ]; then
        return 0
    fi
    echo "building $module (tests skipped; run 'mvn verify' for those)..." >&2
    local modules="$module"
    # The frameworks' model folders beside the harness's jar come from a module of their own (model-folders).
    if [ "$module" = harness ]; then modules="harness,model-folders"; fi
    (cd "$HTTPMODELS_ROOT" && mvn -q -B -DskipTests -pl "$modules" -am package >&2) || {
        echo "error: build of $module failed" >&2
        return 1
    }
}

# httpmodels_duration_ms DURATION: prints a duration as the commands take it (500ms, 10s, 1.5s, 2m, 1h, 250us, or a
# bare number of seconds) in whole milliseconds, rounded up; fails with a message for anything else.
httpmodels_duration_ms() {
    local value="$1" number unit
    if [[ ! "$value" =~ ^([0-9]+(\.[0-9]+)?)(us|ms|s|m|h)?$ ]]; then
        echo "error: '$value' is not a duration (e.g. 500ms, 10s, 2m)" >&2
        return 1
    fi
    number="${BASH_REMATCH[1]}" unit="${BASH_REMATCH[3]:-s}"
    awk -v n="$number" -v u="$unit" 'BEGIN {
        f = (u == "us") ? 0.001 : (u == "ms") ? 1 : (u == "s") ? 1000 : (u == "m") ? 60000 : 3600000
        ms = n * f; whole = int(ms); if (whole < ms) whole++; print whole }'
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

# ---- for the benchmark scripts --------------------------------------------------------------------------

# httpmodels_stats ARGS...: the harness's `stats` command (medians, paired ratios, CPU per request), so the
# benchmark scripts' arithmetic is the tested Java the comparison uses. Builds the harness when needed.
httpmodels_stats() {
    local java jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
    java="$(httpmodels_find_java)" || return 1
    httpmodels_ensure_jar harness "$jar" || return 1
    "$java" -XX:TieredStopAtLevel=1 -Xshare:auto -jar "$jar" stats "$@"
}

# httpmodels_median V...: the median of the numbers given as arguments (the mean of the middle two if even).
httpmodels_median() {
    httpmodels_stats median "$@"
}

# httpmodels_wait_for_port PORT [SECONDS]: returns once 127.0.0.1:PORT accepts a connection; fails after
# SECONDS (default 30) with a message. A bounded poll: the scripts have no other signal from a server.
httpmodels_wait_for_port() {
    local port="$1" seconds="${2:-30}" i
    for ((i = 0; i < seconds * 10; i++)); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    echo "error: nothing listens on 127.0.0.1:$port after $seconds s" >&2
    return 1
}

# httpmodels_port_in_use PORT: true when something already listens on 127.0.0.1:PORT.
httpmodels_port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# httpmodels_cpu_ticks PID: CPU time (user + system, in clock ticks) used so far by PID and its child
# processes that are alive (nginx's workers, say), all threads included.
httpmodels_cpu_ticks() {
    local total=0 pid ticks
    for pid in "$1" $(pgrep -P "$1" 2>/dev/null); do
        # Fields 14 and 15 of /proc/PID/stat, counted after the ')' that ends the command name.
        ticks=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{ print $12 + $13 }') || continue
        total=$((total + ${ticks:-0}))
    done
    echo "$total"
}

# Clock ticks per second, for httpmodels_cpu_ticks.
httpmodels_clock_ticks() { getconf CLK_TCK 2>/dev/null || echo 100; }

# httpmodels_raise_fd_limit N: raises this shell's open-file limit (ulimit -n) to at least N, up to the hard
# limit, for what it starts (many connections need a descriptor each, on both sides). Says on stderr when the
# hard limit is lower than N; returns 1 then, 0 otherwise.
httpmodels_raise_fd_limit() {
    local want="$1" soft hard
    soft="$(ulimit -Sn)"
    hard="$(ulimit -Hn)"
    if [ "$soft" = unlimited ] || [ "$soft" -ge "$want" ]; then return 0; fi
    if [ "$hard" = unlimited ] || [ "$hard" -ge "$want" ]; then
        ulimit -Sn "$want" && return 0
    else
        ulimit -Sn "$hard" 2>/dev/null || true
    fi
    echo "note: the open-file limit is $(ulimit -Sn) (hard limit $hard), below the $want this run may need;" \
        "connections beyond it will fail (raise the hard limit: /etc/security/limits.conf or ulimit -Hn as root)" >&2
    return 1
}
