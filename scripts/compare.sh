#!/usr/bin/env bash
# The side-by-side comparison of every server model: scripts/compare.sh [options]   (--help lists them)
#
#   scripts/compare.sh                          the default run: the default set of models, 2 scenarios, about 6 minutes
#   scripts/compare.sh --profile quick          CI-sized
#   scripts/compare.sh --profile sweep --with nginx
#   scripts/compare.sh --models netty,virtual-threads -c 1,10,100 --work 0,1ms
#
# The same as bin/httpmodels compare: finds a JDK >= 21 by itself (JAVA_HOME, PATH, /usr/lib/jvm) and builds the
# harness on first use or when a source changed. Each model runs in its own JVM pinned apart from the load client;
# results go to results/<timestamp>/ (results.json, report.md, report.html, one .hlog per cell). Ctrl-C keeps what
# was measured.
# Extra JVM flags for the client's JVM: HTTPMODELS_JAVA_OPTS.
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" compare "$@"
