import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { successBody } from './meaning-kit.ts';
import {
  bundledDocument,
  type GenericRelation,
  joinPath,
  type PlacedRelation,
  placedRelations,
  type Relation,
} from './relation-data.ts';
import {
  judgeAtLeast,
  judgeBefore,
  judgeCount,
  judgeCovers,
  judgeEqual,
  judgeImplies,
  judgeSum,
  judgeWithin,
} from './relation-forms.ts';
import type { Reached } from './relation-paths.ts';
import { reach } from './relation-paths.ts';
import { judgeAcrossAnswers } from './relation-reads.ts';
import type { Rule } from './rule.ts';

/**
 * The one judge of every relation the spec declares (`x-relations`, issue 46): inside one answer at
 * each place its 2xx answers hold the declaring node, and across the run's answers (relation-reads.ts).
 * Relations judged by code (`judge: code`) are the registry's other rules' or lib/facts'.
 */

const isGeneric = (relation: Relation): relation is GenericRelation => relation.judge !== 'code';

const INSIDE: Partial<{
  [J in GenericRelation['judge']]: (r: Extract<GenericRelation, { judge: J }>, node: Reached) => Judgement[];
}> = {
  sum: judgeSum,
  within: judgeWithin,
  count: judgeCount,
  equal: judgeEqual,
  implies: judgeImplies,
  before: judgeBefore,
  'at-least': judgeAtLeast,
  covers: judgeCovers,
};

function judgeInside(relation: GenericRelation, node: Reached): Judgement[] {
  const judge = INSIDE[relation.judge] as ((r: GenericRelation, n: Reached) => Judgement[]) | undefined;
  return judge ? judge(relation, node) : [];
}

interface Placement {
  byOperation: Map<string, PlacedRelation[]>;
  byRead: Map<string, PlacedRelation[]>;
  requirements: string[];
}

function placementOf(placed: readonly PlacedRelation[]): Placement {
  const generic = placed.filter((p) => isGeneric(p.relation));
  const group = (key: (p: PlacedRelation) => string | undefined) => {
    const map = new Map<string, PlacedRelation[]>();
    for (const p of generic) {
      const k = key(p);
      if (k !== undefined) map.set(k, [...(map.get(k) ?? []), p]);
    }
    return map;
  };
  return {
    byOperation: group((p) => p.operation),
    byRead: group((p) => ('read' in p.relation ? p.relation.read : undefined)),
    requirements: [...new Set(generic.map((p) => p.relation.requirement))].sort(),
  };
}

/** The instance a judgement names: where in the answer, or the path asked for the answer's root. */
const named =
  (exchange: Exchange) =>
  (j: Judgement): Judgement => ({
    ...j,
    instance: j.instance.trim() ? j.instance : exchange.request.url.pathname,
  });

/** The relation rule over the given placed relations (the bundled spec's by default). */
export function relationRule(placed: readonly PlacedRelation[] = placedRelations(bundledDocument())): Rule {
  const { byOperation, byRead, requirements } = placementOf(placed);
  const placedOf = (operation: string) => byOperation.get(operation) ?? [];
  const readBy = (operation: string) => byRead.get(operation) ?? [];
  return {
    name: 'declaredRelations',
    requirements,
    appliesTo: (exchange) =>
      exchange.operation !== undefined &&
      (byOperation.has(exchange.operation) || byRead.has(exchange.operation)) &&
      exchange.response.status >= 200 &&
      exchange.response.status < 300 &&
      exchange.response.status !== 206,
    judge(exchange, { history }) {
      const body =
        successBody(exchange) ?? (Array.isArray(exchange.response.body) ? exchange.response.body : undefined);
      if (body === undefined) return [];
      const inside = placedOf(exchange.operation ?? '').flatMap(({ relation, path }) =>
        reach(body, joinPath(path, relation.at ?? '')).flatMap((node) =>
          judgeInside(relation as GenericRelation, node),
        ),
      );
      return [...inside, ...judgeAcrossAnswers(exchange, history, placedOf, readBy)].map(named(exchange));
    },
  };
}

let rule: Rule | undefined;

/** The rule of the bundled spec's relations, built once per process. */
export function declaredRelationsRule(): Rule {
  rule ??= relationRule();
  return rule;
}

/** The registry's entry: the relation rule, built from the bundled spec on first use (not on import). */
export const RELATION_RULE: Rule = {
  name: 'declaredRelations',
  get requirements() {
    return declaredRelationsRule().requirements;
  },
  appliesTo: (exchange) => declaredRelationsRule().appliesTo(exchange),
  judge: (exchange, context) => declaredRelationsRule().judge(exchange, context),
};
