import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import type { AnySchema, ValidateFunction } from 'ajv';
import { cacheFile, readCache, writeCache } from '../cache/disk-cache.ts';

const require = createRequire(import.meta.url);
const OPTIONS = { allErrors: false, coerceTypes: true, useDefaults: true } as const;

/** Compiled here, not required: Playwright's require hook would transpile it with babel in every worker. */
function loadCompiled(code: string, path: string): ValidateFunction {
  const module = { exports: {} as ValidateFunction };
  compileFunction(code, ['module', 'exports', 'require'], { filename: path })(
    module,
    module.exports,
    require,
  );
  return module.exports;
}

/** Compiles the schema and keeps its ajv standalone code for the next process. */
function compileAndCache(schema: AnySchema, path: string): ValidateFunction {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standalone = require('ajv/dist/standalone/index.js') as {
    default: (ajv: unknown, validate: unknown) => string;
  };
  const ajv = new Ajv({ ...OPTIONS, code: { source: true } });
  const validate = ajv.compile(schema);
  writeCache(path, standalone.default(ajv, validate));
  return validate;
}

/**
 * The profile's validator (coercing numeric strings, filling defaults). Every process of a run parses a
 * profile (the runner's config, each worker, preflight, verdict, reports, and again in every nested run of
 * the project's tests): compiled once into `.cache/` (named by the schema, the options and ajv's version),
 * each later process loads the generated code instead of loading ajv's compiler and compiling (about 0.3 CPU-s).
 */
export function profileValidator(schema: AnySchema): ValidateFunction {
  const { version } = require('ajv/package.json') as { version: string };
  const path = cacheFile('profile-validator', [schema, OPTIONS, version], 'cjs');
  const code = readCache(path);
  return code === undefined ? compileAndCache(schema, path) : loadCompiled(code, path);
}
