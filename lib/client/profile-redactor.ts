import { profilePlaceholders, profileSecrets } from '../profile/load.ts';
import type { ProfileInput } from '../profile/types.ts';
import { createRedactor } from '../redact/redact.ts';

/** The redactor of everything a run writes about this target: its users' tokens, and its base URL when secret. */
export function profileRedactor(
  profile: Pick<ProfileInput, 'users' | 'baseURL' | 'secretBaseURL'>,
): (text: string) => string {
  return createRedactor(profileSecrets(profile), profilePlaceholders(profile));
}
