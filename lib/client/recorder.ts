import { appendFileSync } from 'node:fs';

/**
 * Set to a file to have every process of a run (runner, workers, a script) append each exchange it
 * sends to that file, one JSON line `{"method","url"}`: how tests/self/one-client.spec.ts proves that
 * no request of the suite reaches a target without going through the client.
 */
export const RECORD_ENV = 'CONFORMANCE_RECORD_EXCHANGES';

/** One request as callTarget sent it (one line per attempt, a retry included). */
export interface SentRequest {
  method: string;
  /** The URL sent, the value of an access_token query parameter replaced: the file is never a secret. */
  url: string;
}

type ExchangeRecorder = (sent: SentRequest) => void;

let injected: ExchangeRecorder | undefined;

/** Installs a recorder in this process (undefined removes it); returns the one it replaces. */
export function recordExchanges(recorder: ExchangeRecorder | undefined): ExchangeRecorder | undefined {
  const before = injected;
  injected = recorder;
  return before;
}

const withoutToken = (url: string) => url.replace(/([?&]access_token=)[^&#]*/gi, '$1redacted');

/**
 * Called by callTarget for every attempt it hands the transport (a reset read's retry included): only
 * there, so a caller that used the transport or any other HTTP stack directly is missing from the record.
 */
export function noteExchange(method: string, url: string): void {
  const file = process.env[RECORD_ENV];
  if (!injected && !file) return;
  const sent = { method: method.toUpperCase(), url: withoutToken(url) };
  injected?.(sent);
  if (file) appendFileSync(file, `${JSON.stringify(sent)}\n`);
}
