/**
 * The location-tree rules (LOC-STATE-PARENT, LOC-CITY-PARENT, LOC-NEIGHBORHOOD-PARENT): a child points
 * back at its parent and the parent lists the child, each by id and name, as judgements for
 * tests/properties/location-tree.spec.ts and failures for the drift run. Fields are compared where both
 * sides carry them: an absent pointer, id or name is an omission the schema check reports, not judged here.
 */
import type { Judgement } from '../judge/judgement.ts';
import { failuresOfJudgements, judgementOf, notJudgedOn } from './rule-failure.ts';

export interface IdNamed {
  id?: unknown;
  name?: unknown;
}

const idName = (node: IdNamed) => `${node.id} (${node.name})`;
const FIELDS = ['id', 'name'] as const;

/** How two nodes differ on the fields both carry, or undefined when they agree; 'none' when they share none. */
function difference(a: IdNamed, b: IdNamed): string | undefined | 'none' {
  const shared = FIELDS.filter((field) => a[field] !== undefined && b[field] !== undefined);
  if (shared.length === 0) return 'none';
  const differ = shared.filter((field) => a[field] !== b[field]);
  return differ.length === 0 ? undefined : `${idName(a)}, not ${idName(b)} (${differ.join(', ')})`;
}

/** A back-pointer names the node it points at: id and name, where both carry them. */
export function pointsAtJudgement(
  requirement: string,
  instance: string,
  pointer: IdNamed | undefined,
  node: IdNamed | undefined,
): Judgement {
  if (pointer === undefined) return notJudgedOn(requirement, instance, 'the read leaves the pointer out');
  if (node === undefined) return notJudgedOn(requirement, instance, 'the parent is not known');
  const differs = difference(pointer, node);
  if (differs === 'none')
    return notJudgedOn(requirement, instance, 'the pointer carries neither id nor name');
  return judgementOf(requirement, instance, differs && `points at ${differs}`);
}

/** The parent lists the child under the child's own id, with its name where both carry it. */
export function listedJudgement(
  requirement: string,
  parent: IdNamed,
  list: readonly IdNamed[] | undefined,
  child: IdNamed,
): Judgement {
  const instance = `${parent.id} lists ${child.id}`;
  if (list === undefined) return notJudgedOn(requirement, instance, 'the parent read leaves its list out');
  const entry = list.find((item) => item.id === child.id);
  if (!entry) return judgementOf(requirement, instance, `${parent.id} does not list ${child.id}`);
  const differs = difference(entry, child);
  return judgementOf(
    requirement,
    instance,
    differs === 'none' ? undefined : differs && `listed as ${differs}`,
  );
}

/** A back-pointer's failures (the drift run compares failures). */
export const pointsAtFailures = (pointer: IdNamed | undefined, node: IdNamed | undefined): string[] =>
  failuresOfJudgements([pointsAtJudgement('', '', pointer, node)]).map((f) => f.failure.replace(/^: /, ''));
