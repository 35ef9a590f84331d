import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { runCommandAsync } from '../lib/process/launch.ts';
import { bundledDocument, declaredRelations } from '../lib/rules/relation-data.ts';
import { freePort } from '../scripts/free-port.ts';
import { profileOfShape, writeProfile } from '../scripts/soak/profiles.ts';
import { startServer } from '../scripts/soak/run.ts';

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
const [from, to] = values.seeds.split('-').map(Number) as [number, number];
const seeds = Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
const targets: Array<{ name: string; flags: string[] }> = [
  { name: 'mock', flags: [] },
  ...seeds.map((seed) => ({ name: `alt ${seed}`, flags: ['--alternate', '--seed', String(seed)] })),
];

const relationIds = declaredRelations(bundledDocument()).map((d) => d.relation.requirement);
const requirementIds = [...new Set(relationIds)].sort();

async function runOn(target: { name: string; flags: string[] }): Promise<TargetRun> {
  const dir = join(projectRoot, 'reports', 'relations', target.name.replace(' ', '-'));
  const server = await startServer(
    await freePort(),
    target.flags,
    join('/tmp', `relations-${target.name}.log`),
  );
  try {
    const profile = writeProfile(profileOfShape('two', server.baseURL));
    const run = await runCommandAsync('bash', ['scripts/conformance.sh'], {
      env: { CI: '1', TARGET: profile, BASE_URL: server.baseURL, REPORTS_DIR: dir, MOCK_BASE_URL: undefined },
      timeoutMs: 900_000,
    });
    const trace = JSON.parse(readFileSync(join(dir, 'latest', 'traceability.json'), 'utf8')) as {
      rows: Row[];
    };
    console.log(`${target.name}: exit ${run.status}`);
    return { name: target.name, status: run.status, rows: new Map(trace.rows.map((row) => [row.id, row])) };
  } finally {
    server.stop();
  }
}

async function runAll(): Promise<TargetRun[]> {
  const queue = [...targets];
  const done: TargetRun[] = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) done.push(await runOn(next));
  };
  await Promise.all(Array.from({ length: Number(values.parallel) }, lane));
  return targets.map((t) => done.find((d) => d.name === t.name)!);
}

function cell(row: Row | undefined): string {
  if (!row) return '–';
  const { held, broken, notJudged } = row.judged;
  if (broken > 0) return `**${broken} broken** / ${held}`;
  return held > 0 ? String(held) : `0 (${notJudged} not judged)`;
}

const runs = await runAll();
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
