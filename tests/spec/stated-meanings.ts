import { escapeRegExp, visitDocument } from './keyword-backing.ts';
import { statedTypes } from './stated-types.ts';

// Issue 20, item 4: the bundled spec reads as documentation; a property the reference gives a
// meaning carries it in a description (Redoc shows descriptions, not the x-reference quotes).

type Node = Record<string, unknown>;

/** Schema positions that describe a field itself, not a condition on it. */
const CONDITIONAL = /\/(if|then|else|not|contains)(\/|$)/;

/** Prose: two words or more that do not open with a type phrase (`integer or numeric string`, `array of {id, name}`). */
const isProse = (text: string) => /[a-z]{2,}\s+[a-z]{2,}/i.test(text) && statedTypes(text).length === 0;

/** The meaning a quote gives a field: a prose cell of the row it heads, or a prose parenthesis after its name. */
export function statedMeaning(quote: string, field: string): string | undefined {
  if (quote.trim().startsWith('|')) {
    const cells = quote
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean);
    if (cells[0]?.split(/,\s*/).includes(field)) {
      const prose = cells.slice(1).find(isProse);
      if (prose) return prose;
    }
  }
  const after = quote.match(new RegExp(`(^|[\\s,{])${escapeRegExp(field)} \\(([^()]*)\\)`));
  const inner = after?.[2];
  return inner && isProse(inner) ? inner : undefined;
}

/** Every property of the document whose quotes give it a meaning but which carries no description. */
export function meaningsNotShown(doc: Node): string[] {
  return visitDocument(doc)
    .filter((visit) => visit.field && visit.pointer.endsWith(`/properties/${visit.field}`))
    .filter((visit) => !CONDITIONAL.test(visit.pointer))
    .filter((visit) => !visit.node.description && !visit.node.$ref)
    .flatMap((visit) => {
      const meaning = visit.quotes.map((q) => statedMeaning(q, visit.field as string)).find(Boolean);
      return meaning ? [`${visit.pointer}: the reference says "${meaning}"`] : [];
    });
}
