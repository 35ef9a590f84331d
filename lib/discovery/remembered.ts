import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { memoryPath } from '../checks/presence.ts';
import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import { type Recheck, readRunMemory, recheckFile } from '../memory/run-memory.ts';
import { needOf } from '../profile/needs.ts';
import type { ProfileInput } from '../profile/types.ts';
import type { Findings } from './findings.ts';
import { answerOf, pathOf, type Reader } from './reader.ts';

// ---- Rechecking remembered data before discovery searches ----

/** An order read (200) or partly read (206), as the spec documents it. */
type OrderRead = Schemas['Order'] | Schemas['OrderPartial'];

async function readOrder(reader: Reader, id: number, as: 'seller' | 'buyer') {
  const answer = answerOf(await reader.get(pathOf('/orders/{id}', id), {}, as), 'getOrder');
  return { answer, order: hasStatus(answer, [200, 206]) ? answer.body : undefined };
}

type Verdict = Omit<Recheck, 'need' | 'value'>;

const STATUS_MOVES =
  "an order's status moves on on a live server (States and transitions: confirmed → paid → cancelled…)";
const PARTIAL_IS_TRANSIENT =
  'a 206 is transient: the reference gives it "when data could not be obtained", and a later read may get the whole order';

function failedRead(read: string, status: number): Verdict | undefined {
  if (status >= 200 && status < 300) return undefined;
  return { state: 'read failed', read: `${read} answered ${status === 0 ? 'nothing (no answer)' : status}` };
}

const ok = (read: string): Verdict => ({ state: 'still qualifies', read });
const gone = (read: string, legitimate?: string): Verdict => ({
  state: 'no longer qualifies',
  read,
  ...(legitimate ? { legitimate } : {}),
});

function sameParties(order: Partial<Pick<OrderRead, 'seller' | 'buyer'>>, profile: ProfileInput): boolean {
  return (
    Number(order.seller?.id) === profile.users.seller.id && Number(order.buyer?.id) === profile.users.buyer.id
  );
}

async function recheckStatus(reader: Reader, profile: ProfileInput, id: number, status: string) {
  const read = `GET /orders/${id} as the buyer`;
  const { answer, order } = await readOrder(reader, id, 'buyer');
  const failed = failedRead(read, answer.status);
  if (failed) return failed;
  if (!sameParties(order ?? {}, profile)) return gone(`${read}: no longer an order of the seller and buyer`);
  if (order?.status === status) return ok(`${read}: status ${status}`);
  return gone(`${read}: status is now ${order?.status ?? '(none)'}, not ${status}`, STATUS_MOVES);
}

async function recheckTag(reader: Reader, id: number, tag: string) {
  const read = `GET /orders/${id} as the seller`;
  const { answer, order } = await readOrder(reader, id, 'seller');
  const tags = order?.tags;
  const failed = failedRead(read, answer.status);
  if (failed) return failed;
  if (tags?.includes(tag)) return ok(`${read}: tagged ${tag}`);
  return gone(
    `${read} answered ${answer.status} without the tag ${tag} (tags: ${JSON.stringify(tags ?? null)})`,
  );
}

async function recheckPartial(reader: Reader, id: number) {
  const read = `GET /orders/${id} as the seller`;
  const answer = await reader.get(pathOf('/orders/{id}', id), {}, 'seller');
  const failed = answer.status === 206 ? undefined : failedRead(read, answer.status);
  if (failed) return failed;
  if (answer.status === 206 && answer.headers.get('x-content-missing')) return ok(`${read}: 206`);
  const header = answer.headers.get('x-content-missing') ? 'with' : 'without';
  return gone(`${read} answered ${answer.status} ${header} X-Content-Missing`, PARTIAL_IS_TRANSIENT);
}

async function recheckDiscounts(reader: Reader, id: number) {
  const read = `GET /orders/${id}/discounts as the seller`;
  const answer = answerOf(
    await reader.get(pathOf('/orders/{id}/discounts', id), {}, 'seller'),
    'getOrderDiscounts',
  );
  const details = hasStatus(answer, 200) ? answer.body.details : undefined;
  const failed = failedRead(read, answer.status);
  if (failed) return failed;
  if (Array.isArray(details) && details.length > 0) return ok(`${read}: ${details.length} details`);
  return gone(`${read} answered ${answer.status} without discount details`);
}

/** The read that tells whether a remembered value still is what its need asks; undefined: not rechecked. */
function recheckOf(
  reader: Reader,
  profile: ProfileInput,
  need: string,
  value: unknown,
): Promise<Verdict> | undefined {
  if (typeof value !== 'number') return undefined;
  const status = /^orders\.byStatus\.(\w+)$/.exec(need)?.[1];
  if (status) return recheckStatus(reader, profile, value, status);
  if (need === 'orders.fraud') return recheckTag(reader, value, 'fraud_risk_detected');
  if (need === 'orders.mshops') return recheckTag(reader, value, 'mshops');
  if (need === 'orders.partial') return recheckPartial(reader, value);
  if (need === 'orders.withDiscounts') return recheckDiscounts(reader, value);
  return undefined;
}

/**
 * The one entry point discovery calls before it searches: each value the target's memory remembers for
 * a need the profile does not give is read again; one that still qualifies is offered to discovery
 * first (it keeps it), one that no longer does is reported by name (memory-recheck.json, the index
 * page). Needs without a recheck read are left to discovery. A run without memory does nothing.
 */
export async function offerRememberedData(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
): Promise<void> {
  const memory = readRunMemory(memoryPath(profile));
  if (!memory?.discovered?.length) {
    rmSync(recheckFile(), { force: true });
    return;
  }
  const rechecks: Recheck[] = [];
  try {
    for (const { path, value } of memory.discovered) {
      if (!findings.wants(path) || !needOf(path)?.discoverable) continue;
      const verdict = await recheckOf(reader, profile, path, value);
      if (!verdict) continue;
      rechecks.push({ need: path, value, ...verdict });
      if (verdict.state === 'still qualifies')
        findings.add(path, value, `remembered from the run of ${memory.date ?? 'undated'}; ${verdict.read}`);
    }
  } finally {
    mkdirSync(dirname(recheckFile()), { recursive: true });
    writeFileSync(recheckFile(), `${JSON.stringify(rechecks, null, 2)}\n`);
  }
}
