#!/usr/bin/env bash
# The history of runs: keep every run, draw each model's figures over commits.   (--help lists the flags)
#
#   scripts/history.sh add results/<ts>/results.json --history history/    append a compare or regress run
#   scripts/history.sh report --history history/ --out site/ [--last 50]  site/index.html and site/history.md
#
# Finds a JDK >= 21 by itself and builds the harness on first use or when a source changed. Exit codes: 0 done,
# 1 could not write, 2 bad input (the history is left untouched). See docs/history.md.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

java_bin="$(httpmodels_find_java)"
jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar harness "$jar"
# shellcheck disable=SC2086 # HTTPMODELS_JAVA_OPTS is a list of flags
exec "$java_bin" ${HTTPMODELS_JAVA_OPTS:-} -jar "$jar" history "$@"
