#!/usr/bin/env bash
# The conformance suite: contract and property tests against the target (the embedded mock unless
# BASE_URL/TARGET say otherwise), then the HTML reports under reports/ and the verdict, which fails
# only on deviations that are not in the target's baseline of known deviations.
# --update-baseline: run every test to its end and write the baseline from this run.
# --fail-on-coverage-drop: fail when a requirement the last run verified is not verified now (target memory).
# Other arguments go to Playwright; a --project of the user's replaces the two conformance projects.
# Exit 2: a broken start (profile, environment, a target that does not answer, a reports folder another
# live run holds), nothing written or removed. Exit 1 as well for a run interrupted (no verdict).
# Where each run writes and how it replaces the last: lib/process/run-folder.ts, docs/reports.md.
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
# `--list` judges nothing: Playwright lists the tests, no report is written or replaced.
for arg in "${args[@]}"; do
  [ "$arg" = --list ] && exec playwright test "${args[@]}" "${projects[@]}"
done
# Every stop from here on (Ctrl-C, SIGTERM at any moment, a lost worker) ends with one "interrupted"
# line and no verdict. Ctrl-C reaches Playwright from the terminal; a SIGTERM to this script is passed on
# as one SIGINT, so Playwright ends as interrupted and writes its results, which the verdict reads so.
interrupted=0
runner=
trap 'interrupted=1' INT
trap 'interrupted=1; [ -n "$runner" ] && kill -INT "$runner" 2>/dev/null' TERM
# A broken start stops here, before anything of the last run is touched: one line, exit 2.
node --import tsx scripts/preflight.ts || exit 2
REPORTS_HOME="$REPORTS_DIR"
stopped() {
  local kept='no complete run yet'
  [ -L "$REPORTS_HOME/latest" ] && kept="the last complete report stays: $REPORTS_HOME/index.html"
  echo "interrupted: $1; $kept"
  exit 1
}
[ "$interrupted" = 1 ] && stopped 'during the start checks: no verdict, memory not written'
# The run writes into a folder of its own (lib/process/run-folder.ts): $REPORTS_DIR keeps the last
# complete run until this one is complete; a folder another live run holds stops here (one line, exit 2).
home="$REPORTS_DIR"
run_dir=$(node --import tsx scripts/run-folder.ts begin "$home" $$) || exit 2
finish() { node --import tsx scripts/run-folder.ts end "$home" $$ "$1" "$run_dir"; }
[ "$interrupted" = 1 ] && { finish broken; stopped 'during the start checks: no verdict, memory not written'; }
export CONFORMANCE_PREFLIGHT=1 REPORTS_DIR="$run_dir" CONFORMANCE_STAGED="$run_dir"
playwright test "${args[@]}" "${projects[@]}" &
runner=$!
wait "$runner"
code=$?
while kill -0 "$runner" 2>/dev/null; do
  wait "$runner"
  code=$?
done
# 2: the runner's own broken start (playwright.config.ts, global setup): nothing to judge, nothing kept.
[ "$code" = 2 ] && [ "$interrupted" = 0 ] && { finish broken; exit 2; }
[ "$code" = 130 ] && interrupted=1
# Stopped before any test ran (a signal in global setup or discovery), or no result written: nothing of it is kept.
if [ ! -f "$run_dir/results.json" ] || { [ "$interrupted" = 1 ] && ! node --import tsx scripts/run-folder.ts ran "$run_dir"; }; then
  finish broken
  [ "$interrupted" = 1 ] && stopped 'before the first test (global setup, discovery): no verdict, memory not written'
  echo "0 passed, 1 failed"
  echo "the runner exited with $code and wrote no results: no verdict, nothing of this run kept"
  exit 1
fi
[ "$interrupted" = 1 ] && verdict_args+=(--interrupted)
late=0
trap 'late=1' INT TERM
status=0
# The verdict first: it judges the run once (verdict.json), the index page shows that judgement. A stop
# from here on lets the step under way end, skips the rest, and keeps the run beside the report.
node --import tsx scripts/verdict.ts "${verdict_args[@]}" || status=1
# LEAN_REPORTS=1 (the project's own nested runs): results.json and the verdict only, no HTML pages.
if [ "${LEAN_REPORTS:-}" != 1 ] && [ "$late" = 0 ]; then
  node --import tsx scripts/build-reports.ts || status=1
fi
if [ "$late" = 0 ]; then
  # Complete: it becomes $REPORTS_DIR's report; interrupted (the verdict says): kept beside it, marked.
  finish judged
else
  finish interrupted
  stopped 'after the tests, while writing the reports: the verdict above stands, its pages are not written; this run is kept beside the report; see the line above'
fi
exit $status
