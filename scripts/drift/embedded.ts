/** The mock started in this process on a free port: the drift run's reference side, or a faulted target. */
import type { FastifyInstance } from 'fastify';
import { build } from '../../mock/app.ts';

export interface EmbeddedMock {
  baseURL: string;
  close(): Promise<void>;
}

export async function startEmbeddedMock(faults: readonly string[] = []): Promise<EmbeddedMock> {
  const app: FastifyInstance = await build({ faults });
  // Port 0: the system picks a port nobody listens on, so no leftover server can answer instead.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseURL: address, close: () => app.close() };
}
