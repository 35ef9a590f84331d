import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import type { ProfileInput, TargetProfile } from '../../lib/profile/types.ts';

/** The shapes of profile our users run with, all as a foreign target (`isMock: false`). */
export const PROFILE_SHAPES = ['two', 'two-writes', 'users', 'full', 'full-writes'] as const;
export type ProfileShape = (typeof PROFILE_SHAPES)[number];

export const SHAPE_MEANING: Record<ProfileShape, string> = {
  two: 'seller and buyer only, read-only (the staging example)',
  'two-writes': 'seller and buyer with their writable packs, writes allowed',
  users: 'all six users, no ids, read-only',
  full: 'every user and id of the mock, read-only',
  'full-writes': 'every user and id of the mock, writes allowed',
};

function mockProfile(): TargetProfile {
  return JSON.parse(readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8')) as TargetProfile;
}

const user = (profile: TargetProfile, role: 'seller' | 'buyer') => ({
  id: profile.users[role].id,
  token: profile.users[role].token,
});

/** The mock's data as a profile of the given shape, for a target at baseURL. */
export function profileOfShape(shape: ProfileShape, baseURL: string): ProfileInput {
  const mock = mockProfile();
  const base = {
    name: `soak-${shape}`,
    baseURL,
    isMock: false,
    allowsWrites: shape.endsWith('-writes'),
    requestsPerSecond: 0,
    timeoutMs: mock.timeoutMs,
  };
  if (shape === 'full' || shape === 'full-writes') {
    // A profile that names the mediation pack vouches the send is refused there; the reference says the
    // rule "applies to one country only", and the alternate mock may draw another country than the seed's.
    const { mediationPack: _vouchedOnlyForTheMock, ...messaging } = mock.messaging;
    return { ...mock, ...base, messaging };
  }
  if (shape === 'users') return { ...base, users: mock.users };
  const users = { seller: user(mock, 'seller'), buyer: user(mock, 'buyer') };
  if (shape === 'two') return { ...base, users };
  return {
    ...base,
    users,
    fiscal: { writablePacks: mock.fiscal.writablePacks },
    messaging: {
      siteId: mock.messaging.siteId,
      applicationId: mock.messaging.applicationId,
      writablePacks: mock.messaging.writablePacks,
    },
  };
}

/** Writes the profile to a file of its own and returns the path (TARGET accepts a path). */
export function writeProfile(profile: ProfileInput): string {
  const file = join(mkdtempSync(join(tmpdir(), 'soak-profile-')), `${profile.name}.json`);
  writeFileSync(file, JSON.stringify(profile, null, 2));
  return file;
}
