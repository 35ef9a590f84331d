import { expect, test } from '@playwright/test';
import { loadSpec, type OpenApiDocument, type Spec } from '../../lib/checks/spec.ts';

// The other half of issue 20's item 1 (the types are stated-types.spec.ts): every value set and every
// required field of a component schema is fed a value that breaks it, and the schema must refuse it.

type Node = Record<string, unknown>;
const spec = loadSpec();

/** Schema positions that describe a field itself, not a condition on it. */
const CONDITIONAL = /\/(if|then|else|not|contains)(\/|$)/;

function* schemaNodes(node: unknown, pointer: string): Generator<[string, Node]> {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const record = node as Node;
  yield [pointer, record];
  for (const key of ['properties', 'items', 'allOf', 'anyOf', 'oneOf'] as const) {
    const child = record[key];
    if (key === 'items') yield* schemaNodes(child, `${pointer}/items`);
    else if (Array.isArray(child))
      for (const [i, c] of child.entries()) yield* schemaNodes(c, `${pointer}/${key}/${i}`);
    else if (child && typeof child === 'object')
      for (const [name, c] of Object.entries(child as Node))
        yield* schemaNodes(c, `${pointer}/${key}/${name}`);
  }
}

function componentNodes(doc: OpenApiDocument): [string, Node][] {
  const schemas = (doc.components?.schemas ?? {}) as Node;
  return Object.entries(schemas)
    .flatMap(([name, schema]) => [...schemaNodes(schema, `/components/schemas/${name}`)])
    .filter(([pointer]) => !CONDITIONAL.test(pointer));
}

const NOT_LISTED = '__a value no list of the reference holds__';

/** Every enum of a component that lets through a value outside its list, as `pointer: why`. */
function enumsNotEnforced(described: Spec): string[] {
  return componentNodes(described.doc)
    .filter(([, node]) => Array.isArray(node.enum))
    .filter(([pointer]) => described.validate(pointer, NOT_LISTED).length === 0)
    .map(
      ([pointer, node]) => `${pointer}: enum ${(node.enum as unknown[]).join(', ')} accepts "${NOT_LISTED}"`,
    );
}

/** Every required field of a component object that an answer may leave out unnoticed, as `pointer: why`. */
function requiredNotEnforced(described: Spec): string[] {
  return componentNodes(described.doc)
    .filter(([, node]) => Array.isArray(node.required) && node.type === 'object')
    .flatMap(([pointer, node]) => {
      const missing = new Set(
        described
          .validate(pointer, {})
          .filter((error) => error.keyword === 'required' && error.instancePath === '')
          .map((error) => String((error.params as { missingProperty?: unknown }).missingProperty)),
      );
      return (node.required as string[])
        .filter((name) => !missing.has(name))
        .map((name) => `${pointer}: required ${name} is not reported missing from {}`);
    });
}

test.describe('spec: every stated value set and required field refuses a breaking value', () => {
  test('refuses a value outside each enum', () => {
    const enums = componentNodes(spec.doc).filter(([, node]) => Array.isArray(node.enum));
    expect(enums.length).toBeGreaterThan(10);
    expect(enumsNotEnforced(spec)).toEqual([]);
  });

  test('reports each required field missing from an empty object', () => {
    const objects = componentNodes(spec.doc).filter(([, node]) => Array.isArray(node.required));
    expect(objects.length).toBeGreaterThan(30);
    expect(requiredNotEnforced(spec)).toEqual([]);
  });
});
