/**
 * Where the mock's time goes: runs it under V8's CPU profiler while autocannon loads the order read and
 * the order search, then writes the self time by module and by function to bench/profile.md.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../lib/checks/spec.ts';
import { startMock } from '../lib/process/launch.ts';
import { loadMockProfile } from '../lib/profile/load.ts';
import { load } from './load.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PORT = 4495;
const profile = loadMockProfile();
const headers = { authorization: `Bearer ${profile.users.seller.token}` };

function where(frame: ProfileNode['callFrame']): { module: string; fn: string } {
  const url = frame.url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const module =
    inModules ??
    (url.startsWith(projectRoot)
      ? url.slice(projectRoot.length + 1).split('/')[0]!
      : url
        ? 'node internals'
        : frame.functionName);
  const file = url.startsWith(projectRoot)
    ? url.slice(projectRoot.length + 1)
    : url.replace(/.*node_modules\//, '');
  return {
    module,
    fn: `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`,
  };
}

function selfTimes(cpu: CpuProfile) {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  cpu.samples.forEach((id, i) => {
    const delta = cpu.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    total += delta;
    const { module, fn } = where(node.callFrame);
    modules.set(module, (modules.get(module) ?? 0) + delta);
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, t]) => `| ${name} | ${((100 * t) / total).toFixed(1)}% |`);
  return { modules: top(modules, 12), functions: top(functions, 15) };
}

const dir = mkdtempSync(join(tmpdir(), 'mock-profile-'));
// The profile is written when the mock exits on the launcher's stop.
const mock = await startMock(PORT, [], { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
const url = mock.baseURL;
const read = await load({
  url: `${url}/orders/${profile.orders.byStatus.paid}`,
  connections: 10,
  seconds: 5,
  headers,
});
const search = await load({
  url: `${url}/orders/search?seller=${profile.users.seller.id}&order.status=paid,cancelled&sort=date_desc`,
  connections: 10,
  seconds: 5,
  headers,
});
mock.stop();
await mock.exited;
const file = readdirSync(dir)
  .map((name) => join(dir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
const times = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
const markdown = [
  '# Where the mock spends its time',
  '',
  `Measured ${new Date().toISOString()} by \`npm run profile\`: the mock under \`node --cpu-prof\` while autocannon (on the same 2 cores) loads the order read (${read.requestsPerSecond} req/s) then the order search (${search.requestsPerSecond} req/s), 5 s each.`,
  '',
  '## Self time by module',
  '',
  '| module | share |',
  '|---|---:|',
  ...times.modules,
  '',
  '## Self time by function',
  '',
  '| function | share |',
  '|---|---:|',
  ...times.functions,
  '',
];
writeFileSync(join(projectRoot, 'bench', 'profile.md'), markdown.join('\n'));
console.log(markdown.join('\n'));
