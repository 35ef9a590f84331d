/** Who is right when the two sides differ: the reference decides (naming a requirement and the side that breaks it), or it is silent. */
import type { Requirement } from '../../lib/catalog/requirements.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import { errorCodeOf } from '../../lib/client/typed.ts';
import { type SpecNotes, specNotes } from './notes.ts';
import type { JudgedCall } from './types.ts';

export type SideName = 'mock' | 'target';

export type Verdict =
  | { decided: true; requirement: string; breaks: SideName | 'both'; why: string }
  | { decided: false; notes: SpecNotes };

export interface Judge {
  spec: Spec;
  requirements: Requirement[];
}

export function decided(requirement: string, breaking: SideName[], why: string): Verdict | undefined {
  if (breaking.length === 0) return undefined;
  return { decided: true, requirement, breaks: breaking.length === 2 ? 'both' : breaking[0]!, why };
}

export function silent(
  judge: Judge,
  pair: Pair,
  kinds: Requirement['kind'][],
  paths: string[] = [],
): Verdict {
  const statuses = [...new Set([pair.mock.response.status, pair.target.response.status])];
  const errors = [pair.mock, pair.target].map((e) => errorCodeOf(e.response));
  const fieldNames = paths.map(
    (path) =>
      path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .at(-1) ?? path,
  );
  const notes = specNotes(judge.spec, judge.requirements, {
    operationId: pair.mock.call.operationId,
    statuses,
    paths,
    kinds,
    mentions: [
      ...statuses.map(String),
      ...errors.filter((e): e is string => typeof e === 'string'),
      ...fieldNames,
    ],
  });
  return { decided: false, notes };
}

export interface Pair {
  mock: JudgedCall;
  target: JudgedCall;
}

export function sidesWhere(pair: Pair, test: (exchange: JudgedCall) => boolean): SideName[] {
  return (['mock', 'target'] as const).filter((side) => test(pair[side]));
}
