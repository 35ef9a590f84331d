import { escapeRegExp, quotesOf, visitDocument } from './keyword-backing.ts';

// Issue 20, item 1: the value sets and the required fields the reference states, read from the
// `x-reference` quotes (not from the spec's own keywords), so that a removed `enum` or `required`
// entry, or a node whose quote lists values but which carries no enum, fails a test.

type Node = Record<string, unknown>;

/** Schema positions that describe a field itself, not a condition (`if`/`then`/`not`/`contains`) on it. */
const CONDITIONAL = /\/(if|then|else|not|contains)(\/|$)/;

/** A value of a list: a bare token (`known_frame`, `mp-channel`, `application/pdf`, `OUT_OF_PLACE_LANGUAGE`). */
const TOKEN = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/** Words that type a field rather than give one of its values (`longitude: numbers`, `{ratio: number}`). */
const TYPE_WORD = /^(integers?|numbers?|strings?|booleans?|arrays?|objects?|timestamps?|null(able)?)$/i;

const split = (list: string) =>
  list
    .split(/,\s*|;\s*|\s+or\s+/)
    .map((item) => item.trim().replace(/\.$/, ''))
    .filter(Boolean);

/** `(a, b or c)`: a list of two or more bare tokens, or of `token: meaning` / `token (meaning)` items. */
function bracketList(text: string): string[] | undefined {
  const open = text.match(/^\s*\(/);
  if (!open) return undefined;
  let depth = 0;
  let end = -1;
  for (let i = open[0].length - 1; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const inner = text.slice(open[0].length, end);
  const items = split(inner.replace(/\([^)]*\)/g, ''));
  // `(integer, cashback)`, `(string or null)`: a type statement, not a value set.
  const bare = items.every((item) => TOKEN.test(item)) && !TYPE_WORD.test(items[0] ?? '');
  if (bare && items.length >= 2) return items;
  // `verified: tracked internally; not_verified: tracking information ...`
  const named = inner.split(/;\s*/).map((item) => item.match(/^\s*([A-Za-z0-9_./-]+):\s/)?.[1]);
  return named.length >= 2 && named.every((name) => name && !TYPE_WORD.test(name))
    ? (named as string[])
    : undefined;
}

/** A table cell holding a value set: `mshops, proximity`, `list of: a, b`, `Grouping: a, b`, `string (a, b or c)`. */
function cellList(cell: string): string[] | undefined {
  const afterType = cell.replace(/^(string|list of:?|array of string)\s*/i, '');
  const inBrackets = bracketList(afterType);
  if (inBrackets) return inBrackets;
  const afterColon = afterType.includes(':') ? afterType.slice(afterType.lastIndexOf(':') + 1) : afterType;
  const items = split(afterColon);
  return items.length >= 2 && items.every((item) => TOKEN.test(item)) && !TYPE_WORD.test(items[0] ?? '')
    ? items
    : undefined;
}

/** `<Words> values: a (meaning), b, c; d also occurs.`: the first token of each item. */
function sentenceList(quote: string, names: string[]): string[] | undefined {
  const found = quote.match(/^(.*?)\bvalues:\s*(.*)$/i);
  if (!found) return undefined;
  const subject = (found[1] as string).trim().toLowerCase();
  if (!names.some((name) => subject === name || subject.endsWith(` ${name}`) || name.endsWith(` ${subject}`)))
    return undefined;
  const items = (found[2] as string)
    .replace(/\([^)]*\)/g, '')
    .split(/[,;]\s*/)
    .map((item) => item.trim().split(/\s+/)[0]?.replace(/\.$/, '') ?? '')
    .filter(Boolean);
  return items.length >= 1 && items.every((item) => TOKEN.test(item)) ? items : undefined;
}

/**
 * A row of a table of states quoted on the field itself (`| paid | The order-related payment is credited |`),
 * or `The value manually_cancelled also occurs as an order status`: one value each.
 */
function stateRow(quote: string, field: string | undefined): string[][] {
  const cells = quote
    .trim()
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
  if (cells.length === 2 && TOKEN.test(cells[0] as string) && !TOKEN.test(cells[1] as string))
    return [[cells[0] as string]];
  const also =
    field &&
    quote.match(new RegExp(`The value (\\S+) also occurs as an? (?:\\w+ )?${escapeRegExp(field)}\\b`));
  return also ? [[also[1] as string]] : [];
}

/** The names a node answers to in a values sentence: its field, or the words of its component's name. */
function namesOf(field: string | undefined, pointer: string): string[] {
  if (field) return [field.toLowerCase().replace(/_/g, ' ')];
  const component = pointer.match(/^\/components\/schemas\/([A-Za-z]+)$/)?.[1];
  return component ? [component.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()] : [];
}

/**
 * The value lists a quote states for a field: right after its name (`type (text, range, boolean)`,
 * `x-format-new: true`, `tag=post_sale`), in the table cell after the one naming it
 * (`| channel | mshops, proximity, mp-channel, marketplace |`), or in a `<field> values:` sentence.
 */
export function statedValueLists(quote: string, field: string | undefined, pointer: string): string[][] {
  const lists: string[][] = [];
  const sentence = sentenceList(quote, namesOf(field, pointer));
  if (sentence) lists.push(sentence);
  if (!field) return lists;
  const name = new RegExp(`(^|[^A-Za-z0-9_.-])${escapeRegExp(field)}(?=$|[^A-Za-z0-9_-])`, 'g');
  for (const match of quote.matchAll(name)) {
    const after = quote.slice((match.index ?? 0) + match[0].length);
    const inBrackets = bracketList(after);
    if (inBrackets) lists.push(inBrackets);
    const single = after.match(/^(?::\s*|=)([A-Za-z0-9_-]+)(?=\s*($|[,;|)}]|\.(\s|$)))/)?.[1];
    if (single && !TYPE_WORD.test(single)) lists.push([single]);
    const assigned = after.match(/^=([A-Za-z0-9_-]+)/)?.[1];
    if (assigned) lists.push([assigned]);
  }
  if (quote.trim().startsWith('|')) {
    const cells = quote.split('|').map((cell) => cell.trim());
    const head = cells.findIndex((cell) => cell.split(/,\s*/).includes(field));
    const list = head >= 0 && cells[head + 1] !== undefined ? cellList(cells[head + 1] as string) : undefined;
    if (list) lists.push(list);
  }
  return lists;
}

/** A field of the spec whose quotes state its value set. */
interface StatedValues {
  pointer: string;
  node: Node;
  /** Every value some quote in scope lists for it. */
  values: string[];
}

/** Every property, parameter and named component whose quotes in scope state a value set. */
export function statedValueFields(doc: Node): StatedValues[] {
  const found: StatedValues[] = [];
  for (const visit of visitDocument(doc)) {
    if (CONDITIONAL.test(visit.pointer)) continue;
    const isProperty = !!visit.field && visit.pointer.endsWith(`/properties/${visit.field}`);
    const isElement = !!visit.field && visit.pointer.endsWith(`/properties/${visit.field}/items`);
    const isParameter = !!visit.field && visit.pointer.endsWith('/schema') && visit.path.length === 1;
    const isComponent = /^\/components\/schemas\/[A-Za-z]+$/.test(visit.pointer);
    if (!isProperty && !isElement && !isParameter && !isComponent) continue;
    // An object's list names its fields; an array's belongs to its `items`.
    if (
      visit.node.properties ||
      visit.node.type === 'object' ||
      visit.node.items ||
      visit.node.type === 'array'
    )
      continue;
    const quotes = isComponent ? quotesOf(visit.node) : visit.quotes;
    const lists = quotes.flatMap((quote) => statedValueLists(quote, visit.field, visit.pointer));
    lists.push(...visit.ownQuotes.flatMap((quote) => stateRow(quote, visit.field)));
    const values = [...new Set(lists.flat())];
    if (values.length) found.push({ pointer: visit.pointer, node: visit.node, values });
  }
  return found;
}

function resolve(doc: Node, ref: string): Node | undefined {
  let at: unknown = doc;
  for (const segment of ref.slice(2).split('/'))
    at = (at as Node | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at && typeof at === 'object' ? (at as Node) : undefined;
}

/** The values a node's `enum`/`const` admit, following `$ref` and `allOf`/`anyOf`/`oneOf`; undefined when open. */
function carriedValues(doc: Node, node: Node | undefined, depth = 0): string[] | undefined {
  if (!node || depth > 20) return undefined;
  if (Array.isArray(node.enum)) return node.enum.map(String);
  if ('const' in node) return [String(node.const)];
  if (typeof node.$ref === 'string') return carriedValues(doc, resolve(doc, node.$ref), depth + 1);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const members = node[key];
    if (!Array.isArray(members)) continue;
    const sets = members.map((member) => carriedValues(doc, member as Node, depth + 1));
    if (key === 'allOf') return sets.find((set) => set !== undefined);
    if (sets.some((set) => set === undefined)) return undefined;
    return [...new Set(sets.flat() as string[])];
  }
  return undefined;
}

/** Every field whose quotes state values its schema does not hold as a closed set, as `pointer: why`. */
export function valueSetsNotKept(doc: Node, excused: Record<string, string> = {}): string[] {
  return statedValueFields(doc)
    .filter((field) => !(field.pointer in excused))
    .flatMap((field) => {
      const carried = carriedValues(doc, field.node);
      if (!carried)
        return [`${field.pointer}: the quotes state ${field.values.join(', ')}; it carries no enum`];
      const missing = field.values.filter((value) => !carried.includes(value));
      return missing.length
        ? [`${field.pointer}: the quotes state ${missing.join(', ')}; its enum lacks them`]
        : [];
    });
}

/** A value no list of the reference holds. */
export const NOT_LISTED = '__a value no list of the reference holds__';

/** Every field with a stated value set whose schema lets a value outside it through, as `pointer: why`. */
export function valueSetsNotRefused(
  doc: Node,
  accepts: (pointer: string, value: unknown) => boolean,
  excused: Record<string, string> = {},
): string[] {
  return statedValueFields(doc)
    .filter((field) => !(field.pointer in excused) && accepts(field.pointer, NOT_LISTED))
    .map((field) => `${field.pointer}: states ${field.values.join(', ')}, accepts "${NOT_LISTED}"`);
}

/** A field the quotes list on an object, though the reference makes its presence conditional. */
export interface ConditionalPresence {
  fields: string[];
  /** The sentence of the reference that makes them conditional, verbatim. */
  quote: string;
}

const names = (quote: string, word: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(word)}($|[^A-Za-z0-9_])`).test(quote);

/**
 * Every object of the document with the fields its quotes in scope name: the project's rule is that
 * a field the reference lists for an object is present in it (required), unless the reference says
 * otherwise (`in some responses`, `depending on type`, `exist only if`).
 */
export function listedFields(doc: Node): { pointer: string; node: Node; listed: string[] }[] {
  return visitDocument(doc)
    .filter((visit) => !CONDITIONAL.test(visit.pointer) && visit.node.properties)
    .map((visit) => ({
      pointer: visit.pointer,
      node: visit.node,
      listed: Object.keys(visit.node.properties as Node).filter((name) =>
        visit.quotes.some((quote) => names(quote, name)),
      ),
    }))
    .filter((object) => object.listed.length > 0);
}

/** Every listed field an object does not require, unless excused by a conditional sentence, as `pointer: why`. */
export function listedNotRequired(
  doc: Node,
  conditional: Record<string, ConditionalPresence> = {},
): string[] {
  return listedFields(doc).flatMap(({ pointer, node, listed }) => {
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const excused = conditional[pointer]?.fields ?? [];
    return listed
      .filter((name) => !required.includes(name) && !excused.includes(name))
      .map((name) => `${pointer}: the quotes list ${name}; it is not required`);
  });
}
