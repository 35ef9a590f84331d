import { loadSpec, responsePointer, type Spec } from '../checks/spec.ts';
import type { ProfileInput, UserRole } from '../profile/types.ts';
import { branchesOfValue } from '../run-judge/branch-walk.ts';
import { aimAtOrderReads } from './order-reads-aim.ts';
import { pathOf, type Reader, type ReceivedAnswer } from './reader.ts';

// Discovery aims at answer branches not yet seen (issue 47): a listing shows each instance in brief
// (an order in a search, a message in its conversation); the instances whose brief shows branches no
// instance read so far showed are read by id too, in every form the read has, within a cap. Their answers
// are the run's like any other: the run's judge judges them and counts their branches.

interface Aim {
  listing: string;
  listedIn: 'results' | 'messages';
  /** The read by id: discovery's earlier reads of it say which instances are already covered. */
  byId: string;
  template: string;
  /** Every form of the read by id (the newer form selected by a header). */
  forms: Record<string, string>[];
  /** Instances read for new branches, at most. */
  cap: number;
}

/** Reads by id in a row that add no branch of their own before discovery stops reading on (phase 2). */
const FRUITLESS_IN_A_ROW = 2;

const FORMAT_NEW = { 'x-format-new': 'true' };

const AIMS: readonly Aim[] = [
  {
    listing: 'searchOrders',
    listedIn: 'results',
    byId: 'getOrder',
    template: '/orders/{id}',
    forms: [FORMAT_NEW],
    cap: 10,
  },
  {
    // The header that selects the newer message form is not named by the reference (Gaps 5): both are asked,
    // and whatever form comes back is judged.
    listing: 'listPackMessages',
    listedIn: 'messages',
    byId: 'getMessage',
    template: '/messages/{id}',
    forms: [{}, FORMAT_NEW],
    cap: 6,
  },
];

interface Listed {
  id: string;
  as: UserRole | undefined;
  brief: Set<string>;
}

const idOf = (element: unknown): string | undefined => {
  const id = element && typeof element === 'object' ? (element as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/** The branches one element shows where its listing lists it (`results[].context.channel = mshops`). */
function briefOf(spec: Spec, pointer: string, aim: Aim, element: unknown): Set<string> {
  const inListing = `${aim.listedIn}[]`;
  return new Set(
    branchesOfValue(spec, pointer, { [aim.listedIn]: [element] })
      .filter((b) => b.location.startsWith(inListing))
      .map((b) => `${b.location} ${b.branch}`),
  );
}

function listedOf(spec: Spec, aim: Aim, received: readonly ReceivedAnswer[]): Map<string, Listed> {
  const op = spec.operations.find((o) => o.operationId === aim.listing);
  const listed = new Map<string, Listed>();
  if (!op) return listed;
  const pointer = responsePointer(op, '200', 'application/json');
  for (const answer of received.filter((a) => a.operation === aim.listing)) {
    const elements = (answer.body as Record<string, unknown> | undefined)?.[aim.listedIn];
    for (const element of Array.isArray(elements) ? elements : []) {
      const id = idOf(element);
      if (id !== undefined && !listed.has(id))
        listed.set(id, { id, as: answer.as, brief: briefOf(spec, pointer, aim, element) });
    }
  }
  return listed;
}

/** The ids discovery already read by id: their briefs are covered. */
function readIds(aim: Aim, received: readonly ReceivedAnswer[]): Set<string> {
  const prefix = aim.template.replace('{id}', '');
  return new Set(
    received
      .filter((a) => a.operation === aim.byId && a.path.startsWith(prefix))
      .map((a) => decodeURIComponent(a.path.slice(prefix.length))),
  );
}

/** Greedy cover: each next instance is the one whose brief adds the most branches not covered yet. */
export function chooseForNewBranches(
  candidates: readonly Listed[],
  covered: Set<string>,
  cap: number,
): Listed[] {
  const chosen: Listed[] = [];
  const left = [...candidates];
  while (chosen.length < cap) {
    const adds = (l: Listed) => [...l.brief].filter((b) => !covered.has(b)).length;
    const best = left.reduce<Listed | undefined>((a, l) => (!a || adds(l) > adds(a) ? l : a), undefined);
    if (!best || adds(best) === 0) break;
    chosen.push(best);
    for (const b of best.brief) covered.add(b);
    left.splice(left.indexOf(best), 1);
  }
  return chosen;
}

/** The instances whose brief shows the rarest branch among them first: an uncommon brief, an uncommon whole. */
function byRarity(candidates: readonly Listed[]): Listed[] {
  const count = new Map<string, number>();
  for (const c of candidates) for (const b of c.brief) count.set(b, (count.get(b) ?? 0) + 1);
  const rarest = (c: Listed) => Math.min(...[...c.brief].map((b) => count.get(b) ?? 0));
  return [...candidates].sort((a, b) => rarest(a) - rarest(b));
}

/** The branches the 200 answers of the read by id showed so far. */
function byIdBranches(spec: Spec, aim: Aim, answers: readonly ReceivedAnswer[]): Set<string> {
  const op = spec.operations.find((o) => o.operationId === aim.byId);
  if (!op) return new Set();
  const pointer = responsePointer(op, '200', 'application/json');
  return new Set(
    answers
      .filter((a) => a.operation === aim.byId)
      .flatMap((a) => branchesOfValue(spec, pointer, a.body).map((b) => `${b.location} ${b.branch}`)),
  );
}

/** Reads one instance in every form; answers how many branches of the read by id it added. */
async function readForms(reader: Reader, spec: Spec, aim: Aim, instance: Listed, seen: Set<string>) {
  const before = reader.received.length;
  for (const headers of aim.forms)
    await reader.getAsAsked(pathOf(aim.template, instance.id), {}, instance.as, [403, 404], headers);
  const added = [...byIdBranches(spec, aim, reader.received.slice(before))].filter((b) => !seen.has(b));
  for (const b of added) seen.add(b);
  return added.length;
}

/**
 * First the instances whose brief adds branches; then, where a read by id shows more than its brief (a
 * server that leaves out listed fields per order), the others in listing order while their reads add
 * branches of their own, stopping after FRUITLESS_IN_A_ROW that add none; aim.cap instances in all.
 */
async function aimAt(reader: Reader, spec: Spec, aim: Aim): Promise<void> {
  const received = [...reader.received];
  const listed = listedOf(spec, aim, received);
  const already = readIds(aim, received);
  const covered = new Set([...already].flatMap((id) => [...(listed.get(id)?.brief ?? [])]));
  const candidates = [...listed.values()].filter((l) => !already.has(l.id));
  const seen = byIdBranches(spec, aim, received);
  const first = chooseForNewBranches(candidates, covered, aim.cap);
  for (const instance of first) await readForms(reader, spec, aim, instance, seen);
  let fruitless = 0;
  const rest = byRarity(candidates.filter((c) => !first.includes(c)));
  for (const instance of rest.slice(0, aim.cap - first.length)) {
    if (fruitless >= FRUITLESS_IN_A_ROW) break;
    fruitless = (await readForms(reader, spec, aim, instance, seen)) > 0 ? 0 : fruitless + 1;
  }
}

/** Reads by id the listed instances that show branches no instance read so far showed, then orders' own reads. */
export async function aimAtUnseenBranches(reader: Reader, profile: ProfileInput): Promise<void> {
  const spec = loadSpec();
  for (const aim of AIMS) await aimAt(reader, spec, aim);
  await aimAtOrderReads(reader, spec, profile);
}
