/**
 * A value the reference gives without a type, read as the number it spells: a number, or a numeric
 * string ("48", "12.5"); undefined for anything else (null, an empty string, a word). A faithful server
 * may send either form wherever the reference shows no type (mock/alternate `untyped-values`).
 */
export function numberIn(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}
