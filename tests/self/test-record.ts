import type { TestRecord } from '../../lib/report/verdict/results.ts';

/** A test of a run as the verdict and the reports read it, for their rules without a nested run. */
export function testRecord(overrides: Partial<TestRecord>): TestRecord {
  return {
    title: 'GET /orders/{order_id} › answers an order',
    file: 'tests/contract/orders.spec.ts',
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
