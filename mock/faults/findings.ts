import { type Fault, onJson } from './kit.ts';

/**
 * Regressions that discovery would hide if it took its data from the very answer under test: the
 * test compares what discovery found with the list it was taken from, and passes (audit B5).
 */

type Json = Record<string, unknown>;

/** The reference's {categories: [...]} or the bare array: either, without its first element. */
function withoutFirst(body: Json | unknown[]): unknown {
  if (Array.isArray(body)) return body.slice(1);
  const categories = (body as Json).categories;
  return Array.isArray(categories) ? { ...body, categories: categories.slice(1) } : body;
}

export const FINDINGS_FAULTS: readonly Fault[] = [
  {
    name: 'site-categories-root-left-out',
    requirement: 'CAT-SITE-FIELDS',
    description:
      "the site's list of top-level categories leaves out its first one, the root of the items the seller sold",
    install: (app) => onJson(app, 'GET /sites/:site_id/categories', (body) => withoutFirst(body)),
  },
];
