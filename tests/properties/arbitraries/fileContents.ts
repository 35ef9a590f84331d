import fc from 'fast-check';

/** Bytes of a small linear congruential generator: every byte value turns up, the same seed gives the same file. */
function bytesFrom(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/**
 * Any non-empty content, every byte value possible (the download must give back each one): a few
 * bytes drawn one by one, or up to 16 KiB drawn from a length and a seed, so that a failure shrinks
 * in a few dozen requests instead of one per byte.
 */
export const nonEmptyBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(fc.integer({ min: 1, max: 16 * 1024 }), fc.integer({ min: 0, max: 0xffffffff }))
    .map(([length, seed]) => bytesFrom(length, seed)),
);

/** Content types an attachment may declare. */
export const attachmentMimeType: fc.Arbitrary<string> = fc.constantFrom(
  'application/octet-stream',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv',
);
