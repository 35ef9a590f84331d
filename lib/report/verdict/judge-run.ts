import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselinePath, type KnownDeviation, readBaseline } from '../../checks/baseline.ts';
import type { TargetProfile } from '../../profile/types.ts';
import { classify, type Verdict } from './classify.ts';
import { compareWithMemory, type MemoryComparison } from './memory.ts';
import { type RunMetadata, type RunStats, readResults, type TestRecord } from './results.ts';

type JudgedTarget = Pick<TargetProfile, 'name' | 'baseline' | 'memory'>;

/** A run judged once: its tests, the verdict against the baseline, the comparison with the memory. */
interface RunJudgement {
  tests: TestRecord[];
  stats: RunStats;
  metadata: RunMetadata;
  baselineFile: string | undefined;
  baseline: KnownDeviation[];
  verdict: Verdict;
  comparison: MemoryComparison;
}

/**
 * Judges the run whose Playwright JSON report is `results`: the verdict (the counts, the deviations new,
 * known, reported and gone; each error outside the tests a failure of the run) and the coverage drop.
 * The one place these are computed: scripts/verdict.ts writes them to verdict.json, the index page reads them.
 */
export function judgeRun(
  results: string,
  reportsDir: string,
  target: JudgedTarget,
  recording = false,
  written?: Pick<RunJudgement, 'verdict' | 'comparison'>,
): RunJudgement {
  const { tests, stats, metadata, errors } = readResults(results);
  const baselineFile = baselinePath(target);
  const baseline = readBaseline(baselineFile);
  if (written) return { tests, stats, metadata, baselineFile, baseline, ...written };
  const classified = classify(tests, baseline, recording);
  const verdict: Verdict =
    errors.length === 0
      ? classified
      : {
          ...classified,
          passed: false,
          errorsOutsideTests: errors,
          counts: { ...classified.counts, failed: classified.counts.failed + errors.length },
        };
  const comparison = compareWithMemory(target, reportsDir, tests);
  return { tests, stats, metadata, baselineFile, baseline, verdict, comparison };
}

/** What verdict.json holds: the verdict and the comparison with the memory read before it was rewritten. */
type VerdictFile = Verdict & {
  coverageDrop: MemoryComparison['coverageDrop'];
  remembered: MemoryComparison['rechecks'];
  memory?: string;
  lastRun?: string;
};

export function writeVerdictFile(
  reportsDir: string,
  judged: Pick<RunJudgement, 'verdict' | 'comparison'>,
): void {
  const { coverageDrop, rechecks, memory, lastRun } = judged.comparison;
  const file: VerdictFile = { ...judged.verdict, coverageDrop, remembered: rechecks, memory, lastRun };
  writeFileSync(join(reportsDir, 'verdict.json'), JSON.stringify(file, null, 2));
}

/** The verdict of this run's report as scripts/verdict.ts wrote it; undefined when absent or older than the report. */
export function readVerdictFile(
  reportsDir: string,
  results: string,
): { verdict: Verdict; comparison: MemoryComparison } | undefined {
  const path = join(reportsDir, 'verdict.json');
  if (!existsSync(path) || statSync(path).mtimeMs < statSync(results).mtimeMs) return undefined;
  const { coverageDrop, remembered, memory, lastRun, ...verdict } = JSON.parse(
    readFileSync(path, 'utf8'),
  ) as VerdictFile;
  return { verdict, comparison: { coverageDrop, rechecks: remembered, memory, lastRun } };
}
