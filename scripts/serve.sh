#!/usr/bin/env bash
# Starts a server model in the foreground; Ctrl-C stops it.
#
#   scripts/serve.sh MODEL [--port N] [--threads N] [--work-ms N] [--transport NAME] [...]
#   scripts/serve.sh --list          the models with their descriptions
#   scripts/serve.sh --help          every flag
#
# Finds a JDK >= 21 by itself (JAVA_HOME, PATH, /usr/lib/jvm) and builds the harness on first use or when a
# source changed. Extra JVM flags: HTTPMODELS_JAVA_OPTS="-Xmx512m ...".
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
# shellcheck disable=SC2086 # HTTPMODELS_JAVA_OPTS is a list of flags
exec "$java_bin" ${HTTPMODELS_JAVA_OPTS:-} -jar "$jar" serve "$@"
