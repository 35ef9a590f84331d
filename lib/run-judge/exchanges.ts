import { type RecordedExchange, tokenDigest } from '../client/run-record.ts';
import { decodeBodyLeniently } from '../exchange/decode.ts';
import type { Exchange } from '../exchange/exchange.ts';
import type { TargetProfile } from '../profile/types.ts';

/** One exchange of the run, read back from its record: numbered, with the part of the run that sent it. */
export interface RunExchange extends Exchange {
  /** 1-based, in the order the requests started. */
  index: number;
  /** `discovery`, or the test that asked (`contract › orders.spec.ts › …`). */
  part: string;
  /** The answer's body was not recorded (over the recorded maximum): judged by status and headers only. */
  bodyUnknown?: boolean;
  /** The request's body was not recorded (a multipart form): rules that read it cannot judge it. */
  requestBodyUnknown?: boolean;
  /** The path parameters of its operation, decoded and as sent (set when the judge matches it). */
  pathParams?: Record<string, string>;
  rawPathParams?: Record<string, string>;
}

/** The profile's users by the digest of their token: how the record's callers get their role back. */
export function callersOf(profile: Pick<TargetProfile, 'users'>): Map<string, string> {
  const callers = new Map<string, string>();
  for (const [role, user] of Object.entries(profile.users ?? {}))
    if (user?.token) callers.set(tokenDigest(user.token), role);
  return callers;
}

/** The recorded exchange as every rule reads it: decoded as received, its caller named by role. */
export function exchangeOfRecord(
  recorded: RecordedExchange,
  index: number,
  callers: ReadonlyMap<string, string>,
): RunExchange {
  const headers = recorded.responseHeaders;
  // The record keeps the bytes already decoded of their Content-Encoding.
  const { 'content-encoding': _coding, ...plain } = headers;
  const decoded =
    recorded.bytes === undefined
      ? { bytes: Buffer.alloc(0), text: '', body: undefined }
      : decodeBodyLeniently(Buffer.from(recorded.bytes, 'base64'), plain);
  const caller = recorded.tokenDigest ? (callers.get(recorded.tokenDigest) ?? 'unknown user') : undefined;
  return {
    index,
    part: recorded.part,
    ...(caller ? { caller } : {}),
    request: {
      method: recorded.method,
      url: new URL(recorded.url),
      headers: recorded.headers,
      ...(recorded.body === undefined ? {} : { body: Buffer.from(recorded.body) }),
    },
    response: {
      status: recorded.status,
      headers,
      bytes: decoded.bytes,
      text: decoded.text,
      body: decoded.body,
      ...(recorded.bytes === undefined ? { bodyUnknown: true } : {}),
    },
    startedMs: recorded.startedMs,
    endedMs: recorded.endedMs,
    ...(recorded.bytes === undefined ? { bodyUnknown: true } : {}),
    ...(recorded.bodyNotKept ? { requestBodyUnknown: true } : {}),
  };
}
