#!/usr/bin/env bash
# The history of runs: keep every run, draw each model's figures over commits.   (--help lists the flags)
#
#   scripts/history.sh add results/<ts>/results.json --history history/    append a compare or regress run
#   scripts/history.sh report --history history/ --out site/ [--last 50]  site/index.html and site/history.md
#
# Finds a JDK >= 21 by itself and builds the harness on first use or when a source changed. Exit codes: 0 done,
# 1 could not write, 2 bad input (the history is left untouched). See docs/history.md.
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" history "$@"
