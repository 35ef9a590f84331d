import { createServer } from 'node:net';
import { ensureDocumentedReadsAnswered, NotTheAPI } from '../lib/discovery/documented-reads.ts';
import { ensureReachable, TargetUnreachable } from '../lib/discovery/index.ts';
import { ensureTokensAccepted, TokenRefused } from '../lib/discovery/tokens-accepted.ts';
import { ensureBundle } from '../lib/process/spec-bundle.ts';
import { ProfileError } from '../lib/profile/load.ts';
import { environmentProblem, readRunEnv, runProfile } from '../lib/profile/run-env.ts';
import type { ProfileInput } from '../lib/profile/types.ts';

// A broken start stops the run before anything is touched: the environment, the profile, and the target:
// one documented read of a target already running, a few documented reads answered as the API answers
// (a base URL with the wrong path: every read 404), each user's own order search (a refused token),
// or the embedded mock's port free. One line naming
// the problem, exit 2; scripts/conformance.sh runs this first, so no verdict, memory or report is
// written or removed.

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The runner starts the embedded mock on its port; a server already there would be judged in its place. */
async function mockPortProblem(profile: ProfileInput): Promise<string | undefined> {
  const port = readRunEnv().mockPort ?? Number(new URL(profile.baseURL).port || 4010);
  if (await portIsFree(port)) return undefined;
  return (
    `port ${port} is taken, where the run would start its own mock: to judge the server there set ` +
    `BASE_URL=http://127.0.0.1:${port}; else stop it or set MOCK_PORT to a free port`
  );
}

async function problem(): Promise<string | undefined> {
  const environment = environmentProblem();
  if (environment) return environment;
  try {
    const profile = runProfile();
    const running = readRunEnv().baseURL !== undefined || !profile.isMock;
    if (!running) return await mockPortProblem(profile);
    await ensureReachable(profile);
    ensureBundle();
    await ensureDocumentedReadsAnswered(profile);
    await ensureTokensAccepted(profile);
    return undefined;
  } catch (error) {
    if (
      error instanceof ProfileError ||
      error instanceof TargetUnreachable ||
      error instanceof NotTheAPI ||
      error instanceof TokenRefused
    )
      return error.message;
    throw error;
  }
}

const found = await problem();
if (found) console.error(found);
// At once: the reachability read's kept-alive connection would hold the process until the target closes it.
process.exit(found ? 2 : 0);
