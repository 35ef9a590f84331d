#!/usr/bin/env bash
# The project's tests: typecheck, lint, spec lint, then every Playwright project against the embedded mock.
set -uo pipefail
cd "$(dirname "$0")/.."
export REPORTS_DIR="${REPORTS_DIR:-reports/project}"
status=0
npx tsc --noEmit || status=1
npx biome check . || status=1
npx playwright test "$@" || status=1
node scripts/count-results.mjs "$REPORTS_DIR/results.json" || status=1
exit $status
