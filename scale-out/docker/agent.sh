#!/bin/sh
# The load-client image's entry point: runs the load client with the container's arguments, then prints each
# file named in HTTPMODELS_COLLECT (space-separated paths) to standard output between marker lines, so the
# Kubernetes launcher collects them from the pod's log (io.httpmodels.harness.distribute.AgentLogs reads them).
# Exits with the load client's status: a failed agent is a failed pod.
set -u
for file in ${HTTPMODELS_COLLECT:-}; do mkdir -p "$(dirname "$file")"; done
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
java ${JAVA_OPTS:-} -jar /opt/httpmodels/load-client.jar "$@"
status=$?
for file in ${HTTPMODELS_COLLECT:-}; do
    [ -f "$file" ] || continue
    name=$(basename "$file")
    printf '%s%s begin -----\n' '----- httpmodels file ' "$name"
    cat "$file"
    # A file not ending in a newline still leaves the end marker on its own line.
    [ -z "$(tail -c 1 "$file")" ] || printf '\n'
    printf '%s%s end -----\n' '----- httpmodels file ' "$name"
done
exit "$status"
