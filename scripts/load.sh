#!/usr/bin/env bash
# Runs the httpmodels load client: scripts/load.sh URL [options]   (scripts/load.sh --help lists every flag)
# The same as bin/httpmodels load: finds a JDK >= 21, builds load-client/target/load-client.jar when sources are
# newer, then runs it in a JVM with a fixed 256 MiB heap. Extra JVM flags: HTTPMODELS_JAVA_OPTS.
# Exit status: 0 ok, 1 run failed or stopped early (e.g. unreachable target), 2 bad arguments.
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" load "$@"
