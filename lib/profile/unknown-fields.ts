/**
 * A profile field the schema does not know is refused, not ignored: `"requestPerSecond": 1` would
 * otherwise run the whole suite unpaced without a word. The message names the nearest valid field.
 */

interface SchemaNode {
  type?: string;
  properties?: Readonly<Record<string, SchemaNode>>;
  items?: SchemaNode;
}

/** Edit distance (insertions, deletions, substitutions), enough to tell a typo from another word. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_v, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The known name closest to `name`, when close enough to be its typo. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  // A name cut short or one letter off at its end (`maxRetry`, `maxRetries`) is the same name.
  const stem = lower.slice(0, -1);
  const byStem = stem.length >= 4 ? known.find((k) => k.toLowerCase().startsWith(stem)) : undefined;
  if (byStem) return byStem;
  const ranked = known
    .map((candidate) => ({ candidate, d: distance(lower, candidate.toLowerCase()) }))
    .sort((a, b) => a.d - b.d);
  const best = ranked[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined;
}

/** The first field of `value` the schema does not describe, as one line; undefined when there is none. */
export function unknownField(value: unknown, schema: SchemaNode, where = ''): string | undefined {
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      const found = unknownField(item, schema.items, `${where}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object' || !schema.properties) return undefined;
  const known = Object.keys(schema.properties);
  for (const [key, item] of Object.entries(value)) {
    // `$schema` lets an editor validate the file; it is no setting of the run.
    if (key === '$schema') continue;
    const child = schema.properties[key];
    if (!child) {
      const near = nearestName(key, known);
      return `${where}/${key}: unknown field${near ? `; did you mean ${near}?` : ` (known: ${known.join(', ')})`}`;
    }
    const found = unknownField(item, child, `${where}/${key}`);
    if (found) return found;
  }
  return undefined;
}
