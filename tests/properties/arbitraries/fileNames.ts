import fc from 'fast-check';

const nameChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
const segment = (minLength: number) =>
  fc.string({ unit: fc.constantFrom(...nameChars), minLength, maxLength: 16 });
const extension = fc.constantFrom('pdf', 'txt', 'jpg', 'png', 'bin', 'xml', 'csv', 'doc');

/** A base name (no extension) any server should take. */
export const fileBaseName: fc.Arbitrary<string> = segment(1);

/** A file name any server should take: letters, digits, - and _, then an extension. */
export const legalFileName: fc.Arbitrary<string> = fc
  .tuple(segment(1), extension)
  .map(([base, ext]) => `${base}.${ext}`);

/** A file name with at least one / or \ in it, anywhere (first, last, between, repeated). */
export const nameWithSeparator: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(segment(0), fc.constantFrom('/', '\\')), { minLength: 1, maxLength: 3 }),
    segment(0),
    extension,
  )
  .map(([parts, last, ext]) => `${parts.map(([name, sep]) => name + sep).join('')}${last}.${ext}`);
