import { readFileSync } from 'node:fs';
import type { Choice, RouteKey } from './kit.ts';
import { ok, onAnswer, routeOf } from './kit.ts';

/**
 * The places of each answer whose type the reference does not show, per route (written from the spec by
 * scripts/gen-types.ts: the mock never reads the spec at run time).
 */
const UNTYPED: Record<string, string[]> = JSON.parse(
  readFileSync(new URL('./untyped-paths.json', import.meta.url), 'utf8'),
);

type Convert = (value: unknown) => unknown;

const NUMERIC = /^-?\d+(\.\d+)?$/;
/**
 * Only a string that is the number's own spelling becomes the number: "01310100" (a zip code) or "12.50"
 * would lose their digits, and a server sending a number sends the value it means.
 */
const spellsNumber = (value: string) =>
  NUMERIC.test(value) && Number.isSafeInteger(Math.trunc(Number(value))) && String(Number(value)) === value;
const CONVERSIONS: Record<string, Convert> = {
  'numbers-as-strings': (value) => (typeof value === 'number' ? String(value) : value),
  'strings-as-numbers': (value) => (typeof value === 'string' && spellsNumber(value) ? Number(value) : value),
};

/** The value with `convert` applied at the path (`a.b[].c`; `[]` = every element; '' = the value itself). */
function convertAt(value: unknown, steps: string[], convert: Convert): unknown {
  if (steps.length === 0) return convert(value);
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === '[]')
    return Array.isArray(value) ? value.map((item) => convertAt(item, rest, convert)) : value;
  if (!value || typeof value !== 'object' || Array.isArray(value) || !(step in value)) return value;
  return {
    ...(value as Record<string, unknown>),
    [step]: convertAt((value as Record<string, unknown>)[step], rest, convert),
  };
}

const stepsOf = (path: string) => path.split(/\.|(?=\[\])|(?<=\[\])/).filter(Boolean);

/** Every untyped value of an answer of the route converted (leaves only: a list's elements when the list is untyped). */
export function convertUntyped(route: string, body: unknown, convert: Convert): unknown {
  return (UNTYPED[route] ?? []).reduce((answer, path) => convertAt(answer, stepsOf(path), convert), body);
}

const untypedValues: Choice = {
  name: 'untyped-values',
  gap: 'fields the reference lists without a type ("Type not shown" in the spec): any JSON value is allowed',
  description: 'the values whose type the reference does not show sent as other JSON types',
  variants: {
    mock: "the mock's types",
    'numbers-as-strings': 'every untyped number sent as its decimal string ("48", "12.5")',
    'strings-as-numbers':
      'every untyped string that spells a number ("48", not "01310100") sent as that number',
  },
  install: (app, pick) => {
    const convert = CONVERSIONS[pick.variant];
    if (!convert) return;
    const routes = Object.keys(UNTYPED) as RouteKey[];
    onAnswer(app, routes, ok, (body, request) => convertUntyped(routeOf(request), body, convert));
  },
};

export const UNTYPED_CHOICES: Choice[] = [untypedValues];
