import { expect as playwrightExpect, test } from '@playwright/test';
import type { Requirement } from '../../lib/catalog/requirements.ts';
import { beginJudgements, endJudgements, requirementOfMessage } from '../../lib/judge/judgement.ts';
import { judgingExpect } from '../../lib/judge/judging-expect.ts';
import { judgedStatus, tallyJudgements } from '../../lib/judge/status.ts';
import { buildTraceability } from '../../lib/report/traceability.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';

const expect = judgingExpect(playwrightExpect);

const requirement = (id: string): Requirement => ({
  id,
  text: id,
  source: '',
  kind: 'rule',
  basis: 'documented',
  operations: ['searchSiteItems'],
  area: 'catalog',
});

function testRecord(overrides: Partial<TestRecord>): TestRecord {
  return {
    title: 'a test',
    file: 'x.spec.ts',
    project: 'contract',
    tags: [],
    requirements: [],
    outcome: 'passed',
    durationMs: 1,
    findings: [],
    judgements: [],
    ...overrides,
  };
}

test.describe('judgements: verified means judged (issue 32)', () => {
  test('an assertion naming a requirement judges it on its instance: held when it passes, broken when it fails', () => {
    beginJudgements();
    expect(3, 'SEARCH-LIMIT: 3 results of limit=10').toBeLessThanOrEqual(10);
    expect(3, 'SEARCH-LIMIT: 3 results of limit=10').not.toBeGreaterThan(10);
    playwrightExpect(() =>
      expect(12, 'SEARCH-LIMIT: 12 results of limit=10').toBeLessThanOrEqual(10),
    ).toThrow();
    expect(1, 'no id here').toBe(1);
    const judged = endJudgements(['SEARCH-LIMIT', 'SEARCH-SITE']);
    playwrightExpect(judged).toEqual([
      { requirement: 'SEARCH-LIMIT', outcome: 'held', instance: '3 results of limit=10', count: 2 },
      expect.objectContaining({
        requirement: 'SEARCH-LIMIT',
        outcome: 'broken',
        instance: '12 results of limit=10',
      }),
    ]);
  });

  test('a test citing one requirement judges it with its unnamed assertions; citing several, it judges none of them', () => {
    beginJudgements();
    expect(1).toBe(1);
    playwrightExpect(endJudgements(['ORD-ERR-ORDER-NOT-FOUND'])).toEqual([
      expect.objectContaining({ requirement: 'ORD-ERR-ORDER-NOT-FOUND', outcome: 'held' }),
    ]);
    beginJudgements();
    expect(1).toBe(1);
    playwrightExpect(endJudgements(['SEARCH-LIMIT', 'SEARCH-SITE'])).toEqual([]);
    beginJudgements();
    playwrightExpect(endJudgements(['SEARCH-LIMIT'])).toEqual([]);
  });

  test('reads the requirement id a message starts with, and nothing from a message that names none', () => {
    playwrightExpect(requirementOfMessage('CAT-PATH-EXTENDS: MLA1051 → MLA1055')).toEqual({
      id: 'CAT-PATH-EXTENDS',
      rest: 'MLA1051 → MLA1055',
    });
    playwrightExpect(requirementOfMessage('GEN-ERROR-SHAPE')).toEqual({ id: 'GEN-ERROR-SHAPE', rest: '' });
    playwrightExpect(requirementOfMessage('the body parses')).toBeUndefined();
    playwrightExpect(requirementOfMessage('HTTP 200 answered')).toBeUndefined();
  });

  test('a requirement judged on no instance is never verified: a passing test citing it leaves it "not judged", with the reason', () => {
    const tests = [
      testRecord({
        requirements: ['SEARCH-LOCATION-RANGE', 'SEARCH-LIMIT'],
        judgements: [
          { requirement: 'SEARCH-LIMIT', outcome: 'held', instance: '3 results', count: 1 },
          {
            requirement: 'SEARCH-LOCATION-RANGE',
            outcome: 'not judged',
            instance: 'result MLA1',
            reason: 'the result leaves location and seller_address out',
            count: 4,
          },
        ],
      }),
      testRecord({ title: 'cites, judges nothing', requirements: ['CAT-PATH-EXTENDS'] }),
    ];
    const trace = buildTraceability(
      ['SEARCH-LOCATION-RANGE', 'SEARCH-LIMIT', 'CAT-PATH-EXTENDS'].map(requirement),
      tests,
      ['searchSiteItems'],
    );
    const row = (id: string) => trace.rows.find((r) => r.id === id);
    playwrightExpect(row('SEARCH-LIMIT')?.status).toBe('verified');
    playwrightExpect(row('SEARCH-LIMIT')?.judged.summary).toContain('held on 1 instance');
    playwrightExpect(row('SEARCH-LOCATION-RANGE')?.status).toBe('not judged');
    playwrightExpect(row('SEARCH-LOCATION-RANGE')?.why.join(' ')).toContain(
      'leaves location and seller_address out (4 instances)',
    );
    playwrightExpect(row('CAT-PATH-EXTENDS')?.status).toBe('not judged');
    playwrightExpect(trace.summary.requirements.verified).toBe(1);
  });

  test('a broken instance fails its requirement only in a test that failed (a retried read that held passes)', () => {
    const broken = {
      requirement: 'MSG-CREATE-VISIBLE',
      outcome: 'broken' as const,
      instance: 'm1',
      count: 1,
    };
    const held = { requirement: 'MSG-CREATE-VISIBLE', outcome: 'held' as const, instance: 'm1', count: 1 };
    const retried = [testRecord({ requirements: ['MSG-CREATE-VISIBLE'], judgements: [broken, held] })];
    playwrightExpect(judgedStatus(retried, tallyJudgements(retried).get('MSG-CREATE-VISIBLE'))).toBe(
      'verified',
    );
    const failed = [testRecord({ outcome: 'failed', requirements: [], judgements: [broken, held] })];
    playwrightExpect(judgedStatus([], tallyJudgements(failed).get('MSG-CREATE-VISIBLE'))).toBe('failed');
  });
});
