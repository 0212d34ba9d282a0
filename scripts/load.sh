#!/usr/bin/env bash
# Runs the httpmodels load client: scripts/load.sh URL [options]   (scripts/load.sh --help lists every flag)
# Finds a JDK >= 21, builds load-client/target/load-client.jar when sources are newer, then runs it.
# Exit status: 0 ok, 1 run failed or stopped early (e.g. unreachable target), 2 bad arguments.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

JAVA="$(httpmodels_find_java)"
JAR="$HTTPMODELS_ROOT/load-client/target/load-client.jar"
httpmodels_ensure_jar load-client "$JAR"
# Idle and slow connections need a descriptor each: raise the limit (and say so when it cannot be).
case " $* " in
    *"--idle-connections"* | *"--slow-connections"*) httpmodels_raise_fd_limit 12288 || true ;;
esac
# A fixed heap avoids resizing during a run; the client allocates nothing per request.
# shellcheck disable=SC2086 # LOAD_JAVA_OPTS is a list of flags
exec "$JAVA" -Xms256m -Xmx256m -XX:+UseParallelGC ${LOAD_JAVA_OPTS:-} -jar "$JAR" "$@"
