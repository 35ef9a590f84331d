import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../fixtures/conformance/spec.ts';
import { FAULTS } from '../mock/faults/catalog.ts';
import { freePort } from './free-port.ts';
import { esc, page } from './reports/html.ts';
import { readResults } from './reports/results.ts';

export interface FaultOutcome {
  fault: string;
  requirement: string;
  description: string;
  killed: boolean;
  /** Tests that failed against the faulty mock (the first ones; the run stops at the first failure). */
  killedBy: string[];
  seconds: number;
}

const PROJECTS = ['--project', 'contract', '--project', 'properties'];

interface SuiteRun {
  failed: string[];
  passed: number;
  seconds: number;
  status: number;
}

/** Runs the suite against the mock with the given faults planted (none: the faithful mock). */
async function runSuite(faults: string[], stopAtFirstFailure: boolean): Promise<SuiteRun> {
  return runSuiteOn(faults, await freePort(), stopAtFirstFailure);
}

function runSuiteOn(faults: string[], port: number, stopAtFirstFailure: boolean): Promise<SuiteRun> {
  const reports = mkdtempSync(join(tmpdir(), 'mutation-'));
  const args = ['playwright', 'test', ...PROJECTS, '--reporter=json'];
  if (stopAtFirstFailure) args.push('--max-failures=1');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: '1',
    MOCK_PORT: String(port),
    MOCK_FAULTS: faults.join(','),
    REPORTS_DIR: reports,
    WORKERS: process.env.MUTATION_WORKERS ?? '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'results.json'),
  };
  delete env.BASE_URL;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: projectRoot, env, stdio: 'ignore' });
    child.on('exit', (code) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      try {
        const { tests } = readResults(join(reports, 'results.json'));
        const failed = tests.filter((t) => t.outcome === 'failed').map((t) => t.title);
        resolve({
          failed,
          passed: tests.filter((t) => t.outcome === 'passed').length,
          seconds,
          status: code ?? 1,
        });
      } catch (error) {
        reject(
          new Error(
            `the suite did not run against ${faults.join(',') || 'the faithful mock'} on port ${port}: ${(error as Error).message}`,
          ),
        );
      }
    });
  });
}

async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

function render(outcomes: FaultOutcome[], faithful: { failed: string[]; passed: number }): string {
  const killed = outcomes.filter((o) => o.killed).length;
  const rows = outcomes
    .map(
      (o) =>
        `<tr class="${o.killed ? 'pass' : 'fail'}"><td><code>${esc(o.fault)}</code></td><td><a href="../traceability.html#${esc(o.requirement)}"><code>${esc(o.requirement)}</code></a></td><td>${esc(o.description)}</td><td class="${o.killed ? 'verified' : 'failed'}">${o.killed ? 'killed' : 'SURVIVED'}</td><td>${o.killedBy.map((t) => esc(t)).join('<br>')}</td><td>${o.seconds}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>Mutation report</h1>
<p class="muted">Faithful mock: ${faithful.passed} passed, ${faithful.failed.length} failed. Faults killed: ${killed} / ${outcomes.length} (${outcomes.length ? Math.round((killed / outcomes.length) * 100) : 0}%).</p>
<table><thead><tr><th>Fault</th><th>Requirement</th><th>What it breaks</th><th>Outcome</th><th>Killed by</th><th>s</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Mutation report', body);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      faults: { type: 'string' },
      parallel: { type: 'string', default: '2' },
      out: { type: 'string' },
    },
  });
  const wanted = values.faults ? values.faults.split(',') : FAULTS.map((f) => f.name);
  const unknown = wanted.filter((name) => !FAULTS.some((f) => f.name === name));
  if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')}`);
  const outDir = values.out ?? join(projectRoot, 'reports', 'mutation');
  mkdirSync(outDir, { recursive: true });

  const faithful = await runSuite([], false);
  console.log(
    `faithful mock: ${faithful.passed} passed, ${faithful.failed.length} failed (${faithful.seconds} s)`,
  );
  const faults = FAULTS.filter((f) => wanted.includes(f.name));
  const outcomes = await inParallel(faults, Number(values.parallel), async (fault) => {
    const run = await runSuite([fault.name], true);
    const outcome: FaultOutcome = {
      fault: fault.name,
      requirement: fault.requirement,
      description: fault.description,
      killed: run.failed.length > 0,
      killedBy: run.failed.slice(0, 3),
      seconds: run.seconds,
    };
    console.log(
      `${outcome.killed ? 'killed  ' : 'SURVIVED'} ${fault.name} (${run.seconds} s)${outcome.killed ? ` by ${outcome.killedBy[0]}` : ''}`,
    );
    return outcome;
  });
  writeFileSync(join(outDir, 'mutation.json'), JSON.stringify({ faithful, outcomes }, null, 2));
  writeFileSync(join(outDir, 'index.html'), render(outcomes, faithful));
  const survivors = outcomes.filter((o) => !o.killed);
  console.log(
    `${outcomes.length - survivors.length} killed, ${survivors.length} survived; faithful ${faithful.failed.length} failed. Report: ${join(outDir, 'index.html')}`,
  );
  if (survivors.length > 0 || faithful.failed.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
