import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bundledSpecPath } from '../../lib/checks/spec.ts';
import { CHOICES } from '../../mock/alternate/index.ts';
import { BOUND_NOT_STATED, PLACE_RULES, ruleOf, TRANSPORT_PLACE } from '../../mock/alternate/places.ts';

// Issue 33, item 1: every place the reference leaves open has the set of answers the reference allows there,
// and the alternate mock's choices that draw among them (mock/alternate/places.ts). A new gap of the spec
// without a rule fails here; so does a rule naming a choice that does not exist.

interface Place {
  pointer: string;
  sentence: string;
}

/** Every sentence of every x-reference-gap and x-mock-behaviour of the bundled spec, with its node's pointer. */
function openPlaces(): Place[] {
  const document = JSON.parse(readFileSync(bundledSpecPath, 'utf8')) as unknown;
  const places: Place[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-reference-gap' || key === 'x-mock-behaviour') {
        for (const sentence of [value].flat())
          places.push({
            pointer,
            sentence: typeof sentence === 'string' ? sentence : JSON.stringify(sentence),
          });
      } else walk(value, `${pointer}/${key}`);
    }
  };
  walk(document, '');
  return places;
}

const places = openPlaces();
const choiceNames = new Set(CHOICES.map((choice) => choice.name));

test.describe('spec: every gap has a choice set', () => {
  test('finds the open places of the bundled spec', () => {
    expect(places.length).toBeGreaterThan(300);
  });

  test('gives every x-reference-gap and x-mock-behaviour of the spec a rule: the answers allowed there', () => {
    const without = places.filter((place) => !ruleOf(place.pointer, place.sentence));
    expect(without.map((place) => `${place.pointer}: ${place.sentence.slice(0, 120)}`)).toEqual([]);
  });

  test('draws every place a server answers with choices that exist, or quotes what allows one answer only', () => {
    const bad = [...PLACE_RULES, TRANSPORT_PLACE].flatMap((rule) => {
      const unknown = rule.drawnBy.filter((name) => !choiceNames.has(name));
      const undrawn = rule.drawnBy.length === 0 && !rule.noAnswer && !rule.fixedBy;
      return [
        ...unknown.map((name) => `${rule.at}: unknown choice ${name}`),
        ...(undrawn ? [`${rule.at}: no choice draws there and nothing fixes the answer`] : []),
      ];
    });
    expect(bad).toEqual([]);
  });

  test('uses every rule and names every choice of the alternate mock in some rule', () => {
    const used = new Set(places.map((place) => ruleOf(place.pointer, place.sentence)));
    const unused = PLACE_RULES.filter((rule) => !used.has(rule)).map((rule) => String(rule.at));
    expect(unused).toEqual([]);
    const named = new Set([...PLACE_RULES, TRANSPORT_PLACE].flatMap((rule) => rule.drawnBy));
    expect(CHOICES.map((choice) => choice.name).filter((name) => !named.has(name))).toEqual([]);
  });

  test('gives every bound the reference does not state a rule about that bound', () => {
    const bounds = places.filter((place) => BOUND_NOT_STATED.test(place.sentence));
    expect(bounds.length).toBeGreaterThan(0);
    const elsewhere = bounds.filter(
      (place) => ruleOf(place.pointer, place.sentence)?.sentence !== BOUND_NOT_STATED,
    );
    expect(elsewhere.map((place) => `${place.pointer}: ${place.sentence}`)).toEqual([]);
  });

  test("says how many places allow no answer past the mock's bound", () => {
    const fixed = places.filter((place) => ruleOf(place.pointer, place.sentence)?.fixedBy);
    test.info().annotations.push({
      type: 'one answer',
      description: `${fixed.length} of ${places.length} places (bounds the reference's words fix): no answer past the mock's bound is allowed there`,
    });
    expect(fixed.length).toBeLessThan(places.length / 2);
  });
});
