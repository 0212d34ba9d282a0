#!/usr/bin/env bash
# Mutation testing: scripts/mutation.sh [extra maven args]
# Runs PIT (the parent pom's 'mutation' profile) on the modules that opt in, server-api and load-client, with
# their minions on a JDK >= 21, and fails when a module misses its thresholds: the HTTP codec and the client's
# response parser at 90 % test strength, everything mutated at 85 % mutation score. Maven's own tests are
# skipped here (mvn verify runs them); PIT runs them itself, once per mutant. Reports, HTML and XML:
#   server-api/target/pit-reports/{critical,module}/index.html, the same under load-client/.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

JAVA="$(httpmodels_find_java)"
cd "$HTTPMODELS_ROOT"
exec mvn -B -ntp -T 1 -Pmutation -Dmutation.jvm="$JAVA" -DskipTests -pl server-api,load-client verify "$@"
