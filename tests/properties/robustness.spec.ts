import fc from 'fast-check';
import { expectHot, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { OperationInfo, Spec } from '../../lib/checks/spec.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import {
  type MalformedCall,
  malformedReadCall,
  malformedWriteCall,
  rawUrlCall,
} from './arbitraries/operationCalls.ts';
import { sendRaw } from './arbitraries/rawCall.ts';
import { judgedViolations } from './support/documented.ts';

// Every operation of the spec, fed malformed input: a documented answer (4xx in the error shape where
// the input is certainly wrong), on the mock never an undocumented 5xx, never a hang (each request is bounded by
// the profile's timeoutMs, and a timeout fails the property). Writes send bodies no server can accept,
// and DELETE only ever names a hostile pack: nothing is created or deleted.

const RUNS_PER_OPERATION = 3;
const IDS = ['GEN-ERROR-SHAPE'];

interface Answer {
  label: string;
  status: number;
  violations: string[];
}

/** The property of one answer: it conforms, and certainly wrong input is refused with a 4xx. */
function expectRobust(malformed: MalformedCall, answer: Answer, onMock: boolean): void {
  const what = `${malformed.operationId} with ${malformed.mutation} as ${malformed.as}: ${answer.label} → ${answer.status}`;
  const judged = judgedViolations(answer.violations, onMock);
  expectHot(
    judged,
    `GEN-ERROR-SHAPE: ${what}${onMock ? ' (and no undocumented 5xx: the mock)' : ''}`,
  ).toEqual([]);
  if (malformed.mustReject) {
    expectHot(answer.status, `${what}: malformed input is refused`).toBeGreaterThanOrEqual(400);
    if (onMock) expectHot(answer.status, `${what}: malformed input is a client error`).toBeLessThan(500);
  }
}

async function sendThroughClient(api: ApiClient, malformed: MalformedCall): Promise<Answer> {
  return api.send(malformed.operationId, {
    as: malformed.as,
    path: malformed.path,
    query: malformed.query,
    headers: malformed.headers,
    raw: malformed.raw,
  });
}

function operationsBy(spec: Spec, write: boolean): OperationInfo[] {
  return spec.operations.filter((op) => (op.method !== 'get') === write);
}

/** Runs the property for each operation in turn, so the quick setting still reaches every one. */
async function forEachOperation(
  ops: OperationInfo[],
  check: (op: OperationInfo) => Promise<void>,
): Promise<void> {
  expectHot(ops.length, 'the spec has operations of this kind').toBeGreaterThan(0);
  for (const op of ops) await check(op);
}

test.describe('every operation, malformed input', () => {
  test(
    'should answer wrong, missing, extra and hostile parameters of every read with a documented status',
    verifies(IDS, '@readonly'),
    async ({ api, spec, target, property }) => {
      await forEachOperation(operationsBy(spec, false), (op) =>
        property(
          fc.asyncProperty(malformedReadCall(spec, op, target), async (malformed) => {
            expectRobust(malformed, await sendThroughClient(api, malformed), target.isMock);
          }),
          RUNS_PER_OPERATION,
        ),
      );
    },
  );

  test(
    'should answer duplicated parameters and odd percent-encodings of every read with a documented status',
    verifies(IDS, '@readonly'),
    async ({ spec, target, property }) => {
      await forEachOperation(operationsBy(spec, false), (op) =>
        property(
          fc.asyncProperty(rawUrlCall(spec, op, target), async (malformed) => {
            expectRobust(malformed, await sendRawCall(spec, target, malformed), target.isMock);
          }),
          RUNS_PER_OPERATION,
        ),
      );
    },
  );

  test(
    'should refuse broken bodies and wrong content types of every write with a documented 4xx',
    verifies(IDS, '@writes'),
    async ({ api, spec, target, property, writablePack }) => {
      // The malformed writes name pack 0 of each writable pool (arbitraries/operationCalls.ts): held for this test.
      writablePack('fiscal', 0);
      writablePack('messaging', 0);
      await forEachOperation(operationsBy(spec, true), (op) =>
        property(
          fc.asyncProperty(malformedWriteCall(spec, op, target), async (malformed) => {
            expectRobust(malformed, await sendThroughClient(api, malformed), target.isMock);
          }),
          RUNS_PER_OPERATION,
        ),
      );
    },
  );
});

function sendRawCall(spec: Spec, target: TargetProfile, malformed: MalformedCall): Promise<Answer> {
  if (!malformed.rawUrl) throw new Error(`${malformed.mutation}: not a raw call`);
  return sendRaw(spec, target, { ...malformed, rawUrl: malformed.rawUrl });
}
