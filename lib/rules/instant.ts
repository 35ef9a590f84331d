/**
 * The instant of an ISO 8601 timestamp in any form the reference allows ("ISO 8601 strings with an
 * offset or with Z"): Date.parse reads only ±hh:mm and Z, so the basic (-0300) and hour-only (-03)
 * offsets and a decimal comma are rewritten first. NaN for anything that is not a timestamp.
 */
export function instantOf(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  if (!value.includes('T')) return Date.parse(value);
  const extended = value
    .replace(/,(\d+)/, '.$1')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
    .replace(/([+-]\d{2})$/, '$1:00');
  return Date.parse(extended);
}
