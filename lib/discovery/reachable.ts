import { connect as connectPlain, isIP } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { readOnce } from '../client/read-once.ts';
import { TargetMisbehaviour } from '../client/transport.ts';
import { shownBaseURL } from '../profile/load.ts';
import type { ProfileInput } from '../profile/types.ts';

/** The one documented read that tells whether the target answers at all, before discovery and any test. */
export const REACHABILITY_READ = '/classified_locations/countries';

/** The target never answered: the run stops with this one line, before any test (exit 2). */
export class TargetUnreachable extends Error {
  override name = 'TargetUnreachable';
}

const PROBE_MS = 3000;

/** Whether host:port completes a TLS handshake (an https server behind an http URL). */
function speaksTls(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const port = Number(url.port || 80);
    const servername = isIP(url.hostname) ? undefined : url.hostname;
    const socket = connectTls({ host: url.hostname, port, rejectUnauthorized: false, servername });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_MS, () => done(false));
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether host:port answers a plain HTTP request (an http server behind an https URL). */
function speaksPlainHttp(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectPlain({ host: url.hostname, port: Number(url.port || 443) });
    let head = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_MS, () => done(false));
    socket.once('connect', () =>
      socket.write(`HEAD / HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.length >= 5) done(head.startsWith('HTTP/'));
    });
    socket.once('error', () => done(false));
    socket.once('end', () => done(head.startsWith('HTTP/')));
  });
}

/** Why the target gave no answer, in the user's words: the wrong scheme first, else the transport's reason. */
async function whyNoAnswer(baseURL: string, error: TargetMisbehaviour): Promise<string> {
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'its host is not found';
  const url = new URL(baseURL);
  if (url.protocol === 'http:' && (await speaksTls(url)))
    return 'it answers TLS on an http URL (use https://)';
  if (url.protocol === 'https:' && (await speaksPlainHttp(url)))
    return 'it answers plain HTTP on an https URL (use http://)';
  return error.message;
}

/**
 * One anonymous GET of REACHABILITY_READ. Any HTTP answer, a refusal included (401, 429, 503), means the
 * target answers; no answer at all throws TargetUnreachable naming why.
 */
export async function ensureReachable(target: ProfileInput): Promise<void> {
  try {
    await readOnce({
      baseURL: target.baseURL,
      path: REACHABILITY_READ,
      perSecond: target.requestsPerSecond,
      timeoutMs: Math.min(target.timeoutMs ?? 15_000, 15_000),
    });
  } catch (error) {
    if (!(error instanceof TargetMisbehaviour)) return;
    const why = await whyNoAnswer(target.baseURL, error);
    throw new TargetUnreachable(
      `the target at ${shownBaseURL(target)} does not answer: ${why}; no test was run`,
    );
  }
}
