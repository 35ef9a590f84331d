import type { ErrorObject } from 'ajv';
import { findingKind } from './real-responses.ts';
import type { FindingLevel } from './types.ts';

/** `/payments/0/id` → `payments[].id`: array positions do not distinguish one deviation from another. */
export function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? '[]' : segment.replace(/~1/g, '/').replace(/~0/g, '~')))
    .join('.')
    .replace(/\.\[\]/g, '[]');
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing) return path ? `${path}.${missing}` : missing;
  return path || '(body)';
}

/** The JSON pointer of the value a schema error is about (for a missing field, where it should be). */
export function pointerOf(error: ErrorObject): string {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (!missing) return error.instancePath;
  return `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** A required field absent is an omission unless its object schema says the reference states it always present. */
export const levelOf: (error: ErrorObject) => FindingLevel = findingKind;
