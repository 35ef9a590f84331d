/** A target profile as the drift run uses it: the ids it gives, and those discovery found on the target. */
import { discover, resolveProfile } from '../../lib/discovery/index.ts';
import type { ProfileInput } from '../../lib/profile/types.ts';
import type { RoleSource } from './roles.ts';

interface Discovered {
  profile: RoleSource;
  /** `target profile: 2 ids given, 36 discovered in 62 reads, 11 not found`. */
  summary: string;
}

/** Discovery (lib/discovery) through documented reads only, within the profile's budget; given values win. */
export async function withDiscovery(profile: ProfileInput): Promise<Discovered> {
  const result = await discover(profile);
  const { profile: resolved, needs } = resolveProfile(profile, result);
  const count = (state: string) => needs.filter((need) => need.state === state).length;
  return {
    profile: resolved,
    summary: `target profile: ${count('given')} ids given, ${count('discovered')} discovered in ${result.requestsUsed} reads, ${count('not found')} not found${count('read failed') ? `, ${count('read failed')} read failed` : ''}`,
  };
}
