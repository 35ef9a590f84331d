#!/usr/bin/env bash
# The conformance suite: contract and property tests against the target (the embedded mock unless
# BASE_URL/TARGET say otherwise), then the HTML reports under reports/ and the verdict, which fails
# only on deviations that are not in the target's baseline of known deviations.
# --update-baseline: run every test to its end and write the baseline from this run.
# --fail-on-coverage-drop: fail when a requirement the last run verified is not verified now (target memory).
# Other arguments go to Playwright; a --project of the user's replaces the two conformance projects.
# Exit 2: a broken start (profile, environment, a target that does not answer), nothing written or removed.
set -uo pipefail
cd "$(dirname "$0")/.."
# The project's binaries called directly: npx costs about a CPU-second per call.
export PATH="$PWD/node_modules/.bin:$PATH"
export REPORTS_DIR="${REPORTS_DIR:-reports}"
args=()
verdict_args=()
projects=(--project contract --project properties)
for arg in "$@"; do
  if [ "$arg" = "--update-baseline" ]; then
    export CONFORMANCE_UPDATE_BASELINE=1
    verdict_args+=(--update-baseline)
  elif [ "$arg" = "--fail-on-coverage-drop" ]; then
    verdict_args+=(--fail-on-coverage-drop)
  else
    [[ "$arg" == --project || "$arg" == --project=* ]] && projects=()
    args+=("$arg")
  fi
done
# A broken start stops here, before anything of the last run is removed: one line, exit 2.
node --import tsx scripts/preflight.ts || exit 2
export CONFORMANCE_PREFLIGHT=1
# CONFORMANCE_JUDGE=1: the run's judge (tests/judge), every exchange judged by every rule of the registry.
# Nothing of the last run stays beside this one's results: a run cut short leaves no older verdict or page.
rm -rf "$REPORTS_DIR/allure-results" "$REPORTS_DIR/allure" "$REPORTS_DIR/html" "$REPORTS_DIR/verdict.json" \
  "$REPORTS_DIR/index.html" "$REPORTS_DIR/results.json" "$REPORTS_DIR/traceability.json" "$REPORTS_DIR/traceability.html"
# Ctrl-C reaches Playwright from the terminal; a SIGTERM to this script is passed on as one SIGINT, so
# Playwright ends as interrupted and writes its results, which the verdict then reads as interrupted.
playwright test "${args[@]}" "${projects[@]}" &
runner=$!
interrupted=0
trap 'interrupted=1' INT
trap 'interrupted=1; kill -INT "$runner" 2>/dev/null' TERM
wait "$runner"
code=$?
while kill -0 "$runner" 2>/dev/null; do
  wait "$runner"
  code=$?
done
trap - INT TERM
# 2: the runner's own broken start (playwright.config.ts, global setup); nothing to judge.
[ "$code" = 2 ] && exit 2
if [ "$code" = 130 ] || [ "$interrupted" = 1 ]; then verdict_args+=(--interrupted); fi
status=0
# The verdict first: it judges the run once (verdict.json), the index page shows that judgement.
node --import tsx scripts/verdict.ts "${verdict_args[@]}" || status=1
# LEAN_REPORTS=1 (the project's own nested runs): results.json and the verdict only, no HTML pages.
if [ "${LEAN_REPORTS:-}" != 1 ]; then node --import tsx scripts/build-reports.ts || status=1; fi
exit $status
