import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadRequirements } from '../lib/catalog/requirements.ts';
import { runBaselineTarget } from '../lib/checks/baseline.ts';
import { loadSpec } from '../lib/checks/spec.ts';
import { discoveryFile, readDiscovery, resolveProfile } from '../lib/discovery/index.ts';
import { mustRun, runCommandAsync } from '../lib/process/launch.ts';
import { homeOf, isRunFolder, linkLatest, reportFolder } from '../lib/process/run-folder.ts';
import { STAGED_ENV } from '../lib/process/run-stage.ts';
import { ProfileError, shownBaseURL } from '../lib/profile/load.ts';
import { readRunEnv, runProfile } from '../lib/profile/run-env.ts';
import type { ProfileInput } from '../lib/profile/types.ts';
import { alignAllureResults, labelAllureResults } from '../lib/report/allure-labels.ts';
import { answersSection } from '../lib/report/answers-section.ts';
import { BRANCHES_PAGE, branchesSection, renderBranchesPage } from '../lib/report/branches-section.ts';
import { coverageDropSection } from '../lib/report/coverage-drop-section.ts';
import { discoverySection } from '../lib/report/discovery-section.ts';
import type { ReplayTarget } from '../lib/report/failures-section.ts';
import { renderIndex } from '../lib/report/index-page.ts';
import { INPUTS_PAGE, inputsSection, renderInputsPage } from '../lib/report/inputs-section.ts';
import { alignJunit } from '../lib/report/junit.ts';
import { renderRealResponses, summariseRealResponses } from '../lib/report/real-responses.ts';
import { writeSpecDocs } from '../lib/report/spec-docs.ts';
import { buildTraceability, renderTraceability } from '../lib/report/traceability.ts';
import { judgeRun, readVerdictFile } from '../lib/report/verdict/judge-run.ts';
import { readAnswers } from '../lib/run-judge/answers-file.ts';
import { readBranches } from '../lib/run-judge/branches-file.ts';
import { readInputs } from '../lib/run-judge/inputs.ts';

const run = readRunEnv();
// A run's own folder; run alone on a reports folder after a plain `playwright test`, the run it shows.
const folder = reportFolder(run.reportsDir);
const outDir = folder.dir;

function commit(): string {
  try {
    return mustRun('git', ['rev-parse', '--short', 'HEAD']).trim();
  } catch {
    return 'unknown';
  }
}

/** The target's name and address; the reports need no token, so a profile without its secrets set still names it. */
/** The run's profile; undefined when it cannot be loaded here (its secrets unset). */
function profileHere(): ProfileInput | undefined {
  try {
    return runProfile();
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    return undefined;
  }
}

function targetShown(profile: ProfileInput | undefined): { name: string; baseURL: string } {
  return profile
    ? { name: profile.name, baseURL: shownBaseURL(profile) }
    : { name: run.target, baseURL: 'unknown' };
}

/** The data needs of the run; without the profile (secrets unset), only what discovery found is known. */
function discoveryShown(profile: ProfileInput | undefined): string {
  const file = discoveryFile(outDir);
  if (!existsSync(file)) return discoverySection(undefined, undefined);
  if (!profile) return '<p class="muted">The profile could not be loaded here: see discovery.json.</p>';
  const result = readDiscovery(profile, file);
  return discoverySection(resolveProfile(profile, result).needs, result);
}

/** Allure's page loads a third-party analytics tag; a report read offline or in private should not call out. */
function withoutAnalytics(html: string): string {
  return html.replace(
    /<script async src="https:\/\/www\.googletagmanager\.com[^"]*"><\/script>\s*<script>[\s\S]*?<\/script>/,
    '',
  );
}

/**
 * The Allure report, its results grouped by resource (feature) and endpoint (story) first. Generated in
 * a process of its own while this one writes the other pages (a few CPU-seconds each, on two cores).
 */
async function generateAllure(label: (resultsDir: string) => number, historyPath: string): Promise<boolean> {
  const results = join(outDir, 'allure-results');
  if (!existsSync(results)) return false;
  try {
    label(results);
    const generated = await runCommandAsync(
      'npx',
      ['allure', 'generate', results, '--output', join(outDir, 'allure')],
      { env: { ALLURE_HISTORY_PATH: historyPath } },
    );
    if (generated.status !== 0)
      throw new Error(
        `allure generate exited with ${generated.status ?? generated.signal}: ${generated.stderr.trim().slice(-600)}`,
      );
    const index = join(outDir, 'allure', 'index.html');
    if (!existsSync(index)) return false;
    writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
    return true;
  } catch (error) {
    console.error(`allure report not generated: ${(error as Error).message.split('\n')[0]}`);
    return false;
  }
}

/** Allure's history (allurerc.mjs historyPath): beside the target's memory, which CI keeps between nights, else in the reports folder (not a run's). */
function allureHistoryPath(memory: string | undefined): string {
  return memory
    ? join(dirname(memory), `${basename(memory, '.json')}.allure-history.jsonl`)
    : join(isRunFolder(outDir) ? homeOf(outDir) : (folder.home ?? outDir), 'allure-history.jsonl');
}

/** What a replay line passes to reach this run's target: the profile, and its base URL unless secret or the mock's own. */
function replayTarget(profile: { baseURL: string }, loaded: ProfileInput | undefined): ReplayTarget {
  const isMock = loaded ? loaded.isMock : run.target === 'mock';
  const shown =
    profile.baseURL !== 'unknown' && profile.baseURL !== shownBaseURL({ baseURL: '', secretBaseURL: true });
  return { profile: run.target, ...(!isMock && shown ? { baseURL: profile.baseURL } : {}) };
}

async function main(): Promise<void> {
  const resultsPath = join(outDir, 'results.json');
  if (!existsSync(resultsPath)) {
    console.error(`no results at ${resultsPath}: run the suite first (npm run conformance)`);
    process.exit(1);
  }
  const loaded = profileHere();
  // Judged once: by scripts/verdict.ts when it ran first (conformance.sh), else here, without touching the memory.
  const judged = judgeRun(
    resultsPath,
    outDir,
    runBaselineTarget(),
    false,
    readVerdictFile(outDir, resultsPath),
  );
  const { tests, stats, metadata } = judged;
  const spec = loadSpec();
  const profile = metadata.target
    ? { name: metadata.target, baseURL: metadata.baseURL ?? 'unknown' }
    : targetShown(loaded);
  const requirements = loadRequirements();
  const numbers = judged.verdict.numbers;
  const errors = judged.verdict.errorsOutsideTests ?? [];
  // The run's numbers (lib/report/verdict/numbers.ts) in JUnit and Allure too: not run, each failure once.
  if (numbers) alignJunit(join(outDir, 'junit.xml'), tests, errors, numbers);
  const allureGenerated = generateAllure((dir) => {
    alignAllureResults(dir, tests, Date.parse(stats.startTime) || Date.now());
    return labelAllureResults(dir, tests, requirements, spec.operations);
  }, allureHistoryPath(judged.comparison.memory));
  const trace = buildTraceability(
    requirements,
    tests,
    spec.operations.map((op) => op.operationId),
  );
  const heading = `target ${profile.name} (${profile.baseURL}) · ${new Date(stats.startTime).toISOString()}`;
  const realResponses = summariseRealResponses(spec);
  writeFileSync(join(outDir, 'traceability.json'), JSON.stringify({ ...trace, realResponses }, null, 2));
  writeFileSync(
    join(outDir, 'traceability.html'),
    renderTraceability(trace, heading, renderRealResponses(realResponses)),
  );
  writeSpecDocs(outDir);
  const branches = readBranches(outDir);
  if (branches) writeFileSync(join(outDir, BRANCHES_PAGE), renderBranchesPage(branches, heading));
  const inputs = readInputs(outDir);
  if (inputs) writeFileSync(join(outDir, INPUTS_PAGE), renderInputsPage(inputs, heading));
  const allure = await allureGenerated;
  const links = [
    {
      href: 'html/index.html',
      label: 'Playwright report',
      what: 'every test with its steps and the redacted request/response evidence',
    },
    ...(allure
      ? [
          {
            href: 'allure/index.html',
            label: 'Allure report',
            what: 'results by resource and operation, severity, requirement links',
          },
        ]
      : []),
    {
      href: 'traceability.html',
      label: 'Traceability matrix',
      what: 'every requirement of the reference with the tests that verify it and their outcome',
    },
    {
      href: 'spec/index.html',
      label: 'The spec',
      what: 'the OpenAPI description this run was judged against',
    },
    ...(existsSync(join(outDir, 'drift.html'))
      ? [
          {
            href: 'drift.html',
            label: 'Drift',
            what: 'where the mock and the target answer the same calls differently (npm run drift)',
          },
        ]
      : []),
    ...(branches
      ? [
          {
            href: BRANCHES_PAGE,
            label: 'Answer branches',
            what: 'every branch of every answer the spec describes: judged, seen, or not seen',
          },
        ]
      : []),
    ...(inputs
      ? [
          {
            href: INPUTS_PAGE,
            label: 'Input classes',
            what: 'every class of every parameter the spec describes: sent and judged, sent, or not sent',
          },
        ]
      : []),
    {
      href: 'discovery.json',
      label: 'Discovery',
      what: 'the test data found on the target, and by which read',
    },
    { href: 'junit.xml', label: 'JUnit XML', what: 'results for CI systems' },
    ...runsLinks(judged.verdict.interrupted === true),
    { href: 'results.json', label: 'Playwright JSON', what: 'machine-readable results' },
  ];
  const index = renderIndex({
    target: profile.name,
    baseURL: profile.baseURL,
    profile: run.target,
    specVersion: spec.doc.info.version,
    commit: commit(),
    rateLimit: metadata.rateLimit,
    stats,
    tests,
    replay: replayTarget(profile, loaded),
    trace,
    links,
    verdict: judged.verdict,
    discovery: discoveryShown(loaded),
    coverageDrop: coverageDropSection(judged.comparison),
    trend: judged.comparison.trend,
    answers: answersSection(readAnswers(outDir)),
    branches: branchesSection(branches, judged.comparison.branchDrop),
    inputs: inputsSection(inputs),
  });
  writeFileSync(join(outDir, 'index.html'), index);
  if (folder.home) linkLatest(folder.home);
  // Under conformance.sh the run's folder is not the report yet: it names the report once published.
  if (process.env[STAGED_ENV] !== outDir)
    console.log(`reports: ${join(folder.home ?? outDir, 'index.html')}`);
}

/**
 * The other runs of the reports folder (lib/process/run-folder.ts): a complete run's page is read as
 * $REPORTS_DIR/index.html, an interrupted one's in its own folder, $REPORTS_DIR/runs/<id>/.
 */
function runsLinks(interrupted: boolean): { href: string; label: string; what: string }[] {
  if (!isRunFolder(outDir)) return [];
  const kept = {
    label: 'Runs kept',
    what: 'the last complete run, the one before it, interrupted runs kept beside them',
  };
  if (!interrupted) return [{ href: 'runs/index.html', ...kept }];
  return [
    { href: '../../index.html', label: 'The report', what: 'the last complete run of this reports folder' },
    { href: '../index.html', ...kept },
  ];
}

await main();
