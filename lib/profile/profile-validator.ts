import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFunction } from 'node:vm';
import type { AnySchema, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache', 'profile-validator');
const OPTIONS = { allErrors: false, coerceTypes: true, useDefaults: true } as const;

/** The cached code's name: the schema, the options and ajv's version, so a change of any compiles anew. */
function cacheKey(schema: AnySchema): string {
  const { version } = require('ajv/package.json') as { version: string };
  return createHash('sha256')
    .update(JSON.stringify([schema, OPTIONS, version]))
    .digest('hex')
    .slice(0, 32);
}

/** Compiled here, not required: Playwright's require hook would transpile it with babel in every worker. */
function loadCached(path: string): ValidateFunction {
  const module = { exports: {} as ValidateFunction };
  compileFunction(readFileSync(path, 'utf8'), ['module', 'exports', 'require'], { filename: path })(
    module,
    module.exports,
    require,
  );
  return module.exports;
}

/** Compiles the schema and keeps its ajv standalone code for the next process; a write that fails is only a loss of time. */
function compileAndCache(schema: AnySchema, path: string): ValidateFunction {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standalone = require('ajv/dist/standalone/index.js') as {
    default: (ajv: unknown, fn: unknown) => string;
  };
  const ajv = new Ajv({ ...OPTIONS, code: { source: true } });
  const validate = ajv.compile(schema);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, standalone.default(ajv, validate));
    renameSync(partial, path);
  } catch {
    // A read-only checkout: every process compiles, as before.
  }
  return validate;
}

/**
 * The profile's validator (coercing numeric strings, filling defaults). Every process of a run parses a
 * profile (the runner's config, each worker, preflight, verdict, reports, and again in every nested run of
 * the project's tests): compiled once into `.cache/`, each later process loads the generated code instead
 * of loading ajv's compiler and compiling (about 0.3 CPU-s each).
 */
export function profileValidator(schema: AnySchema): ValidateFunction {
  const path = join(cacheDir, `${cacheKey(schema)}.cjs`);
  try {
    return loadCached(path);
  } catch {
    return compileAndCache(schema, path);
  }
}
