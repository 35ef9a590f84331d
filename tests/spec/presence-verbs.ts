import { quotesOf } from './keyword-backing.ts';

/**
 * Presence read from the reference one way (issue 35): a field the reference says a resource contains,
 * has, carries, consists of, gives as `Object {x: …}` / `Object with x` / `… response: {x: …}` / `have
 * the shape {x: …}`, gives as its keys, says is "Present in search results", "(empty array when none)",
 * "are present", "are null", that a response is given as (`Delivery promise (estimated_delivery_time)
 * of the shipment`), or that a rule says "come from" an answer, is stated always present
 * (`x-presence-stated`); a field the reference only lists is not.
 */

type Node = Record<string, unknown>;

/** What one quote says is present: `fields` (dotted paths) of the `subject` (property path from the quote's node). */
export interface Statement {
  subject: string[];
  fields: string[];
}

/** One statement placed: the object schema that must state `field`, and the quote that says so. */
export interface Placed {
  pointer: string;
  field: string;
  quote: string;
}

const IDENTIFIER = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*/;
const STOPWORDS = new Set(['the', 'also', 'each', 'a', 'an', 'in', 'search', 'results']);
/** What may follow a list element: the list goes on, or the clause ends. */
const AFTER_ELEMENT = /^(?:$|\s*\(|,|\s+and\s|;|\s*\||\.|:|\s*\})/;
const SEPARATOR = /^(?:,\s+and\s+|,\s+|\s+and\s+)/;

function skipParens(text: string): string {
  if (!text.startsWith(' (') && !text.startsWith('(')) return text;
  let depth = 0;
  const start = text.indexOf('(');
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(i + 1);
  }
  return '';
}

/** `id (integer), the shipment id` → [id]; `purchase and sale, each nullable` → [purchase, sale]. */
export function listAfter(text: string): string[] {
  const found: string[] = [];
  let rest = text.replace(/^keys\s+/, '');
  for (;;) {
    const name = IDENTIFIER.exec(rest)?.[0];
    if (!name || (found.length > 0 && !AFTER_ELEMENT.test(rest.slice(name.length)))) break;
    if (name === 'no') break;
    found.push(name);
    rest = skipParens(rest.slice(name.length));
    const separator = SEPARATOR.exec(rest)?.[0];
    if (!separator) break;
    rest = rest.slice(separator.length);
  }
  return found;
}

/** `only id, transaction_amount, status` (the text before "are present") → [id, transaction_amount, status]. */
export function listBefore(text: string): string[] {
  const found: string[] = [];
  let rest = text.trimEnd();
  for (;;) {
    const name = /([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)$/.exec(rest)?.[1];
    if (!name) break;
    found.unshift(name);
    rest = rest.slice(0, -name.length);
    const separator = /(?:,\s+and\s+|,\s+|\s+and\s+)$/.exec(rest)?.[0];
    if (!separator) break;
    rest = rest.slice(0, -separator.length);
  }
  return found;
}

/** The names at the top level of the first `{…}` of text: `{status: object} with: …` → [status]. */
function braceNames(text: string): string[] {
  const open = text.indexOf('{');
  let depth = 0;
  let current = '';
  const parts: string[] = [];
  for (const char of text.slice(open)) {
    if (char === '{') depth++;
    if (char === '}') depth--;
    if (depth === 0) break;
    if (depth === 1 && char === ',') {
      parts.push(current);
      current = '';
    } else if (!(depth === 1 && char === '{')) current += char;
  }
  parts.push(current);
  return parts.map((part) => IDENTIFIER.exec(part.trim())?.[0]).filter((name): name is string => !!name);
}

/** The property path a verb's clause names before it: `the destination extended_attributes carries` → [destination, extended_attributes]. */
function clauseSubject(before: string): string[] | undefined {
  const clause =
    before
      .split(/;|\(|\)|,|\s+and\s+|:|\|/)
      .pop()
      ?.trim() ?? '';
  if (clause === '' || /^[A-Z]/.test(clause)) return [];
  const words = clause.split(/\s+/).filter((word) => !STOPWORDS.has(word));
  return words.every((word) => IDENTIFIER.test(word)) ? words : undefined;
}

const VERB = /\b(contains|Contains|has|Has|carry|carries|consists of)\s+(?!the shape)/g;

/** Everything one quote states present. A table row's first cell names its subject. */
export function statementsOf(quote: string): Statement[] {
  const row = quote.trimStart().startsWith('|');
  const cells = quote.split('|').map((cell) => cell.trim());
  const names = row ? (cells[1] ?? '').split(/,\s*/).filter((name) => IDENTIFIER.test(name)) : [];
  const subjects = row && names.length ? names.map((name) => [name]) : [[]];
  const found: Statement[] = [];
  for (const text of row ? cells.slice(2).filter(Boolean) : [quote])
    found.push(...saidIn(text, names, subjects));
  return found;
}

/** What one sentence or table cell states; `names` are its row's first cell, `subjects` the row's subjects. */
function saidIn(text: string, names: string[], subjects: string[][]): Statement[] {
  const found: Statement[] = [];
  const state = (subject: string[], fields: string[]) => {
    if (fields.length) found.push({ subject, fields });
  };
  if (/Present in search results|\(empty array when none\)/.test(text)) state([], names);
  for (const match of text.matchAll(/\bObject\s*\{|\bresponse:\s*\{|\bhave the shape\s*\{/g))
    state([], braceNames(text.slice(match.index)));
  for (const match of text.matchAll(/\bObject with ([a-z_]+)/g)) state([], [match[1] as string]);
  for (const match of text.matchAll(/(.*?)\b(?:are present|are null|come from GET)\b/g))
    state([], listBefore((match[1] as string).replace(/\bonly\s*$/, '')));
  // A response given as its one field: `Delivery promise (estimated_delivery_time) of the shipment`.
  const single = /^[A-Z][a-z]+(?: [a-z]+)* \(([a-z_]+)\) of the [a-z]+$/.exec(text.trim());
  if (single) state([], [single[1] as string]);
  for (const subject of subjects) {
    if (/^Keys\s/.test(text)) state(subject, listAfter(text.slice(5)));
    for (const match of text.matchAll(VERB)) {
      const clause = clauseSubject(text.slice(0, match.index));
      if (clause) state([...subject, ...clause], listAfter(text.slice(match.index + match[0].length)));
    }
  }
  return found;
}

/** The node a `$ref` (`#/components/schemas/Order`) or a pointer names. */
function at(doc: Node, pointer: string): Node | undefined {
  let node: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Node)[key] : undefined;
  }
  return node && typeof node === 'object' ? (node as Node) : undefined;
}

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The schemas a value at `pointer` must meet that can hold properties: through $ref, allOf, anyOf, oneOf. */
function views(doc: Node, pointer: string, seen = new Set<string>()): string[] {
  const node = at(doc, pointer);
  if (!node || seen.has(pointer)) return [];
  seen.add(pointer);
  const found = [pointer];
  if (typeof node.$ref === 'string') found.push(...views(doc, node.$ref.slice(1), seen));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (Array.isArray(members))
      members.forEach((_, i) => {
        found.push(...views(doc, `${pointer}/${key}/${i}`, seen));
      });
  }
  return found;
}

const propertyOf = (doc: Node, view: string, name: string): string | undefined => {
  const properties = at(doc, view)?.properties as Node | undefined;
  return properties && name in properties ? `${view}/properties/${escapeKey(name)}` : undefined;
};

const holds = (doc: Node, view: string, name: string): boolean => {
  const node = at(doc, view);
  return !!propertyOf(doc, view, name) || (Array.isArray(node?.required) && node.required.includes(name));
};

/** The schemas that must state each field of one statement made at `pointer`; unplaced fields as `undefined` pointers. */
export function place(doc: Node, pointer: string, statement: Statement, quote: string): Placed[] {
  let nodes = [pointer];
  statement.subject.forEach((name, i) => {
    const below = nodes.flatMap((node) =>
      views(doc, node).flatMap((view) => propertyOf(doc, view, name) ?? []),
    );
    // A row quoted on the schema of the field it describes (`| buyer | … |` on OrderBuyer) names the schema itself.
    if (below.length || i > 0) nodes = below;
  });
  const placed: Placed[] = [];
  for (const path of statement.fields) {
    let current = nodes;
    for (const name of path.split('.')) {
      const holders = current.flatMap((node) => views(doc, node).filter((view) => holds(doc, view, name)));
      if (!holders.length) {
        placed.push({
          pointer: '',
          field: `${statement.subject.join('.')}${statement.subject.length ? '.' : ''}${path}`,
          quote,
        });
        break;
      }
      for (const holder of holders) placed.push({ pointer: holder, field: name, quote });
      current = holders.flatMap((holder) => propertyOf(doc, holder, name) ?? []);
    }
  }
  return placed;
}

/** Every node of the document with its pointer. */
function* nodes(node: unknown, pointer = ''): Generator<[string, Node]> {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [pointer, node as Node];
  for (const [key, value] of Object.entries(node)) yield* nodes(value, `${pointer}/${escapeKey(key)}`);
}

/** Every presence the quotes of the document state, placed on the schema that must state it. */
export function presenceStatedByQuotes(doc: Node): Placed[] {
  const placed: Placed[] = [];
  for (const [pointer, node] of nodes(doc)) {
    for (const quote of quotesOf(node))
      for (const statement of statementsOf(quote)) placed.push(...place(doc, pointer, statement, quote));
  }
  return placed;
}

/** Every `x-presence-stated` field of the document, by the pointer of its schema. */
export function presenceMarked(doc: Node): Placed[] {
  const marked: Placed[] = [];
  for (const [pointer, node] of nodes(doc)) {
    const stated = node['x-presence-stated'];
    if (Array.isArray(stated))
      for (const field of stated) marked.push({ pointer, field: String(field), quote: '' });
  }
  return marked;
}

/** Where the quotes and the marks disagree, one line each. */
export function presenceInconsistencies(doc: Node): string[] {
  const byQuotes = presenceStatedByQuotes(doc);
  const marked = presenceMarked(doc);
  const key = (p: Placed) => `${p.pointer} ${p.field}`;
  const markedKeys = new Set(marked.map(key));
  const quotedKeys = new Set(byQuotes.map(key));
  const lines = new Set<string>();
  for (const p of byQuotes) {
    if (!p.pointer) lines.add(`"${p.quote}" states ${p.field}, which no schema below the quote holds`);
    else if (!markedKeys.has(key(p)))
      lines.add(`${p.pointer}: ${p.field} is stated by "${p.quote}" but not x-presence-stated`);
  }
  for (const p of marked)
    if (!quotedKeys.has(key(p)))
      lines.add(`${p.pointer}: x-presence-stated ${p.field}, but no quote in scope says more than list it`);
  return [...lines].sort();
}
