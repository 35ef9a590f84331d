import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { readBranches } from '../lib/run-judge/branches-file.ts';
import type { StartedServer } from '../scripts/soak/run.ts';
import { fails, figuresOf, type TargetFigures } from './branches-figures.ts';
import { consoleLineOf, reportOf } from './branches-report.ts';
import { heldBranchesOf, mockOptionsOf } from './held.ts';
import {
  type BenchTarget,
  benchTargets,
  inLanes,
  runSuiteOn,
  seedsOf,
  targetReportsDir,
  withStartedTarget,
} from './target-runs.ts';

// The answer branches the mock's data holds, seen and judged by a staging team's run (issue 47): per
// target (bench/target-runs.ts), the held branches (bench/held.ts: mock/held.ts's reads answered on an in-process twin),
// then the run's branches.json (this run's, or with --reuse the one bench/relations.ts left). Writes
// bench/branches.md; exits 1 when an alternate target judged less than 95% of the branches it holds.

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '0-9' },
    parallel: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
  },
});
const targets = benchTargets(seedsOf(values.seeds));
/** The run's branches: left by bench/relations.ts when --reuse finds them, else from a run now. */
async function runBranchesOf(target: BenchTarget, server: StartedServer) {
  const left = join(targetReportsDir('relations', target), 'latest');
  if (values.reuse && existsSync(join(left, 'branches.json')))
    return { status: null, source: 'bench/relations.ts', file: readBranches(left) };
  const dir = targetReportsDir('branches', target);
  const status = await runSuiteOn(server, dir);
  return { status, source: 'this run', file: readBranches(join(dir, 'latest')) };
}

function measure(target: BenchTarget): Promise<TargetFigures> {
  return withStartedTarget('branches', target, async (server) => {
    const held = await heldBranchesOf(mockOptionsOf(target.flags));
    const run = await runBranchesOf(target, server);
    const alternate = target.flags.includes('--alternate');
    const figures = figuresOf(
      { name: target.name, alternate, status: run.status, source: run.source, reads: held.reads },
      held.branches,
      run.file,
    );
    console.log(consoleLineOf(figures));
    return figures;
  });
}

const figures = await inLanes(targets, Number(values.parallel), measure);
const failed = figures.filter(fails);
const summary =
  `Measured ${new Date().toISOString()} by \`npx tsx bench/branches.ts --seeds ${values.seeds}` +
  `${values.reuse ? ' --reuse' : ''}\`: seller and buyer only, read-only, each target started apart. ` +
  'Held: the answer branches of every documented GET read the two users may make on the data ' +
  '(mock/held.ts, answered on an in-process twin: bench/held.ts). An alternate target fails below 95% of its held branches judged; ' +
  `the embedded mock's shortfall is listed. ${failed.length ? `Below 95%: ${failed.map((f) => f.name).join(', ')}.` : 'None below 95%.'}`;
writeFileSync(join(projectRoot, 'bench', 'branches.md'), reportOf(figures, summary));
console.log(summary);
process.exit(failed.length > 0 ? 1 : 0);
