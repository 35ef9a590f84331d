import { expect, test } from '@playwright/test';
import type { Requirement } from '../../lib/catalog/requirements.ts';
import { judgementsOf } from '../../lib/judge/assertions.ts';
import { requirementOfMessage } from '../../lib/judge/judgement.ts';
import { judgedStatus, tallyJudgements } from '../../lib/judge/status.ts';
import { buildTraceability } from '../../lib/report/traceability.ts';
import { testRecord } from './test-record.ts';

const requirement = (id: string): Requirement => ({
  id,
  text: id,
  source: '',
  kind: 'rule',
  basis: 'documented',
  operations: ['searchSiteItems'],
  area: 'catalog',
});

test.describe('judgements: verified means judged (issue 32)', () => {
  test('an assertion naming a requirement judges it on its instance: held when it passed, broken when it failed', () => {
    const judged = judgementsOf(
      [],
      [
        { title: 'SEARCH-LIMIT: 3 results of limit=10' },
        { title: 'SEARCH-LIMIT: 3 results of limit=10' },
        { title: 'SEARCH-LIMIT: 12 results of limit=10', error: 'Expected: <= 10' },
        { title: 'no id here' },
      ],
      ['SEARCH-LIMIT', 'SEARCH-SITE'],
    );
    expect(judged).toEqual([
      { requirement: 'SEARCH-LIMIT', outcome: 'held', instance: '3 results of limit=10', count: 2 },
      expect.objectContaining({ requirement: 'SEARCH-LIMIT', outcome: 'broken', reason: 'Expected: <= 10' }),
    ]);
  });

  test('a test citing one requirement judges it with its unnamed assertions; citing several, it judges none of them', () => {
    const unnamed = [{ title: 'Expect "toBe"' }];
    expect(judgementsOf([], unnamed, ['ORD-ERR-ORDER-NOT-FOUND'])).toEqual([
      expect.objectContaining({ requirement: 'ORD-ERR-ORDER-NOT-FOUND', outcome: 'held' }),
    ]);
    expect(judgementsOf([], unnamed, ['SEARCH-LIMIT', 'SEARCH-SITE'])).toEqual([]);
    expect(judgementsOf([], [], ['SEARCH-LIMIT'])).toEqual([]);
    const notJudged = {
      requirement: 'SEARCH-LIMIT',
      outcome: 'not judged' as const,
      instance: 'x',
      reason: 'y',
      count: 2,
    };
    expect(judgementsOf([notJudged], [], ['SEARCH-LIMIT'])).toEqual([notJudged]);
  });

  test('reads the requirement id a message starts with, and nothing from a message that names none', () => {
    expect(requirementOfMessage('CAT-PATH-EXTENDS: MLA1051 → MLA1055')).toEqual({
      id: 'CAT-PATH-EXTENDS',
      rest: 'MLA1051 → MLA1055',
    });
    expect(requirementOfMessage('GEN-ERROR-SHAPE')).toEqual({ id: 'GEN-ERROR-SHAPE', rest: '' });
    expect(requirementOfMessage('the body parses')).toBeUndefined();
    expect(requirementOfMessage('HTTP 200 answered')).toBeUndefined();
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
    expect(row('SEARCH-LIMIT')?.status).toBe('verified');
    expect(row('SEARCH-LIMIT')?.judged.summary).toContain('held on 1 instance');
    expect(row('SEARCH-LOCATION-RANGE')?.status).toBe('not judged');
    expect(row('SEARCH-LOCATION-RANGE')?.why.join(' ')).toContain(
      'leaves location and seller_address out (4 instances)',
    );
    expect(row('CAT-PATH-EXTENDS')?.status).toBe('not judged');
    expect(trace.summary.requirements.verified).toBe(1);
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
    expect(judgedStatus(retried, tallyJudgements(retried).get('MSG-CREATE-VISIBLE'))).toBe('verified');
    const failed = [testRecord({ outcome: 'failed', requirements: [], judgements: [broken, held] })];
    expect(judgedStatus([], tallyJudgements(failed).get('MSG-CREATE-VISIBLE'))).toBe('failed');
  });
});
