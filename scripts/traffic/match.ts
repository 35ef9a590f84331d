import type { OperationInfo, Spec } from '../../lib/checks/spec.ts';
import type { NumberedExchange } from './exchange.ts';

export interface Matched {
  op: OperationInfo;
  /** `POST /messages/packs/{pack_id}/sellers/{user_id}`: how findings name the operation. */
  label: string;
  params: Record<string, string>;
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

/** Matches exchanges to the bundled spec's operations by method and path template, below the target's base path. */
export function operationMatcher(
  spec: Spec,
  basePath = '',
): (exchange: NumberedExchange) => Matched | undefined {
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
      const params = Object.fromEntries(
        template.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
      );
      return { op: template.op, label: `${exchange.request.method} ${template.op.path}`, params };
    }
    return undefined;
  };
}
