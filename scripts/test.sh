#!/usr/bin/env bash
# The project's tests: typecheck, lint, spec lint, then every Playwright project against the embedded mock.
set -uo pipefail
cd "$(dirname "$0")/.."
# The project's binaries called directly: npx costs about a CPU-second per call.
export PATH="$PWD/node_modules/.bin:$PATH"
export REPORTS_DIR="${REPORTS_DIR:-reports/project}"
# The self tests wait on nested runs, not on the CPU: more workers than cores (playwright.config.ts).
export WORKERS="${WORKERS:-4}"
# The project's own projects (self, spec, mock) beside the conformance ones: a plain `playwright test`
# runs the conformance projects only (playwright.config.ts).
export PROJECT_TESTS=1
status=0
# The typecheck runs beside the tests (one core of its own while global setup bundles and discovers).
tsc --noEmit > "${TMPDIR:-/tmp}/conformance-tsc.$$" 2>&1 &
typecheck=$!
biome check . || status=1
playwright test "$@" || status=1
wait "$typecheck" || { cat "${TMPDIR:-/tmp}/conformance-tsc.$$"; echo "typecheck failed"; status=1; }
rm -f "${TMPDIR:-/tmp}/conformance-tsc.$$"
node scripts/count-results.mjs "$REPORTS_DIR/results.json" || status=1
exit $status
