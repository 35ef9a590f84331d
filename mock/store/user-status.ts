import { readSeed } from './data.ts';
import type { UsersStore } from './users.ts';

type Status = Record<string, unknown>;

interface UserStatusSeed {
  default: Status;
  overrides: Record<string, Status>;
}

export interface UserStatusStore {
  /** The status object of a known user, undefined for an unknown one. */
  get(userId: number): Status | undefined;
}

export function createUserStatusStore(
  users: UsersStore,
  seed = readSeed<UserStatusSeed>('user-status.json'),
): UserStatusStore {
  const byId = new Map<number, Status>();
  for (const user of users.all()) {
    byId.set(user.id, structuredClone({ ...seed.default, ...seed.overrides[String(user.id)] }));
  }
  return { get: (userId) => byId.get(userId) };
}
