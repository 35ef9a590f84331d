import fc from 'fast-check';

/**
 * A printable ISO-8859-1 character. C0 and C1 controls are left out: whether a text may carry them
 * is something the reference does not decide.
 */
export const latin1Char: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xff }) },
  )
  .map((code) => String.fromCharCode(code));

/** Makes a blank text non-blank: a whitespace-only message is another thing the reference leaves open. */
function notBlank(text: string): string {
  return /\S/.test(text) ? text : `x${text.slice(1)}`;
}

/** A text of exactly `length` printable ISO-8859-1 characters, at least one of them not blank. */
export function latin1Text(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: latin1Char, minLength: length, maxLength: length }).map(notBlank);
}

/** Lengths on both sides of a limit, with the boundary itself and its neighbours drawn often. */
export function lengthAround(limit: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(limit - 1, limit, limit + 1),
    fc.integer({ min: 1, max: limit }),
    fc.integer({ min: limit + 1, max: limit + Math.ceil(limit / 4) }),
  );
}

/** A text whose length (in characters) is around the limit, with the length alongside. */
export function latin1TextAround(limit: number): fc.Arbitrary<{ length: number; text: string }> {
  return lengthAround(limit).chain((length) => latin1Text(length).map((text) => ({ length, text })));
}

/**
 * A character outside ISO-8859-1 that no emoticon set holds: Windows-1252 punctuation (the usual
 * confusion with ISO-8859-1) and letters of other scripts.
 */
export const nonLatin1Char: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('€', '‘', '’', '“', '”', '–', '—', '…', 'Œ', 'œ', 'Š') },
  fc.integer({ min: 0x100, max: 0x24f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x391, max: 0x3c9 }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x410, max: 0x44f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code)),
);

/** A short ISO-8859-1 text (well under 350 characters) with one or more foreign characters in it. */
export const textWithForeignChars: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: latin1Char, maxLength: 80 }),
    // mostly one: a server that lets one class of characters through is caught by texts with one of them
    fc.oneof(
      { weight: 3, arbitrary: nonLatin1Char },
      fc.array(nonLatin1Char, { minLength: 2, maxLength: 3 }),
    ),
    fc.string({ unit: latin1Char, maxLength: 80 }),
  )
  .map(([before, foreign, after]) => `${before}${[foreign].flat().join('')}${after}`);

/** The mock's permitted emoticons (spec: MessageCreate x-mock-behaviour); the reference gives none. */
export const mockEmoticon: fc.Arbitrary<string> = fc.constantFrom(
  '😀',
  '😃',
  '😉',
  '🙂',
  '🙁',
  '😢',
  '👍',
  '👎',
  '🙏',
  '❤',
  '❤️',
);

/** A text of `length` characters (code points; ❤️ counts as two) mixing ISO-8859-1 and the mock's emoticons. */
export function textWithMockEmoticons(length: number): fc.Arbitrary<string> {
  const unit = fc.oneof({ weight: 3, arbitrary: latin1Char }, { weight: 1, arbitrary: mockEmoticon });
  return fc
    .array(unit, { minLength: length, maxLength: length })
    .map((units) => notBlank(Array.from(units.join('')).slice(0, length).join('')));
}

export const SELLER_MAX = 350;
export const BUYER_MAX = 3500;

/** A text for a sender whose limit is `max`: mostly accepted ones, sometimes one the reference refuses. */
export function textCase(
  max: number,
  lengthRule: string,
): fc.Arbitrary<{ text: string; refusedBy?: string }> {
  const valid = fc
    .oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) }, fc.integer({ min: max - 5, max }))
    .chain(latin1Text)
    .map((text) => ({ text }));
  const tooLong = fc
    .integer({ min: max + 1, max: max + 10 })
    .chain(latin1Text)
    .map((text) => ({ text, refusedBy: lengthRule }));
  const foreign = textWithForeignChars.map((text) => ({ text, refusedBy: 'MSG-CREATE-ERR-CHARSET' }));
  return fc.oneof({ weight: 4, arbitrary: valid }, tooLong, foreign);
}
