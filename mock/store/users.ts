import { readSeed } from './data.ts';

export interface MockUser {
  id: number;
  nickname: string;
  first_name: string;
  last_name: string;
  site_id: string;
  token: string;
}

export interface UsersStore {
  byToken(token: string): MockUser | undefined;
  byId(id: number): MockUser | undefined;
  all(): readonly MockUser[];
  siteAvailable(siteId: string): boolean;
}

interface UsersSeed {
  availableSites: string[];
  users: MockUser[];
}

export function createUsersStore(data = readSeed<UsersSeed>('users.json')): UsersStore {
  const byToken = new Map(data.users.map((user) => [user.token, user]));
  const byId = new Map(data.users.map((user) => [user.id, user]));
  const sites = new Set(data.availableSites);
  return {
    byToken: (token) => byToken.get(token),
    byId: (id) => byId.get(id),
    all: () => data.users,
    siteAvailable: (siteId) => sites.has(siteId),
  };
}
