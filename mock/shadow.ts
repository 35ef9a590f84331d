/**
 * The shadow of a mutation run (issue 44): beside the mock with faults planted, a faithful twin gets
 * every request the run sends, and each answer the faults changed (status or body) is written as one
 * JSON line to MOCK_SHADOW_LOG. A fault that changed no answer was never reached by the run; one that
 * changed answers and failed nothing was missed. For read-only runs: the twin sees no upload.
 */
import { appendFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resetWorld } from './store/world.ts';

interface Asked {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const asked = new WeakMap<FastifyRequest, Asked>();

function bodyOf(request: FastifyRequest): string | Buffer | undefined {
  const { body } = request;
  if (body === undefined || body === null) return undefined;
  return Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
}

function textOf(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('base64');
  return undefined;
}

/** Snapshots every request before any fault changes it: install before the faults. */
export function recordAsked(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    asked.set(request, { method: request.method, url: request.url, headers: { ...request.headers } });
  });
}

/** Compares every final answer with the faithful twin's: install after the faults. */
export function compareWithTwin(app: FastifyInstance, twin: FastifyInstance, logFile: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const original = asked.get(request);
    const text = textOf(payload);
    if (!original || text === undefined) return payload;
    if (original.url.startsWith('/__mock')) {
      // A reset of the mock resets its twin too; the control surface is not an answer of the API.
      if (original.url.startsWith('/__mock/reset')) resetWorld(twin.world, { now: app.world.now });
      return payload;
    }
    const res = await twin.inject({
      method: original.method as 'GET',
      url: original.url,
      headers: original.headers,
      payload: bodyOf(request),
    });
    const twinText = Buffer.isBuffer(payload) ? res.rawPayload.toString('base64') : res.body;
    if (res.statusCode !== reply.statusCode || twinText !== text)
      appendFileSync(
        logFile,
        `${JSON.stringify({ method: original.method, url: original.url, status: reply.statusCode, faithful: res.statusCode })}\n`,
      );
    return payload;
  });
}
