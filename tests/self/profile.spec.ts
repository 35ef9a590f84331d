import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadProfile, ProfileError, parseProfile, profilePath } from '../../lib/profile/load.ts';

const mockProfile = JSON.parse(readFileSync(profilePath('mock'), 'utf8')) as Record<string, unknown>;
const stagingExample = JSON.parse(readFileSync(profilePath('staging.example'), 'utf8')) as Record<
  string,
  unknown
>;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('expected a ProfileError');
}

test.describe('target profiles', () => {
  test('the mock profile is valid', () => {
    expect(parseProfile(mockProfile, 'mock', {}).isMock).toBe(true);
  });

  test('a missing field stops the run with one line naming it', () => {
    const users = mockProfile.users as Record<string, unknown>;
    const broken = { ...mockProfile, users: { ...users, buyer: undefined } };
    const message = messageOf(() => parseProfile(broken, 'broken', {}));
    expect(message).toBe('target profile "broken": /users/buyer: must have required property \'buyer\'');
    expect(message).not.toContain('\n');
  });

  test('a small profile needs only the base URL and the seller and buyer; it is read-only by default', () => {
    const small = {
      baseURL: 'https://staging.example.test',
      users: { seller: { id: 1, token: 't1' }, buyer: { id: 2, token: 't2' } },
    };
    const profile = parseProfile(small, 'small', {});
    expect(profile).toMatchObject({ name: 'small', isMock: false, allowsWrites: false });
    expect(profile.orders).toBeUndefined();
  });

  test('BASE_URL without TARGET is accepted only for a loopback host', () => {
    expect(loadProfile({ BASE_URL: 'http://127.0.0.1:4999' }).baseURL).toBe('http://127.0.0.1:4999');
    expect(loadProfile({ BASE_URL: 'http://localhost:4999' }).isMock).toBe(true);
    expect(messageOf(() => loadProfile({ BASE_URL: 'https://staging.example.test' }))).toMatch(
      /^BASE_URL staging\.example\.test is not a loopback host: set TARGET/,
    );
  });

  test('a malformed field is named with its path', () => {
    const users = mockProfile.users as Record<string, Record<string, unknown>>;
    const broken = { ...mockProfile, users: { ...users, buyer: { ...users.buyer, id: 'abc' } } };
    expect(messageOf(() => parseProfile(broken, 'broken', {}))).toContain('/users/buyer/id: must be integer');
  });

  test('an unset environment variable is named with the field that uses it', () => {
    expect(messageOf(() => parseProfile(stagingExample, 'staging', {}))).toBe(
      'target profile "staging": /baseURL: environment variable STAGING_BASE_URL is not set',
    );
  });

  test('values from the environment are substituted and numeric ones become numbers', () => {
    const env = new Proxy({} as Record<string, string>, {
      get: (_t, name: string) =>
        name.endsWith('_URL') ? 'https://staging.example.test' : name.includes('TOKEN') ? 'tok' : '7',
    });
    const profile = parseProfile(stagingExample, 'staging', env);
    expect(profile.users.seller.id).toBe(7);
    expect(profile.allowsWrites).toBe(false);
  });

  test('BASE_URL overrides the base URL of the profile', () => {
    expect(parseProfile(mockProfile, 'mock', { BASE_URL: 'http://127.0.0.1:4999/' }).baseURL).toBe(
      'http://127.0.0.1:4999',
    );
  });

  test('an unknown profile name is one clear line', () => {
    expect(messageOf(() => loadProfile({ TARGET: 'no-such-target' }))).toMatch(
      /^target profile "no-such-target": file .* does not exist$/,
    );
  });
  test('an unknown field is refused with the nearest valid name, at any depth', () => {
    const small = {
      baseURL: 'https://staging.example.test',
      users: { seller: { id: 1, token: 't1' }, buyer: { id: 2, token: 't2' } },
    };
    expect(messageOf(() => parseProfile({ ...small, requestPerSecond: 1 }, 'typo', {}))).toBe(
      'target profile "typo": /requestPerSecond: unknown field; did you mean requestsPerSecond?',
    );
    expect(messageOf(() => parseProfile({ ...small, rateLimit: { maxRetry: 2 } }, 'typo', {}))).toBe(
      'target profile "typo": /rateLimit/maxRetry: unknown field; did you mean maxRetries?',
    );
    expect(messageOf(() => parseProfile({ ...small, zzz: 1 }, 'typo', {}))).toMatch(
      /^target profile "typo": \/zzz: unknown field \(known: name, description, baseURL, /,
    );
    expect(parseProfile({ ...small, $schema: './profile.schema.json' }, 'editor', {}).baseURL).toBe(
      'https://staging.example.test',
    );
  });
});
