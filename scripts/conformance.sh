#!/usr/bin/env bash
# The conformance suite: contract and property tests against the target (the embedded mock unless
# BASE_URL/TARGET say otherwise), then the HTML reports under reports/ and the verdict, which fails
# only on deviations that are not in the target's baseline of known deviations.
# --update-baseline: run every test to its end and write the baseline from this run.
# --fail-on-coverage-drop: fail when a requirement the last run verified is not verified now (target memory).
# Other arguments go to Playwright; a --project of the user's replaces the two conformance projects.
# Exit 2: a broken start (profile, environment, a target that does not answer, a reports folder a running
# run holds), nothing written or removed.
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
# `--list` judges nothing: Playwright lists the tests and no report is written or replaced.
for arg in "${args[@]}"; do
  [ "$arg" = --list ] && exec playwright test "${args[@]}" "${projects[@]}"
done
# Every way of stopping the run from here on ends with the one "interrupted" line, no verdict and no stack:
# Ctrl-C reaches Playwright from the terminal; a SIGTERM to this script is passed on as one SIGINT, so
# Playwright ends as interrupted and writes its results, which the verdict then reads as interrupted.
interrupted=0
runner=
trap 'interrupted=1' INT
trap 'interrupted=1; [ -n "$runner" ] && kill -INT "$runner" 2>/dev/null' TERM
# The run writes into a folder of its own (lib/process/run-folder.ts): $REPORTS_DIR keeps showing the
# last complete run until this one is complete; a second run into a folder a running run holds stops here.
home="$REPORTS_DIR"
run_dir=$(node --import tsx scripts/run-folder.ts begin "$home" $$) || exit 2
finish() { node --import tsx scripts/run-folder.ts end "$home" $$ "$1" "$run_dir"; }
stopped_early() {
  echo "interrupted: 0 tests ran (stopped $1); no verdict (the last complete run's report and memory are kept)"
  echo 'memory: not written (an interrupted run)'
  finish interrupted
  exit 130
}
# A broken start stops here, before anything of the last run is touched: one line, exit 2.
node --import tsx scripts/preflight.ts || { finish broken; exit 2; }
[ "$interrupted" = 1 ] && { finish broken; stopped_early 'during the start checks'; }
export CONFORMANCE_PREFLIGHT=1
export REPORTS_DIR="$run_dir" CONFORMANCE_RUN_DIR="$run_dir" CONFORMANCE_REPORTS_HOME="$home"
playwright test "${args[@]}" "${projects[@]}" &
runner=$!
wait "$runner"
code=$?
while kill -0 "$runner" 2>/dev/null; do
  wait "$runner"
  code=$?
done
trap - INT TERM
# 2: the runner's own broken start (playwright.config.ts, global setup); nothing to judge, nothing kept.
[ "$code" = 2 ] && [ "$interrupted" = 0 ] && { finish broken; exit 2; }
if [ "$code" = 130 ] || [ "$interrupted" = 1 ]; then verdict_args+=(--interrupted); fi
# Stopped before the runner wrote any result (a signal during global setup or discovery).
if [ ! -f "$run_dir/results.json" ]; then
  [ "$interrupted" = 1 ] || [ "$code" = 130 ] && stopped_early 'before the first test (global setup, discovery)'
  echo "0 passed, 1 failed"
  echo "the runner exited with $code and wrote no results; no verdict"
  finish interrupted
  exit 1
fi
status=0
# The verdict first: it judges the run once (verdict.json), the index page shows that judgement.
node --import tsx scripts/verdict.ts "${verdict_args[@]}" || status=1
# LEAN_REPORTS=1 (the project's own nested runs): results.json and the verdict only, no HTML pages.
if [ "${LEAN_REPORTS:-}" != 1 ]; then node --import tsx scripts/build-reports.ts || status=1; fi
# Complete: it becomes $REPORTS_DIR's report; interrupted (the verdict says): kept beside it, marked.
finish judged
exit $status
