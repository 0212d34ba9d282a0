#!/usr/bin/env bash
# Runs the load client on several machines with Ansible, all agents recording from the same instant, and merges
# their histograms exactly on this machine:
#   scripts/scale-out.sh --inventory FILE [options] -- URL [load options]
# The inventory's `load` group lists the load hosts (scale-out/ansible/inventory.example.ini); -R is the total
# rate, shared among the agents. Results (each agent's .hlog and .json, merged.json, results.json, report.md,
# report.html) go to results/scale-out-<timestamp>/ unless --out says otherwise.
# Exit status: 0 merged, 1 an agent or the merge failed (the agents are stopped), 2 bad arguments, 130 Ctrl-C.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

usage() {
    cat >&2 <<'USAGE'
usage: scripts/scale-out.sh --inventory FILE [-o DIR] [--start-delay TIME] [--max-time TIME]
                            [--remote-java PATH] -- URL [load-client options]
  --inventory FILE     Ansible inventory whose `load` group lists the load hosts (one agent each)
  -o, --out DIR        where the agents' files and the merge go (default: results/scale-out-<timestamp>)
  --start-delay TIME   agents start recording this long after the jar is on every host (default: 10s)
  --max-time TIME      bound on each agent's run after the start delay (default: 15m)
  --remote-java PATH   java on the load hosts (default: the inventory's `java`, else java on their PATH)
  Times are durations as the load client takes them: 500ms, 10s, 2m (a bare number is seconds).
example:
  scripts/scale-out.sh --inventory hosts.ini -- http://10.0.0.5:8080/plaintext -c 40 -d 30s -R 150000
USAGE
}

inventory="" out="" start_delay=10s max_time=15m remote_java=""
while [ $# -gt 0 ]; do
    case "$1" in
        --inventory) inventory="${2:-}"; shift 2 || { usage; exit 2; } ;;
        -o | --out) out="${2:-}"; shift 2 || { usage; exit 2; } ;;
        --start-delay) start_delay="${2:-}"; shift 2 || { usage; exit 2; } ;;
        --max-time) max_time="${2:-}"; shift 2 || { usage; exit 2; } ;;
        --timeout) # the old spelling, one release more: it took whole seconds, as a bare number still does
            echo "scale-out: --timeout is an old spelling: use --max-time (the old one goes in the next release)" >&2
            max_time="${2:-}"; shift 2 || { usage; exit 2; } ;;
        --remote-java) remote_java="${2:-}"; shift 2 || { usage; exit 2; } ;;
        -h|--help) usage; exit 0 ;;
        --) shift; break ;;
        *) echo "scale-out: unknown option '$1' (the load options go after --)" >&2; usage; exit 2 ;;
    esac
done
if [ -z "$inventory" ] || [ $# -eq 0 ]; then
    echo "scale-out: --inventory FILE and, after --, the URL are required" >&2; usage; exit 2
fi
[ -f "$inventory" ] || { echo "scale-out: no such inventory: $inventory" >&2; exit 2; }
start_delay_ms="$(httpmodels_duration_ms "$start_delay")" || { echo "scale-out: --start-delay takes a duration" >&2; exit 2; }
max_time_ms="$(httpmodels_duration_ms "$max_time")" || { echo "scale-out: --max-time takes a duration" >&2; exit 2; }
command -v ansible-playbook >/dev/null 2>&1 || {
    echo "scale-out: ansible-playbook not found: run scale-out/install.sh (Debian's ansible-core)" >&2; exit 1; }

url="$1"; shift
java_bin="$(httpmodels_find_java)"
load_jar="$HTTPMODELS_ROOT/load-client/target/load-client.jar"
harness_jar="$HTTPMODELS_ROOT/harness/target/harness.jar"
httpmodels_ensure_jar load-client "$load_jar"
httpmodels_ensure_jar harness "$harness_jar"
out="${out:-$HTTPMODELS_ROOT/results/scale-out-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# The variables as JSON (python3 is there: Ansible needs it), so no load argument is ever re-split or quoted.
vars_file="$out/scale-out-vars.json"
python3 - "$vars_file" "$load_jar" "$harness_jar" "$out" "$java_bin" "$url" "$start_delay_ms" "$max_time_ms" \
    "$remote_java" "$@" <<'PY'
import json, sys
(path, load_jar, harness_jar, results_dir, local_java, url, delay_ms, max_ms, remote_java, *load_args) = sys.argv[1:]
variables = {"load_jar": load_jar, "harness_jar": harness_jar, "results_dir": results_dir,
             "local_java": local_java, "url": url, "load_args": load_args,
             "start_delay_ms": int(delay_ms), "agent_timeout_s": -(-(int(delay_ms) + int(max_ms)) // 1000)}
if remote_java:
    variables["java"] = remote_java
with open(path, "w") as f:
    json.dump(variables, f, indent=2)
PY

playbooks="$HTTPMODELS_ROOT/scale-out/ansible"
stop_agents() {
    echo "scale-out: stopping the agents" >&2
    ansible-playbook -i "$inventory" "$playbooks/stop.yml" -e "@$vars_file" >&2 || true
}
# The playbook runs in the background and this shell waits for it, so Ctrl-C or a TERM is handled at once (a
# shell defers its traps until a foreground child ends): the playbook is ended, then the agents it started.
ansible-playbook -i "$inventory" "$playbooks/scale-out.yml" -e "@$vars_file" &
playbook=$!
trap 'kill -TERM "$playbook" 2>/dev/null; wait "$playbook" 2>/dev/null; stop_agents; exit 130' INT TERM
status=0
wait "$playbook" || status=$?
trap - INT TERM
if [ "$status" -ne 0 ]; then
    stop_agents
    echo "scale-out: failed (ansible-playbook exited $status); what was fetched is in $out" >&2
    exit 1
fi
echo "scale-out: results in $out"
