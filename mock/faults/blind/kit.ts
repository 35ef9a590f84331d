/**
 * The interface of a blind batch (issue 44): regressions of the mock written by an author whose only
 * inputs are the reference and this interface, never the suite. A batch is a folder `NN/` whose
 * `index.ts` exports `BATCH: BlindFault[]`; `batches.ts` lists the folders.
 */
import type { FastifyInstance } from 'fastify';

/** A request a read-only client holding the seller's and the buyer's tokens could send. */
export interface Witness {
  /** Whose token goes with the request: the profile's seller (2001), its buyer (3001), or none. */
  as: 'seller' | 'buyer' | 'anonymous';
  method: 'GET';
  /** Path and query, e.g. `/orders/2000000005?x=1`. */
  url: string;
  headers?: Record<string, string>;
}

/** A realistic regression a server team could ship, breaking one rule of the reference. */
export interface BlindFault {
  /** Unique over every batch, kebab-case. */
  name: string;
  /** What the regression does, in one or two sentences. */
  description: string;
  /** The kind of bug a real team would ship: a serializer, a cache key, a join, a parser, a unit... */
  bugClass: string;
  /** The reference's own words for the rule the fault breaks (marketplace-api.md). */
  quote: string;
  /** Whether the reference states the rule in so many words, or implies it. */
  basis: 'stated' | 'implied';
  /** Which users and which data can see the fault. */
  visibleTo: string;
  /** Set when only a write (upload, send, delete) shows it: why no read can. */
  needsWrite?: string;
  /** Read-only requests whose answers the fault changes on the mock (none when it needs a write). */
  witnesses: Witness[];
  install(app: FastifyInstance): void;
}
