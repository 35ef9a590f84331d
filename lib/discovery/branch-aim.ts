import { loadSpec, responsePointer, type Spec } from '../checks/spec.ts';
import type { UserRole } from '../profile/types.ts';
import { branchesOfValue } from '../run-judge/branch-walk.ts';
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

const FORMAT_NEW = { 'x-format-new': 'true' };

const AIMS: readonly Aim[] = [
  {
    listing: 'searchOrders',
    listedIn: 'results',
    byId: 'getOrder',
    template: '/orders/{id}',
    forms: [FORMAT_NEW],
    cap: 6,
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

async function aimAt(reader: Reader, spec: Spec, aim: Aim): Promise<void> {
  const received = [...reader.received];
  const listed = listedOf(spec, aim, received);
  const already = readIds(aim, received);
  const covered = new Set([...already].flatMap((id) => [...(listed.get(id)?.brief ?? [])]));
  const candidates = [...listed.values()].filter((l) => !already.has(l.id));
  for (const instance of chooseForNewBranches(candidates, covered, aim.cap))
    for (const headers of aim.forms)
      await reader.getAsAsked(pathOf(aim.template, instance.id), {}, instance.as, [403, 404], headers);
}

/** Reads by id the listed instances that show branches no instance read so far showed. */
export async function aimAtUnseenBranches(reader: Reader): Promise<void> {
  const spec = loadSpec();
  for (const aim of AIMS) await aimAt(reader, spec, aim);
}
