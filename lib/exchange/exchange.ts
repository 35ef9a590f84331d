/**
 * The unit every tool judges: one request of one caller to one operation, and its answer. The API
 * client, drift's sides, the raw property calls, the mock harness and traffic's HAR and proxy readers
 * all produce it; every rule of lib/rules reads it.
 */
export interface Exchange {
  /** The operationId the request was routed to; undefined when no operation of the spec matches. */
  operation?: string;
  /** The profile's user the request was sent as (`seller`, `buyer`, ...); undefined without a token. */
  caller?: string;
  request: ExchangeRequest;
  response: ExchangeResponse;
  /** When the request started and its answer ended, in ms since the epoch (0 when not known). */
  startedMs: number;
  endedMs: number;
}

export interface ExchangeRequest {
  method: string;
  /** The URL sent, query included. */
  url: URL;
  /** Header names in lower case; repeated headers joined by ", ". */
  headers: Record<string, string>;
  body?: Buffer;
  /** The recorder stored a binary request body as text: its bytes, and so part sizes, are not the ones sent. */
  bodyLossy?: boolean;
}

export interface ExchangeResponse {
  status: number;
  /** Header names in lower case; repeated headers joined by ", ". */
  headers: Record<string, string>;
  /** The body as received, decoded of its Content-Encoding. */
  bytes: Buffer;
  /** The body as text, in the charset the answer declares (see decode.ts). */
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON or does not parse. */
  body: unknown;
  /** The recorder did not keep the body (a HAR writer, for some answers): only status and headers are judged. */
  bodyUnknown?: boolean;
}

/**
 * An answer that carries its exchange out of sight of printers: the request holds the caller's token,
 * so the property is left out of JSON, of an assertion's "received" and of any report that prints the answer.
 */
export function withExchange<T extends object>(answer: T, exchange: Exchange): T & { exchange: Exchange } {
  return Object.defineProperty(answer, 'exchange', { value: exchange, enumerable: false }) as T & {
    exchange: Exchange;
  };
}
