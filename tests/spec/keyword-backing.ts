import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';

/** The in-repo copy of the reference that `x-reference` quotes must occur in. */
export const referencePath = join(projectRoot, 'spec', 'reference', 'marketplace-api.md');

/** Keywords that make the spec assert something of a server. */
const CHECKED_KEYWORDS = [
  'type',
  'enum',
  'const',
  'pattern',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'default',
] as const;

const MARKS = ['x-reference-gap', 'x-mock-behaviour'] as const;

/** Words of the reference that name each JSON type. */
const TYPE_WORDS: Record<string, RegExp> = {
  integer: /\bintegers?\b/i,
  number: /\bnumbers?\b/i,
  boolean: /\bboolean\b/i,
  string: /\bstrings?\b|\btimestamp\b|\bletters?\b/i,
  array: /\barrays?\b|\blist of\b/i,
  object: /\bobject\b|\{|\b[Ff]ields?\b/i,
  null: /\bnull(able)?\b/i,
};

type Node = Record<string, unknown>;

/** One schema node and what backs it: its own and its owner's marks, its and its ancestors' quotes. */
interface Visit {
  pointer: string;
  node: Node;
  field?: string;
  /** The property names from the schema's root down to the node (`from`, `user_id`). */
  path: string[];
  /** A schema of what the suite sends (parameter, request body), not of what a server answers. */
  request?: boolean;
  marked: boolean;
  ownQuotes: string[];
  quotes: string[];
}

export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function quotesOf(node: Node | undefined): string[] {
  const quote = node?.['x-reference'];
  if (typeof quote === 'string') return [quote];
  return Array.isArray(quote) ? quote.filter((q): q is string => typeof q === 'string') : [];
}

const isMarked = (node: Node | undefined) => MARKS.some((mark) => node && mark in node);
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const names = (quote: string, word: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(word)}($|[^A-Za-z0-9_])`, 'i').test(quote);

const REQUEST_KEYS = ['parameters', 'requestBody'];
/** Keywords of request schemas left unchecked: the JSON type of what the suite sends asserts nothing of a server. */
const REQUEST_UNCHECKED = ['type', 'required'];
const OPENING = '({[';
const CLOSING = ')}]';

/** The text from `start` to the first `,`, `;` or `|` outside brackets opened after `start` (or to a closing one). */
function clauseFrom(quote: string, start: number): { text: string; end: number } {
  let depth = 0;
  for (let i = start; i < quote.length; i++) {
    const c = quote[i] as string;
    if (OPENING.includes(c)) depth++;
    else if (CLOSING.includes(c)) {
      if (depth === 0) return { text: quote.slice(start, i), end: i };
      depth--;
    } else if (depth === 0 && ',;|'.includes(c)) return { text: quote.slice(start, i), end: i };
  }
  return { text: quote.slice(start), end: quote.length };
}

/**
 * What a quote says of a field's type: the clause right after the name (`installments (integer)`),
 * the next table cell when the name heads a row (`| id | integer |`, or `| from.user_id | string |`
 * for the `user_id` under `from`: `parents` are the names of the properties above the field), the
 * words after the closing bracket of a group naming it (`{total, offset, limit} integers`), and
 * a sentence about the field's plural (`State, city and neighborhood ids are opaque strings`).
 */
export function typeClauses(quote: string, field: string, parents: string[] = []): string[] {
  const clauses: string[] = [];
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.])${escapeRegExp(field)}(?=$|[^A-Za-z0-9_])`, 'g');
  for (const match of quote.matchAll(pattern)) {
    const start = (match.index ?? 0) + match[0].length;
    clauses.push(clauseFrom(quote, start).text);
    clauses.push(sharedPluralType(quote, start));
    let depth = 0;
    for (let i = start; i < quote.length; i++) {
      const c = quote[i] as string;
      if (OPENING.includes(c)) depth++;
      else if (CLOSING.includes(c) && depth-- === 0) {
        clauses.push(clauseFrom(quote, i + 1).text);
        break;
      }
    }
  }
  clauses.push(...tableCellType(quote, [...parents, field]));
  clauses.push(...pluralSentenceType(quote, field));
  return clauses;
}

/** The cell after the one naming the field in a table row: by its name or by its dotted path (`to.user_id`). */
function tableCellType(quote: string, path: string[]): string[] {
  if (!quote.trim().startsWith('|')) return [];
  const field = path[path.length - 1] as string;
  const dotted = path.map((_, i) => path.slice(i).join('.')).filter((name) => name.includes('.'));
  const cells = quote.split('|').map((cell) => cell.trim());
  const head = cells.findIndex((cell) => {
    const names = cell.split(/,\s*/);
    return names.includes(field) || dotted.some((name) => names.includes(name));
  });
  return head >= 0 && cells[head + 1] ? [cells[head + 1] as string] : [];
}

/** The plural type words that type a run of names or the fields of a plural sentence. */
const PLURAL_TYPES = /\b(numbers|integers|strings|booleans|arrays|objects)\b/;

/** `<field>s are [one or two words] <types>`: a sentence typing every field of that name it qualifies. */
function pluralSentenceType(quote: string, field: string): string[] {
  const pattern = new RegExp(
    `(^|[^A-Za-z0-9_.])${escapeRegExp(field)}s\\s+are\\s+(?:[a-z-]+\\s+){0,2}?(?=${PLURAL_TYPES.source})`,
    'g',
  );
  return [...quote.matchAll(pattern)].map(
    (match) => clauseFrom(quote, (match.index ?? 0) + match[0].length).text,
  );
}

/** A run of bare names typed together by a plural (`latitude, longitude: numbers`, `a, b (integers)`). */
function sharedPluralType(quote: string, start: number): string {
  let at = start;
  for (;;) {
    const clause = clauseFrom(quote, at);
    if (/^\s*[A-Za-z0-9_]*\s*$/.test(clause.text) && quote[clause.end] === ',') {
      at = clause.end + 1;
      continue;
    }
    return PLURAL_TYPES.test(clause.text) ? clause.text : '';
  }
}

const SCHEMA_CHILDREN = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** Every schema node under a schema, with the field it describes and what backs it. */
function visitSchema(node: unknown, pointer: string, context: Omit<Visit, 'pointer' | 'node'>, out: Visit[]) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Node;
  const ownQuotes = [...context.ownQuotes, ...quotesOf(schema)];
  const here: Visit = {
    pointer,
    node: schema,
    field: context.field,
    path: context.path,
    request: context.request,
    marked: context.marked || isMarked(schema),
    ownQuotes,
    quotes: [...context.quotes, ...quotesOf(schema)],
  };
  out.push(here);
  const inherit = {
    field: here.field,
    path: here.path,
    request: context.request,
    marked: false,
    ownQuotes: [] as string[],
    quotes: here.quotes,
  };
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  for (const [name, child] of Object.entries(properties))
    visitSchema(
      child,
      `${pointer}/properties/${name}`,
      { ...inherit, field: name, path: [...here.path, name] },
      out,
    );
  for (const key of SCHEMA_CHILDREN) visitSchema(schema[key], `${pointer}/${key}`, inherit, out);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const [i, child] of list.entries()) visitSchema(child, `${pointer}/${key}/${i}`, inherit, out);
  }
}

/** Every schema of the document: components, parameters, headers, bodies of requests and responses. */
export function visitDocument(doc: Node): Visit[] {
  const out: Visit[] = [];
  const root = { path: [] as string[], marked: false, ownQuotes: [] as string[], quotes: [] as string[] };
  const walk = (node: unknown, pointer: string, quotes: string[], request = false) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${pointer}/${i}`, quotes, request);
      return;
    }
    const holder = node as Node;
    const inScope = [...quotes, ...quotesOf(holder)];
    for (const [key, value] of Object.entries(holder)) {
      if (key.startsWith('x-') || key === 'example' || key === 'examples') continue;
      if (pointer.endsWith('/content') && !request && !key.includes('json')) continue; // files: bytes, no schema to back
      if (key === 'schema' && value && typeof value === 'object') {
        const field = typeof holder.name === 'string' ? holder.name : undefined;
        const own = {
          field,
          path: field ? [field] : [],
          request,
          marked: isMarked(holder),
          ownQuotes: quotesOf(holder),
          quotes: inScope,
        };
        visitSchema(value, `${pointer}/schema`, own, out);
      } else walk(value, `${pointer}/${escapePointer(key)}`, inScope, request || REQUEST_KEYS.includes(key));
    }
  };
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(components.schemas ?? {}))
    visitSchema(schema, `/components/schemas/${name}`, root, out);
  walk({ ...components, schemas: undefined }, '/components', []);
  walk(doc.paths, '/paths', []);
  walk(doc.webhooks, '/webhooks', []);
  return out;
}

/** Why a keyword of a visited node is not backed by its quotes, or undefined when it is. */
function unbacked(visit: Visit, keyword: (typeof CHECKED_KEYWORDS)[number]): string | undefined {
  const value = visit.node[keyword];
  const field = visit.field;
  const aboutField = field ? visit.quotes.filter((q) => names(q, field)) : visit.quotes;
  if (keyword === 'required') {
    const list = Array.isArray(value) ? (value as string[]) : [];
    const missing = list.filter((name) => !visit.quotes.some((q) => names(q, name)));
    return missing.length ? `required ${missing.join(', ')}: no quote names them` : undefined;
  }
  if (keyword === 'type') {
    const types = [...(Array.isArray(value) ? value : [value])] as string[];
    if (types.every((t) => t === 'string') && Array.isArray(visit.node.enum)) return undefined; // stated values
    if (types.includes('object') && (visit.node.properties || visit.node.required))
      types.splice(types.indexOf('object'), 1); // a field list
    if (types.includes('array') && visit.node.items) types.splice(types.indexOf('array'), 1); // elements described
    const said = field
      ? visit.quotes.flatMap((q) => typeClauses(q, field, visit.path.slice(0, -1)))
      : visit.quotes;
    const missing = types.filter((t) => !said.some((clause) => TYPE_WORDS[t]?.test(clause)));
    return missing.length
      ? `type ${missing.join(', ')}: no quote${field ? ` naming ${field}` : ''} gives it`
      : undefined;
  }
  if (keyword === 'pattern')
    return visit.ownQuotes.length ? undefined : 'pattern: no x-reference on the node';
  const expected = keyword === 'enum' ? (value as unknown[]) : [value];
  const stating = keyword === 'enum' || keyword === 'const' ? visit.quotes : aboutField;
  const absent = expected.filter((v) => !stating.some((q) => names(q, String(v))));
  return absent.length ? `${keyword} ${absent.join(', ')}: no quote states it` : undefined;
}

/** Every keyword of the spec that asserts something the reference does not back, as `pointer: why`. */
export function unbackedKeywords(doc: Node): string[] {
  const found: string[] = [];
  for (const visit of visitDocument(doc)) {
    if (visit.marked) continue;
    for (const keyword of CHECKED_KEYWORDS) {
      if (!(keyword in visit.node)) continue;
      if (keyword === 'required' && !Array.isArray(visit.node.required)) continue;
      if (visit.request && REQUEST_UNCHECKED.includes(keyword)) continue;
      const why = unbacked(visit, keyword);
      if (why) found.push(`${visit.pointer}: ${why}`);
    }
  }
  return found;
}

/** A quote backs the names and type words it holds: kept short, it cannot pair a name with a far-away type. */
export const MAX_QUOTE = 200;

/** Every `x-reference` quote of the document that does not occur in the reference copy. */
export function quotesNotInReference(
  doc: unknown,
  reference = readFileSync(referencePath, 'utf8'),
): string[] {
  const text = normalise(reference);
  const missing: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${pointer}/${i}`);
      return;
    }
    for (const quote of quotesOf(node as Node)) {
      if (!text.includes(normalise(quote))) missing.push(`${pointer}: "${quote}" is not in the reference`);
      if (quote.length > MAX_QUOTE)
        missing.push(`${pointer}: "${quote}" is longer than ${MAX_QUOTE} characters`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key}`);
  };
  walk(doc, '');
  return missing;
}
