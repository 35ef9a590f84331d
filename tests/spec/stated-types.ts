import { typeClauses, visitDocument } from './keyword-backing.ts';

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

type Node = Record<string, unknown>;

/** The phrases of the reference that open a type statement, and the JSON type each one names. */
const TYPE_PHRASES: [RegExp, JsonType][] = [
  [/^integers?\b/i, 'integer'],
  [/^numbers?\b/i, 'number'],
  [/^booleans?\b/i, 'boolean'],
  [/^(numeric\s+)?strings?\b/i, 'string'],
  [/^timestamps?\b/i, 'string'],
  [/^(arrays?\b|list of\b)/i, 'array'],
  [/^(objects?\b|\{)/i, 'object'],
  [/^null(able)?\b/i, 'null'],
];

function typePhrase(text: string): { type: JsonType; rest: string } | undefined {
  for (const [phrase, type] of TYPE_PHRASES) {
    const found = text.match(phrase);
    if (found) return { type, rest: text.slice(found[0].length) };
  }
  return undefined;
}

/**
 * The JSON types a clause of `typeClauses` states: the type phrase it opens with, and those joined
 * to it by "or" (`integer or numeric string`, `timestamp or null`, `(integers)`, `: numbers`). A
 * clause that merely holds a type word further on (`value_type (list, number, boolean, string)`,
 * `(integer, for number and string)` past its first word) states no more than its opening phrase:
 * where the backing test asks whether a type is *backed*, this asks what a quote *demands*.
 */
export function statedTypes(clause: string): JsonType[] {
  const text = clause.replace(/^[\s(:|]+/, '');
  // The last name of a run typed together: `longitude: numbers`, `max_title_length (integers)`.
  const afterName = text.match(/^[A-Za-z0-9_]+\s*[(:]\s*/);
  let found = typePhrase(text) ?? (afterName ? typePhrase(text.slice(afterName[0].length)) : undefined);
  if (!found) return [];
  const types = new Set<JsonType>([found.type]);
  for (let joined = found.rest.match(/^\s+or\s+/); joined; joined = found.rest.match(/^\s+or\s+/)) {
    const next = typePhrase(found.rest.slice(joined[0].length));
    if (!next) break;
    types.add(next.type);
    found = next;
  }
  return [...types];
}

/** A field of the spec whose in-scope quotes state its type, with every statement they make. */
interface StatedField {
  pointer: string;
  node: Node;
  /** One entry per clause that states a type; quotes can name the field in more than one place. */
  statements: JsonType[][];
}

/** Schema positions that describe a field itself, not a condition (`if`/`then`/`not`/`contains`) on it. */
const CONDITIONAL = /\/(if|then|else|not|contains)(\/|$)/;

/** Every property (and parameter) of the document whose `x-reference` quotes state its JSON type. */
export function statedFields(doc: Node): StatedField[] {
  const found: StatedField[] = [];
  for (const visit of visitDocument(doc)) {
    const field = visit.field;
    if (!field || CONDITIONAL.test(visit.pointer)) continue;
    const isProperty = visit.pointer.endsWith(`/properties/${field}`);
    const isParameter = visit.pointer.endsWith('/schema') && visit.path.length === 1;
    if (!isProperty && !isParameter) continue;
    const parents = visit.path.slice(0, -1);
    const statements = visit.quotes
      .flatMap((quote) => typeClauses(quote, field, parents))
      .map(statedTypes)
      .filter((types) => types.length > 0);
    const distinct = [...new Map(statements.map((types) => [[...types].sort().join(','), types])).values()];
    if (distinct.length) found.push({ pointer: visit.pointer, node: visit.node, statements: distinct });
  }
  return found;
}

function resolve(doc: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const segment of ref.slice(2).split('/'))
    at = (at as Node | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at && typeof at === 'object' ? (at as Node) : undefined;
}

/**
 * The JSON types a schema node lets through, following `$ref`, `anyOf`/`oneOf` (the union of
 * typed branches) and `allOf` (the typed members' common types); undefined when any type passes.
 */
function carriedTypes(doc: Node, node: Node | undefined, depth = 0): JsonType[] | undefined {
  if (!node || depth > 20) return undefined;
  if (node.type !== undefined) return (Array.isArray(node.type) ? node.type : [node.type]) as JsonType[];
  if (typeof node.$ref === 'string') return carriedTypes(doc, resolve(doc, node.$ref), depth + 1);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const types = branches.map((branch) => carriedTypes(doc, branch as Node, depth + 1));
    if (types.some((t) => t === undefined)) return undefined;
    return [...new Set(types.flat() as JsonType[])];
  }
  if (Array.isArray(node.allOf)) {
    const typed = node.allOf
      .map((member) => carriedTypes(doc, member as Node, depth + 1))
      .filter((t): t is JsonType[] => t !== undefined);
    if (typed.length) return typed.reduce((common, t) => common.filter((type) => t.includes(type)));
  }
  return undefined;
}

const sameSet = (a: JsonType[], b: JsonType[]) => a.length === b.length && a.every((t) => b.includes(t));

/**
 * The statement a field keeps to: its carried types are exactly the stated ones, or, for a bare
 * "nullable" (the other types not shown), it lets null through. Undefined when it keeps to none.
 */
export function keptStatement(doc: Node, field: StatedField): JsonType[] | undefined {
  const carried = carriedTypes(doc, field.node);
  return field.statements.find((stated) =>
    sameSet(stated, ['null']) ? !carried || carried.includes('null') : carried && sameSet(carried, stated),
  );
}

/** One value of each JSON type, to feed a schema that states another type. */
const SAMPLE_VALUES: [JsonType, unknown][] = [
  ['string', 'twelve'],
  ['integer', 12],
  ['number', 12.5],
  ['boolean', true],
  ['array', ['twelve']],
  ['object', { value: 12 }],
  ['null', null],
];

/** The samples a field stated to be of `types` must refuse (an integer is a number too). */
function valuesOfOtherTypes(types: JsonType[]): [JsonType, unknown][] {
  if (sameSet(types, ['null'])) return []; // "nullable": the other types are not shown
  return SAMPLE_VALUES.filter(
    ([type]) => !types.includes(type) && !(type === 'integer' && types.includes('number')),
  );
}

const shown = (types: JsonType[] | undefined) => (types ? types.join(' or ') : 'no type');

/**
 * Every field whose quotes state a type it does not carry, as `pointer: why`. `statedElsewhere`
 * lists, with the reason, the fields whose only type statements are about another field of the
 * same name (a row of the order table read inside the cancel detail).
 */
export function typesNotKept(doc: Node, statedElsewhere: Record<string, string> = {}): string[] {
  return statedFields(doc)
    .filter((field) => !(field.pointer in statedElsewhere) && !keptStatement(doc, field))
    .map(
      (field) =>
        `${field.pointer}: the quotes state ${field.statements.map(shown).join(' / ')}; it carries ${shown(carriedTypes(doc, field.node))}`,
    );
}

/** Every value of another type than the stated one that a field's schema lets through, as `pointer: why`. */
export function valuesNotRefused(
  doc: Node,
  accepts: (pointer: string, value: unknown) => boolean,
  statedElsewhere: Record<string, string> = {},
): string[] {
  return statedFields(doc)
    .filter((field) => !(field.pointer in statedElsewhere))
    .flatMap((field) => {
      // The statement the field keeps, else every type any statement names: no field escapes for lacking a type.
      const stated = keptStatement(doc, field) ?? [...new Set(field.statements.flat())];
      return valuesOfOtherTypes(stated)
        .filter(([, value]) => accepts(field.pointer, value))
        .map(
          ([type, value]) =>
            `${field.pointer}: stated ${shown(stated)}, accepts ${JSON.stringify(value)} (${type})`,
        );
    });
}
