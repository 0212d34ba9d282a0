#!/usr/bin/env bash
# The side-by-side comparison of every server model: scripts/compare.sh [options]   (--help lists them)
#
#   scripts/compare.sh                          the default run: the default set of models, 2 scenarios, about 3 minutes
#   scripts/compare.sh --profile quick          CI-sized
#   scripts/compare.sh --profile sweep --with nginx
#   scripts/compare.sh --models netty,virtual-threads -c 1,10,100 --work-ms 0,1
#
# Finds a JDK >= 21 by itself (JAVA_HOME, PATH, /usr/lib/jvm) and builds the harness on first use or when a
# source changed. Each model runs in its own JVM pinned apart from the load client; results go to
# results/<timestamp>/ (results.json, report.md, report.html, one .hlog per cell). Ctrl-C keeps what was measured.
# Extra JVM flags for the client's JVM: HTTPMODELS_JAVA_OPTS.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
export HTTPMODELS_ROOT
# The crowd and slowloris profiles hold thousands of connections: a descriptor each in this JVM and in the
# model's (which inherits the limit). Says so when the limit cannot be raised far enough.
case " $* " in
    *" crowd "* | *"--profile=crowd"* | *"--idle-connections"* | *" slowloris "* | *"--profile=slowloris"* | *"--slow-connections"*)
        httpmodels_raise_fd_limit 12288 || true ;;
esac
# A fixed heap for the client: it allocates nothing per request, and a resize mid-run would show as noise.
# shellcheck disable=SC2086 # HTTPMODELS_JAVA_OPTS is a list of flags
exec "$java_bin" -Xms256m -Xmx256m -XX:+UseParallelGC ${HTTPMODELS_JAVA_OPTS:-} -jar "$jar" compare "$@"
