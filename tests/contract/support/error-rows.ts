import type { ApiResponse, CallOptions } from '../../../lib/client/types.ts';
import type { Exchange } from '../../../lib/exchange/exchange.ts';
import { specRowOperations } from '../../../lib/rules/error-row-data.ts';
import { callExchange } from '../../../lib/rules/error-row-requests.ts';

/** An answer of the API client as the rules of error rows read it (lib/rules/error-rows.ts, no-token.ts). */
export function rowExchange(
  operationId: string,
  options: Omit<CallOptions, 'as'>,
  caller: string | undefined,
  res: ApiResponse,
): Exchange {
  const op = specRowOperations().get(operationId);
  if (!op) throw new Error(`operation ${operationId} is not in the spec`);
  const { status, headers, bytes, text, body } = res;
  return callExchange(
    op,
    { caller, path: options.path, query: options.query, headers: options.headers },
    {
      status,
      headers,
      bytes,
      text,
      body,
    },
  );
}
