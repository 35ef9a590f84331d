#!/usr/bin/env bash
# The conformance suite: contract and property tests against the target (the embedded mock unless
# BASE_URL/TARGET say otherwise), then the HTML reports under reports/.
set -uo pipefail
cd "$(dirname "$0")/.."
export REPORTS_DIR="${REPORTS_DIR:-reports}"
rm -rf "$REPORTS_DIR/allure-results" "$REPORTS_DIR/allure" "$REPORTS_DIR/html"
npx playwright test --project contract --project properties "$@"
status=$?
npx tsx scripts/reports/build.ts || status=1
node scripts/count-results.mjs "$REPORTS_DIR/results.json" || status=1
exit $status
