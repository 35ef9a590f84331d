import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ProfileError, profilePath } from '../profile/load.ts';
import { runProfile } from '../profile/run-env.ts';
import type { TargetProfile } from '../profile/types.ts';
import { projectRoot } from './spec.ts';

/**
 * A known deviation of a target: what check found it, on which operation, at which field (or, for a
 * failing test, which test), why it is accepted for now and since when. One per line of the baseline.
 */
export interface KnownDeviation {
  /** A check name (`responseSchemaConformance`, ...) or `test` for a test that fails on its own assertion. */
  check: string;
  /** `GET /orders/{order_id}`; for a test, its file. */
  operation: string;
  /** The field (`payments[].id`, `status 422`) or, for a test, its title. */
  field: string;
  /**
   * violation or omission (absent: violation). Part of the key: a baselined omission of a field does
   * not hide a later wrong type there.
   */
  level?: 'violation' | 'omission';
  /** The schema keyword broken (`type`, `enum`, `required`…), when a schema check found it. Part of the key. */
  keyword?: string;
  reason: string;
  /** YYYY-MM-DD, when it was recorded. */
  date: string;
}

export type DeviationKey = Pick<KnownDeviation, 'check' | 'operation' | 'field' | 'level' | 'keyword'>;

/**
 * check, operation, field, level and schema keyword: one line of the baseline hides one kind of
 * deviation at one place. A line written before level and keyword were recorded has neither and keys
 * as it did (check, operation, field); `--update-baseline` rewrites it with both.
 */
export const keyOf = ({ check, operation, field, level, keyword }: DeviationKey): string =>
  [check, operation, field, ...(level ? [level] : []), ...(level && keyword ? [keyword] : [])].join(' | ');

/**
 * Where two checks put every finding before findings carried their place (`error body.cause`,
 * `header X-Content-Missing`): a line written then still hides them until `--update-baseline` rewrites it.
 */
const FORMER_FIELDS: Record<string, { prefix: string; former: string }> = {
  errorShapeConformance: { prefix: 'error body', former: 'error body' },
  responseHeadersConformance: { prefix: 'header ', former: 'headers' },
};

function formerField({ check, field }: DeviationKey): string | undefined {
  const former = FORMER_FIELDS[check];
  return former && field.startsWith(former.prefix) && field !== former.former ? former.former : undefined;
}

/** The keys of baseline lines that would hide a deviation: its own, without keyword, without level (older lines). */
export function candidateKeys(deviation: DeviationKey): string[] {
  const { check, operation, field, level, keyword } = deviation;
  const former = formerField(deviation);
  return [
    keyOf({ check, operation, field, level, keyword }),
    keyOf({ check, operation, field, level }),
    keyOf({ check, operation, field }),
    ...(former
      ? [keyOf({ check, operation, field: former, level }), keyOf({ check, operation, field: former })]
      : []),
  ];
}

/** Whether a baseline (its keys) holds a line hiding the deviation. */
export const isKnown = (keys: ReadonlySet<string>, deviation: DeviationKey): boolean =>
  candidateKeys(deviation).some((key) => keys.has(key));

/** The baseline file of a target: BASELINE, else the profile's `baseline`; undefined when neither is set. */
export function baselinePath(target: Pick<TargetProfile, 'baseline'>, env = process.env): string | undefined {
  const path = env.BASELINE || target.baseline;
  if (!path) return undefined;
  return isAbsolute(path) ? path : join(projectRoot, path);
}

/** Reads a baseline: one JSON object per line; blank lines and lines starting with # are ignored. */
export function readBaseline(path: string | undefined): KnownDeviation[] {
  if (!path || !existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '' && !line.startsWith('#'))
    .map(([line, number]) => {
      try {
        const entry = JSON.parse(line) as KnownDeviation;
        if (!entry.check || !entry.operation || !entry.field)
          throw new Error('check, operation and field are required');
        return entry;
      } catch (error) {
        throw new Error(`${path}:${number}: not a known deviation (${(error as Error).message})`);
      }
    });
}

/** Writes a baseline, one deviation per line, so that removing a line removes one deviation. */
export function writeBaseline(path: string, deviations: KnownDeviation[]): void {
  const header = '# Known deviations of this target: {check, operation, field, reason, date}, one per line.';
  const lines = [...deviations]
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)))
    .map((d) =>
      JSON.stringify({
        check: d.check,
        operation: d.operation,
        field: d.field,
        level: d.level ?? 'violation',
        ...(d.keyword ? { keyword: d.keyword } : {}),
        reason: d.reason,
        date: d.date,
      }),
    );
  writeFileSync(path, `${[header, ...lines].join('\n')}\n`);
}

/** The run's profile name and baseline; a profile whose secrets are not set here still names its baseline. */
export function runBaselineTarget(
  env = process.env,
): Pick<TargetProfile, 'name' | 'baseline' | 'memory' | 'isMock'> {
  try {
    return runProfile(env);
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    const raw = JSON.parse(readFileSync(profilePath(env.TARGET ?? 'mock'), 'utf8')) as TargetProfile;
    return { name: raw.name, baseline: raw.baseline, memory: raw.memory, isMock: raw.isMock };
  }
}
