import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';

/** `npm run trace -- <id>` with the given reports folder (an empty one: no run on record). */
function trace(id: string, reports = mkdtempSync(join(tmpdir(), 'trace-reports-'))) {
  const run = runCommand(process.execPath, ['--import', 'tsx', 'scripts/trace.ts', id], {
    env: { REPORTS_DIR: reports, BASE_URL: '' },
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** The lines of one section of the trace (`name:` then indented lines). */
function section(out: string, name: string): string[] {
  const lines = out.split('\n');
  const start = lines.indexOf(`${name}:`);
  expect(start, `the trace has a "${name}" section`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith('  '));
  return (end < 0 ? rest : rest.slice(0, end)).map((line) => line.trim());
}

test.describe('npm run trace', () => {
  // A trace reads the catalog, the bundled spec and the sources: seconds, longer on a shared machine.
  test.describe.configure({ timeout: 60_000 });

  test('traces a requirement to its quote, spec node, mock code, oracle, tests, fault and latest run', () => {
    const reports = mkdtempSync(join(tmpdir(), 'trace-reports-'));
    const row = { id: 'ORD-SEARCH-TAGS-NOT', status: 'verified', why: [], tests: [] };
    writeFileSync(join(reports, 'traceability.json'), JSON.stringify({ summary: {}, rows: [row] }));
    const { status, out } = trace('ORD-SEARCH-TAGS-NOT', reports);
    expect(status, out).toBe(0);
    expect(out.split('\n')[0]).toBe('ORD-SEARCH-TAGS-NOT (orders, rule, documented)');
    expect(section(out, 'quote')).toEqual([
      '"| tags, tags.not | Comma-separated tags to include / exclude |"',
      expect.stringMatching(/^spec\/reference\/marketplace-api\.md:\d+$/),
    ]);
    expect(section(out, 'spec')).toContain('#/paths/~1orders~1search/get (x-requirements)');
    expect(section(out, 'mock')).toEqual([expect.stringMatching(/^mock\/store\/orders-search\.ts:\d+: /)]);
    expect(section(out, 'engine')).toContainEqual(
      expect.stringMatching(/^lib\/rules\/order-search-rules\.ts:\d+: .*ORD-SEARCH-TAGS-NOT/),
    );
    expect(section(out, 'tests')).toContainEqual(
      expect.stringMatching(/^tests\/contract\/order-search\.spec\.ts:\d+ .*applies tags and tags\.not$/),
    );
    expect(section(out, 'faults')).toEqual([
      expect.stringMatching(/^order-tags-not-ignored \(mock\/faults\/behaviour\.ts:\d+\): /),
      expect.stringMatching(/^tags-not-ignored-and-tags-left-out \(mock\/faults\/evasion\.ts:\d+\): /),
    ]);
    expect(section(out, 'latest outcome')).toEqual([
      expect.stringMatching(new RegExp(`^from ${reports}/traceability\\.json \\(`)),
      'verified',
    ]);
  });

  test('lists every place that judges a rule, drift and traffic included (issue 32)', () => {
    const { status, out } = trace('MSG-CREATE-ERR-SELLER-LENGTH');
    expect(status, out).toBe(0);
    expect(section(out, 'rules')).toContainEqual(
      expect.stringMatching(
        /^lib\/rules\/error-rows\.ts:\d+ ERROR_ROWS \(judges .*MSG-CREATE-ERR-SELLER-LENGTH/,
      ),
    );
    expect(section(out, 'drift')).toContainEqual(expect.stringMatching(/^scripts\/drift\/writes\.ts:\d+: /));
    expect(section(out, 'traffic')).toContainEqual(
      expect.stringMatching(
        /^scripts\/traffic\/request-rules\.ts:\d+: registryOutcomes, with the rules above/,
      ),
    );
    expect(section(out, 'tests')).toContainEqual(
      expect.stringMatching(/^tests\/contract\/message-create\.spec\.ts:\d+ /),
    );
  });

  test('says which parts a requirement lacks', () => {
    // A gap no described operation can show: no quote, spec node, mock code, oracle, test, fault or run.
    const { status, out } = trace('ORD-STATUS-TRANSITIONS');
    expect(status, out).toBe(0);
    expect(section(out, 'text')).toContainEqual(expect.stringMatching(/^untestable: /));
    expect(section(out, 'quote')).toEqual(['none (a gap: the reference leaves it open)']);
    expect(section(out, 'spec')).toEqual(['no spec node cites it']);
    expect(section(out, 'mock')).toEqual(['no mock code names it']);
    expect(section(out, 'rules')).toEqual(['no rule of the registry judges it']);
    expect(section(out, 'engine')).toEqual(['no engine code names it']);
    expect(section(out, 'drift')).toEqual(['drift does not judge it']);
    expect(section(out, 'traffic')).toEqual(['traffic does not judge it']);
    expect(section(out, 'tests')).toEqual(['no test verifies it']);
    expect(section(out, 'faults')).toEqual(['no planted fault breaks it']);
    expect(section(out, 'latest outcome')).toEqual(['no run on record']);
  });

  test('refuses an unknown id in one line, exit code 2, with the near ids', () => {
    const { status, out, err } = trace('ORD-SEARCH-TAG-NOT');
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^trace: unknown requirement ORD-SEARCH-TAG-NOT; did you mean .*ORD-SEARCH-TAGS-NOT/,
      ),
    ]);
  });
});
