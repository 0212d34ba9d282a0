#!/usr/bin/env bash
# Starts a server model in the foreground; Ctrl-C stops it.
#
#   scripts/serve.sh MODEL [--port N] [--server-threads N] [--work TIME] [--server-transport NAME] [...]
#   scripts/serve.sh --list          the models with their descriptions
#   scripts/serve.sh --help          every flag
#
# The same as bin/httpmodels serve: finds a JDK >= 21 by itself (JAVA_HOME, PATH, /usr/lib/jvm) and builds the
# harness on first use or when a source changed. Extra JVM flags: HTTPMODELS_JAVA_OPTS="-Xmx512m ...".
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" serve "$@"
