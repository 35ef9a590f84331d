#!/usr/bin/env bash
# The conformance suite: contract and property tests against the target (the embedded mock unless
# BASE_URL/TARGET say otherwise), then the HTML reports under reports/ and the verdict, which fails
# only on deviations that are not in the target's baseline of known deviations.
# --update-baseline: run every test to its end and write the baseline from this run.
# --fail-on-coverage-drop: fail when a requirement the last run verified is not verified now (target memory).
set -uo pipefail
cd "$(dirname "$0")/.."
# The project's binaries called directly: npx costs about a CPU-second per call.
export PATH="$PWD/node_modules/.bin:$PATH"
export REPORTS_DIR="${REPORTS_DIR:-reports}"
args=()
verdict_args=()
for arg in "$@"; do
  if [ "$arg" = "--update-baseline" ]; then
    export CONFORMANCE_UPDATE_BASELINE=1
    verdict_args+=(--update-baseline)
  elif [ "$arg" = "--fail-on-coverage-drop" ]; then
    verdict_args+=(--fail-on-coverage-drop)
  else
    args+=("$arg")
  fi
done
rm -rf "$REPORTS_DIR/allure-results" "$REPORTS_DIR/allure" "$REPORTS_DIR/html"
playwright test "${args[@]}" --project contract --project properties
status=0
# The verdict first: it judges the run once (verdict.json), the index page shows that judgement.
node --import tsx scripts/verdict.ts "${verdict_args[@]}" || status=1
# LEAN_REPORTS=1 (the project's own nested runs): results.json and the verdict only, no HTML pages.
if [ "${LEAN_REPORTS:-}" != 1 ]; then node --import tsx scripts/build-reports.ts || status=1; fi
exit $status
