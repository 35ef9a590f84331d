import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileValidator } from './profile-validator.ts';
import { profileSchema } from './schema.ts';
import type { ProfileInput, TargetProfile } from './types.ts';
import { unknownField } from './unknown-fields.ts';

const targetsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'targets');

/** A broken profile: its message is one line naming the profile and the field. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

/** Where a profile name or path points: `mock` → fixtures/targets/mock.json. */
export function profilePath(nameOrPath: string): string {
  if (nameOrPath.endsWith('.json')) return isAbsolute(nameOrPath) ? nameOrPath : resolve(nameOrPath);
  return join(targetsDir, `${nameOrPath}.json`);
}

export type Env = Record<string, string | undefined>;

/** Replaces every `${VAR}` in string values by the environment's value; a missing one names its field. */
function substituteEnv(value: unknown, env: Env, where: string, label: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
      const found = env[name];
      if (found === undefined || found === '') {
        throw new ProfileError(
          `target profile "${label}": ${where || '/'}: environment variable ${name} is not set`,
        );
      }
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => substituteEnv(item, env, `${where}/${i}`, label));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env, `${where}/${key}`, label)]),
    );
  }
  return value;
}

const validateProfile = profileValidator(profileSchema);

/** Validates a raw profile object: coerces numeric strings from the environment, names the first bad field. */
export function parseProfile(raw: unknown, label: string, env: Env = process.env): ProfileInput {
  const unknown = unknownField(raw, profileSchema);
  if (unknown) throw new ProfileError(`target profile "${label}": ${unknown}`);
  const data = substituteEnv(raw, env, '', label);
  if (data && typeof data === 'object' && !('name' in data)) Object.assign(data, { name: label });
  if (!validateProfile(data)) {
    const [first] = validateProfile.errors ?? [];
    const missing =
      first?.params && 'missingProperty' in first.params ? `/${String(first.params.missingProperty)}` : '';
    const field = `${first?.instancePath ?? ''}${missing}` || '/';
    throw new ProfileError(`target profile "${label}": ${field}: ${first?.message ?? 'is invalid'}`);
  }
  const profile = data as ProfileInput;
  const override = env.BASE_URL || env.MOCK_BASE_URL;
  if (override) profile.baseURL = override.replace(/\/+$/, '');
  return profile;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * BASE_URL alone runs the mock's profile (writes allowed, mock-only assertions on): acceptable for a
 * mock started apart on this machine, never for a foreign host, which must be described by a profile.
 */
function refuseForeignHostWithoutProfile(env: Env): void {
  if (!env.BASE_URL || env.TARGET) return;
  let host: string;
  try {
    host = new URL(env.BASE_URL).hostname;
  } catch {
    throw new ProfileError(`BASE_URL "${env.BASE_URL}" is not a URL`);
  }
  if (!LOOPBACK.has(host)) {
    throw new ProfileError(
      `BASE_URL ${host} is not a loopback host: set TARGET to a profile that describes it (see fixtures/targets/staging.example.json)`,
    );
  }
}

/**
 * Loads the profile named by TARGET (default `mock`). BASE_URL overrides its base URL (a target
 * already running); MOCK_BASE_URL is set by playwright.config.ts for the embedded mock it starts.
 */
export function loadProfile(env: Env = process.env): ProfileInput {
  refuseForeignHostWithoutProfile(env);
  const name = env.TARGET || 'mock';
  const path = profilePath(name);
  if (!existsSync(path)) throw new ProfileError(`target profile "${name}": file ${path} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ProfileError(
      `target profile "${name}": ${path} is not valid JSON (${(error as Error).message})`,
    );
  }
  return parseProfile(raw, name, env);
}

/** The placeholders a secret base URL is shown as: the whole URL, and its host alone. */
export function profilePlaceholders(
  profile: Pick<ProfileInput, 'baseURL' | 'secretBaseURL'>,
): Record<string, string> {
  if (!profile.secretBaseURL) return {};
  return { [profile.baseURL]: '[BASE_URL]', [new URL(profile.baseURL).host]: '[BASE_URL_HOST]' };
}

/** Every secret a report must never show: the tokens of all users, and the base URL when the profile says so. */
export function profileSecrets(profile: Pick<ProfileInput, 'users' | 'baseURL' | 'secretBaseURL'>): string[] {
  return [
    ...Object.values(profile.users).flatMap((user) => (user ? [user.token] : [])),
    ...Object.keys(profilePlaceholders(profile)),
  ];
}

/** The base URL as reports may show it. */
export function shownBaseURL(profile: Pick<ProfileInput, 'baseURL' | 'secretBaseURL'>): string {
  return profile.secretBaseURL ? '[BASE_URL]' : profile.baseURL;
}

/** The embedded mock's profile, which names every value (bench and project tools rely on it). */
export function loadMockProfile(env: Env = {}): TargetProfile {
  return loadProfile({ ...env, TARGET: 'mock' }) as TargetProfile;
}
