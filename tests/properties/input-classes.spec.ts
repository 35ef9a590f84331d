import fc from 'fast-check';
import { expectHot, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { type ClassCase, casesOfRun, inputClassCases, swapCase } from './arbitraries/inputClasses.ts';
import type { MalformedCall } from './arbitraries/operationCalls.ts';
import { sendRaw } from './arbitraries/rawCall.ts';
import { judgedViolations } from './support/documented.ts';

// Each class of each parameter (issue 47 item 3: absent, listed and unknown values, the wrong type, a
// bound and one past it, an offset past the end, an id with leading zeros or in another letter case,
// percent-encoded, repeated, another user's id beside the seller's token), sent as the baseline call of
// its operation with that one parameter changed. What the answer must be is the registry's to judge (the
// run's judge sees every answer, tests/judge/run.spec.ts); here each answer is documented, in the spec's
// shape. Against a foreign target a drawn subset each night; lib/run-judge/inputs.ts counts what was sent.

const IDS = ['GEN-ERROR-SHAPE'];

interface Answer {
  label: string;
  status: number;
  violations: string[];
}

function send(api: ApiClient, spec: Spec, target: TargetProfile, sent: MalformedCall): Promise<Answer> {
  if (sent.rawUrl) return sendRaw(spec, target, { ...sent, rawUrl: sent.rawUrl });
  return api.send(sent.operationId, {
    as: sent.as,
    path: sent.path,
    query: sent.query,
    headers: sent.headers,
  });
}

interface Listing {
  fiscal_documents?: { id?: unknown }[];
  messages?: { message_attachments?: { filename?: unknown }[] | null }[];
}

/** One id of the kind from the target's own listing, or undefined when it lists none. */
async function listedId(
  api: ApiClient,
  target: TargetProfile,
  kind: 'fiscal document' | 'attachment',
): Promise<Record<string, string | number> | undefined> {
  if (kind === 'fiscal document') {
    const pack = target.fiscal.documentsPack;
    const answer = await api.send('listFiscalDocuments', { as: 'seller', path: { pack_id: pack } });
    const id = (answer.body as Listing | undefined)?.fiscal_documents?.find(
      (d) => typeof d.id === 'string',
    )?.id;
    return typeof id === 'string' ? { pack_id: pack, fiscal_document_id: id } : undefined;
  }
  const path = { pack_id: target.messaging.attachmentPack, user_id: target.users.seller.id };
  const answer = await api.send('listPackMessages', { as: 'seller', path, query: { mark_as_read: 'false' } });
  const files =
    (answer.body as Listing | undefined)?.messages?.flatMap((m) => m.message_attachments ?? []) ?? [];
  const id = files.find((f) => typeof f.filename === 'string')?.filename;
  return typeof id === 'string' ? { attachment_id: id } : undefined;
}

/** The case with its id read from the target and written in another letter case; undefined without one. */
async function withListedId(
  api: ApiClient,
  target: TargetProfile,
  c: ClassCase,
): Promise<ClassCase | undefined> {
  if (!c.otherCaseOf) return c;
  const ids = await listedId(api, target, c.otherCaseOf);
  const name = c.otherCaseOf === 'attachment' ? 'attachment_id' : 'fiscal_document_id';
  const id = ids?.[name];
  if (ids === undefined || typeof id !== 'string' || swapCase(id) === id) return undefined;
  return { ...c, call: { ...c.call, path: { ...c.call.path, ...ids, [name]: swapCase(id) } } };
}

async function failuresOf(
  api: ApiClient,
  spec: Spec,
  target: TargetProfile,
  cases: readonly ClassCase[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const drawn of cases) {
    const c = await withListedId(api, target, drawn);
    if (!c) continue;
    const answer = await send(api, spec, target, c.call);
    for (const violation of judgedViolations(answer.violations, target.isMock))
      failures.push(`${c.key}: ${answer.label} → ${answer.status}: ${violation}`);
  }
  return failures;
}

async function checkClasses(
  api: ApiClient,
  spec: Spec,
  target: TargetProfile,
  property: (p: fc.IAsyncProperty<[ClassCase[]]>, quickRuns: number) => Promise<void>,
  writes: boolean,
): Promise<void> {
  const cases = inputClassCases(spec, target, writes);
  expectHot(cases.length, 'the spec has parameters with classes to send').toBeGreaterThan(0);
  await property(
    fc.asyncProperty(casesOfRun(cases, target.isMock), async (chosen) => {
      const failures = await failuresOf(api, spec, target, chosen);
      expectHot(
        failures,
        `GEN-ERROR-SHAPE: ${chosen.length} classes of input answered as documented`,
      ).toEqual([]);
    }),
    1,
  );
}

test.describe('every parameter, every class of input', () => {
  test(
    'should answer every class of every read parameter (left out, listed, unknown, wrong type, bounds, past the end, leading zeros, other case, another user, percent-encoded, repeated) as documented',
    verifies(IDS, '@readonly'),
    async ({ api, spec, target, property }) => {
      await checkClasses(api, spec, target, property, false);
    },
  );

  test(
    'should refuse write parameters of the wrong type or past their bound as documented',
    verifies(IDS, '@writes'),
    async ({ api, spec, target, property, writablePack }) => {
      // The baseline writes name pack 0 of each writable pool (arbitraries/operationCalls.ts): held for this test.
      writablePack('fiscal', 0);
      writablePack('messaging', 0);
      await checkClasses(api, spec, target, property, true);
    },
  );
});
