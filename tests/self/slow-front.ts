import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';

/** A front before `target` answering each request `delayMs` late: a run's discovery then lasts seconds. */
export async function startSlowFront(
  target: string,
  delayMs: number,
): Promise<{ url: string; close: () => void }> {
  const to = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    setTimeout(() => {
      // The caller left while the answer waited: nothing is forwarded.
      if (outgoing.destroyed) return;
      const forwarded = request(
        {
          host: to.hostname,
          port: to.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
          agent: false,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      // A caller gone mid-answer (a run cut by a signal) leaves no connection open to the target:
      // the target's close would wait on it.
      outgoing.on('close', () => forwarded.destroy());
      incoming.pipe(forwarded);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { url: `http://127.0.0.1:${port}`, close };
}

/** A read-only profile of the mock's seller and buyer only, as `npx conformance` writes: discovery finds the rest. */
export function usersOnlyProfile(baseURL: string): string {
  const mock = JSON.parse(
    readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8'),
  ) as TargetProfile;
  const profile = {
    name: 'users-only',
    baseURL,
    isMock: false,
    allowsWrites: false,
    users: { seller: mock.users.seller, buyer: mock.users.buyer },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'users-only-')), 'users-only.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}
