#!/usr/bin/env bash
# Merges load agents' interval logs exactly: scripts/merge.sh [--json FILE] [-o DIR] HLOG...
#
#   scripts/merge.sh results/agents/agent-*.hlog
#   scripts/merge.sh --json merged.json -o results/merged agent-0.hlog agent-1.hlog agent-2.hlog
#
# Each HLOG is one agent's load-client --hlog; its --json, when it lies beside the log with the same name
# (agent-0.hlog, agent-0.json), adds errors and start skew. Histograms are added (HdrHistogram add on identical
# settings; logs that differ are refused, exit 2), timelines aligned on absolute time. Prints the total and one
# line per agent; -o/--out writes results.json, report.md and report.html as compare does.
# Finds a JDK >= 21 by itself and builds the harness on first use or when a source changed.
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" merge "$@"
