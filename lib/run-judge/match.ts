import type { OperationInfo, Spec } from '../checks/spec.ts';
import type { Exchange } from '../exchange/exchange.ts';

export interface Matched {
  op: OperationInfo;
  /** `POST /messages/packs/{pack_id}/sellers/{user_id}`: how findings name the operation. */
  label: string;
  params: Record<string, string>;
  /** The path parameters as sent, before percent-decoding. */
  rawParams: Record<string, string>;
}

interface Template {
  op: OperationInfo;
  pattern: RegExp;
  names: string[];
  /** Literal characters: the more, the more specific (`/orders/search` before `/orders/{order_id}`). */
  weight: number;
}

function templateOf(op: OperationInfo): Template {
  const names: string[] = [];
  const source = op.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return {
    op,
    pattern: new RegExp(`^${source}/?$`),
    names,
    weight: op.path.replace(/\{[^}]+\}/g, '').length,
  };
}

/** A path segment decoded; undefined for one that is not valid percent-encoding (no operation's path). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Matches exchanges to the bundled spec's operations by method and path template, below the target's base path. */
export function operationMatcher(spec: Spec, basePath = ''): (exchange: Exchange) => Matched | undefined {
  const templates = spec.operations.map(templateOf).sort((a, b) => b.weight - a.weight);
  const base = basePath.replace(/\/+$/, '');
  return (exchange) => {
    let path = exchange.request.url.pathname;
    if (base) {
      if (!path.startsWith(`${base}/`)) return undefined;
      path = path.slice(base.length);
    }
    const method = exchange.request.method.toLowerCase();
    for (const template of templates) {
      if (template.op.method !== method) continue;
      const found = template.pattern.exec(path);
      if (!found) continue;
      const values = template.names.map((_name, i) => decoded(found[i + 1] ?? ''));
      // A path that does not decode is no request of the operation: the router cannot read its parameters.
      if (values.some((value) => value === undefined)) return undefined;
      const params = Object.fromEntries(template.names.map((name, i) => [name, values[i] ?? '']));
      const rawParams = Object.fromEntries(template.names.map((name, i) => [name, found[i + 1] ?? '']));
      return { op: template.op, label: `${exchange.request.method} ${template.op.path}`, params, rawParams };
    }
    return undefined;
  };
}
