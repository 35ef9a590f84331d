import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { bundledDocument, declaredRelations } from '../lib/rules/relation-data.ts';
import {
  type BenchTarget,
  benchTargets,
  inLanes,
  runSuiteOn,
  seedsOf,
  targetReportsDir,
  withStartedTarget,
} from './target-runs.ts';

// Every declared relation, judged on the targets a staging team's run meets (issue 46): the embedded
// mock and the alternate mock at seeds 0–9, each started apart and run as a foreign target with the
// seller and the buyer only, read-only. Per relation requirement: instances held, broken and not judged
// per target. Writes bench/relations.md and exits 1 when a relation broke on any of these faithful targets.

interface Row {
  id: string;
  status: string;
  judged: { held: number; broken: number; notJudged: number };
}

interface TargetRun {
  name: string;
  status: number | null;
  rows: Map<string, Row>;
}

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '0-9' }, parallel: { type: 'string', default: '2' } },
});
const targets = benchTargets(seedsOf(values.seeds));

const relationIds = declaredRelations(bundledDocument()).map((d) => d.relation.requirement);
const requirementIds = [...new Set(relationIds)].sort();

function runOn(target: BenchTarget): Promise<TargetRun> {
  const dir = targetReportsDir('relations', target);
  return withStartedTarget('relations', target, async (server) => {
    const status = await runSuiteOn(server, dir);
    const trace = JSON.parse(readFileSync(join(dir, 'latest', 'traceability.json'), 'utf8')) as {
      rows: Row[];
    };
    console.log(`${target.name}: exit ${status}`);
    return { name: target.name, status, rows: new Map(trace.rows.map((row) => [row.id, row])) };
  });
}

function cell(row: Row | undefined): string {
  if (!row) return '–';
  const { held, broken, notJudged } = row.judged;
  if (broken > 0) return `**${broken} broken** / ${held}`;
  return held > 0 ? String(held) : `0 (${notJudged} not judged)`;
}

const runs = await inLanes(targets, Number(values.parallel), runOn);
const header = `| requirement | ${runs.map((r) => r.name).join(' | ')} |`;
const rule = `|---|${runs.map(() => '---').join('|')}|`;
const rows = requirementIds.map((id) => `| ${id} | ${runs.map((r) => cell(r.rows.get(id))).join(' | ')} |`);
const broken = runs.flatMap((r) =>
  [...r.rows.values()].filter((row) => relationIds.includes(row.id) && row.judged.broken > 0),
);
const everJudged = requirementIds.filter((id) => runs.some((r) => (r.rows.get(id)?.judged.held ?? 0) > 0));
const summary =
  `Measured ${new Date().toISOString()} by \`npx tsx bench/relations.ts --seeds ${values.seeds}\`: seller and buyer only, ` +
  `read-only, each target started apart. Instances held per relation requirement (${requirementIds.length}); ` +
  `${everJudged.length} held on at least one target, ${broken.length} broken on any. Exit codes: ` +
  runs.map((r) => `${r.name} ${r.status}`).join(', ');
const text = `# Relations judged per target\n\n${summary}.\n\n${header}\n${rule}\n${rows.join('\n')}\n`;
writeFileSync(join(projectRoot, 'bench', 'relations.md'), text);
console.log(summary);
process.exit(broken.length > 0 || runs.some((r) => r.status !== 0) ? 1 : 0);
