/** The mock started in this process on a free port: the drift run's reference side, or a faulted target. */
import type { FastifyInstance } from 'fastify';
import { build } from '../../mock/app.ts';

export interface EmbeddedMock {
  baseURL: string;
  close(): Promise<void>;
}

/** `customize` changes the app before it listens (a test's own departure from the reference's silence). */
export async function startEmbeddedMock(
  faults: readonly string[] = [],
  customize?: (app: FastifyInstance) => void,
): Promise<EmbeddedMock> {
  const app: FastifyInstance = await build({ faults });
  customize?.(app);
  // Port 0: the system picks a port nobody listens on, so no leftover server can answer instead.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseURL: address, close: () => app.close() };
}
