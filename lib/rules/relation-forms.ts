import type { Judgement } from '../judge/judgement.ts';
import { instantOf } from './instant.ts';
import { leftOut, notJudged, verdict } from './meaning-kit.ts';
import type {
  AtLeastRelation,
  BeforeRelation,
  CountRelation,
  CoversRelation,
  EqualRelation,
  Expectation,
  ImpliesRelation,
  SumRelation,
  WithinRelation,
} from './relation-data.ts';
import { idKey, isNumber, numeric, type Reached, reach, valueAt } from './relation-paths.ts';

/**
 * The relations inside one answer, each judged on one instance (the value at the relation's `at`):
 * held, broken, or not judged where a part it needs is left out. A whole or a value left out holds no
 * instance (a field left out is an omission, which the schema check reports).
 */

const round = (n: number) => Math.round(n * 100) / 100;

export function judgeSum(r: SumRelation, node: Reached): Judgement[] {
  const whole = valueAt(node.value, r.whole);
  const lines = valueAt(node.value, r.each.replace(/\[\]$/, ''));
  if (!isNumber(whole) || !Array.isArray(lines) || lines.length === 0) return [];
  const parts = reach(lines, '[]').map(({ value }) => r.product.map((f) => valueAt(value, f)));
  const gap = parts.findIndex((factors) => !factors.every(isNumber));
  if (gap >= 0) {
    const missing = r.product.find((_, k) => parts[gap]?.[k] === undefined);
    return [
      missing
        ? leftOut(r.requirement, node.where, node.where, `${r.each}.${missing}`)
        : notJudged(
            r.requirement,
            node.where,
            `an element of ${r.each} sends ${r.product.join(' or ')} as no number`,
          ),
    ];
  }
  const sum = parts.reduce((total, factors) => total + (factors as number[]).reduce((p, f) => p * f, 1), 0);
  const off = Math.abs(sum - whole) > r.tolerance + 1e-9 * Math.abs(sum);
  return [
    verdict(
      r.requirement,
      node.where,
      off ? `${r.whole} ${whole}; ${r.each} ${r.product.join(' × ')} add up to ${round(sum)}` : undefined,
    ),
  ];
}

export function judgeWithin(r: WithinRelation, node: Reached): Judgement[] {
  const [part, whole] = [valueAt(node.value, r.part), valueAt(node.value, r.whole)];
  if (!isNumber(part) || !isNumber(whole)) return [];
  const within = part >= 0 && whole >= 0 && part <= whole + 1e-9;
  return [verdict(r.requirement, node.where, within ? undefined : `${r.part} ${part}, ${r.whole} ${whole}`)];
}

export function judgeCount(r: CountRelation, node: Reached): Judgement[] {
  const list = valueAt(node.value, r.list);
  if (!Array.isArray(list)) return [];
  const [limit, offset, total] = [r.limit, r.offset, r.total].map((p) =>
    p ? valueAt(node.value, p) : undefined,
  );
  const over =
    isNumber(limit) && list.length > limit
      ? `${list.length} ${r.list}, ${r.limit} ${limit}`
      : isNumber(total) && isNumber(offset) && list.length > 0 && offset + list.length > total
        ? `${r.offset} ${offset} + ${list.length} ${r.list} > ${r.total} ${total}`
        : undefined;
  return isNumber(limit) || (isNumber(total) && isNumber(offset))
    ? [verdict(r.requirement, node.where, over)]
    : [];
}

function same(a: unknown, b: unknown, as: EqualRelation['as']): boolean | undefined {
  if (as === 'instant') {
    const [x, y] = [instantOf(a), instantOf(b)];
    return Number.isNaN(x) || Number.isNaN(y) ? undefined : x === y;
  }
  const [x, y] = [idKey(a), idKey(b)];
  return x === undefined || y === undefined ? undefined : x === y;
}

export function judgeEqual(r: EqualRelation, node: Reached): Judgement[] {
  const b = valueAt(node.value, r.b);
  return reach(node.value, r.a, node.where).flatMap((a): Judgement[] => {
    if (a.value === null || b === undefined || b === null) return [];
    const held = same(a.value, b, r.as);
    if (held === undefined) return [];
    return [
      verdict(
        r.requirement,
        a.where,
        held ? undefined : `${r.a} ${JSON.stringify(a.value)}; ${r.b} ${JSON.stringify(b)}`,
      ),
    ];
  });
}

const EXPECTED: Record<Expectation, (value: unknown) => boolean> = {
  array: Array.isArray,
  integer: Number.isInteger,
  'non-empty': (value) => Array.isArray(value) && value.length > 0,
  set: (value) => value !== null,
};

export function judgeImplies(r: ImpliesRelation, node: Reached): Judgement[] {
  const when = valueAt(node.value, r.when.field);
  if (!r.when.in.includes(when)) return [];
  const then = valueAt(node.value, r.then.field);
  const instance = `${node.where} (${r.when.field} ${JSON.stringify(when)})`.trim();
  if (then === undefined) return [leftOut(r.requirement, instance, node.where, r.then.field)];
  return [
    verdict(
      r.requirement,
      instance,
      EXPECTED[r.then.is](then) ? undefined : `${r.then.field} is ${JSON.stringify(then)}, not ${r.then.is}`,
    ),
  ];
}

/** A number as itself, a timestamp as its instant; NaN otherwise. */
const magnitude = (value: unknown): number => numeric(value) ?? instantOf(value);

export function judgeBefore(r: BeforeRelation, node: Reached): Judgement[] {
  const earlier = valueAt(node.value, r.earlier);
  const start = magnitude(earlier);
  if (Number.isNaN(start)) return [];
  return reach(node.value, r.later, node.where).flatMap((later): Judgement[] => {
    const end = magnitude(later.value);
    if ((numeric(earlier) === undefined) !== (numeric(later.value) === undefined)) return [];
    if (Number.isNaN(end)) return [];
    return [
      verdict(
        r.requirement,
        later.where,
        end < start - r.slackMs
          ? `${r.later} ${String(later.value)} is before ${r.earlier} ${String(earlier)}`
          : undefined,
      ),
    ];
  });
}

export function judgeAtLeast(r: AtLeastRelation, node: Reached): Judgement[] {
  return reach(node.value, r.field, node.where).flatMap(({ value, where }): Judgement[] => {
    const n = numeric(value);
    // A value that is no number is the schema check's to judge (its type may be open).
    if (n === undefined) return [];
    const held = r.exclusive ? n > r.min : n >= r.min;
    return [
      verdict(
        r.requirement,
        where,
        held
          ? undefined
          : `${r.field} ${JSON.stringify(value)}, ${r.exclusive ? 'not above' : 'below'} ${r.min}`,
      ),
    ];
  });
}

/** The sum of every number a path reaches; undefined when a value it reaches is no number, or a field is left out. */
function sumAt(value: unknown, path: string): number | undefined {
  const values = reach(value, path).map((r) => numeric(r.value));
  if (values.some((n) => n === undefined)) return undefined;
  if (values.length === 0 && !path.includes('[')) return undefined;
  return (values as number[]).reduce((a, b) => a + b, 0);
}

export function judgeCovers(r: CoversRelation, node: Reached): Judgement[] {
  const when = r.when && valueAt(node.value, r.when.field);
  if (r.when && !r.when.in.includes(when)) return [];
  const instance = `${node.where}${r.when ? ` (${r.when.field} ${JSON.stringify(when)})` : ''}`.trim();
  const whole = numeric(valueAt(node.value, r.whole));
  if (whole === undefined) return [];
  const parts = r.parts.map((path) => [path, sumAt(node.value, path)] as const);
  const missing = parts.find(([, n]) => n === undefined);
  if (missing) return [leftOut(r.requirement, instance, node.where, missing[0])];
  const allowed = (r.allowances ?? []).reduce((total, path) => total + (sumAt(node.value, path) ?? 0), 0);
  const owed = parts.reduce((total, [, n]) => total + (n ?? 0), 0);
  const held = whole + allowed + r.tolerance + 1e-9 * Math.abs(owed) >= owed;
  const shown = parts.map(([path, n]) => `${path} ${round(n ?? 0)}`).join(' + ');
  return [verdict(r.requirement, instance, held ? undefined : `${r.whole} ${whole} is less than ${shown}`)];
}
