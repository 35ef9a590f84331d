import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { runCommandAsync } from '../../../lib/process/launch.ts';
import { readResults } from '../../../lib/report/verdict/results.ts';

interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
  output: string;
}

/** Runs spec files of the suite against a base URL in a child process (the event loop here keeps serving). */
export async function runSuiteAgainst(baseURL: string, files: string[], port: number): Promise<SuiteCounts> {
  const reports = mkdtempSync(join(tmpdir(), 'traffic-suite-'));
  const env = {
    BASE_URL: baseURL,
    TARGET: 'mock',
    REPORTS_DIR: reports,
    MOCK_PORT: String(port),
    LEAN_REPORTS: '1',
    MOCK_BASE_URL: undefined,
  };
  // The 25 MB uploads time out under load on both sides alike and add nothing the proxy's byte check lacks.
  const args = ['playwright', 'test', ...files, '--project', 'contract', '--workers', '2'];
  const run = await runCommandAsync('npx', [...args, '--grep-invert', 'accepts (exactly )?2[56],'], { env });
  const output = `${run.stdout}${run.stderr}`;
  try {
    const { tests } = readResults(join(reports, 'results.json'));
    const count = (outcome: string) => tests.filter((t) => t.outcome === outcome).length;
    return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), output };
  } catch (error) {
    return { passed: 0, failed: -1, skipped: 0, output: `${output}\n${(error as Error).message}` };
  }
}

/** An answer as the client's socket received it: status, headers and the bytes, not decompressed. */
export async function rawAnswer(url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const { date: _date, ...rest } = res.headers;
  return { status: res.statusCode, headers: rest, bytes: bytes.toString('base64') };
}
