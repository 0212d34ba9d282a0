#!/usr/bin/env bash
# The regression gate: the working tree's build (candidate) against a base, measured in the same run.
#
#   scripts/regress.sh --base origin/main              build origin/main, measure both interleaved, exit 1 on a regression
#   scripts/regress.sh --base HEAD --models netty      only netty's cells
#   scripts/regress.sh --base HEAD~3 --rounds 12 --duration 3s
#   scripts/regress.sh --baseline results/x/results.json   weaker: a stored run, normalised by nginx measured now
#   scripts/regress.sh --help                          every flag
#
# Builds the working tree's harness when a source changed (tests skipped), then runs `httpmodels regress`; the
# base's build goes to target/regress-base/<commit>/ and is reused while the commit is the same. Results go to
# results/regress-<timestamp>/ (results.json with a "regression" section, regress.md). Exit codes: 0 no
# regression, 1 a regression (the cells are named), 2 usage error, 3 could not run.
# On a shared machine run one benchmark at a time: flock on the lock file scripts/regress-selfcheck.sh takes.
set -euo pipefail
exec "$(dirname "$0")/../bin/httpmodels" regress "$@"
