import fc from 'fast-check';

/** A well-formed zip code: the shape of a known one (same length, digits stay digits), any digits. */
function zipLike(known: string): fc.Arbitrary<string> {
  const digits = known.replace(/\D/g, '').length || 8;
  return fc.stringMatching(new RegExp(`^\\d{${digits}}$`));
}

/** A known zip code with its last digits changed: a neighbour a target is likely to know too. */
function nearbyZip(known: string): fc.Arbitrary<string> {
  const keep = Math.max(0, known.length - 3);
  return fc.stringMatching(/^\d{3}$/).map((tail) => `${known.slice(0, keep)}${tail}`.slice(0, known.length));
}

/** Zip codes a property sends: mostly the ones the target shows, plus generated well-formed ones. */
export function zipCodes(known: readonly string[]): fc.Arbitrary<string> {
  const shown = fc.constantFrom(...known);
  const first = known[0] ?? '01310100';
  return fc.oneof(
    { weight: 3, arbitrary: shown },
    { weight: 1, arbitrary: nearbyZip(first) },
    { weight: 1, arbitrary: zipLike(first) },
  );
}
